public import Foundation

/// A place of the division tree (province, prefecture or county) joined to its weather location
/// (`GET /api/v1/weather/places`, and the `place` of every forecast).
public struct WeatherPlace: Codable, Sendable, Equatable {
    /// The 6-digit adcode (GB/T 2260, NBS 2022/2023 vintage), the place's id everywhere in this API.
    public var id: String
    /// `province`, `city` (prefecture level) or `county`.
    public var level: String
    /// The division's own name (`朝阳区`).
    public var name: String
    /// Its province and prefecture, for telling same-named places apart (`北京市 · 北京市`); empty above county level.
    public var province: String
    public var city: String
    /// The adcode of the level above; nil for a province.
    public var parentId: String?
    /// QWeather / weather.com.cn location id (`101010300`); nil for the 4 pseudo-cities without one.
    public var weatherId: String?
    /// Decimal degrees (WGS-84, as QWeather publishes them); nil without a weather location.
    public var latitude: Double?
    public var longitude: Double?
    /// Children (cities of a province, counties of a city) in the tree.
    public var childCount: Int
    /// Metres from the coordinates asked for (`GET places?near=`), else nil.
    public var distance: Double?

    public init(id: String, level: String, name: String, province: String, city: String, parentId: String?, weatherId: String?,
                latitude: Double?, longitude: Double?, childCount: Int, distance: Double?) {
        self.id = id
        self.level = level
        self.name = name
        self.province = province
        self.city = city
        self.parentId = parentId
        self.weatherId = weatherId
        self.latitude = latitude
        self.longitude = longitude
        self.childCount = childCount
        self.distance = distance
    }
}

/// `GET /api/v1/weather/places`: children of `parent`, matches of `q`, or the nearest to `near`.
public struct WeatherPlaceList: Codable, Sendable, Equatable {
    public var items: [WeatherPlace]
    public init(items: [WeatherPlace]) { self.items = items }
}

/// A weather condition of the app's one condition set, whatever code the provider used (WMO, QWeather, CMA, OpenWeatherMap).
public struct WeatherConditionInfo: Codable, Sendable, Equatable {
    /// Stable code: `clear`, `partlyCloudy`, `cloudy`, `overcast`, `fog`, `haze`, `drizzle`, `lightRain`, … `unknown`.
    public var code: String
    public var nameZh: String
    public var nameEn: String
    /// The icon's name on this server (`sun`, `cloud`, `rain`, `snow`, `storm`, `fog`, `dust`).
    public var icon: String

    public init(code: String, nameZh: String, nameEn: String, icon: String) {
        self.code = code
        self.nameZh = nameZh
        self.nameEn = nameEn
        self.icon = icon
    }
}

/// Conditions now (metric units: °C, km/h, hPa, mm, % relative humidity).
public struct WeatherCurrent: Codable, Sendable, Equatable {
    /// When the provider observed or modelled them; nil when the reply gives a clock time only.
    public var observedAt: Date?
    public var temperature: Double?
    public var feelsLike: Double?
    public var condition: WeatherConditionInfo?
    public var humidity: Double?
    public var windSpeed: Double?
    /// Degrees the wind comes from, 0 = north.
    public var windDirection: Int?
    /// The provider's wind words when it gives words (`西南风 2级`).
    public var windText: String?
    public var pressure: Double?
    public var precipitation: Double?

    public init(observedAt: Date?, temperature: Double?, feelsLike: Double?, condition: WeatherConditionInfo?, humidity: Double?,
                windSpeed: Double?, windDirection: Int?, windText: String?, pressure: Double?, precipitation: Double?) {
        self.observedAt = observedAt
        self.temperature = temperature
        self.feelsLike = feelsLike
        self.condition = condition
        self.humidity = humidity
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.windText = windText
        self.pressure = pressure
        self.precipitation = precipitation
    }
}

/// One hour of the forecast (°C, %, mm, km/h).
public struct WeatherHour: Codable, Sendable, Equatable {
    public var time: Date
    public var temperature: Double?
    public var condition: WeatherConditionInfo?
    /// Chance of precipitation, 0–100 %.
    public var precipitationProbability: Double?
    public var precipitation: Double?
    public var windSpeed: Double?

    public init(time: Date, temperature: Double?, condition: WeatherConditionInfo?, precipitationProbability: Double?,
                precipitation: Double?, windSpeed: Double?) {
        self.time = time
        self.temperature = temperature
        self.condition = condition
        self.precipitationProbability = precipitationProbability
        self.precipitation = precipitation
        self.windSpeed = windSpeed
    }
}

/// One day of the forecast, over the place's own local day (°C, %, mm, km/h).
public struct WeatherDay: Codable, Sendable, Equatable {
    /// The place's local date, `YYYY-MM-DD`, as the provider dated it (never by position).
    public var date: String
    public var high: Double?
    public var low: Double?
    public var conditionDay: WeatherConditionInfo?
    public var conditionNight: WeatherConditionInfo?
    public var precipitationProbability: Double?
    public var precipitation: Double?
    public var windSpeedMax: Double?
    public var windText: String?
    public var uvIndex: Double?
    public var sunrise: Date?
    public var sunset: Date?

    public init(date: String, high: Double?, low: Double?, conditionDay: WeatherConditionInfo?, conditionNight: WeatherConditionInfo?,
                precipitationProbability: Double?, precipitation: Double?, windSpeedMax: Double?, windText: String?,
                uvIndex: Double?, sunrise: Date?, sunset: Date?) {
        self.date = date
        self.high = high
        self.low = low
        self.conditionDay = conditionDay
        self.conditionNight = conditionNight
        self.precipitationProbability = precipitationProbability
        self.precipitation = precipitation
        self.windSpeedMax = windSpeedMax
        self.windText = windText
        self.uvIndex = uvIndex
        self.sunrise = sunrise
        self.sunset = sunset
    }
}

/// One 温馨提示: a life index from the provider, or one of the app's own rules.
public struct WeatherTip: Codable, Sendable, Equatable {
    /// `dressing` 穿衣, `umbrella` 带伞, `sunscreen` 防晒, `cold` 感冒, `carWash` 洗车, `sport` 运动, or the provider's own kind.
    public var kind: String
    /// The index's name in the viewer's language (`穿衣`).
    public var name: String
    /// Its level in words (`较冷`, `不宜`).
    public var level: String
    public var text: String
    /// `provider` (given by the weather service) or `rule` (the app's documented rule).
    public var source: String

    public init(kind: String, name: String, level: String, text: String, source: String) {
        self.kind = kind
        self.name = name
        self.level = level
        self.text = text
        self.source = source
    }
}

/// An official weather warning in force.
public struct WeatherWarning: Codable, Sendable, Equatable {
    public var title: String
    public var sender: String?
    /// `Blue`, `Yellow`, `Orange`, `Red` (QWeather `severityColor`), or nil.
    public var color: String?
    public var text: String
    public var startTime: Date?
    public var endTime: Date?

    public init(title: String, sender: String?, color: String?, text: String, startTime: Date?, endTime: Date?) {
        self.title = title
        self.sender = sender
        self.color = color
        self.text = text
        self.startTime = startTime
        self.endTime = endTime
    }
}

/// `GET /api/v1/weather/forecast`: the place's weather from one provider, with its age.
public struct WeatherForecast: Codable, Sendable, Equatable {
    public var place: WeatherPlace
    /// The provider's id (`open-meteo`, `qweather`, …).
    public var provider: String
    /// When this server fetched it from the provider.
    public var fetchedAt: Date
    /// True when the provider failed just now and this is the last good answer (show "更新于 …").
    public var stale: Bool
    /// The place's IANA time zone (`Asia/Shanghai`); days and hours are local to it.
    public var timeZone: String
    public var current: WeatherCurrent?
    public var hourly: [WeatherHour]
    public var daily: [WeatherDay]
    public var tips: [WeatherTip]
    public var warnings: [WeatherWarning]

    public init(place: WeatherPlace, provider: String, fetchedAt: Date, stale: Bool, timeZone: String, current: WeatherCurrent?,
                hourly: [WeatherHour], daily: [WeatherDay], tips: [WeatherTip], warnings: [WeatherWarning]) {
        self.place = place
        self.provider = provider
        self.fetchedAt = fetchedAt
        self.stale = stale
        self.timeZone = timeZone
        self.current = current
        self.hourly = hourly
        self.daily = daily
        self.tips = tips
        self.warnings = warnings
    }
}

/// `GET /api/v1/weather/climate`: 历史同期 — observed days around one calendar date in past years.
public struct WeatherClimate: Codable, Sendable, Equatable {
    /// One month's means over the observed years, for the monthly climate chart.
    public struct Month: Codable, Sendable, Equatable {
        public var month: Int
        public var meanHigh: Double?
        public var meanLow: Double?
        /// Mean precipitation of the month, mm (nil when the station has no rain data).
        public var precipitation: Double?

        public init(month: Int, meanHigh: Double?, meanLow: Double?, precipitation: Double?) {
            self.month = month
            self.meanHigh = meanHigh
            self.meanLow = meanLow
            self.precipitation = precipitation
        }
    }

    public var place: WeatherPlace
    /// `MM-DD`.
    public var date: String
    /// The observed years, e.g. 2010 and 2015.
    public var firstYear: Int
    public var lastYear: Int
    /// Days that went into the figures (the date ±3 days in each year, with a temperature).
    public var days: Int
    public var meanHigh: Double?
    public var meanLow: Double?
    public var highest: Double?
    public var lowest: Double?
    /// Share of days with measurable precipitation (> 0 mm), 0–1; nil without rain data.
    public var rainDayShare: Double?
    /// The wettest and driest year of the window (total mm over its days).
    public var wettestYear: Int?
    public var wettestTotal: Double?
    public var driestYear: Int?
    public var driestTotal: Double?
    public var months: [Month]
    /// Where the numbers come from.
    public var source: String

    public init(place: WeatherPlace, date: String, firstYear: Int, lastYear: Int, days: Int, meanHigh: Double?, meanLow: Double?,
                highest: Double?, lowest: Double?, rainDayShare: Double?, wettestYear: Int?, wettestTotal: Double?, driestYear: Int?,
                driestTotal: Double?, months: [Month], source: String) {
        self.place = place
        self.date = date
        self.firstYear = firstYear
        self.lastYear = lastYear
        self.days = days
        self.meanHigh = meanHigh
        self.meanLow = meanLow
        self.highest = highest
        self.lowest = lowest
        self.rainDayShare = rainDayShare
        self.wettestYear = wettestYear
        self.wettestTotal = wettestTotal
        self.driestYear = driestYear
        self.driestTotal = driestTotal
        self.months = months
        self.source = source
    }
}

/// `GET /api/v1/weather/saved-places`: my saved places in my order (a place saved again, or newly, comes first).
public struct WeatherSavedPlaces: Codable, Sendable, Equatable {
    public var items: [WeatherPlace]
    public init(items: [WeatherPlace]) { self.items = items }
}

/// `POST /api/v1/weather/saved-places`: save a place (or move it to the top).
public struct WeatherSavedPlaceInput: Codable, Sendable, Equatable {
    /// The place's adcode.
    public var placeId: String
    public init(placeId: String) { self.placeId = placeId }
}

/// `PUT /api/v1/weather/saved-places`: my saved places in a new order (every saved place once, first to last).
public struct WeatherSavedPlaceOrder: Codable, Sendable, Equatable {
    /// The adcodes of all my saved places, in the order to show them.
    public var placeIds: [String]
    public init(placeIds: [String]) { self.placeIds = placeIds }
}

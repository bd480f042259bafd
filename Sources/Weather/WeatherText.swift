import WebUI

/// Words of the 天气 pages, Chinese first. Place names are data and appear as the data writes them.
enum WeatherText {
    static let title = LocalizedText(zh: "天气", en: "Weather")
    static let home = LocalizedText(zh: "首页", en: "Home")
    static let pick = LocalizedText(zh: "选城市", en: "Places")
    static let saved = LocalizedText(zh: "我的地点", en: "My places")
    static let locate = LocalizedText(zh: "我的位置", en: "My location")
    static let climate = LocalizedText(zh: "历史同期", en: "Climate")
    static let samples = LocalizedText(zh: "录制样例", en: "Samples")
    static let dialHint = LocalizedText(zh: "拖动转盘，点按前面的按钮进入", en: "Turn the dial; tap the front button to open")
    static let pickHint = LocalizedText(zh: "先选省份，再选城市或区县", en: "Pick a province, then a city or county")
    static let savedHint = LocalizedText(zh: "收藏的地点，按你的顺序", en: "Saved places, in your order")
    static let locateHint = LocalizedText(zh: "用浏览器定位找最近的区县", en: "Find the nearest county from your browser's location")
    static let climateHint = LocalizedText(zh: "北京、上海、广州、成都、沈阳 2010–2015 年观测", en: "Beijing, Shanghai, Guangzhou, Chengdu, Shenyang, 2010–2015")
    static let samplesHint = LocalizedText(zh: "各数据源的真实回复，离线时可看", en: "Real provider replies, for offline use")
    static let notImported = LocalizedText(zh: "还没有导入地区数据", en: "No places imported yet")
    static let notImportedMessage = LocalizedText(zh: "运行 appsuite import weather ../shared/data/weather 导入后再试。",
                                                  en: "Run `appsuite import weather ../shared/data/weather`, then reload.")
    static let provinces = LocalizedText(zh: "省份", en: "Provinces")
    static let search = LocalizedText(zh: "搜索地名、拼音或地区代码", en: "Search a name (Chinese or pinyin) or adcode")
    static let searchButton = LocalizedText(zh: "搜索", en: "Search")
    static let results = LocalizedText(zh: "搜索结果", en: "Results")
    static let noResults = LocalizedText(zh: "没有找到这个地方", en: "No such place")
    static let wholeArea = LocalizedText(zh: "全境天气", en: "Weather of the whole area")
    static let now = LocalizedText(zh: "现在", en: "Now")
    static let feelsLike = LocalizedText(zh: "体感", en: "Feels like")
    static let humidity = LocalizedText(zh: "湿度", en: "Humidity")
    static let wind = LocalizedText(zh: "风", en: "Wind")
    static let pressure = LocalizedText(zh: "气压", en: "Pressure")
    static let next24 = LocalizedText(zh: "24 小时", en: "Next 24 hours")
    static let nextDays = LocalizedText(zh: "未来几天", en: "Coming days")
    static let trend = LocalizedText(zh: "气温趋势", en: "Temperature trend")
    static let high = LocalizedText(zh: "最高", en: "High")
    static let low = LocalizedText(zh: "最低", en: "Low")
    static let tips = LocalizedText(zh: "温馨提示", en: "Tips")
    static let warnings = LocalizedText(zh: "预警", en: "Warnings")
    static let today = LocalizedText(zh: "今天", en: "Today")
    static let tomorrow = LocalizedText(zh: "明天", en: "Tomorrow")
    static let sunrise = LocalizedText(zh: "日出", en: "Sunrise")
    static let sunset = LocalizedText(zh: "日落", en: "Sunset")
    static let rainChance = LocalizedText(zh: "降水概率", en: "Chance of rain")
    static func updated(_ time: String) -> LocalizedText { LocalizedText(zh: "更新于 \(time)", en: "Updated \(time)") }
    /// `数据来源：和风天气`: the provider's name in the reader's language (``providerName(_:)``), never its id.
    static func source(_ provider: String) -> LocalizedText {
        let name = providerName(provider)
        return LocalizedText(zh: "数据来源：\(name.zh)", en: "Source: \(name.en)")
    }
    /// A provider's name by its id (``WeatherProvider/id``); an unknown id as given.
    static func providerName(_ id: String) -> LocalizedText {
        switch id {
        case "qweather", "qweather-v1": LocalizedText(zh: "和风天气", en: "QWeather")
        case "openweathermap": LocalizedText(zh: "OpenWeatherMap", en: "OpenWeatherMap")
        case "open-meteo": LocalizedText(zh: "Open-Meteo", en: "Open-Meteo")
        case "etouch": LocalizedText(zh: "中华万年历 etouch", en: "etouch (中华万年历)")
        case "webxml": LocalizedText(zh: "WebXml 天气服务", en: "WebXml weather service")
        case "weather.com.cn": LocalizedText(zh: "中国天气网", en: "weather.com.cn")
        default: LocalizedText(zh: id, en: id)
        }
    }
    /// `3 天` / `3 days` (the climate window either side of a date).
    static func days(_ count: Int) -> LocalizedText { LocalizedText(zh: "\(count) 天", en: "\(count) day\(count == 1 ? "" : "s")") }
    /// A place's places below it, in the place list: `13 个下级地区` / `13 places`.
    static func childPlaces(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "\(count) 个下级地区", en: "\(count) place\(count == 1 ? "" : "s")")
    }
    /// The title of the `503` problem when no live forecast can be had.
    static let unavailableTitle = LocalizedText(zh: "暂时无法获取实时天气", en: "Live weather unavailable")
    static func unavailableDetail(_ reason: String) -> LocalizedText {
        LocalizedText(zh: "暂时无法获取实时天气（\(reason)）。可查看 /weather/samples 的录制样例。",
                      en: "Live weather is unavailable (\(reason)). Recorded samples are at /weather/samples.")
    }
    /// After a provider's own text (a tip's advice) on an English page: it is shown untranslated.
    static let providerText = LocalizedText(zh: "", en: " (provider's text)")
    static let staleNote = LocalizedText(zh: "数据源暂时无法访问，显示的是上次获取的数据。", en: "The provider cannot be reached; this is the last data fetched.")
    static let unavailable = LocalizedText(zh: "暂时无法获取实时天气", en: "Live weather is unavailable")
    static let unavailableMessage = LocalizedText(zh: "这台服务器连不上天气数据源。下面是各数据源录制的真实回复，标明为样例。",
                                                  en: "This server cannot reach the weather provider. Below are real recorded replies, labelled as samples.")
    static let retry = LocalizedText(zh: "重试", en: "Retry")
    static let save = LocalizedText(zh: "收藏", en: "Save")
    static let savedDone = LocalizedText(zh: "已收藏", en: "Saved")
    static let remove = LocalizedText(zh: "移除", en: "Remove")
    static let removed = LocalizedText(zh: "已移除", en: "Removed")
    static let tooMany = LocalizedText(zh: "最多收藏 20 个地点", en: "At most 20 places can be saved")
    static let noSaved = LocalizedText(zh: "还没有收藏的地点", en: "No saved places yet")
    static let noSavedMessage = LocalizedText(zh: "在天气页点“收藏”即可。", en: "Tap Save on a forecast.")
    static let signInToSave = LocalizedText(zh: "登录后可收藏地点", en: "Sign in to save places")
    static let locateButton = LocalizedText(zh: "使用我的位置", en: "Use my location")
    static let locateManual = LocalizedText(zh: "或输入纬度、经度", en: "Or enter latitude and longitude")
    static let latitude = LocalizedText(zh: "纬度", en: "Latitude")
    static let longitude = LocalizedText(zh: "经度", en: "Longitude")
    static let find = LocalizedText(zh: "查找", en: "Find")
    static let outsideChina = LocalizedText(zh: "这个位置不在中国境内", en: "This point is not in China")
    static let badQuery = LocalizedText(zh: "无法使用这个地址的参数", en: "This address has a parameter that cannot be used")
    static let badCoordinates = LocalizedText(zh: "请输入有效的纬度（−90–90）和经度（−180–180）", en: "Enter a latitude (−90–90) and longitude (−180–180)")
    static let loading = LocalizedText(zh: "正在加载天气…", en: "Loading the weather…")
    static let slow = LocalizedText(zh: "加载时间过长。", en: "This is taking too long.")
    static let sample = LocalizedText(zh: "样例", en: "Sample")
    /// The recording line; an `inferred` date (not written in the reply) reads as an estimate with where it comes from.
    static func recorded(_ date: String?, inferred: Bool = false) -> LocalizedText {
        guard let date else { return LocalizedText(zh: "录制日期不详，不是实时数据", en: "Recording date unknown; not live data") }
        if inferred {
            return LocalizedText(zh: "约录制于 \(date)（由第一个预报时段推断），不是实时数据",
                                 en: "Recorded about \(date) (inferred from the first forecast slot); not live data")
        }
        return LocalizedText(zh: "录制于 \(date)，不是实时数据", en: "Recorded \(date); not live data")
    }
    static let separateRecordings = LocalizedText(zh: "这几份回复录制于不同的日子，分开显示，也不拿来互相推算。",
                                                  en: "These replies were recorded on different days: shown apart, never combined.")
    static func observed(_ time: String) -> LocalizedText { LocalizedText(zh: "观测于 \(time)", en: "Observed \(time)") }
    static let dateNotGiven = LocalizedText(zh: "回复未写日期", en: "the reply gives no date")
    static let climateFor = LocalizedText(zh: "历史同期", en: "This time of year")
    static let meanHigh = LocalizedText(zh: "平均最高", en: "Mean high")
    static let meanLow = LocalizedText(zh: "平均最低", en: "Mean low")
    static let extremes = LocalizedText(zh: "极值", en: "Extremes")
    static let rainDays = LocalizedText(zh: "降水日占比", en: "Days with rain")
    static let wettest = LocalizedText(zh: "最湿的一年", en: "Wettest year")
    static let driest = LocalizedText(zh: "最干的一年", en: "Driest year")
    static let monthly = LocalizedText(zh: "逐月气候", en: "Monthly climate")
    static let noClimate = LocalizedText(zh: "这里没有历史观测", en: "No observations here")
    static let noClimateMessage = LocalizedText(zh: "只有北京、上海、广州、成都、沈阳有 2010–2015 年的逐日观测。",
                                                en: "Daily observations exist for Beijing, Shanghai, Guangzhou, Chengdu and Shenyang (2010–2015) only.")
    static let unknownPlace = LocalizedText(zh: "没有这个地区", en: "No such place")
    /// A sample id that no recording has (tester 31c #12: `/weather/samples/nope` said 没有这个地区).
    static let unknownSample = LocalizedText(zh: "没有这个录制样例", en: "No such sample")
    static let month = LocalizedText(zh: "月", en: "")
    static let levelProvince = LocalizedText(zh: "省级", en: "province")
    static let levelCity = LocalizedText(zh: "地级", en: "prefecture")
    static let levelCounty = LocalizedText(zh: "县级", en: "county")
    static let shareCard = LocalizedText(zh: "分享卡片", en: "Share card")
    static let shareHint = LocalizedText(zh: "拍一张或选一张照片，配上今天的天气。照片只用来制作卡片，不会保存；JPEG、PNG、HEIC 等，最大 64 MB、1 亿像素。",
                                         en: "Take or choose a photo to go with today's weather. It is only used for the card and never kept; JPEG, PNG, HEIC …, up to 64 MB and 100 megapixels.")
    static let takePhoto = LocalizedText(zh: "拍照", en: "Take a photo")
    static let choosePhoto = LocalizedText(zh: "从相册选", en: "Choose a photo")
    static let makeCard = LocalizedText(zh: "制作卡片", en: "Make the card")
    static let making = LocalizedText(zh: "正在制作卡片…", en: "Making the card…")
    static let signInToShare = LocalizedText(zh: "登录后可制作分享卡片", en: "Sign in to make a share card")
    static let download = LocalizedText(zh: "保存图片", en: "Save the picture")
    static let share = LocalizedText(zh: "分享", en: "Share")
    static let weibo = LocalizedText(zh: "分享到微博", en: "Share on Weibo")
    static let cardFailed = LocalizedText(zh: "卡片没有做成", en: "The card was not made")
    static let reorderHint = LocalizedText(zh: "按住 ⠿ 拖动或用 ↑ ↓ 调整顺序；最近打开的显示在天气首页。",
                                           en: "Drag ⠿ or use ↑ ↓ to change the order; the last opened one is on the Weather home.")
    static let drag = LocalizedText(zh: "拖动排序", en: "Drag to reorder")
    static let moveUp = LocalizedText(zh: "上移", en: "Move up")
    static let moveDown = LocalizedText(zh: "下移", en: "Move down")
}

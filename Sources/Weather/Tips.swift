import AppSuiteAPI
import WebUI

/// 温馨提示: the provider's life indices where it gives them (QWeather, webxml, etouch), completed by the app's
/// own rules below for the kinds it does not cover. Each rule reads today's values of the normalised forecast
/// (°C, %, mm, km/h) and says which threshold it used; the thresholds are the app's own unless a source is named.
enum Tips {
    /// The provider's tips first, then a rule's tip for each kind the provider left out.
    /// `coming` are the days after today (the 洗车 rule reads the next two).
    static func all(_ forecast: ProviderForecast, today: WeatherDay?, coming: [WeatherDay] = [], language: Language) -> [WeatherTip] {
        let given = Set(forecast.tips.map(\.kind))
        var inputs = Inputs(forecast: forecast, today: today)
        inputs.wetSoon = coming.prefix(2).contains(where: Inputs.isWet)
        let rules = [dressing(inputs, language), umbrella(inputs, language), sunscreen(inputs, language), cold(inputs, language),
                     carWash(inputs, language), sport(inputs, language)].compactMap { $0 }
        return forecast.tips + rules.filter { !given.contains($0.kind) }
    }

    /// What the rules read: today's row, else the current conditions.
    struct Inputs {
        var high: Double?
        var low: Double?
        var current: Double?
        var precipitationProbability: Double?
        var precipitation: Double?
        var wet: Bool
        var windMax: Double?
        var uvIndex: Double?
        var humidity: Double?
        /// Rain or snow in the next two days (a wet condition, a chance ≥ 40 % or ≥ 0.1 mm): what 洗车 looks ahead to.
        var wetSoon = false

        /// A wet condition by day or night, a precipitation chance ≥ 40 %, or ≥ 0.1 mm (the CMA's rain-day threshold).
        static func isWet(_ day: WeatherDay) -> Bool {
            let codes = [day.conditionDay?.code, day.conditionNight?.code].compactMap { $0 }
            return codes.contains { WeatherCondition(rawValue: $0)?.isWet ?? false } || (day.precipitationProbability ?? 0) >= 40
                || (day.precipitation ?? 0) >= 0.1
        }

        init(forecast: ProviderForecast, today: WeatherDay?) {
            high = today?.high
            low = today?.low
            current = forecast.current?.temperature
            precipitationProbability = today?.precipitationProbability
            precipitation = today?.precipitation
            let codes = [today?.conditionDay?.code, today?.conditionNight?.code, forecast.current?.condition?.code].compactMap { $0 }
            wet = codes.contains { WeatherCondition(rawValue: $0)?.isWet ?? false }
            windMax = today?.windSpeedMax ?? forecast.current?.windSpeed
            uvIndex = today?.uvIndex
            humidity = forecast.current?.humidity
        }

        init(high: Double? = nil, low: Double? = nil, current: Double? = nil, precipitationProbability: Double? = nil,
             precipitation: Double? = nil, wet: Bool = false, windMax: Double? = nil, uvIndex: Double? = nil, humidity: Double? = nil) {
            self.high = high
            self.low = low
            self.current = current
            self.precipitationProbability = precipitationProbability
            self.precipitation = precipitation
            self.wet = wet
            self.windMax = windMax
            self.uvIndex = uvIndex
            self.humidity = humidity
        }

        /// The day's mean of high and low, else the current temperature.
        var mean: Double? {
            if let high, let low { return (high + low) / 2 }
            return current ?? high ?? low
        }
    }

    private static func tip(_ kind: String, _ name: LocalizedText, _ level: LocalizedText, _ text: LocalizedText, _ l: Language) -> WeatherTip {
        WeatherTip(kind: kind, name: name(l), level: level(l), text: text(l), source: "rule")
    }

    /// 穿衣 from the day's mean temperature: ≥ 28 °C 炎热, ≥ 23 热, ≥ 18 舒适, ≥ 10 较冷, ≥ 0 冷, below 寒冷. The level
    /// names are QWeather's 穿衣指数 levels (`codes/qweather_indices_types.csv`); the bands are ours.
    static func dressing(_ input: Inputs, _ l: Language) -> WeatherTip? {
        guard let mean = input.mean else { return nil }
        let name = LocalizedText(zh: "穿衣", en: "Clothing")
        let (level, text): (LocalizedText, LocalizedText) = switch mean {
        case 28...: (LocalizedText(zh: "炎热", en: "Hot"), LocalizedText(zh: "短袖短裤，注意防暑。", en: "Short sleeves; keep cool."))
        case 23..<28: (LocalizedText(zh: "热", en: "Warm"), LocalizedText(zh: "T恤、薄长裤即可。", en: "A T-shirt and light trousers."))
        case 18..<23: (LocalizedText(zh: "舒适", en: "Mild"), LocalizedText(zh: "长袖衬衫，早晚加薄外套。", en: "Long sleeves; a light jacket morning and evening."))
        case 10..<18: (LocalizedText(zh: "较冷", en: "Cool"), LocalizedText(zh: "夹克、毛衣。", en: "A jacket or a sweater."))
        case 0..<10: (LocalizedText(zh: "冷", en: "Cold"), LocalizedText(zh: "棉衣、羽绒服。", en: "A padded or down coat."))
        default: (LocalizedText(zh: "寒冷", en: "Freezing"), LocalizedText(zh: "厚羽绒服、帽子手套。", en: "A heavy down coat, hat and gloves."))
        }
        return tip("dressing", name, level, text, l)
    }

    /// 带伞: rain or snow in the day's conditions, a precipitation chance ≥ 40 %, or ≥ 0.1 mm forecast (the
    /// CMA's threshold of a rain day, 0.1 mm) → 带伞; a chance ≥ 70 % or ≥ 10 mm (CMA 中雨) → 必带. Without any
    /// of these values, no tip.
    static func umbrella(_ input: Inputs, _ l: Language) -> WeatherTip? {
        guard input.wet || input.precipitationProbability != nil || input.precipitation != nil else { return nil }
        let name = LocalizedText(zh: "带伞", en: "Umbrella")
        let chance = input.precipitationProbability ?? 0, amount = input.precipitation ?? 0
        if chance >= 70 || amount >= 10 {
            return tip("umbrella", name, LocalizedText(zh: "必带", en: "Take one"), LocalizedText(zh: "降水可能性大，出门务必带伞。", en: "Rain is likely: take an umbrella."), l)
        }
        if input.wet || chance >= 40 || amount >= 0.1 {
            return tip("umbrella", name, LocalizedText(zh: "带伞", en: "Advised"), LocalizedText(zh: "可能有降水，建议带伞。", en: "Some rain may fall: an umbrella helps."), l)
        }
        return tip("umbrella", name, LocalizedText(zh: "不必", en: "Not needed"), LocalizedText(zh: "降水可能性小。", en: "Rain is unlikely."), l)
    }

    /// 防晒 from the day's maximum UV index by the WHO categories (Global Solar UV Index: A Practical Guide, WHO 2002):
    /// 0–2 low, 3–5 moderate, 6–7 high, 8–10 very high, 11+ extreme.
    static func sunscreen(_ input: Inputs, _ l: Language) -> WeatherTip? {
        guard let uv = input.uvIndex else { return nil }
        let name = LocalizedText(zh: "防晒", en: "Sun")
        let (level, text): (LocalizedText, LocalizedText) = switch uv {
        case ..<3: (LocalizedText(zh: "弱", en: "Low"), LocalizedText(zh: "无需特别防护。", en: "No protection needed."))
        case 3..<6: (LocalizedText(zh: "中等", en: "Moderate"), LocalizedText(zh: "外出涂 SPF15+ 防晒霜。", en: "Use SPF 15+ outdoors."))
        case 6..<8: (LocalizedText(zh: "强", en: "High"), LocalizedText(zh: "涂 SPF30+，戴帽子和太阳镜。", en: "SPF 30+, a hat and sunglasses."))
        case 8..<11: (LocalizedText(zh: "很强", en: "Very high"), LocalizedText(zh: "避免正午外出，做好防护。", en: "Avoid the midday sun; cover up."))
        default: (LocalizedText(zh: "极强", en: "Extreme"), LocalizedText(zh: "尽量不在户外暴晒。", en: "Stay out of the sun."))
        }
        return tip("sunscreen", name, level, text, l)
    }

    /// 感冒: a day whose high and low are ≥ 10 °C apart, or a high below 5 °C, → 易发; 8 °C apart or humidity ≥ 90 %
    /// with a mean below 15 °C (damp cold) → 较易发; otherwise 少发 (the level names of QWeather's 感冒指数).
    static func cold(_ input: Inputs, _ l: Language) -> WeatherTip? {
        guard let high = input.high, let low = input.low else { return nil }
        let name = LocalizedText(zh: "感冒", en: "Colds")
        let range = high - low
        if range >= 10 || high < 5 {
            return tip("cold", name, LocalizedText(zh: "易发", en: "Likely"), LocalizedText(zh: "昼夜温差大，注意增减衣物。", en: "A wide day–night swing: dress in layers."), l)
        }
        if range >= 8 || ((input.humidity ?? 0) >= 90 && (high + low) / 2 < 15) {
            return tip("cold", name, LocalizedText(zh: "较易发", en: "Possible"), LocalizedText(zh: "注意保暖。", en: "Keep warm."), l)
        }
        return tip("cold", name, LocalizedText(zh: "少发", en: "Unlikely"), LocalizedText(zh: "天气舒适，不易感冒。", en: "Comfortable weather."), l)
    }

    /// 洗车: rain or snow today or in the next two days, or a precipitation chance ≥ 40 % → 不宜; a maximum wind ≥ 39 km/h (Beaufort 6, 强风,
    /// which raises dust) → 较不宜; otherwise 适宜.
    static func carWash(_ input: Inputs, _ l: Language) -> WeatherTip? {
        guard input.high != nil || input.current != nil else { return nil }
        let name = LocalizedText(zh: "洗车", en: "Car wash")
        if input.wet || (input.precipitationProbability ?? 0) >= 40 {
            return tip("carWash", name, LocalizedText(zh: "不宜", en: "Not advised"), LocalizedText(zh: "有降水，车会被弄脏。", en: "Rain will dirty the car."), l)
        }
        if input.wetSoon {
            return tip("carWash", name, LocalizedText(zh: "不宜", en: "Not advised"),
                       LocalizedText(zh: "未来两天有降水，洗了车会被弄脏。", en: "Rain or snow in the next two days would dirty the car."), l)
        }
        if (input.windMax ?? 0) >= 39 {
            return tip("carWash", name, LocalizedText(zh: "较不宜", en: "Poor"), LocalizedText(zh: "风大扬尘。", en: "Strong wind raises dust."), l)
        }
        return tip("carWash", name, LocalizedText(zh: "适宜", en: "Good"), LocalizedText(zh: "无雨，适合洗车。", en: "Dry: a good day to wash the car."), l)
    }

    /// 运动: rain or snow, a high ≥ 35 °C (the CMA's 高温 threshold), a low ≤ −10 °C, a wind ≥ 39 km/h, or a humid
    /// heat (≥ 30 °C with humidity ≥ 80 %) → 较不宜; otherwise 适宜.
    static func sport(_ input: Inputs, _ l: Language) -> WeatherTip? {
        guard let reference = input.high ?? input.current else { return nil }
        let name = LocalizedText(zh: "运动", en: "Exercise")
        let humidHeat = reference >= 30 && (input.humidity ?? 0) >= 80
        if input.wet || reference >= 35 || (input.low ?? reference) <= -10 || (input.windMax ?? 0) >= 39 || humidHeat {
            return tip("sport", name, LocalizedText(zh: "较不宜", en: "Indoors"), LocalizedText(zh: "天气不佳，建议室内运动。", en: "Better to exercise indoors."), l)
        }
        return tip("sport", name, LocalizedText(zh: "适宜", en: "Good"), LocalizedText(zh: "适合户外运动。", en: "Good for outdoor exercise."), l)
    }

    /// The kind of a Chinese index name (`穿衣` → `dressing`); unknown names keep `provider-<name>`.
    static func kind(chineseName name: String) -> String {
        switch name {
        case "穿衣": "dressing"
        case "紫外线": "uv"
        case "防晒": "sunscreen"
        case "感冒": "cold"
        case "洗车": "carWash"
        case "运动": "sport"
        case "空气污染": "air"
        default: "provider-\(name)"
        }
    }
}

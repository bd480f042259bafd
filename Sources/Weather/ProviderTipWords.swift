import WebUI

/// English for the Chinese words of providers' own tips (webxml's `洗车指数：不宜`, etouch's and QWeather's index
/// names and levels), so an English page does not show `洗车 · 不宜`. A word not listed stays as the provider wrote it
/// and the page marks it as the provider's text (``WeatherText/providerText``).
enum ProviderTipWords {
    /// Index names (the part before `指数`), as the providers' documentation names them (QWeather's index types,
    /// `codes/qweather_indices_types.csv`; webxml's and etouch's replies use the same words).
    static let names: [String: String] = [
        "穿衣": "Clothing", "紫外线": "UV", "防晒": "Sun protection", "感冒": "Colds", "洗车": "Car wash", "运动": "Exercise",
        "空气污染": "Air pollution", "空气污染扩散条件": "Air pollution dispersion", "晨练": "Morning exercise", "旅游": "Travel",
        "晾晒": "Drying clothes", "舒适度": "Comfort", "过敏": "Allergy", "交通": "Traffic", "钓鱼": "Fishing", "划船": "Boating",
        "中暑": "Heatstroke", "雨伞": "Umbrella", "带伞": "Umbrella", "血糖": "Blood sugar", "化妆": "Make-up", "太阳镜": "Sunglasses",
        "逛街": "Shopping", "约会": "Dating", "啤酒": "Beer", "风寒": "Wind chill", "路况": "Road conditions", "放风筝": "Kite flying",
        "空调开启": "Air conditioning", "息斯敏过敏": "Allergy",
    ]

    /// Common levels in the same replies.
    static let levels: [String: String] = [
        "适宜": "Good", "较适宜": "Fairly good", "较不宜": "Poor", "不宜": "Not advised", "不适宜": "Not advised", "非常适宜": "Very good",
        "舒适": "Comfortable", "较舒适": "Fairly comfortable", "较不舒适": "Fairly uncomfortable", "不舒适": "Uncomfortable",
        "很不舒适": "Very uncomfortable", "炎热": "Hot", "热": "Warm", "较热": "Rather warm", "较冷": "Cool", "冷": "Cold", "寒冷": "Very cold",
        "最弱": "Very low", "弱": "Low", "中等": "Moderate", "强": "High", "很强": "Very high",
        "少发": "Unlikely", "较易发": "Possible", "易发": "Likely", "极易发": "Very likely",
        "优": "Excellent", "良": "Good", "中": "Moderate", "较差": "Poor", "差": "Poor", "很差": "Very poor",
        "易波动": "Fluctuating", "较易波动": "Somewhat fluctuating", "不易波动": "Stable",
        "带伞": "Advised", "不带伞": "Not needed", "必带": "Take one", "不必": "Not needed",
    ]

    /// The tip's title in `language`: Chinese as given, a level that repeats the name once (`带伞`, not `带伞 · 带伞`:
    /// tester 31c #12); English from the tables, an unknown word kept as written. `translated` is false when any word
    /// was kept (the page then marks the title as the provider's text).
    static func title(name: String, level: String, _ language: Language) -> (text: String, translated: Bool) {
        guard language == .en else { return (level.isEmpty || level == name ? name : "\(name) · \(level)", true) }
        let englishName = names[name]
        let englishLevel = level.isEmpty ? "" : levels[level]
        let text = [englishName ?? name, level.isEmpty ? nil : (englishLevel ?? level)].compactMap { $0 }.joined(separator: " · ")
        return (text, englishName != nil && englishLevel != nil)
    }
}

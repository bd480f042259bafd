import AppSuiteAPI
import Testing
import WebUI
@testable import Weather

/// One test per 温馨提示 rule, at and around its thresholds.
@Suite struct TipsTests {
    typealias Inputs = Tips.Inputs

    @Test func dressingByMeanTemperature() {
        let levels = [(35.0, 25.0), (30, 20), (25, 15), (20, 10), (10, 2), (2, -8)].map { Tips.dressing(Inputs(high: $0.0, low: $0.1), .zh)?.level }
        // Means 30, 25, 20, 15, 6, −3.
        #expect(levels == ["炎热", "热", "舒适", "较冷", "冷", "寒冷"])
        #expect(Tips.dressing(Inputs(high: 33, low: 23), .zh)?.level == "炎热")  // mean 28: the band's lower edge
        #expect(Tips.dressing(Inputs(current: 12), .en)?.level == "Cool")
        #expect(Tips.dressing(Inputs(), .zh) == nil)
    }

    @Test func umbrella() {
        #expect(Tips.umbrella(Inputs(precipitationProbability: 70), .zh)?.level == "必带")
        #expect(Tips.umbrella(Inputs(precipitation: 10), .zh)?.level == "必带")
        #expect(Tips.umbrella(Inputs(precipitationProbability: 40), .zh)?.level == "带伞")
        #expect(Tips.umbrella(Inputs(precipitation: 0.1), .zh)?.level == "带伞")
        #expect(Tips.umbrella(Inputs(wet: true), .zh)?.level == "带伞")
        #expect(Tips.umbrella(Inputs(precipitationProbability: 39, precipitation: 0), .zh)?.level == "不必")
        #expect(Tips.umbrella(Inputs(high: 20), .zh) == nil)
    }

    @Test func sunscreenByWHOCategory() {
        #expect([2.9, 3, 5.9, 6, 8, 11].map { Tips.sunscreen(Inputs(uvIndex: $0), .zh)?.level } == ["弱", "中等", "中等", "强", "很强", "极强"])
        #expect(Tips.sunscreen(Inputs(high: 30), .zh) == nil)
    }

    @Test func cold() {
        #expect(Tips.cold(Inputs(high: 20, low: 10), .zh)?.level == "易发")
        #expect(Tips.cold(Inputs(high: 4, low: 2), .zh)?.level == "易发")
        #expect(Tips.cold(Inputs(high: 20, low: 12), .zh)?.level == "较易发")
        #expect(Tips.cold(Inputs(high: 14, low: 10, humidity: 90), .zh)?.level == "较易发")
        #expect(Tips.cold(Inputs(high: 24, low: 20, humidity: 90), .zh)?.level == "少发")
        #expect(Tips.cold(Inputs(current: 20), .zh) == nil)
    }

    @Test func carWash() {
        #expect(Tips.carWash(Inputs(high: 20, wet: true), .zh)?.level == "不宜")
        #expect(Tips.carWash(Inputs(high: 20, precipitationProbability: 40), .zh)?.level == "不宜")
        #expect(Tips.carWash(Inputs(high: 20, windMax: 39), .zh)?.level == "较不宜")
        #expect(Tips.carWash(Inputs(high: 20, windMax: 38), .zh)?.level == "适宜")
    }

    @Test func sport() {
        #expect(Tips.sport(Inputs(high: 35), .zh)?.level == "较不宜")
        #expect(Tips.sport(Inputs(high: 34, low: 25), .zh)?.level == "适宜")
        #expect(Tips.sport(Inputs(high: 0, low: -10), .zh)?.level == "较不宜")
        #expect(Tips.sport(Inputs(high: 31, humidity: 80), .zh)?.level == "较不宜")
        #expect(Tips.sport(Inputs(high: 20, windMax: 39), .en)?.level == "Indoors")
    }

    /// A provider's own index wins over the rule of the same kind.
    @Test func providerTipsComeFirstAndReplaceTheRule() {
        var forecast = ProviderForecast(timeZone: china)
        forecast.tips = [WeatherTip(kind: "carWash", name: "洗车", level: "较不宜", text: "风力较大", source: "provider")]
        let day = WeatherDay(date: "2024-07-01", high: 30, low: 20, conditionDay: nil, conditionNight: nil, precipitationProbability: 0,
                             precipitation: 0, windSpeedMax: 10, windText: nil, uvIndex: 5, sunrise: nil, sunset: nil)
        let tips = Tips.all(forecast, today: day, language: .zh)
        #expect(tips.map(\.kind) == ["carWash", "dressing", "umbrella", "sunscreen", "cold", "sport"])
        #expect(tips.first?.source == "provider")
        #expect(tips.dropFirst().allSatisfy { $0.source == "rule" })
    }
}

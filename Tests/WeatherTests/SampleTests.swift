import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Testing
import WebUI
@testable import Weather

/// The recorded samples show what the recordings say and nothing more (issue 30): no date for a reply that gives a
/// clock time or a day of month only, the observation time the reply gives, replies recorded on different days shown
/// apart, and the CMA's own phenomenon names.
@Suite(.requires(.weather)) struct SampleTests {
    static func server() throws -> TestServer { try TestServer(apps: [WeatherApp()], transport: .inProcess, importing: [.weather]) }

    static func page(_ server: TestServer, _ id: String, _ language: Language) throws -> String {
        let reply = try server.get("/weather/samples/\(id)", headers: language == .en ? ["Cookie": "lang=en"] : [:])
        #expect(reply.status == 200, "\(id): \(reply.text.prefix(300))")
        return reply.text
    }

    @Test func samplesShowNoDateTheRecordingDoesNotGive() throws {
        let server = try Self.server()
        // beijing-sk: "time":"10:35" and nothing else (was "更新于 1月1日 12:00").
        let sk = try Self.page(server, "beijing-sk", .zh)
        #expect(sk.contains("观测于 10:35（回复未写日期）"))
        #expect(!sk.contains("1月1日") && !sk.contains("更新于") && !sk.contains("2014"))
        let skEnglish = try Self.page(server, "beijing-sk", .en)
        #expect(skEnglish.contains("Observed 10:35") && !skEnglish.contains("1 Jan") && !skEnglish.contains("Updated"))
        #expect(skEnglish.contains("Observed 10:35 (the reply gives no date)") && !skEnglish.contains("（"), "tester 31c #12: no full-width brackets in English")
        // fengzhen-etouch: "4日星期六" — a day of month and weekday, no month (was "7/4" and "更新于 7月4日 08:00").
        let fengzhen = try Self.page(server, "fengzhen-etouch", .zh)
        #expect(!fengzhen.contains("7/4") && !fengzhen.contains("7月4日") && !fengzhen.contains("更新于") && !fengzhen.contains("今天"))
        #expect(fengzhen.contains(">4日<") && fengzhen.contains(">周六<") && fengzhen.contains("录制日期不详"))
        let fengzhenEnglish = try Self.page(server, "fengzhen-etouch", .en)
        #expect(!fengzhenEnglish.contains("Jul") && !fengzhenEnglish.contains("Today") && fengzhenEnglish.contains(">Day 4<"))
    }

    @Test func enschedeShowsTheReplysOwnTime() throws {
        let server = try Self.server()
        // current_weather.time 2026-10-03T11:15 (was shown as 00:30).
        let zh = try Self.page(server, "enschede-open-meteo", .zh)
        #expect(zh.contains("观测于 2026年10月3日 11:15") && !zh.contains("00:30"))
        #expect(try Self.page(server, "enschede-open-meteo", .en).contains("Observed 3 Oct 2026 11:15"))
    }

    /// The 2020-06-30 "now" (24°) and the 2021-11-15 forecast (12° / −1°) are separate recordings with their own
    /// dates; the now's advice reads the now only (no down coat beside 24°).
    @Test func qweatherRecordingsOfDifferentDaysStayApart() throws {
        let server = try Self.server()
        let html = try Self.page(server, "beijing-qweather", .zh)
        let sections: [String] = Array(html.components(separatedBy: "class=\"wx-recording\"").dropFirst())
        #expect(sections.count == 4)
        guard sections.count == 4 else { return }
        #expect(sections[0].contains("实况 · 样例 · 录制于 2020-06-30 22:00") && sections[0].contains("观测于 2020年6月30日 21:40"))
        #expect(sections[0].contains(">24°<") && !sections[0].contains("12°") && !sections[0].contains("羽绒服"))
        #expect(sections[1].contains("3 天预报 · 样例 · 录制于 2021-11-15 16:35") && sections[1].contains("-1° / 12°"))
        #expect(!sections[1].contains("24°") && !sections[1].contains("观测于"))
        #expect(sections[2].contains("录制于 2021-02-16 13:35") && sections[3].contains("生活指数（朝阳区）"))
        #expect(html.contains("这几份回复录制于不同的日子"))
    }

    /// webxml 21.gif is 小到中雨 (codes/cma_weather_phenomena.csv), shown as such (was 中雨).
    @Test func hangzhouShowsTheCMAPhenomenon() throws {
        let server = try Self.server()
        #expect(try Self.page(server, "hangzhou-webxml", .zh).contains("小到中雨"))
        #expect(try Self.page(server, "hangzhou-webxml", .en).contains("Light to moderate rain"))
    }

    /// 洗车 is never 适宜 with rain or snow in the next two days, over every recording that has days (issue 30), and on
    /// a recording read on a dry day before its rain.
    @Test func carWashLooksTwoDaysAhead() throws {
        for sample in Samples.all {
            for recording in sample.recordings {
                let responses = try recording.files.map { ProviderResponse(status: 200, contentType: nil, body: try Fixture.bytes(String($0.dropFirst("fixtures/".count)))) }
                let parsed = try sample.provider.parse(responses, place: sample.place, now: recording.reference)
                let view = ForecastService.view(parsed, providerID: sample.provider.id, fetchedAt: recording.reference, stale: false,
                                                place: sample.place.wire(childCount: 0), language: .zh, now: recording.reference)
                guard view.daily.count > 1, let carWash = view.tips.first(where: { $0.kind == "carWash" && $0.source == "rule" }) else { continue }
                if view.daily.dropFirst().prefix(2).contains(where: Tips.Inputs.isWet) {
                    #expect(carWash.level == "不宜", "\(sample.id): \(carWash.text)")
                }
            }
        }
        // The etouch recording (丰镇: 4日–7日 晴/多云, 8日 小雨), read on its 6th: dry today, rain the day after tomorrow.
        let fengzhen = try #require(Samples.sample("fengzhen-etouch")?.recordings.first)
        let reply = [ProviderResponse(status: 200, contentType: nil, body: try Fixture.bytes("etouch/weather_mini_fengzhen.json"))]
        let place = try #require(Samples.sample("fengzhen-etouch")).place
        let parsed = try ETouchProvider(baseURL: "").parse(reply, place: place, now: fengzhen.reference)
        func carWash(daysAfter days: Double) -> WeatherTip? {
            let now = fengzhen.reference.addingTimeInterval(days * 86_400)
            return ForecastService.view(parsed, providerID: "etouch", fetchedAt: now, stale: false, place: place.wire(childCount: 0), language: .zh, now: now)
                .tips.first { $0.kind == "carWash" }
        }
        #expect(carWash(daysAfter: 0)?.level == "适宜")
        #expect(carWash(daysAfter: 2)?.level == "不宜" && carWash(daysAfter: 2)?.text == "未来两天有降水，洗了车会被弄脏。")

        let today = WeatherDay(date: "2024-07-01", high: 30, low: 20, conditionDay: WeatherCondition.clear.info, conditionNight: nil,
                               precipitationProbability: 0, precipitation: 0, windSpeedMax: 10, windText: nil, uvIndex: 5, sunrise: nil, sunset: nil)
        var tomorrow = today
        tomorrow.date = "2024-07-02"
        tomorrow.conditionDay = WeatherCondition.lightRain.info
        let tips = Tips.all(ProviderForecast(timeZone: WeatherApp.chinaTime), today: today, coming: [tomorrow], language: .zh)
        #expect(tips.first { $0.kind == "carWash" }?.level == "不宜")
        #expect(Tips.all(ProviderForecast(timeZone: WeatherApp.chinaTime), today: today, coming: [], language: .zh).first { $0.kind == "carWash" }?.level == "适宜")
    }
}

/// Tester 31c #12: a tip whose level repeats its name (hangzhou-webxml's 带伞) reads once in Chinese.
@Suite struct TipTitleTests {
    @Test func aLevelThatRepeatsTheNameIsSaidOnce() {
        #expect(ProviderTipWords.title(name: "带伞", level: "带伞", .zh).text == "带伞")
        #expect(ProviderTipWords.title(name: "洗车", level: "不宜", .zh).text == "洗车 · 不宜")
        #expect(ProviderTipWords.title(name: "带伞", level: "带伞", .en).text == "Umbrella · Advised")
    }

    @Test(.requires(.weather)) func theWebXmlSampleSaysItOnce() throws {
        let page = try SampleTests.server().get("/weather/samples/hangzhou-webxml").text
        #expect(page.contains(">带伞<") && !page.contains("带伞 · 带伞"), "\(page.prefix(3_000))")
    }
}

/// Tester 31c #12: an unknown sample id is a 404 about samples, with the way to the list, not 没有这个地区.
@Suite struct UnknownSampleTests {
    @Test func anUnknownSampleSaysSo() throws {
        let server = try TestServer(apps: [WeatherApp()], transport: .inProcess)
        let zh = try server.get("/weather/samples/nope")
        #expect(zh.status == 404)
        #expect(zh.text.contains("没有这个录制样例") && !zh.text.contains("没有这个地区") && zh.text.contains("href=\"/weather/samples\""), "\(zh.text.prefix(3_000))")
        let en = try server.get("/weather/samples/nope?lang=en")
        #expect(en.status == 404 && en.text.contains("No such sample") && !en.text.contains("No such place"))
    }
}

/// The forecast's schema states every measured quantity's unit (issue 30: it stated none).
@Suite(.requires(.weather)) struct ForecastSchemaUnitTests {
    @Test func everyQuantityHasItsUnit() throws {
        let server = try TestServer(apps: [WeatherApp()], transport: .inProcess)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(try server.get("/api/openapi.json").body)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        func description(_ component: String, _ property: String) -> String {
            let properties = (schemas[component] as? [String: Any])?["properties"] as? [String: Any]
            let schema = properties?[property] as? [String: Any]
            // A nullable property wraps its schema (anyOf / oneOf) or carries it directly.
            let inner = ((schema?["anyOf"] ?? schema?["oneOf"]) as? [[String: Any]])?.first { $0["description"] != nil } ?? schema
            return inner?["description"] as? String ?? ""
        }
        for (component, property, unit) in [("WeatherCurrent", "temperature", "°C"), ("WeatherCurrent", "windSpeed", "km/h"), ("WeatherCurrent", "pressure", "hPa"),
                                            ("WeatherCurrent", "humidity", "%"), ("WeatherHour", "precipitation", "mm"), ("WeatherDay", "high", "°C"),
                                            ("WeatherDay", "low", "°C"), ("WeatherDay", "precipitationProbability", "%"), ("WeatherDay", "windSpeedMax", "km/h"),
                                            ("WeatherClimate", "meanHigh", "°C"), ("WeatherClimate.Month", "precipitation", "mm")] {
            #expect(description(component, property).contains(unit), "\(component).\(property): \(description(component, property))")
        }
    }
}

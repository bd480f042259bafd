import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import HTTPServer
import Testing
import WebUI
@testable import Weather

/// Issue 30, tester pass 11 items 7, 8, 12 and 13: the sample pages name providers (和风天气, not `qweather`), say
/// when a recording date is inferred, and translate a provider's tip words on English pages; the offline forecast's
/// problem is in the reader's language only.
@Suite(.requires(.weather)) struct ProviderWordsTests {
    @Test func samplesNameTheirProvidersInTheReadersLanguage() throws {
        let server = try SampleTests.server()
        for (id, zh, en, raw) in [("beijing-qweather", "数据来源：和风天气", "Source: QWeather", "qweather"),
                                  ("shanghai-owm", "数据来源：OpenWeatherMap", "Source: OpenWeatherMap", "openweathermap"),
                                  ("enschede-open-meteo", "数据来源：Open-Meteo", "Source: Open-Meteo", "open-meteo<"),
                                  ("fengzhen-etouch", "数据来源：中华万年历 etouch", "Source: etouch (中华万年历)", "：etouch"),
                                  ("hangzhou-webxml", "数据来源：WebXml 天气服务", "Source: WebXml weather service", "webxml<")] {
            let chinese = try SampleTests.page(server, id, .zh)
            #expect(chinese.contains(zh) && !chinese.contains("数据来源：" + raw.trimmingCharacters(in: CharacterSet(charactersIn: "<："))), "\(id)")
            let english = try SampleTests.page(server, id, .en)
            // (etouch's English name starts with its id: "etouch (中华万年历)".)
            #expect(english.contains(en) && (id == "fengzhen-etouch" || !english.contains("Source: " + raw.trimmingCharacters(in: CharacterSet(charactersIn: "<：")))),
                    "\(id)")
        }
    }

    @Test func anInferredRecordingDateIsLabelledAsInferred() throws {
        let server = try SampleTests.server()
        // shanghai-owm: no recording time in the reply; its first slot is 2021-03-10 18:00 UTC = 2021-03-11 02:00 Beijing,
        // the forecast's 今天 3/11, so the inferred date is 2021-03-11 (tester 30 #11: the UTC date 2021-03-10 was shown).
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(try Fixture.bytes("openweathermap/forecast_5d3h_shanghai.json"))) as? [String: Any])
        let firstSlot = try #require(((reply["list"] as? [[String: Any]])?.first?["dt"] as? NSNumber)?.doubleValue)
        let sample = try #require(Samples.sample("shanghai-owm"))
        let local = ProviderTime.LocalDate(Date(timeIntervalSince1970: firstSlot), in: sample.zone).text
        #expect(local == "2021-03-11" && sample.recorded == local)
        let zh = try SampleTests.page(server, "shanghai-owm", .zh)
        #expect(zh.contains("约录制于 2021-03-11（由第一个预报时段推断）") && !zh.contains("2021-03-10") && !zh.contains(">录制于 2021-03-11"))
        let en = try SampleTests.page(server, "shanghai-owm", .en)
        #expect(en.contains("Recorded about 2021-03-11 (inferred from the first forecast slot)") && !en.contains("2021-03-10"))
        // The list says so too; recordings whose replies carry their date do not.
        let list = try server.get("/weather/samples").text
        #expect(list.contains("约录制于 2021-03-11") && list.contains("录制于 2020-06-30") && !list.contains("约录制于 2020-06-30"))
        #expect(Samples.all.filter(\.inferred).map(\.id) == ["shanghai-owm"])
    }

    /// Tester 30 #12: sample titles named providers by slug (杭州（webxml）), the place list showed a bare "13", the climate
    /// header a bare "±3", and English undated days read "day 4".
    @Test func labelsSayWhatTheirNumbersAndProvidersAre() throws {
        let server = try SampleTests.server()
        let list = try server.get("/weather/samples").text
        #expect(list.contains("杭州（WebXml 天气服务）") && list.contains("通河（WebXml 天气服务）") && !list.contains("（webxml）"))
        #expect(try server.get("/weather/samples", headers: ["Accept-Language": "en", "Cookie": "lang=en"]).text.contains("Hangzhou (WebXml weather service)"))
        let places = try server.get("/weather/places?q=hangzhou").text
        #expect(places.contains("杭州市") && places.contains(#"<span class="cell-detail">13 个下级地区</span>"#), "\(places.prefix(3_000))")
        let climate = try server.get("/weather/climate?place=110000").text
        #expect(climate.contains("±3 天") && !climate.contains("±3 ·"))
        // The 24-hour forecast and the life indices have no conditions: no empty hero card above them.
        let qweather = try SampleTests.page(server, "beijing-qweather", .zh)
        #expect(qweather.components(separatedBy: #"<section class="wx-now""#).count - 1 == 2)
        #expect(qweather.contains(#"<p class="wx-updated">北京（和风天气） · "#))
    }

    @Test func providerTipsAreTranslatedOnEnglishPages() throws {
        let server = try SampleTests.server()
        let en = try SampleTests.page(server, "hangzhou-webxml", .en)
        for shown in ["Car wash · Not advised", "Clothing · Comfortable", "UV · Low", "Air pollution · Good", "Blood sugar · Fluctuating"] {
            #expect(en.contains(shown), "\(shown)")
        }
        #expect(!en.contains("洗车 · 不宜") && !en.contains("穿衣 · 舒适") && !en.contains("紫外线 · 弱"))
        #expect(en.contains("(provider&#39;s text)") || en.contains("(provider's text)"), "the untranslated advice is marked")
        let zh = try SampleTests.page(server, "hangzhou-webxml", .zh)
        #expect(zh.contains("洗车 · 不宜") && !zh.contains("provider"))
        // A word no table knows stays as written and is marked as the provider's.
        #expect(ProviderTipWords.title(name: "钓鱼", level: "较适宜", .en) == ("Fishing · Fairly good", true))
        #expect(ProviderTipWords.title(name: "蚊虫", level: "较易发", .en) == ("蚊虫 · Possible", false))
    }

    @Test func theOfflineProblemIsInTheReadersLanguage() throws {
        let error = ProviderError.unavailable("the server could not be reached")
        let zh = WeatherAPI.unavailable(error, language: .zh)
        #expect(zh.title == "暂时无法获取实时天气")
        #expect(zh.detail == "暂时无法获取实时天气（连不上天气数据源）。可查看 /weather/samples 的录制样例。")
        let en = WeatherAPI.unavailable(.malformed("HTML instead of JSON"), language: .en)
        #expect(en.title == "Live weather unavailable" && en.detail == "Live weather is unavailable (the weather source's reply could not be read: HTML instead of JSON). Recorded samples are at /weather/samples.")
    }
}

import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import HTTPServer
import Imaging
import Testing
import WebUI
@testable import Weather

/// The share card over real HTTP: a corpus photo and the forecast of Open-Meteo's recorded reply (replayed on a
/// local port) make a 1080 × 1440 JPEG; refused photos are 422 as in Photo Studio; the page works without JavaScript.
@Suite(.requires(.weather), .requires(.photos), .serialized) struct ShareCardTests {
    static let photo = "ordinary/42_IndexError.jpg"  // 12 MP, 4032 × 3024

    static func server() throws -> (TestServer, ReplayServer) {
        let replay = try ReplayServer(["/v1/forecast": try ReplayTests.fixture("open_meteo/forecast_enschede_all_sections.json")])
        return (try ReplayTests.server(replay), replay)
    }

    static func photoPart(_ relative: String = photo, field: String = "photo") throws -> MultipartFile {
        MultipartFile(field: field, filename: (relative as NSString).lastPathComponent, contentType: "image/jpeg",
                      bytes: [UInt8](try Data(contentsOf: SharedDataSet.photos.url(relative))))
    }

    /// Mean brightness (0…255) of a rectangle of a decoded card.
    static func brightness(_ jpeg: [UInt8], x: Int, y: Int, width: Int, height: Int) throws -> Double {
        let pixels = try Imaging.decodeRGBA(jpeg)
        var total = 0
        for row in y..<(y + height) {
            for column in x..<(x + width) { total += pixels.pixel(x: column, y: row).prefix(3).reduce(0) { $0 + Int($1) } }
        }
        return Double(total) / Double(width * height * 3)
    }

    @Test func cardOfATwelveMegapixelPhoto() throws {
        let (server, replay) = try Self.server()
        let alice = try server.register("card_alice", unique: true)
        let reply = try server.upload("/api/v1/weather/share-card?place=110105", files: [try Self.photoPart()], token: alice.token)
        #expect(reply.status == 200, "\(reply.text.prefix(300))")
        #expect(reply.headers["content-type"] == "image/jpeg")
        #expect(reply.headers["content-disposition"] == "attachment; filename=\"weather-110105-2026-10-03.jpg\"")
        let info = try Imaging.probe(reply.body)
        #expect(info.format == .jpeg && info.width == 1_080 && info.height == 1_440)
        // The same photo under the card's shades alone: the card differs where its texts are (the place name at the
        // top left, the temperature at the lower left), not in the middle of the photo.
        let photoPath = SharedDataSet.photos.url(Self.photo).path
        let forecast = try server.get("/api/v1/weather/forecast?place=110105").decode(WeatherForecast.self)
        let place = try #require(try WeatherStore(database: server.suite.database).directory().place("110105"))
        var bare = ShareCard.poster(forecast, place: place, language: .zh, now: server.clock.now)
        bare.texts = []
        let plain = try Imaging.poster(contentsOf: photoPath, bare).bytes
        #expect(try Self.brightness(reply.body, x: 64, y: 70, width: 240, height: 80) > Self.brightness(plain, x: 64, y: 70, width: 240, height: 80) + 30)
        #expect(try Self.brightness(reply.body, x: 64, y: 960, width: 300, height: 160) > Self.brightness(plain, x: 64, y: 960, width: 300, height: 160) + 30)
        #expect(abs(try Self.brightness(reply.body, x: 300, y: 500, width: 400, height: 150) - Self.brightness(plain, x: 300, y: 500, width: 400, height: 150)) < 2)
        // What the card says comes from that forecast (16.2 °C now, 多云, today's 21.0 / 9.9 in the reply).
        let texts = ShareCard.poster(forecast, place: place, language: .zh, now: server.clock.now).texts.map(\.text)
        #expect(texts.contains("朝阳区"))
        #expect(texts.contains("16°"))
        #expect(texts.contains("2026年10月3日 星期六"))
        #expect(texts.contains { $0.hasPrefix("多云 · 最高 21°") })
        #expect(texts.contains("天气 · 数据来源：Open-Meteo · 更新于 10月3日 10:00"))
        // A line longer than the card is wide is cut with an ellipsis (952 px at 38 px per em: 24 CJK characters and "…").
        let cut = ShareCard.line(String(repeating: "雨", count: 40), size: 38)
        #expect(cut == String(repeating: "雨", count: 24) + "…")
        #expect(replay.count("/v1/forecast") == 1)
    }

    /// Bad input: no photo, not an image, a decompression bomb, an unknown place, no account, no forecast.
    @Test func refusals() throws {
        let (server, replay) = try Self.server()
        let bob = try server.register("card_bob", unique: true)
        func post(_ query: String, _ files: [MultipartFile], token: String? = nil) throws -> RawHTTPClient.Reply {
            try server.upload("/api/v1/weather/share-card" + query, files: files, token: token ?? bob.token)
        }
        let none = try post("?place=110105", [])
        #expect(none.status == 422)
        #expect(try none.decode(Problem.self).errors?.first?.field == "photo")
        let text = try post("?place=110105", [MultipartFile(field: "photo", filename: "note.jpg", bytes: Array("not a photo".utf8))])
        #expect(text.status == 422)
        #expect(try text.decode(Problem.self).type == "urn:appsuite:problem:weather-photo")
        let bomb = try post("?place=110105", [try Self.photoPart("edge/bomb_png_65536x65536.png")])
        #expect(bomb.status == 422)
        #expect(try bomb.decode(Problem.self).detail?.contains("65536×65536") == true)
        // A 940 × 2 strip has a tiny header but would be scaled to 676,800 × 1,440 to cover the card (3 GB, minutes).
        let strip = try post("?place=110105", [try Self.photoPart("edge/extreme_aspect_940x2.png")])
        #expect(strip.status == 422)
        #expect(try strip.decode(Problem.self).detail?.contains("676800×1440") == true)
        #expect(try post("?place=999999", [try Self.photoPart()]).status == 404)
        #expect(try post("?place=52.27,6.87", [try Self.photoPart()]).status == 404)
        #expect(try post("", [try Self.photoPart()]).status == 422)
        #expect(try server.upload("/api/v1/weather/share-card?place=110105", files: [try Self.photoPart()]).status == 401)
        // The provider answers its error object and nothing is cached: 503, as for the forecast.
        replay.set("/v1/forecast", try ReplayTests.fixture("open_meteo/error_400_invalid_variable.json", status: 400))
        let unavailable = try post("?place=440106", [try Self.photoPart()])
        #expect(unavailable.status == 503)
        #expect(try unavailable.decode(Problem.self).type == WeatherAPI.unavailableType)
    }

    /// Without JavaScript the page's form posts to `/weather/share-card` and the browser gets the card to show; a
    /// refused photo is a page saying why.
    @Test func pageFormWithoutJavaScript() throws {
        let (server, replay) = try Self.server()
        defer { withExtendedLifetime(replay) {} }
        let carol = try server.register("card_carol", unique: true)
        let page = try server.get("/weather/forecast?place=110105", headers: ["Cookie": carol.cookie])
        #expect(page.text.contains("enctype=\"multipart/form-data\""))
        #expect(page.text.contains("capture=\"environment\""))
        #expect(page.text.contains("https://service.weibo.com/share/share.php?title="))
        let shareForm = try #require(page.text.range(of: "wx-share-form"))
        let csrf = try #require(TestServer.csrfToken(in: String(page.text[shareForm.lowerBound...])))
        func form(_ photo: MultipartFile) -> (headers: [String: String], body: [UInt8]) {
            let boundary = "card-" + UUID().uuidString
            var body: [UInt8] = []
            for (name, value) in [("csrf_token", csrf), ("place", "110105")] {
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            }
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(photo.filename)\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
                + photo.bytes + Array("\r\n--\(boundary)--\r\n".utf8)
            return (["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": carol.cookie], body)
        }
        let good = form(try Self.photoPart())
        let card = try server.request("POST", "/weather/share-card", headers: good.headers, body: good.body)
        #expect(card.status == 200)
        #expect(card.headers["content-type"] == "image/jpeg")
        #expect(card.headers["content-disposition"]?.hasPrefix("inline;") == true)
        let bad = form(MultipartFile(field: "photo", filename: "x.jpg", bytes: Array("<html>".utf8)))
        let refused = try server.request("POST", "/weather/share-card", headers: bad.headers, body: bad.body)
        #expect(refused.status == 422)
        #expect(refused.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(refused.text.contains("卡片没有做成"))
    }
}

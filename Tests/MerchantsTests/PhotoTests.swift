import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import HTTPServer
import Identity
import Imaging
@testable import Merchants
import Testing
import WebUI

/// A multipart body with plain fields (no file name) and files, as a browser's form sends it.
func multipartForm(fields: [(String, String)], files: [(field: String, name: String, bytes: [UInt8])]) -> (headers: [String: String], body: [UInt8]) {
    let boundary = "merchants-photo-test-" + UUID().uuidString
    var body: [UInt8] = []
    for (name, value) in fields {
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
    }
    for file in files {
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.name)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        body += file.bytes + Array("\r\n".utf8)
    }
    body += Array("--\(boundary)--\r\n".utf8)
    return (["Content-Type": "multipart/form-data; boundary=\(boundary)"], body)
}

@Suite(.serialized, .requires(.merchants), .requires(.photos)) struct PhotoTests {
    static func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: SharedDataSet.photos.url(relative))) }

    func upload(_ server: TestServer, _ path: String, _ files: [(String, [UInt8])], alt: String? = nil, token: String?,
                language: String = "zh") throws -> RawHTTPClient.Reply {
        let form = multipartForm(fields: alt.map { [("alt", $0)] } ?? [], files: files.map { (field: "photo", name: $0.0, bytes: $0.1) })
        return try server.request("POST", path, token: token, headers: form.headers.merging(["Accept-Language": language]) { $1 }, body: form.body)
    }

    func files(_ server: TestServer) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/apps/merchants/photos")) ?? []).sorted()
    }

    /// Upload through the API (EXIF orientation applied, metadata stripped, two sizes) → held: only the uploader
    /// and moderators see it, the uploader's page marks it 待审核 → approved: on the page for everyone, lazily
    /// loaded with alt text; rejected: its files removed, the uploader told in the inbox.
    @Test func uploadHeldApprovedShownRejectedRemoved() throws {
        let server = try TestServer(apps: [MerchantsApp()], clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
        let alice = try server.register("alice"), moderator = try server.register("mod"), bob = try server.register("bob")
        let users = UserStore(database: server.suite.database, hasher: PasswordHasher())
        try RoleStore(database: server.suite.database).grant(.moderator, to: try #require(try users.user(username: "mod")), now: 1_796_097_600)
        let merchant = try #require(try server.get("/api/v1/merchants/nearby?lat=31.2304&lon=121.4737&limit=1").decode(MerchantList.self).items.first)
        let path = "/api/v1/merchants/\(merchant.id)/photos"

        #expect(try upload(server, path, [("a.jpg", try Self.corpus("orientation/Portrait_6.jpg"))], token: nil).status == 401)
        let held = try upload(server, path, [("Portrait_6.jpg", try Self.corpus("orientation/Portrait_6.jpg")),
                                             ("hopper.webp", try Self.corpus("edge/webp_exif_orientation6_hopper.webp"))], alt: "门口的招牌", token: alice.token)
        #expect(held.status == 202, "\(held.text)")
        let photos = try held.decode(MerchantPhotoUpload.self).items
        #expect(photos.count == 2 && photos.allSatisfy { $0.state == "pending" && $0.alt == "门口的招牌" })
        // Portrait_6 is stored 1800 × 1200 with orientation 6: upright it is 1200 × 1800, fitted to 1280.
        #expect(photos[0].height == 1_280 && (853...854).contains(photos[0].width), "\(photos[0])")
        #expect(files(server).count == 4)

        // Held: the uploader and moderators see it; nobody else.
        #expect(try server.get(path).decode(MerchantPhotoList.self) == MerchantPhotoList(items: [], pending: []))
        #expect(try server.get(path, token: bob.token).decode(MerchantPhotoList.self).pending.isEmpty)
        #expect(try server.get(path, token: alice.token).decode(MerchantPhotoList.self).pending.map(\.id) == photos.map(\.id))
        #expect(try server.get(photos[0].url).status == 404)
        #expect(try server.get(photos[0].url, token: bob.token).status == 404)
        #expect(try server.get(photos[0].url, token: moderator.token).status == 200)
        let display = try server.get(photos[0].url, token: alice.token)
        #expect(display.status == 200 && display.headers["content-type"] == "image/jpeg")
        let info = try Imaging.probe(display.body)
        #expect(info.format == .jpeg && info.width == photos[0].width && info.height == 1_280 && info.orientation == 1 && info.camera == nil)
        let thumbnail = try Imaging.probe(try server.get(photos[0].thumbnailUrl, token: alice.token).body)
        #expect(thumbnail.width == 240 && thumbnail.height == 240)
        let own = try server.get("/merchants/\(merchant.id)", token: alice.token).text
        #expect(own.contains("mx-photo-pending") && own.contains("待审核") && own.contains(photos[0].thumbnailUrl))
        #expect(!(try server.get("/merchants/\(merchant.id)", token: bob.token).text.contains(photos[0].thumbnailUrl)))

        // The moderator sees both with their pictures, approves one and rejects the other.
        let queue = try server.get("/api/v1/moderation/queue", token: moderator.token).decode(ModerationQueuePage.self).items
        let first = try #require(queue.first { $0.item == "photo:\(photos[0].id)" })
        let second = try #require(queue.first { $0.item == "photo:\(photos[1].id)" })
        #expect(first.title.contains(merchant.name) && first.excerpt.contains("门口的招牌"))
        #expect(first.previews == [photos[0].url] && second.previews == [photos[1].url])
        let queuePage = try server.get("/admin/moderation", token: moderator.token).text
        #expect(queuePage.contains(#"<img src="\#(photos[0].url)""#))
        // The ban form bounds its hours (tester 30 #1: no min or max, so 0 and 999999 reached the server).
        #expect(queuePage.contains(#"name="hours""#) && queuePage.contains(#"min="1""#) && queuePage.contains(#"max="87600""#))
        #expect(try server.send("POST", "/api/v1/moderation/items/\(first.id)/decision", json: #"{"action":"approve"}"#, token: moderator.token).status == 200)
        #expect(try server.send("POST", "/api/v1/moderation/items/\(second.id)/decision", json: #"{"action":"reject","reason":"不是这家店"}"#,
                                token: moderator.token).status == 200)
        let notices = try server.get("/api/v1/inbox", token: alice.token).decode(InboxPage.self).items
        #expect(notices.contains { $0.kind == "moderation.submission-approved" })
        // Tester 30 #3: named as a photo of this merchant (not 投稿) and leading to the merchant, not to the inbox itself.
        let rejected = try #require(notices.first { $0.kind == "moderation.submission-rejected" })
        #expect(rejected.title == "你的商户照片未通过（\(merchant.name)）" && rejected.url == "/merchants/\(merchant.id)", "\(rejected)")
        #expect(rejected.body == "原因：不是这家店")
        let englishNotices = try server.get("/api/v1/inbox", token: alice.token, headers: ["Accept-Language": "en", "Cookie": "lang=en"])
            .decode(InboxPage.self).items
        #expect(englishNotices.contains { $0.title == "Your merchant photo was rejected (\(merchant.name))" })
        // The decided photo is no broken image labelled 待审核 in the rejected tab (tester 30 #4).
        let rejectedTab = try server.get("/admin/moderation?state=rejected", token: moderator.token).text
        #expect(rejectedTab.contains("1 张图片已随处理结果删除") && !rejectedTab.contains(photos[1].url) && !rejectedTab.contains("待审核图片"))

        // Approved: everyone sees it; rejected: gone, files and all.
        let list = try server.get(path).decode(MerchantPhotoList.self)
        #expect(list.items.map(\.id) == [photos[0].id] && list.items[0].state == "approved" && list.pending.isEmpty)
        let approved = try server.get(photos[0].url)
        #expect(approved.status == 200 && approved.headers["cache-control"]?.hasPrefix("public") == true)
        #expect(try server.get(photos[1].url, token: alice.token).status == 404)
        #expect(files(server).count == 2)
        // Hidden quietly: files removed too, and the uploader is not told.
        let third = try #require(try upload(server, path, [("chelsea.png", try Self.corpus("ordinary/chelsea.png"))], token: alice.token)
            .decode(MerchantPhotoUpload.self).items.first)
        #expect(files(server).count == 4)
        let thirdItem = try #require(try server.get("/api/v1/moderation/queue", token: moderator.token).decode(ModerationQueuePage.self).items
            .first { $0.item == "photo:\(third.id)" })
        #expect(try server.send("POST", "/api/v1/moderation/items/\(thirdItem.id)/decision", json: #"{"action":"hide"}"#, token: moderator.token).status == 200)
        #expect(files(server).count == 2)
        #expect(try server.get(third.url, token: alice.token).status == 404)
        #expect(try server.get("/api/v1/inbox", token: alice.token).decode(InboxPage.self).items.count == notices.count)
        let page = try server.get("/merchants/\(merchant.id)").text
        #expect(page.contains(#"src="\#(photos[0].thumbnailUrl)" alt="门口的招牌""#) && page.contains(#"loading="lazy""#))
        #expect(page.contains(#"id="photo-\#(photos[0].id)""#) && !page.contains("mx-photo-pending"))
        let english = try server.get("/merchants/\(merchant.id)", headers: ["Accept-Language": "en"]).text
        #expect(english.contains("Photos · 1"))
    }

    /// Not a picture, a decompression bomb, too many files, an unknown merchant, a bad description, the hourly quota:
    /// each a clear problem+json, nothing stored.
    @Test func refusals() throws {
        let server = try TestServer(apps: [MerchantsApp()], clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
        let alice = try server.register("alice")
        let merchant = try #require(try server.get("/api/v1/merchants/nearby?lat=31.2304&lon=121.4737&limit=1").decode(MerchantList.self).items.first)
        let path = "/api/v1/merchants/\(merchant.id)/photos"
        let small = try Self.corpus("orientation/Landscape_1.jpg")

        let text = try upload(server, path, [("ok.jpg", small), ("evil.jpg", try Self.corpus("edge/text_not_image.jpg"))], token: alice.token, language: "en")
        #expect(text.status == 422 && text.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        #expect(text.text.contains(#""field":"photo""#) && text.text.contains("Photo 2 (evil.jpg) is not a usable picture"), "\(text.text)")
        let bomb = try upload(server, path, [("bomb.png", try Self.corpus("edge/bomb_png_65536x65536.png"))], token: alice.token, language: "en")
        #expect(bomb.status == 422 && bomb.text.contains("65536×65536") && bomb.text.contains("100 megapixels"), "\(bomb.text)")
        let ten = try upload(server, path, Array(repeating: ("a.jpg", small), count: 10), token: alice.token)
        #expect(ten.status == 422 && ten.text.contains("每次最多上传 9 张照片，这次有 10 张"), "\(ten.text)")
        let none = try upload(server, path, [], token: alice.token)
        #expect(none.status == 422 && none.text.contains(#""field":"photo""#))
        #expect(try upload(server, "/api/v1/merchants/999999999/photos", [("a.jpg", small)], token: alice.token).status == 404)
        let long = try upload(server, path, [("a.jpg", small)], alt: String(repeating: "长", count: 101), token: alice.token)
        #expect(long.status == 422 && long.text.contains(#""field":"alt""#))
        #expect(files(server).isEmpty)
        #expect(try server.get(path, token: alice.token).decode(MerchantPhotoList.self).pending.isEmpty)

        // 30 an hour: 27 pass, then 4 more would make 31.
        for _ in 0..<3 {
            #expect(try upload(server, path, Array(repeating: ("a.jpg", small), count: 9), token: alice.token).status == 202)
        }
        let over = try upload(server, path, Array(repeating: ("a.jpg", small), count: 4), token: alice.token)
        #expect(over.status == 429 && over.headers["retry-after"] == "3600", "\(over.text)")
        #expect(try upload(server, path, Array(repeating: ("a.jpg", small), count: 3), token: alice.token).status == 202)
        #expect(files(server).count == 60)
    }

    /// A file over 64 MiB is refused from its size before libvips reads it (the server's own upload limit is the
    /// same 64 MiB, so the request never gets this far over HTTP).
    @Test func aFileOverTheByteLimitIsRefusedUnread() throws {
        let folder = TemporaryDirectory("merchant-photo-size")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let path = folder.path + "/big.jpg"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(try Self.corpus("orientation/Landscape_1.jpg"))))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(PhotoStore.limits.maximumBytes) + 1)
        try handle.close()
        #expect(throws: PhotoStore.Refusal.picture(index: 1, name: "big.jpg", .tooManyBytes(size: 64 << 20 + 1, limit: 64 << 20))) {
            try PhotoStore.process([(path, "big.jpg")])
        }
        let error = PhotoStore.Refusal.picture(index: 1, name: "big.jpg", .tooManyBytes(size: 64 << 20 + 1, limit: 64 << 20)).httpError(.en)
        #expect(error.status == .contentTooLarge && error.detail == "Photo 1 (big.jpg) has 64 MiB; the limit is 64 MiB.")
    }

    /// Photos sent with a new merchant wait with it and are published when it is approved; the uploader's export
    /// holds their rows and pictures, and deleting the account removes both.
    @Test func submissionPhotosPublishedWithTheMerchantThenExportedAndErased() throws {
        let server = try TestServer(apps: [MerchantsApp()], clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
        let alice = try server.register("alice"), moderator = try server.register("mod")
        let users = UserStore(database: server.suite.database, hasher: PasswordHasher())
        try RoleStore(database: server.suite.database).grant(.moderator, to: try #require(try users.user(username: "mod")), now: 1_796_097_600)

        let form = multipartForm(fields: [("name", "照片小馆"), ("category", "cafe"), ("lat", "31.2312"), ("lon", "121.4741"), ("address", "人民大道 2 号")],
                                 files: [(field: "photo", name: "front.jpg", bytes: try Self.corpus("orientation/Landscape_6.jpg")),
                                         (field: "photo", name: "menu.png", bytes: try Self.corpus("ordinary/chelsea.png"))])
        let added = try server.request("POST", "/merchants/add", token: alice.token, headers: form.headers, body: form.body)
        #expect(added.status == 303, "\(added.text)")
        #expect(files(server).count == 4)
        let queue = try server.get("/api/v1/moderation/queue", token: moderator.token).decode(ModerationQueuePage.self).items
        let item = try #require(queue.first { $0.title.contains("照片小馆") })
        #expect(item.excerpt.contains("📷 2") && item.previews.count == 2)
        #expect(try server.get("/admin/moderation", token: moderator.token).text.components(separatedBy: "moderation-previews").count == 2)
        #expect(try server.send("POST", "/api/v1/moderation/items/\(item.id)/decision", json: #"{"action":"approve"}"#, token: moderator.token).status == 200)
        let merchant = try #require(try server.get("/api/v1/merchants/search?q=%E7%85%A7%E7%89%87%E5%B0%8F%E9%A6%86").decode(MerchantList.self).items.first)
        let shown = try server.get("/api/v1/merchants/\(merchant.id)/photos").decode(MerchantPhotoList.self).items
        #expect(shown.count == 2 && shown.allSatisfy { $0.state == "approved" })
        #expect(shown[0].width == 1_280 && shown[0].height == 853)
        #expect(try server.get(shown[1].url).status == 200)

        let zip = try server.get(PlatformEndpoints.exportData.path, token: alice.token)
        #expect(zip.status == 200)
        let folder = TemporaryDirectory("merchant-photo-export")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let zipPath = folder.path + "/export.zip"
        try Data(zip.body).write(to: URL(fileURLWithPath: zipPath))
        let listing = try unzip(["-l", zipPath])
        #expect(listing.contains("merchants/photos/\(shown[0].id).jpg") && listing.contains("merchants/photos/\(shown[1].id).jpg"))
        #expect(try unzip(["-p", zipPath, "merchants.json"]).contains(#""photos":[{"id":\#(shown[0].id)"#))

        #expect(try server.send("DELETE", APIPath.me, json: #"{"password":"\#(alice.password)"}"#, token: alice.token).status == 204)
        #expect(files(server).isEmpty)
        #expect(try server.get("/api/v1/merchants/\(merchant.id)/photos").decode(MerchantPhotoList.self).items.isEmpty)
        #expect(try server.get(shown[0].url).status == 404)
    }

    private func unzip(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

import AppHost
import AppSuiteTesting
import Foundation
import Imaging
import Synchronization
import Testing

/// Issue 27: what an account keeps in Photo Studio counts against its quota (`--photos-quota-mb`), shown on `/me` and
/// by `GET /api/v1/me/storage`; and an upload racing a delete of the same photo answers honestly.
@Suite(.serialized, .requires(.photos)) struct QuotaTests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    @Test func uploadsAndEditsPastTheQuotaAre507AndTheUsageIsShown() throws {
        // 1 MiB: room for the 350 KB Portrait_6.jpg and an edit of it, never for a 1.08 MB picture of noise.
        let server = try TestServer(options: ["photos-quota-mb": "1"])
        let alice = try server.register("alice").token
        let first = try corpus("orientation/Portrait_6.jpg")
        let upload = try server.uploadPhotos([("first.jpg", first)], token: alice)
        #expect(upload.status == 201)
        let id = try #require((try upload.json()["items"] as? [[String: Any]])?.first?["id"] as? Int)

        var storage = try server.request("GET", "/api/v1/me/storage", token: alice).json()
        let photos = try #require((storage["items"] as? [[String: Any]])?.first { $0["app"] as? String == "photos" })
        #expect(photos["usedBytes"] as? Int == first.count && photos["limitBytes"] as? Int == 1 << 20)

        let edit = try server.send("POST", "/api/v1/photos/\(id)/versions", json: #"{"operations":[{"op":"rotate","degrees":90}]}"#, token: alice)
        #expect(edit.status == 201)
        storage = try server.request("GET", "/api/v1/me/storage", token: alice).json()
        let used = try #require((storage["items"] as? [[String: Any]])?.first { $0["app"] as? String == "photos" }?["usedBytes"] as? Int)
        #expect(used > first.count, "the edited version counts too")

        let big = try noisePNG(side: 600)
        #expect(big.count > 1 << 20)
        let over = try server.uploadPhotos([("noise.png", big)], token: alice)
        #expect(over.status == 507 && over.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        let problem = try over.json()
        #expect(problem["type"] as? String == "urn:appsuite:problem:quota-exceeded")
        #expect((problem["detail"] as? String)?.contains("超过 1 MB 的上限") == true, "in the reader's language (no Accept-Language: Chinese): \(problem)")
        #expect(try server.request("GET", "/api/v1/photos", token: alice).json()["items"].map { ($0 as? [Any])?.count } == 1, "nothing stored")

        // The page says so in the viewer's language, and /me shows the usage.
        let page = try server.upload("/photos/upload", files: TestServer.photoFiles([("noise.png", big)]), token: alice)
        #expect(page.status == 303)
        let flash = try #require(page.setCookies.first { $0.value.hasPrefix("error%7C") }?.value.removingPercentEncoding)
        #expect(flash.contains("noise.png：图片处理器 · 原图与编辑版本的存储空间不足"), "the toast names the quota: \(flash)")
        let me = try server.get("/me", token: alice)
        #expect(me.text.contains("存储空间") && me.text.contains("图片处理器 · 原图与编辑版本") && me.text.contains("，共 1 MB"))
        let meEnglish = try server.get("/me", token: alice, headers: ["Accept-Language": "en"])
        #expect(meEnglish.text.contains("Storage") && meEnglish.text.contains("of 1 MB used"))

        // A photo in the trash still counts (issue 29); emptying the trash frees the room.
        #expect(try server.request("DELETE", "/api/v1/photos/\(id)", token: alice).status == 204)
        #expect(try server.uploadPhotos([("noise.png", try noisePNG(side: 400))], token: alice).status == 507)
        #expect(try server.request("DELETE", "/api/v1/photos/trash", token: alice).status == 200)
        #expect(try server.uploadPhotos([("noise.png", try noisePNG(side: 400))], token: alice).status == 201)
    }

    /// Issue 27 item 6, reproduced first with 40 rounds: alice deletes a photo for good (empties the trash it is in) while
    /// she uploads the same bytes again. The upload waits for a purge already under way and stores its own row (201), or
    /// finds the photo first, restores it and answers it as a duplicate (200); a 201 always names a photo that is still there.
    @Test func anUploadRacingTheDeleteOfTheSamePhotoNeverAnswers201ForAGonePhoto() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        var created = 0, duplicates = 0
        for round in 0..<40 {
            // A minute passes every 10 rounds (four writes each), inside the write limit of 60 a minute.
            if round % 10 == 9 { server.clock.advance(by: 61) }
            let bytes = try noisePNG(side: 48)
            let id = try #require((try server.uploadPhotos([("race.png", bytes)], token: alice).json()["items"] as? [[String: Any]])?.first?["id"] as? Int)
            #expect(try server.request("DELETE", "/api/v1/photos/\(id)", token: alice).status == 204)
            let answers = Mutex<(upload: RawHTTPClient.Reply?, delete: Int)>((nil, 0))
            let both = DispatchGroup()
            both.enter()
            Thread.detachNewThread {
                let reply = try? server.uploadPhotos([("race.png", bytes)], token: alice)
                answers.withLock { $0.upload = reply }
                both.leave()
            }
            both.enter()
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: Double(round % 8) * 0.002)
                let status = (try? server.request("DELETE", "/api/v1/photos/trash", token: alice).status) ?? 0
                answers.withLock { $0.delete = status }
                both.leave()
            }
            both.wait()
            let (upload, delete) = answers.withLock { $0 }
            #expect(delete == 200)
            let reply = try #require(upload)
            let item = try #require((try reply.json()["items"] as? [[String: Any]])?.first)
            let named = try #require(item["id"] as? Int)
            switch reply.status {
            case 201:
                created += 1
                #expect(item["duplicate"] as? Bool == false)
                #expect(try server.request("GET", "/api/v1/photos/\(named)", token: alice).status == 200, "round \(round): 201 for photo \(named), gone")
            case 200:
                duplicates += 1
                #expect(named == id && item["duplicate"] as? Bool == true && item["restored"] as? Bool == true, "a duplicate names the photo it restored")
                #expect(try server.request("GET", "/api/v1/photos/\(named)", token: alice).json()["trashedAt"] == nil)
            default:
                Issue.record("round \(round): the upload answered \(reply.status) \(reply.text)")
            }
            for item in try server.request("GET", "/api/v1/photos?limit=200", token: alice).json()["items"] as? [[String: Any]] ?? [] {
                _ = try server.request("DELETE", "/api/v1/photos/\(item["id"] as? Int ?? 0)", token: alice)
            }
            _ = try server.request("DELETE", "/api/v1/photos/trash", token: alice)
        }
        #expect(created + duplicates == 40)
    }

    /// A PNG of `side` × `side` random opaque pixels: distinct bytes every time, about 3 bytes a pixel.
    func noisePNG(side: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for index in pixels.indices where index % 4 != 3 { pixels[index] = UInt8.random(in: 0...255) }
        return try Imaging.encodePNG(RGBAImage(width: side, height: side, pixels: pixels)).bytes
    }
}

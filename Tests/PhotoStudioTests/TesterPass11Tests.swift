import AppSuiteTesting
import Foundation
import Testing

/// Photo Studio tester pass 11 (findings 9–13), each on the case the tester quoted: errors that say what is wrong in
/// the reader's language, nothing of 最近删除 downloaded, a width alone keeping the aspect over the API, EXIF dates in
/// one format and an album's own cameras.
@Suite(.serialized, .requires(.photos)) struct TesterPass11Tests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    func ids(_ reply: RawHTTPClient.Reply) throws -> [Int] {
        (try reply.json()["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func errorsNameWhatIsWrongAndTrashedPhotosAreNotDownloaded() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let bob = try server.register("bob").token
        let mine = try ids(try server.uploadPhotos([("a.jpg", try corpus("orientation/Landscape_1.jpg")),
                                                    ("b.jpg", try corpus("orientation/Landscape_2.jpg"))], token: alice)).sorted()
        let bobsAlbum = try #require(try server.send("POST", "/api/v1/photos/albums", json: #"{"name":"Bob"}"#, token: bob).json()["id"] as? Int)
        let english = ["Accept-Language": "en"]

        // 10: path ids that are not ids say so; another account's album in a batch names albumId.
        for (method, path) in [("PATCH", "/api/v1/photos/albums/abc"), ("POST", "/api/v1/photos/\(mine[0])/versions/abc/use"),
                               ("GET", "/api/v1/photos/abc/original")] {
            let reply = method == "PATCH" ? try server.send(method, path, json: #"{"name":"x"}"#, token: alice)
                                          : try server.request(method, path, token: alice)
            let detail = try reply.json()["detail"] as? String ?? ""
            #expect(reply.status == 404 && detail.contains("“abc”"), "\(method) \(path): \(reply.text)")
        }
        let foreign = try server.send("POST", "/api/v1/photos/batch", json: #"{"action":"addToAlbum","albumId":\#(bobsAlbum),"ids":[\#(mine[0])]}"#,
                                      token: alice)
        let errors = try foreign.json()["errors"] as? [[String: Any]] ?? []
        #expect(foreign.status == 404 && errors.first?["field"] as? String == "albumId", "\(foreign.text)")
        // The zip's refusal is about the download, not "nothing was changed" (a read changes nothing).
        let zip = try server.request("GET", "/api/v1/photos/download?id=\(mine[0])&id=987654", token: alice)
        #expect(zip.status == 422 && !zip.text.contains("没有做任何修改") && zip.text.contains("不能下载"), "\(zip.text)")
        // 9: no Accept-Language is Chinese, as every page and problem of the platform; English when asked.
        let missing = try server.request("GET", "/api/v1/photos?album=987654", token: alice)
        let missingDetail = try missing.json()["detail"] as? String
        #expect(missing.status == 404 && missingDetail == "没有这个相册。")
        let missingEN = try server.request("GET", "/api/v1/photos?album=987654", token: alice, headers: english)
        let missingDetailEN = try missingEN.json()["detail"] as? String
        #expect(missingDetailEN == "No such album.")
        let day = try server.request("GET", "/api/v1/photos?from=1800-01-01", token: alice, headers: english)
        #expect(day.status == 422 && day.text.contains("The day must be from 1900-01-01 to 9999-12-31."), "\(day.text)")
        for query in ["limit=0", "limit=-1", "limit=abc", "limit=100000", "album=abc"] {
            let reply = try server.request("GET", "/api/v1/photos?\(query)", token: alice)
            #expect(reply.status == 422 && reply.text.contains(#""field":"\#(query.prefix { $0 != "=" })""#), "\(query): \(reply.text)")
        }
        #expect(try server.request("GET", "/photos?group=week", token: alice).status == 422)

        // 11: a photo in 最近删除 is not downloaded: not alone, not its original, not in a zip (404 naming it).
        #expect(try server.request("DELETE", "/api/v1/photos/\(mine[1])", token: alice).status == 204)
        for path in ["/api/v1/photos/\(mine[1])/original", "/api/v1/photos/\(mine[1])/download", "/api/v1/photos/\(mine[1])/original?download"] {
            #expect(try server.request("GET", path, token: alice).status == 404, "\(path)")
        }
        let trashedZip = try server.request("GET", "/api/v1/photos/download?id=\(mine[0])&id=\(mine[1])", token: alice)
        let zipErrors = try trashedZip.json()["errors"] as? [[String: Any]] ?? []
        #expect(trashedZip.status == 404 && zipErrors.map { $0["field"] as? String } == ["id[1]"], "\(trashedZip.text)")
        #expect(try server.request("GET", "/api/v1/photos/\(mine[1])/thumbnail", token: alice).status == 200, "the trash page still shows it")
        #expect(try server.request("GET", "/api/v1/photos/download?id=\(mine[0])", token: alice).status == 200)
    }

    @Test func uploadRefusalsInTheReadersLanguage() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let upload = TestServer.multipart(TestServer.photoFiles([("zero_byte.jpg", [])]))
        func send(_ language: String?) throws -> [String: Any] {
            var headers = upload.headers.merging(["Authorization": "Bearer \(alice)"]) { $1 }
            if let language { headers["Accept-Language"] = language }
            let reply = try RawHTTPClient.request(port: server.port, "POST", "/api/v1/photos", headers: headers, body: upload.body)
            #expect(reply.status == 422)
            return try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        }
        for (language, title, detail) in [(nil, "照片未能添加", "空文件（0 字节）"), ("zh-CN", "照片未能添加", "空文件（0 字节）"),
                                          ("en", "Photo not accepted", "empty file (0 bytes)")] {
            let problem = try send(language)
            #expect(problem["title"] as? String == title && problem["detail"] as? String == detail, "\(language ?? "none"): \(problem)")
            #expect(problem["type"] as? String == "urn:appsuite:problem:photo-empty")
        }
    }

    @Test func aWidthAloneOverTheAPIKeepsTheAspect() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let id = try #require(try ids(try server.uploadPhotos([("Portrait_6.jpg", try corpus("orientation/Portrait_6.jpg"))], token: alice)).first)
        let saved = try server.send("POST", "/api/v1/photos/\(id)/versions", json: #"{"operations":[{"op":"resize","width":300}]}"#, token: alice)
        let body = try saved.json()
        #expect(saved.status == 201 && body["displayWidth"] as? Int == 300 && body["displayHeight"] as? Int == 450, "1200×1800 → 300×450: \(saved.text)")
        // After a quarter turn and a 400×100 crop, a height of 50 gives a width of 200, as in the editor.
        let turned = try server.send("POST", "/api/v1/photos/\(id)/versions",
                                     json: #"{"operations":[{"op":"rotate","degrees":90},{"op":"crop","x":0,"y":0,"width":400,"height":100},{"op":"resize","height":50}]}"#,
                                     token: alice).json()
        #expect(turned["displayWidth"] as? Int == 200 && turned["displayHeight"] as? Int == 50, "\(turned)")
        let neither = try server.send("POST", "/api/v1/photos/\(id)/versions", json: #"{"operations":[{"op":"resize"}]}"#, token: alice)
        #expect(neither.status == 422 && neither.text.contains("needs a width or a height"), "\(neither.text)")
    }

    @Test func exifDatesInOneFormatAndAnAlbumsOwnCameras() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let uploaded = try server.uploadPhotos([("HMD_Nokia_8.3_5G.jpg", try corpus("ordinary/HMD_Nokia_8.3_5G.jpg")),
                                                ("canon_hdr_NO.jpg", try corpus("ordinary/canon_hdr_NO.jpg"))], token: alice)
        let items = try uploaded.json()["items"] as? [[String: Any]] ?? []
        #expect(items.count == 2)
        for item in items {
            let text = try #require(item["exifDateTime"] as? String, "\(item)")
            // 2022-08-14T14:12:31 (+ offset when known), never 2022:08:14 14:12:31.
            #expect(text.count >= 19 && Array(text)[4] == "-" && Array(text)[7] == "-" && Array(text)[10] == "T", "\(text)")
        }
        let nokia = try #require(items.first { $0["filename"] as? String == "HMD_Nokia_8.3_5G.jpg" }?["id"] as? Int)
        let album = try #require(try server.send("POST", "/api/v1/photos/albums", json: #"{"name":"Helsinki"}"#, token: alice).json()["id"] as? Int)
        #expect(try server.send("POST", "/api/v1/photos/\(nokia)/albums", json: #"{"albumId":\#(album)}"#, token: alice).status == 200)
        let page = try server.request("GET", "/photos?album=\(album)", token: alice).text
        #expect(page.contains("HMD Global Nokia 8.3 5G (1)") || page.contains("Nokia 8.3 5G (1)"), "the album's camera with its count there")
        #expect(!page.contains("Canon PowerShot SX60 HS"), "a camera of no photo in the album is not offered")
        #expect(try server.request("GET", "/photos", token: alice).text.contains("Canon PowerShot SX60 HS (1)"))
    }
}

import AppSuiteServer
import Foundation
import HTTPTestSupport
import Testing

/// The photo API over HTTP on a real server (ephemeral port, temporary data directory).
final class PhotoServer {
    let suite: AppSuite
    let dataDirectory: String
    var port: UInt16 { suite.port }

    init() throws {
        dataDirectory = NSTemporaryDirectory() + "photos-api-\(UUID().uuidString)"
        var configuration = AppSuiteConfiguration()
        configuration.port = 0
        configuration.dataDirectory = dataDirectory
        configuration.isAccessLogEnabled = false
        suite = try AppSuite(configuration: configuration)
        try suite.start()
    }

    deinit {
        suite.stop()
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    func request(_ method: String, _ path: String, token: String?, headers: [String: String] = [:], body: [UInt8] = []) throws -> RawHTTPClient.Reply {
        var all = headers
        if let token { all["Authorization"] = "Bearer \(token)" }
        return try RawHTTPClient.request(port: port, method, path, headers: all, body: body)
    }

    func register(_ username: String) throws -> String {
        let body = Array(#"{"username":"\#(username)","password":"correct horse battery"}"#.utf8)
        let reply = try RawHTTPClient.request(port: port, "POST", "/api/v1/auth/register", headers: ["Content-Type": "application/json"], body: body)
        let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
        return try #require(object?["token"] as? String, "register: \(reply.status) \(reply.text)")
    }

    /// POSTs files as multipart field `file`.
    func upload(_ files: [(name: String, bytes: [UInt8])], token: String?) throws -> RawHTTPClient.Reply {
        let (headers, body) = Self.multipart(files)
        return try request("POST", "/api/v1/photos", token: token, headers: headers, body: body)
    }

    /// The headers and body of a multipart upload of `files` as field `file`.
    static func multipart(_ files: [(name: String, bytes: [UInt8])]) -> (headers: [String: String], body: [UInt8]) {
        let boundary = "----photos-test-boundary-7d1f"
        var body: [UInt8] = []
        for file in files {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.name)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            body += file.bytes
            body += Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return (["Content-Type": "multipart/form-data; boundary=\(boundary)"], body)
    }

    /// Waits (up to 60 s) until every photo in `token`'s library has its thumbnail or a `problem`: the
    /// work pool makes them after the upload has answered. Returns the last listing.
    @discardableResult
    func waitForThumbnails(token: String) throws -> [[String: Any]] {
        var items: [[String: Any]] = []
        for _ in 0..<1_200 {
            items = try Self.json(try request("GET", "/api/v1/photos?limit=200", token: token))["items"] as? [[String: Any]] ?? []
            if items.allSatisfy({ $0["thumbnailReady"] as? Bool == true || $0["problem"] is String }) { return items }
            usleep(50_000)
        }
        Issue.record("thumbnails still missing after 60 s: \(items)")
        return items
    }

    static func json(_ reply: RawHTTPClient.Reply) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any], "not a JSON object: \(reply.text)")
    }
}

@Suite(.serialized) struct APITests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    @Test("upload, list, metadata, derivatives with caching headers, versions, revert, delete; privacy")
    func lifecycle() throws {
        try #require(Corpus.available, "the photo corpus is missing; set APPSUITE_SHARED_DATA")
        let server = try PhotoServer()
        let alice = try server.register("alice")
        let bob = try server.register("bob")

        #expect(try server.request("GET", "/api/v1/photos", token: nil).status == 401)

        let upload = try server.upload([("Portrait_6.jpg", try corpus("orientation/Portrait_6.jpg")),
                                        ("evil.jpg", try corpus("edge/text_not_image.jpg")),
                                        ("webp6.webp", try corpus("edge/webp_exif_orientation6_hopper.webp"))], token: alice)
        #expect(upload.status == 201, "\(upload.text)")
        let body = try PhotoServer.json(upload)
        let items = try #require(body["items"] as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items[0]["width"] as? Int == 1200 && items[0]["height"] as? Int == 1800)
        let errors = try #require(body["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors[0]["code"] as? String == "unsupported")
        let id = try #require(items[0]["id"] as? Int)

        // Only bad files: a problem+json error.
        let bad = try server.upload([("zero.jpg", [])], token: alice)
        #expect(bad.status == 422 && bad.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        let bomb = try server.upload([("bomb.png", try corpus("edge/bomb_png_65536x65536.png"))], token: alice)
        #expect(bomb.status == 422 && bomb.text.contains("too many pixels"))

        let list = try PhotoServer.json(try server.request("GET", "/api/v1/photos?limit=1", token: alice))
        #expect((list["items"] as? [[String: Any]])?.count == 1)
        let cursor = try #require(list["nextCursor"] as? String)
        let page2 = try PhotoServer.json(try server.request("GET", "/api/v1/photos?limit=1&cursor=\(cursor)", token: alice))
        #expect((page2["items"] as? [[String: Any]])?.first?["id"] as? Int == id)
        #expect(page2["nextCursor"] is NSNull)

        let thumb = try server.request("GET", "/api/v1/photos/\(id)/thumbnail", token: alice)
        #expect(thumb.status == 200 && thumb.headers["content-type"] == "image/jpeg")
        #expect(thumb.headers["cache-control"]?.contains("private") == true)
        let etag = try #require(thumb.headers["etag"])
        #expect(try server.request("GET", "/api/v1/photos/\(id)/thumbnail", token: alice, headers: ["If-None-Match": etag]).status == 304)
        let versioned = try server.request("GET", "/api/v1/photos/\(id)/rendition?v=abc", token: alice)
        #expect(versioned.headers["cache-control"]?.contains("immutable") == true)
        let original = try server.request("GET", "/api/v1/photos/\(id)/original", token: alice)
        #expect(original.body == (try corpus("orientation/Portrait_6.jpg")))
        let download = try server.request("GET", "/api/v1/photos/\(id)/download", token: alice)
        #expect(download.headers["content-disposition"]?.contains("Portrait_6.jpg") == true)

        // Another account sees nothing.
        for path in ["", "/thumbnail", "/rendition", "/original"] {
            #expect(try server.request("GET", "/api/v1/photos/\(id)\(path)", token: bob).status == 404)
        }
        #expect(try server.request("DELETE", "/api/v1/photos/\(id)", token: bob).status == 404)

        let ops = #"{"operations":[{"op":"rotate","degrees":90},{"op":"crop","x":0,"y":0,"width":900,"height":600},{"op":"resize","width":300,"height":200}]}"#
        let saved = try server.request("POST", "/api/v1/photos/\(id)/versions", token: alice, headers: ["Content-Type": "application/json"], body: Array(ops.utf8))
        #expect(saved.status == 201, "\(saved.text)")
        let version = try PhotoServer.json(saved)
        #expect(version["displayWidth"] as? Int == 300 && version["displayHeight"] as? Int == 200)
        #expect((version["versions"] as? [Any])?.count == 1)
        #expect(version["width"] as? Int == 1200)
        let rendition = try server.request("GET", "/api/v1/photos/\(id)/rendition", token: alice)
        #expect(rendition.status == 200)
        let badOps = #"{"operations":[{"op":"crop","x":0,"y":0,"width":9000,"height":10}]}"#
        let refused = try server.request("POST", "/api/v1/photos/\(id)/versions", token: alice, headers: ["Content-Type": "application/json"], body: Array(badOps.utf8))
        #expect(refused.status == 422 && refused.text.contains("does not fit"))

        let reverted = try PhotoServer.json(try server.request("POST", "/api/v1/photos/\(id)/revert", token: alice))
        #expect(reverted["displayWidth"] as? Int == 1200 && reverted["currentVersionId"] is NSNull)
        #expect(try server.request("GET", "/api/v1/photos/\(id)/original", token: alice).body == (try corpus("orientation/Portrait_6.jpg")))

        // Albums.
        let json = ["Content-Type": "application/json"]
        let created = try server.request("POST", "/api/v1/photos/albums", token: alice, headers: json, body: Array(#"{"name":"家人"}"#.utf8))
        #expect(created.status == 201)
        let albumID = try #require(try PhotoServer.json(created)["id"] as? Int)
        let added = try server.request("POST", "/api/v1/photos/\(id)/albums", token: alice, headers: json, body: Array(#"{"albumId":\#(albumID)}"#.utf8))
        #expect(added.status == 200 && added.text.contains("\(albumID)"))
        let albumList = try PhotoServer.json(try server.request("GET", "/api/v1/photos?album=\(albumID)", token: alice))
        #expect((albumList["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [id])
        #expect(try server.request("GET", "/api/v1/photos?album=\(albumID)", token: bob).status == 404)
        #expect(try server.request("POST", "/api/v1/photos/\(id)/albums", token: bob, headers: json, body: Array(#"{"albumId":\#(albumID)}"#.utf8)).status == 404)
        let albums = try PhotoServer.json(try server.request("GET", "/api/v1/photos/albums", token: alice))
        #expect((albums["items"] as? [[String: Any]])?.first?["count"] as? Int == 1)

        #expect(try server.request("DELETE", "/api/v1/photos/\(id)", token: alice).status == 204)
        #expect(try server.request("GET", "/api/v1/photos/\(id)", token: alice).status == 404)
    }

    @Test("pages: grid, viewer with n/N and disabled ends, editor; signed out goes to login")
    func pages() throws {
        try #require(Corpus.available)
        let server = try PhotoServer()
        let alice = try server.register("alice")
        #expect(try server.request("GET", "/photos", token: nil).status == 303)
        _ = try server.upload([("a.jpg", try corpus("orientation/Landscape_1.jpg")), ("b.jpg", try corpus("orientation/Landscape_2.jpg"))], token: alice)
        try server.waitForThumbnails(token: alice)
        let grid = try server.request("GET", "/photos", token: alice)
        #expect(grid.status == 200 && grid.text.contains("photo-grid") && grid.text.contains("loading=\"lazy\""))
        let list = try PhotoServer.json(try server.request("GET", "/api/v1/photos", token: alice))
        let ids = (list["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(ids.count == 2)
        let first = try server.request("GET", "/photos/\(ids[0])", token: alice).text
        #expect(first.contains(">1/2<") && first.contains(#"id="photo-prev" type="button" disabled"#))
        #expect(first.contains(#"id="photo-next" href="/photos/\#(ids[1])""#))
        let last = try server.request("GET", "/photos/\(ids[1])", token: alice).text
        #expect(last.contains(">2/2<") && last.contains(#"id="photo-next" type="button" disabled"#))
        let editor = try server.request("GET", "/photos/\(ids[0])/edit", token: alice)
        #expect(editor.status == 200 && editor.text.contains("edit-form"))
        let bob = try server.register("bob")
        #expect(try server.request("GET", "/photos/\(ids[0])", token: bob).status == 404)

        // The editor without JavaScript: plain fields, coordinates in the rotated picture.
        let form = "rotate=90&flip_h=1&crop_x=100&crop_y=200&crop_w=600&crop_h=300&resize_w=300&resize_h=150"
        let saved = try server.request("POST", "/photos/\(ids[0])/versions", token: alice,
                                       headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8))
        #expect(saved.status == 303 && saved.headers["location"] == "/photos/\(ids[0])")
        let meta = try PhotoServer.json(try server.request("GET", "/api/v1/photos/\(ids[0])", token: alice))
        #expect(meta["displayWidth"] as? Int == 300 && meta["displayHeight"] as? Int == 150)
        let ops = (meta["versions"] as? [[String: Any]])?.first?["operations"] as? [[String: Any]]
        #expect(ops?.map { $0["op"] as? String } == ["rotate", "flip", "crop", "resize"])
        let bad = try server.request("POST", "/photos/\(ids[0])/versions", token: alice,
                                     headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array("crop_x=0&crop_y=0&crop_w=5000&crop_h=1".utf8))
        #expect(bad.status == 303 && bad.headers["location"] == "/photos/\(ids[0])/edit")
    }

    @Test("5,000 flips: 422 naming the limit (API and page form), nothing saved, the server still answers; maxItems documented")
    func fiveThousandFlips() throws {
        try #require(Corpus.available)
        let server = try PhotoServer()
        let alice = try server.register("alice")
        let upload = try PhotoServer.json(try server.upload([("chelsea.png", try corpus("ordinary/chelsea.png"))], token: alice))
        let id = try #require((upload["items"] as? [[String: Any]])?.first?["id"] as? Int)
        let flips = "[" + Array(repeating: #"{"op":"flip"}"#, count: 5_000).joined(separator: ",") + "]"
        let refused = try server.request("POST", "/api/v1/photos/\(id)/versions", token: alice, headers: ["Content-Type": "application/json"],
                                         body: Array(#"{"operations":\#(flips)}"#.utf8))
        #expect(refused.status == 422 && refused.text.contains("at most 20 operations, not 5000"), "\(refused.status) \(refused.text)")
        let form = "operations=" + (flips.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let page = try server.request("POST", "/photos/\(id)/versions", token: alice,
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8))
        #expect(page.status == 303 && page.headers["location"] == "/photos/\(id)/edit")
        let meta = try PhotoServer.json(try server.request("GET", "/api/v1/photos/\(id)", token: alice))
        #expect((meta["versions"] as? [Any])?.isEmpty == true)
        #expect(try server.request("GET", "/healthz", token: nil).status == 200)
        // Twenty flips are allowed and merge into nothing but one stored step at most.
        let twenty = "[" + Array(repeating: #"{"op":"flip","direction":"vertical"}"#, count: 19).joined(separator: ",") + #",{"op":"rotate","degrees":90}]"#
        let saved = try server.request("POST", "/api/v1/photos/\(id)/versions", token: alice, headers: ["Content-Type": "application/json"],
                                       body: Array(#"{"operations":\#(twenty)}"#.utf8))
        #expect(saved.status == 201, "\(saved.text)")
        let ops = (try PhotoServer.json(saved)["versions"] as? [[String: Any]])?.first?["operations"] as? [[String: Any]]
        #expect(ops?.count == 2, "19 vertical flips and a turn are one turn and one flip: \(String(describing: ops))")

        let document = try PhotoServer.json(try server.request("GET", "/api/openapi.json", token: nil))
        let post = ((document["paths"] as? [String: Any])?["/api/v1/photos/{id}/versions"] as? [String: Any])?["post"] as? [String: Any]
        let body = (((post?["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
        #expect(body?["$ref"] as? String == "#/components/schemas/NewPhotoVersion")
        let schema = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["NewPhotoVersion"] as? [String: Any]
        let operations = (schema?["properties"] as? [String: Any])?["operations"] as? [String: Any]
        #expect(operations?["maxItems"] as? Int == 20, "\(String(describing: operations))")
    }
}

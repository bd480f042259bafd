import AppSuiteTesting
import Foundation
import Testing

extension TestServer {
    /// `files` as parts of the multipart field `file`.
    static func photoFiles(_ files: [(name: String, bytes: [UInt8])]) -> [MultipartFile] {
        files.map { MultipartFile(filename: $0.name, bytes: $0.bytes) }
    }

    /// POSTs files to the photo API as multipart field `file`.
    func uploadPhotos(_ files: [(name: String, bytes: [UInt8])], token: String?) throws -> RawHTTPClient.Reply {
        try upload("/api/v1/photos", files: Self.photoFiles(files), token: token)
    }

    /// Waits (up to 60 s) until every photo in `token`'s library has its thumbnail or a `problem`: the
    /// work pool makes them after the upload has answered. Returns the last listing.
    @discardableResult
    func waitForThumbnails(token: String) throws -> [[String: Any]] {
        var items: [[String: Any]] = []
        let done = try wait(until: {
            items = try request("GET", "/api/v1/photos?limit=200", token: token).json()["items"] as? [[String: Any]] ?? []
            return items.allSatisfy { $0["thumbnailReady"] as? Bool == true || $0["problem"] is String }
        }, timeout: .seconds(60), every: .milliseconds(50))
        if !done { Issue.record("thumbnails still missing after 60 s: \(items)") }
        return items
    }
}

/// The photo API over HTTP on a real server (ephemeral port, temporary data directory).
@Suite(.serialized, .requires(.photos)) struct APITests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    @Test("upload, list, metadata, derivatives with caching headers, versions, revert, delete; privacy")
    func lifecycle() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let bob = try server.register("bob").token

        #expect(try server.request("GET", "/api/v1/photos", token: nil).status == 401)

        let upload = try server.uploadPhotos([("Portrait_6.jpg", try corpus("orientation/Portrait_6.jpg")),
                                              ("evil.jpg", try corpus("edge/text_not_image.jpg")),
                                              ("webp6.webp", try corpus("edge/webp_exif_orientation6_hopper.webp"))], token: alice)
        #expect(upload.status == 201, "\(upload.text)")
        let body = try upload.json()
        let items = try #require(body["items"] as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items[0]["width"] as? Int == 1200 && items[0]["height"] as? Int == 1800)
        let errors = try #require(body["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors[0]["code"] as? String == "unsupported")
        let id = try #require(items[0]["id"] as? Int)

        // Only bad files: a problem+json error.
        let bad = try server.uploadPhotos([("zero.jpg", [])], token: alice)
        #expect(bad.status == 422 && bad.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        let bomb = try server.uploadPhotos([("bomb.png", try corpus("edge/bomb_png_65536x65536.png"))], token: alice)
        #expect(bomb.status == 422 && bomb.text.contains("urn:appsuite:problem:photo-too-many-pixels") && bomb.text.contains("像素太多"),
                "the reader's language (no Accept-Language: Chinese): \(bomb.text)")

        let list = try server.request("GET", "/api/v1/photos?limit=1", token: alice).json()
        #expect((list["items"] as? [[String: Any]])?.count == 1)
        let cursor = try #require(list["nextCursor"] as? String)
        let page2 = try server.request("GET", "/api/v1/photos?limit=1&cursor=\(cursor)", token: alice).json()
        #expect((page2["items"] as? [[String: Any]])?.first?["id"] as? Int == id)
        #expect(page2["nextCursor"] == nil, "the last page has no nextCursor (the endpoint core leaves nil fields out)")

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
        let version = try saved.json()
        #expect(version["displayWidth"] as? Int == 300 && version["displayHeight"] as? Int == 200)
        #expect((version["versions"] as? [Any])?.count == 1)
        #expect(version["width"] as? Int == 1200)
        let rendition = try server.request("GET", "/api/v1/photos/\(id)/rendition", token: alice)
        #expect(rendition.status == 200)
        let badOps = #"{"operations":[{"op":"crop","x":0,"y":0,"width":9000,"height":10}]}"#
        let refused = try server.request("POST", "/api/v1/photos/\(id)/versions", token: alice, headers: ["Content-Type": "application/json"], body: Array(badOps.utf8))
        #expect(refused.status == 422 && refused.text.contains("第 1 步：裁剪框 9000×10（位于 0,0）超出了"), "\(refused.text)")

        let reverted = try server.request("POST", "/api/v1/photos/\(id)/revert", token: alice).json()
        #expect(reverted["displayWidth"] as? Int == 1200 && reverted["currentVersionId"] is NSNull)
        #expect(try server.request("GET", "/api/v1/photos/\(id)/original", token: alice).body == (try corpus("orientation/Portrait_6.jpg")))

        // Albums.
        let json = ["Content-Type": "application/json"]
        let created = try server.request("POST", "/api/v1/photos/albums", token: alice, headers: json, body: Array(#"{"name":"家人"}"#.utf8))
        #expect(created.status == 201)
        let albumID = try #require(try created.json()["id"] as? Int)
        let added = try server.request("POST", "/api/v1/photos/\(id)/albums", token: alice, headers: json, body: Array(#"{"albumId":\#(albumID)}"#.utf8))
        #expect(added.status == 200 && added.text.contains("\(albumID)"))
        let albumList = try server.request("GET", "/api/v1/photos?album=\(albumID)", token: alice).json()
        #expect((albumList["items"] as? [[String: Any]])?.map { $0["id"] as? Int } == [id])
        #expect(try server.request("GET", "/api/v1/photos?album=\(albumID)", token: bob).status == 404)
        #expect(try server.request("POST", "/api/v1/photos/\(id)/albums", token: bob, headers: json, body: Array(#"{"albumId":\#(albumID)}"#.utf8)).status == 404)
        let albums = try server.request("GET", "/api/v1/photos/albums", token: alice).json()
        #expect((albums["items"] as? [[String: Any]])?.first?["count"] as? Int == 1)

        // Delete moves it to 最近删除 (issue 29); emptying the trash deletes it for good.
        #expect(try server.request("DELETE", "/api/v1/photos/\(id)", token: alice).status == 204)
        #expect(try server.request("GET", "/api/v1/photos/\(id)", token: alice).json()["trashedAt"] is String)
        #expect(try server.request("DELETE", "/api/v1/photos/trash", token: alice).json()["count"] as? Int == 1)
        #expect(try server.request("GET", "/api/v1/photos/\(id)", token: alice).status == 404)
    }

    @Test("pages: grid, viewer with n/N and disabled ends, editor; signed out goes to login")
    func pages() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        #expect(try server.request("GET", "/photos", token: nil).status == 303)
        _ = try server.uploadPhotos([("a.jpg", try corpus("orientation/Landscape_1.jpg")), ("b.jpg", try corpus("orientation/Landscape_2.jpg"))], token: alice)
        try server.waitForThumbnails(token: alice)
        let grid = try server.request("GET", "/photos", token: alice)
        #expect(grid.status == 200 && grid.text.contains("photo-grid") && grid.text.contains("loading=\"lazy\""))
        let list = try server.request("GET", "/api/v1/photos", token: alice).json()
        let ids = (list["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(ids.count == 2)
        let first = try server.request("GET", "/photos/\(ids[0])", token: alice).text
        #expect(first.contains(">1/2<") && first.contains(#"id="photo-prev" type="button" disabled"#))
        #expect(first.contains(#"id="photo-next" href="/photos/\#(ids[1])""#))
        let last = try server.request("GET", "/photos/\(ids[1])", token: alice).text
        #expect(last.contains(">2/2<") && last.contains(#"id="photo-next" type="button" disabled"#))
        let editor = try server.request("GET", "/photos/\(ids[0])/edit", token: alice)
        #expect(editor.status == 200 && editor.text.contains("edit-form"))
        let bob = try server.register("bob").token
        #expect(try server.request("GET", "/photos/\(ids[0])", token: bob).status == 404)

        // The editor without JavaScript: plain fields, coordinates in the rotated picture.
        let form = "rotate=90&flip_h=1&crop_x=100&crop_y=200&crop_w=600&crop_h=300&resize_w=300&resize_h=150"
        let saved = try server.request("POST", "/photos/\(ids[0])/versions", token: alice,
                                       headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8))
        #expect(saved.status == 303 && saved.headers["location"] == "/photos/\(ids[0])")
        let meta = try server.request("GET", "/api/v1/photos/\(ids[0])", token: alice).json()
        #expect(meta["displayWidth"] as? Int == 300 && meta["displayHeight"] as? Int == 150)
        let ops = (meta["versions"] as? [[String: Any]])?.first?["operations"] as? [[String: Any]]
        #expect(ops?.map { $0["op"] as? String } == ["rotate", "flip", "crop", "resize"])
        let bad = try server.request("POST", "/photos/\(ids[0])/versions", token: alice,
                                     headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array("crop_x=0&crop_y=0&crop_w=5000&crop_h=1".utf8))
        #expect(bad.status == 303 && bad.headers["location"] == "/photos/\(ids[0])/edit")
    }

    @Test("5,000 flips: 422 naming the limit (API and page form), nothing saved, the server still answers; maxItems documented")
    func fiveThousandFlips() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let upload = try server.uploadPhotos([("chelsea.png", try corpus("ordinary/chelsea.png"))], token: alice).json()
        let id = try #require((upload["items"] as? [[String: Any]])?.first?["id"] as? Int)
        let flips = "[" + Array(repeating: #"{"op":"flip"}"#, count: 5_000).joined(separator: ",") + "]"
        let refused = try server.request("POST", "/api/v1/photos/\(id)/versions", token: alice, headers: ["Content-Type": "application/json"],
                                         body: Array(#"{"operations":\#(flips)}"#.utf8))
        #expect(refused.status == 422 && refused.text.contains("at most 20 operations, not 5000"), "\(refused.status) \(refused.text)")
        let form = "operations=" + (flips.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let page = try server.request("POST", "/photos/\(id)/versions", token: alice,
                                      headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8))
        #expect(page.status == 303 && page.headers["location"] == "/photos/\(id)/edit")
        let meta = try server.request("GET", "/api/v1/photos/\(id)", token: alice).json()
        #expect((meta["versions"] as? [Any])?.isEmpty == true)
        #expect(try server.request("GET", "/healthz", token: nil).status == 200)
        // Twenty flips are allowed and merge into nothing but one stored step at most.
        let twenty = "[" + Array(repeating: #"{"op":"flip","direction":"vertical"}"#, count: 19).joined(separator: ",") + #",{"op":"rotate","degrees":90}]"#
        let saved = try server.request("POST", "/api/v1/photos/\(id)/versions", token: alice, headers: ["Content-Type": "application/json"],
                                       body: Array(#"{"operations":\#(twenty)}"#.utf8))
        #expect(saved.status == 201, "\(saved.text)")
        let ops = (try saved.json()["versions"] as? [[String: Any]])?.first?["operations"] as? [[String: Any]]
        #expect(ops?.count == 2, "19 vertical flips and a turn are one turn and one flip: \(String(describing: ops))")

        let document = try server.request("GET", "/api/openapi.json", token: nil).json()
        let post = ((document["paths"] as? [String: Any])?["/api/v1/photos/{id}/versions"] as? [String: Any])?["post"] as? [String: Any]
        let body = (((post?["requestBody"] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
        #expect(body?["$ref"] as? String == "#/components/schemas/NewPhotoVersion")
        let schema = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["NewPhotoVersion"] as? [String: Any]
        let operations = (schema?["properties"] as? [String: Any])?["operations"] as? [String: Any]
        #expect(operations?["maxItems"] as? Int == 20, "\(String(describing: operations))")
    }
}

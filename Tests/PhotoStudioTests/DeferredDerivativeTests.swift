import AppSuiteTesting
import Foundation
import Testing

/// Issue 8 item 3: an upload answers once the original is stored and its header checked; thumbnails and
/// renditions are made on the work pool, and the grid shows a placeholder until they exist.
@Suite(.serialized) struct DeferredDerivativeTests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    @Test("a missing thumbnail is a placeholder on the grid (no JS needed), then made by the pool and shown", .requires(.photos))
    func placeholderUntilTheThumbnailExists() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let upload = try server.uploadPhotos([("Landscape_3.jpg", try corpus("orientation/Landscape_3.jpg"))], token: alice).json()
        let item = try #require((upload["items"] as? [[String: Any]])?.first)
        #expect(item["thumbnailReady"] is Bool && item["problem"] is NSNull)
        let id = try #require(item["id"] as? Int)
        #expect(try server.waitForThumbnails(token: alice).first?["thumbnailReady"] as? Bool == true)
        // Rendition too, without asking for it.
        let derived = URL(fileURLWithPath: server.dataDirectory).appendingPathComponent("apps/photos/derived")
        func derivedFiles() -> [String] {
            (FileManager.default.enumerator(atPath: derived.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
        }
        _ = wait(until: { derivedFiles().count >= 2 }, timeout: .seconds(30))
        #expect(derivedFiles().map { $0.suffix(6) } == ["-r.jpg", "-t.jpg"])

        // Clear the cache, as a new upload looks before the pool gets to it.
        try FileManager.default.removeItem(at: derived)
        let grid = try server.request("GET", "/photos", token: alice).text
        #expect(grid.contains(#"class="photo-placeholder" data-pending="/api/v1/photos/\#(id)/thumbnail?v="#), "\(grid)")
        #expect(grid.contains("处理中…") && !grid.contains(#"class="photo-thumb""#))
        // The grid queued it: it appears without anyone asking for the thumbnail itself.
        #expect(try server.waitForThumbnails(token: alice).first?["thumbnailReady"] as? Bool == true)
        let again = try server.request("GET", "/photos", token: alice).text
        #expect(again.contains(#"class="photo-thumb" src="/api/v1/photos/\#(id)/thumbnail?v="#) && !again.contains("photo-placeholder"))
    }

    @Test("a file whose header reads but whose pixels do not: accepted, then marked, shown as such, refused as a thumbnail", .requires(.photos))
    func truncatedUploadIsMarked() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let upload = try server.uploadPhotos([("truncated.png", try corpus("edge/truncated_image.png"))], token: alice)
        #expect(upload.status == 201, "\(upload.text)")
        let listed = try server.waitForThumbnails(token: alice)
        #expect(listed.first?["thumbnailReady"] as? Bool == false)
        #expect(listed.first?["problem"] as? String == "corrupt or truncated image: PNG 640×480: the pixel data cannot be decoded")
        let id = try #require(listed.first?["id"] as? Int)
        let grid = try server.request("GET", "/photos", token: alice).text
        #expect(grid.contains(#"class="photo-placeholder is-broken" title="无法读取这张图片：文件已损坏或不完整（PNG 640×480）。只能删除。""#), "\(grid)")
        #expect(grid.contains("无法显示") && !grid.contains("data-pending"))
        let viewer = try server.request("GET", "/photos/\(id)", token: alice).text
        #expect(viewer.contains(#"id="photo-problem">无法读取这张图片：文件已损坏或不完整（PNG 640×480）。只能删除。<"#), "\(viewer)")
        #expect(!viewer.contains(#"id="photo-edit""#) && !viewer.contains(#"id="photo-download""#), "nothing to edit or save")
        let thumbnail = try server.request("GET", "/api/v1/photos/\(id)/thumbnail", token: alice)
        #expect(thumbnail.status == 422 && thumbnail.text.contains("photo-corrupt"))
        // The original is kept byte for byte and can be deleted as usual.
        #expect(try server.request("GET", "/api/v1/photos/\(id)/original", token: alice).body == (try corpus("edge/truncated_image.png")))
        #expect(try server.request("DELETE", "/api/v1/photos/\(id)", token: alice).status == 204)
    }

    @Test("34 uploads at once, more than one account may queue: polling a photo's metadata gets the rest made", .requires(.photos))
    func moreUploadsThanTheQueueHolds() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        var files: [(name: String, bytes: [UInt8])] = []
        for folder in ["orientation", "ordinary"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: Corpus.url(folder).path).sorted() {
                files.append((name, try corpus("\(folder)/\(name)")))
            }
        }
        #expect(files.count == 34)
        let upload = try server.uploadPhotos(files, token: alice)
        #expect(upload.status == 201)
        let ids = (try upload.json()["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(ids.count == 34)
        // As photos.js does: ask each waiting photo again until its thumbnail is ready (bounded).
        var waiting = Set(ids)
        _ = try wait(until: {
            for id in waiting {
                let photo = try server.request("GET", "/api/v1/photos/\(id)", token: alice).json()
                if photo["thumbnailReady"] as? Bool == true { waiting.remove(id) }
            }
            return waiting.isEmpty
        }, timeout: .seconds(120), every: .milliseconds(100))
        #expect(waiting.isEmpty, "no thumbnail for \(waiting.sorted())")
    }
}

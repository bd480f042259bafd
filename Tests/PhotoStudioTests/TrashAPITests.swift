import AppSuiteTesting
import Foundation
import Testing

/// Issue 29 over HTTP: 最近删除, album changes, batches and the zip download, with another account's ids refused.
@Suite(.serialized, .requires(.photos)) struct TrashAPITests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    func ids(_ reply: RawHTTPClient.Reply) throws -> [Int] {
        (try reply.json()["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func trashRestoreEmptyAndUploadAgain() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let bob = try server.register("bob").token
        let landscape = try corpus("orientation/Landscape_1.jpg")
        let upload = try server.uploadPhotos([("Landscape_1.jpg", landscape), ("Portrait_6.jpg", try corpus("orientation/Portrait_6.jpg"))], token: alice)
        let uploaded = try ids(upload)
        #expect(uploaded.count == 2)
        let (first, second) = (uploaded[0], uploaded[1])

        #expect(try server.request("DELETE", "/api/v1/photos/\(first)", token: bob).status == 404)
        #expect(try server.request("DELETE", "/api/v1/photos/\(first)", token: alice).status == 204)
        #expect(try server.request("DELETE", "/api/v1/photos/\(first)", token: alice).status == 204, "trashing again changes nothing")
        #expect(try ids(try server.request("GET", "/api/v1/photos", token: alice)) == [second])
        let trash = try server.request("GET", "/api/v1/photos/trash", token: alice)
        #expect(trash.status == 200 && trash.headers["cache-control"] == "no-store")
        let page = try trash.json()
        #expect(page["total"] as? Int == 1 && page["retentionDays"] as? Int == 30 && page["bytes"] as? Int == landscape.count)
        let item = try #require((page["items"] as? [[String: Any]])?.first)
        let trashedAt = try #require(item["trashedAt"] as? String), purgeAt = try #require(item["purgeAt"] as? String)
        let dates = ISO8601DateFormatter()
        #expect(try #require(dates.date(from: purgeAt)).timeIntervalSince(try #require(dates.date(from: trashedAt))) == 30 * 86_400)
        #expect(try server.request("GET", "/api/v1/photos/\(first)", token: alice).json()["trashedAt"] as? String == trashedAt)
        #expect(try server.request("GET", "/api/v1/photos/trash?cursor=nonsense", token: alice).status == 422)
        #expect(try server.request("GET", "/api/v1/photos/trash?limit=201", token: alice).status == 422)
        #expect(try server.request("GET", "/api/v1/photos/trash", token: bob).json()["total"] as? Int == 0)
        // A trashed photo cannot be edited until it is restored.
        let edit = try server.send("POST", "/api/v1/photos/\(first)/versions", json: #"{"operations":[{"op":"rotate","degrees":90}]}"#, token: alice)
        #expect(edit.status == 404)

        #expect(try server.request("POST", "/api/v1/photos/\(first)/restore", token: bob).status == 404)
        let restored = try server.request("POST", "/api/v1/photos/\(first)/restore", token: alice)
        let restoredBody = try restored.json()
        #expect(restored.status == 200 && restoredBody["id"] as? Int == first && restoredBody["trashedAt"] == nil)

        // Uploading the bytes of a trashed photo restores it and says so.
        #expect(try server.request("DELETE", "/api/v1/photos/\(first)", token: alice).status == 204)
        let again = try server.uploadPhotos([("again.jpg", landscape)], token: alice)
        let againItem = try #require((try again.json()["items"] as? [[String: Any]])?.first)
        #expect(again.status == 200 && againItem["id"] as? Int == first && againItem["restored"] as? Bool == true && againItem["duplicate"] as? Bool == true)

        // Restore all, then empty.
        for id in [first, second] { #expect(try server.request("DELETE", "/api/v1/photos/\(id)", token: alice).status == 204) }
        #expect(try server.request("POST", "/api/v1/photos/trash/restore", token: alice).json()["count"] as? Int == 2)
        #expect(try server.request("DELETE", "/api/v1/photos/\(second)", token: alice).status == 204)
        #expect(try server.request("DELETE", "/api/v1/photos/trash", token: alice).json()["count"] as? Int == 1)
        #expect(try server.request("POST", "/api/v1/photos/\(second)/restore", token: alice).status == 404, "purged")
        #expect(try server.request("GET", "/api/v1/photos/\(second)/original", token: alice).status == 404)
        #expect(try ids(try server.request("GET", "/api/v1/photos", token: alice)) == [first])
    }

    @Test func batchesAlbumsAndTheZip() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let bob = try server.register("bob").token
        let files = try ["Landscape_1.jpg", "Landscape_2.jpg", "Landscape_3.jpg"].map { ($0, try corpus("orientation/" + $0)) }
        let mine = try ids(try server.uploadPhotos(files, token: alice)).sorted()
        let bobs = try ids(try server.uploadPhotos([("p.jpg", try corpus("orientation/Portrait_6.jpg"))], token: bob))
        #expect(mine.count == 3 && bobs.count == 1)

        func batch(_ json: String, token: String = alice) throws -> RawHTTPClient.Reply {
            try server.send("POST", "/api/v1/photos/batch", json: json, token: token)
        }
        let tooMany = try batch(#"{"action":"trash","ids":[\#((1...10_000).map(String.init).joined(separator: ","))]}"#)
        #expect(tooMany.status == 422 && tooMany.text.contains("不是 10000 张"), "\(tooMany.text.prefix(300))")
        let mixed = try batch(#"{"action":"trash","ids":[\#(mine[0]),\#(bobs[0]),\#(mine[1]),\#(mine[0]),987654]}"#)
        #expect(mixed.status == 422)
        let errors = (try mixed.json()["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
        #expect(errors == ["ids[3]"], "duplicates are named first, before any lookup: \(mixed.text)")
        let foreign = try batch(#"{"action":"trash","ids":[\#(mine[0]),\#(bobs[0]),\#(mine[1]),987654]}"#)
        let named = (try foreign.json()["errors"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
        #expect(foreign.status == 422 && named == ["ids[1]", "ids[3]"], "\(foreign.text)")
        #expect(try ids(try server.request("GET", "/api/v1/photos", token: alice)).count == 3, "nothing changed")
        let shred = try batch(#"{"action":"shred","ids":[1]}"#)
        #expect(shred.status == 422 && shred.text.contains(#""field":"action""#), "an unknown action: \(shred.text)")

        let trashed = try batch(#"{"action":"trash","ids":[\#(mine[0]),\#(mine[1])]}"#)
        let trashedBody = try trashed.json()
        #expect(trashed.status == 200 && trashedBody["changed"] as? Int == 2, "\(trashed.text)")
        #expect(try batch(#"{"action":"restore","ids":[\#(mine[0]),\#(mine[1]),\#(mine[2])]}"#).json()["changed"] as? Int == 2)

        let album = try #require(try server.send("POST", "/api/v1/photos/albums", json: #"{"name":"旅行"}"#, token: alice).json()["id"] as? Int)
        _ = try server.send("POST", "/api/v1/photos/albums", json: #"{"name":"家人"}"#, token: alice)
        #expect(try batch(#"{"action":"addToAlbum","ids":[\#(mine[0]),\#(mine[1])]}"#).status == 422, "albumId missing")
        #expect(try batch(#"{"action":"addToAlbum","albumId":\#(album),"ids":[\#(mine[0]),\#(mine[1])]}"#, token: alice).json()["changed"] as? Int == 2)
        #expect(try batch(#"{"action":"addToAlbum","albumId":\#(album),"ids":[\#(bobs[0])]}"#, token: bob).status == 404, "not Bob's album")

        // Rename and cover; another account's cover is a 404; a taken name 409; then delete, the photos stay.
        // Tester pass 11 finding 2: a photo outside the album is refused by name, and nothing changes (not even the name).
        let outside = try server.send("PATCH", "/api/v1/photos/albums/\(album)", json: #"{"name":"2024 旅行","coverPhotoId":\#(mine[2])}"#, token: alice)
        #expect(outside.status == 422 && outside.text.contains(#""field":"coverPhotoId""#), "\(outside.text)")
        let unchanged = try server.request("GET", "/api/v1/photos/albums", token: alice).json()["items"] as? [[String: Any]] ?? []
        #expect(unchanged.first { $0["id"] as? Int == album }?["count"] as? Int == 2 && unchanged.contains { $0["name"] as? String == "旅行" })
        let patched = try server.send("PATCH", "/api/v1/photos/albums/\(album)", json: #"{"name":"2024 旅行","coverPhotoId":\#(mine[0])}"#, token: alice)
        #expect(patched.status == 200, "\(patched.text)")
        let body = try patched.json()
        #expect(body["name"] as? String == "2024 旅行" && body["coverPhotoId"] as? Int == mine[0] && body["coverChosen"] as? Bool == true && body["count"] as? Int == 2)
        let cleared = try server.send("PATCH", "/api/v1/photos/albums/\(album)", json: #"{"coverPhotoId":null}"#, token: alice).json()
        #expect(cleared["coverChosen"] as? Bool == false && cleared["coverPhotoId"] as? Int == mine[1], "null clears the choice: \(cleared)")
        #expect(try server.send("PATCH", "/api/v1/photos/albums/\(album)", json: #"{"coverPhotoId":\#(bobs[0])}"#, token: alice).status == 404)
        #expect(try server.send("PATCH", "/api/v1/photos/albums/\(album)", json: #"{"name":"家人"}"#, token: alice).status == 409)
        #expect(try server.send("PATCH", "/api/v1/photos/albums/\(album)", json: #"{"name":"mine"}"#, token: bob).status == 404)
        #expect(try server.send("PATCH", "/api/v1/photos/albums/\(album)", json: #"{}"#, token: alice).status == 422)
        #expect(try server.request("DELETE", "/api/v1/photos/albums/\(album)", token: bob).status == 404)
        #expect(try server.request("DELETE", "/api/v1/photos/albums/\(album)", token: alice).status == 204)
        #expect(try ids(try server.request("GET", "/api/v1/photos", token: alice)).count == 3, "its photos stay")

        // The zip: every photo whole, in the order asked; another account's id names it.
        let zip = try server.request("GET", "/api/v1/photos/download?id=\(mine[2])&id=\(mine[0])", token: alice)
        #expect(zip.status == 200 && zip.headers["content-type"] == "application/zip", "\(zip.text.prefix(200))")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(zip.body).write(to: folder.appendingPathComponent("photos.zip"))
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        unzip.arguments = ["-q", folder.appendingPathComponent("photos.zip").path, "-d", folder.appendingPathComponent("out").path]
        try unzip.run()
        unzip.waitUntilExit()
        #expect(unzip.terminationStatus == 0)
        for (name, bytes) in files where name != "Landscape_2.jpg" {
            #expect(try Data(contentsOf: folder.appendingPathComponent("out/" + name)) == Data(bytes), "\(name) byte for byte")
        }
        let refused = try server.request("GET", "/api/v1/photos/download?id=\(mine[0])&id=\(bobs[0])", token: alice)
        #expect(refused.status == 422 && refused.text.contains("id[1]"))
        #expect(try server.request("GET", "/api/v1/photos/download", token: alice).status == 422)
    }

    /// Issue 29 item 6: typing only a width in 调整尺寸 was silently ignored; now the height follows the proportions of the
    /// picture as rotated and cropped before it (and the other way round).
    @Test func aWidthAloneResizesWithTheAspectKept() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let id = try #require(try ids(try server.uploadPhotos([("Portrait_6.jpg", try corpus("orientation/Portrait_6.jpg"))], token: alice)).first)
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let saved = try server.request("POST", "/photos/\(id)/versions", token: alice, headers: form, body: Array("resize_w=300".utf8))
        #expect(saved.status == 303 && saved.headers["location"] == "/photos/\(id)")
        var meta = try server.request("GET", "/api/v1/photos/\(id)", token: alice).json()
        #expect(meta["displayWidth"] as? Int == 300 && meta["displayHeight"] as? Int == 450, "1200×1800 → 300×450: \(meta)")
        // Turned a quarter and cropped to 400×100, a height of 50 gives a width of 200.
        let turned = try server.request("POST", "/photos/\(id)/versions", token: alice, headers: form,
                                        body: Array("rotate=90&crop_x=0&crop_y=0&crop_w=400&crop_h=100&resize_h=50".utf8))
        #expect(turned.status == 303)
        meta = try server.request("GET", "/api/v1/photos/\(id)", token: alice).json()
        #expect(meta["displayWidth"] as? Int == 200 && meta["displayHeight"] as? Int == 50, "\(meta)")
    }
}

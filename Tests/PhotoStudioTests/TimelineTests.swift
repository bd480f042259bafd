import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Identity
@testable import PhotoStudio
import Storage
import Testing

/// The timeline (issue 29 item 3): when each photo was taken, and keyset pages over it.
@Suite(.serialized) struct TimelineTests {
    static func modified(_ relative: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: Corpus.url(relative).path)[.modificationDate] as? Date)
    }

    @Test("taken times of the real files: DateTimeOriginal with OffsetTimeOriginal, else the file's time", .requires(.photos))
    func corpusDates() throws {
        let fixture = try Fixture()
        _ = try fixture.importer().importData(from: Corpus.url("ordinary")) { _ in }
        let photos = try fixture.library.list(userID: fixture.alice, limit: 100, after: nil).items
        let byName = Dictionary(uniqueKeysWithValues: photos.map { ($0.filename, $0.taken) })
        #expect(photos.count == 16)
        // Values as libexif reads them (DateTimeOriginal; OffsetTimeOriginal where the camera wrote it).
        for (name, expected) in Self.expectedEXIF {
            #expect(byName[name] == expected, "\(name)")
        }
        // No EXIF date: the file's modification time on import, in China time.
        for name in ["coffee.png", "astronaut.png", "retina.jpg", "rocket.jpg"] {
            let expected = TakenTime(local: TakenTime.format(try Self.modified("ordinary/" + name), in: TakenTime.homeZone), offset: "+08:00", basis: .file)
            #expect(byName[name] == expected, "\(name)")
        }
    }

    static let expectedEXIF: [(String, TakenTime)] = [
        ("canon_hdr_NO.jpg", TakenTime(local: "2015-02-09T22:47:44", offset: nil, basis: .exif)),
        ("iphone_hdr_YES.jpg", TakenTime(local: "2015-04-10T20:12:23", offset: nil, basis: .exif)),
        ("HMD_Nokia_8.3_5G.jpg", TakenTime(local: "2022-08-14T14:12:31", offset: "+03:00", basis: .exif)),
        ("42_IndexError.jpg", TakenTime(local: "2014-08-23T13:05:43", offset: nil, basis: .exif)),
    ]

    @Test("EXIF dates in the future, before 1900 or impossible are the upload time, labelled; blanks count as none")
    func refusedDates() {
        let upload = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30T… UTC
        let uploadLocal = TakenTime.format(upload, in: TakenTime.homeZone)
        for text in ["2099:01:01 00:00:00", "1899:12:31 23:59:59", "2019:02:30 10:00:00", "2017:08:21 15:08:70", "yesterday"] {
            #expect(TakenTime.resolve(dateTimeOriginal: text, offsetTimeOriginal: nil, fileTime: nil, uploadTime: upload)
                    == TakenTime(local: uploadLocal, offset: "+08:00", basis: .invalidExif), "\(text)")
        }
        // Later than the upload in UTC, but not anywhere on Earth with an unknown offset (UTC+14): believed.
        let ahead = TakenTime.format(upload.addingTimeInterval(10 * 3_600), in: TakenTime.utc).replacingOccurrences(of: "-", with: ":")
            .replacingOccurrences(of: "T", with: " ")
        #expect(TakenTime.resolve(dateTimeOriginal: ahead, offsetTimeOriginal: nil, fileTime: nil, uploadTime: upload).basis == .exif)
        // With its offset the same wall time is an hour after the upload: refused.
        #expect(TakenTime.resolve(dateTimeOriginal: ahead, offsetTimeOriginal: "+09:00", fileTime: nil, uploadTime: upload).basis == .invalidExif)
        #expect(TakenTime.resolve(dateTimeOriginal: "1900:01:01 00:00:00", offsetTimeOriginal: "-05:00", fileTime: nil, uploadTime: upload)
                == TakenTime(local: "1900-01-01T00:00:00", offset: "-05:00", basis: .exif))
        // "0000:00:00 00:00:00" is how cameras write "no date": the file's time, then the upload.
        let file = Date(timeIntervalSince1970: 1_500_000_000)
        #expect(TakenTime.resolve(dateTimeOriginal: "0000:00:00 00:00:00", offsetTimeOriginal: nil, fileTime: file, uploadTime: upload)
                == TakenTime(local: "2017-07-14T10:40:00", offset: "+08:00", basis: .file))
        #expect(TakenTime.resolve(dateTimeOriginal: nil, offsetTimeOriginal: nil, fileTime: upload.addingTimeInterval(86_400), uploadTime: upload).basis == .upload)
        // A malformed offset is left out, the date kept.
        #expect(TakenTime.resolve(dateTimeOriginal: "2019:07:14 18:03:22", offsetTimeOriginal: "+25:00", fileTime: nil, uploadTime: upload)
                == TakenTime(local: "2019-07-14T18:03:22", offset: nil, basis: .exif))
        #expect(TimelineCursor("2019-07-14T18:03:22_5") == TimelineCursor(local: "2019-07-14T18:03:22", id: 5))
        for bad in ["", "5", "2019-07-14T18:03:22", "2019-07-14T18:03:22_0", "2019-02-30T18:03:22_5", "2019-07-14 18:03:22_5", "x_5"] {
            #expect(TimelineCursor(bad) == nil, "\(bad)")
        }
    }

    @Test("keyset pages over (takenAt, id): photos added between pages never repeat or skip one", .requires(.photos))
    func pagingWithInserts() throws {
        let fixture = try Fixture()
        _ = try fixture.importer().importData(from: Corpus.url("orientation")) { _ in }
        let library = fixture.library
        var seen: [Photo] = []
        var page = try library.list(userID: fixture.alice, limit: 5, after: nil)
        seen += page.items
        let firstCursor = try #require(page.next)
        // Between pages: photos taken long before (EXIF 2005–2022, after the cursor) and one uploaded now (before it).
        for name in ["22-canon_tags.jpg", "HMD_Nokia_8.3_5G.jpg", "87_OSError.jpg"] {
            _ = try library.add(fileAt: Corpus.url("ordinary/" + name).path, filename: name, userID: fixture.alice, check: .header)
        }
        let uploadedNow = try library.add(fileAt: Corpus.url("ordinary/coffee.png").path, filename: "coffee.png", userID: fixture.alice, check: .header)
        #expect(uploadedNow.photo.taken.basis == .upload)
        while let next = page.next {
            page = try library.list(userID: fixture.alice, limit: 5, after: next)
            seen += page.items
            if seen.count == 10 {
                // And one more among what is still to come (EXIF 2014).
                _ = try library.add(fileAt: Corpus.url("ordinary/jolla.jpg").path, filename: "jolla.jpg", userID: fixture.alice, check: .header)
            }
        }
        let key = { (photo: Photo) in TimelineCursor(local: photo.taken.local, id: photo.id) }
        let after = { (a: TimelineCursor, b: TimelineCursor) in (a.local, a.id) < (b.local, b.id) }
        let all = try library.list(userID: fixture.alice, limit: 200, after: nil).items
        #expect(all.count == 18 + 5)
        let expected = Array(seen.prefix(5)) + all.filter { after(key($0), firstCursor) }
        #expect(seen.map(\.id) == expected.map(\.id), "every photo after the first page's last exactly once, none before it")
        #expect(Set(seen.map(\.id)).count == seen.count)
        #expect(seen.contains { $0.filename == "HMD_Nokia_8.3_5G.jpg" } && seen.contains { $0.filename == "jolla.jpg" })
        #expect(!seen.contains { $0.filename == "coffee.png" }, "uploaded now: before the first page's last photo, so not on a later page")
        let photo = try #require(all.first { $0.filename == "HMD_Nokia_8.3_5G.jpg" })
        let position = try library.position(of: photo)
        let index = try #require(all.firstIndex { $0.id == photo.id })
        #expect(position.index == index + 1 && position.total == all.count)
        #expect(position.newer == all[index - 1].id && position.older == (index + 1 < all.count ? all[index + 1].id : nil))
        let months = try library.months(userID: fixture.alice)
        #expect(months.reduce(0) { $0 + $1.count } == all.count && months.map(\.month) == months.map(\.month).sorted(by: >))
        #expect(months.contains { $0.month == "2022-08" && $0.count == 1 })
    }

    @Test("migration 8 fills the taken times of photos stored before it")
    func migrationBackfill() throws {
        let database = try TemporaryDatabase.make()
        let photoMigrations = PhotoLibrary.migrations()
        try Migrator.migrate(database, IdentitySchema.migrations() + photoMigrations.filter { $0.version < 8 })
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("photos-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let identity = IdentityService(database: database, secret: try ServerSecret.loadOrCreate(at: directory.appendingPathComponent("secret")))
        let user = try identity.users.register(username: "alice", password: "correct horse battery", now: 1).id
        let created: Int64 = 1_700_000_000  // 2023-11-14T22:13:20Z, 2023-11-15T06:13:20 in China
        for (index, taken) in ["2015:02:09 22:47:44", nil, "2099:01:01 00:00:00"].enumerated() {
            try database.write { db in
                try db.execute("""
                    INSERT INTO photos_photos (user_id, sha256, filename, format, width, height, orientation, color_space, has_alpha,
                        page_count, taken_at, file_size, created_at) VALUES (?, ?, ?, 'jpeg', 1, 1, 1, 'rgb', ?, 1, ?, 1, ?)
                    """, user, String(repeating: String(index), count: 64), "p\(index).jpg", false, taken, created)
            }
        }
        try Migrator.migrate(database, IdentitySchema.migrations() + photoMigrations)
        let library = PhotoLibrary(database: database, directory: directory)
        let photos = try library.list(userID: user, limit: 10, after: nil).items
        #expect(photos.map(\.filename) == ["p2.jpg", "p1.jpg", "p0.jpg"], "the same taken time: the higher id first")
        #expect(photos.map(\.taken) == [
            TakenTime(local: "2023-11-15T06:13:20", offset: "+08:00", basis: .invalidExif),
            TakenTime(local: "2023-11-15T06:13:20", offset: "+08:00", basis: .upload),
            TakenTime(local: "2015-02-09T22:47:44", offset: nil, basis: .exif),
        ])
    }

    /// A multipart body of files and plain fields.
    static func form(files: [(String, [UInt8])], fields: [(String, String)]) -> (headers: [String: String], body: [UInt8]) {
        let boundary = "timeline-" + UUID().uuidString
        var body: [UInt8] = []
        for (name, bytes) in files {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            body += bytes + Array("\r\n".utf8)
        }
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return (["Content-Type": "multipart/form-data; boundary=\(boundary)"], body)
    }

    @Test("API: the list answers takenAt and takenAtBasis and pages by them; lastModified, cursor and month checked", .requires(.photos))
    func api() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let bytes = { (name: String) in [UInt8](try Data(contentsOf: Corpus.url("ordinary/" + name))) }
        func post(_ files: [(String, [UInt8])], _ fields: [(String, String)]) throws -> RawHTTPClient.Reply {
            let form = Self.form(files: files, fields: fields)
            return try server.request("POST", "/api/v1/photos", token: alice, headers: form.headers, body: form.body)
        }
        let bad = try post([("coffee.png", try bytes("coffee.png"))], [("lastModified", "yesterday")])
        #expect(bad.status == 422 && bad.text.contains("lastModified"), "\(bad.text)")
        let mismatch = try post([("coffee.png", try bytes("coffee.png"))], [("lastModified", "1"), ("lastModified", "2")])
        #expect(mismatch.status == 422 && mismatch.text.contains("lastModified"))
        #expect((try server.request("GET", "/api/v1/photos", token: alice).json()["items"] as? [Any])?.isEmpty == true, "nothing stored")
        let first = try post([("HMD_Nokia_8.3_5G.jpg", try bytes("HMD_Nokia_8.3_5G.jpg")), ("coffee.png", try bytes("coffee.png"))],
                             [("lastModified", "1600000000000"), ("lastModified", "1500000000000")])
        #expect(first.status == 201, "\(first.text)")
        #expect(try post([("astronaut.png", try bytes("astronaut.png"))], []).status == 201)

        let page = try server.request("GET", "/api/v1/photos?limit=2", token: alice).json()
        let items = try #require(page["items"] as? [[String: Any]])
        #expect(items.map { $0["filename"] as? String } == ["astronaut.png", "HMD_Nokia_8.3_5G.jpg"])
        #expect(items[0]["takenAtBasis"] as? String == "upload" && (items[0]["takenAt"] as? String)?.hasSuffix("+08:00") == true)
        #expect(items[1]["takenAt"] as? String == "2022-08-14T14:12:31+03:00" && items[1]["takenAtBasis"] as? String == "exif")
        #expect(items[1]["exifDateTime"] as? String == "2022-08-14T14:12:31+03:00", "ISO 8601 with the offset (tester pass 11 finding 13)")
        let cursor = try #require(page["nextCursor"] as? String)
        #expect(cursor.hasPrefix("2022-08-14T14:12:31_"))
        let rest = try #require(try server.request("GET", "/api/v1/photos?cursor=\(cursor)", token: alice).json()["items"] as? [[String: Any]])
        #expect(rest.count == 1 && rest[0]["filename"] as? String == "coffee.png")
        // The browser's lastModified (2017-07-14T02:40:00Z), in China time.
        #expect(rest[0]["takenAt"] as? String == "2017-07-14T10:40:00+08:00" && rest[0]["takenAtBasis"] as? String == "file")
        let march = try #require(try server.request("GET", "/api/v1/photos?month=2020-03", token: alice).json()["items"] as? [[String: Any]])
        #expect(march.map { $0["filename"] as? String } == ["coffee.png"])
        for query in ["cursor=12", "cursor=2022-08-14T14:12:31", "cursor=" + String(repeating: "9", count: 60), "month=2022-13", "month=22-01"] {
            let reply = try server.request("GET", "/api/v1/photos?" + query, token: alice)
            #expect(reply.status == 422, "\(query): \(reply.status)")
        }
    }

    @Test("filter by days taken and camera (issue 29 item 8), with keyset pages and the scrubber's months", .requires(.photos))
    func filterByDateAndCamera() throws {
        let fixture = try Fixture()
        _ = try fixture.importer().importData(from: Corpus.url("ordinary")) { _ in }
        let library = fixture.library
        let all = try library.list(userID: fixture.alice, limit: 100, after: nil).items
        let in2015 = PhotoFilter(from: "2015-01-01", to: "2015-12-31")
        var seen: [Photo] = []
        var page = try library.list(userID: fixture.alice, filter: in2015, limit: 1, after: nil)
        seen += page.items
        while let next = page.next {
            page = try library.list(userID: fixture.alice, filter: in2015, limit: 1, after: next)
            seen += page.items
        }
        #expect(seen.map(\.id) == all.filter { $0.taken.year == "2015" }.map(\.id))
        #expect(Set(seen.map(\.filename)) == ["canon_hdr_NO.jpg", "iphone_hdr_YES.jpg", "giunchedi_portrait.jpg"])
        #expect(try library.months(userID: fixture.alice, filter: in2015).map(\.month) == ["2015-04", "2015-02", "2015-01"])
        let day = try library.list(userID: fixture.alice, filter: PhotoFilter(from: "2022-08-14", to: "2022-08-14"), limit: 10, after: nil).items
        #expect(day.map(\.filename) == ["HMD_Nokia_8.3_5G.jpg"])
        let cameras = try library.cameras(userID: fixture.alice)
        let canon = try #require(cameras.first { $0.camera == "Canon PowerShot SX60 HS" })
        let byCamera = try library.list(userID: fixture.alice, filter: PhotoFilter(camera: canon.camera), limit: 10, after: nil).items
        #expect(byCamera.count == canon.count && byCamera.allSatisfy { $0.camera == canon.camera } && byCamera.map(\.filename) == ["canon_hdr_NO.jpg"])
        #expect(cameras.reduce(0) { $0 + $1.count } == all.filter { $0.camera != nil }.count)
        for (pairs, field) in [([("from", "2015-02-30")], "from"), ([("to", "15-01-01")], "to"), ([("from", "+015-01-01")], "from"),
                               ([("from", "2016-01-01"), ("to", "2015-01-01")], "to"), ([("from", "1899-12-31")], "from"),
                               ([("camera", String(repeating: "x", count: 242))], "camera"), ([("month", "2019-13")], "month")] {
            #expect(throws: QueryError.self, "\(pairs)") { try PhotoListQuery(pairs: pairs) }
            do { _ = try PhotoListQuery(pairs: pairs) } catch { #expect(error.field == field, "\(pairs)") }
        }
        // A day before 1900 is a range problem, and the message says the range (tester pass 11, finding 10).
        do { _ = try PhotoListQuery(pairs: [("from", "1800-01-01")]) } catch {
            #expect(error.message(chinese: false) == "The day must be from 1900-01-01 to 9999-12-31.")
            #expect(error.message(chinese: true) == "日期须在 1900-01-01 到 9999-12-31 之间。")
        }
        #expect(PhotoFilter(try PhotoListQuery(pairs: [("from", "2015-01-01"), ("to", "2015-12-31")])) == in2015)
        #expect(try PhotoListQuery(pairs: [("from", "2016-02-29"), ("hasPlace", "true")]).hasPlace == true)
    }
}

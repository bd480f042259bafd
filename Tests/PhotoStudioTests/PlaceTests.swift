import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Identity
import Imaging
@testable import PhotoStudio
import Storage
import WebUI
import Testing

/// Places (issue 29 item 8): the EXIF GPS position read at ingest, stored, answered and filtered on; never invented.
@Suite(.serialized) struct PlaceTests {
    // libexif's GPSLatitude/GPSLongitude with their refs: Florence, Helsinki and Madrid (ProbeTests checks the reading).
    static let expected: [String: (Double, Double)] = [
        "87_OSError.jpg": (43.785594, 11.234619),
        "HMD_Nokia_8.3_5G.jpg": (60.146706, 24.906772),
        "iphone_hdr_YES.jpg": (40.446972, -3.724753),
    ]

    @Test("imported photos keep their GPS place; the others have none; hasPlace lists exactly those", .requires(.photos))
    func importedPlaces() throws {
        let fixture = try Fixture()
        _ = try fixture.importer().importData(from: Corpus.url("ordinary")) { _ in }
        let photos = try fixture.library.list(userID: fixture.alice, limit: 100, after: nil).items
        #expect(photos.count == 16)
        for photo in photos {
            if let (latitude, longitude) = Self.expected[photo.filename] {
                let place = try #require(photo.place, "\(photo.filename)")
                #expect(abs(place.latitude - latitude) < 1e-6 && abs(place.longitude - longitude) < 1e-6, "\(photo.filename)")
            } else {
                #expect(photo.place == nil, "\(photo.filename) has no GPS position")
            }
        }
        let withPlace = try fixture.library.list(userID: fixture.alice, filter: PhotoFilter(hasPlace: true), limit: 100, after: nil).items
        #expect(Set(withPlace.map(\.filename)) == Set(Self.expected.keys))
        let both = try fixture.library.list(userID: fixture.alice, filter: PhotoFilter(from: "2022-01-01", hasPlace: true), limit: 100, after: nil).items
        #expect(both.map(\.filename) == ["HMD_Nokia_8.3_5G.jpg"])
        #expect(PhotoFilter(hasPlace: true).isEmpty == false)
        #expect(PhotoPages.query(group: .day, album: nil, filter: PhotoFilter(hasPlace: true)).hasSuffix("&hasPlace=true"))
    }

    @Test("migration 9 leaves the places of photos stored before it unknown")
    func migrationLeavesUnknown() throws {
        let database = try TemporaryDatabase.make()
        let photoMigrations = PhotoLibrary.migrations()
        try Migrator.migrate(database, IdentitySchema.migrations() + photoMigrations.filter { $0.version < 9 })
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("photos-place-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let identity = IdentityService(database: database, secret: try ServerSecret.loadOrCreate(at: directory.appendingPathComponent("secret")))
        let user = try identity.users.register(username: "alice", password: "correct horse battery", now: 1).id
        try database.write { db in
            try db.execute("""
                INSERT INTO photos_photos (user_id, sha256, filename, format, width, height, orientation, color_space, has_alpha,
                    page_count, file_size, created_at, taken_local, taken_basis) VALUES (?, ?, 'old.jpg', 'jpeg', 1, 1, 1, 'rgb', ?, 1, 1, 1, '2020-01-01T00:00:00', 'upload')
                """, user, String(repeating: "a", count: 64), false)
        }
        try Migrator.migrate(database, IdentitySchema.migrations() + photoMigrations)
        let photos = try PhotoLibrary(database: database, directory: directory).list(userID: user, limit: 10, after: nil).items
        #expect(photos.count == 1 && photos[0].place == nil)
    }

    @Test("API: place on the list answer, null without GPS; hasPlace filters and is checked", .requires(.photos))
    func api() throws {
        let server = try TestServer()
        let alice = try server.register("alice").token
        let bytes = { (name: String) in [UInt8](try Data(contentsOf: Corpus.url("ordinary/" + name))) }
        let form = TimelineTests.form(files: [("HMD_Nokia_8.3_5G.jpg", try bytes("HMD_Nokia_8.3_5G.jpg")), ("coffee.png", try bytes("coffee.png"))], fields: [])
        let upload = try server.request("POST", "/api/v1/photos", token: alice, headers: form.headers, body: form.body)
        #expect(upload.status == 201, "\(upload.text)")
        let items = try #require(try server.request("GET", "/api/v1/photos", token: alice).json()["items"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: items.map { ($0["filename"] as? String ?? "", $0) })
        let place = try #require(byName["HMD_Nokia_8.3_5G.jpg"]?["place"] as? [String: Any])
        #expect(abs((place["latitude"] as? Double ?? 0) - 60.146706) < 1e-6 && abs((place["longitude"] as? Double ?? 0) - 24.906772) < 1e-6)
        #expect(byName["coffee.png"].map { $0["place"] == nil } == true, "no GPS: no place (left out), never a guessed place")
        let filtered = try #require(try server.request("GET", "/api/v1/photos?hasPlace=true", token: alice).json()["items"] as? [[String: Any]])
        #expect(filtered.map { $0["filename"] as? String } == ["HMD_Nokia_8.3_5G.jpg"])
        let bad = try server.request("GET", "/api/v1/photos?hasPlace=yes", token: alice)
        #expect(bad.status == 422 && bad.text.contains("hasPlace"), "\(bad.text)")
        // The typed model decodes it too (the SDK's PhotoItem).
        let decoded = try JSONDecoder().decode(PhotoPlace.self, from: JSONSerialization.data(withJSONObject: place))
        #expect(decoded.latitude > 60 && decoded.longitude > 24)
    }

    @Test func placeFact() {
        #expect(PhotoPages.placeFact(ExifLocation(latitude: 40.446972, longitude: -3.724753), .en) == "40.44697° N, 3.72475° W (WGS-84, EXIF GPS)")
        #expect(PhotoPages.placeFact(ExifLocation(latitude: -33.9, longitude: 151.2), .zh) == "南纬 33.90000°，东经 151.20000°（WGS-84，EXIF GPS）")
        #expect(PhotoPages.placeFact(nil, .zh) == "无（照片没有 GPS 信息）")
    }
}

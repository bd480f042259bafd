import AppHost
import AppSuiteAPI
import AppSuiteServer
import AppSuiteTesting
import Foundation
import Identity
import Imaging
@testable import PhotoStudio
import Storage
import Testing

/// The shared photo corpus (`SharedDataSet.photos`). Tests that read it carry `.requires(.photos)`.
enum Corpus {
    static func url(_ relative: String) -> URL { SharedDataSet.photos.url(relative) }
}

/// A library on a temporary SQLite database and folder, with two users.
final class Fixture {
    let database: any Database
    let directory: URL
    let library: PhotoLibrary
    let identity: IdentityService
    let alice: Int64
    let bob: Int64

    init() throws {
        database = try TemporaryDatabase.make()
        try Migrator.migrate(database, IdentitySchema.migrations() + PhotoLibrary.migrations())
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("photos-test-\(UUID().uuidString)")
        library = PhotoLibrary(database: database, directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        identity = IdentityService(database: database, secret: try ServerSecret.loadOrCreate(at: directory.appendingPathComponent("secret")))
        alice = try identity.users.register(username: "alice", password: "correct horse battery", now: 1).id
        bob = try identity.users.register(username: "bob", password: "correct horse battery", now: 1).id
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func importer(_ username: String = "alice") -> PhotoImporter {
        PhotoImporter(library: library, identity: identity, username: username, password: nil)
    }

    /// Files in the blob store.
    var storedOriginals: Int {
        let enumerator = FileManager.default.enumerator(atPath: directory.appendingPathComponent("originals").path)
        var count = 0
        while let name = enumerator?.nextObject() as? String { if name.count == 64 + 3 { count += 1 } }
        return count
    }
}

@Suite(.serialized) struct LibraryTests {
    @Test("importing ordinary/ and orientation/: all upright, facts read, idempotent", .requires(.photos))
    func importFolders() throws {
        let fixture = try Fixture()
        var progressCalls = 0
        let first = try fixture.importer().importData(from: Corpus.url("orientation")) { _ in progressCalls += 1 }
        #expect(first.imported == 18 && first.skipped.isEmpty)
        #expect(progressCalls >= 18)
        let second = try fixture.importer().importData(from: Corpus.url("ordinary")) { _ in }
        #expect(second.imported == 16 && second.skipped.isEmpty)
        let again = try fixture.importer().importData(from: Corpus.url("orientation")) { _ in }
        #expect(again.imported == 0)
        #expect(again.skipped.count == 1 && again.skipped[0].reason.contains("already"))

        let all = try fixture.library.list(userID: fixture.alice, limit: 100, after: nil).items
        #expect(all.count == 34)
        for photo in all where photo.filename.hasPrefix("Landscape_") {
            #expect(photo.width == 1800 && photo.height == 1200, "\(photo.filename)")
            let thumb = try fixture.library.derivative(.thumbnail, of: photo)
            let info = try Imaging.probe(contentsOf: thumb.path)
            #expect(info.width == 512 && info.height == 341, "\(photo.filename) thumbnail is upright")
        }
        for photo in all where photo.filename.hasPrefix("Portrait_") {
            #expect(photo.width == 1200 && photo.height == 1800, "\(photo.filename)")
        }
        let canon = try #require(all.first { $0.filename == "canon_hdr_NO.jpg" })
        #expect(canon.width == 1536 && canon.height == 2048 && canon.orientation == 6)
        #expect(canon.camera == "Canon PowerShot SX60 HS" && canon.takenAt == "2015:02:09 22:47:44")
        #expect(canon.format == "jpeg" && canon.colorSpace == "rgb" && canon.fileSize == 784_371)
        let rendition = try Imaging.probe(contentsOf: try fixture.library.derivative(.rendition, of: canon).path)
        #expect(rendition.width == 1536 && rendition.height == 2048 && rendition.orientation == 1)
        // Originals are kept byte for byte under their hash.
        let stored = try Data(contentsOf: fixture.library.originalURL(sha: canon.sha256))
        #expect(stored == (try Data(contentsOf: Corpus.url("ordinary/canon_hdr_NO.jpg"))))
        #expect(fixture.storedOriginals == 34)
    }

    @Test("the edge corpus: bad files refused with a reason and nothing stored, the rest accepted", .requires(.photos))
    func edgeCorpus() throws {
        let fixture = try Fixture()
        let expectedRefusals: [String: String] = [
            "zero_byte.jpg": "empty", "one_byte.jpg": "unsupported", "text_not_image.jpg": "unsupported",
            "corrupt_header.jpg": "corrupt", "truncated_image.png": "corrupt", "truncated_progressive.jpg": "corrupt",
            "truncated_sample.jpg": "corrupt", "bomb_png_16384x16384.png": "too-many-pixels",
            "bomb_png_65536x65536.png": "too-many-pixels",
            // libvips refuses the GIF while reading its header (44 bytes, no frame); libheif refuses the
            // AVIF by its own 16384×16384 limit, also from the header.
            "bomb_gif_65535x65535.gif": "corrupt", "bomb_avif_17000x17000.avif": "too-many-pixels", "huge_gray_20000x14000.jpg": "too-many-pixels",
            "tiff_float64_2page_unsupported.tif": "corrupt",
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: Corpus.url("edge").path).sorted()
        var accepted = 0
        for name in files {
            let path = Corpus.url("edge/\(name)").path
            do throws(IngestError) {
                let result = try fixture.library.add(fileAt: path, filename: name, userID: fixture.alice, check: .decode)
                #expect(expectedRefusals[name] == nil, "\(name) should have been refused")
                #expect(result.photo.width >= 1 && result.photo.height >= 1)
                accepted += 1
            } catch {
                let expected = expectedRefusals[name]
                #expect(expected != nil, "\(name) refused: \(error.message)")
                if let expected, expected != "corrupt" { #expect(error.code == expected, "\(name): \(error.code) \(error.message)") }
                if expected == "corrupt" { #expect(["corrupt", "unsupported"].contains(error.code), "\(name): \(error.code)") }
            }
        }
        #expect(accepted == files.count - expectedRefusals.count)
        #expect(fixture.storedOriginals == accepted, "refused files leave nothing behind")
        let photos = try fixture.library.list(userID: fixture.alice, limit: 200, after: nil).items
        func photo(_ name: String) throws -> Photo { try #require(photos.first { $0.filename == name }) }
        #expect(try photo("heic_iphone13_irot270_exif6.heic").width == 3024)
        #expect(try photo("heic_iphone13_irot270_exif6.heic").height == 4032)
        #expect(try photo("progressive_orientation6.jpg").width == 231)
        #expect(try photo("webp_exif_orientation6_hopper.webp").orientation == 6)
        #expect(try photo("cmyk_pil_sample.jpg").colorSpace == "cmyk")
        #expect(try photo("gif_animated_loop3.gif").pageCount == 10)
        #expect(try photo("gif_animated_loop3.gif").isAnimated)
        #expect(try photo("huge_rgb_9643x10328.jpg").width == 9643)
        // Thumbnails of alpha images keep alpha (WebP); extremes have no 0-pixel side.
        let rgba = try fixture.library.derivative(.thumbnail, of: try photo("png_rgba_blackbug.png"))
        #expect(rgba.mediaType == "image/webp")
        #expect(try Imaging.probe(contentsOf: rgba.path).hasAlpha)
        let strip = try Imaging.probe(contentsOf: try fixture.library.derivative(.thumbnail, of: try photo("extreme_aspect_940x2.png")).path)
        #expect(strip.width == 512 && strip.height == 1)
    }

    @Test("duplicates are stored once; another user's photo is invisible", .requires(.photos))
    func duplicatesAndPrivacy() throws {
        let fixture = try Fixture()
        let path = Corpus.url("ordinary/coffee.png").path
        let first = try fixture.library.add(fileAt: path, filename: "coffee.png", userID: fixture.alice, check: .decode)
        let again = try fixture.library.add(fileAt: path, filename: "other-name.png", userID: fixture.alice, check: .decode)
        #expect(!first.isDuplicate && again.isDuplicate && again.photo.id == first.photo.id)
        let bobs = try fixture.library.add(fileAt: path, filename: "coffee.png", userID: fixture.bob, check: .decode)
        #expect(!bobs.isDuplicate && bobs.photo.id != first.photo.id)
        #expect(fixture.storedOriginals == 1)
        #expect(try fixture.library.photo(id: first.photo.id, userID: fixture.bob) == nil)
        // Deleting Alice's keeps the bytes Bob still uses; deleting Bob's removes them.
        try fixture.library.delete(first.photo)
        #expect(fixture.storedOriginals == 1)
        try fixture.library.delete(bobs.photo)
        #expect(fixture.storedOriginals == 0)
    }

    @Test("hostile file names are only display names", .requires(.photos))
    func hostileNames() throws {
        let fixture = try Fixture()
        let result = try fixture.library.add(fileAt: Corpus.url("edge/tiny_1x1.png").path, filename: "../../../etc/passwd\u{0}\n.png", userID: fixture.alice, check: .decode)
        #expect(result.photo.filename == "passwd.png")
        #expect(PhotoLibrary.cleanFilename("..") == "photo")
        #expect(PhotoLibrary.cleanFilename("C:\\Users\\x\\IMG_1.JPG") == "IMG_1.JPG")
        #expect(!FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent("../etc").path))
    }

    @Test("keyset pages: newest taken first, no gaps or repeats", .requires(.photos))
    func paging() throws {
        let fixture = try Fixture()
        _ = try fixture.importer().importData(from: Corpus.url("orientation")) { _ in }
        var seen: [Int64] = []
        var keys: [TimelineCursor] = []
        var cursor: TimelineCursor?
        repeat {
            let page = try fixture.library.list(userID: fixture.alice, limit: 5, after: cursor)
            seen += page.items.map(\.id)
            keys += page.items.map { TimelineCursor(local: $0.taken.local, id: $0.id) }
            cursor = page.next
        } while cursor != nil
        #expect(seen.count == 18 && Set(seen).count == 18)
        #expect(keys == keys.sorted { ($0.local, $0.id) > ($1.local, $1.id) }, "newest taken first, then highest id")
        let newest = try #require(try fixture.library.photo(id: seen[0], userID: fixture.alice))
        let position = try fixture.library.position(of: newest)
        #expect(position.index == 1 && position.total == 18 && position.newer == nil && position.older == seen[1])
        let oldest = try #require(try fixture.library.photo(id: seen[17], userID: fixture.alice))
        let last = try fixture.library.position(of: oldest)
        #expect(last.index == 18 && last.older == nil)
    }

    @Test("versions: rendered from the original in upright coordinates, original kept, revert", .requires(.photos))
    func versions() throws {
        let fixture = try Fixture()
        let photo = try fixture.library.add(fileAt: Corpus.url("orientation/Landscape_5.jpg").path, filename: "Landscape_5.jpg", userID: fixture.alice, check: .decode).photo
        let rotated = try fixture.library.saveVersion(of: photo, operations: [.rotate(degrees: 90)])
        #expect(rotated.displayWidth == 1200 && rotated.displayHeight == 1800)
        let cropped = try fixture.library.saveVersion(of: rotated, operations: [.crop(x: 0, y: 0, width: 600, height: 600), .flip(horizontal: true)])
        #expect(cropped.displayWidth == 600 && cropped.current?.operations.count == 3)
        #expect(try fixture.library.versions(of: cropped).count == 2)
        let original = try Data(contentsOf: fixture.library.originalURL(sha: photo.sha256))
        #expect(original == (try Data(contentsOf: Corpus.url("orientation/Landscape_5.jpg"))))
        // The thumbnail follows the version; removing cached derivatives regenerates them.
        let thumb = try fixture.library.derivative(.thumbnail, of: cropped)
        #expect(try Imaging.probe(contentsOf: thumb.path).width == 512)
        try FileManager.default.removeItem(atPath: thumb.path)
        #expect(FileManager.default.fileExists(atPath: try fixture.library.derivative(.thumbnail, of: cropped).path))
        let reverted = try fixture.library.revert(cropped)
        #expect(reverted.current == nil && reverted.displayWidth == 1800)
        #expect(throws: EditRefusal.self) { try fixture.library.saveVersion(of: reverted, operations: [.crop(x: 1700, y: 0, width: 200, height: 10)]) }
    }

    @Test("the pixel and byte limits are configurable and checked before decoding", .requires(.photos))
    func configurableLimits() throws {
        let fixture = try Fixture()
        let strict = PhotoLibrary(database: fixture.database, directory: fixture.directory,
                                  limits: ImageLimits(maximumPixels: 2_000_000, maximumBytes: 1_000_000))
        #expect(throws: IngestError.self) { try strict.add(fileAt: Corpus.url("orientation/Landscape_1.jpg").path, filename: "a.jpg", userID: fixture.alice, check: .decode) }
        do throws(IngestError) {
            _ = try strict.add(fileAt: Corpus.url("ordinary/jolla.jpg").path, filename: "jolla.jpg", userID: fixture.alice, check: .decode)
            Issue.record("8 MP accepted under a 2 MP limit")
        } catch {
            #expect(error.code == "too-many-pixels")
        }
        do throws(IngestError) {
            _ = try strict.add(fileAt: Corpus.url("ordinary/42_IndexError.jpg").path, filename: "big.jpg", userID: fixture.alice, check: .decode)
            Issue.record("2.9 MB accepted under a 1 MB limit")
        } catch {
            #expect(error.code == "too-large")
        }
        #expect(fixture.storedOriginals == 0)
        let configured = try AppSuiteConfiguration.resolve(
            options: [:], environment: ["APPSUITE_PHOTOS_MAX_MEGAPIXELS": "12.5", "APPSUITE_PHOTOS_MAX_MEGABYTES": "8"], apps: [PhotoStudioApp()])
        let limits = PhotoStudioApp.limits(configured.settings)
        #expect(limits.maximumPixels == 12_500_000 && limits.maximumBytes == 8 << 20)
        #expect(PhotoStudioApp.limits(AppSettings()) == ImageLimits())
        #expect(throws: ConfigurationError.invalid("photos-max-megapixels", "0", "a number above 0 and at most 1000")) {
            try AppSuiteConfiguration.resolve(options: ["photos-max-megapixels": "0"], environment: [:], apps: [PhotoStudioApp()])
        }
        #expect(throws: ConfigurationError.invalid("photos-max-megabytes", "lots", "a number above 0 and at most 1024")) {
            try AppSuiteConfiguration.resolve(options: [:], environment: ["APPSUITE_PHOTOS_MAX_MEGABYTES": "lots"], apps: [PhotoStudioApp()])
        }
    }

    @Test("AVIF/HEIF container transforms are applied once, by the decoder", .requires(.photos))
    func containerTransforms() throws {
        for name in ["avif_irot1_imir0.avif", "avif_irot0_imir1.avif"] {
            let info = try Imaging.probe(contentsOf: Corpus.url("edge/\(name)").path)
            #expect(info.width == 640 && info.height == 427 && info.orientation == 1, "\(name)")
        }
        let p3 = try Imaging.probe(contentsOf: Corpus.url("edge/avif_p3_12mp.avif").path)
        #expect(p3.width == 3024 && p3.height == 4032 && p3.orientation == 1)
    }

    @Test("albums: per account, membership, album-scoped paging and n/N", .requires(.photos))
    func albums() throws {
        let fixture = try Fixture()
        _ = try fixture.importer().importData(from: Corpus.url("orientation")) { _ in }
        let all = try fixture.library.list(userID: fixture.alice, limit: 100, after: nil).items
        let trip = try fixture.library.createAlbum(userID: fixture.alice, name: " 旅行 ")
        #expect(trip.name == "旅行")
        #expect(try fixture.library.createAlbum(userID: fixture.alice, name: "旅行").id == trip.id)
        #expect(throws: AlbumNameError.self) { try fixture.library.createAlbum(userID: fixture.alice, name: "  ") }
        for photo in all.filter({ $0.filename.hasPrefix("Landscape") }) {
            #expect(try fixture.library.setMembership(photo, albumID: trip.id, member: true))
        }
        let inAlbum = try fixture.library.list(userID: fixture.alice, album: trip.id, limit: 4, after: nil)
        #expect(inAlbum.items.count == 4 && inAlbum.items.allSatisfy { $0.filename.hasPrefix("Landscape") } && inAlbum.next != nil)
        let first = inAlbum.items[0]
        let position = try fixture.library.position(of: first, album: trip.id)
        #expect(position.index == 1 && position.total == 9 && position.newer == nil && position.older == inAlbum.items[1].id)
        #expect(try fixture.library.albums(userID: fixture.alice).first?.count == 9)
        // Bob cannot use Alice's album.
        let bobsPhoto = try fixture.library.add(fileAt: Corpus.url("edge/tiny_1x1.png").path, filename: "x.png", userID: fixture.bob, check: .decode).photo
        #expect(try !fixture.library.setMembership(bobsPhoto, albumID: trip.id, member: true))
        #expect(try fixture.library.albums(userID: fixture.bob).isEmpty)
        try fixture.library.setMembership(first, albumID: trip.id, member: false)
        #expect(try fixture.library.position(of: inAlbum.items[1], album: trip.id).total == 8)
        try fixture.library.delete(inAlbum.items[1])
        #expect(try fixture.library.albums(userID: fixture.alice).first?.count == 7)
    }

    @Test func editCodecRoundTripsAndNamesBadOperations() throws {
        let edits: [ImageEdit] = [.rotate(degrees: 270), .flip(horizontal: false), .crop(x: 1, y: 2, width: 3, height: 4), .resize(width: 5, height: 6)]
        #expect(EditCodec.decode(EditCodec.encode(edits)) == edits)
        guard case .failure(let error) = EditCodec.edits([.init(op: "rotate", degrees: 45)]) else { Issue.record("45° accepted"); return }
        #expect(error.description.contains("multiple of 90"))
        guard case .failure = EditCodec.edits([.init(op: "sharpen")]) else { Issue.record("unknown op accepted"); return }
    }
}

import AppSuiteTesting
import Foundation
import Imaging
@testable import PhotoStudio
import Storage
import Testing
import WebUI

/// Issue 8 item 1: 5,000 flips in one edit, or about 4,000 stored ones, overflowed the stack inside libvips.
@Suite(.serialized) struct VersionChainTests {
    @Test("5,000 flips in one edit are refused before any image work, naming the limit", .requires(.photos))
    func fiveThousandFlipsRefused() throws {
        let fixture = try Fixture()
        let photo = try fixture.library.add(fileAt: Corpus.url("ordinary/chelsea.png").path, filename: "chelsea.png", userID: fixture.alice, check: .decode).photo
        #expect(throws: ImagingError.invalidArgument("an edit has at most 20 operations, not 5000")) {
            try fixture.library.saveVersion(of: photo, operations: Array(repeating: .flip(horizontal: true), count: 5_000))
        }
        #expect(try fixture.library.versions(of: photo).isEmpty)
    }

    /// Saves a small version, then overwrites its stored list with `operations` as a row written before
    /// the lists were merged could hold it.
    func storedVersion(_ fixture: Fixture, _ photo: Photo, operations: [ImageEdit]) throws -> Photo {
        let saved = try fixture.library.saveVersion(of: photo, operations: [.flip(horizontal: true)])
        let version = try #require(saved.current)
        try fixture.database.write { db in
            try db.execute("UPDATE photos_versions SET operations = ? WHERE id = ?", EditCodec.encode(operations), version.id)
        }
        return try #require(try fixture.library.photo(id: photo.id, userID: photo.userID))
    }

    @Test("a photo with 4,000 stored turns and flips is still editable, from the original", .requires(.photos))
    func thousandsOfStoredTurns() throws {
        let fixture = try Fixture()
        let photo = try fixture.library.add(fileAt: Corpus.url("ordinary/chelsea.png").path, filename: "chelsea.png", userID: fixture.alice, check: .decode).photo
        var stored: [ImageEdit] = []
        for index in 0..<4_000 { stored.append(index % 3 == 0 ? .rotate(degrees: 90) : .flip(horizontal: index % 2 == 0)) }
        let legacy = try storedVersion(fixture, photo, operations: stored)
        #expect(legacy.current?.operations.count == 4_000)
        let edited = try fixture.library.saveVersion(of: legacy, operations: [.rotate(degrees: 90)])
        let current = try #require(edited.current)
        #expect(current.baseVersionID == nil, "a short merged list renders from the original")
        #expect(current.operations == (try Imaging.canonical(stored + [.rotate(degrees: 90)], width: photo.width, height: photo.height)))
        #expect(current.operations.count <= 2)
        let expected = try Imaging.edit([UInt8](try Data(contentsOf: Corpus.url("ordinary/chelsea.png"))), current.operations)
        #expect(current.width == expected.width && current.height == expected.height)
        #expect(try Data(contentsOf: fixture.library.originalURL(sha: current.sha256)) == Data(expected.bytes))
    }

    @Test("a stored list that stays long after merging: the next version starts from the current version's file", .requires(.photos))
    func longStoredListRebases() throws {
        let fixture = try Fixture()
        let photo = try fixture.library.add(fileAt: Corpus.url("ordinary/chelsea.png").path, filename: "chelsea.png", userID: fixture.alice, check: .decode).photo
        var stored: [ImageEdit] = []
        for index in 0..<2_000 {
            stored += [.crop(x: 1, y: 1, width: photo.width - 2, height: photo.height - 2), .resize(width: photo.width, height: photo.height - index % 2)]
        }
        let legacy = try storedVersion(fixture, photo, operations: stored)
        let previous = try #require(legacy.current)
        let edited = try fixture.library.saveVersion(of: legacy, operations: [.rotate(degrees: 90)])
        let current = try #require(edited.current)
        #expect(current.baseVersionID == previous.id)
        #expect(current.operations == [.rotate(degrees: 90)])
        #expect(current.width == previous.height && current.height == previous.width)
        // And the one after merges with it, still from the same base.
        let next = try #require(try fixture.library.saveVersion(of: edited, operations: [.rotate(degrees: 90)]).current)
        #expect(next.baseVersionID == previous.id && next.operations == [.rotate(degrees: 180)])
    }

    @Test("40 edits in a row that cannot merge: every list stays within the step limit, sizes stay right", .requires(.photos))
    func longChainOfRequests() throws {
        let fixture = try Fixture()
        var photo = try fixture.library.add(fileAt: Corpus.url("edge/tiny_1x1.png").path, filename: "tiny.png", userID: fixture.alice, check: .decode).photo
        photo = try fixture.library.saveVersion(of: photo, operations: [.resize(width: 64, height: 48)])
        var rebased = 0
        for index in 0..<40 {
            // Shrink by a pixel and grow back: two resizes that must both run.
            let edits: [ImageEdit] = [.resize(width: 63, height: 47), .resize(width: 64, height: 48 + index % 2), .rotate(degrees: 90)]
            let before = photo
            photo = try fixture.library.saveVersion(of: photo, operations: edits)
            let current = try #require(photo.current)
            #expect(current.operations.count <= Imaging.maximumEditSteps)
            #expect(current.width == 48 + index % 2 && current.height == 64, "edit \(index + 1)")
            if current.baseVersionID == before.current?.id { rebased += 1 }
        }
        #expect(rebased >= 3, "a chain of 40 × 3 steps has to start again from a version's file several times")
        #expect(try fixture.library.versions(of: photo).count == 41)
    }
}

/// Issue 29 item 6: any version can be shown again, never another photo's; names in the reader's language.
@Suite struct VersionChoiceTests {
    @Test("useVersion shows any of the photo's versions again after a revert, and refuses another photo's", .requires(.photos))
    func anyVersionAgain() throws {
        let fixture = try Fixture()
        let photo = try fixture.library.add(fileAt: Corpus.url("ordinary/chelsea.png").path, filename: "chelsea.png", userID: fixture.alice, check: .decode).photo
        let other = try fixture.library.add(fileAt: Corpus.url("ordinary/coffee.png").path, filename: "coffee.png", userID: fixture.alice, check: .decode).photo
        let first = try #require(try fixture.library.saveVersion(of: photo, operations: [.rotate(degrees: 90)]).current)
        let second = try fixture.library.saveVersion(of: try #require(try fixture.library.photo(id: photo.id, userID: fixture.alice)),
                                                     operations: [.resize(width: 100, height: 50)])
        let reverted = try fixture.library.revert(second)
        #expect(reverted.current == nil)
        let shown = try #require(try fixture.library.useVersion(reverted, versionID: first.id))
        #expect(shown.current?.id == first.id && shown.displayWidth == photo.height && shown.displayHeight == photo.width)
        let otherVersion = try #require(try fixture.library.saveVersion(of: other, operations: [.flip(horizontal: true)]).current)
        #expect(try fixture.library.useVersion(shown, versionID: otherVersion.id) == nil)
        #expect(try fixture.library.photo(id: photo.id, userID: fixture.alice)?.current?.id == first.id)
        #expect(try fixture.library.versions(of: photo).count == 2)
    }

    @Test("version names: each edit in words, counted from the original through base versions")
    func names() {
        let edits: [ImageEdit] = [.rotate(degrees: 270), .crop(x: 67, y: 89, width: 444, height: 444)]
        #expect(VersionText.name(edits, .zh) == "向左旋转 90° · 裁剪 444×444")
        #expect(VersionText.name(edits, .en) == "Rotate left 90° · Crop 444×444")
        #expect(VersionText.name([.rotate(degrees: 90), .flip(horizontal: false), .resize(width: 300, height: 450)], .zh)
                == "旋转 90° · 垂直翻转 · 缩放至 300×450")
        let base = PhotoVersion(id: 1, photoID: 9, sha256: "a", operations: [.rotate(degrees: 180)], baseVersionID: nil,
                                width: 10, height: 10, format: "jpeg", createdAt: 0)
        let next = PhotoVersion(id: 2, photoID: 9, sha256: "b", operations: [.flip(horizontal: true)], baseVersionID: 1,
                                width: 10, height: 10, format: "jpeg", createdAt: 0)
        #expect(PhotoPages.editsFromOriginal([base, next])[2] == [.rotate(degrees: 180), .flip(horizontal: true)])
    }
}

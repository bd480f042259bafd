import AppHost
import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Imaging
@testable import PhotoStudio
import Storage
import Testing

/// 最近删除 (issue 29 item 1) on a library with a clock the test moves: 30 days, then the purge job; blobs another
/// photo or version uses survive the purge; restores; an upload of a trashed photo's bytes restores it.
@Suite(.serialized, .requires(.photos)) struct TrashTests {
    func corpus(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Corpus.url(relative))) }

    @Test func thePurgeJobWaitsThirtyDaysAndKeepsBlobsOthersUse() throws {
        let fixture = try Fixture()
        let clock = FixedClock(Date(timeIntervalSince1970: 1_780_000_000))
        let library = PhotoLibrary(database: fixture.database, directory: fixture.directory, clock: clock.clock)
        let canon = try corpus("ordinary/22-canon_tags.jpg")
        let alicesCanon = try library.add(canon, filename: "22-canon_tags.jpg", userID: fixture.alice, check: .decode).photo
        let bobsCanon = try library.add(canon, filename: "mine.jpg", userID: fixture.bob, check: .decode).photo
        #expect(alicesCanon.sha256 == bobsCanon.sha256, "one blob, two accounts")
        let landscape = try library.add(try corpus("orientation/Landscape_1.jpg"), filename: "Landscape_1.jpg", userID: fixture.alice, check: .decode).photo
        let edited = try library.saveVersion(of: landscape, operations: [.rotate(degrees: 90)])
        let version = try #require(edited.current)
        // The edited picture saved as a photo of its own: the version's blob is then used twice.
        let versionBytes = [UInt8](try Data(contentsOf: library.originalURL(sha: version.sha256)))
        let copy = try library.add(versionBytes, filename: "copy.jpg", userID: fixture.alice, check: .decode).photo
        #expect(copy.sha256 == version.sha256)
        let usedBefore = try fixture.database.read { db in try library.usedBytes(userID: fixture.alice, db: db) }

        #expect(try library.trash(alicesCanon)?.trashedAt == 1_780_000_000)
        clock.advance(by: 60)
        #expect(try library.trash(edited)?.trashedAt == 1_780_000_060)
        let listed = try library.list(userID: fixture.alice, limit: 50, after: nil).items.map(\.id)
        #expect(listed == [copy.id], "the library leaves trashed photos out")
        let trash = try library.trashed(userID: fixture.alice, limit: 1, after: nil)
        #expect(trash.items.map(\.id) == [landscape.id] && trash.next != nil, "most recently trashed first")
        #expect(try library.trashed(userID: fixture.alice, limit: 1, after: trash.next).items.map(\.id) == [alicesCanon.id])
        let summary = try library.trashSummary(userID: fixture.alice)
        #expect(summary.count == 2 && summary.bytes == Int64(canon.count + landscape.fileSize) + Int64(versionBytes.count))
        let usedInTrash = try fixture.database.read { db in try library.usedBytes(userID: fixture.alice, db: db) }
        #expect(usedInTrash == usedBefore, "trashed photos count toward the quota until purged")

        // 29 days and 23 hours after the first: nothing is due.
        clock.advance(by: 29 * 86_400 + 23 * 3_600 - 60)
        #expect(try library.purgeExpiredTrash() == 0)
        // A minute past 30 days of the first, the second (trashed a minute later) is due a minute later.
        clock.advance(by: 3_600)
        #expect(try library.purgeExpiredTrash() == 1)
        #expect(try library.photo(id: alicesCanon.id, userID: fixture.alice) == nil)
        #expect(FileManager.default.fileExists(atPath: library.originalURL(sha: alicesCanon.sha256).path), "Bob's photo keeps the blob")
        #expect(try library.photo(id: bobsCanon.id, userID: fixture.bob)?.trashedAt == nil)
        clock.advance(by: 60)
        #expect(try library.purgeExpiredTrash() == 1)
        #expect(try library.photo(id: landscape.id, userID: fixture.alice) == nil)
        #expect(try library.versions(of: edited).isEmpty, "its versions went with it")
        #expect(!FileManager.default.fileExists(atPath: library.originalURL(sha: landscape.sha256).path), "no row uses the original")
        #expect(FileManager.default.fileExists(atPath: library.originalURL(sha: version.sha256).path), "the copy uses the version's blob")
        #expect(try library.derivative(.thumbnail, of: copy).path.isEmpty == false)
        let usedAfter = try fixture.database.read { db in try library.usedBytes(userID: fixture.alice, db: db) }
        #expect(usedAfter == Int64(versionBytes.count), "the purge freed the quota")
        // A purged photo cannot be restored.
        #expect(try library.restore(id: landscape.id, userID: fixture.alice) == nil)
    }

    @Test func restoringOneAllOrByUploadingTheSameBytesAgain() throws {
        let fixture = try Fixture()
        let library = fixture.library
        var photos: [Photo] = []
        for name in ["Landscape_1.jpg", "Landscape_3.jpg", "Portrait_6.jpg"] {
            photos.append(try library.add(try corpus("orientation/" + name), filename: name, userID: fixture.alice, check: .decode).photo)
        }
        for photo in photos { _ = try library.trash(photo) }
        #expect(try library.list(userID: fixture.alice, limit: 10, after: nil).items.isEmpty)
        #expect(try library.restore(id: photos[0].id, userID: fixture.bob) == nil, "not Bob's")
        #expect(try library.restore(id: photos[0].id, userID: fixture.alice)?.trashedAt == nil)
        // Uploading the bytes of a trashed photo takes it out of the trash, and says so.
        let again = try library.add(try corpus("orientation/Landscape_3.jpg"), filename: "again.jpg", userID: fixture.alice, check: .header)
        #expect(again.isDuplicate && again.isRestored && again.photo.id == photos[1].id && again.photo.trashedAt == nil)
        #expect(try library.restoreAll(userID: fixture.alice) == 1)
        #expect(try library.list(userID: fixture.alice, limit: 10, after: nil).items.count == 3)
        // Emptying deletes only what is in the trash.
        _ = try library.trash(photos[2])
        #expect(try library.emptyTrash(userID: fixture.alice) == 1)
        #expect(try library.photo(id: photos[2].id, userID: fixture.alice) == nil)
        #expect(try library.list(userID: fixture.alice, limit: 10, after: nil).items.count == 2)
    }

    /// Trash, restore and purge of one photo at once from several threads, 40 rounds: each round ends in one state —
    /// the row with its file (in the library or the trash), or neither — never a row without its file.
    @Test func concurrentTrashRestoreAndPurgeLeaveOneOutcome() throws {
        let fixture = try Fixture()
        let library = fixture.library
        let bytes = try corpus("ordinary/chelsea.png")
        let alice = fixture.alice
        var outcomes: [String: Int] = [:]
        for _ in 0..<40 {
            let photo = try library.add(bytes, filename: "chelsea.png", userID: fixture.alice, check: .header).photo
            _ = try library.trash(photo)
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                switch index {
                case 0: _ = try? library.restore(id: photo.id, userID: alice)
                case 1: _ = try? library.emptyTrash(userID: alice)
                default: _ = try? library.trash(photo)
                }
            }
            let row = try library.photo(id: photo.id, userID: fixture.alice)
            let file = FileManager.default.fileExists(atPath: library.originalURL(sha: photo.sha256).path)
            #expect((row != nil) == file, "a row has its file and a gone photo leaves no file")
            outcomes[row == nil ? "purged" : (row?.trashedAt == nil ? "library" : "trash"), default: 0] += 1
            if let row {
                _ = try library.trash(row)
                try library.emptyTrash(userID: fixture.alice)
            }
        }
        #expect(outcomes.values.reduce(0, +) == 40)
        #expect(fixture.storedOriginals == 0)
    }

    @Test func batchesAreAllOrNothingAndNameEveryFailingID() throws {
        let fixture = try Fixture()
        let library = fixture.library
        var ids: [Int64] = []
        for name in ["Landscape_1.jpg", "Landscape_2.jpg", "Landscape_3.jpg"] {
            ids.append(try library.add(try corpus("orientation/" + name), filename: name, userID: fixture.alice, check: .header).photo.id)
        }
        let bobs = try library.add(try corpus("orientation/Portrait_6.jpg"), filename: "p.jpg", userID: fixture.bob, check: .header).photo.id
        func refusal(_ ids: [Int64], _ action: PhotoBatchAction = .trash) -> PhotoLibrary.BatchRefusal? {
            do { _ = try library.batch(ids, action: action, albumID: nil, userID: fixture.alice) } catch let error as PhotoLibrary.BatchRefusal {
                return error
            } catch { Issue.record("\(error)") }
            return nil
        }
        #expect(refusal(Array(1...10_000))?.failures.map(\.reason) == [.count(10_000)])
        #expect(refusal([])?.failures.map(\.reason) == [.count(0)])
        let duplicates = refusal([ids[0], ids[1], ids[0], ids[1]])
        #expect(duplicates?.failures.map(\.index) == [2, 3] && duplicates?.failures.map(\.reason) == [.duplicate(of: 0), .duplicate(of: 1)])
        let foreign = refusal([ids[0], bobs, ids[1], 999_999])
        #expect(foreign?.failures.map(\.id) == [bobs, 999_999] && foreign?.failures.map(\.index) == [1, 3])
        #expect(try library.list(userID: fixture.alice, limit: 10, after: nil).items.count == 3, "nothing changed")

        #expect(try library.batch([ids[0], ids[1]], action: .trash, albumID: nil, userID: fixture.alice) == 2)
        #expect(try library.batch([ids[0], ids[1], ids[2]], action: .trash, albumID: nil, userID: fixture.alice) == 1, "one more")
        #expect(try library.batch(ids, action: .restore, albumID: nil, userID: fixture.alice) == 3)
        let album = try library.createAlbum(userID: fixture.alice, name: "海边")
        #expect(try library.batch(ids, action: .addToAlbum, albumID: album.id, userID: fixture.alice) == 3)
        #expect(try library.batch(ids, action: .addToAlbum, albumID: 77_777, userID: fixture.alice) == nil, "no such album")
        let bobsAlbum = try library.createAlbum(userID: fixture.bob, name: "bob")
        #expect(try library.batch(ids, action: .addToAlbum, albumID: bobsAlbum.id, userID: fixture.alice) == nil, "not her album")
        #expect(try library.batch([ids[2]], action: .removeFromAlbum, albumID: album.id, userID: fixture.alice) == 1)
        #expect(try library.album(id: album.id, userID: fixture.alice)?.count == 2)
        #expect(try library.downloadEntries([ids[0], ids[1]], userID: fixture.alice).map(\.name) == ["Landscape_1.jpg", "Landscape_2.jpg"])
    }

    @Test func albumsAreRenamedGivenACoverAndDeletedWithoutTheirPhotos() throws {
        let fixture = try Fixture()
        let library = fixture.library
        let first = try library.add(try corpus("orientation/Landscape_1.jpg"), filename: "a.jpg", userID: fixture.alice, check: .header).photo
        let second = try library.add(try corpus("orientation/Landscape_2.jpg"), filename: "b.jpg", userID: fixture.alice, check: .header).photo
        let bobs = try library.add(try corpus("orientation/Portrait_6.jpg"), filename: "p.jpg", userID: fixture.bob, check: .header).photo
        let album = try library.createAlbum(userID: fixture.alice, name: "旅行")
        _ = try library.createAlbum(userID: fixture.alice, name: "家人")
        try library.setMembership(first, albumID: album.id, member: true)
        try library.setMembership(second, albumID: album.id, member: true)
        #expect(try library.album(id: album.id, userID: fixture.alice)?.coverPhotoID == second.id, "the newest, until one is chosen")
        let renamed = try library.updateAlbum(id: album.id, userID: fixture.alice, name: " 2024 旅行 ", coverPhotoID: first.id)
        #expect(renamed?.name == "2024 旅行" && renamed?.coverPhotoID == first.id && renamed?.coverChosen == true)
        #expect(throws: PhotoLibrary.AlbumChangeError.nameTaken) { try library.updateAlbum(id: album.id, userID: fixture.alice, name: "家人", coverPhotoID: nil) }
        #expect(throws: PhotoLibrary.AlbumChangeError.noSuchPhoto) { try library.updateAlbum(id: album.id, userID: fixture.alice, name: nil, coverPhotoID: bobs.id) }
        let outside = try library.add(try corpus("orientation/Landscape_3.jpg"), filename: "c.jpg", userID: fixture.alice, check: .header).photo
        #expect(throws: PhotoLibrary.AlbumChangeError.notInAlbum, "a cover is never added to the album") {
            try library.updateAlbum(id: album.id, userID: fixture.alice, name: nil, coverPhotoID: outside.id)
        }
        #expect(try library.album(id: album.id, userID: fixture.alice)?.count == 2)
        let cleared = try library.updateAlbum(id: album.id, userID: fixture.alice, name: nil, coverPhotoID: nil, clearCover: true)
        #expect(cleared?.coverChosen == false && cleared?.coverPhotoID == second.id, "the newest stands in again")
        _ = try library.updateAlbum(id: album.id, userID: fixture.alice, name: nil, coverPhotoID: first.id)
        #expect(try library.updateAlbum(id: album.id, userID: fixture.bob, name: "mine", coverPhotoID: nil) == nil, "not Bob's album")
        // A trashed cover is not shown: the newest photo stands in.
        _ = try library.trash(first)
        let shown = try library.album(id: album.id, userID: fixture.alice)
        #expect(shown?.count == 1 && shown?.coverPhotoID == second.id && shown?.coverChosen == false)
        #expect(try library.deleteAlbum(id: album.id, userID: fixture.bob) == false)
        #expect(try library.deleteAlbum(id: album.id, userID: fixture.alice))
        #expect(try library.album(id: album.id, userID: fixture.alice) == nil)
        #expect(try library.photo(id: second.id, userID: fixture.alice) != nil, "its photos stay")
    }
}

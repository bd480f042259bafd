import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Synchronization
import Testing

/// Photo Studio on a live server of its own with real photos: an upload with progress, the library paged, albums,
/// versions, every image kind, revert and delete.
@Suite(.requires(.photos)) struct PhotosLiveTests {
    @Test func uploadEditAndDeleteRealPhotos() async throws {
        let server = try TestServer()
        let recorder = RecordingTransport()
        let client = server.client(recorder: recorder)
        try await client.auth.register(username: uniqueName("photo"), password: TestServer.password)
        let photos = client.photos
        let canon = SharedDataSet.photos.url("ordinary/22-canon_tags.jpg")
        let astronaut = SharedDataSet.photos.url("ordinary/astronaut.png")
        let notAnImage = SharedDataSet.photos.url("edge/text_not_image.jpg")
        let canonBytes = try Data(contentsOf: canon)

        let reports = Mutex<[UploadProgress]>([])
        let upload = try await photos.upload([UploadFile(file: canon), UploadFile(file: astronaut), UploadFile(file: notAnImage)]) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(upload.items.map(\.filename) == ["22-canon_tags.jpg", "astronaut.png"])
        #expect(upload.errors.map(\.filename) == ["text_not_image.jpg"])
        let progress = reports.withLock { $0 }
        let last = try #require(progress.last)
        let sizes = try [canon, astronaut, notAnImage].map { try #require(try FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int) }
        #expect(last.bytesSent == last.totalBytes && last.totalBytes > Int64(sizes.reduce(0, +)) && last.fractionCompleted == 1)
        #expect(progress.map(\.bytesSent) == progress.map(\.bytesSent).sorted())

        let photo = try #require(upload.items.first)
        #expect(photo.width == 1600 && photo.height == 1200 && photo.format == "jpeg" && photo.fileSize == canonBytes.count)
        #expect(photo.camera?.contains("Canon") == true && photo.duplicate == false)
        let png = try #require(upload.items.last)
        #expect(png.width == 512 && png.height == 512 && png.format == "png")
        let again = try await photos.upload([UploadFile(data: canonBytes, filename: "again.jpg")])
        #expect(again.items.map(\.id) == [photo.id] && again.items.first?.duplicate == true)
        let named = try await photos.upload([UploadFile(data: try Data(contentsOf: astronaut) + [0], filename: "海边 旅行.png")])
        #expect(named.items.map(\.filename) == ["海边 旅行.png"] && named.items.first?.duplicate == false)
        let namedID = try #require(named.items.first).id
        _ = try await client.call(PhotoStudioEndpoints.trashPhoto, path: ["id": namedID])
        // 最近删除: listed with its purge date, restored, trashed again and purged by emptying the trash.
        let trash = try await client.call(PhotoStudioEndpoints.trash, query: .init(limit: 10))
        #expect(trash.items.map(\.id) == [namedID] && trash.total == 1 && trash.retentionDays == 30)
        let trashedAt = try #require(trash.items.first?.trashedAt), purgeAt = try #require(trash.items.first?.purgeAt)
        #expect(purgeAt.timeIntervalSince(trashedAt) == 30 * 86_400)
        #expect(try await client.call(PhotoStudioEndpoints.restore, path: ["id": namedID]).trashedAt == nil)
        _ = try await client.call(PhotoStudioEndpoints.trashPhoto, path: ["id": namedID])
        #expect(try await client.call(PhotoStudioEndpoints.restoreAll).count == 1)
        _ = try await client.call(PhotoStudioEndpoints.trashPhoto, path: ["id": namedID])
        #expect(try await client.call(PhotoStudioEndpoints.emptyTrash).count == 1)
        let purged = await failure { () async throws(AppSuiteError) in try await client.call(PhotoStudioEndpoints.restore, path: ["id": namedID]) }
        #expect(purged?.status == 404)
        let refused = await failure { () async throws(AppSuiteError) in try await photos.upload([UploadFile(file: notAnImage)]) }
        #expect(refused?.status == 422)

        var library: [PhotoItem] = []
        for try await item in client.all(PhotoStudioEndpoints.photos, query: .init(limit: 1), cursor: \.cursor, items: \.items,
                                         nextCursor: \.nextCursor) { library.append(item) }
        #expect(Set(library.map(\.id)) == [photo.id, png.id] && library.count == 2)

        let album = try await photos.createAlbum(name: "旅行")
        #expect(album.name == "旅行" && album.count == 0)
        #expect(try await photos.createAlbum(name: "旅行").id == album.id, "the album of that name is answered")
        #expect(try await photos.add(photo: photo.id, toAlbum: album.id).albumIds == [album.id])
        #expect(try await client.call(PhotoStudioEndpoints.albums).items.map(\.count) == [1])
        var inAlbum: [Int64] = []
        for try await item in client.all(PhotoStudioEndpoints.photos, query: .init(album: album.id), cursor: \.cursor, items: \.items,
                                         nextCursor: \.nextCursor) { inAlbum.append(item.id) }
        let badLimit = await failure { () async throws(AppSuiteError) in try await client.call(PhotoStudioEndpoints.photos, query: .init(limit: 0)) }
        #expect(badLimit?.status == 422, "the server checks the bounds the SDK's type declares")
        #expect(inAlbum == [photo.id])
        #expect(try await photos.remove(photo: photo.id, fromAlbum: album.id).albumIds.isEmpty)
        // Batches, all or nothing; album rename, cover and delete; the zip.
        let added = try await client.call(PhotoStudioEndpoints.batch, body: PhotoBatch(ids: [photo.id, png.id], action: .addToAlbum, albumId: album.id))
        #expect(added.changed == 2 && added.ids == [photo.id, png.id])
        let removed = try await client.call(PhotoStudioEndpoints.batch, body: PhotoBatch(ids: [photo.id], action: .removeFromAlbum, albumId: album.id))
        #expect(removed.changed == 1)
        _ = try await photos.add(photo: photo.id, toAlbum: album.id)
        let duplicate = await failure { () async throws(AppSuiteError) in
            try await client.call(PhotoStudioEndpoints.batch, body: PhotoBatch(ids: [photo.id, photo.id], action: .trash))
        }
        #expect(duplicate?.status == 422)
        let renamed = try await client.call(PhotoStudioEndpoints.updateAlbum, path: ["id": album.id], body: PhotoAlbumUpdate(name: "旅行 2024", coverPhotoId: png.id))
        #expect(renamed.name == "旅行 2024" && renamed.coverPhotoId == png.id && renamed.count == 2)
        let cleared = try await client.call(PhotoStudioEndpoints.updateAlbum, path: ["id": album.id], body: PhotoAlbumUpdate(coverPhotoId: .some(nil)))
        #expect(cleared.coverChosen == false && cleared.name == "旅行 2024", "null clears the chosen cover, the name stays")
        let zip = try await client.call(PhotoStudioEndpoints.download, query: .init(id: [photo.id, png.id]))
        #expect(zip.contentType == "application/zip" && zip.data.count > canonBytes.count && Array(zip.data.prefix(2)) == [0x50, 0x4B])
        let other = try await client.call(PhotoStudioEndpoints.deleteAlbum, path: ["id": try await photos.createAlbum(name: "空").id])
        #expect(other == NoContent())
        _ = try await client.call(PhotoStudioEndpoints.deleteAlbum, path: ["id": album.id])
        #expect(try await client.call(PhotoStudioEndpoints.albums).items.isEmpty)
        let noAlbum = await failure { () async throws(AppSuiteError) in try await photos.add(photo: photo.id, toAlbum: album.id + 1_000) }
        #expect(noAlbum?.status == 404)

        let rotated = try await photos.saveVersion(of: photo.id, operations: [.rotate(degrees: 90), .flip()])
        #expect(rotated.displayWidth == 1200 && rotated.displayHeight == 1600 && rotated.currentVersionId != nil)
        #expect(rotated.versions?.count == 1)
        let crooked = await failure { () async throws(AppSuiteError) in try await photos.saveVersion(of: photo.id, operations: [.rotate(degrees: 45)]) }
        #expect(crooked?.status == 422)
        #expect(try await photos.photo(id: photo.id).versions?.map(\.id) == rotated.versions?.map(\.id))
        // Any version can be shown again after a revert; another photo's version id is a 404.
        let versionID = try #require(rotated.currentVersionId)
        #expect(try await photos.revert(photo.id).currentVersionId == nil)
        let shownAgain = try await client.call(PhotoStudioEndpoints.useVersion, path: ["id": photo.id, "versionId": versionID])
        #expect(shownAgain.currentVersionId == versionID && shownAgain.displayWidth == 1200 && shownAgain.versions?.count == 1)
        let foreign = await failure { () async throws(AppSuiteError) in
            try await client.call(PhotoStudioEndpoints.useVersion, path: ["id": png.id, "versionId": versionID])
        }
        #expect(foreign?.status == 404)

        let original = try await photos.image(.original, of: photo.id)
        #expect(original.data == canonBytes && original.mediaType == "image/jpeg")
        for kind in [Photos.ImageKind.thumbnail, .rendition, .download] {
            let image = try await photos.image(kind, of: photo.id)
            #expect(image.mediaType.hasPrefix("image/") && image.data.count > 1_000, "\(kind)")
            #expect(Array(image.data.prefix(2)) == [0xFF, 0xD8], "\(kind) is a JPEG")
        }
        #expect(try await photos.image(.download, of: photo.id).filename?.hasPrefix("22-canon_tags") == true)

        let reverted = try await photos.revert(photo.id)
        #expect(reverted.currentVersionId == nil && reverted.displayWidth == 1600)
        _ = try await client.call(PhotoStudioEndpoints.trashPhoto, path: ["id": photo.id])
        _ = try await client.call(PhotoStudioEndpoints.batch, body: PhotoBatch(ids: [photo.id], action: .restore))
        _ = try await client.call(PhotoStudioEndpoints.batch, body: PhotoBatch(ids: [photo.id], action: .trash))
        #expect(try await client.call(PhotoStudioEndpoints.emptyTrash).count == 1)
        let gone = await failure { () async throws(AppSuiteError) in try await photos.photo(id: photo.id) }
        #expect(gone?.status == 404)
        let goneImage = await failure { () async throws(AppSuiteError) in try await photos.image(.thumbnail, of: photo.id) }
        #expect(goneImage?.status == 404)
        let signedOut = await failure { () async throws(AppSuiteError) in try await server.client().call(PhotoStudioEndpoints.photos, query: .init()) }
        #expect(signedOut?.status == 401)

        let expected = AppSuiteClient.routes.filter { $0.path.hasPrefix("/api/v1/photos") }
        #expect(expected.count == 22)
        #expect(recorder.endpoints.isSuperset(of: expected), "not called: \(Set(expected).subtracting(recorder.endpoints))")
    }

    @Test func cancellingAnUploadMidwayEndsItAsCancelled() async throws {
        let server = try TestServer()
        let client = server.client()
        try await client.auth.register(username: uniqueName("photo"), password: TestServer.password)
        let folder = SharedDataSet.photos.url("ordinary")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { UploadFile(file: folder.appendingPathComponent($0)) }
        #expect(files.count >= 10)
        // Eight times: URLSession on Linux used to trap when a file upload was cancelled while it read ahead.
        // The progress handler cancels at once (on URLSession's queue): waiting for a pool thread to do it lets a
        // loaded machine finish the upload first.
        for _ in 0..<8 {
            let sent = Mutex<Int64>(0)
            let task = Mutex<Task<PhotoUploadResult, any Error>?>(nil)
            let upload = Task {
                try await client.photos.upload(files) { progress in
                    sent.withLock { $0 = progress.bytesSent }
                    task.withLock { $0 }?.cancel()
                }
            }
            task.withLock { $0 = upload }
            #expect(await eventually { sent.withLock { $0 } > 0 })
            upload.cancel()
            let result = await upload.result
            guard case .failure(let error) = result else { Issue.record("the upload finished before it was cancelled"); return }
            #expect(error as? AppSuiteError == .cancelled)
        }
        #expect(try await client.call(PhotoStudioEndpoints.photos, query: .init()).items.count <= files.count, "the server answers after the broken uploads")
    }
}

private typealias Photos = AppSuiteClient.Photos

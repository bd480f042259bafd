import AppHost
import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import Imaging
import WebUI

/// The handlers of ``PhotoStudioEndpoints`` (issue 29): 最近删除, album changes, batch actions and the zip download.
/// The route group has checked the session, the write limit, the query and the JSON body before these run.
struct PhotoStudioEndpointsAPI: Sendable {
    let library: PhotoLibrary
    let queue: DerivativeQueue

    func register(into api: inout RouteGroup<SessionGuard>) {
        api.handle(PhotoStudioEndpoints.photos) { call in try timelinePage(call.query, member: call.context) }
        api.handle(PhotoStudioEndpoints.albums) { call in PhotoAlbumList(items: try library.albums(userID: call.context.user.id).map(Self.model)) }
        api.handle(PhotoStudioEndpoints.trashPhoto) { call in
            guard let photo = try library.photo(id: try Self.pathID(call.request, "id", call.context.viewer.language), userID: call.context.user.id), try library.trash(photo) != nil
            else { throw HTTPError.notFound(Self.text(call.context.viewer.language, zh: "没有这张照片。", en: "No such photo.")) }
            return NoContent()
        }
        api.handle(PhotoStudioEndpoints.trash) { call in try trashPage(call.query, userID: call.context.user.id) }
        api.handle(PhotoStudioEndpoints.restore) { call in
            guard let photo = try library.restore(id: try Self.pathID(call.request, "id", call.context.viewer.language), userID: call.context.user.id) else {
                throw HTTPError.notFound(Self.text(call.context.viewer.language, zh: "没有这张照片：它不属于这个账号，或已从最近删除中永久删除。", en: "No such photo: it was never this account's, or it was purged from the trash."))
            }
            return model(photo, versions: try library.versions(of: photo))
        }
        api.handle(PhotoStudioEndpoints.restoreAll) { call in PhotoTrashChange(count: try library.restoreAll(userID: call.context.user.id)) }
        api.handle(PhotoStudioEndpoints.emptyTrash) { call in PhotoTrashChange(count: try library.emptyTrash(userID: call.context.user.id)) }
        api.handle(PhotoStudioEndpoints.updateAlbum) { call in
            try updateAlbum(try Self.pathID(call.request, "id", call.context.viewer.language), call.body, call.context)
        }
        api.handle(PhotoStudioEndpoints.deleteAlbum) { call in
            guard try library.deleteAlbum(id: try Self.pathID(call.request, "id", call.context.viewer.language), userID: call.context.user.id) else { throw HTTPError.notFound(Self.text(call.context.viewer.language, zh: "没有这个相册。", en: "No such album.")) }
            return NoContent()
        }
        api.handle(PhotoStudioEndpoints.useVersion) { call in
            guard let photo = try library.photo(id: try Self.pathID(call.request, "id", call.context.viewer.language), userID: call.context.user.id), photo.trashedAt == nil
            else { throw HTTPError.notFound(Self.text(call.context.viewer.language, zh: "没有这张照片。", en: "No such photo.")) }
            guard let shown = try library.useVersion(photo, versionID: try Self.pathID(call.request, "versionId", call.context.viewer.language)) else {
                throw HTTPError.notFound(Self.text(call.context.viewer.language, zh: "这张照片没有这个版本。", en: "No such version of this photo."))
            }
            queue.submit([shown], kinds: [.thumbnail, .rendition])
            return model(shown, versions: try library.versions(of: shown))
        }
        api.handle(PhotoStudioEndpoints.batch) { call in
            let body = call.body
            if case .unknown(let word) = body.action {
                throw HTTPError.validation([.init(field: "action", message: Self.text(call.context.viewer.language,
                    zh: "没有“\(word.prefix(40))”这个操作：可用 trash、restore、addToAlbum、removeFromAlbum。",
                    en: "No action “\(word.prefix(40))”: use trash, restore, addToAlbum or removeFromAlbum."))])
            }
            let changed: Int?
            do {
                changed = try library.batch(body.ids, action: body.action, albumID: body.albumId, userID: call.context.user.id)
            } catch let refusal as PhotoLibrary.BatchRefusal {
                throw Self.problem(refusal, field: "ids", call.context.viewer.language, detail: (zh: "没有做任何修改。", en: "Nothing was changed."))
            }
            guard let changed else {
                if body.albumId == nil {
                    throw HTTPError.validation([.init(field: "albumId", message: Self.text(call.context.viewer.language,
                        zh: "加入或移出相册须给出 albumId。", en: "addToAlbum and removeFromAlbum need an albumId."))])
                }
                let message = Self.text(call.context.viewer.language, zh: "没有相册 \(body.albumId ?? 0)，没有做任何修改。",
                                        en: "No such album: \(body.albumId ?? 0). Nothing was changed.")
                throw HTTPError(.notFound, detail: message, errors: [.init(field: "albumId", message: message)])
            }
            return PhotoBatchResult(action: body.action, ids: body.ids, changed: changed)
        }
        api.reply(PhotoStudioEndpoints.download) { call in
            let userID = call.context.user.id
            let entries: [(name: String, path: String)]
            do {
                entries = try library.downloadEntries(call.query.id, userID: userID)
            } catch let refusal as PhotoLibrary.BatchRefusal {
                let problem = Self.problem(refusal, field: "id", call.context.viewer.language,
                                           detail: (zh: "这些照片不能下载。", en: "These photos cannot be downloaded."))
                // Only photos in 最近删除: they exist but are not there to download (as their own downloads answer 404).
                if refusal.failures.allSatisfy({ $0.reason == .trashed }) {
                    throw HTTPError(.notFound, detail: problem.detail, errors: problem.errors)
                }
                throw problem
            }
            // The zip is written on the work pool (stored entries: no recompression) and sent from disk.
            return .response(.offloaded(key: DerivativeQueue.key(userID: userID), lane: .batch) {
                let file = try library.writeDownload(entries, userID: userID)
                var response = Response(headers: ["Content-Type": "application/zip", "Cache-Control": "no-store"],
                                        body: .file(path: file.path, size: file.size))
                response.headers.set("Content-Disposition", "attachment; filename=\"photos-\(entries.count).zip\"")
                return response
            })
        }
    }

    func timelinePage(_ query: PhotoListQuery, member: SignedIn) throws -> PhotoPage {
        let language = member.viewer.language
        if let album = query.album, try library.album(id: album, userID: member.user.id) == nil {
            throw HTTPError.notFound(Self.text(language, zh: "没有这个相册。", en: "No such album."))
        }
        let page = try library.list(userID: member.user.id, album: query.album, filter: PhotoFilter(query), limit: query.limit,
                                    after: try TimelineCursor.start(query, chinese: language == .zh))
        queue.submit(page.items, kinds: [.thumbnail])
        return PhotoPage(items: page.items.map { model($0) }, nextCursor: page.next?.text)
    }

    func trashPage(_ query: PhotoTrashQuery, userID: Int64) throws -> PhotoTrashPage {
        var cursor: PhotoLibrary.TrashCursor?
        if let text = query.cursor {
            guard let parsed = PhotoLibrary.TrashCursor(text) else {
                throw HTTPError.validation([.init(field: "cursor", message: "Use the nextCursor of the previous page.")])
            }
            cursor = parsed
        }
        let page = try library.trashed(userID: userID, limit: query.limit, after: cursor)
        let summary = try library.trashSummary(userID: userID)
        queue.submit(page.items, kinds: [.thumbnail])
        return PhotoTrashPage(items: page.items.map { model($0) }, total: summary.count, bytes: summary.bytes,
                              retentionDays: PhotoLibrary.trashDays, nextCursor: page.next?.text)
    }

    func updateAlbum(_ id: Int64, _ body: PhotoAlbumUpdate, _ member: SignedIn) throws -> PhotoAlbum {
        let language = member.viewer.language
        guard body.name != nil || body.coverPhotoId != nil else {
            throw HTTPError.validation([.init(field: "name", message: Self.text(language, zh: "请给出新名称或封面（null 为取消所选封面）。",
                                                                                 en: "Give a name, a coverPhotoId (null clears the chosen cover) or both."))])
        }
        let album: PhotoLibrary.Album?
        do {
            album = try library.updateAlbum(id: id, userID: member.user.id, name: body.name, coverPhotoID: body.chosenCover, clearCover: body.clearsCover)
        } catch let error as AlbumNameError {
            throw HTTPError.validation([.init(field: "name", message: error.message(language))])
        } catch PhotoLibrary.AlbumChangeError.nameTaken {
            throw HTTPError(.conflict, detail: Self.text(language, zh: "已有同名相册。", en: "Another album has that name."))
        } catch PhotoLibrary.AlbumChangeError.noSuchPhoto {
            throw HTTPError.notFound(Self.text(language, zh: "没有这张照片，不能用作封面。", en: "No such photo for the cover."))
        } catch PhotoLibrary.AlbumChangeError.notInAlbum {
            throw HTTPError.validation([.init(field: "coverPhotoId", message: Self.text(language,
                zh: "封面须是相册里的照片：请先把照片 \(body.chosenCover ?? 0) 加入相册。",
                en: "The cover must be one of the album's photos: add photo \(body.chosenCover ?? 0) to the album first."))])
        }
        guard let album else { throw HTTPError.notFound(Self.text(language, zh: "没有这个相册。", en: "No such album.")) }
        return Self.model(album)
    }

    /// A `422` naming every failing id of a selection (`ids[3]`: its position in the list sent), nothing changed.
    static func problem(_ refusal: PhotoLibrary.BatchRefusal, field: String, _ language: Language, detail: (zh: String, en: String)) -> HTTPError {
        let errors = refusal.failures.map { failure -> HTTPError.FieldError in
            switch failure.reason {
            case .count(let count):
                return .init(field: field, message: text(language, zh: "一次可选 1–\(PhotoBatch.maximumIDs) 张照片，不是 \(count) 张。",
                                                         en: "Select 1–\(PhotoBatch.maximumIDs) photos at a time, not \(count)."))
            case .duplicate(let earlier):
                return .init(field: "\(field)[\(failure.index)]", message: text(language, zh: "照片 \(failure.id) 重复（同 \(field)[\(earlier)]）。",
                                                                                en: "Photo \(failure.id) is listed twice (also \(field)[\(earlier)])."))
            case .notFound:
                return .init(field: "\(field)[\(failure.index)]", message: text(language, zh: "没有照片 \(failure.id)。", en: "No such photo: \(failure.id)."))
            case .trashed:
                return .init(field: "\(field)[\(failure.index)]", message: text(language, zh: "照片 \(failure.id) 在最近删除中，恢复后才能下载。",
                                                                                en: "Photo \(failure.id) is in the trash: restore it to download it."))
            }
        }
        return HTTPError.validation(errors, detail: text(language, zh: detail.zh, en: detail.en))
    }

    static func text(_ language: Language, zh: String, en: String) -> String { language == .zh ? zh : en }

    /// A `{name}` id of the path. Text that is not an id (`/albums/abc`) is a 404 that says why (tester pass 11,
    /// finding 10), in the reader's language.
    static func pathID(_ request: Request, _ name: String, _ language: Language) throws(HTTPError) -> Int64 {
        let value = try request.parameter(name)
        guard let id = Int64(value), id > 0 else {
            let shown = String(value.prefix(40))
            throw HTTPError.notFound(text(language, zh: "“\(shown)”不是编号（\(name) 是从 1 起的整数）。",
                                          en: "“\(shown)” is not an id (\(name) is a whole number from 1)."))
        }
        return id
    }

    static func model(_ album: PhotoLibrary.Album) -> PhotoAlbum {
        PhotoAlbum(id: album.id, name: album.name, count: album.count, coverPhotoId: album.coverPhotoID, coverChosen: album.coverChosen)
    }

    /// The wire model of a photo (with `versions` in answers about one photo).
    func model(_ photo: Photo, versions: [PhotoVersion]? = nil) -> PhotoItem {
        let v = "?v=" + photo.displaySHA.prefix(16)
        let base = PhotoAPI.base + "/\(photo.id)"
        return PhotoItem(
            id: photo.id, filename: photo.filename, width: photo.width, height: photo.height, format: photo.format, colorSpace: photo.colorSpace,
            orientation: photo.orientation, hasAlpha: photo.hasAlpha, pageCount: photo.pageCount, takenAt: photo.taken.iso8601, camera: photo.camera,
            fileSize: photo.fileSize, sha256: photo.sha256, createdAt: Date(timeIntervalSince1970: TimeInterval(photo.createdAt)), duplicate: nil,
            displayWidth: photo.displayWidth, displayHeight: photo.displayHeight, currentVersionId: photo.current?.id,
            thumbnailReady: library.hasDerivative(.thumbnail, of: photo), problem: photo.current == nil ? photo.problem : nil,
            thumbnailURL: base + "/thumbnail" + v, renditionURL: base + "/rendition" + v, originalURL: base + "/original",
            versions: versions.map { $0.map(Self.model) },
            trashedAt: photo.trashedAt.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            purgeAt: photo.trashedAt.map { Date(timeIntervalSince1970: TimeInterval(PhotoLibrary.purgeTime(trashedAt: $0))) },
            takenAtBasis: photo.taken.basis, exifDateTime: photo.exifDateTime,
            place: photo.place.map { PhotoPlace(latitude: $0.latitude, longitude: $0.longitude) })
    }

    static func model(_ version: PhotoVersion) -> PhotoItem.Version {
        PhotoItem.Version(id: version.id, width: version.width, height: version.height, format: version.format,
                          createdAt: Date(timeIntervalSince1970: TimeInterval(version.createdAt)), baseVersionId: version.baseVersionID,
                          operations: EditCodec.operations(version.operations))
    }
}

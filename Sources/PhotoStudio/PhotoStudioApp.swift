public import AppHost
import AppSuiteAPI
import Foundation
public import HTTPServer
import Identity
import Maps
public import Imaging
public import Storage
import WebUI

/// Photo Studio 图片处理器: a private photo library per account with thumbnails, a full-screen viewer
/// and non-destructive edits (rotate, flip, crop, resize) on libvips.
public struct PhotoStudioApp: MiniApp {
    public init() {}

    /// `--photos-max-megapixels`: width × height from the header, checked before any decoding.
    public static let maximumMegapixels = AppSetting.positiveNumber(
        "photos-max-megapixels", default: 100, maximum: 1_000, valueName: "MP",
        help: "refuse pictures over this many megapixels, read before decoding (default 100)")
    /// `--photos-max-megabytes`: the encoded file, in MiB.
    public static let maximumMegabytes = AppSetting.positiveNumber(
        "photos-max-megabytes", default: 64, maximum: 1_024, valueName: "MB", help: "refuse picture files over this many MiB (default 64)")
    /// `--photos-user`: whose library `appsuite import photos` fills.
    public static let importUser = AppSetting.text(
        "photos-user", default: "demo", maximumLength: 64, valueName: "NAME",
        help: "the account `import photos` adds to, created when missing (default demo)")
    /// `APPSUITE_PHOTOS_PASSWORD`: the password of the account `import photos` creates.
    public static let importPassword = AppSetting.secret(
        "photos-password", help: "password of the account `import photos` creates (default: random, printed once)")

    /// `--photos-quota-mb`: what one account may keep, originals and edited versions together, in MiB.
    public static let quotaMegabytes = AppSetting.positiveNumber(
        "photos-quota-mb", default: Double(PhotoLibrary.defaultQuotaBytes >> 20), maximum: 1_048_576, valueName: "MB",
        help: "bytes one account may keep in Photo Studio, originals and edits (default 2048 MiB)")

    public var settings: [any DeclaredSetting] {
        [Self.maximumMegapixels, Self.maximumMegabytes, Self.quotaMegabytes, Self.importUser, Self.importPassword]
    }

    /// The size limits the settings give (the defaults are ``ImageLimits``' own).
    public static func limits(_ settings: AppSettings) -> ImageLimits {
        ImageLimits(maximumPixels: Int(settings[maximumMegapixels] * 1_000_000), maximumBytes: Int(settings[maximumMegabytes] * 1_048_576))
    }

    public var manifest: AppManifest {
        AppManifest(
            id: "photos", title: LocalizedText(zh: "图片处理器", en: "Photo Studio"),
            summary: LocalizedText(zh: "相册、全屏浏览、旋转裁剪", en: "Library, full-screen viewer, rotate and crop"),
            icon: .photo, tint: .orange)
    }

    public func migrations() -> [Migration] { PhotoLibrary.migrations() }

    func library(_ context: AppContext) -> PhotoLibrary {
        PhotoLibrary(database: context.database, directory: context.dataDirectory, limits: Self.limits(context.settings),
                     quotaBytes: Int64(context.settings[Self.quotaMegabytes] * 1_048_576), clock: context.clock)
    }

    public func storageQuota(context: AppContext) -> StorageQuota? { library(context).quota }

    public func routes(_ routes: inout AppRoutes, context: AppContext) {
        let library = library(context)
        let queue = DerivativeQueue(library: library, pool: context.workPool)
        routes.serve(PhotoPages.assets)
        PhotoAPI(library: library, queue: queue).register(into: &routes.api)
        PhotoStudioEndpointsAPI(library: library, queue: queue).register(into: &routes.api)
        let map = MapSetup.configured(context.settings, appID: "photos")
        map?.register(into: &routes.files)
        PhotoPages(library: library, queue: queue, map: map).register(into: &routes.pages)
    }

    public var endpoints: EndpointGroup? { PhotoStudioEndpoints.group }

    public var apiOperations: [APIOperation] { PhotoAPI.operations }

    /// `photos.trash.purge`, hourly: deletes what has been in 最近删除 for 30 days (by the server's clock), then
    /// the batch downloads older than a day.
    public func jobs(context: AppContext) -> [ScheduledJob] {
        let library = library(context)
        return [ScheduledJob("photos.trash.purge", every: 3_600, jitter: 300) {
            let purged = try library.purgeExpiredTrash()
            let downloads = library.removeOldDownloads()
            return "\(purged) photos purged from the trash, \(downloads) old downloads removed"
        }]
    }

    public var apiSchemas: [(String, JSONSchema)] { PhotoAPI.schemas }

    public var commands: [any AppCommand] { [PhotoTool()] }

    public func importer(context: AppContext) -> (any DataImporter)? {
        PhotoImporter(library: library(context), identity: context.authenticator.identity,
                      username: context.settings[Self.importUser], password: context.settings[Self.importPassword])
    }
}

extension IngestError: HTTPErrorConvertible {
    public var httpError: HTTPError { httpError(.en) }

    /// The problem of a refused file in the reader's language (title and detail); the type names the code.
    func httpError(_ language: Language) -> HTTPError {
        if let quota { return quota.httpError(language) }
        if code == "disk-full" { return DiskFull().httpError }
        let status: HTTPStatus = switch code {
        case "too-large": .contentTooLarge
        case "storage", "missing": .internalServerError
        default: .unprocessableContent
        }
        return HTTPError(status, title: language == .zh ? "照片未能添加" : "Photo not accepted", detail: message(language),
                         type: "urn:appsuite:problem:photo-\(code)")
    }
}

/// `/api/v1/photos…`: the JSON API. Every route needs a signed-in user; another user's photo is a 404.
/// Image work (storing uploads, edits, thumbnails and renditions not cached yet) runs on the work pool
/// under the user's key while the connection waits (`Response.offloaded`).
struct PhotoAPI: Sendable {
    let library: PhotoLibrary
    let queue: DerivativeQueue

    static let base = "/api/v1/photos"

    /// Every route needs a signed-in user; another user's photo is a 404.
    func register(into api: inout RouteGroup<SessionGuard>) {
        api.post(Self.base, limit: .upload) { request, member in
            let user = member.user
            let files = request.uploadedFiles.filter { $0.fieldName == "file" }
            guard !files.isEmpty else {
                throw HTTPError.validation([.init(field: "file", message: "Send one or more images as the multipart field 'file'.")])
            }
            let (userID, language) = (user.id, member.viewer.language)
            let times = try Self.fileTimes(request.form().values("lastModified"), count: files.count)
            return .offloaded(key: DerivativeQueue.key(userID: userID), lane: DerivativeQueue.lane(files)) {
                try upload(files, fileTimes: times, userID: userID, language: language)
            }
        }
        api.post(Self.base + "/albums") { request, member in
            let user = member.user
            let body = try request.decodeJSON(NewPhotoAlbum.self)
            let album: PhotoLibrary.Album
            do {
                album = try library.createAlbum(userID: user.id, name: body.name)
            } catch let error as AlbumNameError {
                throw HTTPError.validation([.init(field: "name", message: error.message(member.viewer.language))])
            }
            return .json(status: .created) { Self.write(album, to: &$0) }
        }
        api.post(Self.base + "/{id}/albums") { request, member in
            let photo = try findInLibrary(request, member)
            let body = try request.decodeJSON(PhotoAlbumChange.self)
            guard try library.setMembership(photo, albumID: body.albumId, member: body.remove != true) else {
                throw HTTPError.notFound(PhotoStudioEndpointsAPI.text(member.viewer.language, zh: "没有这个相册。", en: "No such album."))
            }
            let albums = try library.albums(of: photo)
            return .json { json in json.object { $0.field("albumIds", albums) } }
        }
        api.get(Self.base + "/{id}") { request, member in
            let photo = try find(request, member)
            // A client waiting for thumbnailReady gets it made even if the pool was full when it was uploaded.
            queue.submit([photo], kinds: [.thumbnail])
            let versions = try library.versions(of: photo)
            return .json { json in write(photo, versions: versions, to: &json) }
        }
        api.get(Self.base + "/{id}/thumbnail") { request, member in try derivative(.thumbnail, request, member) }
        api.get(Self.base + "/{id}/rendition") { request, member in try derivative(.rendition, request, member) }
        api.get(Self.base + "/{id}/original") { request, member in
            let photo = try findInLibrary(request, member)
            return Self.file(library.originalURL(sha: photo.sha256).path, size: photo.fileSize,
                             mediaType: Self.mediaType(photo.format), etag: "\"\(photo.sha256.prefix(16))\"", request: request,
                             download: request.query["download"] != nil ? PhotoLibrary.downloadName(photo, edited: false) : nil)
        }
        api.get(Self.base + "/{id}/download") { request, member in
            let photo = try findInLibrary(request, member)
            guard let version = photo.current else {
                return Self.file(library.originalURL(sha: photo.sha256).path, size: photo.fileSize,
                                 mediaType: Self.mediaType(photo.format), etag: "\"\(photo.sha256.prefix(16))\"", request: request,
                                 download: PhotoLibrary.downloadName(photo, edited: false))
            }
            let path = library.originalURL(sha: version.sha256).path
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return Self.file(path, size: size, mediaType: Self.mediaType(version.format), etag: "\"\(version.sha256.prefix(16))\"",
                             request: request, download: PhotoLibrary.downloadName(photo, edited: true))
        }
        api.post(Self.base + "/{id}/versions") { request, member in
            let photo = try findInLibrary(request, member)
            let body = try request.decodeJSON(NewPhotoVersion.self)
            let edits = try Self.edits(body.operations, size: (photo.displayWidth, photo.displayHeight))
            return .offloaded(key: DerivativeQueue.key(userID: photo.userID), lane: DerivativeQueue.lane(photo)) {
                let updated = try saveVersion(photo, edits, language: member.viewer.language)
                queue.submit([updated], kinds: [.thumbnail, .rendition])
                let versions = try library.versions(of: updated)
                return .json(status: .created) { json in write(updated, versions: versions, to: &json) }
            }
        }
        api.post(Self.base + "/{id}/revert") { request, member in
            let photo = try findInLibrary(request, member)
            let updated = try library.revert(photo)
            let versions = try library.versions(of: updated)
            return .json { json in write(updated, versions: versions, to: &json) }
        }
    }

    /// The optional multipart fields `lastModified` (the browser's `File.lastModified`: milliseconds since 1970, one per
    /// file in the files' order, 0 to 253402300799999): each file's own time, the timeline's second choice (``TakenTime``).
    /// None: nil for every file. - Throws: 422 naming `lastModified` for another count or a value that is not such a number.
    static func fileTimes(_ values: [String], count: Int) throws(HTTPError) -> [Date?] {
        if values.isEmpty { return Array(repeating: nil, count: count) }
        guard values.count == count else {
            throw HTTPError.validation([.init(field: "lastModified", message: "Send one lastModified per file (\(count)), or none.")])
        }
        return try values.map { text throws(HTTPError) in
            guard let value = Int64(text), (0...253_402_300_799_999).contains(value) else {
                throw HTTPError.validation([.init(field: "lastModified", message: "lastModified is milliseconds since 1970 (0 to 253402300799999).")])
            }
            return Date(timeIntervalSince1970: Double(value) / 1000)
        }
    }

    /// Stores the uploaded files after checking their headers (on the work pool) and queues their
    /// thumbnails and renditions. One file refused alone is its own problem; all refused is a 422.
    func upload(_ files: [UploadedFile], fileTimes: [Date?], userID: Int64, language: Language) throws -> Response {
        var added: [(Photo, IngestResult)] = []
        var failed: [(String, IngestError)] = []
        for (file, time) in zip(files, fileTimes) {
            do throws(IngestError) {
                let result = try library.add(fileAt: file.temporaryPath, filename: file.filename, userID: userID, check: .header, fileTime: time)
                added.append((result.photo, result))
            } catch {
                failed.append((PhotoLibrary.cleanFilename(file.filename), error))
            }
        }
        if added.isEmpty, failed.count == 1 { throw failed[0].1.httpError(language) }
        if added.isEmpty {
            throw HTTPError.validation(failed.map { .init(field: $0.0, message: $0.1.message(language)) },
                                       detail: language == .zh ? "\(failed.count) 个文件都不是可用的图片。" : "None of the \(failed.count) files is a usable image.")
        }
        queue.submit(added.map(\.0), kinds: [.thumbnail, .rendition])
        // 201 only when this request stored a photo; a file the account already has answers its photo with 200.
        return .json(status: added.contains { !$0.1.isDuplicate } ? .created : .ok) { json in
            json.object {
                $0.array("items") { list in
                    for (photo, result) in added { write(photo, duplicate: result.isDuplicate, restored: result.isRestored, to: &list) }
                }
                $0.array("errors") { list in
                    for (name, error) in failed {
                        list.object {
                            $0.field("filename", name)
                            $0.field("code", error.code)
                            $0.field("detail", error.message(language))
                        }
                    }
                }
            }
        }
    }

    /// The new current version of `photo`, or a 422 naming `operations`: a step that does not fit in `language`.
    func saveVersion(_ photo: Photo, _ edits: [ImageEdit], language: Language) throws -> Photo {
        guard !edits.isEmpty else {
            throw HTTPError.validation([.init(field: "operations", message: "Give at least one operation.")])
        }
        do {
            return try library.saveVersion(of: photo, operations: edits)
        } catch let refusal as EditRefusal {
            throw HTTPError.validation([.init(field: "operations", message: refusal.message(language))])
        } catch let error as ImagingError {
            if case .invalidArgument(let message) = error {
                throw HTTPError.validation([.init(field: "operations", message: message)])
            }
            throw HTTPError(.unprocessableContent, detail: error.shownText)
        }
    }

    static func edits(_ operations: [EditCodec.Operation], size: (width: Int, height: Int)) throws(HTTPError) -> [ImageEdit] {
        switch EditCodec.edits(operations, size: size) {
        case .success(let edits): return edits
        case .failure(let error):
            if case .invalidArgument(let message) = error { throw HTTPError.validation([.init(field: "operations", message: message)]) }
            throw HTTPError.validation([.init(field: "operations", message: error.description)])
        }
    }

    func find(_ request: Request, _ member: SignedIn) throws -> Photo {
        let language = member.viewer.language
        let id = try PhotoStudioEndpointsAPI.pathID(request, "id", language)
        guard let photo = try library.photo(id: id, userID: member.user.id) else {
            throw HTTPError.notFound(PhotoStudioEndpointsAPI.text(language, zh: "没有这张照片。", en: "No such photo."))
        }
        return photo
    }

    /// ``find(_:_:)`` for a change (an edit, a revert, an album) or a download (the original, the current version): a
    /// photo in 最近删除 is not found until it is restored; its thumbnail and rendition stay for the trash's pages.
    func findInLibrary(_ request: Request, _ member: SignedIn) throws -> Photo {
        let photo = try find(request, member)
        guard photo.trashedAt == nil else {
            throw HTTPError.notFound(PhotoStudioEndpointsAPI.text(member.viewer.language, zh: "这张照片在最近删除中，请先恢复。",
                                                                  en: "The photo is in the trash: restore it first."))
        }
        return photo
    }

    /// A cached derivative is served at once; one still to be made is made on the work pool.
    func derivative(_ kind: PhotoLibrary.DerivativeKind, _ request: Request, _ member: SignedIn) throws -> Response {
        let photo = try find(request, member)
        let serve: @Sendable () throws -> Response = { [library] in
            let file = try library.derivative(kind, of: photo)
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
            return Self.file(file.path, size: size, mediaType: file.mediaType, etag: file.etag, request: request, download: nil)
        }
        if library.hasDerivative(kind, of: photo) { return try serve() }
        return .offloaded(key: DerivativeQueue.key(userID: photo.userID), lane: DerivativeQueue.lane(photo), serve)
    }

    /// A stored file with an ETag; `304` when the client has it. URLs that carry `?v=` (the content's hash)
    /// are cached for a year; others are revalidated each time. Private: a photo belongs to one account.
    static func file(_ path: String, size: Int, mediaType: String, etag: String, request: Request, download: String?) -> Response {
        var headers: HTTPHeaders = ["Content-Type": mediaType, "ETag": etag]
        headers.set("Cache-Control", request.query["v"] != nil ? "private, max-age=31536000, immutable" : "private, no-cache")
        headers.set("X-Content-Type-Options", "nosniff")
        if let download {
            let ascii = String(download.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
            headers.set("Content-Disposition", "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(percentEncode(download))")
        }
        if request.headers["If-None-Match"] == etag {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .file(path: path, size: size))
    }

    static func mediaType(_ format: String) -> String {
        switch format {
        case "jpeg": "image/jpeg"
        case "png": "image/png"
        case "webp": "image/webp"
        case "gif": "image/gif"
        case "heif": "image/heic"
        case "avif": "image/avif"
        case "tiff": "image/tiff"
        default: "application/octet-stream"
        }
    }

    func write(_ photo: Photo, duplicate: Bool? = nil, restored: Bool = false, versions: [PhotoVersion]? = nil, to json: inout JSONWriter) {
        json.object {
            $0.field("id", photo.id)
            $0.field("filename", photo.filename)
            $0.field("width", photo.width)
            $0.field("height", photo.height)
            $0.field("format", photo.format)
            $0.field("colorSpace", photo.colorSpace)
            $0.field("orientation", photo.orientation)
            $0.field("hasAlpha", photo.hasAlpha)
            $0.field("pageCount", photo.pageCount)
            $0.field("takenAt", photo.taken.iso8601)
            $0.field("takenAtBasis", photo.taken.basis.rawValue)
            $0.field("exifDateTime", photo.exifDateTime)
            $0.field("camera", photo.camera)
            if let place = photo.place {
                $0.object("place") { $0.field("latitude", place.latitude); $0.field("longitude", place.longitude) }
            } else {
                $0.key("place"); $0.writeNull()
            }
            $0.field("fileSize", photo.fileSize)
            $0.field("sha256", photo.sha256)
            $0.field("createdAt", iso8601(photo.createdAt))
            if let duplicate { $0.field("duplicate", duplicate) }
            if restored { $0.field("restored", true) }
            $0.field("displayWidth", photo.displayWidth)
            $0.field("displayHeight", photo.displayHeight)
            $0.field("currentVersionId", photo.current?.id)
            let v = "?v=" + photo.displaySHA.prefix(16)
            $0.field("thumbnailReady", library.hasDerivative(.thumbnail, of: photo))
            $0.field("problem", photo.current == nil ? photo.problem : nil)
            $0.field("thumbnailURL", Self.base + "/\(photo.id)/thumbnail" + v)
            $0.field("renditionURL", Self.base + "/\(photo.id)/rendition" + v)
            $0.field("originalURL", Self.base + "/\(photo.id)/original")
            if let trashed = photo.trashedAt {
                $0.field("trashedAt", iso8601(trashed))
                $0.field("purgeAt", iso8601(PhotoLibrary.purgeTime(trashedAt: trashed)))
            }
            if let versions {
                $0.array("versions") { list in
                    for version in versions {
                        list.object {
                            $0.field("id", version.id)
                            $0.field("width", version.width)
                            $0.field("height", version.height)
                            $0.field("format", version.format)
                            $0.field("createdAt", iso8601(version.createdAt))
                            $0.field("baseVersionId", version.baseVersionID)
                            $0.array("operations") { ops in
                                for op in EditCodec.operations(version.operations) {
                                    ops.object {
                                        $0.field("op", op.op)
                                        if let d = op.degrees { $0.field("degrees", d) }
                                        if let d = op.direction { $0.field("direction", d) }
                                        if let x = op.x { $0.field("x", x) }
                                        if let y = op.y { $0.field("y", y) }
                                        if let w = op.width { $0.field("width", w) }
                                        if let h = op.height { $0.field("height", h) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static func write(_ album: PhotoLibrary.Album, to json: inout JSONWriter) {
        json.object {
            $0.field("id", album.id)
            $0.field("name", album.name)
            $0.field("count", album.count)
        }
    }

    // MARK: OpenAPI

    static let problem = JSONSchema.reference("Problem")
    /// A picture in its own format (JPEG, or WebP with alpha, for derivatives; the original's type otherwise).
    static let imageBytes = APIOperation.Outcome(200, "Image bytes", schema: .string(format: "binary"), mediaType: "image/*")
    static let idParameter = APIOperation.Parameter("id", in: .path, schema: .integer())

    static let operations: [APIOperation] = [
        APIOperation(.post, base, summary: "Upload one or more photos (multipart field 'file'; optional 'lastModified', one per file: its time in ms since 1970)", tag: "Photos",
                     requestBody: .object([("file", .array(.string(format: "binary"))), ("lastModified", .array(.integer()))]),
                     requestMediaType: "multipart/form-data",
                     responses: [.init(201, "At least one photo added (items; a file already in the library answers its photo, duplicate true)",
                                       schema: .ref(PhotoUploadResult.self)),
                                 .init(200, "Every file was already in the library: their photos, duplicate true", schema: .ref(PhotoUploadResult.self)),
                                 .init(413, "Too large", schema: problem, mediaType: "application/problem+json"),
                                 .init(422, "Not a usable image", schema: problem, mediaType: "application/problem+json"),
                                 .init(507, "Over the account's Photo Studio quota (urn:appsuite:problem:quota-exceeded), or the server's disk is full",
                                       schema: problem, mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.post, base + "/albums", summary: "Create an album (or return the one of that name)", tag: "Photos",
                     requestBody: .ref(NewPhotoAlbum.self),
                     responses: [.init(201, "The album", schema: .ref(PhotoAlbum.self)),
                                 .init(422, "Invalid name", schema: problem, mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.post, base + "/{id}/albums", summary: "Add the photo to an album, or remove it with remove: true", tag: "Photos",
                     parameters: [idParameter], requestBody: .ref(PhotoAlbumChange.self),
                     responses: [.init(200, "The photo's albums", schema: .ref(PhotoAlbumMembership.self)),
                                 .init(404, "No such photo or album", schema: problem, mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.get, base + "/{id}", summary: "A photo's metadata and versions", tag: "Photos", parameters: [idParameter],
                     responses: [.init(200, "The photo", schema: .ref(PhotoItem.self)), .init(404, "No such photo", schema: problem, mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.get, base + "/{id}/thumbnail", summary: "512-px thumbnail of what the viewer shows (JPEG, or WebP with alpha)", tag: "Photos",
                     parameters: [idParameter], responses: [imageBytes], requiresAuthentication: true),
        APIOperation(.get, base + "/{id}/rendition", summary: "2048-px screen rendition", tag: "Photos",
                     parameters: [idParameter], responses: [imageBytes], requiresAuthentication: true),
        APIOperation(.get, base + "/{id}/original", summary: "The original, byte for byte", tag: "Photos",
                     parameters: [idParameter], responses: [imageBytes], requiresAuthentication: true),
        APIOperation(.get, base + "/{id}/download", summary: "The current version as an attachment with a sensible name", tag: "Photos",
                     parameters: [idParameter], responses: [imageBytes], requiresAuthentication: true),
        APIOperation(.post, base + "/{id}/versions", summary: "Save a new version: at most \(PhotoLibrary.maximumOperations) operations, applied to the current version in its upright coordinates", tag: "Photos",
                     parameters: [idParameter], requestBody: .ref(NewPhotoVersion.self),
                     responses: [.init(201, "The photo with its new current version", schema: .ref(PhotoItem.self)),
                                 .init(422, "An operation does not fit", schema: problem, mediaType: "application/problem+json"),
                                 .init(507, "The new version would pass the account's Photo Studio quota, or the server's disk is full", schema: problem,
                                       mediaType: "application/problem+json")],
                     requiresAuthentication: true),
        APIOperation(.post, base + "/{id}/revert", summary: "Show the original again (versions are kept)", tag: "Photos",
                     parameters: [idParameter], responses: [.init(200, "The photo", schema: .ref(PhotoItem.self))], requiresAuthentication: true),
    ]

    /// The photo models (`AppSuiteAPI`), as components of the document.
    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(PhotoItem.self, overriding: [
            "width": .integer(description: "upright width of the original, pixels"),
            "height": .integer(description: "upright height of the original, pixels"),
            "orientation": .integer(description: "EXIF orientation 1–8 of the original"),
            "fileSize": .integer(description: "bytes of the original"),
            "takenAtBasis": .words(PhotoTakenBasis.known.map(\.rawValue)),
        ]),
        JSONSchema.component(PhotoItem.Version.self),
        JSONSchema.component(PhotoPlace.self),
        JSONSchema.component(PhotoEditOperation.self, overriding: [
            "op": .string(description: "rotate | flip | crop | resize"),
            "degrees": .integer(description: "rotate: multiple of 90, clockwise"),
            "direction": .string(description: "flip: horizontal | vertical"),
        ]),
        JSONSchema.component(PhotoPage.self),
        JSONSchema.component(PhotoUploadResult.self),
        JSONSchema.component(PhotoUploadResult.Failure.self),
        JSONSchema.component(PhotoAlbum.self),
        JSONSchema.component(PhotoAlbumList.self),
        JSONSchema.component(NewPhotoAlbum.self, overriding: [
            "name": .string(description: "1–40 characters; no control, bidirectional or invisible characters", minLength: 1, maxLength: 40),
        ]),
        JSONSchema.component(PhotoAlbumChange.self),
        JSONSchema.component(PhotoAlbumMembership.self),
        JSONSchema.component(PhotoAlbumUpdate.self, overriding: [
            "name": .string(description: "1–40 characters; no control, bidirectional or invisible characters", minLength: 1, maxLength: 40),
        ]),
        JSONSchema.component(PhotoTrashPage.self),
        JSONSchema.component(PhotoTrashChange.self),
        JSONSchema.component(PhotoBatch.self, overriding: [
            "ids": .array(.integer(), maxItems: PhotoBatch.maximumIDs),
            "action": .words(PhotoBatchAction.known.map(\.rawValue)),
        ]),
        JSONSchema.component(PhotoBatchResult.self, overriding: ["action": .words(PhotoBatchAction.known.map(\.rawValue))]),
        JSONSchema.component(NewPhotoVersion.self, overriding: [
            "operations": .array(.ref(PhotoEditOperation.self), maxItems: PhotoLibrary.maximumOperations),
        ]),
    ]
}

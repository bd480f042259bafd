public import AppSuiteAPI
public import Foundation

extension AppSuiteClient {
    /// 图片处理器 Photo Studio: the signed-in user's private photo library. Every method needs a signed-in user
    /// (a `401` problem otherwise). The timeline (`GET /api/v1/photos`), the trash (`DELETE /api/v1/photos/{id}` moves a
    /// photo there), album changes and batches are declared in `PhotoStudioEndpoints` and called with
    /// ``AppSuiteClient/call(_:path:query:body:)`` (``AppSuiteClient/all(_:path:query:cursor:items:nextCursor:)`` pages
    /// through the timeline).
    public var photos: Photos { Photos(client: self) }

    /// The methods of ``AppSuiteClient/photos``.
    public struct Photos: Sendable {
        let client: AppSuiteClient

        static let upload = Route("POST", APIPath.Photos.photos)
        static let createAlbum = Route("POST", APIPath.Photos.albums)
        static let changeAlbums = Route("POST", APIPath.Photos.photoAlbums)
        static let photo = Route("GET", APIPath.Photos.photo)
        static let saveVersion = Route("POST", APIPath.Photos.versions)
        static let revert = Route("POST", APIPath.Photos.revert)
        static let endpoints = [upload, createAlbum, changeAlbums, photo, saveVersion, revert]
            + ImageKind.allCases.map(\.endpoint)

        /// Which picture of a photo ``image(_:of:)`` fetches.
        public enum ImageKind: CaseIterable, Sendable {
            /// 512 px on the long side, of what the viewer shows (JPEG, or WebP with alpha).
            case thumbnail
            /// 2048 px on the long side, for the screen.
            case rendition
            /// The original, byte for byte.
            case original
            /// The current version as a file to keep, with a sensible name.
            case download

            var endpoint: Route {
                switch self {
                case .thumbnail: Route("GET", APIPath.Photos.thumbnail)
                case .rendition: Route("GET", APIPath.Photos.rendition)
                case .original: Route("GET", APIPath.Photos.original)
                case .download: Route("GET", APIPath.Photos.download)
                }
            }
        }

        /// An image's bytes with their media type.
        public struct Image: Sendable {
            /// The bytes as sent.
            public var data: Data
            /// `image/jpeg`, `image/webp` …
            public var mediaType: String
            /// The name `Content-Disposition` suggests (downloads), nil otherwise.
            public var filename: String?
        }

        /// `POST /api/v1/photos` (multipart field `file`, one part per file): adds pictures to the library. A file
        /// the library already holds byte for byte answers the existing photo (`duplicate: true`); files that
        /// cannot be added are listed in `errors` while the others are added.
        /// - Parameter progress: called as the body goes out (all files together).
        /// - Throws: a `413` problem above the server's upload limit (64 MiB per request), `422` when no file
        ///   could be added; ``AppSuiteError/invalidRequest(_:)`` for a file that cannot be read here.
        public func upload(_ files: [UploadFile], progress: UploadProgressHandler? = nil) async throws(AppSuiteError) -> PhotoUploadResult {
            try await client.upload(.init(Self.upload), parts: files.map { ("file", $0) }, progress: progress, as: PhotoUploadResult.self)
        }

        /// `GET /api/v1/photos/albums`: the user's albums by name, each with its count and cover
        /// (``PhotoStudioEndpoints/albums``).
        public func albums() async throws(AppSuiteError) -> [PhotoAlbum] {
            try await client.call(PhotoStudioEndpoints.albums).items
        }

        /// `POST /api/v1/photos/albums`: creates an album, or answers the one of that name.
        /// - Parameter name: 1–40 characters (else a `422` naming `name`).
        public func createAlbum(name: String) async throws(AppSuiteError) -> PhotoAlbum {
            try await client.value(try AppSuiteClient.Call(Self.createAlbum).json(NewPhotoAlbum(name: name)), as: PhotoAlbum.self)
        }

        /// `POST /api/v1/photos/{id}/albums`: puts a photo into an album.
        /// - Throws: a `404` problem for an unknown photo or album.
        @discardableResult
        public func add(photo id: Int64, toAlbum album: Int64) async throws(AppSuiteError) -> PhotoAlbumMembership {
            try await client.value(try AppSuiteClient.Call(Self.changeAlbums, path: ["id": id]).json(PhotoAlbumChange(albumId: album)),
                                   as: PhotoAlbumMembership.self)
        }

        /// `POST /api/v1/photos/{id}/albums` with `remove: true`: takes a photo out of an album.
        @discardableResult
        public func remove(photo id: Int64, fromAlbum album: Int64) async throws(AppSuiteError) -> PhotoAlbumMembership {
            try await client.value(try AppSuiteClient.Call(Self.changeAlbums, path: ["id": id]).json(PhotoAlbumChange(albumId: album, remove: true)),
                                   as: PhotoAlbumMembership.self)
        }

        /// `GET /api/v1/photos/{id}`: a photo's metadata with every saved version.
        /// - Throws: a `404` problem for a photo that is not the user's.
        public func photo(id: Int64) async throws(AppSuiteError) -> PhotoItem {
            try await client.value(.init(Self.photo, path: ["id": id]), as: PhotoItem.self)
        }

        /// `GET /api/v1/photos/{id}/thumbnail|rendition|original|download`: the picture's bytes.
        /// - Throws: a `404` problem for a photo that is not the user's.
        public func image(_ kind: ImageKind, of id: Int64) async throws(AppSuiteError) -> Image {
            var call = AppSuiteClient.Call(kind.endpoint, path: ["id": id])
            call.accept = "image/*, application/problem+json"
            let response = try await client.response(call)
            guard let type = response.mediaType, type.hasPrefix("image/") else { throw AppSuiteClient.unexpected(response, "an image") }
            return Image(data: response.body, mediaType: type, filename: response.header("Content-Disposition").flatMap(Self.filename))
        }

        /// The `filename="…"` of a `Content-Disposition` field.
        static func filename(_ disposition: String) -> String? {
            guard let start = disposition.range(of: "filename=\"") else { return nil }
            let rest = disposition[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }

        /// `POST /api/v1/photos/{id}/versions`: a new version, `operations` applied in order to what the viewer
        /// shows now, in its upright coordinates (``PhotoEditOperation/rotate(degrees:)`` …).
        /// - Throws: a `422` problem for an operation that does not fit (a rotation that is not a multiple of 90,
        ///   a crop outside the picture, too many operations).
        public func saveVersion(of id: Int64, operations: [PhotoEditOperation]) async throws(AppSuiteError) -> PhotoItem {
            try await client.value(try AppSuiteClient.Call(Self.saveVersion, path: ["id": id]).json(NewPhotoVersion(operations: operations)),
                                   as: PhotoItem.self)
        }

        /// `POST /api/v1/photos/{id}/revert`: shows the original again (the versions are kept).
        public func revert(_ id: Int64) async throws(AppSuiteError) -> PhotoItem {
            try await client.value(.init(Self.revert, path: ["id": id]), as: PhotoItem.self)
        }
    }
}

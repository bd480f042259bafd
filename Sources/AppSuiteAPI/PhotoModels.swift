public import Foundation

/// One edit step of a version, in the upright coordinates of the picture it applies to (`op` names the step;
/// only that step's fields are set). Build one with ``rotate(degrees:)``, ``flip(vertical:)``,
/// ``crop(x:y:width:height:)`` or ``resize(width:height:)``.
public struct PhotoEditOperation: Codable, Sendable, Equatable {
    /// `rotate`, `flip`, `crop` or `resize`; another value is a `422`.
    public var op: String
    /// rotate: clockwise, a multiple of 90.
    public var degrees: Int?
    /// flip: `horizontal` (the default) or `vertical`.
    public var direction: String?
    /// crop: the left and top edge, pixels.
    public var x: Int?
    public var y: Int?
    /// crop: the size kept; resize: the new size, pixels.
    public var width: Int?
    public var height: Int?

    public init(op: String, degrees: Int? = nil, direction: String? = nil, x: Int? = nil, y: Int? = nil, width: Int? = nil,
                height: Int? = nil) {
        self.op = op
        self.degrees = degrees
        self.direction = direction
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static func rotate(degrees: Int) -> PhotoEditOperation { PhotoEditOperation(op: "rotate", degrees: degrees) }
    public static func flip(vertical: Bool = false) -> PhotoEditOperation {
        PhotoEditOperation(op: "flip", direction: vertical ? "vertical" : "horizontal")
    }
    public static func crop(x: Int, y: Int, width: Int, height: Int) -> PhotoEditOperation {
        PhotoEditOperation(op: "crop", x: x, y: y, width: width, height: height)
    }
    public static func resize(width: Int, height: Int) -> PhotoEditOperation { PhotoEditOperation(op: "resize", width: width, height: height) }
}

/// A photo of the signed-in user's library. Sizes are pixels of the upright picture.
public struct PhotoItem: Codable, Sendable, Equatable {
    /// A saved edit: the edit list applied to its base, and the rendered picture's size and format.
    public struct Version: Codable, Sendable, Equatable {
        public var id: Int64
        public var width: Int
        public var height: Int
        /// The rendered file's format (`jpeg`, `png`, `webp` …).
        public var format: String
        public var createdAt: Date
        /// The version whose picture `operations` apply to; nil when they apply to the original (a long edit
        /// history starts again from an earlier version's picture).
        public var baseVersionId: Int64?
        /// Applied to the base in this order, merged and simplified by the server.
        public var operations: [PhotoEditOperation]

        public init(id: Int64, width: Int, height: Int, format: String, createdAt: Date, baseVersionId: Int64?,
                    operations: [PhotoEditOperation]) {
            self.id = id
            self.width = width
            self.height = height
            self.format = format
            self.createdAt = createdAt
            self.baseVersionId = baseVersionId
            self.operations = operations
        }
    }

    public var id: Int64
    /// The uploaded file's name, cleaned (for display and downloads only).
    public var filename: String
    /// The original's upright size.
    public var width: Int
    public var height: Int
    /// The original's format (`jpeg`, `png`, `webp`, `gif`, `heif`, `avif`, `tiff`).
    public var format: String
    /// The original's colour space: `rgb`, `gray`, `cmyk`, or libvips' name for another (`lab` …).
    public var colorSpace: String
    /// EXIF orientation of the original, 1–8 (1 when it has none).
    public var orientation: Int
    public var hasAlpha: Bool
    /// Frames of an animation or pages of a multi-page file; 1 for a still picture.
    public var pageCount: Int
    /// When the photo was taken, ISO 8601 in the local time where it was taken: `2019-07-14T18:03:22+02:00`, or without
    /// the offset (`2019-07-14T18:03:22`) when the EXIF date has none. The timeline sorts and groups by it; `takenAtBasis`
    /// says where it comes from.
    public var takenAt: String?
    /// What `takenAt` is based on: `exif` (DateTimeOriginal, with OffsetTimeOriginal when present), `file` (the file's
    /// time), `upload` (when it was added), or `invalidExif` (the upload time, because the EXIF date was in the future or
    /// before 1900). Nil only in answers of servers before the timeline.
    public var takenAtBasis: PhotoTakenBasis?
    /// EXIF `DateTimeOriginal` (else `DateTime`) in ISO 8601 (`2019-07-14T18:03:22`, with the offset when the file gives
    /// one: `2019-07-14T18:03:22+02:00`), also when it cannot be right (then `takenAtBasis` is `invalidExif`); text that
    /// names no calendar time at all is answered as written. Nil when absent.
    public var exifDateTime: String?
    /// EXIF make and model; nil when absent.
    public var camera: String?
    /// Where it was taken, from the file's EXIF GPS tags; nil when the file has none (a place is never guessed) or the
    /// photo was stored before places were read.
    public var place: PhotoPlace?
    /// The original's size in bytes.
    public var fileSize: Int
    /// SHA-256 of the original's bytes, hex.
    public var sha256: String
    /// When it was added to the library.
    public var createdAt: Date
    /// In an upload's answer only: true when the library already held these exact bytes (the existing photo is answered).
    public var duplicate: Bool?
    /// The size of what the viewer shows: the current version's, else the original's.
    public var displayWidth: Int
    public var displayHeight: Int
    /// The version shown instead of the original; nil when the original is shown.
    public var currentVersionId: Int64?
    /// Whether the thumbnail is already made (it is made in the background after an upload; until then
    /// `thumbnailURL` makes it on request).
    public var thumbnailReady: Bool
    /// Why the original's pixels cannot be shown (a readable header over data that does not decode); nil when
    /// nothing is wrong or a version is shown.
    public var problem: String?
    /// Paths of the images on this server; thumbnail and rendition carry `?v=` (the content's hash) and may be cached for a year.
    public var thumbnailURL: String
    public var renditionURL: String
    public var originalURL: String
    /// Every saved version, oldest first: in the answers about one photo (`GET /api/v1/photos/{id}`, a new version,
    /// a revert), nil in lists and uploads.
    public var versions: [Version]?
    /// When it was moved to 最近删除; nil for a photo in the library.
    public var trashedAt: Date?
    /// When the purge job deletes it for good (30 days after `trashedAt`); nil for a photo in the library.
    public var purgeAt: Date?
    /// In an upload's answer only: true when these bytes were a photo in 最近删除, which the upload restored.
    public var restored: Bool?

    public init(id: Int64, filename: String, width: Int, height: Int, format: String, colorSpace: String, orientation: Int,
                hasAlpha: Bool, pageCount: Int, takenAt: String?, camera: String?, fileSize: Int, sha256: String, createdAt: Date,
                duplicate: Bool?, displayWidth: Int, displayHeight: Int, currentVersionId: Int64?, thumbnailReady: Bool,
                problem: String?, thumbnailURL: String, renditionURL: String, originalURL: String, versions: [Version]?,
                trashedAt: Date? = nil, purgeAt: Date? = nil, restored: Bool? = nil, takenAtBasis: PhotoTakenBasis? = nil,
                exifDateTime: String? = nil, place: PhotoPlace? = nil) {
        self.place = place
        self.takenAtBasis = takenAtBasis
        self.exifDateTime = exifDateTime
        self.id = id
        self.filename = filename
        self.width = width
        self.height = height
        self.format = format
        self.colorSpace = colorSpace
        self.orientation = orientation
        self.hasAlpha = hasAlpha
        self.pageCount = pageCount
        self.takenAt = takenAt
        self.camera = camera
        self.fileSize = fileSize
        self.sha256 = sha256
        self.createdAt = createdAt
        self.duplicate = duplicate
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.currentVersionId = currentVersionId
        self.thumbnailReady = thumbnailReady
        self.problem = problem
        self.thumbnailURL = thumbnailURL
        self.renditionURL = renditionURL
        self.originalURL = originalURL
        self.versions = versions
        self.trashedAt = trashedAt
        self.purgeAt = purgeAt
        self.restored = restored
    }
}

/// Where a photo was taken (issue 29 item 8): its EXIF GPSLatitude/GPSLongitude with their N/S and E/W refs applied,
/// in degrees of WGS-84 (the datum phones and cameras write, EXIF 2.32 §4.6.6).
public struct PhotoPlace: Codable, Sendable, Hashable {
    /// −90…90, north positive.
    public var latitude: Double
    /// −180…180, east positive.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        (self.latitude, self.longitude) = (latitude, longitude)
    }
}

/// What a photo's `takenAt` is based on (issue 29 item 3).
public enum PhotoTakenBasis: ExtensibleEnum, Hashable {
    /// EXIF DateTimeOriginal (with OffsetTimeOriginal when the file has it).
    case exif
    /// The file's own time: its modification time on import, the browser's `lastModified` on upload.
    case file
    /// When the photo was added: the file had no date.
    case upload
    /// When the photo was added, because its EXIF date was in the future or before 1900.
    case invalidExif
    /// A basis a later server sends that this build does not know.
    case unknown(String)

    /// The bases the server gives.
    public static let known: [PhotoTakenBasis] = [.exif, .file, .upload, .invalidExif]

    public init(rawValue: String) {
        self = Self.known.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .exif: "exif"
        case .file: "file"
        case .upload: "upload"
        case .invalidExif: "invalidExif"
        case .unknown(let word): word
        }
    }
}

/// A keyset page of the library, newest taken first, then highest id (`?limit=1…200&cursor=&album=&month=`).
public struct PhotoPage: Codable, Sendable, Equatable {
    public var items: [PhotoItem]
    /// Pass as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(items: [PhotoItem], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// The answer to an upload of one or more files (multipart field `file`): the photos added and the files refused.
/// When every file is refused the answer is a problem instead (`413` or `422`).
public struct PhotoUploadResult: Codable, Sendable, Equatable {
    /// A file that was not added.
    public struct Failure: Codable, Sendable, Equatable {
        /// The file's name as sent, cleaned.
        public var filename: String
        /// Why, for programs (`empty`, `unsupported`, `corrupt`, `too-large`, `too-many-pixels` …).
        public var code: String
        /// Why, for people.
        public var detail: String

        public init(filename: String, code: String, detail: String) {
            self.filename = filename
            self.code = code
            self.detail = detail
        }
    }

    public var items: [PhotoItem]
    public var errors: [Failure]

    public init(items: [PhotoItem], errors: [Failure]) {
        self.items = items
        self.errors = errors
    }
}

/// An album of the signed-in user.
public struct PhotoAlbum: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// Photos in it (those in 最近删除 not counted).
    public var count: Int
    /// The photo shown as its cover: the one chosen, else the newest in it; nil for an empty album.
    public var coverPhotoId: Int64?
    /// True when `coverPhotoId` was chosen (`PATCH …/albums/{id}`), false when it is the newest photo.
    public var coverChosen: Bool?

    public init(id: Int64, name: String, count: Int, coverPhotoId: Int64? = nil, coverChosen: Bool? = nil) {
        self.id = id
        self.name = name
        self.count = count
        self.coverPhotoId = coverPhotoId
        self.coverChosen = coverChosen
    }
}

/// The body of `PATCH /api/v1/photos/albums/{id}`: either field or both. `"coverPhotoId": null` clears the chosen
/// cover (the album's newest photo is shown again); leaving the field out leaves the cover as it is.
public struct PhotoAlbumUpdate: Codable, Sendable, Equatable {
    /// The new name, 1–40 characters.
    public var name: String?
    /// One of the album's photos (another of the account's photos is a `422` naming it: choosing a cover never adds
    /// to the album); another account's is a `404`. `.some(nil)` is sent as `null` and clears the chosen cover; nil
    /// leaves the field out.
    public var coverPhotoId: Int64??

    /// True when `coverPhotoId` is `null`: the chosen cover is cleared.
    public var clearsCover: Bool { coverPhotoId == .some(nil) }
    /// The photo chosen as the cover, if one is.
    public var chosenCover: Int64? { coverPhotoId ?? nil }

    /// - Parameter coverPhotoId: a photo id, `.some(nil)` to clear the chosen cover, nil to leave it.
    public init(name: String? = nil, coverPhotoId: Int64?? = nil) {
        self.name = name
        self.coverPhotoId = coverPhotoId
    }

    enum CodingKeys: String, CodingKey { case name, coverPhotoId }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        let id = try container.decodeIfPresent(Int64.self, forKey: .coverPhotoId)
        coverPhotoId = id == nil && container.contains(.coverPhotoId) ? .some(nil) : id.map { .some($0) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        switch coverPhotoId {
        case .none: break
        case .some(.none): try container.encodeNil(forKey: .coverPhotoId)
        case .some(.some(let id)): try container.encode(id, forKey: .coverPhotoId)
        }
    }
}

/// 最近删除: a keyset page of the trashed photos, most recently trashed first (`GET /api/v1/photos/trash`).
public struct PhotoTrashPage: Codable, Sendable, Equatable {
    /// Each with `trashedAt` and `purgeAt`.
    public var items: [PhotoItem]
    /// Photos in the trash now, all pages together.
    public var total: Int
    /// Their originals' and versions' bytes: what emptying the trash frees of the quota.
    public var bytes: Int64
    /// Days a photo stays in the trash: 30.
    public var retentionDays: Int
    /// Pass as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(items: [PhotoItem], total: Int, bytes: Int64, retentionDays: Int, nextCursor: String?) {
        (self.items, self.total, self.bytes, self.retentionDays, self.nextCursor) = (items, total, bytes, retentionDays, nextCursor)
    }
}

/// How many photos a whole-trash change (restore all, empty) moved or deleted.
public struct PhotoTrashChange: Codable, Sendable, Equatable {
    public var count: Int

    public init(count: Int) { self.count = count }
}

/// What ``PhotoBatch`` does to its photos.
public enum PhotoBatchAction: ExtensibleEnum {
    /// Move to 最近删除 (photos already there stay as they are).
    case trash
    /// Take out of 最近删除 (photos in the library stay as they are).
    case restore
    /// Put into `albumId` (trashed photos too; they show there once restored).
    case addToAlbum
    /// Take out of `albumId`.
    case removeFromAlbum
    /// A word this build does not know (the server answers `422` naming `action`).
    case unknown(String)

    /// The actions the server takes.
    public static let known: [PhotoBatchAction] = [.trash, .restore, .addToAlbum, .removeFromAlbum]

    public init(rawValue: String) {
        self = Self.known.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    public var rawValue: String {
        switch self {
        case .trash: "trash"
        case .restore: "restore"
        case .addToAlbum: "addToAlbum"
        case .removeFromAlbum: "removeFromAlbum"
        case .unknown(let word): word
        }
    }
}

/// The body of `POST /api/v1/photos/batch`: one action on several photos, all or nothing.
public struct PhotoBatch: Codable, Sendable, Equatable {
    /// The most ids one batch takes.
    public static let maximumIDs = 500

    /// 1–500 of the account's photos, each once.
    public var ids: [Int64]
    public var action: PhotoBatchAction
    /// The album of `addToAlbum` and `removeFromAlbum`; absent for the others.
    public var albumId: Int64?

    public init(ids: [Int64], action: PhotoBatchAction, albumId: Int64? = nil) {
        (self.ids, self.action, self.albumId) = (ids, action, albumId)
    }
}

/// What a batch did.
public struct PhotoBatchResult: Codable, Sendable, Equatable {
    public var action: PhotoBatchAction
    /// The photos it acted on, in the order sent.
    public var ids: [Int64]
    /// How many of them changed (a photo already trashed, restored, in or out of the album is not counted).
    public var changed: Int

    public init(action: PhotoBatchAction, ids: [Int64], changed: Int) {
        (self.action, self.ids, self.changed) = (action, ids, changed)
    }
}

/// The user's albums (`GET /api/v1/photos/albums`).
public struct PhotoAlbumList: Codable, Sendable, Equatable {
    public var items: [PhotoAlbum]

    public init(items: [PhotoAlbum]) {
        self.items = items
    }
}

/// The body of `POST /api/v1/photos/albums`: creates the album, or answers the one of that name.
public struct NewPhotoAlbum: Codable, Sendable, Equatable {
    /// 1–40 characters.
    public var name: String

    public init(name: String) {
        self.name = name
    }
}

/// The body of `POST /api/v1/photos/{id}/albums`: puts the photo into an album, or takes it out with `remove: true`.
public struct PhotoAlbumChange: Codable, Sendable, Equatable {
    public var albumId: Int64
    /// True removes; nil or false adds.
    public var remove: Bool?

    public init(albumId: Int64, remove: Bool? = nil) {
        self.albumId = albumId
        self.remove = remove
    }
}

/// The albums a photo is in, after a change.
public struct PhotoAlbumMembership: Codable, Sendable, Equatable {
    public var albumIds: [Int64]

    public init(albumIds: [Int64]) {
        self.albumIds = albumIds
    }
}

/// The body of `POST /api/v1/photos/{id}/versions`: edits applied to what the viewer shows now.
public struct NewPhotoVersion: Codable, Sendable, Equatable {
    /// At least one step.
    public var operations: [PhotoEditOperation]

    public init(operations: [PhotoEditOperation]) {
        self.operations = operations
    }
}

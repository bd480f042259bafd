/// 图片处理器 Photo Studio: the `/api/v1/photos/…` endpoints declared with the endpoint core — 最近删除 (trash),
/// album changes, showing any version again, batch actions (issue 29), the timeline and the album list. The older routes (upload, one photo, images, versions) are still
/// written by hand in `PhotoStudioApp` and listed with the same tag. Every endpoint needs a signed-in user; another
/// account's photo or album is a `404`, never a `403`.
public enum PhotoStudioEndpoints {
    static let tag = "Photos"
    static let noPhoto = DocumentedError(404, "No such photo (or not this account's, or purged from the trash)")
    static let noAlbum = DocumentedError(404, "No such album (or not this account's)")

    public static let photos = Endpoint<PhotoListQuery, NoBody, PhotoPage>(
        .get, "/api/v1/photos",
        summary: "The timeline: newest taken first (takenAt, then id), keyset-paged so photos added between pages never repeat or skip one",
        errors: [noAlbum])
    public static let albums = Endpoint<NoQuery, NoBody, PhotoAlbumList>(
        .get, "/api/v1/photos/albums", summary: "The account's albums by name, each with its count and cover")
    public static let trashPhoto = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/photos/{id}",
        summary: "Move a photo to 最近删除 (the trash): kept with its versions and albums for 30 days, counted in the quota until purged",
        errors: [noPhoto])
    public static let trash = Endpoint<PhotoTrashQuery, NoBody, PhotoTrashPage>(
        .get, "/api/v1/photos/trash", summary: "最近删除: the trashed photos, most recently trashed first, each with when it is purged (keyset-paged)")
    public static let restore = Endpoint<NoQuery, NoBody, PhotoItem>(
        .post, "/api/v1/photos/{id}/restore", summary: "Take a photo out of the trash (one already in the library is answered as it is)",
        errors: [noPhoto])
    public static let restoreAll = Endpoint<NoQuery, NoBody, PhotoTrashChange>(
        .post, "/api/v1/photos/trash/restore", summary: "Take every photo out of the trash")
    public static let emptyTrash = Endpoint<NoQuery, NoBody, PhotoTrashChange>(
        .delete, "/api/v1/photos/trash", summary: "Empty the trash: its photos and their versions are deleted for good, their files when no other photo uses them")
    public static let updateAlbum = Endpoint<NoQuery, PhotoAlbumUpdate, PhotoAlbum>(
        .patch, "/api/v1/photos/albums/{id}", summary: "Rename an album, choose its cover among its photos (coverPhotoId null clears the choice), or both",
        errors: [.init(404, "No such album, or a cover that is not one of this account's photos (a photo not in the album is a 422 naming coverPhotoId)"),
                 .init(409, "Another album of this account has that name")])
    public static let deleteAlbum = Endpoint<NoQuery, NoBody, NoContent>(
        .delete, "/api/v1/photos/albums/{id}", summary: "Delete an album; its photos stay in the library", errors: [noAlbum])
    public static let useVersion = Endpoint<NoQuery, NoBody, PhotoItem>(
        .post, "/api/v1/photos/{id}/versions/{versionId}/use",
        summary: "Show one of the photo's versions again (any of them, also after a revert); the others are kept",
        errors: [.init(404, "No such photo (or in the trash), or the version is not one of this photo's")])
    public static let batch = Endpoint<NoQuery, PhotoBatch, PhotoBatchResult>(
        .post, "/api/v1/photos/batch",
        summary: "One action on 1–\(PhotoBatch.maximumIDs) photos, all or nothing: trash, restore, addToAlbum or removeFromAlbum",
        errors: [.init(404, "No such album (addToAlbum, removeFromAlbum): errors names albumId"),
                 .init(422, "Too many ids, a duplicate, or ids that are not this account's photos: every failing id is named in errors, nothing changed")])
    public static let download = Endpoint<PhotoDownloadQuery, NoBody, BinaryFile>(
        .get, "/api/v1/photos/download",
        summary: "The current versions of 1–\(PhotoDownloadQuery.maximumIDs) photos as one zip (stored, not recompressed), built on the work pool",
        errors: [.init(404, "Every id named is a photo in 最近删除 (the trash): restore it first (named in errors)"),
                 .init(422, "Ids that are not this account's photos (named in errors)")], produces: "application/zip")

    public static let group = EndpointGroup(tag: tag, [
        photos, albums, trashPhoto, trash, restore, restoreAll, emptyTrash, updateAlbum, deleteAlbum, useVersion, batch, download,
    ])
}

/// `GET /api/v1/photos` (and the `/photos` page, which adds its grouping): which photos of the timeline, from where.
public struct PhotoListQuery: QueryDecodable, Equatable {
    /// Photos a page, 1–200.
    public var limit: Int
    /// The previous page's `nextCursor`.
    public var cursor: String?
    /// `yyyy-MM`: start at the newest photo taken in that month or before (ignored with `cursor`).
    public var month: String?
    /// Only this album's photos.
    public var album: Int64?
    /// `yyyy-MM-dd`: taken on or after this day (the local time where it was taken), 1900-01-01 to 9999-12-31.
    public var from: String?
    /// `yyyy-MM-dd`: taken on or before this day.
    public var to: String?
    /// EXIF make and model as answered in `camera`.
    public var camera: String?
    /// `true`: only photos with a place (EXIF GPS).
    public var hasPlace: Bool?
    /// `minLon,minLat,maxLon,maxLat`: only photos whose place is inside (the 地点 page's links); a value out of range or
    /// bounds in the wrong order are a `422` naming each.
    public var bbox: PhotoBounds?

    /// The longest camera name (EXIF texts are cut at 120 characters, a model after its make at 241).
    public static let maximumCameraLength = 241
    /// The first and last day a filter can name: EXIF dates before 1900 are not believed (the upload time is used).
    public static let days = "1900-01-01"..."9999-12-31"

    public init(limit: Int = 50, cursor: String? = nil, month: String? = nil, album: Int64? = nil, from: String? = nil, to: String? = nil,
                camera: String? = nil, hasPlace: Bool? = nil, bbox: PhotoBounds? = nil) {
        (self.limit, self.cursor, self.month, self.album) = (limit, cursor, month, album)
        (self.from, self.to, self.camera, self.hasPlace, self.bbox) = (from, to, camera, hasPlace, bbox)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        limit = try query.value("limit", in: 1...200, default: 50, "photos a page")
        cursor = try query.text("cursor", maxLength: 48, "nextCursor of the previous page")
        month = try query.text("month", maxLength: 7, "yyyy-MM: start at the newest photo taken in that month or before (without cursor)")
        album = try query.optional("album", in: 1...Int64.max, "only this album's photos")
        from = try query.text("from", maxLength: 10, "yyyy-MM-dd: taken on or after this day (local time where taken), 1900-01-01 to 9999-12-31")
        to = try query.text("to", maxLength: 10, "yyyy-MM-dd: taken on or before this day")
        camera = try query.text("camera", maxLength: Self.maximumCameraLength, "EXIF make and model as answered in camera")
        hasPlace = try query.optional("hasPlace", "true: only photos with a place (EXIF GPS)")
        bbox = try Self.bounds(query.text("bbox", maxLength: 100, "minLon,minLat,maxLon,maxLat (WGS-84 degrees): only photos whose place is inside"),
                               query)
        if let month {
            try query.check(Self.isDay(month + "-01"), "month", zh: "月份应写成 2019-07 这样。", en: "Give the month as 2019-07.")
            try query.check(Self.days.contains(month + "-01"), "month", zh: "月份须在 1900-01 到 9999-12 之间。", en: "The month must be from 1900-01 to 9999-12.")
        }
        for (name, day) in [("from", from), ("to", to)] {
            guard let day else { continue }
            try query.check(Self.isDay(day), name, zh: "日期应写成 2019-07-14 这样。", en: "Give the day as 2019-07-14.")
            try query.check(Self.days.contains(day), name, zh: "日期须在 1900-01-01 到 9999-12-31 之间。",
                            en: "The day must be from 1900-01-01 to 9999-12-31.")
        }
        if let from, let to {
            try query.check(from <= to, "to", zh: "结束日期不能早于开始日期。", en: "The last day cannot be before the first.")
        }
    }

    /// The bounds `bbox` names: four numbers, each in range, minimum not above maximum; else the first problem.
    static func bounds(_ text: String?, _ query: QueryReader) throws(QueryError) -> PhotoBounds? {
        guard let text else { return nil }
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double(String($0.filter { $0 != " " })) }
        try query.check(values.count == 4 && values.allSatisfy { $0 != nil }, "bbox",
                        zh: "“\(text)”不是四个数：应写成 最小经度,最小纬度,最大经度,最大纬度，如 121.4,31.1,121.6,31.3。",
                        en: "“\(text)” is not four numbers: give minLon,minLat,maxLon,maxLat, e.g. 121.4,31.1,121.6,31.3.")
        let numbers = values.compactMap { $0 }
        guard numbers.count == 4 else { return nil }
        let problems = PhotoBounds.problems(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
        try query.check(problems.isEmpty, "bbox", zh: problems.map(\.zh).joined(separator: " "), en: problems.map(\.en).joined(separator: " "))
        return PhotoBounds(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
    }

    /// A real day of the Gregorian calendar written `yyyy-MM-dd` (any year of four digits).
    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }
}

/// `GET /api/v1/photos/trash`.
public struct PhotoTrashQuery: QueryDecodable, Equatable {
    public var limit: Int
    /// The previous page's `nextCursor`.
    public var cursor: String?

    public init(limit: Int = 60, cursor: String? = nil) {
        (self.limit, self.cursor) = (limit, cursor)
    }

    public init(from query: inout QueryReader) throws(QueryError) {
        limit = try query.value("limit", in: 1...200, default: 60, "page size")
        cursor = try query.text("cursor", maxLength: 48, "nextCursor of the previous page")
    }
}

/// `GET /api/v1/photos/download`: `?id=3&id=5…`, at most ``maximumIDs`` (a request line of 500 ids, up to 12 KB,
/// outgrew the HTTP server's 32 KiB per-connection pool once parsed, and the connection closed without an answer).
public struct PhotoDownloadQuery: QueryDecodable, Equatable {
    public static let maximumIDs = 100
    public var id: [Int64]

    public init(id: [Int64]) { self.id = id }

    public init(from query: inout QueryReader) throws(QueryError) {
        id = try query.list("id", in: 1...Int64.max, maxCount: Self.maximumIDs, "the photos, in the zip's order")
        try query.check(!id.isEmpty, "id", zh: "请至少选择一张照片。", en: "Give at least one id.")
    }
}

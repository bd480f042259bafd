/// 图片处理器 Photo Studio: the `/api/v1/photos/…` endpoints declared with the endpoint core — 最近删除 (trash),
/// album changes, showing any version again and batch actions (issue 29). The older routes (upload, list, one photo, images, versions) are still
/// written by hand in `PhotoStudioApp` and listed with the same tag. Every endpoint needs a signed-in user; another
/// account's photo or album is a `404`, never a `403`.
public enum PhotoStudioEndpoints {
    static let tag = "Photos"
    static let noPhoto = DocumentedError(404, "No such photo (or not this account's, or purged from the trash)")
    static let noAlbum = DocumentedError(404, "No such album (or not this account's)")

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
        .patch, "/api/v1/photos/albums/{id}", summary: "Rename an album, choose its cover, or both",
        errors: [.init(404, "No such album, or a cover that is not one of this account's photos"),
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
        errors: [.init(404, "No such album (addToAlbum, removeFromAlbum)"),
                 .init(422, "Too many ids, a duplicate, or ids that are not this account's photos: every failing id is named in errors, nothing changed")])
    public static let download = Endpoint<PhotoDownloadQuery, NoBody, BinaryFile>(
        .get, "/api/v1/photos/download",
        summary: "The current versions of 1–\(PhotoBatch.maximumIDs) photos as one zip (stored, not recompressed), built on the work pool",
        errors: [.init(422, "Ids that are not this account's photos (named in errors)")], produces: "application/zip")

    public static let group = EndpointGroup(tag: tag, [
        trashPhoto, trash, restore, restoreAll, emptyTrash, updateAlbum, deleteAlbum, useVersion, batch, download,
    ])
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

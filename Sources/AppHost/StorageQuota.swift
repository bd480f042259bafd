public import HTTPServer
public import Storage
public import WebUI

/// One app's per-account storage quota (issue 27 item 3; DESIGN.md "Limits by default"): the bytes one account
/// keeps in that app and may keep. An app declares it (``MiniApp/storageQuota(context:)``), checks it before
/// every stored upload (``check(userID:adding:db:)``, in the transaction that stores, so two uploads at once
/// cannot both pass) and `/me` and `GET /api/v1/me/storage` show it.
public struct StorageQuota: Sendable {
    /// The app's id (`photos`).
    public let app: String
    /// What is counted, for `/me` (`图片处理器 · 原图与版本`).
    public let title: LocalizedText
    /// Bytes one account may keep.
    public let limitBytes: Int64
    /// Bytes `userID` keeps now, read in the given transaction or snapshot.
    public let used: @Sendable (_ userID: Int64, _ db: any SQLExecutor) throws -> Int64

    public init(app: String, title: LocalizedText, limitBytes: Int64, used: @escaping @Sendable (Int64, any SQLExecutor) throws -> Int64) {
        self.app = app
        self.title = title
        self.limitBytes = limitBytes
        self.used = used
    }

    /// Throws ``QuotaExceeded`` when `adding` more bytes would take `userID` past the limit. Call it in the write
    /// transaction that stores them: it takes the account's quota lock first, so concurrent uploads of one account
    /// are counted one after another.
    public func check(userID: Int64, adding bytes: Int64, db: any SQLExecutor) throws {
        try db.lock("quota.\(app).\(userID)")
        let used = try used(userID, db)
        if used + bytes > limitBytes {
            throw QuotaExceeded(title: title, usedBytes: used, addingBytes: bytes, limitBytes: limitBytes)
        }
    }
}

/// An upload that would pass its account's ``StorageQuota``: `507 Insufficient Storage` with type
/// `urn:appsuite:problem:quota-exceeded`, saying how much is used, how much the upload needs and the limit.
public struct QuotaExceeded: Error, Sendable, Equatable, HTTPErrorConvertible {
    public let title: LocalizedText
    public let usedBytes: Int64
    public let addingBytes: Int64
    public let limitBytes: Int64

    /// The problem in English (API clients); pages use ``message(_:)`` in the viewer's language.
    public var httpError: HTTPError { httpError(.en) }

    /// The problem in `language` (its detail is also the page's message).
    public func httpError(_ language: Language) -> HTTPError {
        HTTPError(.insufficientStorage, title: language == .zh ? "存储空间已满" : "Storage quota full", detail: message(language),
                  type: "urn:appsuite:problem:quota-exceeded")
    }

    public func message(_ language: Language) -> String {
        let (used, adding, limit) = (ByteCount.text(usedBytes), ByteCount.text(addingBytes), ByteCount.text(limitBytes))
        return language == .zh
            ? "\(title.zh)的存储空间不足：已用 \(used)，再存 \(adding) 会超过 \(limit) 的上限。请先删除一些内容。"
            : "Not enough room in \(title.en): \(used) used, and \(adding) more would pass the \(limit) limit. Delete something first."
    }
}

/// Byte counts as people read them: binary units with one decimal (`1.5 GB`, `320 KB`, `12 B`).
public enum ByteCount {
    public static func text(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(bytes) B" }
        let rounded = (value * 10).rounded() / 10
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " " + units[unit]
    }
}

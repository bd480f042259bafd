public import AppHost
import Foundation
import HTTPServer
import Imaging
import WebUI

/// Why a file was not added to a library. `message` is for people; `code` for programs, chosen from
/// which check failed (never from libvips' error text, which is process-wide and may be another
/// request's).
public struct IngestError: Error, Sendable, CustomStringConvertible {
    public var code: String
    public var message: String
    /// Set for code `quota`: the account's Photo Studio quota it would pass.
    public var quota: QuotaExceeded?
    /// The limit the file broke, as configured: bytes for `too-large`, pixels (width × height) for `too-many-pixels`.
    public var limit: Int?
    public var description: String { message }

    /// `message` for a reader of `language`: Chinese by the code (``PhotoText/reason(_:)``), English as it is.
    func message(_ language: Language) -> String { language == .zh ? PhotoText.reason(self) : message }

    init(code: String, message: String, quota: QuotaExceeded? = nil, limit: Int? = nil) {
        self.code = code
        self.message = message
        self.quota = quota
        self.limit = limit
    }

    /// Why storing failed: over the account's quota, the disk full, or another storage failure (whose text, which
    /// may name server paths, is not kept).
    static func storing(_ error: any Error) -> IngestError {
        if let quota = error as? QuotaExceeded { return IngestError(code: "quota", message: quota.message(.en), quota: quota) }
        if DiskFull.isDiskFull(error) { return IngestError(code: "disk-full", message: DiskFull().httpError.detail ?? "disk full") }
        return IngestError(code: "storage", message: "could not store the photo")
    }

    static func from(_ error: ImagingError) -> IngestError {
        switch error {
        case .emptyInput: IngestError(code: "empty", message: "empty file (0 bytes)")
        case let .tooManyBytes(_, limit): IngestError(code: "too-large", message: error.description, limit: limit)
        case let .tooManyPixels(_, _, limit): IngestError(code: "too-many-pixels", message: error.description, limit: limit)
        case .unsupportedFormat: IngestError(code: "unsupported", message: "not a supported image (JPEG, PNG, WebP, GIF, HEIC, AVIF, TIFF)")
        case .unreadable(let detail): IngestError(code: "corrupt", message: "corrupt or truncated image: \(detail)")
        case .fileNotReadable: IngestError(code: "unreadable", message: "cannot read the file")
        default: IngestError(code: "unreadable", message: error.shownText)
        }
    }
}

import Foundation

/// A write failed because the disk is full (`ENOSPC`, or `EDQUOT` past the operator's file-system quota): the
/// request stored nothing — uploads are staged and renamed into place, transactions roll back. Answered
/// `507 Insufficient Storage` (RFC 4918 §11.5) with `Retry-After`, and logged: an operator must free space.
/// The ``Responder`` answers any error ``isDiskFull(_:)`` recognises this way, whichever handler threw it.
public struct DiskFull: Error, Sendable, Equatable, HTTPErrorConvertible {
    public init() {}

    public var httpError: HTTPError {
        HTTPError(.insufficientStorage, title: "Disk full", detail: "The server's disk is full, so nothing was stored; try again later. 服务器磁盘已满，未保存任何内容，请稍后重试。",
                  type: "urn:appsuite:problem:disk-full", headers: ["Retry-After": "300"])
    }

    /// Whether `error` (this type, a Foundation file error, a POSIX error) means the disk is full.
    public static func isDiskFull(_ error: any Error) -> Bool {
        switch error {
        case is DiskFull: return true
        case let error as CocoaError:
            if error.code == .fileWriteOutOfSpace { return true }
            return (error.userInfo[NSUnderlyingErrorKey] as? any Error).map(isDiskFull) ?? false
        case let error as POSIXError: return errnoMeansFull(error.code.rawValue)
        default:
            let error = error as NSError
            return error.domain == NSPOSIXErrorDomain && errnoMeansFull(Int32(error.code))
        }
    }

    /// `ENOSPC` or `EDQUOT`.
    public static func errnoMeansFull(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }
}

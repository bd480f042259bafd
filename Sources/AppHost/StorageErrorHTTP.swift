public import HTTPServer
public import Storage

/// How the HTTP layer answers a storage failure (DESIGN.md "Errors": each target's errors are mapped to
/// statuses in one place). AppHost is where the platform targets meet, so the mapping lives here.
extension StorageError: HTTPErrorConvertible {
    /// `SQLITE_BUSY` (5) and `SQLITE_LOCKED` (6) — the database stayed locked past the busy time-out, or no
    /// pooled connection was free in time — are a `503` with `Retry-After: 1`: the request may well succeed
    /// a moment later. Anything else is a `500` whose text (SQL, SQLite's message) is logged, not sent.
    public var httpError: HTTPError {
        if kind == .sqlite, code == 5 || code == 6 {
            return HTTPError(.serviceUnavailable, detail: "The database is busy; try again in a moment.", headers: ["Retry-After": "1"])
        }
        return HTTPError(.internalServerError, detail: "The server failed to handle this request.")
    }
}

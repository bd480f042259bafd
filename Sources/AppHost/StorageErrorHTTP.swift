public import HTTPServer
public import Storage

/// How the HTTP layer answers a storage failure (DESIGN.md "Errors": each target's errors are mapped to
/// statuses in one place). AppHost is where the platform targets meet, so the mapping lives here; it reads
/// only the backend-neutral ``StorageError/condition``, so SQLite and PostgreSQL answer alike.
extension StorageError: HTTPErrorConvertible {
    /// - `.busy` (a lock or every pooled connection stayed taken past the time limit), `.serializationFailure`
    ///   (still conflicting after `Database.write`'s own retries) and `.unavailable` (the database cannot be
    ///   reached) are a `503` with `Retry-After: 1`: the request may well succeed a moment later.
    /// - `.diskFull` is ``DiskFull``'s `507`: the transaction rolled back, nothing was stored.
    /// - Anything else — a constraint an app did not handle, a missing table, misuse — is a `500` whose
    ///   text (SQL, the backend's message) is logged, not sent.
    public var httpError: HTTPError {
        if kind == .database {
            switch condition {
            case .busy, .serializationFailure, .unavailable:
                return HTTPError(.serviceUnavailable, detail: "The database is busy; try again in a moment.", headers: ["Retry-After": "1"])
            case .diskFull:
                return DiskFull().httpError
            default:
                break
            }
        }
        return HTTPError(.internalServerError, detail: "The server failed to handle this request.")
    }
}

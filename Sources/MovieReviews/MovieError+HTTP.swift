import HTTPServer
import WebUI

extension MovieError: HTTPErrorConvertible {
    /// The HTTP form with Chinese messages; handlers that know the viewer's language use ``httpError(_:)``.
    var httpError: HTTPError { httpError(.zh) }

    /// Each case's status in one place: a refused field → 422 naming it, unknown item → 404, someone else's
    /// or an imported item and a vote on one's own → 403, too many votes or follows → 429 with `Retry-After`.
    func httpError(_ language: Language) -> HTTPError {
        switch self {
        case .invalid(let field, let message): return .validation([.init(field: field, message: message(language))])
        case .notFound: return .notFound()
        case .notYours: return .forbidden(MovieText.notYours(language))
        case .ownItem: return .forbidden(MovieText.ownItem(language))
        case .rateLimited(let retryAfter, let message):
            return HTTPError(.tooManyRequests, detail: message(language), headers: ["Retry-After": String(retryAfter)])
        }
    }

    /// The message a page shows beside the form.
    func message(_ language: Language) -> String { httpError(language).errors.first?.message ?? httpError(language).detail ?? "" }
}

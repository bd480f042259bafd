public import AppSuiteAPI

/// Everything a client call can throw, by who is at fault: the server said no (``problem(_:)``), the server said
/// something this client cannot read (``unexpectedResponse(_:)``, ``decoding(_:)``), the network failed
/// (``transport(_:)``), the caller stopped waiting (``cancelled``), or the request could not be built or the
/// session not kept (``invalidRequest(_:)``, ``tokenStore(_:)``).
public enum AppSuiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused with an RFC 9457 problem (`application/problem+json`): status, type, title, detail and,
    /// for a `422`, the invalid fields (``fieldErrors``).
    case problem(Problem)
    /// A response that is not what the API promises: HTML or another media type where JSON was due, an error
    /// status without a problem document, a paging cursor that repeats.
    case unexpectedResponse(UnexpectedResponse)
    /// A JSON body that does not fit its model (a truncated document, a missing field, a wrong type).
    case decoding(DecodingFailure)
    /// No complete response: refused, reset, timed out, cut off.
    case transport(TransportFailure)
    /// The calling task was cancelled; nothing more happens for the request.
    case cancelled
    /// The request could not be built (an unreadable upload file, an unusable base URL).
    case invalidRequest(String)
    /// The ``TokenStore`` could not save or remove the session; the message is the store's.
    case tokenStore(String)

    /// An answer the client cannot use.
    public struct UnexpectedResponse: Sendable, Equatable {
        /// The HTTP status.
        public var status: Int
        /// The media type sent, nil without `Content-Type`.
        public var mediaType: String?
        /// What was expected instead.
        public var reason: String
        /// The first 512 bytes of the body as text, for logs.
        public var bodyPrefix: String

        /// An unexpected response as described.
        public init(status: Int, mediaType: String?, reason: String, bodyPrefix: String) {
            self.status = status
            self.mediaType = mediaType
            self.reason = reason
            self.bodyPrefix = bodyPrefix
        }
    }

    /// A JSON body that did not decode as its model.
    public struct DecodingFailure: Sendable, Equatable {
        /// The model's type name (`MovieReviewPage`).
        public var model: String
        /// The HTTP status of the answer.
        public var status: Int
        /// The decoder's account: the coding path and what was wrong there.
        public var message: String

        /// A decoding failure as described.
        public init(model: String, status: Int, message: String) {
            self.model = model
            self.status = status
            self.message = message
        }
    }

    /// The HTTP status of a problem or an unexpected response; nil for the others.
    public var status: Int? {
        switch self {
        case .problem(let problem): problem.status
        case .unexpectedResponse(let response): response.status
        case .decoding(let failure): failure.status
        default: nil
        }
    }

    /// The server's problem, when it sent one.
    public var problem: Problem? {
        if case .problem(let problem) = self { return problem }
        return nil
    }

    /// The invalid fields of a `422` problem (empty otherwise), each with the server's message in the
    /// request's language.
    public var fieldErrors: [Problem.FieldError] { problem?.errors ?? [] }

    /// One line for logs: the status and title of a problem, or the kind of failure and its message.
    public var description: String {
        switch self {
        case .problem(let problem): "\(problem.status) \(problem.title)" + (problem.detail.map { ": " + $0 } ?? "")
        case .unexpectedResponse(let response):
            "unexpected \(response.status) (\(response.mediaType ?? "no content type")): \(response.reason)"
        case .decoding(let failure): "the \(failure.status) answer is not a \(failure.model): \(failure.message)"
        case .transport(let failure): "network: \(failure)"
        case .cancelled: "cancelled"
        case .invalidRequest(let message): "invalid request: \(message)"
        case .tokenStore(let message): "token store: \(message)"
        }
    }
}

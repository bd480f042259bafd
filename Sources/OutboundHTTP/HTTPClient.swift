/// Sends outbound HTTP requests. Code that calls other servers takes an `any HTTPClient`, so tests can hand it a
/// client of their own; the suite's is ``CurlHTTPClient``.
///
/// `send` blocks its thread until the answer is complete, for up to the request's
/// ``OutboundRequest/timeout``: call it on the work pool (`Response.offloaded`) or in a scheduled job, never on a
/// request thread of the HTTP server.
public protocol HTTPClient: Sendable {
    /// Sends `request` (with its retries) and returns the final answer; 4xx and 5xx are answers, not errors.
    /// Throws ``OutboundHTTPError``.
    func send(_ request: OutboundRequest) throws -> OutboundResponse
}

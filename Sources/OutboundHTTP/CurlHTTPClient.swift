import CCurl
import Foundation

/// The suite's ``HTTPClient``, on libcurl (Debian `libcurl4-openssl-dev`).
///
/// Blocking: ``send(_:)`` holds its thread for up to the request's ``OutboundRequest/timeout``, so call it on
/// the work pool (`Response.offloaded`) or in a scheduled job, never on a request thread. Safe to share between
/// threads: an exchange owns its libcurl handle while it runs. Keep one client for the process: idle handles
/// keep their connections alive (at most 4 handles per address policy, 4 connections each; libcurl drops a
/// connection idle for 118 s), so requests to the same host skip TCP and TLS set-up.
///
/// What every exchange gets, whatever the caller sets:
/// - only `http` and `https`, for the URL and for every followed redirect;
/// - the ``AddressPolicy`` checked on the URL's literal address and on each address libcurl is about to connect
///   to (its open-socket callback), so DNS answers and redirects are held to it too;
/// - no proxy from the environment (`http_proxy` …), which would hide the real target from the policy;
/// - the body limit counted while receiving (the transfer stops at the first byte too many), and at most 64 KiB
///   of response header fields;
/// - compressed bodies decoded (gzip, deflate, br, zstd: what libcurl offers); TLS peers verified against the
///   system's CA store (a self-signed certificate is a ``OutboundHTTPError/transport(_:)`` error).
public final class CurlHTTPClient: HTTPClient {
    /// Sent as `User-Agent` unless the request names its own.
    public let userAgent: String
    /// Idle libcurl handles with their kept-alive connections, per address policy.
    private let handles = EasyHandlePool()

    public init(userAgent: String = "AppSuite/1") {
        self.userAgent = userAgent
    }

    public func send(_ request: OutboundRequest) throws -> OutboundResponse {
        let target = try Self.validate(request)
        let clock = ContinuousClock()
        let deadline = clock.now + request.timeout
        let attempts: Int
        let baseDelay: Duration
        switch request.retry {
        case .none: (attempts, baseDelay) = (1, .zero)
        case .idempotent(let count, let delay): (attempts, baseDelay) = (min(max(count, 1), 10), max(delay, .zero))
        }
        var attempt = 1
        while true {
            let remaining = deadline - clock.now
            guard remaining > .zero else { throw OutboundHTTPError.timedOut }
            let outcome = CurlTransfer(request: request, target: target, userAgent: userAgent, timeout: remaining).perform(using: handles)
            guard attempt < attempts, let retryAfter = outcome.retryAfter else { return try outcome.result.get() }
            let backoff = baseDelay * (1 << (attempt - 1)) * Double.random(in: 0.5...1)
            let wait = max(backoff, retryAfter)
            guard clock.now + wait < deadline else { return try outcome.result.get() }
            Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
            attempt += 1
        }
    }

    /// The checks that need no network: method and header syntax, URL shape and length, a literal address.
    /// Returns the URL as libcurl parsed it, which is what every attempt sends.
    static func validate(_ request: OutboundRequest) throws(OutboundHTTPError) -> CurlURL {
        guard isToken(request.method) else { throw .invalidRequest("method \"\(request.method)\" is not an RFC 9110 token") }
        for (name, value) in request.headers {
            guard isToken(name) else { throw .invalidRequest("header name \"\(name)\" is not an RFC 9110 token") }
            guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw .invalidRequest("the value of header \(name) holds CR, LF or NUL")
            }
            guard !["content-length", "transfer-encoding"].contains(name.lowercased()) else {
                throw .invalidRequest("header \(name) is set by the client from the body")
            }
        }
        let target = try CurlURL(request.url)
        if let address = target.literalAddress, !request.addressPolicy.permits(address) {
            throw .forbiddenAddress(address.text)
        }
        return target
    }

    /// RFC 9110 §5.6.2: `token = 1*tchar`.
    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

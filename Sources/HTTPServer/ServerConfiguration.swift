import Foundation

/// Limits and settings of one ``Server``. Every limit is explicit; the defaults suit a phone-facing app server.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: an IPv4 or IPv6 literal, or `localhost`.
    public var host = "127.0.0.1"
    /// 0 picks a free port (see ``Server/port`` after start).
    public var port: UInt16 = 8080
    /// Worker threads in libmicrohttpd's pool, each with its own epoll set. One per core: more threads only
    /// add context switches for the short synchronous handlers AppSuite runs (measured with bench/http).
    public var threadCount = max(2, ProcessInfo.processInfo.activeProcessorCount)
    /// Largest body held in memory (JSON, URL-encoded forms), in bytes; larger is `413`.
    public var maximumBodySize = 1 << 20
    /// Largest `multipart/form-data` body, in bytes, and so the largest uploaded file; larger is `413`.
    public var maximumUploadSize = 64 << 20
    /// Where multipart files are streamed while a request is received. Created if missing.
    public var uploadDirectory = NSTemporaryDirectory() + "appsuite-uploads"
    /// Per-connection memory for the request line and headers, in bytes (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`).
    /// Larger headers get `431`, a longer URL `414` from libmicrohttpd itself. libmicrohttpd zeroes this pool
    /// for every request, so a larger pool costs time on every request, not just memory (64 KiB cost about
    /// a tenth of the hello-JSON time in bench/http); 16 KiB is what nginx allows for one header line.
    public var maximumHeaderMemory = 16 * 1024
    /// Seconds a connection may stay silent before it is closed (`MHD_OPTION_CONNECTION_TIMEOUT`;
    /// libmicrohttpd's default is no time-out at all).
    public var idleTimeout = 30
    /// Time a client has to send a complete request line and headers. Trickling one byte at a time does
    /// not extend it, so slow-loris clients are cut off.
    public var headerTimeout: Duration = .seconds(10)
    /// After `headerTimeout`, a body must keep arriving at least this fast (bytes per second) on average.
    public var minimumBodyRate = 1024
    /// Open connections at most (`MHD_OPTION_CONNECTION_LIMIT`), and per client address.
    public var connectionLimit = 1024
    public var perAddressConnectionLimit = 128
    /// How long a graceful stop waits for requests in flight.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// Bodies at least this large (bytes) of a textual type are gzip-compressed when the client accepts it.
    public var compressionMinimumSize = 1024
    /// One line per request on stderr.
    public var isAccessLogEnabled = true
    /// Added to every response that does not set them itself (security headers, CSP …).
    public var defaultHeaders: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
    ]

    public init() {}
}

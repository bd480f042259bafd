import Foundation

/// Limits and settings of one ``Server``. Every limit is explicit; the defaults suit a phone-facing app server.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: an IPv4 or IPv6 literal, or `localhost`.
    public var host = "127.0.0.1"
    /// 0 picks a free port (see ``Server/port`` after start).
    public var port: UInt16 = 8080
    /// Worker threads in libmicrohttpd's pool, each with its own epoll set. Handlers run synchronously and
    /// some block for a while (argon2id ≈ 13 ms, libvips), and a connection stays on the thread that accepted
    /// it, so there are two per core: a slow request then holds up fewer of the other clients.
    public var threadCount = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
    /// Largest body held in memory (JSON, URL-encoded forms), in bytes; larger is `413`.
    public var maximumBodySize = 1 << 20
    /// Largest `multipart/form-data` body in bytes, all parts together; larger is `413`.
    public var maximumUploadSize = 64 << 20
    /// Where multipart files are streamed while a request is received. Created if missing.
    public var uploadDirectory = NSTemporaryDirectory() + "appsuite-uploads"
    /// Largest request header block (names + values, bytes) the server accepts; larger is `431`.
    /// 8 KiB is nginx's and Apache's usual limit per header line.
    public var maximumHeaderSize = 8 * 1024
    /// Per-connection memory pool of libmicrohttpd (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`): it holds the request
    /// line and headers *and* the response headers, so it must stay well above `maximumHeaderSize` or large
    /// (accepted) headers leave no room to answer. libmicrohttpd zeroes the pool for every request, so a larger
    /// pool costs time on every request (64 KiB cost about a third of the hello-JSON rate in bench/http).
    public var connectionMemory = 32 * 1024
    /// Seconds a connection may stay silent before it is closed (`MHD_OPTION_CONNECTION_TIMEOUT`;
    /// libmicrohttpd's default is no time-out at all).
    public var idleTimeout = 30
    /// Time a client has to send a complete request line and headers, counted from the connection's start
    /// or the end of its previous request (so it also closes idle keep-alive connections after this long).
    /// Trickling one byte at a time does not extend it, so slow-loris clients are cut off.
    public var headerTimeout: Duration = .seconds(10)
    /// After `headerTimeout`, a body must keep arriving at least this fast (bytes per second) on average.
    public var minimumBodyRate = 1024
    /// Open connections at most (`MHD_OPTION_CONNECTION_LIMIT`), and per client address (an IPv4 address or
    /// an IPv6 /64). From half the limit on, the per-address limit shrinks towards
    /// `minimumPerAddressConnectionLimit`, connections still waiting for a request close after
    /// `pressureHeaderTimeout`, and above seven eighths the waiting connections of the addresses holding the
    /// most are closed (``ConnectionFairness``). The server raises its open-file limit to fit at start.
    public var connectionLimit = 1024
    public var perAddressConnectionLimit = 128
    /// The per-address limit at full pressure: enough for a browser's usual 6 parallel connections.
    public var minimumPerAddressConnectionLimit = 8
    /// `headerTimeout` while at least half of `connectionLimit` is in use.
    public var pressureHeaderTimeout: Duration = .seconds(2)
    /// How long a graceful stop waits for requests in flight before closing their connections. A handler
    /// that is still running then is waited for (threads cannot be interrupted), but its client gets no answer.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// Bodies at least this large (bytes) of a textual type are gzip-compressed when the client accepts it.
    public var compressionMinimumSize = 1024
    /// zlib level (1 fastest … 9 smallest) for those bodies, compressed on every request. Level 1 costs about a
    /// third of level 5 (zlib's default 6 more still) for 5–10 % more bytes: the movies feed (33 kB) is 9.6 kB at
    /// level 1, 9.0 kB at level 5, measured with callgrind in bench/pages' setting. Static files are compressed
    /// once, at level 9.
    public var compressionLevel: Int32 = 1
    /// One line per request on stderr.
    public var isAccessLogEnabled = true
    /// Peer addresses of reverse proxies whose `X-Forwarded-For` names the client (``Request/clientAddress``):
    /// IPv4 or IPv6 literals, e.g. `["127.0.0.1"]` for nginx on the same machine. Empty: the peer is the client.
    public var trustedProxies: Set<String> = []
    /// Added to every response that does not set them itself (security headers, CSP …).
    public var defaultHeaders: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
    ]

    public init() {}
}

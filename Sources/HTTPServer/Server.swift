import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on GNU libmicrohttpd: an internal pool of worker threads, each with its own epoll set.
///
/// ```swift
/// let server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration))
/// try server.start()
/// // … later, on SIGTERM:
/// server.stop()   // stops accepting, lets requests in flight finish, then closes
/// ```
/// Handlers run synchronously on the worker threads (`ServerConfiguration.threadCount`); the slow part of a
/// handler returned as ``Response/offloaded(key:lane:_:)`` runs on ``workPool`` while its connection is suspended.
public final class Server: Sendable {
    public let configuration: ServerConfiguration
    /// Where offloaded work runs; share it with whatever else needs slow work done (AppContext).
    public let workPool: WorkPool
    let core: ServerCore
    private let daemonAddress = Mutex<UInt?>(nil)
    private let boundPort = Atomic<UInt16>(0)

    public init(configuration: ServerConfiguration, responder: Responder, workPool: WorkPool = WorkPool()) {
        self.configuration = configuration
        self.workPool = workPool
        core = ServerCore(responder: responder, configuration: configuration, workPool: workPool)
    }

    /// The port the server listens on; after `start()` this is the real port even when 0 was asked for.
    public var port: UInt16 { boundPort.load(ordering: .acquiring) }

    /// Binds and starts the worker threads. Throws when the address is invalid or the port is taken.
    public func start() throws(ServerError) {
        try FileManager.default.createDirectoryIfNeeded(configuration.uploadDirectory)
        raiseOpenFileLimit()
        var address = try SocketAddress(host: configuration.host, port: configuration.port)
        let options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threadCount, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.idleTimeout, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.connectionMemory, ptr_value: nil),
            // Reject what RFC 9112 forbids (e.g. HTTP/1.1 without Host, whitespace before a colon).
            MHD_OptionItem(option: .STRICT_FOR_CLIENT, value: 1, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: configuration.connectionLimit, ptr_value: nil),
            MHD_OptionItem(option: .PER_IP_CONNECTION_LIMIT, value: configuration.perAddressConnectionLimit, ptr_value: nil),
            MHD_OptionItem(option: .LISTEN_BACKLOG_SIZE, value: 1024, ptr_value: nil),
        ]
        var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue)
        if address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
        let context = Unmanaged.passUnretained(core).toOpaque()
        let daemon: OpaquePointer? = address.withPointer { socketAddress in
            var items = options + [
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: socketAddress)),
                MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
            ]
            return items.withUnsafeMutableBufferPointer { buffer in
                CMicroHTTPD_start(flags, configuration.port, acceptPolicy, accessHandler, requestCompleted, connectionNotified,
                                  unescapeURL, context, buffer.baseAddress)
            }
        }
        guard let daemon else {
            throw .cannotStart("cannot listen on \(configuration.host):\(configuration.port) (\(String(cString: strerror(errno))))")
        }
        daemonAddress.withLock { $0 = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(daemon))) }
        boundPort.store(CMicroHTTPD_boundPort(daemon), ordering: .releasing)
        core.watchdog.start()
    }

    /// Graceful stop: stop accepting, wait up to `shutdownGracePeriod` for requests in flight (offloaded work
    /// included), then close every connection and join the worker threads. Offloaded work still queued then
    /// is answered `503` without running; work already running is waited for, since threads cannot be
    /// interrupted and libmicrohttpd cannot stop with a connection suspended. Does not shut ``workPool``
    /// down (it may be shared). Safe to call more than once.
    public func stop() {
        guard let address = daemonAddress.withLock({ value -> UInt? in defer { value = nil }; return value }) else { return }
        let daemon = OpaquePointer(bitPattern: address)
        let listenSocket = MHD_quiesce_daemon(daemon)
        // No worker polls the listening socket any more; shutting it down makes new connections fail at
        // once instead of waiting unanswered in the backlog. It is closed after the daemon stops.
        if listenSocket >= 0 { shutdown(listenSocket, Int32(SHUT_RDWR)) }
        let deadline = ContinuousClock.now + configuration.shutdownGracePeriod
        while core.requestsInFlight.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        core.offloads.withLock { $0.isClosed = true }
        while core.offloads.withLock({ $0.count }) > 0 { Thread.sleep(forTimeInterval: 0.01) }
        MHD_stop_daemon(daemon)
        if listenSocket >= 0 { close(listenSocket) }
        core.watchdog.stop()
    }

    deinit { stop() }

    /// Every connection takes a descriptor, and so do the database, uploads and files being sent: the soft
    /// `RLIMIT_NOFILE` is raised (up to the hard limit) to the connection limit plus 256. When the hard limit
    /// is lower, that is logged: connections beyond it would fail at accept.
    private func raiseOpenFileLimit() {
        let needed = rlim_t(configuration.connectionLimit + 256)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return }
        limit.rlim_cur = min(needed, limit.rlim_max)
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 || limit.rlim_cur < needed {
            logError("the open-file limit is \(limit.rlim_cur), below the \(needed) that \(configuration.connectionLimit) connections need")
        }
    }
}

/// Why a server could not start.
public enum ServerError: Error, Sendable, CustomStringConvertible {
    case invalidAddress(String)
    case cannotStart(String)

    public var description: String {
        switch self {
        case .invalidAddress(let host): "'\(host)' is not an IP address (use e.g. 127.0.0.1, 0.0.0.0 or ::1)"
        case .cannotStart(let reason): reason
        }
    }
}

/// The state libmicrohttpd's callbacks reach through their context pointer.
final class ServerCore: Sendable {
    let responder: Responder
    let configuration: ServerConfiguration
    let watchdog: ConnectionWatchdog
    let workPool: WorkPool
    let requestsInFlight = Atomic<Int>(0)
    /// Offloaded requests not yet completed (suspended, or resumed and still sending). Once `isClosed` (a stop
    /// past its grace period) no connection is suspended any more, so the count only falls, and the daemon
    /// stops when it is 0: libmicrohttpd must not stop with a connection suspended, and a resumed one still
    /// has its answer to send.
    let offloads = Mutex<(isClosed: Bool, count: Int)>((false, 0))

    init(responder: Responder, configuration: ServerConfiguration, workPool: WorkPool) {
        self.responder = responder
        self.configuration = configuration
        self.workPool = workPool
        watchdog = ConnectionWatchdog(configuration: configuration)
    }
}

private struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    init(host: String, port: UInt16) throws(ServerError) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            isIPv6 = false
            withUnsafeBytes(of: v4) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
        } else if inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            isIPv6 = true
            withUnsafeBytes(of: v6) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
        } else {
            throw .invalidAddress(host)
        }
    }

    mutating func withPointer<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}

extension FileManager {
    func createDirectoryIfNeeded(_ path: String) throws(ServerError) {
        do {
            try createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotStart("cannot create \(path): \(error.localizedDescription)")
        }
    }
}

public import Foundation
public import Testing

/// Real servers from PyPI that tests run on loopback (an SMTP server, an OpenID provider), installed by
/// `scripts/test-tools` into `Tests/E2E/.venv`. A test that needs one carries ``Testing/Trait/requires(tool:)``,
/// so a checkout without them skips with the reason (CI fails instead, ``TestPrerequisite/testTools``).
public enum TestTools {
    /// `Tests/E2E/.venv/bin/python`.
    public static let python: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()  // Tests
        .appendingPathComponent("E2E/.venv/bin/python")

    /// True when the virtual environment has the Python package `module`.
    public static func has(_ module: String) -> Bool {
        let lib = python.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.contains { FileManager.default.fileExists(atPath: lib.path + "/\($0)/site-packages/\(module)") }
    }

    /// A port of the range this test run may listen on (22000–22999 unless `APPSUITE_TEST_PORTS` says
    /// `low-high`), free at the moment of asking.
    public static func freePort() throws -> UInt16 {
        var range: ClosedRange<UInt16> = 22000...22999
        if let text = ProcessInfo.processInfo.environment["APPSUITE_TEST_PORTS"], let dash = text.firstIndex(of: "-"),
           let low = UInt16(text[..<dash]), let high = UInt16(text[text.index(after: dash)...]), low <= high {
            range = low...high
        }
        for _ in 0..<200 {
            let port = UInt16.random(in: range)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound == 0 { return port }
        }
        throw TestFailure("no free port in \(range)")
    }

    /// Starts `arguments` with the venv's Python; returns once `port` on 127.0.0.1 accepts connections.
    static func start(_ arguments: [String], port: UInt16, log: URL) throws -> Process {
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let up = wait(until: {
            guard process.isRunning else { return true }
            return (try? RawHTTPClient(port: port, receiveTimeout: 1)).map { $0.close(); return true } ?? false
        }, every: .milliseconds(50))
        guard up, process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            throw TestFailure("\(arguments.joined(separator: " ")) did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        return process
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when `Tests/E2E/.venv` has the Python package `module` (`scripts/test-tools` installs it);
    /// otherwise skipped, or failed under `APPSUITE_REQUIRE_TEST_TOOLS=1` (``TestPrerequisite/testTools``).
    public static func requires(tool module: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .requires(.testTools, reason: "\(module) is not in Tests/E2E/.venv; run scripts/test-tools", sourceLocation: sourceLocation) {
            TestTools.has(module)
        }
    }
}

/// A real SMTP server (PyPI `aiosmtpd`) on 127.0.0.1 that keeps every message it receives in a maildir.
/// Stopped when released.
public final class SMTPSink: @unchecked Sendable {
    public let port: UInt16
    public let directory: URL
    private let process: Process

    public init() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory() + "smtp-sink-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try TestTools.freePort()
        process = try TestTools.start(
            ["-m", "aiosmtpd", "-n", "-l", "127.0.0.1:\(port)", "-c", "aiosmtpd.handlers.Mailbox", directory.path + "/maildir"],
            port: port, log: directory.appendingPathComponent("server.log"))
    }

    /// `smtp://127.0.0.1:<port>`.
    public var url: String { "smtp://127.0.0.1:\(port)" }

    /// Every message received so far, as the raw bytes the server stored, oldest first: in the order of the
    /// delivery counter of Python's `mailbox.Maildir` names (`{seconds}.M{microseconds}P{pid}Q{counter}.{host}`;
    /// the names do not sort as text, their microseconds are not zero-padded).
    public func messages() -> [String] {
        let folder = directory.appendingPathComponent("maildir/new")
        let files = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
        func counter(_ file: URL) -> Int {
            let name = file.lastPathComponent
            guard let q = name.range(of: "Q") else { return .max }
            return Int(name[q.upperBound...].prefix { $0.isNumber }) ?? .max
        }
        return files.sorted { counter($0) < counter($1) }.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    }

    deinit {
        // aiosmtpd does not stop on SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A real OpenID Connect provider (PyPI `oidc-provider-mock`, on Authlib) on 127.0.0.1: discovery, JWKS, an
/// authorization page where a user is picked by `sub`, and a token endpoint signing RS256 ID tokens with its own
/// key. Any client id and secret are accepted. Stopped when released.
public final class OIDCProviderMock: @unchecked Sendable {
    public let port: UInt16
    private let process: Process
    private let log: URL

    /// - Parameter users: predefined users' claims as JSON objects with a `sub` (`--user-claims`).
    public init(users: [String] = []) throws {
        port = try TestTools.freePort()
        log = URL(fileURLWithPath: NSTemporaryDirectory() + "oidc-provider-\(UUID().uuidString).log")
        process = try TestTools.start(["-m", "oidc_provider_mock", "-p", String(port), "-H", "127.0.0.1"]
                                      + users.flatMap { ["--user-claims", $0] }, port: port, log: log)
    }

    /// `http://127.0.0.1:<port>`: the issuer (the provider names itself by the host it is asked at).
    public var issuer: String { "http://127.0.0.1:\(port)" }

    deinit {
        // uvicorn's graceful stop waits for kept-alive connections (the suite's client keeps them).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}

import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Synchronization

/// The default transport, recording the endpoint of every request that passed through it, so a test can show
/// that it called every method of a group.
final class RecordingTransport: HTTPTransport {
    let inner: URLSessionTransport
    private let sent = Mutex<[Endpoint]>([])

    init(_ inner: URLSessionTransport = URLSessionTransport()) {
        self.inner = inner
    }

    var endpoints: Set<Endpoint> { Set(sent.withLock { $0 }) }

    func send(_ request: HTTPRequest, progress: UploadProgressHandler?) async throws -> HTTPResponse {
        sent.withLock { $0.append(request.endpoint) }
        return try await inner.send(request, progress: progress)
    }
}

extension TestServer {
    /// `http://127.0.0.1:{port}` of a socket server.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// A client of this server speaking Chinese (the server's first language), recording what it sends.
    func client(tokenStore: any TokenStore = InMemoryTokenStore(), language: String = "zh",
                recorder: RecordingTransport = RecordingTransport()) -> AppSuiteClient {
        var configuration = AppSuiteClient.Configuration(baseURL: baseURL)
        configuration.language = language
        return AppSuiteClient(configuration: configuration, tokenStore: tokenStore, transport: recorder)
    }
}

/// The live server every test of this target shares: every app, the real Gaokao and Movie Reviews data.
func liveServer() throws -> TestServer { try TestServer.shared(importing: .gaokao, .movies) }

/// A unique user name for a test on the shared server (letters and digits, within the 32-column limit).
func uniqueName(_ prefix: String) -> String { prefix + "_" + UUID().uuidString.prefix(8).lowercased() }

/// The error a call threw, or nil when it succeeded.
func failure<Value>(_ body: () async throws(AppSuiteError) -> Value) async -> AppSuiteError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// Checks `condition` every 5 ms until it holds, sleeping the task rather than its thread (the harness's
/// `wait(until:)` blocks a thread of the small cooperative pool, which the request being waited for may need).
/// False after 2 minutes: the limit turns a hang into a failure, it measures nothing (in the whole test run,
/// other suites' imports hold the pool's threads for tens of seconds).
func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(120)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

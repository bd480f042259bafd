import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Synchronization

/// The default transport, recording the endpoint of every request that passed through it, so a test can show
/// that it called every method of a group.
final class RecordingTransport: HTTPTransport {
    let inner: URLSessionTransport
    private let sent = Mutex<[Route]>([])

    init(_ inner: URLSessionTransport = URLSessionTransport()) {
        self.inner = inner
    }

    var endpoints: Set<Route> { Set(sent.withLock { $0 }) }

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

/// The live server the data tests of this target share: every app, the real Gaokao and Movie Reviews data. Its
/// clock stands still, so its limit of 10 registrations per address and hour counts every registration of the
/// run: tests that need no imported data register on a ``TestServer`` of their own instead.
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
/// False after 24,000 checks (2 minutes of its own sleeping): the limit turns a hang into a failure, it measures
/// nothing. It counts checks, not time, because in the whole test run other suites' imports hold the pool's
/// threads for minutes (on PostgreSQL, on a busy machine), starving this task and the one it waits for alike.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<24_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

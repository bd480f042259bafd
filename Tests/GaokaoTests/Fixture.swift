import AppHost
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Gaokao
import Storage

/// The process's shared server with the real gaokao data imported (``TestServer/shared(importing:)``), and
/// the store and snapshot the tests read. Suites that use it carry `.requires(.gaokao)`.
final class GaokaoFixture: Sendable {
    let server: TestServer
    let store: GaokaoStore
    let data: GaokaoData

    static let shared: Result<GaokaoFixture, TestFailure> = {
        do { return .success(try GaokaoFixture()) } catch let error as TestFailure { return .failure(error) } catch {
            return .failure(TestFailure("\(error)"))
        }
    }()

    static func get() throws -> GaokaoFixture { try shared.get() }

    private init() throws {
        server = try TestServer.shared(importing: .gaokao)
        guard server.imports[.gaokao] != nil else { throw TestFailure("the shared server did not import gaokao") }
        store = GaokaoStore(database: server.suite.database)
        data = try store.data()
        // Warm the server's own snapshot once, before the HTTP tests run in parallel.
        let warm = try RawHTTPClient(port: server.port, receiveTimeout: 600)
        defer { warm.close() }
        warm.send("GET /api/v1/gaokao/provinces HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        guard warm.readReply()?.status == 200 else { throw TestFailure("the server did not answer /api/v1/gaokao/provinces") }
    }

    var suite: AppSuite { server.suite }
    var database: any Database { suite.database }
}

import AppHost
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Gaokao
import Storage

/// The process's shared server with the real gaokao data imported (``TestServer/sharedTogether(needing:)``), and
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
        server = try TestServer.sharedTogether(needing: .gaokao)
        guard server.imports[.gaokao] != nil else { throw TestFailure("the shared server did not import gaokao") }
        store = GaokaoStore(database: server.suite.database)
        data = try store.data()
    }

    var suite: AppSuite { server.suite }
    var database: any Database { suite.database }
}

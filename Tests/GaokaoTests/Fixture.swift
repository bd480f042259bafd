import AppHost
@testable import AppSuiteServer
import Foundation
import Gaokao
import HTTPTestSupport
import Storage
import Testing

/// The real data folder (see `TestData`). Tests fail (never skip) when it is missing.
enum SharedData {
    static var folder: URL? {
        let folder = TestData.folder("gaokao")
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("score_rank.csv").path) ? folder : nil
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
}

/// One real AppSuite (port 0, temporary data directory) with the real gaokao data imported once for all tests.
final class GaokaoFixture: Sendable {
    let suite: AppSuite
    let store: GaokaoStore
    let data: GaokaoData
    let importSummary: ImportSummary
    let dataDirectory: String

    static let shared: Result<GaokaoFixture, FixtureError> = {
        do { return .success(try GaokaoFixture()) } catch let error as FixtureError { return .failure(error) } catch {
            return .failure(FixtureError(description: "\(error)"))
        }
    }()

    static func get() throws -> GaokaoFixture { try shared.get() }

    private init() throws {
        guard let folder = SharedData.folder else {
            throw FixtureError(description: "gaokao data not found at ../shared/data/gaokao or $APPSUITE_SHARED_DATA/gaokao")
        }
        dataDirectory = NSTemporaryDirectory() + "gaokao-test-\(UUID().uuidString)"
        var configuration = AppSuiteConfiguration()
        configuration.port = 0
        configuration.dataDirectory = dataDirectory
        configuration.isAccessLogEnabled = false
        suite = try AppSuite(configuration: configuration)
        guard let importer = suite.importer(for: "gaokao") else { throw FixtureError(description: "no gaokao importer") }
        importSummary = try importer.importData(from: folder) { _ in }
        try suite.start()
        store = GaokaoStore(database: suite.database)
        data = try store.data()
        // Warm the server's own snapshot once, before the HTTP tests run in parallel.
        let warm = try RawHTTPClient(port: suite.port, receiveTimeout: 120)
        defer { warm.close() }
        warm.send("GET /api/v1/gaokao/provinces HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        guard warm.readReply()?.status == 200 else { throw FixtureError(description: "the server did not answer /api/v1/gaokao/provinces") }
    }

    var port: UInt16 { suite.port }
    var database: any Database { suite.database }

    func importAgain() throws -> ImportSummary {
        guard let folder = SharedData.folder, let importer = suite.importer(for: "gaokao") else { throw FixtureError(description: "no data") }
        return try importer.importData(from: folder) { _ in }
    }

    deinit {
        suite.stop()
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }
}

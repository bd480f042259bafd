import AppHost
import AppSuiteTesting
import Foundation
@testable import Merchants

/// One server per process with the real merchant data imported (read-only tests share it), its clock standing
/// at Tuesday 2026-12-01 12:00 in Shanghai (04:00 UTC), when most merchants with hours are open.
enum MerchantsServer {
    static let noon = Date(timeIntervalSince1970: 1_796_097_600)

    static let shared: Result<TestServer, any Error> = Result {
        try TestServer(apps: [MerchantsApp()], transport: .inProcess, clock: FixedClock(noon), importing: [.merchants])
    }

    static func get() throws -> TestServer { try shared.get() }
}

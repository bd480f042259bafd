import AppHost
import AppSuiteServer
import AppSuiteTesting
import Foundation
import Geo
@testable import Merchants
import Storage
import Synchronization
import Testing

/// `appsuite merchants generate` and `timing` (bench/merchants) on their own server, so the synthetic rows never
/// reach the shared one's counts.
@Suite("synthetic merchants and the timing command")
struct SyntheticTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    func run(_ words: [String], _ server: TestServer, _ output: Lines) throws -> ExitCode {
        try MerchantsCommand().run(CommandInvocation(arguments: words, output: output.append, error: output.append) {
            guard let context = server.suite.context(for: "merchants") else { throw CommandFailure(.software, "no merchants app") }
            return context
        })
    }

    func synthetic(_ server: TestServer) throws -> [(String, Double, Double, String)] {
        try server.suite.database.read { db in
            try db.query("SELECT source_id, lat, lon, category FROM merchants WHERE source = 'synthetic' ORDER BY id").map { row in
                (try row.get(0, as: String.self), try row.get(1, as: Double.self), try row.get(2, as: Double.self), try row.get(3, as: String.self))
            }
        }
    }

    @Test(.requires(.merchants)) func generatesAroundTheRealOnesAndTimesTheQueryAgainstAScan() throws {
        let server = try TestServer(apps: [MerchantsApp()], transport: .inProcess, clock: FixedClock(MerchantsServer.noon), importing: [.merchants])
        let output = Lines()
        let store = MerchantStore(database: server.suite.database)
        let real = try store.count()
        #expect(real == 5_181)
        #expect(try run(["generate", "3000", "--seed", "7"], server, output) == .success)
        #expect(output.text.contains("3000 synthetic merchants (seed 7) around 5181 real ones"), "\(output.text)")
        let first = try synthetic(server)
        #expect(first.count == 3_000 && first[0].0 == "synthetic:7:0" && first[2_999].0 == "synthetic:7:2999")
        // Every synthetic merchant lies near a real one (σ = 1 km: none past 10 km) and has a category the app knows.
        let realPositions = try store.realMerchants().map(\.position)
        for (_, lat, lon, category) in first.prefix(200) {
            let point = try #require(Coordinate(latitude: lat, longitude: lon))
            #expect(realPositions.map { point.distance(to: $0) }.min()! < 10_000)
            #expect(MerchantCategory.ids.contains(category))
        }
        // The same seed gives the same rows and replaces the old ones; another seed other rows.
        #expect(try run(["generate", "3000", "--seed", "7"], server, output) == .success)
        let again = try synthetic(server)
        #expect(again.map(\.1) == first.map(\.1) && again.map(\.2) == first.map(\.2))
        #expect(try store.count() == real + 3_000)
        #expect(try run(["generate", "3000", "--seed", "8"], server, output) == .success)
        #expect(try synthetic(server).map(\.1) != first.map(\.1))
        #expect(try store.count() == real + 3_000)

        let timing = Lines()
        #expect(try run(["timing"], server, timing) == .success, "\(timing.text)")
        #expect(timing.text.contains("8181 merchants (5181 real), 500 query points"))
        #expect(timing.text.contains("result lists differing from the scan: 0"))
        #expect(timing.text.contains("nearby on this thread's CPU clock"))
        #expect(timing.text.contains("prefilter plan: ") && timing.text.contains("merchants_position"))
        #expect(!timing.text.contains("NOT the merchants_position index"))
        if server.suite.database.dialect == .sqlite { #expect(timing.text.contains("USING COVERING INDEX merchants_position")) }

        #expect(try run(["generate", "0"], server, output) == .success)
        #expect(try store.count() == real)
        #expect(throws: CommandFailure.self) { try run(["generate", "-1"], server, output) }
        #expect(throws: CommandFailure.self) { try run(["generate", "5000001"], server, output) }
        #expect(throws: CommandFailure.self) { try run(["generate", "10", "--seed", "x"], server, output) }
    }

    @Test func withoutImportedDataGenerateAndTimingFail() throws {
        let server = try TestServer(apps: [MerchantsApp()], transport: .inProcess)
        let output = Lines()
        #expect(throws: CommandFailure(.dataError, "nothing imported; run `appsuite import merchants PATH` first")) {
            try run(["generate", "10"], server, output)
        }
        #expect(throws: CommandFailure(.dataError, "nothing imported; run `appsuite import merchants PATH` first")) { try run(["timing"], server, output) }
    }
}

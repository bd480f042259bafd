@testable import AppDeals
import AppHost
import AppSuiteTesting
import Foundation
import Storage
import Testing

/// The import and the engine on the real data. The expected numbers were counted independently with
/// Python's csv module on `../shared/data/appstore` (ids across the catalogue and both logs; runs of equal
/// prices; the rules of `DealRules`).
@Suite(.requires(.appstore)) struct ImportTests {
    static let snapshotEnd: Int64 = 1_751_753_460  // 2025-07-05T22:11:00Z, the newest CN observation

    static func imported() throws -> (any Database, ImportSummary) {
        let database = try SQLiteDatabase.temporary()
        try Migrator.migrate(database, DealsApp().migrations())
        let summary = try DealImporter(database: database).importData(from: SharedDataSet.appstore.folder) { _ in }
        return (database, summary)
    }

    @Test func importsEveryRowIdempotently() throws {
        let (database, first) = try Self.imported()
        #expect(first.skipped.isEmpty)
        func counts() throws -> [Int] {
            try database.read { db in
                try ["appdeals_apps", "appdeals_prices", "appdeals_free_periods", "appdeals_discount_events"].map { table in
                    try db.scalar("SELECT count(*) FROM \(table)", as: Int.self) ?? -1
                }
            }
        }
        // 8,179 distinct ids: 7,197 catalogue apps plus the CN and US logs' others; 4,325 + 5,568 price rows.
        #expect(try counts() == [8_179, 9_893, 371, 228])
        #expect(first.imported == 8_179 + 9_893 + 371 + 228)
        let before = try database.read { try $0.query("SELECT * FROM appdeals_apps ORDER BY id").map(\.description) }
        _ = try DealImporter(database: database).importData(from: SharedDataSet.appstore.folder) { _ in }
        #expect(try counts() == [8_179, 9_893, 371, 228])
        let after = try database.read { try $0.query("SELECT * FROM appdeals_apps ORDER BY id").map(\.description) }
        #expect(before == after)
    }

    @Test func pricesAreMinorUnitsAndLookupMetadataWins() throws {
        let (database, _) = try Self.imported()
        try database.read { db in
            // 旋转音律 Rotaeno: a 10-digit id, ¥18 → 免费 on 2025-05-29.
            let row = try #require(try db.queryFirst("SELECT * FROM appdeals_apps WHERE id = 6466390901"))
            #expect(try row.get("name", as: String.self) == "旋转音律 Rotaeno")
            #expect(try row.get("is_game", as: Int.self) == 1)
            #expect(try db.scalar("SELECT count(*) FROM appdeals_prices WHERE region = 'cn' AND price = 2380", as: Int.self) ?? 0 > 0)
            #expect(try db.scalar("SELECT max(price) FROM appdeals_prices WHERE region = 'cn'", as: Int64.self) == 39_800)
            // 中药方剂速查 has no releaseNotes key: a first version.
            #expect(try db.scalar("SELECT release_notes FROM appdeals_apps WHERE id = 6743342476", as: String?.self) == nil)
            #expect(try db.scalar("SELECT description FROM appdeals_apps WHERE id = 6743342476", as: String?.self) != nil)
            // Day One is a Mac app.
            #expect(try db.scalar("SELECT devices FROM appdeals_apps WHERE id = 1055511498", as: String.self) == ",mac,")
        }
    }

    @Test func engineFindsTheTrackersFreePeriodsExactly() throws {
        let (database, _) = try Self.imported()
        let snapshot = try DealStore(database: database).snapshot()
        let engine = try #require(snapshot.engines[.cn])
        let derived = engine.freePeriods(upTo: Self.snapshotEnd)
        let file = try database.read { db in
            try db.query("SELECT app_id, free_from, free_until FROM appdeals_free_periods ORDER BY app_id, free_from").map { row throws(StorageError) in
                "\(try row.get(0, as: Int64.self)) \(try row.get(1, as: Int64.self)) \(try row.get(2, as: Int64?.self).map(String.init) ?? "-")"
            }
        }
        #expect(derived.count == 371)
        #expect(derived.filter { $0.until != nil }.count == 343)
        #expect(derived.map { "\($0.appID) \($0.from) \($0.until.map(String.init) ?? "-")" } == file)
        // Median of the 343 ended periods: 48.01 h.
        #expect(DealEngine.medianDuration(derived) == 172_854)  // 48.015 h, the median of the 343 ended periods
    }

    @Test func tabsAsOfTheSnapshotEndAndAsOfJuneFirst() throws {
        let (database, _) = try Self.imported()
        let store = DealStore(database: database)
        let snapshot = try store.snapshot()
        #expect(snapshot.latest[.cn] == Self.snapshotEnd)
        func tally(_ time: Int64) -> [Trend: Int] {
            var counts: [Trend: Int] = [:]
            for state in store.states(snapshot, region: .cn, at: time).values { counts[state.trend, default: 0] += 1 }
            return counts
        }
        #expect(tally(Self.snapshotEnd) == [.limited: 3, .sales: 30, .free: 57, .paid: 559])
        #expect(tally(1_748_736_000) == [.limited: 2, .sales: 36, .free: 55, .paid: 513])  // 2025-06-01T00:00Z
        let states = store.states(snapshot, region: .cn, at: Self.snapshotEnd)
        #expect(Set(states.values.filter { $0.trend == .limited }.map(\.appID)) == [430_270_438, 931_188_326, 1_587_301_632])
        // 全能记: ¥8 for ten months, raised to ¥28, then free: a fake discount against a ¥8 long-run price.
        let quanneng = try #require(states[1_587_301_632])
        #expect(quanneng.lastPrice == 2800)
        #expect(quanneng.fakeDiscount)
        #expect(quanneng.longRunPrice == 800)
        #expect(quanneng.expiresEstimated)
        #expect(try #require(quanneng.expiresAt) > Self.snapshotEnd)
        // 逐鹿: ¥45 → 免费 on 2025-05-23, still free six weeks later: 免费, not 限免.
        #expect(states[6_473_332_700]?.trend == .free)
        #expect(states[6_473_332_700]?.lastPrice == 4500)
        // 蜡烛人: always free, only an IAP was discounted.
        #expect(states[1_344_655_035]?.trend == .free)
    }
}

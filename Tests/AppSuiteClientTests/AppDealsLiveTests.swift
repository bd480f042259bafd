import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Testing

/// 爱限免 on a live server with the real App Store data: every tab paged to its end in both stores, search,
/// an app's price history and the topics. The counts were made independently with Python's csv module on
/// `../shared/data/appstore/price_history` (runs of equal prices, the rules of the deal engine).
@Suite(.requires(.appstore)) struct AppDealsLiveTests {
    @Test func everyTabPagesToItsEndInBothStores() async throws {
        let client = try TestServer.shared(importing: .appstore).client()
        func all(_ query: DealAppsQuery) async throws -> [DealApp] {
            var items: [DealApp] = []
            for try await app in client.all(AppDealsEndpoints.apps, query: query, cursor: \.cursor, items: \.items, nextCursor: \.nextCursor) {
                items.append(app)
            }
            return items
        }
        func all(_ tab: DealTab, region: DealRegion = .cn, at: String? = nil) async throws -> [DealApp] {
            try await all(DealAppsQuery(tab: tab, region: region, at: at, limit: 7))
        }
        let limited = try await all(.limited)
        #expect(Set(limited.map(\.id)) == [430_270_438, 931_188_326, 1_587_301_632])
        #expect(limited.allSatisfy { $0.price == "0.00" && $0.formattedPrice == "免费" && $0.currency == "CNY" && $0.expiresEstimated })
        #expect(limited.allSatisfy { ($0.formattedLastPrice ?? "").hasPrefix("¥") })
        let sales = try await all(.sales)
        #expect(sales.count == 30 && Set(sales.map(\.id)).count == 30)
        #expect(sales.allSatisfy { Double($0.price ?? "") ?? 0 < Double($0.lastPrice ?? "") ?? 0 })
        #expect(sales.map(\.since) == sales.map(\.since).sorted { ($0 ?? .distantPast) > ($1 ?? .distantPast) })
        #expect(try await all(.free).count == 57)
        // 热榜 covers every app once: 8,179 distinct ids in the catalogue and both price logs.
        var hot: [DealApp] = []
        for try await app in client.all(AppDealsEndpoints.apps, query: .init(tab: .hot, limit: 100), cursor: \.cursor, items: \.items,
                                        nextCursor: \.nextCursor) { hot.append(app) }
        #expect(hot.count == 8_179 && Set(hot.map(\.id)).count == 8_179)
        let games = try await all(DealAppsQuery(tab: .hot, category: "Games", q: "kingdom", limit: 7))
        #expect(!games.isEmpty && games.allSatisfy { $0.category == "Games" && $0.name.lowercased().contains("kingdom") })
        #expect(try await all(.limited, region: .us).count == 5)
        #expect(try await all(.sales, region: .us).count == 39)
        #expect(try await all(.free, region: .us).count == 59)
        #expect(try await all(.sales, region: .us).allSatisfy { $0.currency == "USD" && ($0.formattedPrice ?? "").hasPrefix("$") })

        // As of 2025-06-01: 2 limited-free apps (旋转音律 among them), 36 price drops.
        #expect(Set(try await all(.limited, at: "2025-06-01").map(\.id)) == [6_466_390_901, 6_740_471_827])
        #expect(try await all(.sales, at: "2025-06-01").count == 36)
        let before = try await client.call(AppDealsEndpoints.apps, query: .init(tab: .limited, at: "2020-01-01"))
        #expect(before.items.isEmpty && before.asOf == ISO8601DateFormatter().date(from: "2020-01-01T00:00:00Z"))

        let found = try await client.call(AppDealsEndpoints.apps, query: .init(tab: .hot, q: "ROTAENO"))
        // The China store's 旋转音律 Rotaeno and the US store's Rotaeno (another track id, in us_price_changes.csv).
        #expect(Set(found.items.map(\.id)) == [6_466_390_901, 1_614_771_445])
        let punctuation = try await client.call(AppDealsEndpoints.apps, query: .init(tab: .hot, q: "！！!"))
        #expect(punctuation.items.isEmpty)
        let unknown = await failure { () async throws(AppSuiteError) in
            _ = try await client.call(AppDealsEndpoints.apps, query: .init(tab: .sales, category: "Nope"))
        }
        // The allowed genres are listed in the request's language (the device's here): the China store's 游戏 on Chinese, Games on English.
        let allowed = unknown?.fieldErrors.first?.message ?? ""
        #expect(unknown?.status == 422 && unknown?.fieldErrors.first?.field == "category" && (allowed.contains("游戏") || allowed.contains("Games")), "\(allowed)")
        let long = await failure { () async throws(AppSuiteError) in
            _ = try await client.call(AppDealsEndpoints.apps, query: .init(tab: .hot, q: String(repeating: "长", count: 1_000)))
        }
        #expect(long?.status == 422 && long?.fieldErrors.first?.field == "q")
    }

    @Test func anAppsHistoryAndTheTopics() async throws {
        let client = try TestServer.shared(importing: .appstore).client()
        // 全能记: ¥8, ¥28, 免费, ¥28, 免费, ¥28, 免费 in the CN log; ¥28 raised from a ¥8 long-run price.
        let detail = try await client.call(AppDealsEndpoints.app, path: ["id": 1_587_301_632], query: .init())
        #expect(detail.priceHistory.map(\.price) == ["8.00", "28.00", "0.00", "28.00", "0.00", "28.00", "0.00"])
        #expect(detail.minPrice == "0.00" && detail.maxPrice == "28.00")
        #expect(detail.app.trend == "limited" && detail.app.fakeDiscount && detail.app.regularPrice == "8.00")
        #expect(detail.favorite == nil)
        // 旋转音律 as of 2025-06-01: 限免 since 2025-05-29 from ¥18.
        let rotaeno = try await client.call(AppDealsEndpoints.app, path: ["id": 6_466_390_901], query: .init(at: "2025-06-01"))
        #expect(rotaeno.app.trend == "limited" && rotaeno.app.formattedLastPrice == "¥18.00")
        #expect(rotaeno.releaseNotes != nil && rotaeno.screenshotCount > 0)
        let missing = await failure { () async throws(AppSuiteError) in _ = try await client.call(AppDealsEndpoints.app, path: ["id": 1], query: .init()) }
        #expect(missing?.status == 404)

        let topics = try await client.call(AppDealsEndpoints.topics)
        #expect(!topics.items.isEmpty && topics.items.allSatisfy { $0.appCount >= 4 && $0.apps.count == 4 })
        let first = try #require(topics.items.first)
        let full = try await client.call(AppDealsEndpoints.topic, path: ["id": first.id])
        #expect(full.apps.count == first.appCount)
    }

    @Test func priceAlertsSetListAndRemove() async throws {
        let server = try TestServer.shared(importing: .appstore)
        let client = server.client()
        func setAlert(_ id: Int64, _ when: String) async throws(AppSuiteError) -> DealAlert {
            try await client.call(AppDealsEndpoints.setAlert, path: ["id": id], body: DealAlertInput(when: when))
        }
        func app(_ id: Int64) async throws(AppSuiteError) -> DealAppDetail {
            try await client.call(AppDealsEndpoints.app, path: ["id": id], query: .init())
        }
        let signedOut = await failure { () async throws(AppSuiteError) in _ = try await setAlert(598_581_396, "drop") }
        #expect(signedOut?.status == 401)
        try await client.auth.register(username: uniqueName("alerts"), password: TestServer.password)
        // Kingdom Rush Frontiers: setting an alert saves the app too.
        let alert = try await setAlert(598_581_396, "drop")
        #expect(alert.appId == 598_581_396 && alert.when == "drop" && alert.lastNotifiedAt == nil && alert.name.contains("Kingdom Rush"))
        var detail = try await app(598_581_396)
        #expect(detail.favorite == true && detail.alert == "drop")
        #expect(try await setAlert(598_581_396, "free").when == "free")
        #expect(try await client.call(AppDealsEndpoints.alerts).items.map(\.appId) == [598_581_396])
        #expect(try await app(598_581_396).alert == "free")
        let unknown = await failure { () async throws(AppSuiteError) in _ = try await setAlert(1, "drop") }
        #expect(unknown?.status == 404)
        _ = try await client.call(AppDealsEndpoints.removeAlert, path: ["id": 598_581_396])
        _ = try await client.call(AppDealsEndpoints.removeAlert, path: ["id": 598_581_396])
        detail = try await app(598_581_396)
        #expect(detail.favorite == true && detail.alert == nil)
        #expect(try await client.call(AppDealsEndpoints.alerts).items.isEmpty)
    }
}

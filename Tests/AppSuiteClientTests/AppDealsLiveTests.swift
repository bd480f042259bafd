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
        let deals = client.appDeals
        func all(_ tab: AppSuiteClient.AppDeals.Tab, _ filter: AppSuiteClient.AppDeals.Filter = .init()) async throws -> [DealApp] {
            var items: [DealApp] = []
            for try await app in deals.allApps(tab, filter: filter, pageSize: 7) { items.append(app) }
            return items
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
        for try await app in deals.allApps(.hot, pageSize: 100) { hot.append(app) }
        #expect(hot.count == 8_179 && Set(hot.map(\.id)).count == 8_179)
        let games = try await all(.hot, .init(category: "Games", query: "kingdom"))
        #expect(!games.isEmpty && games.allSatisfy { $0.category == "Games" && $0.name.lowercased().contains("kingdom") })
        let us = AppSuiteClient.AppDeals.Filter(region: "us")
        #expect(try await all(.limited, us).count == 5)
        #expect(try await all(.sales, us).count == 39)
        #expect(try await all(.free, us).count == 59)
        #expect(try await all(.sales, us).allSatisfy { $0.currency == "USD" && ($0.formattedPrice ?? "").hasPrefix("$") })

        // As of 2025-06-01: 2 limited-free apps (旋转音律 among them), 36 price drops.
        let june = AppSuiteClient.AppDeals.Filter(at: "2025-06-01")
        #expect(Set(try await all(.limited, june).map(\.id)) == [6_466_390_901, 6_740_471_827])
        #expect(try await all(.sales, june).count == 36)
        let before = try await deals.apps(.limited, filter: .init(at: "2020-01-01"))
        #expect(before.items.isEmpty && before.asOf == ISO8601DateFormatter().date(from: "2020-01-01T00:00:00Z"))

        let found = try await deals.apps(.hot, filter: .init(query: "ROTAENO"))
        // The China store's 旋转音律 Rotaeno and the US store's Rotaeno (another track id, in us_price_changes.csv).
        #expect(Set(found.items.map(\.id)) == [6_466_390_901, 1_614_771_445])
        let punctuation = try await deals.apps(.hot, filter: .init(query: "！！!"))
        #expect(punctuation.items.isEmpty)
        let unknown = await failure { () async throws(AppSuiteError) in try await deals.apps(.sales, filter: .init(category: "Nope")) }
        #expect(unknown?.status == 400 && unknown?.problem?.detail?.contains("Games") == true)
        let long = await failure { () async throws(AppSuiteError) in try await deals.apps(.hot, filter: .init(query: String(repeating: "长", count: 1_000))) }
        #expect(long?.status == 400)
    }

    @Test func anAppsHistoryAndTheTopics() async throws {
        let client = try TestServer.shared(importing: .appstore).client()
        let deals = client.appDeals
        // 全能记: ¥8, ¥28, 免费, ¥28, 免费, ¥28, 免费 in the CN log; ¥28 raised from a ¥8 long-run price.
        let detail = try await deals.app(id: 1_587_301_632)
        #expect(detail.priceHistory.map(\.price) == ["8.00", "28.00", "0.00", "28.00", "0.00", "28.00", "0.00"])
        #expect(detail.minPrice == "0.00" && detail.maxPrice == "28.00")
        #expect(detail.app.trend == "limited" && detail.app.fakeDiscount && detail.app.regularPrice == "8.00")
        #expect(detail.favorite == nil)
        // 旋转音律 as of 2025-06-01: 限免 since 2025-05-29 from ¥18.
        let rotaeno = try await deals.app(id: 6_466_390_901, at: "2025-06-01")
        #expect(rotaeno.app.trend == "limited" && rotaeno.app.formattedLastPrice == "¥18.00")
        #expect(rotaeno.releaseNotes != nil && rotaeno.screenshotCount > 0)
        let missing = await failure { () async throws(AppSuiteError) in try await deals.app(id: 1) }
        #expect(missing?.status == 404)

        let topics = try await deals.topics()
        #expect(!topics.items.isEmpty && topics.items.allSatisfy { $0.appCount >= 4 && $0.apps.count == 4 })
        let first = try #require(topics.items.first)
        let full = try await deals.topic(id: first.id)
        #expect(full.apps.count == first.appCount)
    }

    @Test func priceAlertsSetListAndRemove() async throws {
        let server = try TestServer.shared(importing: .appstore)
        let client = server.client()
        let deals = client.appDeals
        let signedOut = await failure { () async throws(AppSuiteError) in try await deals.setAlert(id: 598_581_396, when: .drop) }
        #expect(signedOut?.status == 401)
        try await client.auth.register(username: uniqueName("alerts"), password: TestServer.password)
        // Kingdom Rush Frontiers: setting an alert saves the app too.
        let alert = try await deals.setAlert(id: 598_581_396, when: .drop)
        #expect(alert.appId == 598_581_396 && alert.when == "drop" && alert.lastNotifiedAt == nil && alert.name.contains("Kingdom Rush"))
        var detail = try await deals.app(id: 598_581_396)
        #expect(detail.favorite == true && detail.alert == "drop")
        #expect(try await deals.setAlert(id: 598_581_396, when: .free).when == "free")
        #expect(try await deals.alerts().items.map(\.appId) == [598_581_396])
        #expect(try await deals.app(id: 598_581_396).alert == "free")
        let unknown = await failure { () async throws(AppSuiteError) in try await deals.setAlert(id: 1, when: .drop) }
        #expect(unknown?.status == 404)
        try await deals.removeAlert(id: 598_581_396)
        try await deals.removeAlert(id: 598_581_396)
        detail = try await deals.app(id: 598_581_396)
        #expect(detail.favorite == true && detail.alert == nil)
        #expect(try await deals.alerts().items.isEmpty)
    }
}

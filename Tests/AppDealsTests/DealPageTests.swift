import AppSuiteTesting
@testable import AppDeals
import AppSuiteServer
import Foundation
import Testing

/// What the deal pages tell a reader (issue 30): release notes, the countdowns of old data, the estimate's figure,
/// where 热榜's rating counts come from, the 收藏 icon.
@Suite(.requires(.appstore)) struct DealPageTests {
    /// "首个版本，没有更新说明" only when the data says the current version is the first (PAC-MAN Premium at 6.3.5
    /// said so because the 2016 US data has no notes).
    @Test func firstVersionOnlyWhenTheLookupDatesSaySo() throws {
        let server = try TestServer(apps: [DealsApp()], importing: [.appstore])
        // US 2016 data, version 6.3.5, no notes and no dates.
        let pacman = try server.get("/appdeals/apps/281656475").text
        #expect(pacman.contains("没有更新说明") && !pacman.contains("首个版本"))
        #expect(try server.get("/appdeals/apps/281656475", headers: ["Cookie": "lang=en"]).text.contains("No release notes"))
        // 中药方剂速查: no releaseNotes key; released 2025-03-27, current version 1.1.0 of 2025-03-28: not the first.
        let later = try server.get("/appdeals/apps/6743342476").text
        #expect(later.contains("没有更新说明") && !later.contains("首个版本"))
        let lookup = try #require(LookupResult(["trackId": 1, "releaseDate": "2025-03-12T07:00:00Z", "currentVersionReleaseDate": "2025-03-12T07:00:00Z"]))
        #expect(lookup.isFirstVersion == true)
        #expect(LookupResult(["trackId": 1, "releaseDate": "2025-03-27T07:00:00Z", "currentVersionReleaseDate": "2025-03-28T04:27:13Z"])?.isFirstVersion == false)
        #expect(LookupResult(["trackId": 1])?.isFirstVersion == nil)
    }

    /// The newest observation (2025-07-05 22:11 UTC) is far older than a poll interval: each 限免 countdown is the time
    /// left at that observation, labelled with it, carries what deals.js needs to keep it still (no live ticking), and
    /// its estimate note states the median the estimate used.
    /// Tester 30 #15: "Low Free · high ¥28.00" in English and Apple's "(individual developer)" on the Chinese page.
    @Test func theDetailNamesItsRangeAndAnIndividualDeveloperInTheReadersWords() throws {
        let server = try TestServer.shared(importing: .appstore)
        let zh = try server.get("/appdeals/apps/1587301632", headers: ["Cookie": "lang=zh"]).text
        #expect(zh.contains("<dd>个人开发者</dd>") && !zh.contains("(individual developer)") && zh.contains("最低 "))
        let en = try server.get("/appdeals/apps/1587301632", headers: ["Cookie": "lang=en"]).text
        #expect(en.contains("<dd>Individual developer</dd>") && en.contains("Lowest ") && en.contains(" · highest ") && !en.contains("Low Free"))
    }

    /// Tester 30 #15: five price flips of the last three weeks squeezed into one bar at the right edge of a chart of
    /// the whole history. A long history whose last 30 days hold two or more changes opens on those 30 days; 近 1 年
    /// and 全部 are a tap away, and the list under the chart keeps every change.
    @Test func thePriceChartOpensOnTheLast30DaysWhenTheyHoldTheChanges() throws {
        let server = try TestServer.shared(importing: .appstore)
        // The dots' x positions: 7 price runs (¥8 since 2024-08-04, then six flips from 2025-06-16 to 07-05).
        func dots(_ html: String) -> [Int] { html.matches(of: /class="series-chart-dot" cx="([0-9]+)"/).compactMap { Int($0.1) } }
        func closest(_ xs: [Int]) -> Int { zip(xs.dropFirst(), xs).map { $0 - $1 }.min() ?? 0 }
        let opening = try server.get("/appdeals/apps/1587301632", headers: ["Cookie": "lang=zh"])
        #expect(opening.status == 200)
        let page = opening.text
        #expect(page.contains(#"<a class="segment is-selected" href="/appdeals/apps/1587301632?chart=30d#price-history" aria-current="page">近 30 天</a>"#))
        #expect(page.contains(#"href="/appdeals/apps/1587301632?chart=all#price-history">全部</a>"#))
        // Under a year of history: no 近 1 年.
        #expect(!page.contains("chart=1y"))
        let all = try server.get("/appdeals/apps/1587301632?chart=all").text
        #expect(dots(all).count == 7 && dots(page).count == 7)
        // The whole history puts the six flips within 16 units; the 30 days at least 25 apart, from 2025-06-06.
        #expect(closest(dots(all)) < 6 && closest(dots(page)) >= 25, "\(dots(all)) \(dots(page))")
        #expect(page.contains(">2025-06-06</text>") && all.contains(">2024-08-04</text>"))
        #expect(all.components(separatedBy: "<ol class=\"ad-history\">").last == page.components(separatedBy: "<ol class=\"ad-history\">").last)
        #expect(try server.get("/appdeals/apps/1587301632?chart=all", headers: ["Cookie": "lang=en"]).text
            .contains(#"aria-current="page">All</a>"#))
        let bad = try server.get("/appdeals/apps/1587301632?chart=week", headers: ["Cookie": "lang=zh"])
        #expect(bad.status == 422 && bad.text.contains("chart"))
    }

    @Test func countdownsStandAtTheDataTime() throws {
        let server = try TestServer(apps: [DealsApp()], importing: [.appstore])
        let html = try server.get("/appdeals").text
        #expect(html.contains("数据截至 2025-07-06 06:11（北京时间）"))
        let clocks = html.components(separatedBy: "<span class=\"ad-clock\"").dropFirst()
        #expect(clocks.count == 3)
        let snapshot = try DealStore(database: server.suite.database).snapshot()
        let latest = try #require(snapshot.latest[.cn])
        let states = DealStore(database: server.suite.database).states(snapshot, region: .cn, at: latest)
        for clock in clocks {
            func attribute(_ name: String) -> Int64? {
                clock.components(separatedBy: "\(name)=\"").dropFirst().first.flatMap { Int64($0.prefix { $0.isNumber }) }
            }
            let ends = try #require(attribute("data-ends")), asOf = try #require(attribute("data-asof"))
            #expect(asOf == latest && ends > asOf && attribute("data-live-for") == 3_600)
            let left = ends - asOf
            #expect(clock.contains(String(format: ">%02d:%02d:%02d<", left / 3600, (left / 60) % 60, left % 60)))
            #expect(clock.prefix(400).contains("截至 2025-07-06 06:11"))
        }
        // The note's median is the estimate's own (the text said 48 h where an app's own periods gave 72 h).
        let limited = states.values.filter { $0.trend == .limited && $0.expiresEstimated }
        #expect(limited.count == 3)
        for state in limited {
            let estimate = try #require(state.estimate)
            let end = try #require(state.expiresAt)
            #expect((end - state.since - estimate.median) % DealRules.estimateStep == 0 && end - state.since >= estimate.median)
            let page = try server.get("/appdeals/apps/\(state.appID)").text
            #expect(page.contains("中位数 \((estimate.median + 1_800) / 3_600) 小时"), "app \(state.appID): \(estimate)")
        }
        // 全能记 goes free every week for 72 h: its own periods give 72 h, not the overall 48 h.
        if let quanneng = states[1_587_301_632], quanneng.trend == .limited {
            #expect(quanneng.estimate?.basis == .ownPeriods)
        }
    }

    /// 热榜 says where its rating counts come from; 收藏 has its own icon, not a person (♥ is 热榜).
    @Test func hotListSaysWhereCountsComeFromAndFavouritesHaveTheirIcon() throws {
        let server = try TestServer(apps: [DealsApp()], importing: [.appstore])
        let hot = try server.get("/appdeals/hot").text
        #expect(hot.contains("美区 2016/17 年的评分人数"))
        // Facebook (284882215) tops the list on US counts: the row says so.
        let rows = hot.components(separatedBy: "<li class=\"ad-row\"").dropFirst()
        let facebook = try #require(rows.first { $0.contains("/appdeals/apps/284882215") })
        #expect(facebook.contains("美区 2016/17 年评分"))
        // Kingdom Rush Frontiers' 78,248 ratings are the China store's: not marked.
        let kingdom = try server.get("/appdeals/apps/598581396").text
        #expect(kingdom.contains("ad-rating-count") && !kingdom.contains("美区 2016/17 年评分"))
        let favourites = try #require(hot.components(separatedBy: "href=\"/appdeals/favorites\"").dropFirst().first?.prefix(600))
        #expect(favourites.contains("icon-bookmark") && !favourites.contains("icon-person"))
        #expect(try #require(hot.components(separatedBy: "href=\"/appdeals/hot\"").dropFirst().first?.prefix(600)).contains("icon-heart"))
    }
}

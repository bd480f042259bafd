import AppSuiteAPI
import Foundation
import HTTPServer
import WebUI

/// The list tabs of the API (`tab=`): 限免, 降价, 免费 and 热榜. 专题 has its own routes.
enum Tab: String, Sendable, CaseIterable {
    case limited, sales, free, hot

    init(_ wire: DealTab) {
        switch wire {
        case .limited: self = .limited
        case .sales: self = .sales
        case .free: self = .free
        case .hot: self = .hot
        }
    }
}

/// A validated list request: `tab`, `region`, `category`, `device`, `q`, `at`, `cursor`, `limit`.
struct ListQuery: Sendable {
    var tab: Tab = .limited
    var region: Region = .cn
    /// A primary genre as the App Store names it (`Games`, `Productivity`).
    var category: String?
    var device: String?
    /// The search text folded (``SearchIndex/fold(_:)``: lower case, NFKC, Traditional → Simplified); nil for no search.
    var search: String?
    /// True when `q` held only punctuation and spaces: the answer is an empty list.
    var searchIsEmpty = false
    /// UTC seconds; nil for the newest observation.
    var at: Int64?
    var cursor: String?
    var limit = 20
    /// The language of a refused cursor's message.
    var language: Language = .en

    /// The engine's query for a checked ``DealAppsQuery`` (the route group or the page checked each field's bounds).
    /// - Throws: `422` naming `category` for one the data does not have, `at` for a time that does not parse; the
    ///   message in `language`, the categories listed by their China store names on Chinese pages (`chineseNames`,
    ///   tester 30 #13: "可选：Book、Business…").
    init(_ wire: DealAppsQuery, categories: [String], chineseNames: [String: String] = [:], language: Language = .en) throws(HTTPError) {
        tab = Tab(wire.tab)
        region = Region(wire.region)
        self.language = language
        if let text = wire.category {
            guard let match = categories.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) else {
                throw Self.refused("category", DealText.unknownValue("category", text, allowed: categories,
                                                                     allowedZh: categories.map { chineseNames[$0] ?? $0 }), language)
            }
            category = match
        }
        device = wire.device?.rawValue
        if let text = wire.q {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty {
                if trimmed.unicodeScalars.allSatisfy({ CharacterSet.punctuationCharacters.contains($0) || CharacterSet.symbols.contains($0)
                    || CharacterSet.whitespaces.contains($0) }) {
                    searchIsEmpty = true
                } else {
                    search = SearchIndex.fold(trimmed)
                }
            }
        }
        at = try Self.time(wire.at, language)
        cursor = wire.cursor
        limit = wire.limit
    }

    /// The as-of time of a query's `at` (nil: the newest observation). - Throws: `422` naming `at`.
    static func time(_ text: String?, _ language: Language) throws(HTTPError) -> Int64? {
        guard let text else { return nil }
        guard let time = time(text) else { throw refused("at", DealText.badTime, language) }
        return time
    }

    static func refused(_ field: String, _ message: LocalizedText, _ language: Language) -> HTTPError {
        .validation([.init(field: field, message: message(language))])
    }

    static func time(_ text: String) -> Int64? {
        if let seconds = Int64(text), seconds >= 0, seconds < 32_503_680_000 { return seconds }
        if let time = DealImporter.time(text) { return time }
        if text.count == 10, let time = DealImporter.time(text + "T00:00:00Z") { return time }
        return nil
    }
}

/// One row of a list: the app, its deal state in the region (nil when the region never priced it) and
/// the price to show.
struct ListItem: Sendable {
    var app: AppSummary
    var state: DealState?
    /// Minor units in `currency`: the region's observed price, else the catalogue's (US, 2016/17) price.
    var price: Int64?
    var currency: Currency
    var favorites: Int64 = 0
    var shares: Int64 = 0
}

/// A page of a list with the time it was computed as of.
struct ListPage: Sendable {
    var items: [ListItem]
    var nextCursor: String?
    /// The as-of time (UTC seconds): `at`, or the region's newest observation.
    var asOf: Int64?
    /// True when `at` lies before the first or after the last observation: the list is empty for that reason.
    var outsideData: Bool
}

/// Computes the tab lists from the snapshot: filters, order and keyset cursors.
/// Deal tabs are ordered by when the current price began (newest first, then id); 热榜 by our own signals
/// (favourites + shares + views in the 7 days up to the as-of time), then the store's rating count, then id.
struct DealLists: Sendable {
    let store: DealStore

    /// `422` naming `cursor`: not a `nextCursor` of this tab.
    static func badCursor(_ language: Language) -> HTTPError {
        ListQuery.refused("cursor", DealText.badCursor, language)
    }

    func page(_ query: ListQuery) throws -> ListPage {
        let snapshot = try store.snapshot()
        guard let latest = snapshot.latest[query.region], let earliest = snapshot.earliest[query.region] else {
            return ListPage(items: [], nextCursor: nil, asOf: nil, outsideData: false)
        }
        let time = query.at ?? latest
        if time < earliest || time > latest {
            return ListPage(items: [], nextCursor: nil, asOf: time, outsideData: true)
        }
        if query.searchIsEmpty { return ListPage(items: [], nextCursor: nil, asOf: time, outsideData: false) }
        let states = store.states(snapshot, region: query.region, at: time)
        let search = query.search.map { Array($0.utf8) }

        func matches(_ app: AppSummary) -> Bool {
            if let category = query.category, app.genre != category { return false }
            if let device = query.device, !(app.devices?.contains("," + device + ",") ?? false) { return false }
            if let search, !app.matches(search: search) { return false }
            return true
        }
        func item(_ app: AppSummary) -> ListItem {
            let state = states[app.id]
            if let state { return ListItem(app: app, state: state, price: state.price, currency: query.region.currency) }
            return ListItem(app: app, state: nil, price: app.catalogPrice, currency: app.catalogCurrency ?? .usd)
        }

        var items: [ListItem]
        var next: String?
        switch query.tab {
        case .limited, .sales, .free:
            let trend: Trend = query.tab == .limited ? .limited : query.tab == .sales ? .sales : .free
            var rows = states.values.filter { $0.trend == trend }.compactMap { state in
                snapshot.apps[state.appID].flatMap { matches($0) ? ListItem(app: $0, state: state, price: state.price,
                                                                            currency: query.region.currency) : nil }
            }
            rows.sort { ($0.state!.since, $0.app.id) > ($1.state!.since, $1.app.id) }
            if let cursor = query.cursor {
                let parts = cursor.split(separator: ".")
                guard parts.count == 2, let since = Int64(parts[0]), let id = Int64(parts[1]) else { throw Self.badCursor(query.language) }
                rows.removeAll { ($0.state!.since, $0.app.id) >= (since, id) }
            }
            items = Array(rows.prefix(query.limit))
            if rows.count > query.limit, let last = items.last { next = "\(last.state!.since).\(last.app.id)" }
        case .hot:
            var after: (Int64, Int64, Int64)?
            if let cursor = query.cursor {
                let parts = cursor.split(separator: ".")
                guard parts.count == 3, let s = Int64(parts[0]), let r = Int64(parts[1]), let id = Int64(parts[2]) else {
                    throw Self.badCursor(query.language)
                }
                after = (s, r, id)
            }
            // Apps with signals (few) sorted here, then every other app in the snapshot's rating order: the
            // page is the first `limit + 1` of that sequence after the cursor, found without sorting 8,000 apps.
            let signals = try store.signals(since: time / 86_400 - 6)
            var boosted: [(Int64, Int64, AppSummary)] = []
            for (id, signal) in signals {
                let score = signal.favorites + signal.shares + signal.views
                if score > 0, let app = snapshot.apps[id] { boosted.append((score, app.ratingCount ?? 0, app)) }
            }
            boosted.sort { ($0.0, $0.1, $0.2.id) > ($1.0, $1.1, $1.2.id) }
            var rows: [(Int64, Int64, AppSummary)] = []
            func take(_ row: (Int64, Int64, AppSummary)) -> Bool {
                if let after, (row.0, row.1, row.2.id) >= after { return true }
                guard matches(row.2) else { return true }
                rows.append(row)
                return rows.count <= query.limit
            }
            var more = true
            for row in boosted where more { more = take(row) }
            if more {
                let boostedIDs = Set(boosted.map(\.2.id))
                func walk(_ apps: some Sequence<AppSummary>) {
                    for app in apps where !boostedIDs.contains(app.id) {
                        if !take((0, app.ratingCount ?? 0, app)) { break }
                    }
                }
                // A search walks only the apps its rarest gram is in (``SearchIndex``), still in rating order.
                if let text = query.search {
                    walk(snapshot.searchIndex.candidates(text).lazy.map { snapshot.byRatings[Int($0)] })
                } else {
                    walk(snapshot.byRatings)
                }
            }
            let pageRows = rows.prefix(query.limit)
            items = pageRows.map { item($0.2) }
            if rows.count > query.limit, let last = pageRows.last { next = "\(last.0).\(last.1).\(last.2.id)" }
        }
        let counts = try store.counts(items.map(\.app.id))
        for index in items.indices {
            items[index].favorites = counts[items[index].app.id]?.favorites ?? 0
            items[index].shares = counts[items[index].app.id]?.shares ?? 0
        }
        return ListPage(items: items, nextCursor: next, asOf: time, outsideData: false)
    }
}

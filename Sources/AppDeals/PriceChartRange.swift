import APIKit
import AppSuiteAPI
import HTTPServer
import WebUI

/// How much of an app's price history its chart shows (`GET /appdeals/apps/{id}?chart=`): the last 30 days, the
/// last year or all of it. Years of history on a 340-unit chart squeeze a few recent price flips into one vertical
/// bar at its right edge (tester 30 #15), so a history longer than half a year whose last 30 days hold at least two
/// price changes opens on those 30 days; the list under the chart always has every change.
enum PriceChartRange: String, CaseIterable, Codable, Sendable, QueryChoice {
    case month = "30d", year = "1y", all

    /// The window's length in seconds; nil for the whole history.
    var seconds: Int64? {
        switch self {
        case .month: 30 * 86_400
        case .year: 365 * 86_400
        case .all: nil
        }
    }

    var label: LocalizedText {
        switch self {
        case .month: LocalizedText(zh: "近 30 天", en: "30 days")
        case .year: LocalizedText(zh: "近 1 年", en: "1 year")
        case .all: LocalizedText(zh: "全部", en: "All")
        }
    }

    /// The range a chart of `runs` (sorted by start) up to `end` opens on.
    static func opening(_ runs: [PriceRun], end: Int64) -> PriceChartRange {
        guard let first = runs.first, end - first.start > 182 * 86_400 else { return .all }
        let recent = runs.dropFirst().filter { $0.start > end - (month.seconds ?? 0) }
        return recent.count >= 2 ? .month : .all
    }

    /// The ranges worth offering for `runs`: those shorter than the history, then `all`; empty when only `all` is.
    static func offered(_ runs: [PriceRun], end: Int64) -> [PriceChartRange] {
        guard let first = runs.first else { return [] }
        let shorter = [month, year].filter { ($0.seconds ?? 0) < end - first.start }
        return shorter.isEmpty ? [] : shorter + [.all]
    }

    /// The chart's points: the runs inside the window, the first one starting at the window's start with the
    /// price then in effect (a step chart holds each price until the next change).
    func points(_ runs: [PriceRun], end: Int64) -> [ChartPoint] {
        guard let seconds else { return runs.map { ChartPoint(x: Double($0.start), y: Double($0.price) / 100) } }
        let start = end - seconds
        let before = runs.last { $0.start <= start }
        let inside = runs.filter { $0.start > start }
        return (before.map { [ChartPoint(x: Double(start), y: Double($0.price) / 100)] } ?? [])
            + inside.map { ChartPoint(x: Double($0.start), y: Double($0.price) / 100) }
    }
}

/// `GET /appdeals/apps/{id}`: the API's query (``DealAppQuery``) and the chart's range.
struct DealAppPageQuery: QueryDecodable, Equatable {
    var region: DealRegion
    var at: String?
    /// nil: the range ``PriceChartRange/opening(_:end:)`` picks.
    var chart: PriceChartRange?

    /// The API's part.
    var app: DealAppQuery { DealAppQuery(region: region, at: at) }

    init(from query: inout QueryReader) throws(QueryError) {
        (region, at) = try DealAppQuery(from: &query).pair
        chart = try query.optional("chart", "the price chart's range: 30d, 1y or all (default: 30d when the last 30 days of a long history hold two or more price changes, else all)")
    }

    /// This page with the chart on `chart`, the other values kept, scrolled to the chart.
    func href(app id: Int64, chart: PriceChartRange) -> String {
        var pairs = ["chart=" + chart.rawValue]
        if region != .cn { pairs.append("region=" + region.rawValue) }
        if let at { pairs.append("at=" + percentEncode(at)) }
        return "/appdeals/apps/\(id)?" + pairs.joined(separator: "&") + "#price-history"
    }
}

private extension DealAppQuery {
    var pair: (DealRegion, String?) { (region, at) }
}

public import AppHost
import Foundation
import Geo

/// `appsuite merchants timing [--data-dir D]`: the nearby query (nearest 20 within 1 km, as the API runs it:
/// indexed prefilter, exact distance, standings) next to the baseline, a full scan of every merchant with the
/// haversine distance, on the same query points in the same run (bench/merchants).
public struct MerchantsCommand: AppCommand {
    public init() {}

    public var name: String { "merchants" }
    public var summary: String { "商户 tools: timing (nearby query vs a full scan with haversine)" }
    public var usage: [String] { ["appsuite merchants timing [--data-dir var]"] }

    static let help = "appsuite merchants timing [--data-dir D]   time the nearby query (nearest 20 within 1 km) next to a full scan"
    /// Query points: the position of every n-th merchant moved 300 m north-east, so some queries land between shops.
    static let pointCount = 500

    /// - Throws: ``CommandFailure`` `.usage` for other words, `.dataError` when nothing is imported,
    ///   `.cannotCreate` when the data directory cannot be opened.
    public func run(_ invocation: CommandInvocation) throws(CommandFailure) -> ExitCode {
        guard invocation.arguments == ["timing"] else {
            if invocation.arguments == ["--help"] || invocation.arguments == ["help"] { invocation.output(Self.help); return .success }
            throw CommandFailure(.usage, "unknown arguments '\(invocation.arguments.joined(separator: " "))'\n" + Self.help)
        }
        let store = MerchantStore(database: try invocation.context().database)
        let search = MerchantsApp.nearbySearch(store)
        do {
            let merchants = try store.everyMerchant()
            guard !merchants.isEmpty else { throw CommandFailure(.dataError, "nothing imported; run `appsuite import merchants PATH` first") }
            let step = max(1, merchants.count / Self.pointCount)
            let points = stride(from: 0, to: merchants.count, by: step).prefix(Self.pointCount).compactMap { index in
                Coordinate(latitude: merchants[index].position.latitude + 0.0019, longitude: merchants[index].position.longitude + 0.0022)
            }
            let now = Date()
            var indexed: [Double] = [], scanned: [Double] = [], mismatches = 0
            for point in points {
                let started = ContinuousClock.now
                let page = try search.page(NearbyQuery(center: point, radius: 1_000), now: now)
                indexed.append(Self.milliseconds(ContinuousClock.now - started))
                let scanStarted = ContinuousClock.now
                let nearest = try store.everyMerchant().compactMap { merchant -> (Int64, Double)? in
                    let distance = point.distance(to: merchant.position)
                    return distance <= 1_000 ? (merchant.id, distance) : nil
                }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(20)
                scanned.append(Self.milliseconds(ContinuousClock.now - scanStarted))
                if page.items.map(\.merchant.id) != nearest.map(\.0) { mismatches += 1 }
            }
            invocation.output("\(merchants.count) merchants, \(points.count) query points (nearest 20 within 1 km), one thread")
            invocation.output("| query | p50 ms | p99 ms | queries/s |")
            invocation.output("|---|---:|---:|---:|")
            invocation.output(Self.row("nearby (indexed, with standings)", indexed))
            invocation.output(Self.row("baseline: full scan + haversine", scanned))
            invocation.output(String(format: "p99 ratio baseline/indexed: %.1f×; result lists differing from the scan: %d", Self.quantile(scanned, 0.99) / Self.quantile(indexed, 0.99), mismatches))
            return mismatches == 0 ? .success : .dataError
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.dataError, "cannot read the imported data: \(error)")
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    static func quantile(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
    }

    static func row(_ name: String, _ values: [Double]) -> String {
        "| \(name) | " + String(format: "%.3f | %.3f | %.0f |", quantile(values, 0.5), quantile(values, 0.99), Double(values.count) / (values.reduce(0, +) / 1_000))
    }
}

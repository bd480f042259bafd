public import AppHost
import Foundation
import Geo

/// `appsuite merchants timing|generate` (bench/merchants): `generate COUNT [--seed N]` replaces the synthetic
/// merchants by COUNT new ones around the imported real ones (``SyntheticMerchants``) and prints the load time;
/// `timing` runs the nearby query (nearest 20 within 1 km, as the API runs it: ``NearbySearch`` nearest first over the
/// index, exact distance, standings) next to the baseline, a brute-force scan of every merchant's position with the haversine distance,
/// on the same query points in the same run, and prints the prefilter's query plan.
public struct MerchantsCommand: AppCommand {
    public init() {}

    public var name: String { "merchants" }
    public var summary: String { "商户 tools: timing (nearby query vs a full scan), generate (synthetic merchants for the bench)" }
    public var usage: [String] { ["appsuite merchants timing [--data-dir var]", "appsuite merchants generate COUNT [--seed N] [--data-dir var]"] }

    static let help = """
        appsuite merchants timing [--data-dir D]                time the nearby query (nearest 20 within 1 km) next to a full scan
        appsuite merchants generate COUNT [--seed N] [--data-dir D]   replace the synthetic merchants by COUNT (0–5,000,000) around the real ones
        """
    /// Query points: the position of every n-th real merchant moved ~300 m north-east, so some queries land between shops.
    static let pointCount = 500

    /// - Throws: ``CommandFailure`` `.usage` for other words, `.dataError` when nothing is imported,
    ///   `.cannotCreate` when the data directory cannot be opened.
    public func run(_ invocation: CommandInvocation) throws(CommandFailure) -> ExitCode {
        let words = invocation.arguments
        if words == ["--help"] || words == ["help"] { invocation.output(Self.help); return .success }
        if words == ["timing"] { return try timing(invocation) }
        if words.first == "generate" {
            var rest = Array(words.dropFirst()), seed: UInt64 = 1
            if rest.count == 3, rest[1] == "--seed" {
                guard let value = UInt64(rest[2]) else { throw CommandFailure(.usage, "--seed takes a whole number ≥ 0\n" + Self.help) }
                seed = value
                rest = [rest[0]]
            }
            guard rest.count == 1, let count = Int(rest[0]), (0...SyntheticMerchants.maxCount).contains(count) else {
                throw CommandFailure(.usage, "generate takes a count from 0 to \(SyntheticMerchants.maxCount)\n" + Self.help)
            }
            return try generate(invocation, count: count, seed: seed)
        }
        throw CommandFailure(.usage, "unknown arguments '\(words.joined(separator: " "))'\n" + Self.help)
    }

    func generate(_ invocation: CommandInvocation, count: Int, seed: UInt64) throws(CommandFailure) -> ExitCode {
        let store = MerchantStore(database: try invocation.context().database)
        do {
            let loaded = try SyntheticMerchants(store: store).generate(count: count, seed: seed, now: Int64(Date().timeIntervalSince1970))
            guard loaded.templates > 0 else { throw CommandFailure(.dataError, "nothing imported; run `appsuite import merchants PATH` first") }
            invocation.output(String(format: "%d synthetic merchants (seed %llu) around %d real ones, written in one transaction in %.1f s (%.0f rows/s); %d merchants in all",
                                     loaded.count, seed, loaded.templates, loaded.seconds, Double(loaded.count) / max(loaded.seconds, 1e-9), try store.count()))
            return .success
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.dataError, "cannot write the synthetic merchants: \(error)")
        }
    }

    func timing(_ invocation: CommandInvocation) throws(CommandFailure) -> ExitCode {
        let store = MerchantStore(database: try invocation.context().database)
        let search = MerchantsApp.nearbySearch(store)
        do {
            let real = try store.realMerchants()
            guard !real.isEmpty else { throw CommandFailure(.dataError, "nothing imported; run `appsuite import merchants PATH` first") }
            let step = max(1, real.count / Self.pointCount)
            let points = stride(from: 0, to: real.count, by: step).prefix(Self.pointCount).compactMap { index in
                Coordinate(latitude: real[index].position.latitude + 0.0019, longitude: real[index].position.longitude + 0.0022)
            }
            let loadStarted = ContinuousClock.now
            let everyone = try store.positions()
            let loadSeconds = Self.milliseconds(ContinuousClock.now - loadStarted) / 1_000
            let now = Date()
            var indexed: [Double] = [], scanned: [Double] = [], mismatches = 0, found = 0
            for point in points {
                let started = ContinuousClock.now
                let page = try search.page(NearbyQuery(center: point, radius: 1_000), now: now)
                indexed.append(Self.milliseconds(ContinuousClock.now - started))
                let scanStarted = ContinuousClock.now
                let inCircle = everyone.compactMap { merchant -> (Int64, Double)? in
                    let distance = point.distance(to: merchant.position)
                    return distance <= 1_000 ? (merchant.id, distance.rounded(toPlaces: 3)) : nil
                }
                let nearest = inCircle.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(20)
                scanned.append(Self.milliseconds(ContinuousClock.now - scanStarted))
                if page.items.map(\.merchant.id) != nearest.map(\.0) { mismatches += 1 }
                found += inCircle.count
            }
            let plan = try store.candidatePlan(BoundingBox(around: points.first ?? MerchantsApp.shanghai, radius: 1_000))
            invocation.output("\(everyone.count) merchants (\(real.count) real), \(points.count) query points (nearest 20 within 1 km), one thread; "
                              + String(format: "%.0f merchants within 1 km on average", Double(found) / Double(max(1, points.count))))
            invocation.output("| query | p50 ms | p99 ms | queries/s |")
            invocation.output("|---|---:|---:|---:|")
            invocation.output(Self.row("nearby (nearest first over the index, with standings)", indexed))
            invocation.output(Self.row("baseline: scan of every position + haversine", scanned))
            invocation.output(String(format: "p99 ratio baseline/indexed: %.1f×; result lists differing from the scan: %d; the scan's positions read once in %.2f s",
                                     Self.quantile(scanned, 0.99) / Self.quantile(indexed, 0.99), mismatches, loadSeconds))
            let usesIndex = plan.contains { $0.contains("merchants_position") }
            invocation.output("prefilter plan: " + plan.joined(separator: " / ") + (usesIndex ? "" : "  ← NOT the merchants_position index"))
            return mismatches == 0 && usesIndex ? .success : .dataError
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

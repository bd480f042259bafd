public import AppHost
import Foundation

/// `appsuite appdeals deals [--region cn|us] [--at TIME]`: the deal engine on the imported data, as of a
/// time: how many apps each tab holds, the 限免 apps with their estimated ends, and how long loading the
/// observations and computing every app's state took (what a poll costs before the next list is served).
public struct DealCommand: AppCommand {
    public init() {}

    public var name: String { "appdeals" }
    public var summary: String { "爱限免 tools: deals (the tabs as of a time, and the deal engine's timing)" }
    public var usage: [String] { ["appsuite appdeals deals [--region cn|us] [--at 2025-06-01] [--data-dir var]"] }

    /// - Throws: ``CommandFailure`` `.usage` for other words or a bad region or time, `.dataError` when nothing
    ///   is imported, `.cannotCreate` when the data directory cannot be opened.
    public func run(_ invocation: CommandInvocation) throws(CommandFailure) -> ExitCode {
        var words = invocation.arguments
        guard words.first == "deals" else {
            throw CommandFailure(.usage, (words.isEmpty ? "which tool?" : "unknown arguments '\(words.joined(separator: " "))'")
                                 + "\n" + usage.joined(separator: "\n"))
        }
        words.removeFirst()
        var region = Region.cn
        var at: Int64?
        while let word = words.first {
            guard words.count >= 2 else { throw CommandFailure(.usage, "\(word) needs a value") }
            let value = words[1]
            switch word {
            case "--region":
                guard let parsed = Region(rawValue: value) else { throw CommandFailure(.usage, "--region must be cn or us") }
                region = parsed
            case "--at":
                guard let time = ListQuery.time(value) else { throw CommandFailure(.usage, "--at must be an ISO 8601 time, a UTC date or UTC seconds") }
                at = time
            default:
                throw CommandFailure(.usage, "unknown option \(word)")
            }
            words.removeFirst(2)
        }
        let store = DealStore(database: try invocation.context().database)
        let started = ContinuousClock.now
        let snapshot: DealSnapshot
        do {
            snapshot = try store.snapshot()
        } catch {
            throw CommandFailure(.dataError, "cannot read the imported data: \(error)")
        }
        let loaded = ContinuousClock.now
        guard let latest = snapshot.latest[region] else {
            throw CommandFailure(.dataError, "no \(region.rawValue) prices imported; run `appsuite import appdeals PATH` first")
        }
        let time = at ?? latest
        let states = store.states(snapshot, region: region, at: time)
        let computed = ContinuousClock.now
        func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        var counts: [Trend: Int] = [:]
        for state in states.values { counts[state.trend, default: 0] += 1 }
        invocation.output("as of \(iso8601(time)) in the \(region.rawValue) store: \(states.count) apps priced")
        for trend in Trend.allCases { invocation.output("  \(trend.rawValue): \(counts[trend] ?? 0)") }
        for state in states.values.filter({ $0.trend == .limited }).sorted(by: { $0.since > $1.since }) {
            let name = snapshot.apps[state.appID]?.name ?? String(state.appID)
            let was = state.lastPrice.map { Money.formatted($0, region.currency) } ?? "-"
            invocation.output("  限免 \(state.appID) \(name): was \(was), free since \(iso8601(state.since)), ends ~\(state.expiresAt.map(iso8601) ?? "?")"
                              + (state.fakeDiscount ? " (price raised before: fake discount)" : ""))
        }
        invocation.output(String(format: "load %.1f ms (%d apps, observations of %d apps), engine %.1f ms",
                                 milliseconds(loaded - started), snapshot.apps.count, snapshot.engines[region]?.history.count ?? 0,
                                 milliseconds(computed - loaded)))
        return .success
    }

    func iso8601(_ seconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
    }
}

public import AppHost
import Foundation

/// `appsuite gaokao backtest|timing`: measures the line prediction and the recommendation query on the
/// data imported into the suite's database (`appsuite import gaokao PATH` first).
public struct GaokaoCommand: AppCommand {
    public init() {}

    public var name: String { "gaokao" }
    public var summary: String { "豹考通 tools: backtest (prediction vs last year's line), timing (recommendation query)" }
    public var usage: [String] { ["appsuite gaokao backtest [省份 …]|timing [--data-dir var]"] }

    static let help = """
        appsuite gaokao backtest [省份 …] [--data-dir D]   per-method, per-province accuracy, coverage and calibration vs
                                                  "same as last year" (of the provinces named, else of all)
        appsuite gaokao timing [--data-dir D]     time the recommendation query on the full data
        """

    /// - Throws: ``CommandFailure`` `.usage` for other words, `.dataError` when nothing is imported or the
    ///   data cannot be read, `.cannotCreate` when the data directory cannot be opened.
    public func run(_ invocation: CommandInvocation) throws(CommandFailure) -> ExitCode {
        let words = invocation.arguments
        if words == ["--help"] || words == ["help"] {
            invocation.output(Self.help)
            return .success
        }
        guard words.first == "backtest" || words == ["timing"] else {
            throw CommandFailure(.usage, (words.isEmpty ? "which tool?" : "unknown arguments '\(words.joined(separator: " "))'") + "\n" + Self.help)
        }
        let store = GaokaoStore(database: try invocation.context().database)
        let data: GaokaoData
        let load: Duration
        do {
            if try store.isEmpty() { throw CommandFailure(.dataError, "nothing imported; run `appsuite import gaokao PATH` first") }
            let started = ContinuousClock.now
            data = try store.data()
            load = ContinuousClock.now - started
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.dataError, "cannot read the imported data: \(error)")
        }
        if words.first == "backtest" {
            let provinces = Array(words.dropFirst())
            if let unknown = provinces.first(where: { data.province(named: $0) == nil }) {
                throw CommandFailure(.usage, "unknown province '\(unknown)'\n" + Self.help)
            }
            let report = GaokaoBacktest.report(data, provinces: provinces.isEmpty ? nil : Set(provinces))
            invocation.output(GaokaoBacktest.markdown(report.accuracy))
            invocation.output("\nCalibration of 录取概率 (held-out years; students 30 … 0 … 30 points around the predicted line):\n")
            invocation.output(GaokaoBacktest.calibrationMarkdown(report))
            invocation.output("\nHeld-out 2021–2025, per year and per province (issue 28):\n")
            invocation.output(GaokaoBacktest.recentMarkdown(report))
        } else {
            let durations = GaokaoBacktest.timeRecommendations(data)
            guard !durations.isEmpty else { throw CommandFailure(.dataError, "no province has enough school lines to time") }
            func at(_ q: Double) -> Double { durations[Swift.min(durations.count - 1, Int(Double(durations.count) * q))] }
            invocation.output(String(format: "snapshot load: %.0f ms", Double(load.components.attoseconds) / 1e15 + Double(load.components.seconds) * 1000))
            invocation.output(String(format: "recommendation query, %d runs: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms",
                                     durations.count, at(0.5), at(0.9), at(0.99), durations.last ?? 0))
        }
        return .success
    }
}

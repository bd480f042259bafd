import Foundation

/// The backtest over the held-out 2021–2025 school-years (issue 28): per held-out year and per province, accuracy,
/// interval coverage, Brier against "same as last year", the worst decile and the observed rate of each 冲/稳/保 band
/// (so 保 can be checked year by year), then the deciles of those years together.
extension GaokaoBacktest {
    /// The held-out years of the recent table.
    public static let recentYears = 2021...2025
    /// The prefix of the report's groups over those years, per province (`近年·湖南`) and over all (`近年·全部`).
    static let recent = "近年·"

    /// The recent tables as Markdown: by held-out year, by province (2021–2025 together), the deciles of 2021–2025.
    public static func recentMarkdown(_ report: BacktestReport) -> String {
        var lines = [
            "| held out | n | MAE | 去年线 MAE | in [冒险, 保守] (60%) | ≤ 稳妥 (50%) | Brier | Brier 去年线 | worst decile | 冲 observed (n) | 稳 observed (n) | 保 observed (n) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        let years = recentYears.map { ("\($0)", "全部·\($0)") }
        // The provinces, then 全部.
        let provinces = report.accuracy.filter { $0.isDefault && $0.province.hasPrefix(recent) }
            .map { (String($0.province.dropFirst(recent.count)), $0.province) }
            .sorted { ($0.0 == "全部" ? 1 : 0, $0.0) < ($1.0 == "全部" ? 1 : 0, $1.0) }
        func row(_ label: String, _ group: String) -> String? {
            guard let accuracy = report.accuracy.first(where: { $0.province == group && $0.isDefault }) else { return "| \(label) | 0 | — | — | — | — | — | — | — | — | — | — |" }
            let calibration = report.calibration.first { $0.province == group }
            let bands = (calibration?.bands ?? []).map { $0.count == 0 ? "—" : "\(pct($0.observed)) (\($0.count))" }
            let padded = bands + Array(repeating: "—", count: Swift.max(0, 3 - bands.count))
            return "| \(label) | \(accuracy.count) | \(String(format: "%.2f", accuracy.meanAbsoluteError)) | \(String(format: "%.2f", accuracy.baselineMeanAbsoluteError)) | "
                + "\(pct(accuracy.coverage)) | \(pct(accuracy.belowStable)) | \(calibration.map { String(format: "%.4f", $0.brier) } ?? "—") | "
                + "\(calibration.map { String(format: "%.4f", $0.lastYearBrier) } ?? "—") | \(calibration.map { String(format: "%.1f pp", $0.worstDecileGap * 100) } ?? "—") | "
                + padded.joined(separator: " | ") + " |"
        }
        lines += years.compactMap { row($0.0, $0.1) }
        lines += ["", lines[0].replacingOccurrences(of: "| held out |", with: "| 省份 (2021–2025) |"), lines[1]]
        lines += provinces.compactMap { row($0.0, $0.1) }
        if let all = report.calibration.first(where: { $0.province == recent + "全部" }) {
            lines += ["", "| 2021–2025 decile | n | mean predicted | observed | gap |", "|---|---:|---:|---:|---:|"]
            for decile in all.deciles where decile.count > 0 {
                lines.append("| \(decile.label) | \(decile.count) | \(pct(decile.meanPredicted)) | \(pct(decile.observed)) | \(String(format: "%+.1f pp", (decile.observed - decile.meanPredicted) * 100)) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}

import Foundation

/// Accuracy of one method in one province, next to the baseline on the same school-years.
public struct BacktestRow: Sendable {
    public var province: String
    public var method: PredictionMethod?
    /// School-years predicted (each also has a baseline prediction and an actual line).
    public var count: Int
    public var meanAbsoluteError: Double
    public var within5: Double
    public var within10: Double
    /// How often the actual line fell within [risky, safe].
    public var coverage: Double
    public var baselineMeanAbsoluteError: Double
    public var baselineWithin5: Double
    public var baselineWithin10: Double
    /// True for the app's default (位次法 where it applies, else 线差法).
    public var isDefault: Bool
}

/// **Backtest** (issue 4): for every school-year in the data (普通类 series, a year with a published minimum
/// score), predict that year's line from earlier years only with each method, and compare with the actual
/// line and with the baseline "same as last year's line". The rank method uses the target year's 一分一段表,
/// which is published before 志愿填报 (research §4 E).
public enum GaokaoBacktest {
    struct Accumulator {
        var count = 0
        var errors = 0.0
        var within5 = 0
        var within10 = 0
        var covered = 0
        var baselineErrors = 0.0
        var baselineWithin5 = 0
        var baselineWithin10 = 0

        mutating func add(_ prediction: LinePrediction, baseline: LinePrediction, actual: Int) {
            count += 1
            let error = abs(prediction.stable - actual)
            errors += Double(error)
            if error <= 5 { within5 += 1 }
            if error <= 10 { within10 += 1 }
            if prediction.risky <= actual, actual <= prediction.safe { covered += 1 }
            let baselineError = abs(baseline.stable - actual)
            baselineErrors += Double(baselineError)
            if baselineError <= 5 { baselineWithin5 += 1 }
            if baselineError <= 10 { baselineWithin10 += 1 }
        }

        func row(province: String, method: PredictionMethod?, isDefault: Bool) -> BacktestRow {
            let n = Double(Swift.max(count, 1))
            return BacktestRow(
                province: province, method: method, count: count, meanAbsoluteError: errors / n, within5: Double(within5) / n,
                within10: Double(within10) / n, coverage: Double(covered) / n, baselineMeanAbsoluteError: baselineErrors / n,
                baselineWithin5: Double(baselineWithin5) / n, baselineWithin10: Double(baselineWithin10) / n, isDefault: isDefault)
        }
    }

    /// Runs the backtest over every series of `data`; rows per province (and 全部) × {default, 位次法, 线差法}.
    /// `byLevel` splits each province into its 本科 and 专科 batches (`四川·专科`), which explains where a method wins.
    public static func run(_ data: GaokaoData, configuration: PredictionConfiguration = PredictionConfiguration(), byLevel: Bool = false) -> [BacktestRow] {
        enum Slot: Hashable { case defaultMethod, rank, line }
        var table: [String: [Slot: Accumulator]] = [:]
        for list in data.series.values {
            for series in list {
                for point in series.points {
                    guard let actual = point.minScore, let baseline = data.predictLastYear(series, year: point.year) else { continue }
                    let rank = data.predictByRank(series, year: point.year, configuration: configuration)
                    let line = data.predictByLineDifference(series, year: point.year, configuration: configuration)
                    let chosen = data.predict(series, year: point.year, configuration: configuration)
                    let level = series.batchStd.contains("专科") ? "专科" : "本科"
                    let groups = byLevel ? [series.province + "·" + level, "全部·" + level] : [series.province, "全部"]
                    for province in groups {
                        if let rank { table[province, default: [:]][.rank, default: Accumulator()].add(rank, baseline: baseline, actual: actual) }
                        if let line { table[province, default: [:]][.line, default: Accumulator()].add(line, baseline: baseline, actual: actual) }
                        if let chosen = chosen {
                            table[province, default: [:]][.defaultMethod, default: Accumulator()].add(chosen, baseline: baseline, actual: actual)
                        }
                    }
                }
            }
        }
        var rows: [BacktestRow] = []
        let provinces = table.keys.filter { !$0.hasPrefix("全部") }.sorted() + table.keys.filter { $0.hasPrefix("全部") }.sorted()
        for province in provinces {
            for (slot, method) in [(Slot.defaultMethod, PredictionMethod?.none), (.rank, .rank), (.line, .lineDifference)] {
                guard let accumulator = table[province]?[slot], accumulator.count > 0 else { continue }
                rows.append(accumulator.row(province: province, method: method, isDefault: slot == .defaultMethod))
            }
        }
        return rows
    }

    /// The rows as a Markdown table.
    public static func markdown(_ rows: [BacktestRow]) -> String {
        func pct(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
        var lines = [
            "| 省份 | 方法 method | n | MAE | ±5 | ±10 | in [risky, safe] | 去年线 baseline MAE | baseline ±5 | baseline ±10 | ΔMAE |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            let method = row.method.map { "\($0.label.zh) \($0.label.en)" } ?? "默认 default"
            lines.append(
                "| \(row.province) | \(method) | \(row.count) | \(String(format: "%.2f", row.meanAbsoluteError)) | \(pct(row.within5)) | \(pct(row.within10)) | \(pct(row.coverage)) | \(String(format: "%.2f", row.baselineMeanAbsoluteError)) | \(pct(row.baselineWithin5)) | \(pct(row.baselineWithin10)) | \(String(format: "%+.2f", row.meanAbsoluteError - row.baselineMeanAbsoluteError)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Times `recommend` on the full data: `iterations` queries over every (province, 科类, batch) with
    /// school lines and scores across the range. Returns the sorted durations in milliseconds.
    public static func timeRecommendations(_ data: GaokaoData, iterations: Int = 2_000) -> [Double] {
        let keys = data.series.keys.filter { key in
            data.series[key]!.count >= 20 && data.table(province: key.province, year: 2020, category: key.category) != nil
        }.sorted { ($0.province, $0.category, $0.batchStd) < ($1.province, $1.category, $1.batchStd) }
        guard !keys.isEmpty else { return [] }
        var durations: [Double] = []
        durations.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for index in 0..<iterations {
            let key = keys[index % keys.count]
            let maximum = data.maximumScore(province: key.province, year: 2020)
            let score = maximum / 3 + (index * 37) % (maximum / 2)
            let tendency: Bucket? = index % 4 == 3 ? nil : Bucket.allCases[index % 3]
            var found = 0
            let elapsed = clock.measure {
                found = data.recommend(province: key.province, year: 2020, category: key.category, batch: key.batchStd, score: score,
                                       tendency: tendency, targetProvince: index % 5 == 0 ? key.province : nil).items.count
            }
            if found < 0 { print(found) }
            durations.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return durations.sorted()
    }
}

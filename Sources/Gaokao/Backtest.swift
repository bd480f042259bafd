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
    /// How often the actual line fell within [risky, safe] (stated level: 80% − 20% = 60%).
    public var coverage: Double
    /// How often the actual line was at or below the risky, stable and safe line (stated: 20%, 50%, 80%).
    public var belowRisky: Double
    public var belowStable: Double
    public var belowSafe: Double
    public var baselineMeanAbsoluteError: Double
    public var baselineWithin5: Double
    public var baselineWithin10: Double
    /// True for the app's default (位次法 where it applies, else 线差法).
    public var isDefault: Bool
}

/// One decile of predicted 录取概率: how often a student at that chance was admitted.
public struct ReliabilityRow: Sendable {
    /// `0.0` for 0–10% … `0.9` for 90–100%, or a bucket's band.
    public var label: String
    public var count: Int
    public var meanPredicted: Double
    public var observed: Double
    public var baselineCount: Int
    public var baselineMeanPredicted: Double
    public var baselineObserved: Double
}

/// Calibration of the 录取概率 in one province: Brier scores of the model and of the two naive baselines.
public struct CalibrationRow: Sendable {
    public var province: String
    /// Student positions scored (school-years × 13 scores around the predicted line).
    public var count: Int
    public var brier: Double
    /// "Same as last year": 100% when the score reaches last year's line, else 0%.
    public var lastYearBrier: Double
    /// The research note's logistic (§4 G: 1 / (1 + e^(−9·Δ′)), Δ′ = (r_s − r_c)/r_s, or −gap/100 for 线差法).
    public var logisticBrier: Double
    /// The largest |observed − predicted| over the deciles with at least 100 positions.
    public var worstDecileGap: Double
    /// By decile of the model's chance (``ReliabilityRow``, no baseline).
    public var deciles: [ReliabilityRow] = []
    /// By 冲/稳/保 band: how often a student in the band was admitted.
    public var bands: [ReliabilityRow] = []
}

/// What the backtest measured.
public struct BacktestReport: Sendable {
    public var accuracy: [BacktestRow]
    public var calibration: [CalibrationRow]
    /// Over every province, by decile of the model's chance (baseline: the logistic's decile).
    public var reliability: [ReliabilityRow]
    /// Over every province, by 冲/稳/保 band.
    public var buckets: [ReliabilityRow]
}

/// **Backtest** (issues 4 and 17): every school-year in the data (普通类 series with a published minimum score) is
/// predicted from earlier years only with each method, and its spread comes from an ``ErrorModel`` trained on
/// earlier target years only (rolling origin: the held-out year is never in its own model). It is compared with
/// the actual line and the baseline "same as last year's line"; the calibration places a student 30, 25 … 0 …
/// 30 points around the predicted line and compares the chance shown with whether the actual line admitted them.
/// The rank method uses the target year's 一分一段表, which is published before 志愿填报 (research §4 E).
public enum GaokaoBacktest {
    /// The student positions of the calibration, in points from the predicted stable line.
    static let offsets = Array(stride(from: -30, through: 30, by: 5))

    struct Accumulator {
        var count = 0
        var errors = 0.0
        var within5 = 0
        var within10 = 0
        var covered = 0
        var belowRisky = 0
        var belowStable = 0
        var belowSafe = 0
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
            if actual <= prediction.risky { belowRisky += 1 }
            if actual <= prediction.stable { belowStable += 1 }
            if actual <= prediction.safe { belowSafe += 1 }
            let baselineError = abs(baseline.stable - actual)
            baselineErrors += Double(baselineError)
            if baselineError <= 5 { baselineWithin5 += 1 }
            if baselineError <= 10 { baselineWithin10 += 1 }
        }

        func row(province: String, method: PredictionMethod?, isDefault: Bool) -> BacktestRow {
            let n = Double(Swift.max(count, 1))
            return BacktestRow(
                province: province, method: method, count: count, meanAbsoluteError: errors / n, within5: Double(within5) / n,
                within10: Double(within10) / n, coverage: Double(covered) / n, belowRisky: Double(belowRisky) / n,
                belowStable: Double(belowStable) / n, belowSafe: Double(belowSafe) / n, baselineMeanAbsoluteError: baselineErrors / n,
                baselineWithin5: Double(baselineWithin5) / n, baselineWithin10: Double(baselineWithin10) / n, isDefault: isDefault)
        }
    }

    struct Bin {
        var count = 0
        var predicted = 0.0
        var admitted = 0
        mutating func add(_ p: Double, _ outcome: Bool) {
            count += 1
            predicted += p
            if outcome { admitted += 1 }
        }
        var meanPredicted: Double { count == 0 ? 0 : predicted / Double(count) }
        var observed: Double { count == 0 ? 0 : Double(admitted) / Double(count) }
    }

    struct Scores {
        var count = 0
        var brier = 0.0
        var lastYear = 0.0
        var logistic = 0.0
        var deciles = [Bin](repeating: Bin(), count: 10)
        var logisticDeciles = [Bin](repeating: Bin(), count: 10)
        var buckets = [Bin](repeating: Bin(), count: 3)

        static func decile(_ p: Double) -> Int { Swift.min(9, Swift.max(0, Int(p * 10))) }

        mutating func add(chance: Double, lastYear: Double, logistic: Double, admitted: Bool, bucket: Bucket?) {
            let outcome = admitted ? 1.0 : 0.0
            count += 1
            brier += (chance - outcome) * (chance - outcome)
            self.lastYear += (lastYear - outcome) * (lastYear - outcome)
            self.logistic += (logistic - outcome) * (logistic - outcome)
            deciles[Self.decile(chance)].add(chance, admitted)
            logisticDeciles[Self.decile(logistic)].add(logistic, admitted)
            if let bucket { buckets[Bucket.allCases.firstIndex(of: bucket)!].add(chance, admitted) }
        }

        func row(province: String) -> CalibrationRow {
            let n = Double(Swift.max(count, 1))
            let worst = deciles.filter { $0.count >= 100 }.map { abs($0.observed - $0.meanPredicted) }.max() ?? 0
            func reliability(_ label: String, _ bin: Bin) -> ReliabilityRow {
                ReliabilityRow(label: label, count: bin.count, meanPredicted: bin.meanPredicted, observed: bin.observed, baselineCount: 0,
                               baselineMeanPredicted: 0, baselineObserved: 0)
            }
            return CalibrationRow(province: province, count: count, brier: brier / n, lastYearBrier: lastYear / n,
                                  logisticBrier: logistic / n, worstDecileGap: worst,
                                  deciles: deciles.enumerated().map { reliability("\($0.offset * 10)–\($0.offset * 10 + 10)%", $0.element) },
                                  bands: zip(Bucket.allCases, buckets).map { reliability($0.label.zh, $1) })
        }
    }

    /// The full report over the series of `provinces` (nil: every province; the error models always learn from
    /// all of them): accuracy and coverage per province, 全部, 全部·本科, 全部·专科, 全部·<held-out year> and
    /// 全部·数据龄 <1, 2, 3+ years> × {default, 位次法, 线差法};
    /// calibration per province; reliability per decile and per band over all of them.
    public static func report(_ data: GaokaoData, provinces only: Set<String>? = nil,
                              configuration: PredictionConfiguration = PredictionConfiguration()) -> BacktestReport {
        enum Slot: Hashable { case defaultMethod, rank, line }
        let samples = GaokaoData.errorSamples(data, configuration: configuration)
        // Each held-out year's model learns from earlier target years only.
        let rolling = ErrorModel.rolling(samples)
        var models: [Int: ErrorModel] = [:]
        var table: [String: [Slot: Accumulator]] = [:]
        var calibration: [String: Scores] = [:]
        for (key, list) in data.series where only == nil || only!.contains(key.province) {
            for series in list {
                for point in series.points {
                    guard let actual = point.minScore, let baseline = data.predictLastYear(series, year: point.year) else { continue }
                    let model = models[point.year] ?? {
                        let built = rolling[point.year] ?? ErrorModel.fitted(samples.filter { $0.year < point.year })
                        models[point.year] = built
                        return built
                    }()
                    let rank = data.predictByRank(series, year: point.year, configuration: configuration, model: model)
                    let line = data.predictByLineDifference(series, year: point.year, configuration: configuration, model: model)
                    let chosen = data.predict(series, year: point.year, configuration: configuration, model: model)
                    // Held out: only predictions whose spread was measured on earlier years count.
                    guard chosen?.calibrated == true else { continue }
                    let level = series.isVocational ? "专科" : "本科"
                    // Also by held-out year and by data age (target year − newest year used, 3 = "3 or more").
                    let age = Swift.min(3, point.year - (chosen?.years.first ?? point.year))
                    // 近年: the held-out 2021–2025 school-years (issue 28), per province and over all.
                    let recent = point.year >= GaokaoBacktest.recentYears.lowerBound ? [GaokaoBacktest.recent + series.province, GaokaoBacktest.recent + "全部"] : []
                    let groups = [series.province, "全部", "全部·" + level, "全部·\(point.year)", "全部·数据龄 \(age)"] + recent
                    for province in groups {
                        if let rank, rank.calibrated { table[province, default: [:]][.rank, default: Accumulator()].add(rank, baseline: baseline, actual: actual) }
                        if let line, line.calibrated { table[province, default: [:]][.line, default: Accumulator()].add(line, baseline: baseline, actual: actual) }
                        if let chosen { table[province, default: [:]][.defaultMethod, default: Accumulator()].add(chosen, baseline: baseline, actual: actual) }
                    }
                    guard let chosen, let forecast = data.forecast(series, year: point.year, method: chosen.method, model: model, configuration: configuration)
                    else { continue }
                    let target = data.table(province: series.province, year: point.year, category: series.category)
                    for offset in offsets {
                        let score = chosen.stable + offset
                        let chance = forecast.chance(score: score)
                        let deltaPrime: Double
                        if let center = forecast.centerRank, let target, let candidate = GaokaoData.rank(in: target, score: score) {
                            deltaPrime = (center - Double(candidate.rank)) / center
                        } else {
                            deltaPrime = Double(score - chosen.stable) / 100
                        }
                        let logistic = 1 / (1 + exp(-configuration.probabilitySlope * deltaPrime))
                        let lastYear = score >= baseline.stable ? 1.0 : 0.0
                        for province in groups {
                            calibration[province, default: Scores()].add(
                                chance: chance, lastYear: lastYear, logistic: logistic, admitted: actual <= score,
                                bucket: configuration.bucket(chance: chance))
                        }
                    }
                }
            }
        }
        var rows: [BacktestRow] = []
        let provinces = table.keys.filter { !$0.hasPrefix("全部") && !$0.hasPrefix(Self.recent) }.sorted() + table.keys.filter { $0.hasPrefix("全部") }.sorted()
            + table.keys.filter { $0.hasPrefix(Self.recent) }.sorted()
        for province in provinces {
            for (slot, method) in [(Slot.defaultMethod, PredictionMethod?.none), (.rank, .rank), (.line, .lineDifference)] {
                guard let accumulator = table[province]?[slot], accumulator.count > 0 else { continue }
                rows.append(accumulator.row(province: province, method: method, isDefault: slot == .defaultMethod))
            }
        }
        let calibrationRows = provinces.compactMap { calibration[$0]?.row(province: $0) }
        let overall = calibration["全部"] ?? Scores()
        let reliability = (0..<10).map { index in
            let model = overall.deciles[index], naive = overall.logisticDeciles[index]
            return ReliabilityRow(label: "\(index * 10)–\(index * 10 + 10)%", count: model.count, meanPredicted: model.meanPredicted,
                                  observed: model.observed, baselineCount: naive.count, baselineMeanPredicted: naive.meanPredicted,
                                  baselineObserved: naive.observed)
        }
        let bands = [configuration.riskyChance.lowerBound, configuration.stableChance.lowerBound, configuration.safeChance.lowerBound]
        let buckets = Bucket.allCases.enumerated().map { index, bucket in
            let bin = overall.buckets[index]
            return ReliabilityRow(label: "\(bucket.label.zh) \(bucket.label.en) ≥ \(Int(bands[index] * 100))%", count: bin.count,
                                  meanPredicted: bin.meanPredicted, observed: bin.observed, baselineCount: 0, baselineMeanPredicted: 0,
                                  baselineObserved: 0)
        }
        return BacktestReport(accuracy: rows, calibration: calibrationRows, reliability: reliability, buckets: buckets)
    }

    static func pct(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    /// The accuracy rows as a Markdown table.
    public static func markdown(_ rows: [BacktestRow]) -> String {
        var lines = [
            "| 省份 | 方法 method | n | MAE | ±5 | ±10 | ≤ 冒险 (20%) | ≤ 稳妥 (50%) | ≤ 保守 (80%) | in [冒险, 保守] (60%) | 去年线 baseline MAE | baseline ±10 | ΔMAE |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            let method = row.method.map { "\($0.label.zh) \($0.label.en)" } ?? "默认 default"
            lines.append(
                "| \(row.province) | \(method) | \(row.count) | \(String(format: "%.2f", row.meanAbsoluteError)) | \(pct(row.within5)) | \(pct(row.within10)) | \(pct(row.belowRisky)) | \(pct(row.belowStable)) | \(pct(row.belowSafe)) | \(pct(row.coverage)) | \(String(format: "%.2f", row.baselineMeanAbsoluteError)) | \(pct(row.baselineWithin10)) | \(String(format: "%+.2f", row.meanAbsoluteError - row.baselineMeanAbsoluteError)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The calibration, reliability and band tables as Markdown.
    public static func calibrationMarkdown(_ report: BacktestReport) -> String {
        var lines = [
            "| 省份 | positions | Brier | Brier 去年线 0/1 | Brier logistic §4G | worst decile gap |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for row in report.calibration {
            lines.append("| \(row.province) | \(row.count) | \(String(format: "%.4f", row.brier)) | \(String(format: "%.4f", row.lastYearBrier)) | \(String(format: "%.4f", row.logisticBrier)) | \(String(format: "%.1f pp", row.worstDecileGap * 100)) |")
        }
        lines += ["", "| 预测概率 decile | n | mean predicted | observed | gap | logistic n | logistic predicted | logistic observed |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for row in report.reliability {
            lines.append("| \(row.label) | \(row.count) | \(pct(row.meanPredicted)) | \(pct(row.observed)) | \(String(format: "%+.1f pp", (row.observed - row.meanPredicted) * 100)) | \(row.baselineCount) | \(pct(row.baselineMeanPredicted)) | \(pct(row.baselineObserved)) |")
        }
        lines += ["", "| band | n | mean predicted | observed |", "|---|---:|---:|---:|"]
        for row in report.buckets {
            lines.append("| \(row.label) | \(row.count) | \(pct(row.meanPredicted)) | \(pct(row.observed)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The year the timing plans for: a 2026 student (issue 28), on every (province, 科类, batch) with a 2026 table.
    static let timingYear = ExamYears.latestWithData

    /// Times `recommend` on the full data: `iterations` queries over every (province, 科类, batch) with
    /// school lines and scores across the range. Returns the sorted durations in milliseconds.
    public static func timeRecommendations(_ data: GaokaoData, iterations: Int = 2_000) -> [Double] {
        let keys = data.series.keys.filter { key in
            data.series[key]!.count >= 20 && data.table(province: key.province, year: timingYear, category: key.category) != nil
        }.sorted { ($0.province, $0.category, $0.batchStd) < ($1.province, $1.category, $1.batchStd) }
        guard !keys.isEmpty else { return [] }
        var durations: [Double] = []
        durations.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for index in 0..<iterations {
            let key = keys[index % keys.count]
            let maximum = data.maximumScore(province: key.province, year: timingYear)
            let score = maximum / 3 + (index * 37) % (maximum / 2)
            let tendency: Bucket? = index % 4 == 3 ? nil : Bucket.allCases[index % 3]
            var found = 0
            let elapsed = clock.measure {
                found = data.recommend(province: key.province, year: timingYear, category: key.category, batch: key.batchStd, score: score,
                                       tendency: tendency, targetProvince: index % 5 == 0 ? key.province : nil).items.count
            }
            if found < 0 { print(found) }
            durations.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return durations.sorted()
    }
}

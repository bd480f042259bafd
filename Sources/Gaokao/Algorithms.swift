import Foundation

/// Where a score falls in a 一分一段表.
public struct RankResult: Sendable, Hashable {
    /// The conventional 位次: `rank_cum` of the score's band.
    public var rank: Int
    /// The best rank in the band (`rank_best`).
    public var rankBest: Int
    /// 同分人数: candidates in the band (`count`).
    public var sameScoreCount: Int
    /// The band's scores (`score_low…score_high`; one score except aggregated top/tail bands).
    public var scoreLow: Int
    public var scoreHigh: Int
    /// Candidates in the whole table.
    public var candidates: Int
    /// True when the score is above the top band or below the last one (clamped).
    public var isOutsideTable: Bool
}

/// Thresholds of 学校推荐 and 投档线预测 (research §4 E and F). Defaults are the project defaults the note
/// synthesised from public conventions (§3.4); none is any one app's rule, so they are configurable.
public struct PredictionConfiguration: Sendable {
    /// k: how many of the latest earlier years a prediction uses (research §4 E: k ≤ 3).
    public var yearsUsed = 3
    /// Weights of the k years for the stable line, newest first (research §4 E: "optionally weighted
    /// 0.5/0.3/0.2"). `[1, 1, 1]` gives the plain mean. The backtest (`appsuite gaokao backtest`) measured the
    /// weighted form slightly better on every province, so it is the default.
    public var weights: [Double] = [0.5, 0.3, 0.2]
    /// A past 最低位次 is used only when it converts back to within this many points of that same year's
    /// 最低分 with that year's own table: a rank from another ranking list (上海 专科 ranks are on the 语数外
    /// list) would otherwise be converted on the wrong scale. nil disables the check.
    public var rankConsistencyTolerance: Int? = 10
    /// 专科 batches use 线差法 first: their lines sit in the thin tail of the 一分一段表 where a small rank shift
    /// is a large score shift, and many are the batch line itself (征集). The backtest shows the rank method
    /// far worse than 线差法 there (四川 专科批 MAE ≈ 75 vs ≈ 57 points).
    public var lineDifferenceFirstForVocational = true
    /// The bands of 录取概率 that define 冲/稳/保 (issues 17 and 28): a school is shown in a bucket only when its chance,
    /// as shown in whole percent, lies in that bucket's band. The bands start at the three predicted lines
    /// (``lineLevels``): 冲 20–50% (the score is between the 冒险 and the 稳妥 line), 稳 50–80% (at or above the
    /// median line, below the 保守 line), 保 ≥ 80% (at or above the 保守 line); below 20% is a long shot not worth a
    /// 志愿. So a school whose median predicted line is above the score is never 稳, as peers define it: 稳 = "the
    /// school's usual (average) rank is at or below yours" and 冲 = "about your rank, or above it"
    /// (aooedu.com/show/KYjJBxjY.html; wenkusou.cn/gzzl/gk/62050.html: 位次 in the middle of the school's range is 稳,
    /// near its edge 冲). gxscse.com/guizhouzhiyuan/1224190.html publishes higher bands (冲 40–79%, 稳 80–94%, 保
    /// 95–98%) without saying how its chances are measured; ours are measured (`appsuite gaokao backtest` shows the
    /// observed admission rate of each band per held-out year).
    public var riskyChance: Range<Double> = 0.20 ..< 0.50
    public var stableChance: Range<Double> = 0.50 ..< 0.80
    public var safeChance: ClosedRange<Double> = 0.80...1.0
    /// The levels of the 冒险/稳妥/保守 lines: the actual line is at or below each with this probability.
    public var lineLevels = (risky: 0.2, stable: 0.5, safe: 0.8)
    /// The logistic slope of the research note's probability (§4 G, after czt6666: ×9): the naive baseline of the
    /// backtest's calibration table.
    public var probabilitySlope = 9.0
    /// The share of 冲/稳/保 when all are asked for: 3:4:3 (research §3.4).
    public var mix = (risky: 3, stable: 4, safe: 3)

    public init() {}

    /// The bucket of a chance as it is shown, in whole percent (0.3496 is shown as 35%, so it is 稳, never a
    /// "冲 35%"); nil outside every band.
    public func bucket(chance: Double) -> Bucket? {
        let shown = Double(chance.wholePercent) / 100
        if safeChance.contains(shown) { return .safe }
        if stableChance.contains(shown) { return .stable }
        if riskyChance.contains(shown) { return .risky }
        return nil
    }

}

extension Double {
    /// A chance (0…1) in whole percent, as every page, the CSV and the API (two decimals) show it, and as
    /// ``PredictionConfiguration/bucket(chance:)`` bands it: 0.3496 → 35.
    var wholePercent: Int { Int((self * 100).rounded()) }
}

/// How a line was predicted.
public enum PredictionMethod: String, Sendable, CaseIterable {
    /// 位次法: past 最低位次 converted to this year's scores with this year's 一分一段表.
    case rank
    /// 线差法: past 线差 (line − 省控线) added to this year's 省控线.
    case lineDifference
    /// The student entered last year's line: converted with 等位分 (or kept as is without tables).
    case userLine
    /// The baseline of the backtest: the same as last year's line.
    case lastYear

    public var label: LocalizedLabel {
        switch self {
        case .rank: LocalizedLabel(zh: "位次法", en: "rank method")
        case .lineDifference: LocalizedLabel(zh: "线差法", en: "line-difference method")
        case .userLine: LocalizedLabel(zh: "自填投档线", en: "line you entered")
        case .lastYear: LocalizedLabel(zh: "沿用去年", en: "same as last year")
        }
    }
}

/// A Chinese and an English label (the Gaokao target does not need WebUI for its algorithms).
public struct LocalizedLabel: Sendable, Hashable {
    public var zh: String
    public var en: String
}

/// A predicted 投档线: 冒险 (risky, lowest) ≤ 稳妥 (stable) ≤ 保守 (safe, highest). When `calibrated`, they are
/// the 20/50/80% quantiles of the line (``PredictionConfiguration/lineLevels``): the actual line was at or below
/// each that often in the backtest's held-out years; otherwise (too few past errors to measure, or a line the
/// student entered) the lowest, weighted mean and highest of the years used.
public struct LinePrediction: Sendable, Hashable {
    public var risky: Int
    public var stable: Int
    public var safe: Int
    public var method: PredictionMethod
    /// The data years used, newest first.
    public var years: [Int]
    /// The rank of the `stable` line in the 一分一段表 of `rankTableYear` (its `rank_cum`), so rank and line are one
    /// prediction (issue 28); nil without that year's table.
    public var predictedRank: Int?
    public var calibrated = false
    /// The year of the 一分一段表 `predictedRank` comes from (the target year's).
    public var rankTableYear: Int? = nil
    /// The batch or group change that cut older years from this prediction (flagged on the pages).
    public var change: SeriesChange? = nil

    /// One year of data: shown as low confidence and sorted after better-supported predictions (issue 17).
    public var isLowConfidence: Bool { years.count <= 1 }
}

/// 冲 / 稳 / 保.
public enum Bucket: String, Sendable, CaseIterable {
    case risky, stable, safe

    public var label: LocalizedLabel {
        switch self {
        case .risky: LocalizedLabel(zh: "冲", en: "Reach")
        case .stable: LocalizedLabel(zh: "稳", en: "Match")
        case .safe: LocalizedLabel(zh: "保", en: "Safety")
        }
    }

    /// The tendency words of the 学校推荐 form (冒险/稳妥/保守).
    public var tendency: LocalizedLabel {
        switch self {
        case .risky: LocalizedLabel(zh: "冒险", en: "Risky")
        case .stable: LocalizedLabel(zh: "稳妥", en: "Steady")
        case .safe: LocalizedLabel(zh: "保守", en: "Safe")
        }
    }
}

/// One recommended school.
public struct Recommendation: Sendable {
    public var series: SchoolSeries
    /// The rank of `predictedScore` in the target year's 一分一段表 (`rank_cum` of its band): rank and line agree.
    public var predictedRank: Int?
    /// The median predicted line (the 稳妥 line): the lowest score whose shown chance is at least 50%.
    public var predictedScore: Int
    /// Candidate score − predicted line (positive: the student is above the line).
    public var gap: Int
    /// Estimated 录取概率, 0…1: the share of past predictions with the same ``SpreadKey`` whose actual line came
    /// out at or below the student's score (an estimate measured on the data, not a promise).
    public var probability: Double
    public var bucket: Bucket
    public var method: PredictionMethod
    /// The data years used, newest first.
    public var years: [Int]
    /// The year of the 一分一段表 that converts between rank and line.
    public var rankTableYear: Int?
    /// The change that cut older years (``SeriesChange``), for the page's flag.
    public var change: SeriesChange?
    /// The group's 选科 requirement where published, and its year.
    public var requirement: (requirement: SubjectRequirement, year: Int)?

    /// Years from the newest data year used to the student's year (上海 2026 picks predicted from 2018–2020: 6).
    public var dataAge = 0

    /// One year of data, or data two or more years older than the student's year (the data-age warning's threshold;
    /// tester pass 11, finding 15: 上海 2026 picks from 2018–2020 only were not flagged): labelled low confidence and
    /// sorted after better-supported picks (issue 17).
    public var isLowConfidence: Bool { years.count <= 1 || dataAge >= 2 }
}

/// What a recommendation query found, and when it found nothing, why (issue 28: never an empty list without a word).
public struct RecommendationResult: Sendable {
    public var candidateRank: RankResult?
    public var items: [Recommendation]
    /// Schools (or groups) considered in the batch before bucketing.
    public var considered: Int
    /// Of them: no longer filed in this batch or group (``SeriesChange``), not predictable (no usable earlier year, or
    /// a school-level line of a school with group lines where the province fills by group), left out by the student's 选科, and predicted outside
    /// every band.
    public var retired = 0
    public var unpredictable = 0
    public var excludedBySubjects = 0
    public var outsideBands = 0
    /// The years with lines in this batch (any 科类 series of it), newest first.
    public var lineYears: [Int] = []
    /// How many were predicted inside each band before the list was cut to `requested` (``tendency`` nil: the mix).
    public var inBands: [Bucket: Int] = [:]
    /// How many reached the 选科 check (not retired, not a school line beside group lines), and of them how many
    /// have no published 选科 requirement (kept whatever the subjects).
    public var subjectsChecked = 0
    public var withoutRequirement = 0
    /// Whether a 选科 filter was applied.
    public var filteredBySubjects = false
    public var requested = 0
    public var tendency: Bucket?
}

/// The mean of `values` (newest first) weighted by the first `values.count` weights; the plain mean when
/// the weights run out.
func weightedMean(_ values: [Int], _ weights: [Double]) -> Double {
    guard weights.count >= values.count else { return Double(values.reduce(0, +)) / Double(values.count) }
    let used = weights.prefix(values.count)
    return zip(values, used).reduce(0) { $0 + Double($1.0) * $1.1 } / used.reduce(0, +)
}

/// Rounds half up (research §4 E: `round_half_up(mean)`).
@inline(__always)
func roundHalfUp(_ value: Double) -> Int { Int((value + 0.5).rounded(.down)) }

extension GaokaoData {
    // MARK: A. score → rank

    /// **score → 位次** (research §4 A): `rank(P,Y,C,s)` = `rank_cum` of the band with
    /// `score_low ≤ s ≤ score_high`; above the top band → that band's `rank_best` (1); below the last band →
    /// the last `rank_cum` (everyone). Also returns `rank_best` and `count` (同分人数). Data: score_rank.csv
    /// (百度高考 一分一段, via `mcp-gaokao-rank`). Nil when the province, year and 科类 have no table.
    public func rank(province: String, year: Int, category: String, score: Int) -> RankResult? {
        guard let table = table(province: province, year: year, category: category) else { return nil }
        return Self.rank(in: table, score: score)
    }

    static func rank(in table: ScoreTable, score: Int) -> RankResult? {
        let bands = table.bands
        guard let first = bands.first, let last = bands.last else { return nil }
        if score > first.scoreHigh {
            return RankResult(rank: first.rankBest, rankBest: first.rankBest, sameScoreCount: 0, scoreLow: first.scoreHigh,
                              scoreHigh: first.scoreHigh, candidates: table.candidates, isOutsideTable: true)
        }
        if score < last.scoreLow {
            return RankResult(rank: last.rankCum, rankBest: last.rankCum, sameScoreCount: 0, scoreLow: last.scoreLow,
                              scoreHigh: last.scoreLow, candidates: table.candidates, isOutsideTable: true)
        }
        // Binary search on descending score_high: the first band with score_high < score, minus one.
        var low = 0
        var high = bands.count
        while low < high {
            let mid = (low + high) / 2
            if bands[mid].scoreLow > score { low = mid + 1 } else { high = mid }
        }
        let band = bands[Swift.min(low, bands.count - 1)]
        return RankResult(rank: band.rankCum, rankBest: band.rankBest, sameScoreCount: band.count, scoreLow: band.scoreLow,
                          scoreHigh: band.scoreHigh, candidates: table.candidates, isOutsideTable: false)
    }

    // MARK: B. rank → score

    /// **位次 → score** (research §4 B): `score_low` of the first band (descending) whose `rank_cum ≥ r`;
    /// beyond the last band, the last `score_low`.
    static func score(in table: ScoreTable, rank: Int) -> Int {
        let bands = table.bands
        var low = 0
        var high = bands.count
        while low < high {
            let mid = (low + high) / 2
            if bands[mid].rankCum < rank { low = mid + 1 } else { high = mid }
        }
        return low < bands.count ? bands[low].scoreLow : (bands.last?.scoreLow ?? 0)
    }

    /// `score(P,Y,C,r)` (research §4 B); nil without a table.
    public func score(province: String, year: Int, category: String, rank: Int) -> Int? {
        table(province: province, year: year, category: category).map { Self.score(in: $0, rank: rank) }
    }

    // MARK: C. 等位分

    /// **等位分** (research §4 C): `eq(s; Y→Y′) = score(P,Y′,C, rank(P,Y,C,s))`. Across a reform year the
    /// 科类 maps 理科→物理类 and 文科→历史类 (`mappedCategory` is then set: the lists are different
    /// populations, so the UI warns). Nil when either table is missing.
    public func equivalentScore(province: String, category: String, score: Int, fromYear: Int, toYear: Int)
        -> (score: Int, rank: RankResult, toCategory: String, mappedCategory: Bool)?
    {
        guard let from = rank(province: province, year: fromYear, category: category, score: score) else { return nil }
        if let target = table(province: province, year: toYear, category: category) {
            return (Self.score(in: target, rank: from.rank), from, category, false)
        }
        if let other = CategoryMapping.counterpart(of: category), let target = table(province: province, year: toYear, category: other) {
            return (Self.score(in: target, rank: from.rank), from, other, true)
        }
        return nil
    }

    // MARK: D. 线差

    /// **批次控制线** `ctl(P,Y,C,B)` (research §4 D) from control_lines.csv on `batch_std`, falling back to the
    /// published batch name. When the batch no longer exists that year: 本科一批 → 特殊类型招生控制线 (the
    /// "一本线" of merged provinces), 本科二批 → 本科批.
    public func controlLine(province: String, year: Int, category: String, batch: String) -> Int? {
        Self.pickControlLine(controlLines(province: province, year: year, category: category), batch: batch)
    }

    /// The rule of ``controlLine(province:year:category:batch:)`` applied to one (province, year, 科类)'s lines.
    static func pickControlLine(_ lines: [ControlLine], batch: String) -> Int? {
        if lines.isEmpty { return nil }
        let std = BatchNames.standard(batch)
        if let line = lines.first(where: { $0.batch == batch }) ?? lines.first(where: { $0.batchStd == std }) { return line.score }
        switch std {
        case "本科一批": return lines.first { $0.batchStd == "特殊类型招生控制线" }?.score
        case "本科二批": return lines.first { $0.batchStd == "本科批" }?.score
        default: return nil
        }
    }

    // MARK: E. 投档线预测

    /// **投档线预测** (research §4 E) for a school series and target year `year`, from the last k ≤ 3 earlier
    /// years only:
    /// - 位次法 (default, when past 最低位次 and this year's 一分一段表 exist): the predicted rank is the weighted mean
    ///   of the past 最低位次 (0.5/0.3/0.2 newest first); ranks that do not match their own year's table are skipped
    ///   (``PredictionConfiguration/rankConsistencyTolerance``).
    /// - 线差法 (fallback: no ranks, e.g. 湖南, or no table): this year's 省控线 + the weighted mean past 线差.
    /// risky/stable/safe are the 20/50/80% quantiles of the line from the measured errors of past predictions with
    /// the same method, province, years used, data age and volatility (``ErrorModel``); without enough of them, the
    /// lowest, weighted mean and highest of the years (one year: risky = stable = safe). 专科 batches try 线差法
    /// first (see ``PredictionConfiguration/lineDifferenceFirstForVocational``). Nil when neither method has data.
    public func predict(_ series: SchoolSeries, year: Int, configuration: PredictionConfiguration = PredictionConfiguration())
        -> LinePrediction?
    {
        predict(series, year: year, configuration: configuration, model: errorModel)
    }

    func predict(_ series: SchoolSeries, year: Int, configuration: PredictionConfiguration, model: ErrorModel) -> LinePrediction? {
        if configuration.lineDifferenceFirstForVocational, series.isVocational {
            return predictByLineDifference(series, year: year, configuration: configuration, model: model)
                ?? predictByRank(series, year: year, configuration: configuration, model: model)
        }
        if let prediction = predictByRank(series, year: year, configuration: configuration, model: model) { return prediction }
        return predictByLineDifference(series, year: year, configuration: configuration, model: model)
    }

    /// The last k earlier years with a usable 最低位次, newest first: a rank that converts back to its own year's
    /// 最低分 within ``PredictionConfiguration/rankConsistencyTolerance`` (when both are published), or, for a year
    /// without a table here, a rank with a published basis (``SeriesPoint/rankBasis``).
    /// Only points since the series' last batch or group change count (``SchoolSeries/availability(before:)``).
    func rankPoints(_ series: SchoolSeries, before year: Int, configuration: PredictionConfiguration) -> [(year: Int, rank: Int)] {
        guard case .usable(let from, _) = series.availability(before: year) else { return [] }
        var result: [(year: Int, rank: Int)] = []
        forEachRankPoint(series, before: year, from: from, configuration: configuration) { result.append(($0, $1)) }
        return result
    }

    /// ``rankPoints(_:before:configuration:)`` one at a time, newest first, from year `from` on, without building the array.
    @inline(__always)
    func forEachRankPoint(_ series: SchoolSeries, before year: Int, from: Int?, configuration: PredictionConfiguration, _ body: (Int, Int) -> Void) {
        var count = 0
        for point in series.points.reversed() where point.year < year && point.year >= from ?? .min {
            guard let rank = point.minRank else { continue }
            if let tolerance = configuration.rankConsistencyTolerance, let score = point.minScore {
                if let own = point.ownYearScore {
                    guard abs(own - score) <= tolerance else { continue }
                } else {
                    // No table of that year here (广东, 甘肃, 陕西, 内蒙古 2025): the check cannot run, and only a rank
                    // the 2021–2025 collection took from the authority (`native`) or derived with the official table
                    // (`score-derived`) is used. Without this, 广东's 2025 院校专业组 lines predicted nothing.
                    guard point.rankBasis != nil else { continue }
                }
            }
            body(point.year, rank)
            count += 1
            if count == configuration.yearsUsed { break }
        }
    }

    /// The 20/50/80% lines of a forecast (``Forecast/line(atLeast:)``: in order by construction) and the rank of the
    /// 50% line in the target year's table.
    func calibratedPrediction(_ forecast: Forecast, method: PredictionMethod, configuration: PredictionConfiguration) -> LinePrediction {
        let risky = forecast.line(atLeast: configuration.lineLevels.risky)
        let stable = forecast.line(atLeast: configuration.lineLevels.stable)
        let safe = forecast.line(atLeast: configuration.lineLevels.safe)
        return LinePrediction(risky: risky, stable: stable, safe: safe, method: method, years: forecast.years,
                              predictedRank: forecast.table.flatMap { Self.rank(in: $0, score: stable)?.rank }, calibrated: true,
                              rankTableYear: forecast.table?.year, change: forecast.change)
    }

    /// 位次法 only (research §4 E, first method).
    public func predictByRank(_ series: SchoolSeries, year: Int, configuration: PredictionConfiguration = PredictionConfiguration())
        -> LinePrediction?
    {
        predictByRank(series, year: year, configuration: configuration, model: errorModel)
    }

    func predictByRank(_ series: SchoolSeries, year: Int, configuration: PredictionConfiguration, model: ErrorModel) -> LinePrediction? {
        if let forecast = forecast(series, year: year, method: .rank, model: model, configuration: configuration) {
            return calibratedPrediction(forecast, method: .rank, configuration: configuration)
        }
        guard let table = table(province: series.province, year: year, category: series.category) else { return nil }
        let points = rankPoints(series, before: year, configuration: configuration)
        guard !points.isEmpty, points.allSatisfy({ $0.rank <= table.candidates }) else { return nil }
        let scores = points.map { Self.score(in: table, rank: $0.rank) }
        let stable = roundHalfUp(weightedMean(scores, configuration.weights))
        return LinePrediction(risky: scores.min()!, stable: stable, safe: scores.max()!, method: .rank, years: points.map(\.year),
                              predictedRank: Self.rank(in: table, score: stable)?.rank, rankTableYear: table.year,
                              change: series.change(before: year))
    }

    /// 线差法 only (research §4 D/E, fallback method).
    public func predictByLineDifference(
        _ series: SchoolSeries, year: Int, configuration: PredictionConfiguration = PredictionConfiguration()
    ) -> LinePrediction? {
        predictByLineDifference(series, year: year, configuration: configuration, model: errorModel)
    }

    func predictByLineDifference(_ series: SchoolSeries, year: Int, configuration: PredictionConfiguration, model: ErrorModel) -> LinePrediction? {
        guard let line = controlLine(province: series.province, year: year, category: series.category, batch: series.batch)
        else { return nil }
        if let forecast = forecast(series, year: year, method: .lineDifference, model: model, configuration: configuration, line: line) {
            return calibratedPrediction(forecast, method: .lineDifference, configuration: configuration)
        }
        guard case .usable(let from, let change) = series.availability(before: year) else { return nil }
        var diffs: [Int] = []
        var years: [Int] = []
        for point in series.points.reversed() where point.year < year && point.year >= from ?? .min {
            guard let score = point.minScore, let control = point.controlLine else { continue }
            diffs.append(score - control)
            years.append(point.year)
            if years.count == configuration.yearsUsed { break }
        }
        guard !diffs.isEmpty else { return nil }
        let stable = line + roundHalfUp(weightedMean(diffs, configuration.weights))
        let table = table(province: series.province, year: year, category: series.category)
        return LinePrediction(risky: line + diffs.min()!, stable: stable, safe: line + diffs.max()!, method: .lineDifference, years: years,
                              predictedRank: table.flatMap { Self.rank(in: $0, score: stable)?.rank }, rankTableYear: table?.year, change: change)
    }

    /// The baseline of the backtest: this year's line = the latest earlier year's line.
    public func predictLastYear(_ series: SchoolSeries, year: Int) -> LinePrediction? {
        guard let point = series.points.last(where: { $0.year < year && $0.minScore != nil }), let score = point.minScore else {
            return nil
        }
        return LinePrediction(risky: score, stable: score, safe: score, method: .lastYear, years: [point.year], predictedRank: nil)
    }

    /// **A line the student entered** (where the data has no line for the school): `line` was the school's line
    /// in `lineYear`; with both 一分一段表 it becomes this year's score at the same rank (等位分, research §4 C),
    /// otherwise `ctl(Y) + (line − ctl(lineYear))` (线差, §4 D), otherwise the line itself. One year: risky =
    /// stable = safe.
    public func predictFromUserLine(
        province: String, category: String, batch: String, line: Int, lineYear: Int, year: Int
    ) -> LinePrediction {
        var value = line
        if let equivalent = equivalentScore(province: province, category: category, score: line, fromYear: lineYear, toYear: year),
            !equivalent.mappedCategory
        {
            value = equivalent.score
        } else if let now = controlLine(province: province, year: year, category: category, batch: batch),
            let then = controlLine(province: province, year: lineYear, category: category, batch: batch)
        {
            value = now + (line - then)
        }
        return LinePrediction(risky: value, stable: value, safe: value, method: .userLine, years: [lineYear], predictedRank: nil)
    }
}

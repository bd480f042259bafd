import Foundation

/// What the error of a line prediction depends on (issue 17, measured by the backtest): the method, the home
/// province, 本科 or 专科, how many past years it used, how old the newest of them is, how much they disagree
/// and, for 位次法, how good the school's rank is. A field is nil at a coarser level of ``ErrorModel``.
struct SpreadKey: Hashable, Sendable {
    var method: PredictionMethod
    var province: String?
    var vocational: Bool
    var yearsUsed: Int?
    /// Target year − newest year used, 3 meaning "3 or more".
    var age: Int?
    /// 位次法: the largest past rank over the smallest > 1.25; 线差法: the past 线差 spread > 10 points. Nil with one year.
    var volatile: Bool?
    /// 位次法: 0 for a predicted rank better than 2,000, 1 to 20,000, 2 beyond; 0 for 线差法.
    var tier: Int?

    /// The levels tried from the finest to the coarsest until one has enough samples.
    func levels() -> [SpreadKey] {
        var key = self
        var result = [key]
        key.province = nil
        result.append(key)
        key.tier = nil
        result.append(key)
        key.volatile = nil
        result.append(key)
        key.age = nil
        result.append(key)
        key.yearsUsed = nil
        result.append(key)
        return result
    }
}

/// An empirical distribution kept as at most 1,001 quantile points of the sorted samples.
struct Distribution: Sendable {
    let points: [Double]
    /// Samples behind it.
    let count: Int

    /// `count`: the samples behind `values` when they are derived from fewer (default: their number).
    init(sorted values: [Double], count: Int? = nil) {
        self.count = count ?? values.count
        if values.count <= 1_001 {
            points = values
        } else {
            let last = Double(values.count - 1)
            points = (0...1_000).map { values[Int((Double($0) / 1_000 * last).rounded())] }
        }
    }

    /// The share of samples ≤ `value`.
    func share(atMost value: Double) -> Double {
        var low = 0
        var high = points.count
        while low < high {
            let mid = (low + high) / 2
            if points[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return Double(low) / Double(points.count)
    }

    /// The share of samples ≥ `value`.
    func share(atLeast value: Double) -> Double {
        var low = 0
        var high = points.count
        while low < high {
            let mid = (low + high) / 2
            if points[mid] < value { low = mid + 1 } else { high = mid }
        }
        return Double(points.count - low) / Double(points.count)
    }

    /// The `level` quantile (0…1).
    func quantile(_ level: Double) -> Double {
        points[Swift.min(points.count - 1, Swift.max(0, Int((level * Double(points.count - 1)).rounded())))]
    }
}

/// One measured error: 位次法 the actual 最低位次 ÷ the predicted rank; 线差法 the actual line − the predicted line.
struct ErrorSample: Sendable {
    var key: SpreadKey
    /// The target year (the backtest trains on earlier years only).
    var year: Int
    var value: Double
}

/// The spread of past prediction errors by ``SpreadKey``: where a line is likely to fall, and so the chance that
/// a score reaches it. Built from every school-year of the data, predicted from earlier years only at data ages
/// 1, 2 and 3 (issue 17: intervals widen with volatility and data age because the errors do). Each stratum is the
/// school-level error plus a province-year shock learned across provinces (``ProvinceYearShocks``), its sides
/// then scaled by the ``ConformalWidths`` fitted on the errors of earlier target years (``fitted(_:)``).
struct ErrorModel: Sendable {
    /// The strata before the conformal widths (their errors are the scores of ``ConformalWidths``).
    private var base: [SpreadKey: Distribution] = [:]
    private var strata: [SpreadKey: Distribution] = [:]
    /// A level is used only with at least this many samples.
    static let minimumSamples = 300
    /// Larger strata are subsampled evenly to about this many.
    static let maximumSamples = 20_000

    /// The base model of `samples` (no conformal widths).
    init(samples: [ErrorSample]) {
        var finest: [SpreadKey: [YearError]] = [:]
        for sample in samples { finest[sample.key, default: []].append(YearError(year: sample.year, value: sample.value)) }
        self.init(finest: finest)
    }

    /// From the samples already grouped by their finest key: each stratum is its school-level errors (the
    /// province-year shocks taken out) combined with the shocks of every province (``ProvinceYearShocks``), taken at
    /// the coarsest of its levels with enough samples. `serving` (nil: every stratum) builds only the strata that
    /// ``baseDistribution(for:)`` reaches from those keys: the rolling fit scores a year's samples with a model of the
    /// years before it, and building every stratum of each of those models was most of a snapshot's time.
    private init(finest: [SpreadKey: [YearError]], serving wanted: Set<SpreadKey>? = nil) {
        let shocks = ProvinceYearShocks(finest)
        let levels = finest.keys.map { ($0, $0.levels()) }
        // The level each stratum is built from: the last one where it has enough samples (a key of one year used has
        // no `volatile`, so its stratum comes up at two levels, the second holding more samples).
        var sources: [SpreadKey: Int] = [:]
        for level in 0..<6 {
            var counts: [SpreadKey: Int] = [:]
            for (key, keyLevels) in levels { counts[keyLevels[level], default: 0] += finest[key]!.count }
            for (key, count) in counts where count >= Self.minimumSamples { sources[key] = level }
        }
        if let wanted {
            var reached: [SpreadKey: Int] = [:]
            for key in wanted {
                if let stratum = key.levels().first(where: { sources[$0] != nil }) { reached[stratum] = sources[stratum] }
            }
            sources = reached
        }
        var within: [SpreadKey: [Double]] = [:]
        // One level at a time keeps the memory to one more copy of the samples.
        for level in 0..<6 {
            var grouped: [SpreadKey: [Double]] = [:]
            for (key, keyLevels) in levels where sources[keyLevels[level]] == level {
                if within[key] == nil { within[key] = shocks.within(key, finest[key]!) }
                grouped[keyLevels[level], default: []].append(contentsOf: within[key]!)
            }
            for (key, values) in grouped {
                // An even subsample of a large stratum has the same quantiles to well under a point and sorts fast.
                let step = values.count / Self.maximumSamples + 1
                let kept = step == 1 ? values : stride(from: 0, to: values.count, by: step).map { values[$0] }
                base[key] = shocks.spread(within: Distribution(sorted: kept.sorted()), method: key.method, vocational: key.vocational)
            }
        }
        strata = base
    }

    /// Every stratum with its sides scaled by `widths`.
    private mutating func widen(_ widths: ConformalWidths) {
        strata = base.reduce(into: [:]) { result, entry in result[entry.key] = widths.widen(entry.value, stratum: entry.key) }
    }

    /// The finest level with enough samples; nil when even the coarsest has too few.
    func distribution(for key: SpreadKey) -> Distribution? {
        for level in key.levels() { if let found = strata[level] { return found } }
        return nil
    }

    /// The base distribution of the finest level with enough samples.
    private func baseDistribution(for key: SpreadKey) -> Distribution? {
        for level in key.levels() { if let found = base[level] { return found } }
        return nil
    }

    /// The app's model: every year of `samples`, widened by the scores of every year, each judged by the base
    /// model of the years before it.
    static func fitted(_ samples: [ErrorSample]) -> ErrorModel { rolling(samples, final: true).final! }

    /// Rolling origin (the backtest): for each target year of `samples`, the model trained on the earlier years,
    /// widened by the scores of the earlier years only. The years are added in order to one grouping, so each
    /// sample is hashed once however many years there are.
    static func rolling(_ samples: [ErrorSample]) -> [Int: ErrorModel] { rolling(samples, final: false).models }

    private static func rolling(_ samples: [ErrorSample], final: Bool) -> (models: [Int: ErrorModel], final: ErrorModel?) {
        var byYear: [Int: [ErrorSample]] = [:]
        for sample in samples { byYear[sample.year, default: []].append(sample) }
        var models: [Int: ErrorModel] = [:]
        var finest: [SpreadKey: [YearError]] = [:]
        var scores: [ConformalWidths.Key: [ConformalWidths.Score]] = [:]
        for year in byYear.keys.sorted() {
            // Scoring needs only the strata this year's samples reach; the backtest predicts with every stratum.
            var model = ErrorModel(finest: finest, serving: final ? Set(byYear[year]!.map(\.key)) : nil)
            // Scoring needs the base model only; the widths of a year's own model matter only to the backtest.
            if !final { model.widen(ConformalWidths(scores: scores)) }
            for sample in byYear[year]! {
                if let base = model.baseDistribution(for: sample.key),
                    let score = ConformalWidths.score(sample.value, base: base, method: sample.key.method)
                {
                    scores[ConformalWidths.key(sample.key), default: []].append(score)
                }
                finest[sample.key, default: []].append(YearError(year: sample.year, value: sample.value))
            }
            if !final { models[year] = model }
        }
        guard final else { return (models, nil) }
        var model = ErrorModel(finest: finest)
        model.widen(ConformalWidths(scores: scores))
        return (models, model)
    }
}

/// A line prediction with its measured spread: the chance that a score reaches the line and the line's quantiles.
struct Forecast: Sendable {
    var key: SpreadKey
    var distribution: Distribution
    /// 位次法: the predicted rank (weighted mean of the past 最低位次). `table` is the target year's 一分一段表 (both
    /// methods: it converts the predicted line to a rank).
    var centerRank: Double?
    var table: ScoreTable?
    /// 线差法: this year's 省控线 + the weighted mean past 线差.
    var centerLine: Double?
    var years: [Int]
    /// The change that cut older years of the series (``SchoolSeries/availability(before:)``).
    var change: SeriesChange? = nil

    /// P(the line ≤ `score`): 位次法 P(actual rank ≥ the best rank of the score's band); 线差法 P(residual ≤ score − center).
    func chance(score: Int) -> Double {
        if let centerRank, let table, let band = GaokaoData.rank(in: table, score: score) {
            return distribution.share(atLeast: Double(band.rankBest) / centerRank)
        }
        guard let centerLine else { return 0 }
        return distribution.share(atMost: Double(score) - centerLine)
    }

    /// The lowest score whose chance, in whole percent as it is shown, reaches `level` (0.2 → 20%): the line that the
    /// actual line is at or below with that probability. Because the chance grows with the score, a score is at or
    /// above this line exactly when its shown chance is at least `level` — the 冲/稳/保 bands and the lines shown can
    /// never disagree (issue 28). The highest score searched when the chance never gets there.
    func line(atLeast level: Double) -> Int {
        let target = Int((level * 100).rounded())
        var low: Int
        var high: Int
        if let table, centerRank != nil {
            low = Swift.max(0, (table.bands.last?.scoreLow ?? 0) - 1)
            high = table.topScore + 1
        } else {
            let center = Int((centerLine ?? 0).rounded())
            low = Swift.max(0, center - 400)
            high = center + 400
        }
        // The first score in low…high whose shown chance reaches the target.
        while low < high {
            let mid = (low + high) / 2
            if chance(score: mid).wholePercent >= target { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension GaokaoData {
    /// The 位次法 inputs for target `year` from the points before `asOf`: the weighted mean rank, the key.
    func rankCenter(_ series: SchoolSeries, year: Int, asOf: Int, configuration: PredictionConfiguration)
        -> (center: Double, key: SpreadKey, years: [Int])?
    {
        guard case .usable(let from, _) = series.availability(before: asOf) else { return nil }
        var ranks: [Int] = []
        var years: [Int] = []
        forEachRankPoint(series, before: asOf, from: from, configuration: configuration) { ranks.append($1); years.append($0) }
        guard let newest = years.first else { return nil }
        let center = weightedMean(ranks, configuration.weights)
        guard center > 0 else { return nil }
        let tier = center < 2_000 ? 0 : center < 20_000 ? 1 : 2
        let volatile: Bool? = ranks.count < 2 ? nil : Double(ranks.max()!) / Double(Swift.max(1, ranks.min()!)) > 1.25
        let key = SpreadKey(method: .rank, province: series.province, vocational: series.isVocational,
                            yearsUsed: ranks.count, age: Swift.min(3, year - newest), volatile: volatile, tier: tier)
        return (center, key, years)
    }

    /// The 线差法 inputs for target `year` from the points before `asOf`: this year's line + the weighted mean 线差.
    func lineCenter(_ series: SchoolSeries, year: Int, asOf: Int, line: Int, configuration: PredictionConfiguration)
        -> (center: Double, key: SpreadKey, years: [Int])?
    {
        guard case .usable(let from, _) = series.availability(before: asOf) else { return nil }
        var diffs: [Int] = []
        var years: [Int] = []
        for point in series.points.reversed() where point.year < asOf && point.year >= from ?? .min {
            guard let score = point.minScore, let control = point.controlLine else { continue }
            diffs.append(score - control)
            years.append(point.year)
            if years.count == configuration.yearsUsed { break }
        }
        guard let newest = years.first else { return nil }
        let volatile: Bool? = diffs.count < 2 ? nil : diffs.max()! - diffs.min()! > 10
        let key = SpreadKey(method: .lineDifference, province: series.province, vocational: series.isVocational,
                            yearsUsed: diffs.count, age: Swift.min(3, year - newest), volatile: volatile, tier: 0)
        return (Double(line) + weightedMean(diffs, configuration.weights), key, years)
    }

    /// Every measured error of the data: each school-year with a published line, predicted by each method from
    /// the years before it, before it minus one and before it minus two (data ages 1, 2, 3+).
    static func errorSamples(_ data: GaokaoData, configuration: PredictionConfiguration) -> [ErrorSample] {
        var samples: [ErrorSample] = []
        for list in data.series.values {
            for series in list {
                for point in series.points {
                    let rankTable = data.table(province: series.province, year: point.year, category: series.category)
                    let line = point.minScore == nil ? nil
                        : data.controlLine(province: series.province, year: point.year, category: series.category, batch: series.batch)
                    for age in 1...3 {
                        let asOf = point.year - age + 1
                        if rankTable != nil, let actual = point.minRank, let found = data.rankCenter(series, year: point.year, asOf: asOf, configuration: configuration),
                            found.key.age == age
                        {
                            samples.append(ErrorSample(key: found.key, year: point.year, value: Double(actual) / found.center))
                        }
                        if let line, let actual = point.minScore,
                            let found = data.lineCenter(series, year: point.year, asOf: asOf, line: line, configuration: configuration),
                            found.key.age == age
                        {
                            samples.append(ErrorSample(key: found.key, year: point.year, value: Double(actual) - found.center))
                        }
                    }
                }
            }
        }
        return samples
    }

    /// The forecast of a series for target `year` by `method` with `model`; nil when the method has no data.
    func forecast(_ series: SchoolSeries, year: Int, method: PredictionMethod, model: ErrorModel, configuration: PredictionConfiguration,
                  line: Int?? = nil) -> Forecast?
    {
        switch method {
        case .rank:
            // A predicted rank beyond the table's last band cannot be converted: some 2025–2026 tables stop at the 本科
            // line (江苏 2025 物理类 at 463), and the 专科 groups clamped to their bottom were off by tens of points.
            guard let table = table(province: series.province, year: year, category: series.category),
                let found = rankCenter(series, year: year, asOf: year, configuration: configuration), found.center <= Double(table.candidates),
                let distribution = model.distribution(for: found.key)
            else { return nil }
            return Forecast(key: found.key, distribution: distribution, centerRank: found.center, table: table, centerLine: nil, years: found.years,
                            change: series.change(before: year))
        case .lineDifference:
            let control = line ?? controlLine(province: series.province, year: year, category: series.category, batch: series.batch)
            guard let control, let found = lineCenter(series, year: year, asOf: year, line: control, configuration: configuration),
                let distribution = model.distribution(for: found.key)
            else { return nil }
            // The target year's table converts the predicted line to a rank (nil without one).
            return Forecast(key: found.key, distribution: distribution, centerRank: nil,
                            table: table(province: series.province, year: year, category: series.category), centerLine: found.center,
                            years: found.years, change: series.change(before: year))
        case .userLine, .lastYear:
            return nil
        }
    }
}

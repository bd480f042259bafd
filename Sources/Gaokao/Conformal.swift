import Foundation

/// **Conformal widths** (issue 17, split-conformal on the method's own past errors): the 20% and 80% lines of the
/// session-6 model covered 21.5% and 70.4% held out — the spread learned from the training years was too narrow on
/// the side where lines rose, most of all for models that had seen few years.
///
/// Method, in the error's additive scale (线差法: points; 位次法: the logarithm of actual ÷ predicted rank):
/// 1. a **score** is one measured error e of target year t judged by the base ``ErrorModel`` trained on the years
///    before t (never on t itself): with that stratum's median m and 20%/80% quantiles q₂₀, q₈₀, the standardised
///    residuals are u = (e − m) / (q₈₀ − m) for the upper side and l = (e − m) / (m − q₂₀) for the lower side;
/// 2. a model for target year Y uses the scores of the years before Y only; its factors are λ₊ = the 80% quantile
///    of u and λ₋ = −(the 20% quantile of l), so that on those earlier years the line m + λ₊(q₈₀ − m) has exactly
///    80% of the errors at or below it and m − λ₋(m − q₂₀) exactly 20%;
/// 3. every point p of a stratum's distribution becomes m + λ(p − m), λ₊ above the median and λ₋ below it: the
///    median (the 稳妥 line) stays, each side widens or narrows by its own factor, and chances follow the same
///    distribution as the lines;
/// 4. factors are fitted per method, 本科/专科 and data age (target year − newest year used, 3 = "3 or more"),
///    falling back to method and 本科/专科, then to the method, when a level has fewer than ``minimumScores``
///    scores; with none at all the factors are 1 (the base model).
/// The constants (the 20/80% levels, the levels, 300 scores) were fixed before the backtest run reported in
/// bench/gaokao/results-issue17.md.
struct ConformalWidths: Sendable {
    struct Key: Hashable, Sendable {
        var method: PredictionMethod
        var vocational: Bool?
        var age: Int?

        /// From the finest to the coarsest.
        func levels() -> [Key] {
            [self, Key(method: method, vocational: vocational, age: nil), Key(method: method, vocational: nil, age: nil)]
        }
    }

    /// The standardised residuals of one error (step 1).
    struct Score: Sendable {
        var upper: Double
        var lower: Double
    }

    /// A level's factors are fitted only from at least this many scores.
    static let minimumScores = 300
    /// The levels whose lines the factors make exact on the earlier years.
    static let lowerLevel = 0.2
    static let upperLevel = 0.8
    /// Factors are kept at least this large so a distribution stays ordered.
    static let smallestFactor = 0.1

    private var factors: [Key: (lower: Double, upper: Double)] = [:]

    /// No scores: every factor 1.
    init() {}

    /// From the scores of earlier years grouped by their finest key (method, 本科/专科, data age).
    init(scores: [Key: [Score]]) {
        var grouped: [Key: [Score]] = [:]
        for (key, list) in scores {
            for level in key.levels() { grouped[level, default: []].append(contentsOf: list) }
        }
        for (key, list) in grouped where list.count >= Self.minimumScores {
            let upper = Self.quantile(list.map(\.upper), Self.upperLevel)
            let lower = -Self.quantile(list.map(\.lower), Self.lowerLevel)
            factors[key] = (Swift.max(Self.smallestFactor, lower), Swift.max(Self.smallestFactor, upper))
        }
    }

    /// The factors (λ₋, λ₊) of `key`'s finest level with enough scores; (1, 1) without any.
    func factors(for key: Key) -> (lower: Double, upper: Double) {
        for level in key.levels() { if let found = factors[level] { return found } }
        return (1, 1)
    }

    /// The key of a spread stratum (its age nil at the coarser ``SpreadKey`` levels).
    static func key(_ stratum: SpreadKey) -> Key { Key(method: stratum.method, vocational: stratum.vocational, age: stratum.age) }

    /// Step 1: the standardised residuals of error `value` under `base`; nil when a side of `base` has no width.
    static func score(_ value: Double, base: Distribution, method: PredictionMethod) -> Score? {
        let median = ProvinceYearShocks.scaled(base.quantile(0.5), method)
        let high = ProvinceYearShocks.scaled(base.quantile(upperLevel), method) - median
        let low = median - ProvinceYearShocks.scaled(base.quantile(lowerLevel), method)
        guard high > 1e-9, low > 1e-9, value.isFinite else { return nil }
        let error = ProvinceYearShocks.scaled(value, method) - median
        return Score(upper: error / high, lower: error / low)
    }

    /// Step 3: `base` with each side around its median scaled by the factors of `stratum`.
    func widen(_ base: Distribution, stratum: SpreadKey) -> Distribution {
        let (lower, upper) = factors(for: Self.key(stratum))
        if lower == 1, upper == 1 { return base }
        let method = stratum.method
        let median = ProvinceYearShocks.scaled(base.quantile(0.5), method)
        let points = base.points.map { point in
            let offset = ProvinceYearShocks.scaled(point, method) - median
            return ProvinceYearShocks.unscaled(median + offset * (offset > 0 ? upper : lower), method)
        }
        return Distribution(sorted: points, count: base.count)
    }

    /// The `level` quantile of `values` (nearest rank of the sorted values).
    /// The same element a full sort would put at that rank, found by selection (Hoare's quickselect, median-of-three
    /// pivots) in linear time: the rolling fit asks for two quantiles of every score list once per target year, and
    /// sorting them was the largest part of building a snapshot.
    static func quantile(_ values: [Double], _ level: Double) -> Double {
        var items = values
        let target = Swift.min(items.count - 1, Swift.max(0, Int((level * Double(items.count - 1)).rounded())))
        var low = 0
        var high = items.count - 1
        while low < high {
            let middle = low + (high - low) / 2
            // Median of three as the pivot, kept at `middle`.
            if items[middle] < items[low] { items.swapAt(middle, low) }
            if items[high] < items[low] { items.swapAt(high, low) }
            if items[high] < items[middle] { items.swapAt(high, middle) }
            let pivot = items[middle]
            var i = low
            var j = high
            while i <= j {
                while items[i] < pivot { i += 1 }
                while items[j] > pivot { j -= 1 }
                if i <= j {
                    items.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if target <= j { high = j } else if target >= i { low = i } else { return items[target] }
        }
        return items[target]
    }
}

import Foundation

/// **Conformal widths** (issue 17, split-conformal on the method's own past errors): the 20% and 80% lines of the
/// session-6 model covered 21.5% and 70.4% held out — the spread learned from the training years was too narrow on
/// the side where lines rose, most of all for models that had seen few years. Session 7 scaled each side by one
/// factor, which made its 20%/80% lines right but not the shape between them and the median (held out, students
/// a few points above the 稳妥 line were admitted 10 pp more often than their 70–80% chance said); each side is now
/// recalibrated as a whole, at nine levels.
///
/// Method, in the error's additive scale (线差法: points; 位次法: the logarithm of actual ÷ predicted rank):
/// 1. a **score** is one measured error e of target year t judged by the base ``ErrorModel`` trained on the years
///    before t (never on t itself): with that stratum's median m and 20%/80% quantiles q₂₀, q₈₀, the standardised
///    residuals are u = (e − m) / (q₈₀ − m) for the upper side and l = (e − m) / (m − q₂₀) for the lower side;
/// 2. a model for target year Y uses the scores of the years before Y only; it fits the quantiles a_τ of u at the
///    ``upperLevels`` τ = 55, 60 … 95% and b_τ of l at the ``lowerLevels`` τ = 5, 10 … 45% (nearest rank);
/// 3. each side of a stratum's distribution is mapped piecewise-linearly in its standardised offset from the
///    median, z = (p − m) / (q₈₀ − m) above it and (p − m) / (m − q₂₀) below: 0 ↦ 0 (the median, the 稳妥 line,
///    stays), the stratum's own τ quantile z_τ ↦ a_τ (b_τ below), linear in between, and beyond the outermost
///    level (95%, 5%) z ↦ z · a_τ / z_τ of that level. So on the earlier years the line m + a_τ (q₈₀ − m) has τ of
///    the errors at or below it (to the nearest rank) at every fitted level, and chances follow the same
///    distribution as the lines. A mapped offset is kept at least ``smallestFactor`` × its base offset, so each
///    side stays on its side of the median and the map is monotone; a side with no width (q₈₀ = m or q₂₀ = m)
///    stays as it is;
/// 4. the quantiles are fitted per method, 本科/专科 and data age (target year − newest year used, 3 = "3 or
///    more"), falling back to method and 本科/专科, then to the method, when a level has fewer than
///    ``minimumScores`` scores; with none at all the base model stays.
/// The constants (the levels 5 … 45% and 55 … 95% in steps of 5, the 20/80% quantiles as each side's unit, the
/// fallback levels, 300 scores, 0.1) were fixed before the session-8 held-out run in
/// bench/gaokao/results-issue17.md; session 7 fitted the 20% and 80% levels alone (one factor per side).
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

    /// The quantiles of a level's scores (step 2): b_τ of the lower residuals at ``lowerLevels``, a_τ of the upper
    /// ones at ``upperLevels``.
    struct Fit: Sendable {
        var lower: [Double]
        var upper: [Double]
    }

    /// A level's quantiles are fitted only from at least this many scores.
    static let minimumScores = 300
    /// The levels fitted below and above the median: every 5%, so each decile of the chances has fitted levels at
    /// its ends and middle, the 冒险 and 保守 lines (20%, 80%) among them, out to 5% and 95% (15 scores beyond each
    /// at the 300-score minimum).
    static let lowerLevels = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45]
    static let upperLevels = [0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]
    /// The quantiles whose distance from the median is a side's unit (step 1).
    static let lowerUnit = 0.2
    static let upperUnit = 0.8
    /// A mapped offset is kept at least this share of its base offset.
    static let smallestFactor = 0.1

    private var fits: [Key: Fit] = [:]

    /// No scores: the base model stays.
    init() {}

    /// From the scores of earlier years grouped by their finest key (method, 本科/专科, data age).
    init(scores: [Key: [Score]]) {
        var grouped: [Key: [Score]] = [:]
        for (key, list) in scores {
            for level in key.levels() { grouped[level, default: []].append(contentsOf: list) }
        }
        for (key, list) in grouped where list.count >= Self.minimumScores {
            let lower = list.map(\.lower).sorted()
            let upper = list.map(\.upper).sorted()
            fits[key] = Fit(lower: Self.lowerLevels.map { Self.quantile(lower, $0) }, upper: Self.upperLevels.map { Self.quantile(upper, $0) })
        }
    }

    /// The quantiles of `key`'s finest level with enough scores; nil without any.
    func fit(for key: Key) -> Fit? {
        for level in key.levels() { if let found = fits[level] { return found } }
        return nil
    }

    /// The key of a spread stratum (its age nil at the coarser ``SpreadKey`` levels).
    static func key(_ stratum: SpreadKey) -> Key { Key(method: stratum.method, vocational: stratum.vocational, age: stratum.age) }

    /// Step 1: the standardised residuals of error `value` under `base`; nil when a side of `base` has no width.
    static func score(_ value: Double, base: Distribution, method: PredictionMethod) -> Score? {
        let median = ProvinceYearShocks.scaled(base.quantile(0.5), method)
        let high = ProvinceYearShocks.scaled(base.quantile(upperUnit), method) - median
        let low = median - ProvinceYearShocks.scaled(base.quantile(lowerUnit), method)
        guard high > 1e-9, low > 1e-9, value.isFinite else { return nil }
        let error = ProvinceYearShocks.scaled(value, method) - median
        return Score(upper: error / high, lower: error / low)
    }

    /// Step 3: `base` with each side around its median mapped through the quantiles fitted for `stratum`.
    func widen(_ base: Distribution, stratum: SpreadKey) -> Distribution {
        guard let fit = fit(for: Self.key(stratum)) else { return base }
        let method = stratum.method
        let scaled = { (level: Double) in ProvinceYearShocks.scaled(base.quantile(level), method) }
        let median = scaled(0.5)
        // Both sides as distances from the median, the levels nearest to it first.
        let upper = SideMap(unit: scaled(Self.upperUnit) - median, base: Self.upperLevels.map { scaled($0) - median }, fitted: fit.upper)
        let lower = SideMap(unit: median - scaled(Self.lowerUnit), base: Self.lowerLevels.reversed().map { median - scaled($0) },
                            fitted: fit.lower.reversed().map { -$0 })
        let points = base.points.map { point in
            let offset = ProvinceYearShocks.scaled(point, method) - median
            return ProvinceYearShocks.unscaled(median + (offset > 0 ? upper.map(offset) : -lower.map(-offset)), method)
        }
        return Distribution(sorted: points, count: base.count)
    }

    /// One side of step 3 as a map of distances from the median (≥ 0), through knots in units of the side's width.
    private struct SideMap {
        /// From (0, 0) outwards: (base distance, mapped distance); both never decrease. Empty: the identity.
        private let knots: [(base: Double, mapped: Double)]
        private let unit: Double

        init(unit: Double, base: [Double], fitted: [Double]) {
            self.unit = unit
            guard unit > 1e-9 else {
                knots = []
                return
            }
            knots = [(base: 0, mapped: 0)] + zip(base, fitted).map { distance, target in
                let standardised = distance / unit
                return (base: standardised, mapped: Swift.max(target, ConformalWidths.smallestFactor * standardised))
            }
        }

        func map(_ distance: Double) -> Double {
            guard let outermost = knots.last else { return distance }
            let standardised = distance / unit
            // The outermost knot is at least the unit (its level is beyond the unit's), so the ratio is defined.
            guard let index = knots.firstIndex(where: { $0.base >= standardised }) else { return distance * outermost.mapped / outermost.base }
            let next = knots[index]
            guard next.base > standardised else { return next.mapped * unit }
            let previous = knots[index - 1]
            let share = (standardised - previous.base) / (next.base - previous.base)
            return (previous.mapped + share * (next.mapped - previous.mapped)) * unit
        }
    }

    /// The `level` quantile of `sorted` (nearest rank).
    private static func quantile(_ sorted: [Double], _ level: Double) -> Double {
        sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((level * Double(sorted.count - 1)).rounded())))]
    }
}

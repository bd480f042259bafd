import Foundation

/// One measured error with the target year it belongs to (``ErrorModel`` groups them by ``SpreadKey``).
struct YearError: Sendable {
    var year: Int
    var value: Double
}

/// **The province-year shock** (issue 17): the errors of one province in one year move together (a harder paper, a
/// changed quota, a new 一分一段表), so a line's spread is a shared province-year term plus the school's own noise.
///
/// Method, per method and 本科/专科, on the training years only, in the error's additive scale (线差法: points;
/// 位次法: the logarithm of actual ÷ predicted rank, so a shock moves every school's rank by the same factor):
/// 1. the level of a province-year μ(p, y) is the median error of its school-years (all data ages), when it has at
///    least ``minimumSchools`` of them; the province's level μ(p) is the mean of its k such years;
/// 2. its shock is d(p, y) = (μ(p, y) − μ(p)) · √(k / (k − 1)) for k ≥ 2 (the factor undoes the shrinkage of
///    deviations from a mean of k), pooled over every province: one province has seen too few years to know its
///    own shock spread;
/// 3. a school-level error is x − μ(p, y) + μ(p): the shock taken out, the province's lasting bias kept;
/// 4. a stratum's distribution is its school-level errors combined with every pooled shock (the sum of
///    independent parts: 101 quantiles of the first × up to 101 quantiles of the shocks); with fewer than
///    ``minimumShocks`` shocks it stays the plain distribution of the errors.
/// The level μ(p, y) carries a sampling error of about σ/√n, so the shocks are slightly wider than the true ones.
struct ProvinceYearShocks: Sendable {
    /// Fewer school-years than this in a province-year: no level is measured, its errors stay as they are.
    static let minimumSchools = 30
    /// Fewer pooled shocks than this (for a method and 本科/专科): no shock term.
    static let minimumShocks = 10

    private struct Group: Hashable {
        var method: PredictionMethod
        var province: String?
        var vocational: Bool
    }

    private var yearLevels: [Group: [Int: Double]] = [:]
    private var provinceLevels: [Group: Double] = [:]
    /// Sorted shocks by method and 本科/专科 (province nil).
    private var shocks: [Group: [Double]] = [:]

    static func scaled(_ value: Double, _ method: PredictionMethod) -> Double { method == .rank ? log(Swift.max(value, 1e-9)) : value }
    static func unscaled(_ value: Double, _ method: PredictionMethod) -> Double { method == .rank ? exp(value) : value }

    /// Measured from the finest strata (their keys always name a province).
    init(_ finest: [SpreadKey: [YearError]]) {
        var byProvinceYear: [Group: [Int: [Double]]] = [:]
        for (key, errors) in finest {
            guard let province = key.province else { continue }
            // One hash of the group (and its province's name) per stratum, not per error.
            let group = Group(method: key.method, province: province, vocational: key.vocational)
            var years = byProvinceYear.removeValue(forKey: group) ?? [:]
            for error in errors { years[error.year, default: []].append(Self.scaled(error.value, key.method)) }
            byProvinceYear[group] = years
        }
        for (group, years) in byProvinceYear {
            var levels: [Int: Double] = [:]
            for (year, values) in years where values.count >= Self.minimumSchools {
                let sorted = values.sorted()
                levels[year] = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            }
            guard !levels.isEmpty else { continue }
            let mean = levels.values.reduce(0, +) / Double(levels.count)
            yearLevels[group] = levels
            provinceLevels[group] = mean
            guard levels.count >= 2 else { continue }
            let factor = (Double(levels.count) / Double(levels.count - 1)).squareRoot()
            let pooled = Group(method: group.method, province: nil, vocational: group.vocational)
            for level in levels.values { shocks[pooled, default: []].append((level - mean) * factor) }
        }
        for key in shocks.keys { shocks[key]!.sort() }
    }

    /// The school-level errors of a finest stratum: each with its province-year's level taken out and its
    /// province's level put back (unchanged where the province-year has no level).
    func within(_ key: SpreadKey, _ errors: [YearError]) -> [Double] {
        let group = Group(method: key.method, province: key.province, vocational: key.vocational)
        guard let levels = yearLevels[group], let mean = provinceLevels[group] else { return errors.map(\.value) }
        return errors.map { error in
            guard let level = levels[error.year] else { return error.value }
            return Self.unscaled(Self.scaled(error.value, key.method) - level + mean, key.method)
        }
    }

    /// The pooled shocks of a method and 本科/专科 (sorted, in the additive scale); empty below ``minimumShocks``.
    func shocks(method: PredictionMethod, vocational: Bool) -> [Double] {
        let found = shocks[Group(method: method, province: nil, vocational: vocational)] ?? []
        return found.count >= Self.minimumShocks ? found : []
    }

    /// `within` combined with the pooled shocks: the distribution of school-level error + province-year shock.
    func spread(within: Distribution, method: PredictionMethod, vocational: Bool) -> Distribution {
        let pooled = shocks(method: method, vocational: vocational)
        guard !pooled.isEmpty else { return within }
        let shockPoints = pooled.count <= 101 ? pooled : (0...100).map { pooled[Int((Double($0) / 100 * Double(pooled.count - 1)).rounded())] }
        var sums: [Double] = []
        sums.reserveCapacity(101 * shockPoints.count)
        for index in 0...100 {
            let base = Self.scaled(within.quantile(Double(index) / 100), method)
            for shock in shockPoints { sums.append(Self.unscaled(base + shock, method)) }
        }
        return Distribution(sorted: sums.sorted(), count: within.count)
    }
}

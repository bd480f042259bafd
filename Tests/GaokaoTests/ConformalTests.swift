import Foundation
@testable import Gaokao
import Testing

/// The split-conformal widths of ``ConformalWidths`` on errors built with a known answer: one province, 400
/// schools a year, errors spread evenly over −4 … +4 points in 2016–2018 and over −12 … +12 in 2019; and the map of
/// each side on a base spread evenly over −10 … +10 points.
@Suite("Gaokao conformal widths")
struct ConformalTests {
    static let key = SpreadKey(method: .lineDifference, province: "A", vocational: false, yearsUsed: 2, age: 1, volatile: false, tier: 0)

    static func samples(wideIn wide: Int?) -> [ErrorSample] {
        (2016...2019).flatMap { year in
            (0..<400).map { school in
                let even = (Double(school) / 399 * 2 - 1) * 4
                return ErrorSample(key: key, year: year, value: year == wide ? even * 3 : even)
            }
        }
    }

    @Test("a held-out year is never in its own widths: the 2019 model keeps the width of 2016–2018")
    func heldOut() throws {
        let rolling = ErrorModel.rolling(Self.samples(wideIn: 2019))
        let model2019 = try #require(rolling[2019]?.distribution(for: Self.key))
        // Uniform on −4 … +4: the 20/50/80% quantiles are −2.4, 0, +2.4; the earlier years' scores give factors ≈ 1.
        #expect(abs(model2019.quantile(0.8) - 2.4) < 0.1 && abs(model2019.quantile(0.2) + 2.4) < 0.1)
        #expect(abs(model2019.quantile(0.5)) < 0.05)
        // 2018's model has the 400 scores of 2017 alone (judged by the model of 2016): factors ≈ 1 too.
        let model2018 = try #require(rolling[2018]?.distribution(for: Self.key))
        #expect(abs(model2018.quantile(0.8) - 2.4) < 0.1)
    }

    @Test("errors wider than the model said widen the next model by the 80% quantile of the standardised residuals")
    func widens() throws {
        let samples = Self.samples(wideIn: 2019)
        let fitted = try #require(ErrorModel.fitted(samples).distribution(for: Self.key))
        let base = try #require(ErrorModel(samples: samples).distribution(for: Self.key))
        // Base of all four years: P(e ≤ x) = ¾(x+4)/8 + ¼(x+12)/24 = 0.8 at x ≈ 2.88. Scores: 2017 and 2018 judged
        // by a ±4 model (u = e/2.4 over ±1.67), 2019 by the ±4 model too (u over ±5): the 80% quantile of the
        // 1,200 scores solves ⅔(x+1.67)/3.33 + ⅓(x+5)/10 = 0.8, x ≈ 1.29, so the 80% line moves to ≈ 3.7.
        #expect(abs(base.quantile(0.8) - 2.88) < 0.1)
        #expect(abs(fitted.quantile(0.8) - 2.88 * 1.286) < 0.15)
        #expect(abs(fitted.quantile(0.2) + 2.88 * 1.286) < 0.15)
        // The median (the 稳妥 line) stays.
        #expect(abs(fitted.quantile(0.5) - base.quantile(0.5)) < 1e-9)
        #expect(fitted.count == base.count)
    }

    @Test("steady errors leave the widths alone; a year 3× as wide as the one before widens the next model 3×")
    func steady() throws {
        let samples = Self.samples(wideIn: nil)
        let fitted = try #require(ErrorModel.fitted(samples).distribution(for: Self.key))
        #expect(abs(fitted.quantile(0.8) - 2.4) < 0.1 && abs(fitted.quantile(0.2) + 2.4) < 0.1)
        // Two years, 2017's errors 3× those of 2016: the base of both has its 80% line where
        // ½(x+4)/8 + ½(x+12)/24 = 0.8, x = 3.6; the 400 scores of 2017 judged by 2016's ±4 model spread evenly
        // over ±5, their 80% quantile 3, so the fitted 80% line is ≈ 3 × 3.6.
        let few = samples.filter { $0.year <= 2017 }.map { sample in
            var wider = sample
            if sample.year == 2017 { wider.value *= 3 }
            return wider
        }
        let base = try #require(ErrorModel(samples: few).distribution(for: Self.key))
        let model = try #require(ErrorModel.fitted(few).distribution(for: Self.key))
        #expect(abs(base.quantile(0.8) - 3.6) < 0.1)
        #expect(abs(model.quantile(0.8) - 3 * 3.6) < 0.3)
    }

    /// Uniform on −10 … +10 points (1,001 points): median 0, 20/80% quantiles ∓6, so a side's unit is 6 points.
    static let uniform = Distribution(sorted: (0...1_000).map { Double($0) / 50 - 10 })

    /// The s quantile of errors more peaked than ``uniform``: 8 · (2s − 1)² points above the median, mirrored below.
    static func peaked(_ s: Double) -> Double { (s < 0.5 ? -8 : 8) * (2 * s - 1) * (2 * s - 1) }

    /// Widths fitted from `errors` judged by ``uniform``.
    static func widths(_ errors: [Double]) -> ConformalWidths {
        let scores = errors.compactMap { ConformalWidths.score($0, base: uniform, method: .lineDifference) }
        return ConformalWidths(scores: [ConformalWidths.key(key): scores])
    }

    static func isSorted(_ values: [Double]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 <= $1 } }

    @Test("each side is mapped through the quantiles of its scores: every fitted line holds its share of the fitting errors")
    func wholeSide() throws {
        let errors = (0..<1_000).map { Self.peaked(Double($0) / 999) }
        let widths = Self.widths(errors)
        let fit = try #require(widths.fit(for: ConformalWidths.key(Self.key)))
        let mapped = widths.widen(Self.uniform, stratum: Self.key)
        #expect(Self.isSorted(mapped.points) && mapped.count == Self.uniform.count)
        #expect(mapped.quantile(0.5) == 0)
        let levels = ConformalWidths.lowerLevels.map { ($0, false) } + ConformalWidths.upperLevels.map { ($0, true) }
        for (index, (level, upper)) in levels.enumerated() where level != 0.45 && level != 0.55 {
            let line = mapped.quantile(level)
            // Exact at the fitted level: the median plus its quantile of the standardised residuals in units of 6 points …
            let fitted = upper ? fit.upper[index - ConformalWidths.lowerLevels.count] : fit.lower[index]
            #expect(abs(line - 6 * fitted) < 1e-9)
            // … which is where the errors had their own quantile, so that line has its share of them at or below it.
            #expect(abs(line - Self.peaked(level)) < 0.02)
            #expect(abs(Double(errors.filter { $0 <= line }.count) / 1_000 - level) <= 0.0015)
        }
        // The 70% line comes in from 4 points to 1.28, the 75% from 5 to 2 (the peaked shape near the median): a student
        // 2 points above the 稳妥 line now has a 75% chance, not the base's 60%.
        #expect(abs(mapped.quantile(0.7) - 1.28) < 0.01 && abs(mapped.quantile(0.75) + mapped.quantile(0.25)) < 1e-9)
        #expect(abs(Self.uniform.share(atMost: 2) - 0.6) < 0.001 && abs(mapped.share(atMost: 2) - 0.75) < 0.001)
        // The 55% quantile of the scores, 0.08 points, is less than 0.1 × the base's 1 point: kept at 0.1.
        #expect(abs(mapped.quantile(0.55) - 0.1) < 1e-9 && abs(mapped.quantile(0.45) + 0.1) < 1e-9)
        // Beyond 95% the offsets scale by that level's ratio, 6.48 / 9: the base's +10 goes to 7.2.
        #expect(abs(mapped.points.last! - 7.2) < 0.01 && abs(mapped.points.first! + 7.2) < 0.01)
    }

    @Test("scores all below the median keep the map monotone: the upper side shrinks to 0.1 × its base, the median stays")
    func oneSided() {
        let errors = (0..<400).map { -1 - 9 * Double($0) / 399 }
        let mapped = Self.widths(errors).widen(Self.uniform, stratum: Self.key)
        #expect(Self.isSorted(mapped.points))
        #expect(mapped.quantile(0.5) == 0)
        #expect(abs(mapped.quantile(0.8) - 0.6) < 1e-9 && abs(mapped.points.last! - 1) < 1e-9)
        // Below, the 20% line goes to the errors' own 20% quantile, −8.2.
        #expect(abs(mapped.quantile(0.2) + 8.2) < 0.03)
        // The rank method maps in the logarithm of the rank ratio: the median ratio stays, the 80% ratio comes in.
        var rank = Self.key
        rank.method = .rank
        let ratios = Distribution(sorted: (0...1_000).map { exp(Double($0) / 2_000 - 0.25) })
        let rankScores = [ConformalWidths.key(rank): (0..<400).map { ConformalWidths.Score(upper: -1 - Double($0) / 399, lower: -1) }]
        let mappedRatios = ConformalWidths(scores: rankScores).widen(ratios, stratum: rank)
        #expect(Self.isSorted(mappedRatios.points) && abs(mappedRatios.quantile(0.5) - 1) < 1e-12)
        // log 80% ratio 0.15 × 0.1 → e^0.015; 20%: b_τ = −1 at every level, the 20% line where it was (e^−0.15).
        #expect(abs(mappedRatios.quantile(0.8) - exp(0.015)) < 1e-9 && abs(mappedRatios.quantile(0.2) - exp(-0.15)) < 1e-9)
    }

    @Test("no scores, or fewer than 300 at every level, leave a distribution as it is; 300 across data ages fit the coarser level")
    func identity() throws {
        #expect(ConformalWidths().widen(Self.uniform, stratum: Self.key).points == Self.uniform.points)
        #expect(ConformalWidths().fit(for: ConformalWidths.key(Self.key)) == nil)
        let scores = Array(repeating: ConformalWidths.Score(upper: 2, lower: -2), count: 299)
        let few = ConformalWidths(scores: [ConformalWidths.key(Self.key): scores])
        #expect(few.widen(Self.uniform, stratum: Self.key).points == Self.uniform.points)
        // One more score at data age 2: method × 本科/专科 has 300, and the age-1 stratum uses it.
        var older = ConformalWidths.key(Self.key)
        older.age = 2
        let enough = ConformalWidths(scores: [ConformalWidths.key(Self.key): scores, older: [scores[0]]])
        let fit = try #require(enough.fit(for: ConformalWidths.key(Self.key)))
        #expect(fit.upper == Array(repeating: 2, count: 9) && fit.lower == Array(repeating: -2, count: 9))
        // Every level at 2 units of 6 points: the 55 … 95% lines at +12, the 5 … 45% at −12, the ends at ±12 × 10/9.
        let mapped = enough.widen(Self.uniform, stratum: Self.key)
        #expect(abs(mapped.quantile(0.8) - 12) < 1e-9 && abs(mapped.quantile(0.2) + 12) < 1e-9 && mapped.quantile(0.5) == 0)
        #expect(abs(mapped.points.last! - 120.0 / 9) < 1e-9)
    }
}

import Foundation
@testable import Gaokao
import Testing

/// The split-conformal widths of ``ConformalWidths`` on errors built with a known answer: one province, 400
/// schools a year, errors spread evenly over −4 … +4 points in 2016–2018 and over −12 … +12 in 2019.
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

    @Test("steady errors leave the widths alone, and fewer than 300 scores keep the base model")
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
        // 299 scores are too few: the factors stay 1 however wide the scores are.
        let scores = Array(repeating: ConformalWidths.Score(upper: 5, lower: -5), count: 299)
        let factors = ConformalWidths(scores: [ConformalWidths.key(Self.key): scores]).factors(for: ConformalWidths.key(Self.key))
        #expect(factors.lower == 1 && factors.upper == 1)
        let enough = ConformalWidths(scores: [ConformalWidths.key(Self.key): scores + [scores[0]]]).factors(for: ConformalWidths.key(Self.key))
        #expect(enough.lower == 5 && enough.upper == 5)
    }
}

@Suite("quantile by selection")
struct QuantileSelectionTests {
    @Test("the selected quantile is the sorted array's element at that rank, ties and all")
    func matchesSort() {
        for count in [1, 2, 3, 10, 101, 1_000] {
            // Scrambled, with many ties: i·7919 mod 101 − 50.
            let values = (0..<count).map { Double(($0 * 7_919) % 101 - 50) / 10 }
            let sorted = values.sorted()
            for level in [0.0, 0.2, 0.5, 0.8, 1.0] {
                let expected = sorted[min(count - 1, max(0, Int((level * Double(count - 1)).rounded())))]
                #expect(ConformalWidths.quantile(values, level) == expected, "\(count) values at \(level)")
            }
        }
    }
}

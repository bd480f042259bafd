import Foundation
@testable import Gaokao
import Testing

/// The province-year shock of ``ProvinceYearShocks`` on errors built with a known answer: 12 provinces × 4 years ×
/// 80 schools, school-level errors −4 … +4 points; province A's years never move, the 11 others move ±20 points
/// together (alternating by year, opposite for neighbours).
@Suite("Gaokao province-year shocks")
struct ShockTests {
    static let provinces = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"]

    static func key(_ province: String, method: PredictionMethod = .lineDifference) -> SpreadKey {
        SpreadKey(method: method, province: province, vocational: false, yearsUsed: 2, age: 1, volatile: false, tier: 0)
    }

    /// `shock(province index, year)` added to each school's own error (线差法: points; 位次法: a rank factor).
    static func samples(method: PredictionMethod = .lineDifference, _ value: (Int, Int, Int) -> Double) -> [ErrorSample] {
        var samples: [ErrorSample] = []
        for (index, province) in provinces.enumerated() {
            for year in 2016...2019 {
                for school in 0..<80 {
                    samples.append(ErrorSample(key: key(province, method: method), year: year, value: value(index, year, school)))
                }
            }
        }
        return samples
    }

    static func lineShock(_ index: Int, _ year: Int) -> Double { index == 0 ? 0 : (index + year) % 2 == 0 ? 20 : -20 }

    @Test("shocks are each province-year's median less the province's mean, pooled over provinces")
    func measured() {
        let samples = Self.samples { index, year, school in Self.lineShock(index, year) + Double(school % 9 - 4) }
        var finest: [SpreadKey: [YearError]] = [:]
        for sample in samples { finest[sample.key, default: []].append(YearError(year: sample.year, value: sample.value)) }
        let shocks = ProvinceYearShocks(finest)
        let pooled = shocks.shocks(method: .lineDifference, vocational: false)
        // 11 moving provinces × 4 years at ±20 · √(4/3), and province A's 4 zeros.
        #expect(pooled.count == 48)
        #expect(pooled.filter { $0 == 0 }.count == 4)
        #expect(abs(pooled.last! - 20 * (4.0 / 3).squareRoot()) < 1e-9 && abs(pooled.first! + 20 * (4.0 / 3).squareRoot()) < 1e-9)
        // The school-level errors of B have its shocks taken out: −4 … +4 again.
        let within = shocks.within(Self.key("B"), finest[Self.key("B")]!)
        #expect(within.min() == -4 && within.max() == 4)
        #expect(shocks.shocks(method: .rank, vocational: false).isEmpty)
    }

    @Test("a province that has not moved yet still gets the width of the shocks other provinces had")
    func widens() throws {
        let model = ErrorModel(samples: Self.samples { index, year, school in Self.lineShock(index, year) + Double(school % 9 - 4) })
        let quiet = try #require(model.distribution(for: Self.key("A")))
        // Without the shock term A's own errors span −4 … +4 points; with it the 20/80% quantiles reach the ±23 shocks.
        #expect(quiet.quantile(0.8) > 15 && quiet.quantile(0.2) < -15)
        #expect(abs(quiet.quantile(0.5)) <= 4)
        #expect(quiet.count == 320)
        // Fewer than 10 shocks (two provinces): the plain errors, −4 … +4.
        let few = ErrorModel(samples: Self.samples { index, year, school in
            index < 2 ? Self.lineShock(index, year) + Double(school % 9 - 4) : .nan
        }.filter { !$0.value.isNaN })
        let plain = try #require(few.distribution(for: Self.key("A")))
        #expect(plain.quantile(0.8) <= 4 && plain.quantile(0.2) >= -4)
    }

    @Test("位次法 shocks are rank factors: every school's rank moves by the same ratio")
    func rankFactors() throws {
        let model = ErrorModel(samples: Self.samples(method: .rank) { index, year, school in
            (index == 0 ? 1 : (index + year) % 2 == 0 ? 1.25 : 0.8) * (1 + Double(school % 9 - 4) / 100)
        })
        let quiet = try #require(model.distribution(for: Self.key("A", method: .rank)))
        #expect(quiet.quantile(0.8) > 1.2 && quiet.quantile(0.2) < 0.85)
        #expect(abs(quiet.quantile(0.5) - 1) <= 0.04)
        #expect(quiet.points.allSatisfy { $0 > 0 })
    }
}

@testable import Gaokao
import Testing

/// 冲/稳/保 follow the chance as the pages show it (whole percent), so a badge never reads "冲 50%" or "稳 80%"
/// (seen in Chromium: 四川 2023 理科 600 had a 冲 pick at 34.96%, shown as 35%, when the bands were 10/35/80); the bands
/// start at the 冒险/稳妥/保守 lines' levels, 20/50/80% (issue 28).
struct BucketTests {
    @Test func bandsApplyToTheShownPercent() {
        let configuration = PredictionConfiguration()
        #expect(configuration.bucket(chance: 0.4951) == .stable)
        #expect(configuration.bucket(chance: 0.4949) == .risky)
        #expect(configuration.bucket(chance: 0.50) == .stable)
        #expect(configuration.bucket(chance: 0.7951) == .safe)
        #expect(configuration.bucket(chance: 0.7949) == .stable)
        #expect(configuration.bucket(chance: 0.1951) == .risky)
        #expect(configuration.bucket(chance: 0.1949) == nil)
        #expect(configuration.bucket(chance: 1.0) == .safe)
        #expect(configuration.riskyChance.lowerBound == configuration.lineLevels.risky)
        #expect(configuration.stableChance.lowerBound == configuration.lineLevels.stable)
        #expect(configuration.safeChance.lowerBound == configuration.lineLevels.safe)
    }
}

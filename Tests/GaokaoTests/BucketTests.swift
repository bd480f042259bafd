@testable import Gaokao
import Testing

/// 冲/稳/保 follow the chance as the pages show it (whole percent), so a badge never reads "冲 35%" or "稳 80%"
/// (seen in Chromium: 四川 2023 理科 600 had a 冲 pick at 34.96%, shown as 35%).
struct BucketTests {
    @Test func bandsApplyToTheShownPercent() {
        let configuration = PredictionConfiguration()
        #expect(configuration.bucket(chance: 0.3496) == .stable)
        #expect(configuration.bucket(chance: 0.3449) == .risky)
        #expect(configuration.bucket(chance: 0.35) == .stable)
        #expect(configuration.bucket(chance: 0.7951) == .safe)
        #expect(configuration.bucket(chance: 0.7949) == .stable)
        #expect(configuration.bucket(chance: 0.0951) == .risky)
        #expect(configuration.bucket(chance: 0.0949) == nil)
        #expect(configuration.bucket(chance: 1.0) == .safe)
    }
}

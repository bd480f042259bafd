@testable import AppDeals
import Testing

/// The deal rules on small hand-made histories: one rule per test, the numbers in the doc comments of `DealRules`.
@Suite struct EngineTests {
    let day: Int64 = 86_400

    func state(_ points: [(Int64, Int64)], at time: Int64) -> DealState? {
        let engine = DealEngine(history: [1: points.map { PriceObservation(at: $0.0, price: $0.1) }])
        return engine.states(at: time)[1]
    }

    @Test func paidThenFreeIsLimitedForSevenDaysThenFree() {
        let history: [(Int64, Int64)] = [(0, 1800), (10 * day, 0)]
        let limited = state(history, at: 11 * day)
        #expect(limited?.trend == .limited)
        #expect(limited?.lastPrice == 1800)
        #expect(limited?.since == 10 * day)
        #expect(limited?.expiresEstimated == true)
        #expect(state(history, at: 17 * day)?.trend == .limited)
        #expect(state(history, at: 17 * day + 1)?.trend == .free)
    }

    @Test func neverPaidIsFreeAndInAppPurchaseOnlyRowsAreNoDeal() {
        // Same app price three times (the tracker wrote rows for IAP changes): one run, never a deal.
        let free = state([(0, 0), (5 * day, 0), (9 * day, 0)], at: 10 * day)
        #expect(free?.trend == .free)
        #expect(free?.since == 0)
        #expect(free?.lastPrice == nil)
        let paid = state([(0, 800), (5 * day, 800)], at: 6 * day)
        #expect(paid?.trend == .paid)
    }

    @Test func dropIsSalesForThirtyDaysAndRiseIsNoDeal() {
        let history: [(Int64, Int64)] = [(0, 1500), (40 * day, 800)]
        #expect(state(history, at: 41 * day)?.trend == .sales)
        #expect(state(history, at: 70 * day)?.trend == .sales)
        #expect(state(history, at: 70 * day + 1)?.trend == .paid)
        #expect(state([(0, 800), (day, 1500)], at: 2 * day)?.trend == .paid)
        #expect(state([(0, 0), (day, 1500)], at: 2 * day)?.trend == .paid)
        #expect(state(history, at: -1) == nil)
    }

    @Test func priceRaisedBeforeTheSaleIsAFakeDiscount() {
        // 全能记's shape: ¥8 for ten months, ¥28 for five days, then 免费.
        let history: [(Int64, Int64)] = [(0, 800), (300 * day, 2800), (305 * day, 0)]
        let fake = state(history, at: 306 * day)
        #expect(fake?.trend == .limited)
        #expect(fake?.fakeDiscount == true)
        #expect(fake?.longRunPrice == 800)
        #expect(fake?.minPrice == 0)
        #expect(fake?.maxPrice == 2800)
        let genuine = state([(0, 2800), (300 * day, 800)], at: 301 * day)
        #expect(genuine?.fakeDiscount == false)
        #expect(genuine?.longRunPrice == 2800)
    }

    @Test func estimateUsesOwnPastPeriodsThenTheOverallMedianAndMovesADayAtATime() {
        // The app was free for 72 h once before: the next free period is estimated at 72 h.
        let history: [(Int64, Int64)] = [(0, 1800), (10 * day, 0), (13 * day, 1800), (20 * day, 0)]
        #expect(state(history, at: 20 * day + 3600)?.expiresAt == 23 * day)
        // Past the estimate and still free: a day later.
        #expect(state(history, at: 23 * day + 1)?.expiresAt == 24 * day)
        // No own history and no other app's: the 48 h default.
        #expect(state([(0, 1800), (day, 0)], at: day + 60)?.expiresAt == 3 * day)
        #expect(DealEngine.estimatedEnd(start: 0, time: 10, ownMedian: nil, overallMedian: 24 * 3600) == day)
    }
}

/// What a new observation raises for price alerts (``DealEngine/priceAlert(from:to:)``).
@Suite struct PriceAlertRuleTests {
    @Test func onlyDropsOfTheAppPriceRaiseAnAlert() {
        #expect(DealEngine.priceAlert(from: 1500, to: 800) == .drop(from: 1500, to: 800))
        #expect(DealEngine.priceAlert(from: 1800, to: 0) == .free(from: 1800))
        // A rise, the same price (an in-app-purchase-only change), a first observation or a pre-order: nothing.
        #expect(DealEngine.priceAlert(from: 800, to: 2800) == nil)
        #expect(DealEngine.priceAlert(from: 800, to: 800) == nil)
        #expect(DealEngine.priceAlert(from: nil, to: 0) == nil)
        #expect(DealEngine.priceAlert(from: 800, to: nil) == nil)
        #expect(DealEngine.priceAlert(from: 0, to: 0) == nil)
    }

    @Test func aDropToFreeFiresBothConditionsAPriceDropOnlyDrop() {
        #expect(PriceAlertEvent.free(from: 1800).fires(.free) && PriceAlertEvent.free(from: 1800).fires(.drop))
        #expect(PriceAlertEvent.drop(from: 1500, to: 800).fires(.drop))
        #expect(!PriceAlertEvent.drop(from: 1500, to: 800).fires(.free))
    }
}

/// One observed state of an app in one store: its price from `at` on (the tracker writes a row only when
/// the price or the in-app-purchase prices change, so a state holds until the next row).
struct PriceObservation: Sendable, Hashable {
    var at: Int64
    /// Minor units; nil when the store gave no price (pre-orders).
    var price: Int64?
}

/// What an app's price is doing as of a time: the tab it belongs to.
enum Trend: String, Sendable, CaseIterable {
    /// 限免: paid before, free now, for at most ``DealRules/limitedFreeWindow``.
    case limited
    /// 降价: 0 < now < the price before, for at most ``DealRules/salesWindow``.
    case sales
    /// 免费: free and never seen paid, or free for longer than ``DealRules/limitedFreeWindow``.
    case free
    /// Paid and not cheaper than before (or cheaper for too long): no deal.
    case paid
}

/// The rules of the deal engine, with the numbers they come from. Everything is derived from successive
/// observations of one storefront (`../shared/research/appdeals.md`, "Detecting 限免 / 降价 / 免费"):
/// Apple publishes no sale flag and no sale end.
enum DealRules {
    /// 限免 lasts at most 7 days; an app still free after that is 免费 (a permanent change, like 逐鹿 ¥45 → 免费
    /// on 2025-05-23 and still free six weeks later). Of the 343 ended free periods in
    /// `cn_price_changes.csv`, 312 (91 %) ended within 7 days (median 48 h, quartiles 24 h / 72 h).
    static let limitedFreeWindow: Int64 = 7 * 86_400
    /// 降价 is listed for at most 30 days after the drop; then the lower price is simply the price. Of the 318
    /// ended price drops in `cn_price_changes.csv` (median 168 h, quartiles 96 h / 336 h), 300 (94 %) ended
    /// within 30 days.
    static let salesWindow: Int64 = 30 * 86_400
    /// A deal's struck-through price is compared with the price the app sold at for longest in the 180 days
    /// before the deal began; above it, the deal is flagged as a fake discount (the price was raised before
    /// the "sale": 全能记 was ¥8 for ten months, ¥28 from 2025-06-16 and 免费 five days later).
    static let longRunWindow: Int64 = 180 * 86_400
    /// When nothing better is known, a free period is estimated to last 48 h: the median of the 343 ended
    /// free periods in `cn_price_changes.csv` (the engine recomputes it from the data before the as-of time).
    static let defaultFreeDuration: Int64 = 48 * 3_600
    /// 250 of the 343 ended free periods lasted a whole number of days (± 1 h), so an estimate that has
    /// passed is extended a day at a time.
    static let estimateStep: Int64 = 86_400
}

/// What a price alert waits for (`appdeals_alerts.fires_on`, `when` in the API).
enum AlertTrigger: String, Sendable, CaseIterable {
    /// Any drop of the app price: 降价 or 限免.
    case drop
    /// Only a drop to 0: 限免.
    case free
}

/// A change of an app's price that price alerts may report, raised by ``DealEngine/priceAlert(from:to:)``.
enum PriceAlertEvent: Sendable, Hashable {
    /// Paid before, now 0 (限免): fires `drop` and `free` alerts.
    case free(from: Int64)
    /// 0 < now < before (降价): fires `drop` alerts.
    case drop(from: Int64, to: Int64)

    func fires(_ trigger: AlertTrigger) -> Bool {
        switch self {
        case .free: true
        case .drop: trigger == .drop
        }
    }
}

/// A run of observations at one price: from `start` until the next run's start.
struct PriceRun: Sendable, Hashable {
    var start: Int64
    var price: Int64
}

/// A paid → free → paid episode (an ended one has `until`).
struct FreePeriod: Sendable, Hashable {
    var appID: Int64
    var from: Int64
    var until: Int64?
    var regularPrice: Int64
}

/// The deal state of one app as of a time.
struct DealState: Sendable, Hashable {
    var appID: Int64
    var trend: Trend
    var price: Int64
    /// The price before the current one (the struck-through price of a deal); nil when the app has had one price.
    var lastPrice: Int64?
    /// When the current price began.
    var since: Int64
    /// The end of a 限免: an estimate here (``DealEngine/estimatedEnd``), replaced by an editor's known end
    /// (``KnownEnds``) when one is set for this free period.
    var expiresAt: Int64?
    var expiresEstimated: Bool
    /// The price it sold at for longest in the 180 days before the deal began (deals only).
    var longRunPrice: Int64?
    /// True when `lastPrice` is above `longRunPrice`: the price was raised before the "sale".
    var fakeDiscount: Bool
    var minPrice: Int64
    var maxPrice: Int64
    /// The newest observation at or before the as-of time.
    var observedAt: Int64
    /// What an estimated ``expiresAt`` was computed from, so the page states the figure the estimate used.
    var estimate: EndEstimate? = nil
}

/// The basis of an estimated 限免 end (``DealEngine/estimatedEnd(start:time:ownMedian:overallMedian:)``).
struct EndEstimate: Sendable, Hashable {
    enum Basis: Sendable, Hashable {
        /// The app's own ended free periods.
        case ownPeriods
        /// All apps' ended free periods.
        case allPeriods
        /// No ended period before the as-of time: ``DealRules/defaultFreeDuration``.
        case defaultDuration
    }

    var basis: Basis
    /// The median duration used, seconds (at least an hour).
    var median: Int64
}

/// Computes every app's ``DealState`` from its observations, as of any time. Pure: no storage, no clock.
struct DealEngine: Sendable {
    /// Observations per app id, each list sorted by time.
    let history: [Int64: [PriceObservation]]

    init(history: [Int64: [PriceObservation]]) {
        self.history = history.mapValues { $0.sorted { $0.at < $1.at } }
    }

    /// The runs of one app up to `time`: consecutive observations at the same price merged, so an
    /// in-app-purchase-only change (same app price) never starts a run and is never a deal.
    static func runs(_ observations: [PriceObservation], upTo time: Int64) -> [PriceRun] {
        var runs: [PriceRun] = []
        for observation in observations where observation.at <= time {
            guard let price = observation.price else { continue }
            if runs.last?.price != price { runs.append(PriceRun(start: observation.at, price: price)) }
        }
        return runs
    }

    /// Every paid → free episode that began at or before `time`; one is ended when a paid run followed by `time`.
    func freePeriods(upTo time: Int64) -> [FreePeriod] {
        var periods: [FreePeriod] = []
        for (id, observations) in history {
            let runs = Self.runs(observations, upTo: time)
            for index in runs.indices.dropFirst() where runs[index].price == 0 && runs[index - 1].price > 0 {
                let until = index + 1 < runs.count ? runs[index + 1].start : nil
                periods.append(FreePeriod(appID: id, from: runs[index].start, until: until, regularPrice: runs[index - 1].price))
            }
        }
        return periods.sorted { ($0.appID, $0.from) < ($1.appID, $1.from) }
    }

    /// The median length of ended free periods (the upper middle one of an even count); nil without any.
    static func medianDuration(_ periods: [FreePeriod]) -> Int64? {
        let durations = periods.compactMap { period in period.until.map { $0 - period.from } }.sorted()
        return durations.isEmpty ? nil : durations[durations.count / 2]
    }

    /// The estimated end of a free period that began at `start` and is still free at `time`: start plus the
    /// app's own median past free period if it had ended ones, else the median of all apps' ended periods
    /// (48 h in the data), then a day at a time until it lies after `time`. Recomputed on every observation,
    /// since it depends on `time` and the periods ended by then.
    static func estimatedEnd(start: Int64, time: Int64, ownMedian: Int64?, overallMedian: Int64?) -> Int64 {
        var end = start + max(3_600, ownMedian ?? overallMedian ?? DealRules.defaultFreeDuration)
        if end <= time { end += ((time - end) / DealRules.estimateStep + 1) * DealRules.estimateStep }
        return end
    }

    /// Every app's state as of `time`; apps first seen after `time` are absent.
    func states(at time: Int64) -> [Int64: DealState] {
        let periods = freePeriods(upTo: time)
        let overall = Self.medianDuration(periods)
        var perApp: [Int64: [FreePeriod]] = [:]
        for period in periods { perApp[period.appID, default: []].append(period) }
        var states: [Int64: DealState] = [:]
        for (id, observations) in history {
            if let state = Self.state(id, observations, at: time, ownPeriods: perApp[id] ?? [], overallMedian: overall) {
                states[id] = state
            }
        }
        return states
    }

    static func state(_ id: Int64, _ observations: [PriceObservation], at time: Int64, ownPeriods: [FreePeriod],
                      overallMedian: Int64?) -> DealState? {
        let runs = runs(observations, upTo: time)
        guard let current = runs.last else { return nil }
        let previous = runs.count > 1 ? runs[runs.count - 2] : nil
        let observedAt = observations.last { $0.at <= time }?.at ?? current.start
        let prices = runs.map(\.price)
        var state = DealState(appID: id, trend: .paid, price: current.price, lastPrice: previous?.price, since: current.start,
                              expiresAt: nil, expiresEstimated: false, longRunPrice: nil, fakeDiscount: false,
                              minPrice: prices.min() ?? current.price, maxPrice: prices.max() ?? current.price, observedAt: observedAt)
        let age = time - current.start
        if current.price == 0 {
            if let previous, previous.price > 0, age <= DealRules.limitedFreeWindow {
                state.trend = .limited
                let own = medianDuration(ownPeriods.filter { $0.until != nil })
                state.expiresAt = estimatedEnd(start: current.start, time: time, ownMedian: own, overallMedian: overallMedian)
                state.expiresEstimated = true
                let basis: EndEstimate.Basis = own != nil ? .ownPeriods : overallMedian != nil ? .allPeriods : .defaultDuration
                state.estimate = EndEstimate(basis: basis, median: max(3_600, own ?? overallMedian ?? DealRules.defaultFreeDuration))
            } else {
                state.trend = .free
            }
        } else if let previous, previous.price > current.price, age <= DealRules.salesWindow {
            state.trend = .sales
        }
        if state.trend == .limited || state.trend == .sales, let last = previous?.price {
            state.longRunPrice = longRunPrice(runs, before: current.start)
            state.fakeDiscount = state.longRunPrice.map { last > $0 } ?? false
        }
        return state
    }

    /// The alert a new observation raises: a change of the app price itself (a new observation at the same app
    /// price, e.g. an in-app-purchase-only change, raises none), downwards. `from` is the app's previous known
    /// price (nil when it had none: a first observation is no drop), `to` the new one; minor units.
    static func priceAlert(from: Int64?, to: Int64?) -> PriceAlertEvent? {
        guard let from, let to, to < from else { return nil }
        return to == 0 ? .free(from: from) : .drop(from: from, to: to)
    }

    /// The paid price held for the longest time in the ``DealRules/longRunWindow`` before `start` (ties: the
    /// lower price); nil when the app was never paid in that window.
    static func longRunPrice(_ runs: [PriceRun], before start: Int64) -> Int64? {
        let windowStart = start - DealRules.longRunWindow
        var held: [Int64: Int64] = [:]
        for (index, run) in runs.enumerated() where run.start < start && run.price > 0 {
            let end = min(index + 1 < runs.count ? runs[index + 1].start : start, start)
            let begin = max(run.start, windowStart)
            if end > begin { held[run.price, default: 0] += end - begin }
        }
        return held.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
    }
}

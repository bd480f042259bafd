import WebUI

/// A generated 专题: a title, a line of text and its apps (at least ``DealTopics/minimumApps``).
struct Topic: Sendable {
    var id: String
    var title: LocalizedText
    var summary: LocalizedText
    var items: [ListItem]
}

/// 专题 generated from the China store's deals as of the newest observation: 限免 games, 限免 apps, genuine
/// 降价 (not flagged as fake discounts) and deals at the lowest price ever seen. Editor-made topics are not built.
struct DealTopics: Sendable {
    static let minimumApps = 4
    let store: DealStore

    func all() throws -> (topics: [Topic], asOf: Int64?) {
        let snapshot = try store.snapshot()
        guard let time = snapshot.latest[.cn] else { return ([], nil) }
        let states = store.states(snapshot, region: .cn, at: time)
        func items(_ keep: (DealState, AppSummary) -> Bool) -> [ListItem] {
            states.values.compactMap { state in
                snapshot.apps[state.appID].flatMap { keep(state, $0) ? ListItem(app: $0, state: state, price: state.price, currency: .cny) : nil }
            }.sorted { ($0.state!.since, $0.app.id) > ($1.state!.since, $1.app.id) }
        }
        let deal: (DealState) -> Bool = { $0.trend == .limited || $0.trend == .sales }
        let topics = [
            Topic(id: "limited-games", title: DealText.topicLimitedGames, summary: DealText.topicLimitedGamesSummary,
                  items: items { state, app in state.trend == .limited && app.isGame == true }),
            Topic(id: "limited-apps", title: DealText.topicLimitedApps, summary: DealText.topicLimitedAppsSummary,
                  items: items { state, app in state.trend == .limited && app.isGame != true }),
            Topic(id: "real-sales", title: DealText.topicRealSales, summary: DealText.topicRealSalesSummary,
                  items: items { state, _ in state.trend == .sales && !state.fakeDiscount }),
            Topic(id: "all-time-low", title: DealText.topicAllTimeLow, summary: DealText.topicAllTimeLowSummary,
                  items: items { state, _ in deal(state) && state.price == state.minPrice && !state.fakeDiscount }),
        ]
        return (topics.filter { $0.items.count >= Self.minimumApps }, time)
    }
}

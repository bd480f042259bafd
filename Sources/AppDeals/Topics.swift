import WebUI

/// A 专题: a title, a line of text and its apps (at least ``DealTopics/minimumApps``); `editor` is set for an
/// editor's topic (its id is then the number of ``EditorTopic/id``).
struct Topic: Sendable {
    var id: String
    var title: LocalizedText
    var summary: LocalizedText
    var items: [ListItem]
    var editor: EditorTopic? = nil
}

/// The editors' 专题 (``EditorTopicStore``, in their order) followed by those generated from the China store's
/// deals as of the newest observation: 限免 games, 限免 apps, genuine 降价 (not flagged as fake discounts) and
/// deals at the lowest price ever seen.
struct DealTopics: Sendable {
    static let minimumApps = 4
    let store: DealStore
    let editors: EditorTopicStore

    func all() throws -> (topics: [Topic], asOf: Int64?) {
        let snapshot = try store.snapshot()
        let time = snapshot.latest[.cn]
        let states = time.map { store.states(snapshot, region: .cn, at: $0) } ?? [:]
        let edited = try editors.all().map { topic in
            Topic(id: String(topic.id), title: topic.title, summary: topic.summary, items: topic.appIDs.compactMap { id in
                guard let app = snapshot.apps[id] else { return nil }
                if let state = states[id] { return ListItem(app: app, state: state, price: state.price, currency: .cny) }
                return ListItem(app: app, state: nil, price: app.catalogPrice, currency: app.catalogCurrency ?? .usd)
            }, editor: topic)
        }
        guard let time else { return (edited, nil) }
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
        return (edited + topics.filter { $0.items.count >= Self.minimumApps }, time)
    }
}

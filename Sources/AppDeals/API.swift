import AppSuiteAPI
import Community
import Foundation
import HTTPServer
import AppHost
import Identity
import Imaging
import WebUI

/// `/api/v1/appdeals/…`, the handlers of ``AppDealsEndpoints``: the tabs (限免 降价 免费 热榜) with search and filters, an app with its price history,
/// and the 专题 (admins write the editors' ones). Favourites and share links are the community routes (`/api/v1/favorites/appdeals/{id}`,
/// `/api/v1/shares/appdeals/{id}`).
struct DealAPI: Sendable {
    let store: DealStore
    let lists: DealLists
    let topics: DealTopics
    let favorites: FavoriteStore
    let nearby: NearbyStore
    let alerts: AlertStore
    let editors: EditorTopicStore
    let auth: Authenticator
    let clock: AppClock

    func register(into api: inout RouteGroup<SessionGuard>) {
        let deals = self
        api.anyone.handle(AppDealsEndpoints.apps) { call in
            let snapshot = try deals.store.snapshot()
            let page = try deals.lists.page(try ListQuery(call.query, categories: snapshot.categories, chineseNames: snapshot.chineseCategoryNames,
                                                                       language: call.context.language))
            return DealAppPage(items: page.items.map(Self.model), nextCursor: page.nextCursor, asOf: page.asOf.map(Self.date))
        }
        api.anyone.handle(AppDealsEndpoints.app) { call in
            let id = try call.id()
            guard let detail = try deals.detail(id, query: call.query, viewer: call.context) else {
                throw HTTPError.notFound(DealText.noApp(id)(call.context.language))
            }
            return detail
        }
        api.handle(AppDealsEndpoints.setEnd) { call in
            let id = try call.id()
            let snapshot = try deals.store.snapshot()
            guard snapshot.apps[id] != nil else { throw HTTPError.notFound(DealText.noApp(id)(call.context.viewer.language)) }
            let state = deals.store.states(snapshot, region: .cn, at: snapshot.latest[.cn] ?? 0)[id]
            try KnownEnds.set(Int64(call.body.endsAt.timeIntervalSince1970.rounded(.down)), state: state, appID: id, region: .cn,
                              editor: call.context.user, database: deals.store.database, now: deals.now)
            return try deals.currentModel(id)
        }
        api.handle(AppDealsEndpoints.clearEnd) { call in
            let id = try call.id()
            guard try KnownEnds.remove(appID: id, region: .cn, editor: call.context.user, database: deals.store.database, now: deals.now) else {
                throw HTTPError.notFound(DealText.noKnownEnd(id)(call.context.viewer.language))
            }
            return NoContent()
        }
        api.anyone.handle(AppDealsEndpoints.nearby) { call in
            try deals.nearbyModel(CoarseLocation(checkedLatitude: call.query.lat, longitude: call.query.lon), viewer: call.context)
        }
        api.handle(AppDealsEndpoints.shareLocation) { call in
            let location = try CoarseLocation(latitude: String(call.body.lat), longitude: String(call.body.lon))
            try deals.nearby.share(location, userID: call.context.user.id, at: Int64(deals.clock.now().timeIntervalSince1970))
            return DealLocation(lat: location.latitude, lon: location.longitude)
        }
        api.handle(AppDealsEndpoints.forgetLocation) { call in
            try deals.nearby.forget(userID: call.context.user.id)
            return NoContent()
        }
        api.handle(AppDealsEndpoints.alerts) { call in
            let snapshot = try deals.store.snapshot()
            let mine = try deals.alerts.alerts(userID: call.context.user.id).values.sorted { $0.appID < $1.appID }
            return DealAlertList(items: mine.map { Self.model($0, name: snapshot.apps[$0.appID]?.name) })
        }
        api.handle(AppDealsEndpoints.setAlert) { call in
            let id = try call.id()
            let member = call.context
            let trigger = try Self.trigger(call.body.when, member.viewer.language)
            let snapshot = try deals.store.snapshot()
            guard let app = snapshot.apps[id] else { throw HTTPError.notFound(DealText.noApp(id)(member.viewer.language)) }
            guard snapshot.followsPrice(of: id) else {
                throw HTTPError(.unprocessableContent, detail: DealText.alertNotFollowed(member.viewer.language))
            }
            let alert = try deals.alerts.set(trigger, appID: id, userID: member.user.id, now: Int64(deals.clock.now().timeIntervalSince1970))
            return Self.model(alert, name: app.name)
        }
        api.handle(AppDealsEndpoints.removeAlert) { call in
            try deals.alerts.remove(appID: try call.id(), userID: call.context.user.id)
            return NoContent()
        }
        api.anyone.handle(AppDealsEndpoints.topics) { _ in
            let (topics, asOf) = try deals.topics.all()
            return DealTopicList(items: topics.map { Self.model($0, limit: 4) }, asOf: asOf.map(Self.date))
        }
        api.anyone.handle(AppDealsEndpoints.topic) { call in
            let id = try call.request.parameter("id")
            guard let topic = try deals.topics.all().topics.first(where: { $0.id == id }) else { throw HTTPError(.notFound, localized: DealText.noTopic(String(id.prefix(64)))) }
            return Self.model(topic, limit: nil)
        }
        api.handle(AppDealsEndpoints.addTopic) { call in
            try deals.topicModel(try deals.saveTopic(call.body, id: nil, member: call.context))
        }
        api.handle(AppDealsEndpoints.replaceTopic) { call in
            let id = try call.id()
            _ = try deals.saveTopic(call.body, id: id, member: call.context)
            return try deals.topicModel(id)
        }
        api.handle(AppDealsEndpoints.deleteTopic) { call in
            let id = try call.id()
            guard try deals.editors.delete(id, editor: call.context.user, now: deals.now) else { throw HTTPError(.notFound, localized: DealText.noTopic(String(id))) }
            return NoContent()
        }
        api.handleUpload(AppDealsEndpoints.topicCover) { call in
            let id = try call.id()
            let member = call.context
            guard let upload = call.body.files.first(where: { $0.fieldName == "cover" && $0.size > 0 }) else {
                throw HTTPError.validation([.init(field: "cover", message: DealText.coverMissing(member.viewer.language))])
            }
            return .offloaded(key: String(member.user.id), lane: .batch) {
                try deals.setCover(id, uploadAt: upload.temporaryPath, member: member)
                return try deals.topicModel(id)
            }
        }
    }

    var now: Int64 { Int64(clock.now().timeIntervalSince1970) }

    /// Checks `input` (``EditorTopicRules``) and creates the topic (`id` nil) or replaces topic `id`.
    /// - Returns: the topic's id. - Throws: `HTTPError` 422 for bad input, 404 for an unknown `id`.
    func saveTopic(_ input: DealTopicInput, id: Int64?, member: SignedIn) throws -> Int64 {
        let apps = try store.snapshot().apps
        let topic = try EditorTopicRules.checked(input, known: { apps[$0] != nil }, language: member.viewer.language)
        guard let id else { return try editors.create(topic, editor: member.user, now: now) }
        guard try editors.update(id, with: topic, editor: member.user, now: now) else { throw HTTPError(.notFound, localized: DealText.noTopic(String(id))) }
        return id
    }

    /// Makes the picture at `path` topic `id`'s cover. - Throws: `HTTPError` 422 naming `cover` for a picture that
    /// cannot be read or is too large, 404 for an unknown topic.
    func setCover(_ id: Int64, uploadAt path: String, member: SignedIn) throws {
        let language = member.viewer.language
        do {
            guard try editors.setCover(id, uploadAt: path, editor: member.user, now: now) else { throw HTTPError(.notFound, localized: DealText.noTopic(String(id))) }
        } catch let error as ImagingError {
            switch error {
            case .tooManyBytes, .tooManyPixels:
                throw HTTPError.validation([.init(field: "cover", message: DealText.coverTooLarge(language))])
            default:
                throw HTTPError.validation([.init(field: "cover", message: DealText.coverUnreadable(language))])
            }
        }
    }

    /// App `id` as a list row in the China store as of its newest observation.
    func currentModel(_ id: Int64) throws -> DealApp {
        let snapshot = try store.snapshot()
        guard let app = snapshot.apps[id] else { throw HTTPError(.notFound, localized: DealText.noApp(id)) }
        let state = store.states(snapshot, region: .cn, at: snapshot.latest[.cn] ?? 0)[id]
        return Self.model(state.map { ListItem(app: app, state: $0, price: $0.price, currency: .cny) }
            ?? ListItem(app: app, state: nil, price: app.catalogPrice, currency: app.catalogCurrency ?? .usd))
    }

    /// An editor's topic `id` with all its apps. - Throws: `HTTPError` 404.
    func topicModel(_ id: Int64) throws -> DealTopic {
        guard let topic = try topics.all().topics.first(where: { $0.editor?.id == id }) else { throw HTTPError(.notFound, localized: DealText.noTopic(String(id))) }
        return Self.model(topic, limit: nil)
    }

    func detail(_ id: Int64, query: DealAppQuery, viewer: Viewer) throws -> DealAppDetail? {
        let snapshot = try store.snapshot()
        let region = Region(query.region)
        let at = try ListQuery.time(query.at, viewer.language)
        guard let detail = try store.detail(id, snapshot: snapshot) else { return nil }
        let time = at ?? snapshot.latest[region] ?? 0
        let state = store.states(snapshot, region: region, at: time)[id]
        let item = state.map { ListItem(app: detail.summary, state: $0, price: $0.price, currency: region.currency) }
            ?? ListItem(app: detail.summary, state: nil, price: detail.summary.catalogPrice, currency: detail.summary.catalogCurrency ?? .usd)
        var counted = item
        let counts = try store.counts([id])[id]
        counted.favorites = counts?.favorites ?? 0
        counted.shares = counts?.shares ?? 0
        let history = store.priceHistory(id, snapshot: snapshot, region: region, upTo: time)
        let favorite = try viewer.user.map { try favorites.contains(DealsApp.subject(id), userID: $0.id) }
        let alert = try viewer.user.flatMap { try alerts.alert(appID: id, userID: $0.id) }
        return DealAppDetail(
            app: Self.model(counted), englishName: detail.englishName, genres: detail.genresZh, sizeBytes: detail.sizeBytes,
            version: detail.version, releaseNotes: detail.releaseNotes, description: detail.description, seller: detail.seller,
            screenshotCount: detail.screenshotURLs.count, screenshots: DealsApp.screenshots(id, urls: detail.screenshotURLs), storeUrl: detail.storeURL,
            priceHistory: history.map { DealPricePoint(at: Self.date($0.start), price: Money.decimal($0.price)) },
            minPrice: state.map { Money.decimal($0.minPrice) }, maxPrice: state.map { Money.decimal($0.maxPrice) },
            asOf: state == nil ? nil : Self.date(time), favorite: favorite, alert: alert?.trigger.rawValue)
    }

    /// The apps favourited near `location`, as list rows in the China store as of its newest observation.
    func nearbyItems(_ location: CoarseLocation, viewer: Viewer) throws -> (items: [ListItem], users: Int64) {
        let found = try nearby.apps(near: location, excluding: viewer.user?.id)
        let snapshot = try store.snapshot()
        let states = store.states(snapshot, region: .cn, at: snapshot.latest[.cn] ?? 0)
        let counts = try store.counts(found.apps.map(\.id))
        let items = found.apps.compactMap { entry -> ListItem? in
            guard let app = snapshot.apps[entry.id] else { return nil }
            let state = states[entry.id]
            var item = state.map { ListItem(app: app, state: $0, price: $0.price, currency: .cny) }
                ?? ListItem(app: app, state: nil, price: app.catalogPrice, currency: app.catalogCurrency ?? .usd)
            item.favorites = counts[entry.id]?.favorites ?? 0
            item.shares = counts[entry.id]?.shares ?? 0
            return item
        }
        return (items, found.users)
    }

    func nearbyModel(_ location: CoarseLocation, viewer: Viewer) throws -> DealNearby {
        let found = try nearbyItems(location, viewer: viewer)
        return DealNearby(location: DealLocation(lat: location.latitude, lon: location.longitude), users: found.users,
                          items: found.items.map(Self.model))
    }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    static func model(_ item: ListItem) -> DealApp {
        let state = item.state
        let isDeal = state?.trend == .limited || state?.trend == .sales
        return DealApp(
            id: item.app.id, name: item.app.name, iconUrl: DealsApp.icon(item.app.id, url: item.app.iconURL), category: item.app.genre,
            kind: item.app.isGame.map { $0 ? "game" : "app" }, price: item.price.map(Money.decimal),
            lastPrice: state?.lastPrice.map(Money.decimal), currency: item.currency.rawValue,
            formattedPrice: item.price.map { Money.formatted($0, item.currency) },
            formattedLastPrice: state?.lastPrice.map { Money.formatted($0, item.currency) }, trend: state?.trend.rawValue,
            since: state.map { date($0.since) }, expiresAt: state?.expiresAt.map(date), expiresEstimated: state?.expiresEstimated ?? false,
            fakeDiscount: state?.fakeDiscount ?? false, regularPrice: isDeal ? state?.longRunPrice.map(Money.decimal) : nil,
            rating: (item.app.ratingCount ?? 0) > 0 ? item.app.rating : nil, ratingCount: item.app.ratingCount,
            favorites: item.favorites, shares: item.shares)
    }

    /// The alert condition of `when`. Throws `400` naming the allowed values, in `language` (tester 30 #14: English only).
    static func trigger(_ text: String, _ language: Language) throws(HTTPError) -> AlertTrigger {
        guard let trigger = AlertTrigger(rawValue: text) else {
            throw HTTPError.badRequest(DealText.unknownTrigger(String(text.prefix(60)), allowed: AlertTrigger.allCases.map(\.rawValue))(language))
        }
        return trigger
    }

    static func model(_ alert: PriceAlert, name: String?) -> DealAlert {
        DealAlert(appId: alert.appID, name: name ?? String(alert.appID), when: alert.trigger.rawValue, createdAt: date(alert.createdAt),
                  lastNotifiedAt: alert.lastNotifiedAt.map(date))
    }

    static func model(_ topic: Topic, limit: Int?) -> DealTopic {
        DealTopic(id: topic.id, title: topic.title.zh, summary: topic.summary.zh, appCount: topic.items.count,
                  apps: (limit.map { Array(topic.items.prefix($0)) } ?? topic.items).map(model), editorial: topic.editor != nil,
                  titleEn: topic.title.en, summaryEn: topic.summary.en, coverUrl: topic.editor?.cover.map { "/media/\($0)" },
                  position: topic.editor?.position, updatedAt: topic.editor.map { date($0.updatedAt) })
    }

    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(DealApp.self, overriding: ["rating": .number(description: "average rating, 0–5")]),
        JSONSchema.component(DealAppPage.self),
        JSONSchema.component(DealPricePoint.self),
        JSONSchema.component(DealAppDetail.self),
        JSONSchema.component(DealTopic.self),
        JSONSchema.component(DealTopicList.self),
        JSONSchema.component(DealTopicInput.self),
        JSONSchema.component(DealKnownEndInput.self),
        JSONSchema.component(DealLocation.self),
        JSONSchema.component(DealNearby.self),
        JSONSchema.component(DealAlertInput.self, overriding: ["when": .string(description: "drop (any price drop) or free (only a drop to 0)")]),
        JSONSchema.component(DealAlert.self),
        JSONSchema.component(DealAlertList.self),
    ]
}

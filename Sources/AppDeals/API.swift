import AppSuiteAPI
import Community
import Foundation
import HTTPServer
import AppHost
import Identity
import Imaging
import WebUI

/// `/api/v1/appdeals/…`: the tabs (限免 降价 免费 热榜) with search and filters, an app with its price history,
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
        api.anyone.get("/apps") { request, _ in
            let snapshot = try deals.store.snapshot()
            let query = try ListQuery(request.query, categories: snapshot.categories)
            let page = try deals.lists.page(query)
            return Self.json(DealAppPage(items: page.items.map(Self.model), nextCursor: page.nextCursor, asOf: page.asOf.map(Self.date)))
        }
        api.anyone.get("/apps/{id}") { request, viewer in
            let id = try request.parameter("id", as: Int64.self)
            guard let detail = try deals.detail(id, query: request.query, viewer: viewer) else { throw HTTPError.notFound("no app \(id)") }
            return Self.json(detail)
        }
        api.put("/apps/{id}/end") { request, member in
            try deals.auth.require(.curate, member)
            let id = try request.parameter("id", as: Int64.self)
            let input = try request.decodeJSON(DealKnownEndInput.self)
            let snapshot = try deals.store.snapshot()
            guard snapshot.apps[id] != nil else { throw HTTPError.notFound("no app \(id)") }
            let state = deals.store.states(snapshot, region: .cn, at: snapshot.latest[.cn] ?? 0)[id]
            try KnownEnds.set(Int64(input.endsAt.timeIntervalSince1970.rounded(.down)), state: state, appID: id, region: .cn,
                              editor: member.user, database: deals.store.database, now: deals.now)
            return Self.json(try deals.currentModel(id))
        }
        api.delete("/apps/{id}/end") { request, member in
            try deals.auth.require(.curate, member)
            let id = try request.parameter("id", as: Int64.self)
            guard try KnownEnds.remove(appID: id, region: .cn, editor: member.user, database: deals.store.database, now: deals.now) else {
                throw HTTPError.notFound("app \(id) has no known end")
            }
            return Response(status: .noContent)
        }
        api.anyone.get("/nearby") { request, viewer in
            let location = try CoarseLocation(latitude: request.query["lat"], longitude: request.query["lon"])
            return Self.json(try deals.nearbyModel(location, viewer: viewer))
        }
        api.put("/location") { request, member in
            let input = try request.decodeJSON(DealLocation.self)
            let location = try CoarseLocation(latitude: String(input.lat), longitude: String(input.lon))
            try deals.nearby.share(location, userID: member.user.id, at: Int64(deals.clock.now().timeIntervalSince1970))
            return Self.json(DealLocation(lat: location.latitude, lon: location.longitude))
        }
        api.delete("/location") { _, member in
            try deals.nearby.forget(userID: member.user.id)
            return Response(status: .noContent)
        }
        api.get("/alerts") { _, member in
            let snapshot = try deals.store.snapshot()
            let mine = try deals.alerts.alerts(userID: member.user.id).values.sorted { $0.appID < $1.appID }
            return Self.json(DealAlertList(items: mine.map { Self.model($0, name: snapshot.apps[$0.appID]?.name) }))
        }
        api.put("/alerts/{id}") { request, member in
            let id = try request.parameter("id", as: Int64.self)
            let input = try request.decodeJSON(DealAlertInput.self)
            let trigger = try Self.trigger(input.when)
            guard let app = try deals.store.snapshot().apps[id] else { throw HTTPError.notFound("no app \(id)") }
            let alert = try deals.alerts.set(trigger, appID: id, userID: member.user.id, now: Int64(deals.clock.now().timeIntervalSince1970))
            return Self.json(Self.model(alert, name: app.name))
        }
        api.delete("/alerts/{id}") { request, member in
            try deals.alerts.remove(appID: try request.parameter("id", as: Int64.self), userID: member.user.id)
            return Response(status: .noContent)
        }
        api.anyone.get("/topics") { _, _ in
            let (topics, asOf) = try deals.topics.all()
            return Self.json(DealTopicList(items: topics.map { Self.model($0, limit: 4) }, asOf: asOf.map(Self.date)))
        }
        api.anyone.get("/topics/{id}") { request, _ in
            let id = try request.parameter("id")
            guard let topic = try deals.topics.all().topics.first(where: { $0.id == id }) else { throw HTTPError.notFound("no topic \(id)") }
            return Self.json(Self.model(topic, limit: nil))
        }
        api.post("/topics") { request, member in
            try deals.auth.require(.curate, member)
            let id = try deals.saveTopic(try request.decodeJSON(DealTopicInput.self), id: nil, member: member)
            return Self.json(try deals.topicModel(id), status: .created)
        }
        api.put("/topics/{id}") { request, member in
            try deals.auth.require(.curate, member)
            let id = try request.parameter("id", as: Int64.self)
            _ = try deals.saveTopic(try request.decodeJSON(DealTopicInput.self), id: id, member: member)
            return Self.json(try deals.topicModel(id))
        }
        api.delete("/topics/{id}") { request, member in
            try deals.auth.require(.curate, member)
            let id = try request.parameter("id", as: Int64.self)
            guard try deals.editors.delete(id, editor: member.user, now: deals.now) else { throw HTTPError.notFound("no editor's topic \(id)") }
            return Response(status: .noContent)
        }
        api.put("/topics/{id}/cover") { request, member in
            try deals.auth.require(.curate, member)
            let id = try request.parameter("id", as: Int64.self)
            guard let upload = request.uploadedFiles.first(where: { $0.fieldName == "cover" && $0.size > 0 }) else {
                throw HTTPError.validation([.init(field: "cover", message: DealText.coverMissing(member.viewer.language))])
            }
            return .offloaded(key: String(member.user.id), lane: .batch) {
                try deals.setCover(id, uploadAt: upload.temporaryPath, member: member)
                return Self.json(try deals.topicModel(id))
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
        guard try editors.update(id, with: topic, editor: member.user, now: now) else { throw HTTPError.notFound("no editor's topic \(id)") }
        return id
    }

    /// Makes the picture at `path` topic `id`'s cover. - Throws: `HTTPError` 422 naming `cover` for a picture that
    /// cannot be read or is too large, 404 for an unknown topic.
    func setCover(_ id: Int64, uploadAt path: String, member: SignedIn) throws {
        let language = member.viewer.language
        do {
            guard try editors.setCover(id, uploadAt: path, editor: member.user, now: now) else { throw HTTPError.notFound("no editor's topic \(id)") }
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
        guard let app = snapshot.apps[id] else { throw HTTPError.notFound("no app \(id)") }
        let state = store.states(snapshot, region: .cn, at: snapshot.latest[.cn] ?? 0)[id]
        return Self.model(state.map { ListItem(app: app, state: $0, price: $0.price, currency: .cny) }
            ?? ListItem(app: app, state: nil, price: app.catalogPrice, currency: app.catalogCurrency ?? .usd))
    }

    /// An editor's topic `id` with all its apps. - Throws: `HTTPError` 404.
    func topicModel(_ id: Int64) throws -> DealTopic {
        guard let topic = try topics.all().topics.first(where: { $0.editor?.id == id }) else { throw HTTPError.notFound("no editor's topic \(id)") }
        return Self.model(topic, limit: nil)
    }

    func detail(_ id: Int64, query: FormData, viewer: Viewer) throws -> DealAppDetail? {
        let snapshot = try store.snapshot()
        let listQuery = try ListQuery(query, categories: snapshot.categories)
        guard let detail = try store.detail(id, snapshot: snapshot) else { return nil }
        let time = listQuery.at ?? snapshot.latest[listQuery.region] ?? 0
        let state = store.states(snapshot, region: listQuery.region, at: time)[id]
        let item = state.map { ListItem(app: detail.summary, state: $0, price: $0.price, currency: listQuery.region.currency) }
            ?? ListItem(app: detail.summary, state: nil, price: detail.summary.catalogPrice, currency: detail.summary.catalogCurrency ?? .usd)
        var counted = item
        let counts = try store.counts([id])[id]
        counted.favorites = counts?.favorites ?? 0
        counted.shares = counts?.shares ?? 0
        let history = store.priceHistory(id, snapshot: snapshot, region: listQuery.region, upTo: time)
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

    static func json(_ value: some Encodable, status: HTTPStatus = .ok) -> Response {
        let data = (try? APICoding.makeEncoder().encode(value)) ?? Data("{}".utf8)
        return .json([UInt8](data), status: status)
    }

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

    /// The alert condition of `when`. Throws `400` naming the allowed values.
    static func trigger(_ text: String) throws(HTTPError) -> AlertTrigger {
        guard let trigger = AlertTrigger(rawValue: text) else {
            throw HTTPError.badRequest("unknown when \"\(text.prefix(60))\"; allowed: \(AlertTrigger.allCases.map(\.rawValue).joined(separator: ", "))")
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

    static let operations: [APIOperation] = {
        let filters: [APIOperation.Parameter] = [
            .init("tab", in: .query, description: "limited (限免, default), sales (降价), free (免费), hot (热榜)"),
            .init("region", in: .query, description: "store: cn (default) or us"),
            .init("category", in: .query, description: "primary genre, e.g. Games"),
            .init("device", in: .query, description: "iphone, ipad or mac"),
            .init("q", in: .query, description: "search in Chinese, English or mixed names, at most 100 characters"),
            .init("at", in: .query, description: "as-of time: ISO 8601, a UTC date or UTC seconds (default: the newest observation)"),
            .init("cursor", in: .query), .init("limit", in: .query, schema: .integer(description: "1–100, default 20")),
        ]
        return [
            APIOperation(.get, "/api/v1/appdeals/apps", summary: "A tab of deals (限免/降价/免费) or 热榜, filtered and searched, as of a time",
                         tag: "AppDeals", parameters: filters,
                         responses: [.init(200, "A page of apps", schema: .ref(DealAppPage.self)),
                                     .init(400, "Unknown tab, region, category or device, or a bad at, limit, cursor or q", schema: .reference("Problem"))]),
            APIOperation(.get, "/api/v1/appdeals/apps/{id}", summary: "An app with its price history in a region, as of a time", tag: "AppDeals",
                         parameters: [.init("id", in: .path, schema: .integer()), .init("region", in: .query), .init("at", in: .query)],
                         responses: [.init(200, "The app", schema: .ref(DealAppDetail.self)),
                                     .init(400, "Bad region or at", schema: .reference("Problem")),
                                     .init(404, "No such app", schema: .reference("Problem"))]),
            APIOperation(.put, "/api/v1/appdeals/apps/{id}/end",
                         summary: "Set the known end of an app's current 限免 in the China store (admins); shown instead of the estimate until its next price change",
                         tag: "AppDeals", parameters: [.init("id", in: .path, schema: .integer())], requestBody: .ref(DealKnownEndInput.self),
                         responses: [.init(200, "The app as a list row", schema: .ref(DealApp.self)),
                                     .init(404, "No such app", schema: .reference("Problem")),
                                     .init(409, "The app is not 限免 now", schema: .reference("Problem"))] + Self.editorProblems,
                         requiresAuthentication: true),
            APIOperation(.delete, "/api/v1/appdeals/apps/{id}/end", summary: "Clear an app's known end (admins): the estimate shows again",
                         tag: "AppDeals", parameters: [.init("id", in: .path, schema: .integer())],
                         responses: [.init(204, "Cleared"), .init(401, "Not signed in", schema: .reference("Problem")),
                                     .init(403, "Not an admin", schema: .reference("Problem")),
                                     .init(404, "No such app or no known end", schema: .reference("Problem"))],
                         requiresAuthentication: true),
            APIOperation(.get, "/api/v1/appdeals/nearby", summary: "周边: apps favourited by opted-in users within about 1.5 km (the position is rounded to 0.01° and not stored)",
                         tag: "AppDeals",
                         parameters: [.init("lat", in: .query, required: true, schema: .number()), .init("lon", in: .query, required: true, schema: .number())],
                         responses: [.init(200, "The apps", schema: .ref(DealNearby.self)),
                                     .init(400, "A missing or out-of-range lat or lon", schema: .reference("Problem"))]),
            APIOperation(.put, "/api/v1/appdeals/location", summary: "Share my location for 周边, rounded to 0.01° before it is stored",
                         tag: "AppDeals", requestBody: .ref(DealLocation.self),
                         responses: [.init(200, "The rounded location kept", schema: .ref(DealLocation.self)),
                                     .init(400, "An out-of-range or malformed location", schema: .reference("Problem")),
                                     .init(401, "Not signed in", schema: .reference("Problem"))],
                         requiresAuthentication: true),
            APIOperation(.delete, "/api/v1/appdeals/location", summary: "Stop sharing my location (the rounded one is deleted)", tag: "AppDeals",
                         responses: [.init(204, "Deleted"), .init(401, "Not signed in", schema: .reference("Problem"))],
                         requiresAuthentication: true),
            APIOperation(.get, "/api/v1/appdeals/alerts", summary: "My price alerts", tag: "AppDeals",
                         responses: [.init(200, "The alerts", schema: .ref(DealAlertList.self)),
                                     .init(401, "Not signed in", schema: .reference("Problem"))],
                         requiresAuthentication: true),
            APIOperation(.put, "/api/v1/appdeals/alerts/{id}",
                         summary: "Set my price alert on an app (saved to my favourites too): notify on any drop (drop) or only a drop to free (free)",
                         tag: "AppDeals", parameters: [.init("id", in: .path, schema: .integer())], requestBody: .ref(DealAlertInput.self),
                         responses: [.init(200, "The alert", schema: .ref(DealAlert.self)),
                                     .init(400, "A malformed body or an unknown when", schema: .reference("Problem")),
                                     .init(401, "Not signed in", schema: .reference("Problem")),
                                     .init(404, "No such app", schema: .reference("Problem"))],
                         requiresAuthentication: true),
            APIOperation(.delete, "/api/v1/appdeals/alerts/{id}", summary: "Remove my price alert on an app (the favourite stays)", tag: "AppDeals",
                         parameters: [.init("id", in: .path, schema: .integer())],
                         responses: [.init(204, "Removed (or there was none)"),
                                     .init(401, "Not signed in", schema: .reference("Problem")),
                                     .init(404, "Not an App Store id", schema: .reference("Problem"))],
                         requiresAuthentication: true),
            APIOperation(.get, "/api/v1/appdeals/topics", summary: "专题: the editors' ones in their order, then those generated from the newest deals",
                         tag: "AppDeals", responses: [.init(200, "The topics", schema: .ref(DealTopicList.self))]),
            APIOperation(.get, "/api/v1/appdeals/topics/{id}", summary: "One 专题 with all its apps", tag: "AppDeals",
                         parameters: [.init("id", in: .path)],
                         responses: [.init(200, "The topic", schema: .ref(DealTopic.self)), .init(404, "No such topic", schema: .reference("Problem"))]),
            APIOperation(.post, "/api/v1/appdeals/topics", summary: "Add an editor's 专题 (admins): titles, text, 4–50 imported apps, a position",
                         tag: "AppDeals", requestBody: .ref(DealTopicInput.self),
                         responses: [.init(201, "The topic with all its apps", schema: .ref(DealTopic.self))] + Self.editorProblems,
                         requiresAuthentication: true),
            APIOperation(.put, "/api/v1/appdeals/topics/{id}", summary: "Replace an editor's 专题's texts, apps and position (admins)", tag: "AppDeals",
                         parameters: [.init("id", in: .path, schema: .integer())], requestBody: .ref(DealTopicInput.self),
                         responses: [.init(200, "The topic", schema: .ref(DealTopic.self)),
                                     .init(404, "No editor's topic with this id", schema: .reference("Problem"))] + Self.editorProblems,
                         requiresAuthentication: true),
            APIOperation(.delete, "/api/v1/appdeals/topics/{id}", summary: "Delete an editor's 专题 and its cover (admins)", tag: "AppDeals",
                         parameters: [.init("id", in: .path, schema: .integer())],
                         responses: [.init(204, "Deleted"), .init(401, "Not signed in", schema: .reference("Problem")),
                                     .init(403, "Not an admin", schema: .reference("Problem")),
                                     .init(404, "No editor's topic with this id", schema: .reference("Problem"))],
                         requiresAuthentication: true),
            APIOperation(.put, "/api/v1/appdeals/topics/{id}/cover",
                         summary: "Upload an editor's 专题's cover (admins): any picture within 100 megapixels and 64 MiB, turned upright, stripped of metadata and re-encoded as a JPEG of at most 1200 px",
                         tag: "AppDeals", parameters: [.init("id", in: .path, schema: .integer())],
                         requestBody: .object([("cover", .string(format: "binary"))], required: ["cover"]),
                         responses: [.init(200, "The topic", schema: .ref(DealTopic.self)),
                                     .init(404, "No editor's topic with this id", schema: .reference("Problem"))] + Self.editorProblems,
                         requiresAuthentication: true),
        ]
    }()

    /// The refusals every admin write shares.
    static let editorProblems: [APIOperation.Outcome] = [
        .init(400, "A malformed body", schema: .reference("Problem")),
        .init(401, "Not signed in", schema: .reference("Problem")),
        .init(403, "Not an admin", schema: .reference("Problem")),
        .init(422, "A field out of its limits, fewer than 4 or more than 50 apps, unknown app ids, or an unreadable or too large cover",
              schema: .reference("Problem")),
    ]

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

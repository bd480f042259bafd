import AppHost
import AppSuiteAPI
import Community
import Foundation
import HTTPServer
import Identity
import WebUI

/// The pages under `/appdeals`: the tabs 限免 (home), 降价, 免费, 专题, 热榜; search; an app with its price
/// chart; favourites as an icon grid with a delete mode. Everything works with links and forms; deals.js adds
/// the ticking countdowns, loading the next page in place, the edit mode of the grid and Web Share.
struct DealPages: Sendable {
    let store: DealStore
    let lists: DealLists
    let topics: DealTopics
    let api: DealAPI
    let favorites: FavoriteStore
    let nearby: NearbyStore
    let alerts: AlertStore
    let clock: AppClock
    let assets: AppAssets
    /// Seconds between two price polls (`--appdeals-poll-minutes`): data older than this is not live, and its
    /// countdowns stand still at the data's time (deals.js reads it from `data-live-for`).
    var pollInterval: Int64 = 3_600

    static let tabs = [
        TabItem(id: "limited", href: "/appdeals", icon: .tag, label: DealText.limited),
        TabItem(id: "sales", href: "/appdeals/sales", icon: .star, label: DealText.sales),
        TabItem(id: "free", href: "/appdeals/free", icon: .check, label: DealText.free),
        TabItem(id: "topics", href: "/appdeals/topics", icon: .grid, label: DealText.topics),
        TabItem(id: "hot", href: "/appdeals/hot", icon: .heart, label: DealText.hot),
    ]

    func register(into routes: inout RouteGroup<SessionGuard>, files: inout SessionlessRoutes) {
        let pages = self
        // A tab's signed-out first page depends only on the data snapshot (its as-of time is the newest observation,
        // not the clock): kept per language and theme until `appdeals_meta.data_version` moves (``DealStore/validity``).
        let keep = Keep.until(store.validity, entries: 32, megabytes: 2)
        routes.anyone.get("", keep: keep) { request, viewer in try pages.listPage(request, viewer, tab: .limited, path: "/appdeals") }
        routes.anyone.get("/sales", keep: keep) { request, viewer in try pages.listPage(request, viewer, tab: .sales, path: "/appdeals/sales") }
        routes.anyone.get("/free", keep: keep) { request, viewer in try pages.listPage(request, viewer, tab: .free, path: "/appdeals/free") }
        routes.anyone.get("/hot", keep: keep) { request, viewer in try pages.listPage(request, viewer, tab: .hot, path: "/appdeals/hot") }
        routes.anyone.get("/search") { request, viewer in try pages.listPage(request, viewer, tab: .hot, path: "/appdeals/search") }
        routes.anyone.get("/topics") { request, viewer in try pages.topicsPage(request, viewer) }
        routes.anyone.get("/topics/{id}") { request, viewer in try pages.topicPage(request, viewer) }
        registerEditor(into: &routes)
        routes.anyone.get("/apps/{id}") { request, viewer in try pages.appPage(request, viewer) }
        routes.anyone.post("/apps/{id}/share") { request, viewer in try pages.share(request, viewer) }
        routes.post("/apps/{id}/favorite") { request, member in try pages.toggleFavorite(request, member) }
        routes.post("/apps/{id}/alert") { request, member in try pages.setAlert(request, member) }
        routes.post("/apps/{id}/end") { request, member in try pages.setKnownEnd(request, member) }
        routes.get("/favorites") { request, member in try pages.favoritesPage(request, member) }
        routes.anyone.get("/nearby") { request, viewer in try pages.nearbyPage(request, viewer) }
        routes.post("/nearby/share") { request, member in try pages.shareLocation(request, member) }
        routes.post("/nearby/forget") { request, member in try pages.forgetLocation(request, member) }
        routes.post("/favorites/{id}/delete") { request, member in try pages.removeFavorite(request, member) }
        files.get("/icons/{file}") { request in
            let file = try request.parameter("file")
            guard file.hasSuffix(".svg"), let id = Int64(file.dropLast(4)), let app = try pages.store.snapshot().apps[id] else {
                throw HTTPError.notFound()
            }
            var response = Response(status: .ok, body: .bytes(Array(DealGraphics.iconSVG(id: id, name: app.name).utf8)))
            response.headers.set("Content-Type", "image/svg+xml; charset=utf-8")
            response.headers.set("Cache-Control", "public, max-age=86400")
            return response
        }
    }

    /// A page of the app; `actions` puts 搜索 and 收藏 in the nav bar (tab pages; deeper pages have a back
    /// label and keep only the language switch, which fits a 390 px bar).
    func page(_ viewer: Viewer, title: String, back: BackLink? = nil, tab: String?, status: HTTPStatus = .ok, actions: Bool = true,
              @HTMLBuilder content: () -> [Node]) -> Response {
        let l = viewer.language
        let trailing = (actions ? [
            navAction(href: "/appdeals/search", icon: .search, label: DealText.search(l)),
            navAction(href: "/appdeals/favorites", icon: .bookmark, label: DealText.favorites(l)),
        ] : []) + [languageSwitch(l, currentURL: viewer.currentURL)]
        return viewer.page(title: title, back: back, tabs: Self.tabs, activeTab: tab, status: status, trailing: trailing, bodyClass: "ad",
                           stylesheets: [assets.url("deals.css")], scripts: [assets.url("deals.js")], content: content)
    }

    static let launcher = BackLink(href: "/", label: "AppSuite")

    // MARK: lists

    /// A list query's value that is its default (`region=cn`, `limit=20`): left out of the page's links.
    static func isDefault(_ item: (name: String, value: String)) -> Bool {
        (item.name == "region" && item.value == DealRegion.cn.rawValue) || (item.name == "limit" && item.value == "20")
    }

    func listPage(_ request: Request, _ viewer: Viewer, tab: Tab, path: String) throws -> Response {
        let l = viewer.language
        let snapshot = try store.snapshot()
        let isSearch = path.hasSuffix("/search")
        let wire: DealAppsQuery
        let query: ListQuery
        do {
            wire = try request.query(as: DealAppsQuery.self, defaults: [("tab", tab.rawValue)], chinese: l == .zh)
            query = try ListQuery(wire, categories: snapshot.categories, chineseNames: snapshot.chineseCategoryNames, language: l)
        } catch {
            return self.page(viewer, title: DealText.appTitle(l), back: Self.launcher, tab: tab.rawValue, status: error.status) {
                // A bad address fails again on retry: offer the list itself instead (tester 30 #13).
                errorState(language: l, title: DealText.nothingHere(l), message: error.errors.map(\.message).joined(separator: " "))
                div(.class("form-actions")) { button(DealText.backToList(l), style: .secondary, href: path, fullWidth: false) }
            }
        }
        let result = isSearch && query.search == nil && !query.searchIsEmpty
            ? ListPage(items: [], nextCursor: nil, asOf: snapshot.latest[query.region], outsideData: false)
            : try lists.page(query)
        let title = isSearch ? DealText.search(l) : Self.tabs.first { $0.id == tab.rawValue }.map { $0.label(l) } ?? DealText.appTitle(l)
        var kept = wire
        kept.cursor = nil
        let keep = kept.queryItems.filter { $0.name != "tab" && !Self.isDefault($0) }
            .map { percentEncode($0.name) + "=" + percentEncode($0.value) }.joined(separator: "&")
        let base = path + (keep.isEmpty ? "" : "?" + keep)
        let more = result.nextCursor.map { base + (base.contains("?") ? "&" : "?") + "cursor=" + percentEncode($0) }
        return self.page(viewer, title: title, back: Self.launcher, tab: isSearch ? nil : tab.rawValue) {
            if isSearch {
                form(.class("ad-search"), .action("/appdeals/search"), .method("get"), .role("search")) {
                    input(.class("field-input"), .type("search"), .name("q"), .value(wire.q ?? ""),
                          .placeholder(DealText.searchPlaceholder(l)), .ariaLabel(DealText.search(l)), .maxlength(DealAppsQuery.maximumSearchLength))
                    WebUI.button(.classes("btn", "btn-primary"), .type("submit")) { DealText.search(l) }
                }
            } else {
                filters(query, categories: snapshot.categories, names: snapshot.chineseCategoryNames, action: path, language: l)
            }
            if let asOf = result.asOf { p(.class("ad-asof")) { DealText.dataAsOf(BeijingTime.dateTime(asOf))(l) } }
            if tab == .hot && !isSearch {
                p(.class("ad-note")) { DealText.hotNote(l) }
                div(.class("ad-actions")) { a(.classes("btn", "btn-secondary"), .href("/appdeals/nearby")) { DealText.nearbyLink(l) } }
            }
            if result.outsideData, let from = snapshot.earliest[query.region], let to = snapshot.latest[query.region] {
                emptyState(icon: .info, title: DealText.outsideData(l),
                           message: DealText.outsideDataMessage(BeijingTime.numericDate(from), BeijingTime.numericDate(to))(l))
            } else if snapshot.apps.isEmpty {
                emptyState(icon: .tag, title: DealText.noData(l), message: DealText.noDataMessage(l))
            } else if result.items.isEmpty {
                if !isSearch || query.search != nil || query.searchIsEmpty {
                    emptyState(icon: .search, title: DealText.nothingHere(l), message: DealText.nothingHereMessage(l))
                }
            } else {
                ul(.class("ad-list"), .role("list"), .attribute("data-list", "apps")) {
                    for item in result.items { row(item, asOf: result.asOf ?? 0, language: l) }
                }
                if let more {
                    div(.class("ad-more")) {
                        a(.classes("btn", "btn-secondary"), .href(more), .attribute("data-more", "apps"), .attribute("data-end", DealText.end(l))) {
                            DealText.loadMore(l)
                        }
                    }
                } else {
                    p(.class("ad-end")) { DealText.end(l) }
                }
            }
        }
    }

    /// Category and device pickers: a GET form (deals.js submits it on change). Categories are sent by their App
    /// Store names and shown in Chinese on a Chinese page where the China store names them (`names`).
    func filters(_ query: ListQuery, categories: [String], names: [String: String], action: String, language l: Language) -> Node {
        form(.class("ad-filters"), .action(action), .method("get"), .attribute("data-autosubmit", "")) {
            WebUI.label(.class("visually-hidden"), .for("ad-category")) { DealText.category(l) }
            Node.element("select", [.class("field-input"), .id("ad-category"), .name("category")],
                         [Node.element("option", [.value("")], [.text(DealText.allCategories(l))])]
                            + categories.map { Node.element("option", [.value($0), Attribute.selected.when($0 == query.category)],
                                                            [.text(l == .zh ? names[$0] ?? $0 : $0)]) })
            WebUI.label(.class("visually-hidden"), .for("ad-device")) { DealText.device(l) }
            Node.element("select", [.class("field-input"), .id("ad-device"), .name("device")],
                         [Node.element("option", [.value("")], [.text(DealText.allDevices(l))])]
                            + DealDevice.allCases.map(\.rawValue).map { device in
                                Node.element("option", [.value(device), Attribute.selected.when(device == query.device)],
                                             [.text(DealText.deviceNames[device]?(l) ?? device)])
                            })
            WebUI.button(.classes("btn", "btn-secondary", "ad-filter-go"), .type("submit")) { DealText.filter(l) }
        }
    }

    func row(_ item: ListItem, asOf: Int64, language l: Language) -> Node {
        let state = item.state
        let isDeal = state?.trend == .limited || state?.trend == .sales
        return li(.class("ad-row")) {
            a(.class("ad-row-link"), .href("/appdeals/apps/\(item.app.id)")) {
                img(.class("ad-icon"), .src(DealsApp.icon(item.app.id, url: item.app.iconURL)), .alt(""), .width(60), .height(60), .loading("lazy"))
                div(.class("ad-row-main")) {
                    span(.class("ad-name")) { item.app.name }
                    span(.class("ad-prices")) {
                        if isDeal, let last = state?.lastPrice { Node.element("s", [.class("ad-old")], [.text(Money.formatted(last, item.currency))]) }
                        if let price = item.price { span(.classes("ad-price", price == 0 ? "is-free" : nil)) { priceText(price, item.currency, l) } }
                        if let kind = item.app.isGame { span(.class("ad-kind")) { (kind ? DealText.game : DealText.app)(l) } }
                        if state == nil, item.price != nil { span(.class("ad-kind")) { DealText.catalogueNote(l) } }
                    }
                    stars(item.app, language: l)
                    span(.class("ad-meta")) {
                        span { DealText.favoriteCount(item.favorites)(l) }
                        span { DealText.shareCount(item.shares)(l) }
                        if state?.fakeDiscount == true { span(.class("ad-fake")) { DealText.fakeDiscount(l) } }
                    }
                    if state?.trend == .limited, let end = state?.expiresAt {
                        countdown(ends: end, asOf: asOf, estimated: state?.expiresEstimated ?? true, estimate: state?.estimate, l)
                    }
                }
            }
        }
    }

    func priceText(_ minor: Int64, _ currency: Currency, _ l: Language) -> String {
        minor == 0 ? DealText.free(l) : Money.formatted(minor, currency)
    }

    /// "剩余 HH:MM:SS · 截至 <the data's time>": the time left when the newest observation was made, for an offer still
    /// open then (none for one that had ended by then). deals.js counts it down live only while the data is younger
    /// than a poll interval (`data-asof` + `data-live-for`, against the browser's clock); older data keeps the figure
    /// at its own time (issue 30: offers that ended in July 2025 were ticking in 2026).
    func countdown(ends: Int64, asOf: Int64, estimated: Bool, estimate: EndEstimate?, _ l: Language) -> Node {
        guard asOf > 0, ends > asOf else { return .text("") }
        let left = ends - asOf
        let text = String(format: "%02d:%02d:%02d", left / 3600, (left / 60) % 60, left % 60)
        return span(.class("ad-countdown"), .title(estimated ? DealText.estimateNote(estimate)(l) : "")) {
            DealText.remaining(l) + " "
            span(.class("ad-clock"), .attribute("data-ends", String(ends)), .attribute("data-asof", String(asOf)),
                 .attribute("data-live-for", String(pollInterval))) { text }
            if estimated { DealText.estimated(l) }
            span(.class("ad-countdown-asof")) { DealText.countdownAsOf(BeijingTime.dateTime(asOf))(l) }
        }
    }

    /// A fractional 0–5 star bar: five stars in grey with the gold ones clipped to `rating / 5` of the width.
    func stars(_ app: AppSummary, language l: Language) -> Node {
        guard let rating = app.rating, let count = app.ratingCount, count > 0 else {
            return span(.classes("ad-stars", "is-unrated")) { DealText.unrated(l) }
        }
        return span(.class("ad-stars")) {
            DealGraphics.starBar(rating: rating, label: DealText.stars(rating)(l))
            span(.class("ad-rating-count")) { DealText.ratingCount(count)(l) }
            if app.ratingsFromUSData { span(.class("ad-rating-source")) { DealText.usRatings(l) } }
        }
    }

    // MARK: topics

    func topicsPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let (all, asOf) = try topics.all()
        let editor = try isEditor(viewer)
        return self.page(viewer, title: DealText.topics(l), back: Self.launcher, tab: "topics") {
            if let asOf { p(.class("ad-asof")) { DealText.dataAsOf(BeijingTime.dateTime(asOf))(l) } }
            if editor {
                a(.classes("btn", "btn-primary", "ad-new-topic"), .href("/appdeals/topics/new/edit")) { DealText.newTopic(l) }
            }
            if all.isEmpty {
                emptyState(icon: .grid, title: DealText.noTopics(l))
            } else {
                ul(.class("ad-topics"), .role("list")) {
                    for topic in all {
                        li(.classes("ad-topic", topic.editor != nil ? "ad-topic-editorial" : nil)) {
                            a(.class("ad-topic-link"), .href("/appdeals/topics/\(topic.id)")) {
                                if let cover = topic.editor?.cover {
                                    img(.class("ad-cover"), .src("/media/\(cover)"), .alt(""), .width(390), .height(195), .loading("lazy"))
                                }
                                span(.class("ad-topic-icons")) {
                                    for item in topic.items.prefix(4) {
                                        img(.class("ad-icon"), .src(DealsApp.icon(item.app.id, url: item.app.iconURL)), .alt(""), .width(44), .height(44), .loading("lazy"))
                                    }
                                }
                                span(.class("ad-topic-title")) { topic.title(l) }
                                // bdi: an editor's text (a right-to-left override in it) must not reorder the count after it.
                                span(.class("ad-topic-summary")) {
                                    Node.element("bdi", [], [.text(topic.summary(l))])
                                    " · " + DealText.appCount(topic.items.count)(l)
                                }
                                span(.class("ad-tag")) { topic.editor == nil ? DealText.generatedTopic(l) : DealText.editorTopic(l) }
                            }
                        }
                    }
                }
            }
        }
    }

    func topicPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let id = try request.parameter("id")
        let (all, asOf) = try topics.all()
        guard let topic = all.first(where: { $0.id == id }) else { throw HTTPError.notFound() }
        let counts = try store.counts(topic.items.map(\.app.id))
        let editor = try topic.editor != nil && isEditor(viewer)
        return self.page(viewer, title: topic.title(l), back: BackLink(href: "/appdeals/topics", label: DealText.topics(l)), tab: "topics",
                         actions: false) {
            if let cover = topic.editor?.cover { img(.class("ad-cover"), .src("/media/\(cover)"), .alt(""), .width(390), .height(195)) }
            if topic.editor != nil { span(.class("ad-tag")) { DealText.editorTopic(l) } }
            p(.class("ad-note")) { topic.summary(l) }
            if editor {
                a(.classes("btn", "btn-secondary", "ad-edit-topic"), .href("/appdeals/topics/\(topic.id)/edit")) { DealText.editTopic(l) }
            }
            ul(.class("ad-list"), .role("list"), .attribute("data-list", "apps")) {
                for var item in topic.items {
                    let _ = (item.favorites = counts[item.app.id]?.favorites ?? 0, item.shares = counts[item.app.id]?.shares ?? 0)
                    row(item, asOf: asOf ?? 0, language: l)
                }
            }
        }
    }
}

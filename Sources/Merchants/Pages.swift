import AppHost
import AppSuiteAPI
import Community
import Foundation
import Geo
import HTTPServer
import Identity
import Maps
import WebUI

/// The pages under `/merchants`: nearby with filters and the offline plot, search, 摇一摇, and one merchant with
/// its hours, navigation links, rating distribution and rated reviews. Everything works without JavaScript
/// (links and GET forms); merchants.js adds "use my location", devicemotion for the shake and the network banner.
struct MerchantsPages: Sendable {
    let store: MerchantStore
    let api: MerchantsAPI
    let photos: PhotoStore
    let comments: CommentStore
    let ratings: RatingStore
    let favorites: FavoriteStore
    let clock: AppClock
    let assets: AppAssets
    /// The online map, when tiles are configured and Leaflet is installed; nil keeps the offline plot alone.
    let map: MapSetup?

    static let tabs = [
        TabItem(id: "nearby", href: "/merchants", icon: .mapPin, label: MerchantsText.nearby),
        TabItem(id: "shake", href: "/merchants/shake", icon: .star, label: MerchantsText.shake),
        TabItem(id: "search", href: "/merchants/search", icon: .search, label: MerchantsText.search),
    ]

    func register(into pages: inout RouteGroup<SessionGuard>) {
        pages.anyone.get("") { request, viewer in try nearby(request, viewer) }
        pages.anyone.get("/search") { request, viewer in try search(request, viewer) }
        pages.anyone.get("/shake") { request, viewer in try shake(request, viewer) }
        pages.anyone.get("/{id}") { request, viewer in try detail(request, viewer) }
        pages.post("/{id}/reviews", limit: .content) { request, member in try review(request, member) }
        pages.post("/{id}/favorite", limit: .reaction) { request, member in try toggleFavorite(request, member) }
        pages.get("/add") { request, member in try addForm(request, member) }
        pages.post("/add", limit: .content) { request, member in try add(request, member) }
        pages.post("/{id}/reviews/{comment}/reply", limit: .content) { request, member in try ownerReply(request, member) }
        pages.post("/{id}/photos", limit: .upload) { request, member in try uploadPhotos(request, member) }
        pages.anyone.get("/photos/{photo}/{file}") { request, viewer in try photoFile(request, viewer) }
        registerArticles(into: &pages)
    }

    /// `withMap`: the page shows the plot that merchants.js turns into a Leaflet map (its files and a CSP that
    /// lets the tiles in), when ``map`` is configured.
    func page(_ viewer: Viewer, title: String, back: BackLink? = nil, active: String? = nil, status: HTTPStatus = .ok,
              withMap: Bool = false, @HTMLBuilder content: () -> [Node]) -> Response {
        let map = withMap ? map : nil
        var response = viewer.page(title: title, back: back ?? BackLink(href: "/", label: Strings.home(viewer.language)), tabs: Self.tabs, activeTab: active,
                    status: status, trailing: [languageSwitch(viewer.language, currentURL: viewer.currentURL)], bodyClass: "app-merchants",
                    stylesheets: (map?.stylesheetURLs ?? []) + [assets.url("merchants.css")],
                    scripts: (map?.scriptURLs ?? []) + [assets.url("merchants.js")]) {
            networkBanner(viewer)
            div(.class("mx")) { content() }
        }
        if let map { response.headers.set("Content-Security-Policy", map.contentSecurityPolicy) }
        return response
    }

    /// The network banner (shown by merchants.js when the browser goes offline or its probe of
    /// `/api/v1/app/version` fails, with a retry; hidden again when the probe answers) and the upgrade prompt
    /// (shown when that answer says this page's release, ``WebAssets/release`` at render time, is outdated).
    func networkBanner(_ viewer: Viewer) -> Node {
        let l = viewer.language
        return div(.class("mx-network-bar")) {
            div(.class("mx-network"), .role("status"), .attribute("hidden", ""), .attribute("data-offline", MerchantsText.offline(l)),
                .attribute("data-failed", MerchantsText.requestFailed(l))) {
                span(.class("mx-network-text")) { MerchantsText.offline(l) }
                button(.classes("btn", "mx-network-retry"), .type("button")) { MerchantsText.retry(l) }
            }
            div(.class("mx-upgrade"), .role("alert"), .attribute("hidden", ""), .attribute("data-release", WebAssets.release)) {
                span(.class("mx-upgrade-text")) { MerchantsText.upgrade(l) }
                a(.class("mx-upgrade-notes"), .attribute("hidden", ""), .target("_blank"), .rel("noopener")) { MerchantsText.releaseNotes(l) }
                a(.classes("btn", "btn-primary", "mx-upgrade-reload"), .href(viewer.currentURL)) { MerchantsText.reload(l) }
            }
        }
    }

    /// The position a page works from: `lat`/`lon` when given (checked like the API), else People's Square.
    static func position(_ request: Request, _ l: Language) throws(HTTPError) -> (Coordinate, isDefault: Bool) {
        if let point = MerchantsAPI.point(try MerchantsAPI.pageQuery(MerchantPointQuery.self, request, l)) { return (point, false) }
        return (MerchantsApp.shanghai, true)
    }

    /// `lat` and `lon` of `point`, for a page query's defaults.
    static func center(_ point: Coordinate) -> [(name: String, value: String)] {
        [("lat", point.latitude.queryText), ("lon", point.longitude.queryText)]
    }

    /// A page showing why the request was refused (a bad parameter), with the status the API would answer.
    func refused(_ viewer: Viewer, _ error: HTTPError, active: String) -> Response {
        let message = error.errors.map(\.message).joined(separator: " ")
        return page(viewer, title: MerchantsText.title(viewer.language), active: active, status: error.status) {
            errorState(language: viewer.language, message: message.isEmpty ? error.detail : message, retryHref: "/merchants")
        }
    }

    // MARK: nearby

    func nearby(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        guard try store.count() > 0 else { return notImported(viewer) }
        let position: (Coordinate, isDefault: Bool)
        var query: NearbyQuery
        do {
            position = try Self.position(request, l)
            let wire = try MerchantsAPI.pageQuery(MerchantNearbyQuery.self, request, defaults: Self.center(position.0), l)
            query = try MerchantsAPI.nearbyQuery(wire, l)
        } catch { return refused(viewer, error, active: "nearby") }
        let result = try api.nearby.page(query, now: clock.now())
        let coverage = try api.nearby.coverage(query)
        let center = position.0
        let base = "/merchants?" + Self.queryString(request, dropping: ["cursor"])
        return page(viewer, title: MerchantsText.title(l), active: "nearby", withMap: query.cursor == nil && !result.items.isEmpty) {
            locationBar(center: center, isDefault: position.isDefault, l)
            filterForm(request, query, coverage: coverage, l)
            if let coverage { p(.class("mx-count")) { MerchantsText.coverage(coverage.total, l) } }
            if result.items.isEmpty, query.openNow, coverage?.withHours == 0 {
                // No merchant here has hours: 只看营业中 cannot find any (tester 30 #8); say so and offer the list without it.
                emptyState(icon: .mapPin, title: MerchantsText.noHoursHere(l), message: MerchantsText.noHoursHint(l),
                           action: LinkAction(label: MerchantsText.showAllHere(l),
                                              href: "/merchants?" + Self.queryString(request, dropping: ["cursor", "openNow"])))
            } else if result.items.isEmpty {
                let empty = MerchantsText.empty(result, l)
                emptyState(icon: .mapPin, title: empty.title, message: empty.hint)
            } else {
                if query.cursor == nil {
                    MerchantPlot.render(center: center, radius: query.radius, items: result.items, language: l, label: MerchantsText.mapTitle(l),
                                        tiles: map?.tiles)
                }
                p(.class("mx-count")) { MerchantsText.count(result.total, atLeast: result.totalIsLowerBound, l) }
                if let searched = result.searchedRadius { p(.class("mx-count")) { MerchantsText.searchedOnly(searched, l) } }
                // Most imported shops (OpenStreetMap) have no hours, score or 人均: say how the unknowns are treated.
                for note in MerchantsText.unknownsNotes(sort: query.sort, openNow: query.openNow, l) { p(.class("mx-count")) { note } }
                merchantList(result.items, numbered: query.cursor == nil, near: center, l)
                if let next = result.nextCursor {
                    a(.classes("btn", "btn-secondary", "mx-more"), .href(base + "&cursor=" + next.encoded)) { MerchantsText.more(l) }
                }
            }
            a(.classes("btn", "btn-secondary", "mx-more"), .href("/merchants/add?lat=\(center.latitude)&lon=\(center.longitude)")) { MerchantsText.add(l) }
            attribution(result.items.map(\.merchant), l)
        }
    }

    func locationBar(center: Coordinate, isDefault: Bool, _ l: Language) -> Node {
        div(.class("mx-location"), .attribute("data-lat", String(center.latitude)), .attribute("data-lon", String(center.longitude))) {
            p(.class("mx-location-text")) {
                isDefault ? MerchantsText.defaultPosition(l) : "\(MerchantsText.yourPosition(l))\(l == .zh ? "：" : ": ")" + String(format: "%.5f, %.5f", center.latitude, center.longitude)
            }
            button(.classes("btn", "btn-secondary", "mx-locate"), .type("button"), .attribute("hidden", ""),
                   .attribute("data-locating", MerchantsText.locating(l))) { MerchantsText.locate(l) }
            p(.class("mx-location-error"), .role("alert"), .attribute("hidden", "")) { MerchantsText.locationDenied(l) }
        }
    }

    /// The pickers; with `coverage`, the rating and price sorts and 只看营业中 say how many merchants in the circle have
    /// what they read, and are disabled where none has (unless chosen already).
    func filterForm(_ request: Request, _ query: NearbyQuery, coverage: NearbyCoverage?, _ l: Language) -> Node {
        form(.class("mx-filters"), .method("get"), .action("/merchants")) {
            input(.type("hidden"), .name("lat"), .value(String(query.center.latitude)))
            input(.type("hidden"), .name("lon"), .value(String(query.center.longitude)))
            label(.class("mx-filter")) {
                span(.class("mx-filter-label")) { MerchantsText.category(l) }
                select(.name("category")) {
                    option(.value(""), Attribute.selected.when(query.category == nil)) { MerchantsText.allCategories(l) }
                    for category in MerchantCategory.all {
                        option(.value(category.id), Attribute.selected.when(query.category == category.id)) { category.name(l) }
                    }
                }
            }
            label(.class("mx-filter")) {
                span(.class("mx-filter-label")) { MerchantsText.radius(l) }
                select(.name("radius")) {
                    for radius in [500.0, 1_000, 2_000, 5_000, 10_000, 50_000] {
                        option(.value(String(Int(radius))), Attribute.selected.when(query.radius == radius)) { MerchantsText.distance(radius) }
                    }
                }
            }
            label(.class("mx-filter")) {
                span(.class("mx-filter-label")) { MerchantsText.sort(l) }
                select(.name("sort")) {
                    for (sort, text) in [(NearbySort.distance, MerchantsText.byDistance), (.rating, MerchantsText.byRating), (.price, MerchantsText.byPrice)] {
                        let known: Int? = switch sort {
                        case .distance: nil
                        case .rating: coverage?.withRating
                        case .price: coverage?.withPrice
                        }
                        let counted = known.map { sort == .rating ? MerchantsText.withRating($0)(l) : MerchantsText.withPrice($0)(l) } ?? ""
                        option(.value(sort.rawValue), Attribute.selected.when(query.sort == sort), Attribute.disabled.when(known == 0 && query.sort != sort)) {
                            text(l) + counted
                        }
                    }
                }
            }
            label(.classes("mx-filter", "mx-filter-check")) {
                // Disabled, like the sorts, when no merchant in the circle has hours (tester 30 #8: it stayed ticked at 0).
                input(.type("checkbox"), .name("openNow"), .value("true"), Attribute.checked.when(query.openNow && coverage?.withHours != 0),
                      Attribute.disabled.when(coverage?.withHours == 0))
                span { MerchantsText.openNowOnly(l) + (coverage.map { MerchantsText.withHours($0.withHours)(l) } ?? "") }
            }
            button(.classes("btn", "btn-primary", "mx-apply"), .type("submit")) { MerchantsText.apply(l) }
        }
    }

    /// The rows link to the merchant's page with `near` (the position the list is about), for its distance there.
    /// `origin` is the point the rows' distances are measured from (search measures from the city centre when no
    /// position is given): each row without an address names its compass direction from there (issue 30).
    func merchantList(_ items: [NearbyItem], numbered: Bool, near: Coordinate? = nil, origin: Coordinate? = nil, _ l: Language) -> Node {
        let suffix = near.map { "?lat=\($0.latitude)&lon=\($0.longitude)" } ?? ""
        return ol(.class("mx-list")) {
            for (index, item) in items.enumerated() {
                li(.class("mx-item")) {
                    a(.class("mx-item-link"), .href("/merchants/\(item.merchant.id)" + suffix)) {
                        if numbered && index < 9 {
                            span(.classes("mx-item-number", "mx-cat-" + item.merchant.category)) { String(index + 1) }
                        }
                        span(.class("mx-item-text")) {
                            span(.class("mx-item-name")) { item.merchant.name }
                            span(.class("mx-item-meta")) { meta(item.merchant, standing: item.standing, l) }
                            if let place = place(item.merchant, from: origin ?? near, l) { span(.class("mx-item-place")) { place } }
                        }
                        span(.class("mx-item-side")) {
                            span(.class("mx-item-distance")) { MerchantsText.distance(item.distance) }
                            openBadge(item.openNow ?? item.merchant.isOpen(at: clock.now()), l)
                        }
                    }
                }
            }
        }
    }

    /// `餐馆 · 3.8★ 2 人评分 · 大众点评 3035 条评价 · 人均 ¥80`: the rating, how many rated it here, and apart from them
    /// the source's own review count (tester 31c #4/#5: `3035 条点评` read as this site's reviews, and a count of
    /// ratings as one of reviews).
    func meta(_ merchant: Merchant, standing: Standing, _ l: Language) -> String {
        var parts = [MerchantCategory.named(merchant.category)?.name(l) ?? merchant.category]
        let raters = standing.distribution.reduce(0, +)
        let rated = [standing.rating.map(MerchantsText.stars), raters > 0 ? MerchantsText.ratingCount(raters, l) : nil].compactMap { $0 }
        if !rated.isEmpty { parts.append(rated.joined(separator: " ")) }
        if merchant.sourceReviewCount > 0 { parts.append(MerchantsText.sourceReviews(merchant.sourceReviewCount, l)) }
        if let price = merchant.pricePerPerson { parts.append("\(MerchantsText.perPerson(l)) \(MerchantsText.price(price))") }
        return parts.joined(separator: " · ")
    }

    /// Where a row's merchant is, so same-named branches (63 rows of 麦当劳) can be told apart: its address, else its
    /// city; and the compass direction from the list's point when there is one (`上海 · 东北方向`; the row shows the distance).
    func place(_ merchant: Merchant, from near: Coordinate?, _ l: Language) -> String? {
        var parts: [String] = []
        if let address = merchant.address, !address.isEmpty {
            parts.append(address)
        } else if let city = merchant.city, !city.isEmpty {
            parts.append(city)
        }
        if let near, near.distance(to: merchant.position) >= 10 { parts.append(MerchantsText.direction(near.bearing(to: merchant.position), l)) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    func openBadge(_ open: Bool?, _ l: Language) -> Node {
        switch open {
        case true?: span(.classes("mx-badge", "mx-open")) { MerchantsText.open(l) }
        case false?: span(.classes("mx-badge", "mx-closed")) { MerchantsText.closed(l) }
        case nil: span(.classes("mx-badge", "mx-unknown")) { MerchantsText.hoursUnknown(l) }
        }
    }

    /// The licence lines of the sources shown (ODbL and CC BY ask for them wherever their data appears); a merchant
    /// added on this site reads 本站用户提交 / Submitted by a user of this site, every line in the reader's language
    /// (``MerchantsText/licence(_:_:)``).
    func attribution(_ merchants: [Merchant], _ l: Language) -> Node {
        let licences = Array(Set(merchants.map { MerchantsText.licence($0, l) })).sorted()
        return footer(.class("mx-attribution")) {
            for licence in licences { p { licence } }
        }
    }

    func notImported(_ viewer: Viewer) -> Response {
        let l = viewer.language
        return page(viewer, title: MerchantsText.title(l), status: .serviceUnavailable) {
            emptyState(icon: .info, title: MerchantsText.notImported(l), message: MerchantsText.notImportedMessage(l))
        }
    }

    /// The request's query without `dropping`, re-encoded.
    static func queryString(_ request: Request, dropping: Set<String>) -> String {
        request.query.pairs.filter { !dropping.contains($0.name) }.map { percentEncode($0.name) + "=" + percentEncode($0.value) }.joined(separator: "&")
    }
}

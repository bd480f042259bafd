import AppHost
import AppSuiteAPI
import Community
import Foundation
import HTTPServer
import Identity
import WebUI

extension DealPages {
    // MARK: an app

    func appPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let id = try request.parameter("id", as: Int64.self)
        let snapshot = try store.snapshot()
        guard let detail = try store.detail(id, snapshot: snapshot) else { throw HTTPError.notFound() }
        let query = try request.query(as: DealAppPageQuery.self, chinese: l == .zh)
        let wire = query.app
        let region = Region(wire.region), at = try ListQuery.time(wire.at, l)
        let time = at ?? snapshot.latest[region] ?? 0
        let state = store.states(snapshot, region: region, at: time)[id]
        let currency = state == nil ? detail.summary.catalogCurrency ?? .usd : region.currency
        var item = ListItem(app: detail.summary, state: state, price: state?.price ?? detail.summary.catalogPrice, currency: currency)
        let counts = try store.counts([id])[id]
        item.favorites = counts?.favorites ?? 0
        item.shares = counts?.shares ?? 0
        let history = store.priceHistory(id, snapshot: snapshot, region: region, upTo: time)
        let isFavorite = try viewer.user.map { try favorites.contains(DealsApp.subject(id), userID: $0.id) } ?? false
        let alert = try viewer.user.flatMap { try alerts.alert(appID: id, userID: $0.id) }
        try store.record(.view, of: id, at: Int64(clock.now().timeIntervalSince1970))
        let editsEnd = try state?.trend == .limited && at == nil && region == .cn && isEditor(viewer)
        return self.page(viewer, title: DealText.detail(l), back: BackLink(href: "/appdeals", label: DealText.appTitle(l)), tab: nil,
                         actions: false) {
            section(.class("ad-detail")) {
                ul(.class("ad-list"), .role("list")) { row(item, asOf: time, language: l) }
                div(.class("ad-actions")) {
                    if viewer.user != nil {
                        postForm(action: "/appdeals/apps/\(id)/favorite", csrfToken: viewer.csrfToken) {
                            WebUI.button(.classes("btn", isFavorite ? "btn-secondary" : "btn-primary"), .type("submit")) {
                                (isFavorite ? DealText.unfavorite : DealText.favorite)(l)
                            }
                        }
                    } else {
                        a(.classes("btn", "btn-secondary"), .href("/login?next=" + percentEncode("/appdeals/apps/\(id)"))) { DealText.favoriteNeedsLogin(l) }
                    }
                    postForm(action: "/appdeals/apps/\(id)/share", csrfToken: viewer.csrfToken,
                             attributes: [.attribute("data-share", String(id)), .attribute("data-copied", DealText.linkCopied(l))]) {
                        WebUI.button(.classes("btn", "btn-secondary"), .type("submit")) { DealText.share(l) }
                    }
                    if let url = detail.storeURL, url.hasPrefix("https://apps.apple.com/") {
                        a(.classes("btn", "btn-secondary"), .href(url), .rel("noopener noreferrer"), .target("_blank")) { DealText.openInStore(l) }
                    }
                }
                if viewer.user != nil {
                    if snapshot.followsPrice(of: id) {
                        alertForm(id, alert: alert, language: l, csrfToken: viewer.csrfToken)
                    } else {
                        p(.class("ad-note")) { DealText.alertNotFollowed(l) }
                    }
                }
                if state?.trend == .limited && state?.expiresEstimated == true { p(.class("ad-note")) { DealText.estimateNote(state?.estimate)(l) } }
                if let state, editsEnd {
                    knownEndForm(id, state: state, language: l, csrfToken: viewer.csrfToken)
                }
                if let state, state.fakeDiscount, let regular = state.longRunPrice {
                    p(.class("ad-note")) { DealText.fakeDiscount(l) + " · " + DealText.regularPrice(Money.formatted(regular, currency))(l) }
                }

                sectionHeader(DealText.priceHistory(l))
                if history.isEmpty {
                    p(.class("ad-note")) { DealText.noHistory(l) }
                } else {
                    let offered = PriceChartRange.offered(history, end: time)
                    let range = query.chart.flatMap { offered.contains($0) ? $0 : nil } ?? PriceChartRange.opening(history, end: time)
                    if !offered.isEmpty {
                        segmentedControl(offered.map { choice in
                            Segment(id: choice.rawValue, href: query.href(app: id, chart: choice), label: choice.label(l))
                        }, selected: range.rawValue, label: DealText.priceHistory(l))
                    }
                    div(.class("ad-chart"), .id("price-history")) {
                        Chart.series(range.points(history, end: time), endX: Double(time), style: .step, title: DealText.priceHistory(l),
                                     yLabel: { value in currency.symbol + String(Int(value.rounded())) },
                                     xLabel: { BeijingTime.numericDate(Int64($0)) })
                    }
                    if let state { p(.class("ad-range")) { DealText.range(priceText(state.minPrice, currency, l), priceText(state.maxPrice, currency, l))(l) } }
                    ol(.class("ad-history")) {
                        for run in history.reversed() {
                            li { span { BeijingTime.dateTime(run.start) }; span(.class("ad-price")) { priceText(run.price, currency, l) } }
                        }
                    }
                }

                sectionHeader(DealText.screenshots(l))
                if detail.screenshotURLs.isEmpty {
                    p(.class("ad-note")) { DealText.noScreenshots(l) }
                } else {
                    ul(.class("ad-shots"), .role("list"), .ariaLabel(DealText.screenshots(l))) {
                        for (index, path) in DealsApp.screenshots(id, urls: detail.screenshotURLs).enumerated() {
                            li {
                                a(.href(path), .target("_blank")) {
                                    img(.class("ad-shot"), .src(path), .alt(DealText.screenshot(index + 1)(l)), .loading("lazy"))
                                }
                            }
                        }
                    }
                    p(.class("ad-note")) { DealText.screenshotsSource(l) }
                }

                // An app known only from the US price log has none of these: no empty box then.
                if detail.sizeBytes != nil || detail.version != nil || detail.seller != nil || detail.summary.genre != nil {
                    dl(.class("ad-facts")) {
                        if let size = detail.sizeBytes {
                            dt { DealText.size(l) }
                            dd { String(format: "%.1f MB", Double(size) / 1_000_000) }
                        }
                        if let version = detail.version { dt { DealText.version(l) }; dd { version } }
                        if let seller = detail.seller { dt { DealText.seller(l) }; dd { DealText.sellerName(seller, l) } }
                        if let genre = detail.summary.genre {
                            // The China store's own genres on a Chinese page, else the genre's name as the lists show it
                            // (`Games` → 游戏 where the app's own record has no Chinese genres: issue 30), the App Store's in English.
                            let chinese = detail.genresZh.filter { $0.unicodeScalars.contains(where: DealStore.isHan) }
                            dt { DealText.category(l) }
                            dd { l == .zh && !chinese.isEmpty ? chinese.joined(separator: " · ") : snapshot.genreName(genre, l) }
                        }
                    }
                }
                if detail.summary.id > 0, detail.summary.isGame != nil || detail.releaseNotes != nil {
                    sectionHeader(DealText.releaseNotes(l))
                    if let notes = detail.releaseNotes {
                        div(.class("ad-text")) { paragraphs(notes) }
                    } else {
                        p(.class("ad-note")) { detail.isFirstVersion ? DealText.firstVersion(l) : DealText.noReleaseNotes(l) }
                    }
                }
                if let description = detail.description {
                    sectionHeader(DealText.description(l))
                    div(.class("ad-text")) { paragraphs(description) }
                }
            }
        }
    }

    func share(_ request: Request, _ viewer: Viewer) throws -> Response {
        let id = try request.parameter("id", as: Int64.self)
        guard try store.snapshot().apps[id] != nil else { throw HTTPError.notFound() }
        try store.record(.share, of: id, at: Int64(clock.now().timeIntervalSince1970))
        return viewer.redirect(to: "/share/appdeals/\(id)")
    }

    func toggleFavorite(_ request: Request, _ member: SignedIn) throws -> Response {
        let (viewer, user) = (member.viewer, member.user)
        let id = try request.parameter("id", as: Int64.self)
        let subject = DealsApp.subject(id)
        if try favorites.contains(subject, userID: user.id) {
            try favorites.remove(subject, userID: user.id)
            try alerts.remove(appID: id, userID: user.id)
            return viewer.redirect(to: "/appdeals/apps/\(id)", flash: Toast(DealText.unfavorite(viewer.language)))
        }
        do {
            try favorites.add(subject, userID: user.id)
        } catch CommentError.notFound {
            throw HTTPError.notFound()
        }
        return viewer.redirect(to: "/appdeals/apps/\(id)", flash: Toast(DealText.favorite(viewer.language), kind: .success))
    }

    // MARK: favourites

    /// The seed's favourites: an icon grid; 编辑 shows a delete badge on each icon (`?edit=1` without JavaScript).
    func favoritesPage(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer
        let l = viewer.language
        let editing = (try? request.query(as: FavoritesPageQuery.self, chinese: l == .zh))?.edit ?? false
        var items: [Favorite] = []
        var cursor: String?
        repeat {
            let page = try favorites.list(userID: member.user.id, app: DealsApp.id, cursor: cursor, limit: 100)
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil && items.count < 1000
        let alertsByApp = try alerts.alerts(userID: member.user.id)
        return self.page(viewer, title: DealText.favorites(l), back: BackLink(href: "/appdeals", label: DealText.appTitle(l)), tab: nil,
                         actions: false) {
            if items.isEmpty {
                emptyState(icon: .bookmark, title: DealText.noFavorites(l), message: DealText.noFavoritesMessage(l))
            } else {
                div(.class("ad-grid-bar")) {
                    a(.classes("btn", "btn-secondary", "ad-edit"), .href(editing ? "/appdeals/favorites" : "/appdeals/favorites?edit=1"),
                      .attribute("data-edit", DealText.edit(l)), .attribute("data-done", DealText.done(l))) {
                        (editing ? DealText.done : DealText.edit)(l)
                    }
                }
                ul(.classes("ad-grid", editing ? "is-editing" : nil), .role("list")) {
                    for favorite in items {
                        li(.class("ad-grid-item")) {
                            a(.class("ad-grid-link"), .href(favorite.info.path)) {
                                img(.class("ad-icon"), .src(favorite.info.imageURL ?? ""), .alt(""), .width(60), .height(60), .loading("lazy"))
                                span(.class("ad-grid-name")) { favorite.info.title }
                                if let alert = Int64(favorite.subject.item).flatMap({ alertsByApp[$0] }) {
                                    span(.class("ad-grid-alert")) { DealText.alertShort(alert.trigger)(l) }
                                }
                            }
                            postForm(action: "/appdeals/favorites/\(favorite.subject.item)/delete", csrfToken: viewer.csrfToken,
                                     attributes: [.class("ad-delete")]) {
                                WebUI.button(.class("ad-delete-badge"), .type("submit"), .ariaLabel(DealText.remove(favorite.info.title)(l))) { "−" }
                            }
                        }
                    }
                }
            }
        }
    }

    func removeFavorite(_ request: Request, _ member: SignedIn) throws -> Response {
        let id = try request.parameter("id", as: Int64.self)
        try favorites.remove(DealsApp.subject(id), userID: member.user.id)
        try alerts.remove(appID: id, userID: member.user.id)
        return member.viewer.redirect(to: "/appdeals/favorites?edit=1")
    }

    /// 价格提醒 on an app's page: off, any drop, or only 限免 (China store). Choosing one saves the app too.
    func alertForm(_ id: Int64, alert: PriceAlert?, language l: Language, csrfToken: String) -> Node {
        postForm(action: "/appdeals/apps/\(id)/alert", csrfToken: csrfToken, attributes: [.class("ad-alert"), .attribute("data-autosubmit", "")]) {
            WebUI.label(.class("ad-alert-label"), .for("ad-alert-when")) { DealText.priceAlert(l) }
            Node.element("select", [.class("field-input"), .id("ad-alert-when"), .name("when")],
                         [Node.element("option", [.value(""), Attribute.selected.when(alert == nil)], [.text(DealText.alertOff(l))])]
                            + AlertTrigger.allCases.map { trigger in
                                Node.element("option", [.value(trigger.rawValue), Attribute.selected.when(alert?.trigger == trigger)],
                                             [.text(DealText.alertWhen(trigger)(l))])
                            })
            WebUI.button(.classes("btn", "btn-secondary", "ad-filter-go"), .type("submit")) { DealText.save(l) }
        }
    }

    func setAlert(_ request: Request, _ member: SignedIn) throws -> Response {
        let (viewer, user) = (member.viewer, member.user)
        let id = try request.parameter("id", as: Int64.self)
        guard try store.snapshot().apps[id] != nil else { throw HTTPError.notFound() }
        let when = request.form()["when"] ?? ""
        if when.isEmpty {
            try alerts.remove(appID: id, userID: user.id)
            return viewer.redirect(to: "/appdeals/apps/\(id)", flash: Toast(DealText.alertRemoved(viewer.language)))
        }
        let trigger = try DealAPI.trigger(when, viewer.language)
        guard try store.snapshot().followsPrice(of: id) else {
            return viewer.redirect(to: "/appdeals/apps/\(id)", flash: Toast(DealText.alertNotFollowed(viewer.language), kind: .error))
        }
        try alerts.set(trigger, appID: id, userID: user.id, now: Int64(clock.now().timeIntervalSince1970))
        return viewer.redirect(to: "/appdeals/apps/\(id)", flash: Toast(DealText.alertSet(trigger)(viewer.language), kind: .success))
    }
}

extension DealPages {
    // MARK: 周边

    /// 周边: a position from `?lat=&lon=` (typed, or filled in by deals.js from the browser's geolocation), rounded
    /// before use; signed in, the viewer may share the rounded one (a POST) or stop sharing it.
    func nearbyPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let shared = try viewer.user.map { try nearby.location(userID: $0.id) } ?? nil
        var location: CoarseLocation? = shared
        var problem: String?
        do {
            if let point = try request.optionalQuery(as: DealNearbyQuery.self, chinese: l == .zh) {
                location = CoarseLocation(checkedLatitude: point.lat, longitude: point.lon)
            }
        } catch {
            problem = error.errors.map(\.message).joined(separator: " ")
        }
        let found = try location.map { try api.nearbyItems($0, viewer: viewer) }
        return self.page(viewer, title: DealText.nearby(l), back: BackLink(href: "/appdeals", label: DealText.appTitle(l)), tab: nil,
                         status: problem == nil ? .ok : .unprocessableContent, actions: false) {
            p(.class("ad-note")) { DealText.nearbyIntro(l) }
            form(.class("ad-filters"), .action("/appdeals/nearby"), .method("get"), .attribute("data-geolocate", "")) {
                WebUI.label(.class("visually-hidden"), .for("ad-lat")) { DealText.latitude(l) }
                input(.class("field-input"), .id("ad-lat"), .name("lat"), .type("text"), .inputmode("decimal"),
                      .value(location.map { String($0.latitude) } ?? ""), .placeholder(DealText.latitude(l)))
                WebUI.label(.class("visually-hidden"), .for("ad-lon")) { DealText.longitude(l) }
                input(.class("field-input"), .id("ad-lon"), .name("lon"), .type("text"), .inputmode("decimal"),
                      .value(location.map { String($0.longitude) } ?? ""), .placeholder(DealText.longitude(l)))
                WebUI.button(.classes("btn", "btn-secondary"), .type("submit")) { DealText.show(l) }
            }
            div(.class("ad-actions")) {
                WebUI.button(.classes("btn", "btn-primary", "ad-locate"), .type("button")) { DealText.useMyLocation(l) }
                if viewer.user != nil, let location, shared != location {
                    postForm(action: "/appdeals/nearby/share", csrfToken: viewer.csrfToken) {
                        input(.type("hidden"), .name("lat"), .value(String(location.latitude)))
                        input(.type("hidden"), .name("lon"), .value(String(location.longitude)))
                        WebUI.button(.classes("btn", "btn-secondary"), .type("submit")) { DealText.shareMine(l) }
                    }
                }
                if shared != nil {
                    postForm(action: "/appdeals/nearby/forget", csrfToken: viewer.csrfToken) {
                        WebUI.button(.classes("btn", "btn-secondary"), .type("submit")) { DealText.stopSharing(l) }
                    }
                }
            }
            if let shared { p(.class("ad-note")) { DealText.sharingAt(String(shared.latitude), String(shared.longitude))(l) } }
            if let problem {
                errorState(language: l, message: problem, retryHref: "/appdeals/nearby")
            } else if let found {
                p(.class("ad-note")) { DealText.nearbyUsers(found.users)(l) }
                if found.items.isEmpty {
                    emptyState(icon: .mapPin, title: DealText.nobodyNearby(l), message: DealText.nobodyNearbyMessage(l))
                } else {
                    ul(.class("ad-list"), .role("list"), .attribute("data-list", "apps")) {
                        for item in found.items { row(item, asOf: 0, language: l) }
                    }
                }
            }
        }
    }

    func shareLocation(_ request: Request, _ member: SignedIn) throws -> Response {
        let form = request.form()
        let location = try CoarseLocation(latitude: form["lat"], longitude: form["lon"])
        try nearby.share(location, userID: member.user.id, at: Int64(clock.now().timeIntervalSince1970))
        return member.viewer.redirect(to: "/appdeals/nearby")
    }

    func forgetLocation(_ request: Request, _ member: SignedIn) throws -> Response {
        try nearby.forget(userID: member.user.id)
        return member.viewer.redirect(to: "/appdeals/nearby")
    }
}

/// `GET /appdeals/favorites`: `?edit=1` shows the delete badges without JavaScript.
struct FavoritesPageQuery: QueryDecodable, Equatable {
    var edit: Bool

    init(from query: inout QueryReader) throws(QueryError) {
        edit = try query.value("edit", default: false, "true or 1: show a delete badge on each icon")
    }
}

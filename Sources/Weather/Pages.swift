import AppHost
import AppSuiteAPI
import Foundation
import Geo
import HTTPServer
import Identity
import WebUI

/// The pages under `/weather`. Everything works without JavaScript (links and forms); weather.js adds the
/// rotary dial, "my location" and the loading overlay.
struct WeatherPages: Sendable {
    let store: WeatherStore
    let service: ForecastService
    let clock: AppClock
    let assets: AppAssets

    static let tabs = [
        TabItem(id: "home", href: "/weather", icon: .cloudSun, label: WeatherText.home),
        TabItem(id: "pick", href: "/weather/places", icon: .search, label: WeatherText.pick),
        TabItem(id: "saved", href: "/weather/saved", icon: .star, label: WeatherText.saved),
    ]

    func register(into pages: inout RouteGroup<SessionGuard>) {
        pages.anyone.get("") { _, viewer in try home(viewer) }
        pages.anyone.get("/places") { request, viewer in try picker(request, viewer) }
        pages.anyone.get("/forecast") { request, viewer in try forecast(request, viewer) }
        pages.anyone.get("/locate") { request, viewer in try locate(request, viewer) }
        pages.anyone.get("/climate") { request, viewer in try climate(request, viewer) }
        pages.anyone.get("/samples") { _, viewer in samples(viewer) }
        pages.anyone.get("/samples/{id}") { request, viewer in try sample(request, viewer) }
        pages.get("/saved") { _, member in try saved(member) }
        pages.post("/saved") { request, member in try save(request, member) }
        pages.post("/saved/{id}/delete") { request, member in try remove(request, member) }
        pages.post("/saved/{id}/move") { request, member in try move(request, member) }
        pages.post("/share-card") { request, member in try shareCard(request, member) }
    }

    // MARK: shell

    func page(_ viewer: Viewer, title: String, back: BackLink? = nil, active: String? = nil, status: HTTPStatus = .ok,
              @HTMLBuilder content: () -> [Node]) -> Response {
        let l = viewer.language
        return viewer.page(
            title: title, back: back, tabs: Self.tabs, activeTab: active, status: status,
            trailing: [languageSwitch(l, currentURL: viewer.currentURL)], bodyClass: "app-weather",
            stylesheets: [assets.url("weather.css")], scripts: [assets.url("weather.js")]
        ) {
            div(.class("wx")) { content() }
            div(.class("wx-loading"), .attribute("hidden", ""), .role("status"), .attribute("aria-live", "polite")) {
                div(.class("wx-loading-box")) {
                    SVG.svg(.viewBox("0 0 48 48"), .width(56), .height(56), .class("wx-gear"), .attribute("aria-hidden", "true")) {
                        SVG.path(.d(Self.gear), .class("wx-gear-path"))
                    }
                    p(.class("wx-loading-text")) { WeatherText.loading(l) }
                    p(.class("wx-loading-slow"), .attribute("hidden", "")) { WeatherText.slow(l) }
                    a(.class("btn btn-secondary wx-loading-retry"), .href(viewer.currentURL), .attribute("hidden", "")) { WeatherText.retry(l) }
                }
            }
        }
    }

    /// A gear of 8 teeth (the seed's loading picture).
    static let gear: String = {
        var path = ""
        for tooth in 0..<8 {
            let angle = Double(tooth) * .pi / 4
            func point(_ radius: Double, _ offset: Double) -> String {
                String(format: "%.1f %.1f", 24 + radius * cos(angle + offset), 24 + radius * sin(angle + offset))
            }
            path += (tooth == 0 ? "M" : "L") + point(16, -0.2) + "L" + point(22, -0.12) + "L" + point(22, 0.12) + "L" + point(16, 0.2)
            path += "L" + point(16, .pi / 4 - 0.2)
        }
        return path + "ZM24 17a7 7 0 1 0 0.01 0Z"
    }()

    func homeBack(_ l: Language) -> BackLink { BackLink(href: "/weather", label: WeatherText.title(l)) }

    /// A query the page cannot use (a field out of bounds, too long, or a date that is not MM-DD): `422` naming it.
    func refused(_ viewer: Viewer, _ error: HTTPError, active: String? = nil) -> Response {
        let l = viewer.language
        return page(viewer, title: WeatherText.title(l), back: homeBack(l), active: active, status: error.status) {
            errorState(language: l, title: WeatherText.badQuery(l), message: error.errors.map(\.message).joined(separator: " "))
        }
    }

    func notImported(_ viewer: Viewer) -> Response {
        let l = viewer.language
        return page(viewer, title: WeatherText.title(l), back: homeBack(l), status: .serviceUnavailable) {
            emptyState(icon: .info, title: WeatherText.notImported(l), message: WeatherText.notImportedMessage(l))
        }
    }

    // MARK: home: the rotary dial

    struct DialItem {
        var href: String
        var label: LocalizedText
        var hint: LocalizedText
        var icon: Icon
        var tint: Tint
    }

    static let dial = [
        DialItem(href: "/weather/places", label: WeatherText.pick, hint: WeatherText.pickHint, icon: .search, tint: .blue),
        DialItem(href: "/weather/saved", label: WeatherText.saved, hint: WeatherText.savedHint, icon: .star, tint: .orange),
        DialItem(href: "/weather/locate", label: WeatherText.locate, hint: WeatherText.locateHint, icon: .mapPin, tint: .green),
        DialItem(href: "/weather/climate", label: WeatherText.climate, hint: WeatherText.climateHint, icon: .grid, tint: .purple),
        DialItem(href: "/weather/samples", label: WeatherText.samples, hint: WeatherText.samplesHint, icon: .info, tint: .teal),
    ]

    func home(_ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let recent: Place? = try viewer.user.flatMap { user in
            try store.lastOpened(userID: user.id).flatMap { try store.directory().place($0) }
        }
        return page(viewer, title: WeatherText.title(l), back: BackLink(href: "/", label: Strings.home(l)), active: "home") {
            if let recent {
                listGroup {
                    listCell(title: recent.fullName, subtitle: WeatherText.saved(l), href: "/weather/forecast?place=\(recent.id)",
                             image: .icon(.cloudSun, .blue))
                }
            }
            nav(.class("wx-dial"), .ariaLabel(WeatherText.title(l))) {
                p(.class("wx-dial-hint")) { WeatherText.dialHint(l) }
                ul(.class("wx-dial-ring")) {
                    for item in Self.dial {
                        li(.class("wx-dial-slot")) {
                            a(.classes("wx-dial-item", item.tint.rawValue == "" ? nil : "tint-" + item.tint.rawValue), .href(item.href)) {
                                span(.class("wx-dial-icon")) { icon(item.icon) }
                                span(.class("wx-dial-label")) { item.label(l) }
                                span(.class("wx-dial-sub")) { item.hint(l) }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: picker: province → city → county

    func picker(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let directory = try store.directory()
        guard !directory.isEmpty else { return notImported(viewer) }
        let wire: WeatherPlacesQuery
        do { wire = try request.query(as: WeatherPlacesQuery.self, chinese: l == .zh) } catch { return refused(viewer, error, active: "pick") }
        let query = wire.q
        let parent = wire.parent.flatMap { directory.place($0) }
        let back = parent.map { parent in
            parent.parentID.flatMap { directory.place($0) }.map { BackLink(href: "/weather/places?parent=\($0.id)", label: $0.name) }
                ?? BackLink(href: "/weather/places", label: WeatherText.provinces(l))
        } ?? homeBack(l)
        return page(viewer, title: parent?.name ?? WeatherText.pick(l), back: back, active: "pick") {
            form(.method("get"), .action("/weather/places"), .class("wx-search"), .role("search")) {
                input(.class("field-input"), .type("search"), .name("q"), .value(query ?? ""), .placeholder(WeatherText.search(l)),
                      .ariaLabel(WeatherText.search(l)), .attribute("maxlength", "32"))
                button(WeatherText.searchButton(l), style: .secondary, fullWidth: false)
            }
            if let query, !query.isEmpty {
                let found = directory.search(query, limit: 50)
                if found.isEmpty {
                    emptyState(icon: .search, title: WeatherText.noResults(l))
                } else {
                    listGroup(header: WeatherText.results(l)) {
                        for place in found { placeCell(place, directory: directory, l) }
                    }
                }
            } else {
                if let parent, parent.weatherID != nil {
                    listGroup {
                        listCell(title: WeatherText.wholeArea(l), subtitle: parent.fullName, href: "/weather/forecast?place=\(parent.id)",
                                 image: .icon(.cloudSun, .blue))
                    }
                }
                listGroup(header: parent == nil ? WeatherText.provinces(l) : nil) {
                    for place in directory.children(of: parent?.id) { placeCell(place, directory: directory, l) }
                }
            }
        }
    }

    func placeCell(_ place: Place, directory: PlaceDirectory, _ l: Language) -> Node {
        let children = directory.childCount(place.id)
        let href = children > 0 ? "/weather/places?parent=\(place.id)" : "/weather/forecast?place=\(place.id)"
        let subtitle = place.level == .province ? nil : place.fullName
        // The count says what it counts (tester 30 #12: a bare "13").
        return listCell(title: place.name, subtitle: subtitle, detail: children > 0 ? WeatherText.childPlaces(children)(l) : nil, href: href)
    }

    // MARK: forecast

    func forecast(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let directory = try store.directory()
        guard !directory.isEmpty else { return notImported(viewer) }
        let wire: WeatherPlaceQuery?
        do { wire = try request.optionalQuery(as: WeatherPlaceQuery.self, chinese: l == .zh) } catch { return refused(viewer, error) }
        guard let place = wire.flatMap({ directory.place($0.place) }) else {
            return page(viewer, title: WeatherText.unknownPlace(l), back: homeBack(l), status: .notFound) {
                emptyState(icon: .search, title: WeatherText.unknownPlace(l), action: LinkAction(label: WeatherText.pick(l), href: "/weather/places"))
            }
        }
        let now = clock.now()
        if let user = viewer.user { try store.touch(userID: user.id, adcode: place.id, at: Int64(now.timeIntervalSince1970)) }
        let childCount = directory.childCount(place.id)
        let render: @Sendable (Result<WeatherForecast, ProviderError>) throws -> Response = { [self] result in
            let isSaved = try viewer.user.map { try store.savedPlaces(userID: $0.id).contains(place.id) } ?? false
            let hasClimate = try ClimateLookup(store: store).observed(for: place, in: directory) != nil
            return forecastPage(viewer, place: place, result: result, isSaved: isSaved, hasClimate: hasClimate, now: now)
        }
        if let cached = service.cachedForecast(for: place, childCount: childCount, language: l, now: now) { return try render(cached) }
        let service = service
        return .offloaded(key: viewer.user.map { "user:\($0.id)" } ?? request.clientAddress) {
            try render(Result { () throws(ProviderError) in try service.forecast(for: place, childCount: childCount, language: l, now: now) })
        }
    }

    func forecastPage(_ viewer: Viewer, place: Place, result: Result<WeatherForecast, ProviderError>, isSaved: Bool, hasClimate: Bool,
                      now: Date) -> Response {
        let l = viewer.language
        let back = place.parentID.map { BackLink(href: "/weather/places?parent=\($0)", label: WeatherText.pick(l)) } ?? homeBack(l)
        switch result {
        case .failure(let error):
            return page(viewer, title: place.name, back: back, status: .serviceUnavailable) {
                errorState(language: l, title: WeatherText.unavailable(l), message: WeatherText.unavailableMessage(l),
                           retryHref: "/weather/forecast?place=\(place.id)")
                p(.class("wx-note")) { error.reason(l) }
                sampleList(l)
            }
        case .success(let forecast):
            return page(viewer, title: place.name, back: back) {
                ForecastView(forecast: forecast, language: l, now: now, title: place.fullName).body
                div(.class("wx-actions")) {
                    if viewer.isSignedIn {
                        if isSaved {
                            span(.class("wx-saved")) { WeatherText.savedDone(l) }
                        } else {
                            postForm(action: "/weather/saved", csrfToken: viewer.csrfToken) {
                                input(.type("hidden"), .name("place"), .value(place.id))
                                button(WeatherText.save(l), style: .secondary, icon: .star, fullWidth: false)
                            }
                        }
                    } else {
                        button(WeatherText.signInToSave(l), style: .secondary, href: viewer.loginURL, icon: .star, fullWidth: false)
                    }
                    if hasClimate {
                        button(WeatherText.climate(l), style: .secondary, href: "/weather/climate?place=\(place.id)", icon: .grid, fullWidth: false)
                    }
                }
                shareSection(viewer, place: place, forecast: forecast)
            }
        }
    }

    /// 分享卡片: a photo from the camera or the library goes to `POST /weather/share-card`, which answers the card
    /// (a JPEG the browser shows); weather.js sends it to the API instead and offers saving, Web Share and Weibo.
    func shareSection(_ viewer: Viewer, place: Place, forecast: WeatherForecast) -> Node {
        let l = viewer.language
        let condition = forecast.current?.condition ?? forecast.daily.first?.conditionDay
        let temperature = forecast.current?.temperature.map { "\(Int($0.rounded()))°" }
        let title = [place.fullName, condition.map { l == .zh ? $0.nameZh : $0.nameEn }, temperature].compactMap { $0 }.joined(separator: " ")
            + " · " + WeatherText.title(l)
        let weibo = "https://service.weibo.com/share/share.php?title=" + (title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return section(.class("wx-share"), .ariaLabel(WeatherText.shareCard(l))) {
            h2(.class("wx-heading")) { WeatherText.shareCard(l) }
            if viewer.isSignedIn {
                postForm(action: "/weather/share-card", csrfToken: viewer.csrfToken, multipart: true,
                         attributes: [.class("wx-share-form"), .attribute("data-api", "\(WeatherEndpoints.shareCard.path)?place=\(place.id)")]) {
                    input(.type("hidden"), .name("place"), .value(place.id))
                    p(.class("wx-note")) { WeatherText.shareHint(l) }
                    div(.class("wx-share-pick")) {
                        label(.class("btn btn-secondary wx-photo-pick")) {
                            WeatherText.takePhoto(l)
                            input(.type("file"), .name("photo"), .attribute("accept", "image/*"), .attribute("capture", "environment"))
                        }
                        label(.class("btn btn-secondary wx-photo-pick")) {
                            WeatherText.choosePhoto(l)
                            input(.type("file"), .name("photo"), .attribute("accept", "image/*"))
                        }
                    }
                    p(.class("wx-photo-name"), .attribute("aria-live", "polite")) { "" }
                    button(WeatherText.makeCard(l), style: .primary, icon: .photo)
                }
                div(.class("wx-share-result"), .attribute("hidden", "")) {
                    img(.class("wx-card"), .alt(WeatherText.shareCard(l)))
                    div(.class("wx-share-buttons")) {
                        a(.class("btn btn-primary wx-card-save"), .href("#"), .attribute("download", "")) { WeatherText.download(l) }
                        button(WeatherText.share(l), style: .secondary, type: "button", icon: .share, fullWidth: false)
                    }
                }
            } else {
                button(WeatherText.signInToShare(l), style: .secondary, href: viewer.loginURL, icon: .photo, fullWidth: false)
            }
            a(.class("btn btn-secondary wx-weibo"), .href(weibo), .attribute("target", "_blank"), .attribute("rel", "noopener")) { WeatherText.weibo(l) }
        }
    }

    /// `POST /weather/share-card` without JavaScript: the card itself (the browser shows it; long-press saves it), or a
    /// page saying why not.
    func shareCard(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let directory = try store.directory()
        guard !directory.isEmpty else { return notImported(viewer) }
        guard let place = request.form()["place"].flatMap({ directory.place($0) }) else {
            return page(viewer, title: WeatherText.unknownPlace(l), back: homeBack(l), status: .notFound) {
                emptyState(icon: .search, title: WeatherText.unknownPlace(l), action: LinkAction(label: WeatherText.pick(l), href: "/weather/places"))
            }
        }
        let childCount = directory.childCount(place.id), service = service, now = clock.now()
        let failed: @Sendable (HTTPError) -> Response = { [self] error in
            page(viewer, title: WeatherText.shareCard(l), back: BackLink(href: "/weather/forecast?place=\(place.id)", label: place.name),
                 status: error.status) {
                errorState(language: l, title: WeatherText.cardFailed(l), message: error.detail, retryHref: "/weather/forecast?place=\(place.id)")
            }
        }
        let photo: UploadedFile
        do { photo = try ShareCard.photo(in: request, language: l) } catch { return failed(error) }
        return .offloaded(key: "user:\(member.user.id)", lane: .batch) {
            do throws(HTTPError) {
                let made = try ShareCard.make(photo: photo, place: place, childCount: childCount, service: service, language: l, now: now)
                return ShareCard.response(made.card, filename: made.filename, inline: true)
            } catch {
                return failed(error)
            }
        }
    }

    func sampleList(_ l: Language) -> Node {
        listGroup(header: WeatherText.samples(l)) {
            for sample in Samples.all {
                listCell(title: sample.name(l), subtitle: WeatherText.recorded(sample.recorded, inferred: sample.inferred)(l), href: "/weather/samples/\(sample.id)",
                         accessory: .badge(WeatherText.sample(l)))
            }
        }
    }

    // MARK: my location

    func locate(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let directory = try store.directory()
        guard !directory.isEmpty else { return notImported(viewer) }
        var error: (title: String, message: String?)?
        var typed = LocateQuery()
        do {
            typed = try request.query(as: LocateQuery.self, chinese: l == .zh)
            if let lat = typed.lat, let lon = typed.lon {
                if let point = Coordinate(latitude: lat, longitude: lon), let nearest = directory.nearest(to: point, limit: 1).first,
                   nearest.distance <= 100_000 {
                    return viewer.redirect(to: "/weather/forecast?place=\(nearest.place.id)")
                }
                error = (WeatherText.outsideChina(l), nil)
            }
        } catch let refusal {
            error = (WeatherText.badCoordinates(l), refusal.errors.map(\.message).joined(separator: " "))
        }
        let latitude = typed.lat.map { String($0) } ?? "", longitude = typed.lon.map { String($0) } ?? ""
        return page(viewer, title: WeatherText.locate(l), back: homeBack(l), status: error == nil ? .ok : .unprocessableContent) {
            if let error { errorState(language: l, title: error.title, message: error.message) }
            div(.class("wx-locate")) {
                button(WeatherText.locateButton(l), style: .primary, type: "button", icon: .mapPin, fullWidth: true)
            }
            form(.method("get"), .action("/weather/locate"), .class("wx-locate-form")) {
                formGroup(header: WeatherText.locateManual(l)) {
                    formField(label: WeatherText.latitude(l), name: "lat", value: latitude, placeholder: "39.9042", maxLength: 32, inputMode: "decimal")
                    formField(label: WeatherText.longitude(l), name: "lon", value: longitude, placeholder: "116.4074", maxLength: 32, inputMode: "decimal")
                }
                button(WeatherText.find(l), style: .secondary)
            }
        }
    }

    // MARK: 历史同期

    func climate(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let directory = try store.directory()
        guard !directory.isEmpty else { return notImported(viewer) }
        let wire: WeatherClimateQuery?
        do { wire = try request.optionalQuery(as: WeatherClimateQuery.self, chinese: l == .zh) } catch { return refused(viewer, error) }
        guard let wire else {
            let cities = ["110000", "310000", "440100", "510100", "210100"].compactMap { directory.place($0) }
            return page(viewer, title: WeatherText.climate(l), back: homeBack(l)) {
                listGroup(footer: WeatherText.climateHint(l)) {
                    for city in cities { listCell(title: city.fullName, href: "/weather/climate?place=\(city.id)") }
                }
            }
        }
        guard let place = directory.place(wire.place) else {
            return page(viewer, title: WeatherText.unknownPlace(l), back: homeBack(l), status: .notFound) {
                emptyState(icon: .search, title: WeatherText.unknownPlace(l), action: LinkAction(label: WeatherText.pick(l), href: "/weather/places"))
            }
        }
        let (month, day): (Int, Int)
        do { (month, day) = try WeatherAPI.monthDay(wire.date, now: clock.now(), language: l) } catch { return refused(viewer, error) }
        guard let climate = try ClimateLookup(store: store).climate(for: place, in: directory, month: month, day: day) else {
            return page(viewer, title: WeatherText.climate(l), back: homeBack(l), status: .notFound) {
                emptyState(icon: .info, title: WeatherText.noClimate(l), message: WeatherText.noClimateMessage(l))
            }
        }
        return page(viewer, title: "\(climate.place.name) · \(WeatherText.climate(l))", back: BackLink(href: "/weather/forecast?place=\(place.id)", label: place.name)) {
            ClimateView(climate: climate, language: l).body
        }
    }

    // MARK: samples

    func samples(_ viewer: Viewer) -> Response {
        let l = viewer.language
        return page(viewer, title: WeatherText.samples(l), back: homeBack(l)) {
            p(.class("wx-note")) { WeatherText.samplesHint(l) }
            sampleList(l)
        }
    }

    func sample(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        guard let sample = Samples.sample(try request.parameter("id")) else {
            return page(viewer, title: WeatherText.samples(l), back: homeBack(l), status: .notFound) {
                emptyState(icon: .info, title: WeatherText.unknownSample(l),
                           action: LinkAction(label: WeatherText.samples(l), href: "/weather/samples"))
            }
        }
        let back = BackLink(href: "/weather/samples", label: WeatherText.samples(l))
        var views: [(Sample.Recording, WeatherForecast)] = []
        do {
            for recording in sample.recordings {
                var responses: [ProviderResponse] = []
                for file in recording.files {
                    guard let body = try store.sample(file) else { return notImported(viewer) }
                    responses.append(ProviderResponse(status: 200, contentType: nil, body: body))
                }
                let parsed = try sample.provider.parse(responses, place: sample.place, now: recording.reference)
                views.append((recording, ForecastService.view(parsed, providerID: sample.provider.id, fetchedAt: recording.reference, stale: false,
                                                              place: sample.place.wire(childCount: 0), language: l, now: recording.reference)))
            }
        } catch let error as ProviderError {
            return page(viewer, title: sample.name(l), back: back, status: .internalServerError) {
                errorState(language: l, message: error.reason(l))
            }
        }
        return page(viewer, title: sample.name(l), back: back) {
            if views.count > 1 { p(.class("wx-note")) { WeatherText.separateRecordings(l) } }
            for (recording, forecast) in views {
                section(.class("wx-recording")) {
                    p(.class("wx-sample-banner"), .role("note")) {
                        (recording.label.map { "\($0(l)) · " } ?? "") + "\(WeatherText.sample(l)) · \(WeatherText.recorded(recording.recorded, inferred: recording.inferred)(l))"
                    }
                    ForecastView(forecast: forecast, language: l, now: recording.reference, title: sample.name(l),
                                 dating: .recorded(dateKnown: recording.dateKnown)).body
                }
            }
        }
    }

    // MARK: saved places

    func saved(_ member: SignedIn) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let directory = try store.directory()
        let places = try store.savedPlaces(userID: member.user.id).compactMap { directory.place($0) }
        return page(viewer, title: WeatherText.saved(l), back: homeBack(l), active: "saved") {
            if places.isEmpty {
                emptyState(icon: .star, title: WeatherText.noSaved(l), message: WeatherText.noSavedMessage(l),
                           action: LinkAction(label: WeatherText.pick(l), href: "/weather/places"))
            } else {
                p(.class("wx-note")) { WeatherText.reorderHint(l) }
                ul(.class("list-group wx-saved-list"), .attribute("data-api", WeatherEndpoints.savedPlaces.path)) {
                    for (index, place) in places.enumerated() {
                        li(.class("cell wx-saved-row"), .id("saved-\(place.id)"), .attribute("data-id", place.id)) {
                            span(.class("wx-drag"), .attribute("aria-hidden", "true"), .attribute("title", WeatherText.drag(l))) { "⠿" }
                            a(.classes("cell-body", "is-link"), .href("/weather/forecast?place=\(place.id)")) {
                                span(.class("cell-text")) {
                                    span(.class("cell-title")) { place.name }
                                    span(.class("cell-subtitle")) { place.fullName }
                                }
                            }
                            for (direction, arrow, label, enabled) in [("up", "↑", WeatherText.moveUp(l), index > 0),
                                                                       ("down", "↓", WeatherText.moveDown(l), index < places.count - 1)] {
                                postForm(action: "/weather/saved/\(place.id)/move", csrfToken: viewer.csrfToken, attributes: [.class("wx-move")]) {
                                    input(.type("hidden"), .name("direction"), .value(direction))
                                    button(.class("btn btn-secondary wx-move-button"), .type("submit"), .ariaLabel("\(label) \(place.name)"),
                                                Attribute.disabled.when(!enabled)) { arrow }
                                }
                            }
                            postForm(action: "/weather/saved/\(place.id)/delete", csrfToken: viewer.csrfToken, attributes: [.class("wx-remove")]) {
                                button(.class("btn btn-destructive wx-move-button"), .type("submit"), .ariaLabel("\(WeatherText.remove(l)) \(place.name)"),
                                       .attribute("title", WeatherText.remove(l))) { icon(.close) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Moves a saved place one up or down (the buttons that work without JavaScript; weather.js drags and sends the
    /// whole order to the API).
    func move(_ request: Request, _ member: SignedIn) throws -> Response {
        let id = try request.parameter("id")
        var order = try store.savedPlaces(userID: member.user.id)
        if let index = order.firstIndex(of: id) {
            let target = request.form()["direction"] == "up" ? index - 1 : index + 1
            if order.indices.contains(target) {
                order.swapAt(index, target)
                _ = try store.reorder(userID: member.user.id, adcodes: order)
            }
        }
        return member.viewer.redirect(to: "/weather/saved#saved-\(id)")
    }

    func save(_ request: Request, _ member: SignedIn) throws -> Response {
        let l = member.viewer.language
        let id = request.form()["place"] ?? ""
        guard try store.directory().place(id) != nil else {
            return member.viewer.redirect(to: "/weather/places", flash: Toast(WeatherText.unknownPlace(l), kind: .error))
        }
        guard try store.save(userID: member.user.id, adcode: id, at: Int64(clock.now().timeIntervalSince1970), limit: WeatherAPI.savedLimit) else {
            return member.viewer.redirect(to: "/weather/forecast?place=\(id)", flash: Toast(WeatherText.tooMany(l), kind: .error))
        }
        return member.viewer.redirect(to: "/weather/forecast?place=\(id)", flash: Toast(WeatherText.savedDone(l), kind: .success))
    }

    func remove(_ request: Request, _ member: SignedIn) throws -> Response {
        _ = try store.remove(userID: member.user.id, adcode: try request.parameter("id"))
        return member.viewer.redirect(to: "/weather/saved", flash: Toast(WeatherText.removed(member.viewer.language), kind: .success))
    }
}

/// `GET /weather/locate`: a point typed in, both numbers or neither.
struct LocateQuery: QueryDecodable, Equatable {
    var lat: Double?
    var lon: Double?

    init() {}

    init(from query: inout QueryReader) throws(QueryError) {
        lat = try query.optional("lat", in: -90...90, "WGS-84 latitude, degrees")
        lon = try query.optional("lon", in: -180...180, "WGS-84 longitude, degrees")
        try query.check((lat == nil) == (lon == nil), lat == nil ? "lat" : "lon", zh: "纬度和经度须同时给出。", en: "Give the latitude and the longitude together.")
    }
}

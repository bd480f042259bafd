import AppHost
import AppSuiteAPI
import Foundation
import Geo
import HTTPServer
import Identity
import WebUI

extension MerchantsPages {
    // MARK: search

    func search(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let q = (request.query["q"] ?? "").trimmingCharacters(in: .whitespaces)
        let near: Coordinate?
        do throws(HTTPError) {
            near = MerchantsAPI.point(try MerchantsAPI.pageQuery(MerchantPointQuery.self, request, l))
            if q.count > 64 { throw MerchantsAPI.field("q", "最多 64 个字符。", "At most 64 characters.", l) }
        } catch { return refused(viewer, error, active: "search") }
        let (hits, total) = q.isEmpty ? ([], 0) : try MerchantSearch(store: store).search(q, near: near ?? MerchantsApp.shanghai)
        let shown = Array(hits.prefix(50))
        let standings = try api.nearby.standings(shown.map(\.merchant))
        let now = clock.now()
        return page(viewer, title: MerchantsText.search(l), active: "search") {
            form(.class("mx-search"), .method("get"), .action("/merchants/search"), .role("search")) {
                if let near {
                    input(.type("hidden"), .name("lat"), .value(String(near.latitude)))
                    input(.type("hidden"), .name("lon"), .value(String(near.longitude)))
                }
                input(.type("search"), .name("q"), .value(q), .class("field-input mx-search-input"), .placeholder(MerchantsText.searchPlaceholder(l)),
                      .maxlength(64), .ariaLabel(MerchantsText.search(l)), .enterkeyhint("search"))
                button(.classes("btn", "btn-primary"), .type("submit")) { MerchantsText.search(l) }
            }
            if !q.isEmpty {
                if shown.isEmpty {
                    emptyState(icon: .search, title: MerchantsText.noResults(l))
                } else {
                    p(.class("mx-count")) { l == .zh ? "共 \(total) \(MerchantsText.found(l))" : "\(total)\(MerchantsText.found(l))" }
                    // Where the distances are measured from (tester 30 #10: only the nearby page said so).
                    p(.class("mx-count")) { MerchantsText.distancesFrom(near, l) }
                    merchantList(shown.map { hit in
                        NearbyItem(merchant: hit.merchant, distance: hit.distance ?? 0, standing: standings[hit.merchant.id] ?? Standing(hit.merchant),
                                   openNow: hit.merchant.isOpen(at: now))
                    }, numbered: false, near: near, origin: near ?? MerchantsApp.shanghai, l)
                    attribution(shown.map(\.merchant), l)
                }
            }
        }
    }

    // MARK: shake

    func shake(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let position: (Coordinate, isDefault: Bool)
        var query: NearbyQuery
        var previous: Int64?
        do {
            position = try Self.position(request, l)
            let wire = try MerchantsAPI.pageQuery(MerchantShakeQuery.self, request, defaults: Self.center(position.0) + [("radius", "2000")], l)
            query = NearbyQuery(center: try MerchantsAPI.position(wire.lat, wire.lon), radius: wire.radius)
            query.category = wire.category?.rawValue
            previous = wire.previous
        } catch { return refused(viewer, error, active: "shake") }
        let wantsPick = request.query["go"] != nil
        var random = SystemRandomNumberGenerator()
        let picked = wantsPick ? try api.nearby.shake(query, previous: previous, now: clock.now(), using: &random) : nil
        var again = "/merchants/shake?lat=\(query.center.latitude)&lon=\(query.center.longitude)&radius=\(Int(query.radius))&go=1"
        if let category = query.category { again += "&category=" + category }
        if let picked { again += "&previous=\(picked.merchant.id)" }
        return page(viewer, title: MerchantsText.shake(l), active: "shake") {
            locationBar(center: query.center, isDefault: position.isDefault, l)
            div(.class("mx-shake"), .attribute("data-again", again), .attribute("data-permission", MerchantsText.motionPermission(l))) {
                div(.class("mx-shake-phone"), .attribute("aria-hidden", "true")) { icon(.star) }
                p(.class("mx-shake-hint")) { MerchantsText.shakeHint(l) }
                a(.classes("btn", "btn-primary", "mx-shake-button"), .href(again)) { (picked == nil ? MerchantsText.shakeButton : MerchantsText.shakeAgain)(l) }
            }
            if wantsPick {
                if let picked {
                    div(.class("mx-shake-result")) { merchantList([picked], numbered: false, near: query.center, l) }
                    attribution([picked.merchant], l)
                } else {
                    emptyState(icon: .mapPin, title: MerchantsText.shakeNone(l), message: MerchantsText.noneHint(l))
                }
            }
        }
    }
}

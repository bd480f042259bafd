import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Testing

/// App Store artwork goes through the platform's remote-image cache: the API and pages link same-origin
/// `/images/appdeals/…` paths, and until an image is cached the icon falls back to our drawn one and a
/// screenshot to the placeholder (the fetch runs on the work pool; this machine has no internet).
@Suite(.requires(.appstore)) struct ImageLinkTests {
    @Test func iconsAndScreenshotsAreCachedLinksWithFallbacks() throws {
        let server = try TestServer.shared(importing: .appstore)
        // 旋转音律 Rotaeno: a CN Lookup object with an icon and screenshots.
        let detail = try server.get("/api/v1/appdeals/apps/6466390901").decode(DealAppDetail.self)
        #expect(detail.app.iconUrl.hasPrefix("/images/appdeals/icon-6466390901?v="))
        #expect(detail.screenshotCount > 0 && detail.screenshots.count == detail.screenshotCount)
        #expect(detail.screenshots.enumerated().allSatisfy { $0.element.hasPrefix("/images/appdeals/shot-6466390901-\($0.offset)?v=") })
        let icon = try server.get(detail.app.iconUrl)
        #expect(icon.status == 302 && icon.headers["location"] == "/appdeals/icons/6466390901.svg" && icon.headers["cache-control"] == "no-store")
        let shot = try server.get(try #require(detail.screenshots.first))
        #expect(shot.status == 200 && shot.headers["content-type"] == "image/svg+xml; charset=utf-8" && shot.headers["cache-control"] == "no-store")
        #expect(try server.get("/images/appdeals/icon-1").status == 404)
        #expect(try server.get("/images/appdeals/shot-6466390901-\(detail.screenshotCount)").status == 404)
        // Other spellings of an item (empty parts, leading zeros) are no item: one image, one name.
        for alias in ["shot-6466390901--0", "shot-6466390901-00", "icon-06466390901", "icon--6466390901", "shot--6466390901-0"] {
            #expect(try server.get("/images/appdeals/" + alias).status == 404, "\(alias)")
        }
        let page = try server.get("/appdeals/apps/6466390901", headers: ["Cookie": "lang=zh"]).text
        #expect(page.contains(#"src="/images/appdeals/icon-6466390901?v="#) && page.contains(#"class="ad-shot" src="/images/appdeals/shot-6466390901-0?v="#))
        // An app of the 2016/17 US catalogue has no store icon: our drawn one, directly.
        let catalogue = try server.get("/api/v1/appdeals/apps?tab=hot&region=us&q=facebook&limit=1").decode(DealAppPage.self)
        #expect(!catalogue.items.isEmpty && catalogue.items.allSatisfy { $0.iconUrl == "/appdeals/icons/\($0.id).svg" })
    }
    @Test func anAppWithoutFactsShowsNoEmptyFactsBox() throws {
        let server = try TestServer.shared(importing: .appstore)
        // Grand Agent: It Call: only in the US price log (no size, version, seller or genre).
        let bare = try server.get("/appdeals/apps/6747758553", headers: ["Cookie": "lang=en"]).text
        #expect(bare.contains("The store lists no screenshots") && !bare.contains(#"class="ad-facts""#))
        let full = try server.get("/appdeals/apps/6466390901", headers: ["Cookie": "lang=en"]).text
        #expect(full.contains(#"<dl class="ad-facts"><dt>"#))
    }
}

import AppHost
import Geo
@testable import Maps
import Testing
import WebUI

/// The platform's tile settings (`--map-tile-*`) and the CSP they open.
@Suite struct TileSettingTests {
    @Test func templateIsChecked() {
        let parse = TileSource.tileURL.parse
        #expect(parse("") == "")
        #expect(parse("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png") == "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png")
        #expect(parse("https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&style=8&x={x}&y={y}&z={z}") != nil)
        #expect(parse("https://tile.openstreetmap.org/{z}/{x}.png") == nil, "no {y}")
        #expect(parse("ftp://tiles.example/{z}/{x}/{y}.png") == nil)
        #expect(parse("/tiles/{z}/{x}/{y}.png") == nil, "not absolute")
        #expect(parse("https://a.example/{z}/{x}/{y}.png; script-src *") == nil)
        #expect(parse("https://user@a.example/{z}/{x}/{y}.png") == nil)
        #expect(TileSource.datumSetting.parse("gcj02") == .gcj02 && TileSource.datumSetting.parse("bd09") == nil)
        #expect(TileSource.subdomainSetting.parse("1234") == "1234" && TileSource.subdomainSetting.parse("a b") == nil)
    }

    @Test func originsExpandSubdomainsForTheCSP() {
        let osm = TileSource(template: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors",
                             datum: .wgs84, subdomains: "abc")
        #expect(osm.origins == ["https://a.tile.openstreetmap.org", "https://b.tile.openstreetmap.org", "https://c.tile.openstreetmap.org"])
        let local = TileSource(template: "http://127.0.0.1:8080/t/{z}/{x}/{y}.png", attribution: "x", datum: .gcj02, subdomains: "abc")
        #expect(local.origins == ["http://127.0.0.1:8080"])
        let policy = ContentSecurityPolicy.allowingImages(from: osm.origins + ["https://evil.example/path", "https://x.example; script-src *"])
        #expect(policy.contains("img-src 'self' data: blob: https://a.tile.openstreetmap.org https://b.tile.openstreetmap.org https://c.tile.openstreetmap.org;"))
        #expect(!policy.contains("evil") && !policy.contains("x.example"))
        #expect(ContentSecurityPolicy.standard.contains("img-src 'self' data: blob:; style-src 'self'; script-src 'self'"))
    }
}


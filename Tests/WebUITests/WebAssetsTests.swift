import Foundation
import Testing
@testable import WebUI

struct WebAssetsTests {
    static let required = [
        "app.css", "app.js", "manifest.webmanifest", "icon.svg", "icon-192.png", "icon-512.png", "icon-maskable-512.png",
        "apple-touch-icon.png",
    ]

    @Test(arguments: required)
    func fileExistsAndHasAVersionedURL(_ name: String) throws {
        let path = WebAssets.directory.appendingPathComponent(name).path
        #expect(FileManager.default.fileExists(atPath: path))
        let url = WebAssets.url(name)
        #expect(url.wholeMatch(of: /\/assets\/[a-z0-9.-]+\?v=[0-9a-f]{10}/) != nil)
        #expect(url.hasPrefix("/assets/" + name + "?v="))
        #expect(WebAssets.url(name) == url)  // stable
        let data = try #require(WebAssets.data(name))
        #expect(url.hasSuffix(WebAssets.contentHash(data)))
    }

    @Test func hashIsFNV1a() {
        #expect(WebAssets.contentHash(Data()) == "cbf29ce484")
        #expect(WebAssets.contentHash(Data("a".utf8)) == "af63dc4c86")
        #expect(WebAssets.contentHash(Data("b".utf8)) != WebAssets.contentHash(Data("a".utf8)))
    }

    @Test func unknownNamesAndTraversal() {
        #expect(WebAssets.url("nope.css") == "/assets/nope.css")
        #expect(WebAssets.data("../WebUI.swift") == nil)
        #expect(WebAssets.data(".hidden") == nil)
        #expect(WebAssets.data("nope.css") == nil)
        #expect(WebAssets.contentType(for: "app.css") == "text/css; charset=utf-8")
        #expect(WebAssets.contentType(for: "app.js") == "text/javascript; charset=utf-8")
        #expect(WebAssets.contentType(for: "manifest.webmanifest") == "application/manifest+json")
        #expect(WebAssets.contentType(for: "icon.svg") == "image/svg+xml")
    }

    @Test(arguments: [("icon-192.png", 192), ("icon-512.png", 512), ("icon-maskable-512.png", 512), ("apple-touch-icon.png", 180)])
    func pngSizes(_ name: String, _ size: Int) throws {
        let bytes = [UInt8](try #require(WebAssets.data(name)))
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == size)
        #expect(be32(20) == size)
    }

    @Test func manifest() throws {
        let data = try #require(WebAssets.data("manifest.webmanifest"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["name"] as? String == "AppSuite")
        #expect(json["lang"] as? String == "zh-Hans")
        #expect(json["start_url"] as? String == "/")
        #expect(json["display"] as? String == "standalone")
        let icons = try #require(json["icons"] as? [[String: String]])
        #expect(icons.contains { $0["purpose"] == "maskable" && $0["sizes"] == "512x512" })
        #expect(icons.contains { $0["sizes"] == "192x192" })
        for icon in icons {
            let name = try #require(icon["src"]?.replacingOccurrences(of: "/assets/", with: ""))
            #expect(WebAssets.data(name) != nil, "manifest icon \(name) missing")
        }
    }

    @Test func stylesheetCoversThemesAndSafeAreas() throws {
        let css = String(decoding: try #require(WebAssets.data("app.css")), as: UTF8.self)
        for needle in [
            "prefers-color-scheme: dark", "[data-theme=\"dark\"]", "[data-theme=\"light\"]", "safe-area-inset-bottom",
            "prefers-reduced-motion", "backdrop-filter", "PingFang SC", "Noto Sans CJK SC",
        ] {
            #expect(css.contains(needle), "app.css lacks \(needle)")
        }
    }

    @Test func scriptNeedsNoUnsafeEval() throws {
        let js = String(decoding: try #require(WebAssets.data("app.js")), as: UTF8.self)
        #expect(!js.contains("eval("))
        #expect(!js.contains("new Function"))
        #expect(!js.contains("innerHTML"))
        #expect(!js.contains("setAttribute(\"style\""))
    }
}

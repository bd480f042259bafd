public import Foundation

/// The static files in `Sources/WebUI/Assets` (app.css, app.js, manifest, icons). The server
/// serves `directory` under `/assets/` with long-lived caching; pages link them through `url(_:)`,
/// whose `?v=` query changes whenever a file's content does.
public enum WebAssets {
    /// The folder holding the asset files, inside the target's resource bundle.
    public static var directory: URL {
        if let url = Bundle.module.url(forResource: "Assets", withExtension: nil) { return url }
        return Bundle.module.bundleURL.appendingPathComponent("Assets", isDirectory: true)
    }

    /// The URL path prefix the server mounts `directory` at.
    public static let mountPath = "/assets/"

    /// Where pages link the web app manifest; the server serves `manifest.webmanifest` from
    /// `directory` at this root path so its default scope is the whole site.
    public static let manifestPath = "/manifest.webmanifest"

    /// `"/assets/app.css?v=1a2b3c4d5e"`: the public path of an asset with a short content hash,
    /// computed once per process. A name that is not an asset gets its path without `?v=`.
    public static func url(_ name: String) -> String {
        guard let hash = hashes[name] else { return mountPath + name }
        return mountPath + name + "?v=" + hash
    }

    /// The names of all asset files.
    public static var names: [String] { hashes.keys.sorted() }

    /// The `Content-Type` to serve an asset with.
    public static func contentType(for name: String) -> String {
        switch name.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "webmanifest": "application/manifest+json"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "html": "text/html; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    /// The bytes of an asset, or nil when there is no such file. Names with a path separator
    /// or a leading dot are refused.
    public static func data(_ name: String) -> Data? {
        guard isPlainName(name) else { return nil }
        return try? Data(contentsOf: directory.appendingPathComponent(name, isDirectory: false))
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\") && !name.contains("\0")
    }

    /// The web shell's release: a content hash over every asset's name and hash, so it changes with any of
    /// app.js, app.css, the icons … after a deploy. `GET /api/v1/app/version?platform=web` answers it as the latest
    /// web version; a page rendered before the deploy carries the old one and is asked to reload.
    public static let release: String = contentHash(Data(hashes.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value + "\n" }.joined().utf8))

    /// name → first 10 hex digits of the FNV-1a 64-bit hash of the file's bytes.
    static let hashes: [String: String] = {
        let directory = WebAssets.directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [String: String] = [:]
        for name in names where isPlainName(name) {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name, isDirectory: false)) else { continue }
            result[name] = contentHash(data)
        }
        return result
    }()

    /// A short content hash (FNV-1a 64-bit, 10 hex digits) for cache-busting `?v=` URL versions.
    public static func contentHash(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(10))
    }
}

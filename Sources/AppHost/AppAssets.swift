public import Foundation
public import HTTPServer
import WebUI

/// An app's own static files (CSS, JS, images), served at `/assets/apps/<id>/<name>` with a content-hash
/// version so they can be cached for a year. Apps keep them in a resource folder of their target:
///
/// ```swift
/// // Package.swift: .target(name: "Gaokao", …, resources: [.copy("Assets")])
/// let assets = AppAssets(appID: "gaokao", directory: Bundle.module.resourceURL!.appendingPathComponent("Assets"))
/// assets.register(into: &router)
/// viewer.page(title: …, stylesheets: [assets.url("gaokao.css")]) { … }
/// ```
public struct AppAssets: Sendable {
    public let appID: String
    public let directory: URL
    private let versions: [String: String]

    public init(appID: String, directory: URL) {
        self.appID = appID
        self.directory = directory
        var versions: [String: String] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where !name.hasPrefix(".") {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else { continue }
            versions[name] = WebAssets.contentHash(data)
        }
        self.versions = versions
    }

    /// The mount point, `/assets/apps/<id>/`.
    public var mountPath: String { "/assets/apps/\(appID)/" }

    /// The versioned URL of a file in the folder, e.g. `/assets/apps/gaokao/gaokao.css?v=1f3a…`.
    public func url(_ name: String) -> String {
        mountPath + name + (versions[name].map { "?v=" + $0 } ?? "")
    }

    /// Serves the folder with ETags, long caching for versioned URLs and gzip for text.
    public func register(into router: inout Router) {
        router.get(mountPath + "{path...}", StaticFiles(directory: directory.path).handler())
    }
}

import Foundation
public import HTTPServer

/// `GET /images/{app}/{item}?v=…`: a cached remote image from our origin (``RemoteImageCache``). A cached one is
/// `200` with its `ETag` (the URL's version) and, when `v` names that version, `Cache-Control: public,
/// max-age=31536000, immutable`; `If-None-Match` gives `304`. One not cached yet (being fetched, failed, offline)
/// redirects (`302`, `no-store`) to the app's own fallback picture or answers a grey placeholder SVG (`no-store`),
/// so the page shows something now and the real image on a later load. An unknown item is `404` with the placeholder.
public struct RemoteImageRoutes: Sendable {
    let cache: RemoteImageCache

    public init(cache: RemoteImageCache) { self.cache = cache }

    public static let mountPath = "/images"

    public func register(into router: inout Router) {
        let cache = self.cache
        router.get(Self.mountPath + "/{app}/{item}") { request in
            let app = try request.parameter("app")
            let item = try request.parameter("item")
            guard Self.isToken(app), Self.isToken(item) else { return Self.placeholder(.notFound) }
            switch try cache.entry(app: app, item: item) {
            case .ready(let path, let size, let mediaType, let version):
                let etag = "\"" + version + "\""
                var headers: HTTPHeaders = ["Content-Type": mediaType, "ETag": etag, "X-Content-Type-Options": "nosniff"]
                headers.set("Cache-Control", request.query["v"] == version ? "public, max-age=31536000, immutable" : "public, no-cache")
                if let match = request.headers["If-None-Match"],
                   match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
                    return Response(status: .notModified, headers: headers)
                }
                return Response(status: .ok, headers: headers, body: .file(path: path, size: size))
            case .missing(let fallback?) where fallback.hasPrefix("/") && !fallback.hasPrefix("//") && !fallback.contains("\\"):
                var headers: HTTPHeaders = ["Location": fallback]
                headers.set("Cache-Control", "no-store")
                return Response(status: HTTPStatus(302, "Found"), headers: headers)
            case .missing:
                return Self.placeholder(.ok)
            case .unknown:
                return Self.placeholder(.notFound)
            }
        }
    }

    /// Lower-case letters, digits and `-`, 1 to 64 of them: what app ids and image items are made of.
    static func isToken(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    /// A neutral picture frame on translucent grey (readable in light and dark mode), 120 × 120, scaled by the page.
    static func placeholder(_ status: HTTPStatus) -> Response {
        var headers: HTTPHeaders = ["Content-Type": "image/svg+xml; charset=utf-8", "X-Content-Type-Options": "nosniff"]
        headers.set("Cache-Control", "no-store")
        return Response(status: status, headers: headers, body: .bytes(Array(placeholderSVG.utf8)))
    }

    static let placeholderSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">\
        <rect width="120" height="120" rx="24" fill="#8e8e93" fill-opacity="0.22"/>\
        <rect x="30" y="36" width="60" height="48" rx="6" fill="none" stroke="#8e8e93" stroke-width="5"/>\
        <circle cx="48" cy="52" r="6" fill="#8e8e93"/>\
        <path d="M34 80 L56 62 L68 72 L76 66 L88 78" fill="none" stroke="#8e8e93" stroke-width="5" stroke-linejoin="round"/></svg>
        """
}

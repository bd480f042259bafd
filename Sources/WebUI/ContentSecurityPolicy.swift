/// The pages' Content-Security-Policy (WebUI.swift "CSP"; ASVS 5.0 3.4.3): no inline script or style and
/// nothing from other origins. The server sends ``standard`` with every response; a page that shows images
/// from an operator-configured host (the map tiles of 商户) sends ``allowingImages(from:)`` instead.
public enum ContentSecurityPolicy {
    public static let standard = allowingImages(from: [])

    /// The standard policy whose `img-src` also allows `origins` (`https://tile.openstreetmap.org`: scheme,
    /// host and port only; anything else — a path, a quote, a `;` or a space — is left out).
    public static func allowingImages(from origins: [String]) -> String {
        let allowed = origins.filter { origin in
            (origin.hasPrefix("https://") || origin.hasPrefix("http://"))
                && !origin.dropFirst(8).contains("/") && origin.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && !";',\"".unicodeScalars.contains($0) }
        }
        return "default-src 'self'; img-src 'self' data: blob:\(allowed.map { " " + $0 }.joined()); style-src 'self'; script-src 'self'; object-src 'none'; "
            + "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    }
}

import Foundation

/// One OpenID Connect provider an operator configured for "使用 X 登录 / Sign in with X".
///
/// Configured with `--oidc-providers` (or `APPSUITE_OIDC_PROVIDERS`): entries separated by `;`, each
/// `id|name|issuer|client-id`, e.g. `corp|公司账号|https://sso.corp.example|appsuite`. The client secret comes
/// only from the environment, `APPSUITE_OIDC_<ID>_SECRET` (the id upper-cased, `-` as `_`); without one the
/// client is public and PKCE alone protects the code (RFC 7636, RFC 9700 §2.1.1).
public struct OIDCProvider: Sendable, Equatable {
    /// 1–32 of `a–z 0–9 -`, starting with a letter: the provider's path segment (`/login/oidc/{id}`).
    public let id: String
    /// The button text's X, 1–40 characters without control characters.
    public let name: String
    /// The issuer identifier, exactly as the provider's ID tokens and discovery document state it: an `https`
    /// URL, or `http` on a loopback host (a provider on the same machine, tests).
    public let issuer: String
    public let clientID: String
    public let clientSecret: String?

    public init(id: String, name: String, issuer: String, clientID: String, clientSecret: String? = nil) {
        self.id = id
        self.name = name
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    /// The environment variable holding provider `id`'s client secret: `APPSUITE_OIDC_CORP_SECRET` for `corp`.
    public static func secretVariable(for id: String) -> String {
        "APPSUITE_OIDC_" + id.uppercased().replacingOccurrences(of: "-", with: "_") + "_SECRET"
    }

    /// Parses `--oidc-providers`, taking each secret from `environment` (``secretVariable(for:)``).
    /// - Throws: a sentence naming the first bad entry and what is expected.
    public static func parseList(_ text: String, environment: [String: String]) throws(OIDCConfigurationError) -> [OIDCProvider] {
        var providers: [OIDCProvider] = []
        for entry in text.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let fields = entry.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 4 else { throw .init("'\(entry)' is not id|name|issuer|client-id") }
            let (id, name, issuer, clientID) = (fields[0], fields[1], fields[2], fields[3])
            guard isValidID(id) else { throw .init("provider id '\(id)' must be 1–32 of a–z 0–9 - starting with a letter") }
            guard !providers.contains(where: { $0.id == id }) else { throw .init("provider id '\(id)' appears twice") }
            guard (1...40).contains(name.count), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .init("provider '\(id)': the name must have 1–40 characters")
            }
            guard isAllowedEndpoint(issuer), !issuer.contains("?"), !issuer.contains("#") else {
                throw .init("provider '\(id)': the issuer must be an https URL (http only on a loopback host), without query or fragment")
            }
            guard (1...255).contains(clientID.utf8.count), clientID.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw .init("provider '\(id)': the client id must be 1–255 visible ASCII characters")
            }
            let secret = environment[secretVariable(for: id)].flatMap { $0.isEmpty ? nil : $0 }
            providers.append(OIDCProvider(id: id, name: name, issuer: issuer, clientID: clientID, clientSecret: secret))
        }
        return providers
    }

    static func isValidID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...32).contains(bytes.count), let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return bytes.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// `true` for an `https` URL with a host, or an `http` one whose host is loopback (`127.0.0.1`, `::1`,
    /// `localhost`): the rule for the issuer and every endpoint its discovery document names.
    static func isAllowedEndpoint(_ text: String) -> Bool {
        guard let url = URLComponents(string: text), let host = url.host, !host.isEmpty, url.user == nil else { return false }
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
        default: return false
        }
    }
}

/// A `--oidc-providers` value that cannot be used; the text says why.
public struct OIDCConfigurationError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

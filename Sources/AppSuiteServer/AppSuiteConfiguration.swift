public import AppHost
import Foundation
import HTTPServer
public import Identity
import Mail
import Maps
import Notifications
import Storage
public import WebUI

/// How one AppSuite server runs. Resolved from flags, then `APPSUITE_*` environment variables, then defaults
/// (DESIGN.md "Configuration").
public struct AppSuiteConfiguration: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 8080
    /// Holds the database (`appsuite.sqlite`, unless ``databaseURL`` is set), the server secret, media and app files.
    public var dataDirectory = "var"
    /// A PostgreSQL database (`postgres://user:password@host:port/db?sslmode=…`, `--database` or
    /// `APPSUITE_DATABASE_URL`) shared by several servers; nil: SQLite in the data directory.
    public var databaseURL: String?
    /// libmicrohttpd worker threads; nil picks twice the core count.
    public var threadCount: Int?
    /// The remote-image cache's budget (`--remote-images-max-mb`, 1–1,048,576 MiB, default 512): past it the least
    /// recently served images are deleted (``RemoteImageCache/Limits/maximumTotalBytes``).
    public var remoteImagesMaximumMegabytes = 512
    /// Mark cookies `Secure`: set when served over HTTPS (directly or behind a TLS proxy).
    public var usesSecureCookies = false
    public var isAccessLogEnabled = true
    /// Addresses of the reverse proxies in front (`--trusted-proxy 127.0.0.1,::1`), whose `X-Forwarded-For` gives
    /// the client address that throttles and per-client limits count; empty: the connection's peer is the client.
    public var trustedProxies: Set<String> = []
    /// The apps' declared settings (``MiniApp/settings``), validated.
    public var settings = AppSettings()

    /// The address people reach the server at; every absolute link starts with it. Nil: `http://<host>:<port>`
    /// of the listening address. Set it when a proxy or TLS terminator is in front (``PublicURL``).
    public var publicURL: PublicURL?

    /// The mail server for verification and password-reset links: `smtp://[user:password@]host[:port]` or
    /// `smtps://…`. Nil: no mail, and the pages that need it say so.
    public var smtpURL: String?
    /// The sender of those messages (default `noreply@` the public URL's host).
    public var mailFrom: String?
    /// Third-party sign-in (`--oidc-providers`, ``OIDCProvider/parseList(_:environment:)``), secrets included.
    public var oidcProviders: [OIDCProvider] = []
    /// What `GET /api/v1/app/version` publishes (`--client-versions`, `--release-notes-url`).
    public var clientVersions = ClientVersions()
    /// For end-to-end tests only (`--test-push-receiver http://127.0.0.1:PORT`): a loopback origin standing in for a
    /// browser's push service, whose endpoints Web Push subscriptions may name (``PushService/testReceiver``). Nil:
    /// only public https endpoints, as in production.
    public var testPushReceiver: String?

    public init() {}

    /// The names accepted as `--flag value` and as `APPSUITE_FLAG` in the environment.
    public static let optionNames: Set<String> = ["host", "port", "data-dir", "database", "threads", "secure-cookies", "access-log", "public-url", "smtp-url", "mail-from", "trusted-proxy", "oidc-providers", "client-versions", "release-notes-url", "test-push-receiver", "remote-images-max-mb"]

    /// Settings of the platform that apps share, resolved like the apps' own: the map tiles (`--map-tile-*`, Maps'
    /// ``TileSource``) that every app drawing a map reads from its context.
    public static let platformSettings: [any DeclaredSetting] = TileSource.settings

    /// ``optionNames``, ``platformSettings`` and the settings `apps` declare that may be given as a flag (not secrets).
    public static func optionNames(apps: [any MiniApp]) -> Set<String> {
        optionNames.union((platformSettings + apps.flatMap(\.settings)).filter { !$0.isSecret }.map(\.name))
    }

    /// Applies `options` (flag name → value) over `environment` (`APPSUITE_HOST`, `APPSUITE_PORT`,
    /// `APPSUITE_DATA_DIR`, `APPSUITE_DATABASE_URL`, `APPSUITE_THREADS`, `APPSUITE_REMOTE_IMAGES_MAX_MB`, `APPSUITE_SECURE_COOKIES`, `APPSUITE_ACCESS_LOG`, `APPSUITE_PUBLIC_URL`,
    /// `APPSUITE_SMTP_URL`, `APPSUITE_MAIL_FROM`, `APPSUITE_TRUSTED_PROXY`, `APPSUITE_OIDC_PROVIDERS` with each provider's `APPSUITE_OIDC_<ID>_SECRET`,
    /// `APPSUITE_CLIENT_VERSIONS`, `APPSUITE_RELEASE_NOTES_URL`, `APPSUITE_TEST_PUSH_RECEIVER`)
    /// over the defaults, and the same for ``platformSettings`` and every setting `apps` declare (secrets from the environment only).
    /// - Throws: ``ConfigurationError`` naming the bad value and what is allowed.
    public static func resolve(options: [String: String], environment: [String: String],
                               apps: [any MiniApp] = AppCatalog.installed) throws(ConfigurationError) -> AppSuiteConfiguration {
        var configuration = AppSuiteConfiguration()
        func value(_ name: String) -> String? {
            let variable = name == "database" ? "DATABASE_URL" : name.uppercased().replacingOccurrences(of: "-", with: "_")
            return options[name] ?? environment["APPSUITE_" + variable]
        }
        if let host = value("host") { configuration.host = host }
        if let port = value("port") {
            guard let number = UInt16(port) else { throw .invalid("port", port, "a number from 0 to 65535") }
            configuration.port = number
        }
        if let directory = value("data-dir") {
            guard !directory.isEmpty else { throw .invalid("data-dir", directory, "a folder path") }
            configuration.dataDirectory = directory
        }
        if let url = value("database") {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw .invalid("database", PostgreSQLDatabase.redacted(url), "a PostgreSQL URL, postgres://user:password@host:5432/database (SQLite needs no flag)")
            }
            configuration.databaseURL = url
        }
        if let threads = value("threads") {
            guard let number = Int(threads), (1...256).contains(number) else { throw .invalid("threads", threads, "a number from 1 to 256") }
            configuration.threadCount = number
        }
        if let megabytes = value("remote-images-max-mb") {
            guard let number = Int(megabytes), (1...1_048_576).contains(number) else {
                throw .invalid("remote-images-max-mb", megabytes, "a whole number of MiB from 1 to 1048576")
            }
            configuration.remoteImagesMaximumMegabytes = number
        }
        if let secure = value("secure-cookies") { configuration.usesSecureCookies = try boolean("secure-cookies", secure) }
        if let log = value("access-log") { configuration.isAccessLogEnabled = try boolean("access-log", log) }
        if let proxies = value("trusted-proxy") {
            let addresses = proxies.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard addresses.allSatisfy({ ForwardedFor.isAddress($0) }) else {
                throw .invalid("trusted-proxy", proxies, "IP addresses separated by commas, e.g. 127.0.0.1,::1")
            }
            configuration.trustedProxies = Set(addresses)
        }
        if let url = value("public-url") {
            do {
                configuration.publicURL = try PublicURL(parsing: url)
            } catch {
                throw .invalid("public-url", url, "an absolute http(s) URL without path, query or fragment, e.g. https://apps.example.com (\(error))")
            }
        }
        if let url = value("smtp-url"), !url.isEmpty {
            guard (try? SMTPSender(url: url, from: MailAddress("noreply@localhost"))) != nil else {
                throw .invalid("smtp-url", SMTPSender.redacted(url), "smtp://[user:password@]host[:port] or smtps://…")
            }
            configuration.smtpURL = url
        }
        if let from = value("mail-from") {
            guard (try? MailAddress(from)) != nil else { throw .invalid("mail-from", from, "an e-mail address such as noreply@example.com") }
            configuration.mailFrom = from
        }
        if let list = value("oidc-providers") {
            do {
                configuration.oidcProviders = try OIDCProvider.parseList(list, environment: environment)
            } catch {
                throw .invalid("oidc-providers", list, "id|name|issuer|client-id entries separated by ; (\(error))")
            }
        }
        if let list = value("client-versions"), !list.isEmpty {
            guard let policies = ClientVersions.parseList(list) else {
                throw .invalid("client-versions", list, "platform=latest/minimum entries separated by commas, e.g. ios=2.1.0/1.5.0,android=2.0.3/1.5.0")
            }
            configuration.clientVersions.native = policies
        }
        if let url = value("release-notes-url"), !url.isEmpty {
            guard url.count <= 512, let parts = URLComponents(string: url), ["http", "https"].contains(parts.scheme ?? ""), parts.host?.isEmpty == false else {
                throw .invalid("release-notes-url", url, "an absolute http(s) URL of at most 512 characters")
            }
            configuration.clientVersions.releaseNotesURL = url
        }
        if let origin = value("test-push-receiver"), !origin.isEmpty {
            guard PushService.loopbackReceiver(origin) != nil else {
                throw .invalid("test-push-receiver", origin, "a loopback origin with a port, e.g. http://127.0.0.1:29001 (end-to-end tests only)")
            }
            configuration.testPushReceiver = origin
        }
        var settings: [String: String] = [:]
        for setting in platformSettings + apps.flatMap(\.settings) {
            guard let text = setting.isSecret ? environment[setting.environmentName] : value(setting.name) else { continue }
            guard setting.accepts(text) else { throw .invalid(setting.name, text, setting.expected) }
            settings[setting.name] = text
        }
        configuration.settings = AppSettings(settings)
        return configuration
    }

    private static func boolean(_ name: String, _ value: String) throws(ConfigurationError) -> Bool {
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw .invalid(name, value, "true or false")
        }
    }

    var databasePath: String { dataDirectory + "/appsuite.sqlite" }
    var mediaDirectory: String { dataDirectory + "/media" }
}

/// A configuration value that cannot be used.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case invalid(String, String, String)

    public var description: String {
        switch self {
        case .invalid(let name, let value, let allowed): "--\(name) '\(value)' is not valid; expected \(allowed)"
        }
    }
}

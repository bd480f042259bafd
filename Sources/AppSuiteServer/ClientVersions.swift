import AppSuiteAPI
import Foundation
import HTTPServer
import WebUI

/// The client versions the operator publishes for `GET /api/v1/app/version` (seed chapter 11, "upgrade
/// prompt"): `--client-versions ios=2.1.0/1.5.0,android=2.0.3/1.5.0` (latest/minimum supported per native
/// platform) and `--release-notes-url`. The `web` platform needs no configuration: its version is the web
/// shell's asset release (``WebAssets/release``), and a page rendered by an older release is told to reload.
public struct ClientVersions: Sendable, Equatable {
    public struct Policy: Sendable, Equatable {
        public var latest: String
        public var minimumSupported: String
    }

    /// The native platforms a policy may be given for.
    static let nativePlatforms: Set<String> = ["ios", "android"]
    public var native: [String: Policy] = [:]
    public var releaseNotesURL: String?

    public init(native: [String: Policy] = [:], releaseNotesURL: String? = nil) {
        self.native = native
        self.releaseNotesURL = releaseNotesURL
    }

    /// `ios=2.1.0/1.5.0,android=2.0.3/1.5.0`; nil when an entry is not `platform=latest/minimum` with a known
    /// platform named once, two dotted versions and the minimum not above the latest.
    static func parseList(_ text: String) -> [String: Policy]? {
        guard text.count <= 256 else { return nil }
        var policies: [String: Policy] = [:]
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, nativePlatforms.contains(parts[0]), policies[parts[0]] == nil else { return nil }
            let versions = parts[1].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard versions.count == 2, let latest = numbers(versions[0]), let minimum = numbers(versions[1]),
                  !isOlder(latest, than: minimum) else { return nil }
            policies[parts[0]] = Policy(latest: versions[0], minimumSupported: versions[1])
        }
        return policies
    }

    /// `1.10.2` → [1, 10, 2]: one to four numbers of at most six digits; nil otherwise.
    static func numbers(_ version: String) -> [Int]? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count),
              parts.allSatisfy({ (1...6).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return parts.map { Int($0)! }
    }

    /// Numeric comparison, missing parts as 0 (`1.2` = `1.2.0` < `1.10`).
    static func isOlder(_ a: [Int], than b: [Int]) -> Bool {
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0, y = index < b.count ? b[index] : 0
            if x != y { return x < y }
        }
        return false
    }

    /// The answer for `platform` and the client's `current` version.
    /// - Throws: 422 naming `platform` (not ios, android or web) or `current` (not a version of that platform);
    ///   404 when no version is published for a native platform.
    func answer(platform: String?, current: String?) throws(HTTPError) -> AppVersion {
        guard let platform, platform == "web" || Self.nativePlatforms.contains(platform) else {
            throw .validation([.init(field: "platform", message: "platform must be ios, android or web")])
        }
        let current = current.flatMap { $0.isEmpty ? nil : $0 }
        if platform == "web" {
            let release = WebAssets.release
            if let current, current.count > 64 || !current.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) {
                throw .validation([.init(field: "current", message: "current must be a web release: up to 64 letters, digits, . and -")])
            }
            let stale = current.map { $0 != release } ?? false
            return AppVersion(platform: platform, latest: release, minimumSupported: release, current: current,
                              updateAvailable: stale, updateRequired: stale, releaseNotesURL: releaseNotesURL)
        }
        guard let policy = native[platform] else { throw .notFound("No version is published for \(platform).") }
        var available = false, required = false
        if let current {
            guard let mine = Self.numbers(current) else {
                throw .validation([.init(field: "current", message: "current must be a version such as 1.4.2")])
            }
            available = Self.isOlder(mine, than: Self.numbers(policy.latest)!)
            required = Self.isOlder(mine, than: Self.numbers(policy.minimumSupported)!)
        }
        return AppVersion(platform: platform, latest: policy.latest, minimumSupported: policy.minimumSupported, current: current,
                          updateAvailable: available, updateRequired: required, releaseNotesURL: releaseNotesURL)
    }
}

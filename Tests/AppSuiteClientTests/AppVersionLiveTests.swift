import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Testing

/// `platform.appVersion` on a live server whose operator publishes iOS 2.1.0 (1.5.0 the oldest supported).
@Suite struct AppVersionLiveTests {
    @Test func upgradePromptDecision() async throws {
        let server = try TestServer(options: ["client-versions": "ios=2.1.0/1.5.0", "release-notes-url": "https://apps.example/notes"])
        let platform = server.client().platform
        let old = try await platform.appVersion(platform: "ios", current: "1.4.9")
        #expect(old == AppVersion(platform: "ios", latest: "2.1.0", minimumSupported: "1.5.0", current: "1.4.9", updateAvailable: true,
                                  updateRequired: true, releaseNotesURL: "https://apps.example/notes"))
        let supported = try await platform.appVersion(platform: "ios", current: "1.10")
        #expect(supported.updateAvailable && !supported.updateRequired, "1.10 is newer than 1.5.0 (numeric, not text)")
        let latest = try await platform.appVersion(platform: "ios", current: "2.1")
        #expect(!latest.updateAvailable && !latest.updateRequired)
        let release = try await platform.appVersion(platform: "web").latest
        #expect(release.count == 10)
        let web = try await platform.appVersion(platform: "web", current: release)
        #expect(web.latest == release && web.minimumSupported == release && !web.updateRequired)
        #expect(try await platform.appVersion(platform: "web", current: "0123456789").updateRequired)
        #expect(await failure { () async throws(AppSuiteError) in _ = try await platform.appVersion(platform: "android") }?.status == 404)
        let bad = await failure { () async throws(AppSuiteError) in _ = try await platform.appVersion(platform: "ios", current: "1.x") }
        guard case .problem(let problem)? = bad else { Issue.record("expected a problem, got \(String(describing: bad))"); return }
        #expect(problem.status == 422 && problem.errors?.map(\.field) == ["current"])
        #expect(await failure { () async throws(AppSuiteError) in _ = try await platform.appVersion(platform: "windows") }?.status == 422)
    }
}

@testable import AppSuiteServer
import Testing

/// `--client-versions` and `--release-notes-url`: what the operator may publish for `GET /api/v1/app/version`.
@Suite struct ClientVersionTests {
    @Test func listIsParsedAndChecked() {
        #expect(ClientVersions.parseList("ios=2.1.0/1.5.0,android=2.0.3/1.5.0") == [
            "ios": .init(latest: "2.1.0", minimumSupported: "1.5.0"), "android": .init(latest: "2.0.3", minimumSupported: "1.5.0")])
        #expect(ClientVersions.parseList("ios=1.10/1.9") != nil, "numeric order: 1.10 is after 1.9")
        #expect(ClientVersions.parseList("ios=1.5.0/2.1.0") == nil, "minimum above latest")
        #expect(ClientVersions.parseList("windows=1.0/1.0") == nil)
        #expect(ClientVersions.parseList("ios=1.0/1.0,ios=2.0/1.0") == nil)
        #expect(ClientVersions.parseList("ios=1.0") == nil)
        #expect(ClientVersions.parseList("ios=v1.0/1.0") == nil)
        #expect(ClientVersions.isOlder([1, 2], than: [1, 2, 1]) && !ClientVersions.isOlder([1, 2, 0], than: [1, 2]))
    }

    @Test func badOptionsAreUsageErrors() throws {
        let options = ["client-versions": "ios=2.1.0/1.5.0", "release-notes-url": "https://apps.example/notes"]
        let configuration = try AppSuiteConfiguration.resolve(options: options, environment: [:], apps: [])
        #expect(configuration.clientVersions.native["ios"]?.latest == "2.1.0")
        #expect(configuration.clientVersions.releaseNotesURL == "https://apps.example/notes")
        #expect(throws: ConfigurationError.self) { try AppSuiteConfiguration.resolve(options: ["client-versions": "ios=2"], environment: [:], apps: []) }
        #expect(throws: ConfigurationError.self) {
            try AppSuiteConfiguration.resolve(options: ["release-notes-url": "javascript:alert(1)"], environment: [:], apps: [])
        }
        let fromEnvironment = try AppSuiteConfiguration.resolve(options: [:], environment: ["APPSUITE_CLIENT_VERSIONS": "android=3.0/2.0"], apps: [])
        #expect(fromEnvironment.clientVersions.native["android"]?.minimumSupported == "2.0")
    }
}

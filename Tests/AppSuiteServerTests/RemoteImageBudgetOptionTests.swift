import AppSuiteServer
import Testing

/// `--remote-images-max-mb` (`APPSUITE_REMOTE_IMAGES_MAX_MB`): the remote-image cache's disk budget in MiB, 512 by
/// default, a whole number from 1 to 1,048,576 or a usage error.
@Suite struct RemoteImageBudgetOptionTests {
    @Test func theBudgetIsAWholeNumberOfMebibytes() throws {
        #expect(try AppSuiteConfiguration.resolve(options: [:], environment: [:], apps: []).remoteImagesMaximumMegabytes == 512)
        #expect(try AppSuiteConfiguration.resolve(options: ["remote-images-max-mb": "64"], environment: [:], apps: []).remoteImagesMaximumMegabytes == 64)
        let fromEnvironment = try AppSuiteConfiguration.resolve(options: [:], environment: ["APPSUITE_REMOTE_IMAGES_MAX_MB": "2048"], apps: [])
        #expect(fromEnvironment.remoteImagesMaximumMegabytes == 2_048)
        for refused in ["0", "-5", "1.5", "lots", "1048577", ""] {
            #expect(throws: ConfigurationError.self, "\(refused)") {
                try AppSuiteConfiguration.resolve(options: ["remote-images-max-mb": refused], environment: [:], apps: [])
            }
        }
    }
}

import AppSuiteServer
import Testing

/// `--test-push-receiver`: the end-to-end tests' stand-in for a push service is a loopback origin or a usage error;
/// without it the server accepts only public https push endpoints.
@Suite struct TestPushReceiverOptionTests {
    @Test func onlyALoopbackOriginIsTaken() throws {
        #expect(try AppSuiteConfiguration.resolve(options: [:], environment: [:], apps: []).testPushReceiver == nil)
        let given = try AppSuiteConfiguration.resolve(options: ["test-push-receiver": "http://127.0.0.1:29001"], environment: [:], apps: [])
        #expect(given.testPushReceiver == "http://127.0.0.1:29001")
        let fromEnvironment = try AppSuiteConfiguration.resolve(options: [:], environment: ["APPSUITE_TEST_PUSH_RECEIVER": "http://[::1]:29002"], apps: [])
        #expect(fromEnvironment.testPushReceiver == "http://[::1]:29002")
        for refused in ["http://10.0.0.7:29001", "http://localhost:29001", "https://push.example.com", "http://127.0.0.1", "http://127.0.0.1:29001/x"] {
            #expect(throws: ConfigurationError.self, "\(refused)") {
                try AppSuiteConfiguration.resolve(options: ["test-push-receiver": refused], environment: [:], apps: [])
            }
        }
    }
}

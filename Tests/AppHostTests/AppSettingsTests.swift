import AppHost
import Testing

@Suite struct AppSettingsTests {
    static let limit = AppSetting.positiveNumber("demo-limit", default: 64, maximum: 1_024, help: "a limit (default 64)")
    static let owner = AppSetting.text("demo-owner", default: "demo", maximumLength: 8, help: "who (default demo)")
    static let password = AppSetting.secret("demo-password", help: "a secret")

    @Test func valuesParseOrFallBackToTheDefault() {
        let settings = AppSettings(["demo-limit": "12.5", "demo-owner": "小明"])
        #expect(settings[Self.limit] == 12.5)
        #expect(settings[Self.owner] == "小明")
        #expect(settings[Self.password] == nil)
        #expect(AppSettings()[Self.limit] == 64)
        #expect(AppSettings(["demo-password": "s3cret words"])[Self.password] == "s3cret words")
    }

    @Test func validationNamesWhatIsExpected() {
        for bad in ["0", "-1", "1025", "nan", "inf", "", "12 MB"] { #expect(!Self.limit.accepts(bad), "\(bad)") }
        #expect(Self.limit.accepts("1024") && Self.limit.accepts("0.5"))
        #expect(Self.limit.expected == "a number above 0 and at most 1024")
        for bad in ["", "nine char", "tab\there"] { #expect(!Self.owner.accepts(bad), "\(bad)") }
        #expect(Self.owner.accepts("小明"))
    }

    @Test func environmentNamesAndSecrets() {
        #expect(Self.limit.environmentName == "APPSUITE_DEMO_LIMIT")
        #expect(!Self.limit.isSecret && Self.password.isSecret)
    }
}

import Testing
@testable import WebUI

struct LanguageTests {
    static let headers: [(header: String?, expected: Language)] = [
        ("en-US,en;q=0.9", .en),
        ("zh-CN,zh;q=0.9,en;q=0.8", .zh),
        ("en-US,en;q=0.9,zh-CN;q=0.8", .en),
        ("zh-TW,zh;q=0.9", .zh),
        ("fr", .zh),
        ("fr-FR,fr;q=0.9,en;q=0.8", .en),
        ("fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.7", .en),
        ("fr-FR,zh;q=0.9,en;q=0.8", .zh),
        ("en;q=0.5,zh;q=0.6", .zh),
        ("zh;q=0.5,en;q=0.6", .en),
        ("en;q=0.8,zh;q=0.8", .en),  // equal weight: the first listed
        ("zh;q=0.8,en;q=0.8", .zh),
        ("en;q=0", .zh),
        ("en;q=0.000", .zh),
        ("en;q=1.0", .en),
        ("EN-gb", .en),
        ("en_US", .en),
        ("en;q=0.5,*", .zh),  // the wildcard stands for Chinese, at full weight
        ("*;q=0.1,en;q=0.5", .en),
        ("en;q=0.5,*;q=0.9,zh;q=0.1", .en),  // Chinese listed: the wildcard no longer counts for it
        ("", .zh),
        (nil, .zh),
        (";;;,,,q=1", .zh),
        ("en;q=abc", .zh),  // malformed q-value: entry ignored
        ("en;q=2", .zh),
        ("en;q=0.5555", .zh),
        ("en;q=.5", .zh),
        ("en;q=1.001", .zh),
        ("garbage!!", .zh),
        ("   en-US  ;  q=0.7  ", .en),
        ("zh-Hans-CN;q=0.2, en-US;q=0.1", .zh),
        ("de-DE,de;q=0.9", .zh),
        (String(repeating: "x,", count: 10000) + "en", .zh),  // only the first 4 KB / 64 entries are read
    ]

    @Test(arguments: 0..<headers.count)
    func negotiatesAcceptLanguage(_ index: Int) {
        let (header, expected) = Self.headers[index]
        #expect(Language.negotiate(acceptLanguage: header, override: nil) == expected, "header: \(String(describing: header?.prefix(60)))")
    }

    @Test func overrideWins() {
        #expect(Language.negotiate(acceptLanguage: "zh-CN", override: "en") == .en)
        #expect(Language.negotiate(acceptLanguage: "en-US", override: "zh") == .zh)
        #expect(Language.negotiate(acceptLanguage: "en-US", override: "zh-Hans") == .zh)
        #expect(Language.negotiate(acceptLanguage: nil, override: "EN-gb") == .en)
        // An override naming neither language is ignored.
        #expect(Language.negotiate(acceptLanguage: "en-US", override: "fr") == .en)
        #expect(Language.negotiate(acceptLanguage: "en-US", override: "") == .en)
        #expect(Language.negotiate(acceptLanguage: nil, override: "<script>") == .zh)
    }

    @Test func localizedText() {
        #expect(Strings.back(.zh) == "返回")
        #expect(Strings.back(.en) == "Back")
        #expect(Strings.logOut(.zh) == "退出登录")
        #expect(LocalizedText("AppSuite")(.en) == "AppSuite")
        #expect(Language.zh.htmlLang == "zh-Hans")
        #expect(Language.en.htmlLang == "en")
        #expect(Language.zh.other == .en)
    }
}

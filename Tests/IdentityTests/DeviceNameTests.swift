import Testing
@testable import Identity

@Suite struct DeviceNameTests {
    @Test func realUserAgentsGetBrowserAndSystem() {
        let cases: [(String, String?)] = [
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
             "Safari · iPhone"),
            ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
             "Chrome · Android"),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
             "Edge · Windows"),
            ("Mozilla/5.0 (Linux; Android 13; V2238A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0.5304.141 Mobile Safari/537.36 "
                + "XWEB/5127 MMWEBSDK/20230805 MicroMessenger/8.0.42.2460(0x28002A35) WeChat/arm64", "WeChat · Android"),
            ("Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox · Linux"),
            ("curl/7.88.1", "curl"),
            ("", nil),
            ("something else", nil),
        ]
        for (agent, expected) in cases { #expect(DeviceName.describe(userAgent: agent) == expected, "\(agent)") }
    }
}

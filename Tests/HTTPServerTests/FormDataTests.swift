import Testing
@testable import HTTPServer

@Suite struct FormDataTests {
    @Test func decodesPlusPercentAndUTF8() {
        let form = FormData.parse(urlEncoded: "name=%E8%B1%B9%E8%80%83%E9%80%9A&q=a+b%2Bc&empty=&flag&tag=1&tag=2")
        #expect(form["name"] == "豹考通")
        #expect(form["q"] == "a b+c")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form.values("tag") == ["1", "2"])
    }

    @Test func malformedEscapesAreKeptLiterally() {
        #expect(FormData.parse(urlEncoded: "a=%zz%4&b=100%")["a"] == "%zz%4")
        #expect(FormData.parse(urlEncoded: "b=100%")["b"] == "100%")
    }

    @Test func percentEncodeRoundTrips() {
        let text = "河南 理科&a=b/c?😀"
        #expect(FormData.parse(urlEncoded: "x=" + percentEncode(text))["x"] == text)
        #expect(percentEncode("四川 a-b") == "%E5%9B%9B%E5%B7%9D%20a-b")
        #expect(percentEncode("Az09-._~") == "Az09-._~")
        #expect(percentEncode("") == "")
    }

    @Test func cookiesParseAndRender() {
        let cookies = Cookie.parse(header: "sid=abc; lang=en; theme=\"dark\"; sid=second")
        #expect(cookies == ["sid": "abc", "lang": "en", "theme": "dark"])
        var cookie = Cookie(name: "sid", value: "abc", maxAge: 60, isSecure: true)
        #expect(cookie.headerValue == "sid=abc; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Lax")
        cookie.isHTTPOnly = false
        #expect(Cookie.expired("sid").headerValue == "sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
    }

    @Test func gzipNegotiation() {
        #expect(Gzip.isAccepted("gzip, deflate, br"))
        #expect(Gzip.isAccepted("br;q=1.0, gzip;q=0.8"))
        #expect(!Gzip.isAccepted("gzip;q=0"))
        #expect(!Gzip.isAccepted("identity"))
        #expect(!Gzip.isAccepted(nil))
        for hostile in [";", ",", ";;,;", "", " ; q=1", "gzip;q=", "gzip;q=abc"] {
            _ = Gzip.isAccepted(hostile)  // must not trap
        }
        #expect(Gzip.isAccepted("gzip;q=abc"), "an unreadable weight counts as 1")
    }

    /// Header values that split into nothing must not trap (a `;` alone once crashed the server).
    @Test(arguments: [";", " ; ", "", ";charset=utf-8", "application/json;"])
    func contentTypeOfOddHeaders(value: String) {
        let request = Request(method: .post, path: "/", headers: ["Content-Type": value])
        #expect(request.contentType == (value.hasPrefix("application/json") ? "application/json" : nil))
        #expect(request.form().isEmpty)
    }
}

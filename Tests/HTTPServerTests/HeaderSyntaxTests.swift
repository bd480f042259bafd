import AppSuiteTesting
import Testing
@testable import HTTPServer

/// Header fields that RFC 9110 §5 and RFC 9112 §5 forbid are refused with 400 and the connection closed,
/// whatever libmicrohttpd lets through; well-formed but unusual fields are still served.
@Suite(.serialized) struct HeaderSyntaxTests {
    static func request(_ fields: String) -> String { "GET /hello HTTP/1.1\r\n\(fields)\r\n" }

    @Test(arguments: [
        ("a duplicate Host", request("Host: x\r\nHost: evil.example\r\n")),
        ("a bare CR in a value", request("Host: x\r\nX-A: one\rtwo\r\n")),
        ("a NUL in a value", request("Host: x\r\nX-A: one\0two\r\nX-B: three\r\n")),
        ("a NUL at the end of a value", request("Host: x\r\nX-A: one\0\r\n")),
        ("a NUL in the last value", request("Host: x\r\nX-A: one\0two\r\n")),
        ("a NUL in the Host value", request("Host: x\0evil.example\r\n")),
        ("a space in a name", request("Host: x\r\nX A: one\r\n")),
        ("a space before the colon", request("Host : x\r\n")),
        ("a tab before the colon", request("Host: x\r\nX-A\t: one\r\n")),
        ("a parenthesis in a name", request("Host: x\r\nX(A): one\r\n")),
        ("a CR in a name", request("Host: x\r\nX\rA: one\r\n")),
        ("an escape in a value", request("Host: x\r\nX-A: \u{1B}[31mred\r\n")),
        ("a DEL in a value", request("Host: x\r\nX-A: one\u{7F}\r\n")),
        ("a vertical tab in a value", request("Host: x\r\nX-A: one\u{0B}two\r\n")),
        ("obsolete line folding", request("Host: x\r\nX-A: one\r\n two\r\n")),
        ("an empty name", request("Host: x\r\n: one\r\n")),
    ] as [(String, String)])
    func malformedFieldsAre400(_ name: String, head: String) throws {
        try LiveServerTests.withServer { server in
            let reply = try #require(try RawHTTPClient.exchange(port: server.port, head), "\(name): no answer")
            #expect(reply.status == 400, "\(name)")
            #expect(reply.headers["connection"] == "close", "\(name)")
        }
    }

    @Test(arguments: [
        ("a tab and spaces in a value", request("Host: x\r\nX-A: one\ttwo  three  \r\n")),
        ("UTF-8 in a value", request("Host: x\r\nUser-Agent: 照片 Studio/1.0\r\n")),
        ("an empty value", request("Host: x\r\nX-Empty:\r\n")),
        ("every token character in a name", request("Host: x\r\nX-!#$%&'*+.^_`|~09az: one\r\n")),
        ("cookies", request("Host: x\r\nCookie: a=1; b=2\r\nCookie: c=3\r\n")),
        ("bare LF line ends", "GET /hello HTTP/1.1\nHost: x\nX-A: one\n\n"),
    ] as [(String, String)])
    func wellFormedFieldsAreServed(_ name: String, head: String) throws {
        try LiveServerTests.withServer { server in
            let reply = try #require(try RawHTTPClient.exchange(port: server.port, head), "\(name): no answer")
            #expect(reply.status == 200, "\(name)")
        }
    }
}

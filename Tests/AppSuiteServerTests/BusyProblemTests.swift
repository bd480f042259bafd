import AppSuiteTesting
import Foundation
import HTTPServer
import Testing
@testable import AppSuiteServer

/// The work pool's refusals (429 too many waiting, 503 busy or not started in time) reach a Chinese page's script as
/// problem+json in the reader's language (issue 30: the details were English on Chinese pages), with their status and
/// Retry-After unchanged; an English reader keeps the English words.
@Suite struct BusyProblemTests {
    @Test func workPoolRefusalsInTheReadersLanguage() throws {
        let server = try TestServer(apps: [])
        let responder = server.suite.responder
        let cases: [(WorkPoolError, Int, String, String, String)] = [
            (.full(.interactive), 503, "5", "服务器正忙于处理耗时的任务，请过几秒再试。", "The server is busy with slow work"),
            (.quotaExceeded(.batch), 429, "10", "你已有不少耗时的请求在排队，请等它们完成后再试。", "You already have many slow requests waiting"),
            (.waitedTooLong(.batch), 503, "30", "服务器太忙，没能及时开始处理，请稍后再试。", "The server was too busy to start this in time"),
        ]
        for (error, status, retry, zh, en) in cases {
            for (headers, words) in [(["Cookie": "lang=zh"], zh), (["Accept-Language": "zh-CN,zh;q=0.9"], zh), (["Cookie": "lang=en"], en)] {
                var fields = HTTPHeaders()
                fields.add("Accept", "application/json")
                for (name, value) in headers { fields.add(name, value) }
                let request = Request(method: .post, path: "/api/v1/slicer/jobs", headers: fields)
                let response = responder.errorResponse(for: error, request: request)
                #expect(response.status.code == status && response.headers["Retry-After"] == retry)
                #expect(response.headers["Content-Type"]?.hasPrefix("application/problem+json") == true)
                guard case .bytes(let body) = response.body else { Issue.record("no body"); continue }
                let problem = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
                #expect((problem["detail"] as? String)?.contains(words) == true, "\(error) \(headers): \(problem)")
                #expect(problem["status"] as? Int == status)
                if words == zh { #expect(problem["title"] as? String == (status == 429 ? "操作太频繁" : "服务器繁忙")) }
            }
        }
    }
}

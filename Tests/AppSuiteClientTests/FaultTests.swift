import AppSuiteAPI
import AppSuiteClient
import Foundation
import Synchronization
import Testing

/// Issue 16, "Bad input": each way a server or the network can fail reaches the caller as its own kind of
/// ``AppSuiteError``, never a crash or a hang; retries happen only where they are safe.
@Suite struct FaultTests {
    static let rank = #"{"province":"河南","year":2023,"category":"理科","score":600,"rank":21690,"rankBest":21022,"#
        + #""sameScoreCount":669,"scoreLow":600,"scoreHigh":600,"candidates":1000000,"outsideTable":false}"#

    func client(_ server: FaultServer, retry: RetryPolicy = RetryPolicy(initialDelay: 0.01), timeout: TimeInterval = 30) -> AppSuiteClient {
        var configuration = AppSuiteClient.Configuration(baseURL: server.url)
        configuration.retry = retry
        configuration.timeout = timeout
        return AppSuiteClient(configuration: configuration)
    }

    func rank(_ client: AppSuiteClient) async throws(AppSuiteError) -> GaokaoRank {
        try await client.gaokao.rank(province: "河南", year: 2023, category: "理科", score: 600)
    }

    @Test func aWellFormedAnswerDecodesAndTheRequestIsAsDocumented() async throws {
        let server = try FaultServer { _ in FaultServer.response(200, "application/json", Self.rank) }
        defer { server.stop() }
        let rank = try await rank(client(server))
        #expect(rank.rank == 21690 && rank.sameScoreCount == 669)
        let request = try #require(server.received.first)
        #expect(request.method == "GET")
        #expect(request.target == "/api/v1/gaokao/rank?province=%E6%B2%B3%E5%8D%97&year=2023&category=%E7%90%86%E7%A7%91&score=600")
        #expect(request.headers["accept"] == "application/json, application/problem+json")
        #expect(request.headers["authorization"] == nil)
    }

    @Test func anHTMLAnswerIsAnUnexpectedResponse() async throws {
        let server = try FaultServer { _ in FaultServer.response(200, "text/html; charset=utf-8", "<!doctype html><title>Captive portal</title>") }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server)) }
        guard case .unexpectedResponse(let response) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(response.status == 200 && response.mediaType == "text/html")
        #expect(response.bodyPrefix.hasPrefix("<!doctype html>"))
    }

    @Test func aBodyCutOffBeforeItsLengthIsATruncatedBody() async throws {
        let server = try FaultServer { _ in
            .raw(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(Self.rank.utf8.count)\r\n\r\n{\"province\":\"河".utf8))
        }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server)) }
        guard case .transport(let failure) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(failure.kind == .truncatedBody, "\(failure)")
    }

    @Test func aTruncatedJSONDocumentIsADecodingError() async throws {
        let server = try FaultServer { _ in FaultServer.response(200, "application/json", String(Self.rank.prefix(60))) }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server)) }
        guard case .decoding(let failure) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(failure.model == "GaokaoRank" && failure.status == 200)
    }

    @Test func aMissingFieldIsADecodingErrorNamingIt() async throws {
        let server = try FaultServer { _ in FaultServer.response(200, "application/json", #"{"items":[{"name":"河南"}]}"#) }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await client(server).gaokao.provinces() }
        guard case .decoding(let failure) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(failure.model == "GaokaoProvinceList")
        #expect(failure.message.contains(".items[0]") && failure.message.contains("code"), "\(failure.message)")
    }

    @Test func anUnknownEnumValueFromANewerServerDecodesAsUnknown() async throws {
        let body = #"{"candidateRank":21690,"considered":2,"items":[{"school":"郑州大学","predictedScore":590,"gap":10,"#
            + #""probability":0.66,"bucket":"稳","bucketCode":"stable","method":"neuralNetwork","years":[2022],"lowConfidence":true,"#
            + #""tags":["211","double-first-class"]},{"school":"河南大学","predictedScore":560,"gap":40,"probability":0.95,"bucket":"超","#
            + #""bucketCode":"certain","method":"rank","years":[2022,2021],"lowConfidence":false,"tags":["top-10"]}]}"#
        let server = try FaultServer { _ in FaultServer.response(200, "application/json", body) }
        defer { server.stop() }
        let answer = try await client(server).gaokao.recommendations(province: "河南", year: 2023, category: "理科", batch: "本科一批", score: 600)
        #expect(answer.items.map(\.method) == [.unknown("neuralNetwork"), .rank])
        #expect(answer.items.map(\.bucketCode) == [.stable, .unknown("certain")])
        #expect(answer.items.map(\.tags) == [[.project211, .doubleFirstClass], [.unknown("top-10")]])
    }

    @Test func aServerErrorWithAProblemIsTheProblem() async throws {
        let problem = #"{"type":"about:blank","title":"Internal Server Error","status":500,"detail":"database is locked"}"#
        let server = try FaultServer { _ in FaultServer.response(500, "application/problem+json", problem) }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server)) }
        #expect(error == .problem(Problem(type: "about:blank", title: "Internal Server Error", status: 500, detail: "database is locked")))
        #expect(error?.status == 500)
        #expect(server.received.count == 1, "a 500 is not retried")
    }

    @Test func aProblemTakesItsStatusFromTheResponseNotFromItsBody() async throws {
        let problem = #"{"type":"about:blank","title":"Not Found","status":404}"#
        let server = try FaultServer { _ in FaultServer.response(500, "application/problem+json", problem) }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await client(server).gaokao.profile() }
        #expect(error == .problem(Problem(type: "about:blank", title: "Not Found", status: 500)), "a 500 is not a missing profile")
    }

    @Test func anErrorWithoutAProblemIsAnUnexpectedResponse() async throws {
        let server = try FaultServer { _ in FaultServer.response(502, "text/html", "<h1>502 Bad Gateway</h1>") }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server)) }
        guard case .unexpectedResponse(let response) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(response.status == 502 && response.bodyPrefix == "<h1>502 Bad Gateway</h1>")
    }

    @Test func aResetConnectionIsATransportError() async throws {
        let server = try FaultServer { _ in .reset }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server)) }
        guard case .transport(let failure) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(failure.kind == .connectionLost, "\(failure)")
    }

    @Test func aClosedPortIsCannotConnect() async throws {
        let server = try FaultServer { _ in .reset }
        server.stop()
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server)) }
        guard case .transport(let failure) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(failure.kind == .cannotConnect, "\(failure)")
    }

    @Test func aGetIsRetriedAfterA503WithRetryAfter() async throws {
        let answers = Mutex(0)
        let server = try FaultServer { _ in
            let count = answers.withLock { count in
                count += 1
                return count
            }
            return count == 1
                ? FaultServer.response(503, "application/problem+json", #"{"type":"about:blank","title":"Service Unavailable","status":503}"#,
                                       headers: ["Retry-After": "0"])
                : FaultServer.response(200, "application/json", Self.rank)
        }
        defer { server.stop() }
        let rank = try await rank(client(server))
        #expect(rank.rank == 21690)
        #expect(server.received.count == 2)
    }

    @Test func retryAfterAsAnHTTPDateIsHonouredAndAnUnreadableOneIsNot() async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let answers = Mutex(0)
        let server = try FaultServer { request in
            let count = answers.withLock { count in
                count += 1
                return count
            }
            let retryAfter = request.target.contains("score=600") ? formatter.string(from: Date(timeIntervalSinceNow: -1)) : "soon"
            return count == 1 || !request.target.contains("score=600")
                ? FaultServer.response(503, "application/problem+json", #"{"type":"about:blank","title":"Service Unavailable","status":503}"#,
                                       headers: ["Retry-After": retryAfter])
                : FaultServer.response(200, "application/json", Self.rank)
        }
        defer { server.stop() }
        #expect(try await rank(client(server)).rank == 21690)
        #expect(server.received.count == 2)
        let unreadable = await failure { () async throws(AppSuiteError) in
            try await client(server).gaokao.rank(province: "河南", year: 2023, category: "理科", score: 599)
        }
        #expect(unreadable?.status == 503)
        #expect(server.received.count == 3)
    }

    @Test func aBaseURLWithAPathKeepsItAndPathValuesAreOneSegment() async throws {
        let server = try FaultServer { _ in FaultServer.response(200, "application/json", #"{"code":"abc","url":"/s/abc"}"#) }
        defer { server.stop() }
        let client = AppSuiteClient(baseURL: server.url.appendingPathComponent("suite/"))
        _ = try await client.community.shareLink(app: "movies", itemID: "a/b c?d")
        #expect(server.received.map(\.target) == ["/suite/api/v1/shares/movies/a%2Fb%20c%3Fd"])
        #expect(server.received.first?.method == "PUT")
    }

    @Test func aMultipartBodyStreamsTheFileAndNoNameCanBreakItsHeaders() async throws {
        let server = try FaultServer { _ in FaultServer.response(201, "application/json", #"{"items":[],"errors":[]}"#) }
        defer { server.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-upload-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        let hostile = UploadFile(file: file, filename: "a\"b\r\nContent-Type: text/html.jpg", contentType: "image/jpeg\r\nX-Evil: 1")
        let last = Mutex<UploadProgress?>(nil)
        _ = try await client(server).photos.upload([hostile]) { progress in last.withLock { $0 = progress } }
        let request = try #require(server.received.first)
        let type = try #require(request.headers["content-type"])
        #expect(type.hasPrefix("multipart/form-data; boundary=AppSuiteClient-"))
        let boundary = "--" + String(type.dropFirst("multipart/form-data; boundary=".count))
        var expected = Array((boundary + "\r\n").utf8)
        expected += Array("Content-Disposition: form-data; name=\"file\"; filename=\"a%22b%0D%0AContent-Type: text/html.jpg\"\r\n".utf8)
        expected += Array("Content-Type: image/jpeg%0D%0AX-Evil: 1\r\n\r\n".utf8)
        expected += Array(bytes)
        expected += Array(("\r\n" + boundary + "--\r\n").utf8)
        #expect(request.body == expected)
        #expect(last.withLock { $0 } == UploadProgress(bytesSent: Int64(expected.count), totalBytes: Int64(expected.count)))
    }

    @Test func retriesStopAfterTheLastAttempt() async throws {
        let server = try FaultServer { _ in
            FaultServer.response(429, "application/problem+json", #"{"type":"about:blank","title":"Too Many Requests","status":429}"#,
                                 headers: ["Retry-After": "0"])
        }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server, retry: RetryPolicy(maximumAttempts: 3, initialDelay: 0.01))) }
        #expect(error?.status == 429)
        #expect(server.received.count == 3)
    }

    @Test func aPostIsNeverRetriedNorALongRetryAfterWaitedFor() async throws {
        let server = try FaultServer { request in
            FaultServer.response(503, "application/problem+json", #"{"type":"about:blank","title":"Service Unavailable","status":503}"#,
                                 headers: ["Retry-After": request.method == "POST" ? "0" : "120"])
        }
        defer { server.stop() }
        let post = await failure { () async throws(AppSuiteError) in
            try await client(server).movies.postComment(onReview: 7885559, text: "唢呐一响，泪目。")
        }
        #expect(post?.status == 503)
        #expect(server.received.count == 1)
        let get = await failure { () async throws(AppSuiteError) in try await rank(client(server)) }
        #expect(get?.status == 503)
        #expect(server.received.count == 2, "Retry-After: 120 is beyond the policy's 30 s")
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let server = try FaultServer { _ in .hold }
        defer { server.stop() }
        let client = client(server)
        let call = Task { try await rank(client) }
        #expect(await eventually { !server.received.isEmpty })
        call.cancel()
        let result = await call.result
        guard case .failure(let error) = result else { Issue.record("answered \(result)"); return }
        #expect(error as? AppSuiteError == .cancelled)
    }

    @Test func aSilentServerTimesOut() async throws {
        let server = try FaultServer { _ in .hold }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in try await rank(client(server, timeout: 1)) }
        guard case .transport(let failure) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(failure.kind == .timedOut, "\(failure)")
    }

    @Test func aCursorThatRepeatsEndsPagingWithAnError() async throws {
        let server = try FaultServer { _ in FaultServer.response(200, "application/json", #"{"items":[],"nextCursor":"same"}"#) }
        defer { server.stop() }
        var count = 0
        let error = await failure { () async throws(AppSuiteError) in
            for try await _ in client(server).community.allFavorites() { count += 1 }
        }
        guard case .unexpectedResponse(let response) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(response.reason.contains("same"))
        #expect(count == 0 && server.received.count == 2)
    }

    @Test func aCursorCycleOfTwoEndsPagingWithAnError() async throws {
        let server = try FaultServer { request in
            FaultServer.response(200, "application/json", #"{"items":[],"nextCursor":"\#(request.target.contains("cursor=A") ? "B" : "A")"}"#)
        }
        defer { server.stop() }
        let error = await failure { () async throws(AppSuiteError) in
            for try await _ in client(server).community.allFavorites() {}
        }
        guard case .unexpectedResponse(let response) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(response.reason.contains("(A)"), "\(response.reason)")
        #expect(server.received.map(\.target) == ["/api/v1/favorites", "/api/v1/favorites?cursor=A", "/api/v1/favorites?cursor=B"])
    }

    @Test func aRedirectToAnotherOriginIsNotFollowedSoTheTokenStaysHome() async throws {
        let other = try FaultServer { _ in FaultServer.response(200, "application/json", Self.rank) }
        defer { other.stop() }
        let server = try FaultServer { request in
            request.target.hasPrefix("/moved")
                ? FaultServer.response(200, "application/json", Self.rank)
                : FaultServer.response(302, "text/plain", "see there", headers: [
                    "Location": request.target.contains("score=600") ? "http://localhost:\(other.port)/steal" : "/moved",
                ])
        }
        defer { server.stop() }
        let store = InMemoryTokenStore()
        let user = UserProfile(id: 1, username: "alice", nickname: "Alice", avatarURL: nil, createdAt: Date())
        store.save(LoginResponse(token: "secret-token", user: user, expiresAt: Date(timeIntervalSinceNow: 3600)))
        var configuration = AppSuiteClient.Configuration(baseURL: server.url)
        configuration.retry = .never
        let client = AppSuiteClient(configuration: configuration, tokenStore: store)
        let error = await failure { () async throws(AppSuiteError) in try await rank(client) }
        #expect(error?.status == 302, "\(String(describing: error))")
        #expect(other.received.isEmpty, "the other host got \(other.received.map(\.headers))")
        let sameOrigin = try await client.gaokao.rank(province: "河南", year: 2023, category: "理科", score: 599)
        #expect(sameOrigin.rank == 21690)
        #expect(server.received.last?.target == "/moved")
        #expect(server.received.last?.headers["authorization"] == "Bearer secret-token")
    }

    @Test func aPathValueThatIsEmptyOrADotSegmentIsRefusedUnsent() async throws {
        let server = try FaultServer { _ in .raw(Array("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".utf8)) }
        defer { server.stop() }
        let client = client(server)
        for id in ["", ".", ".."] {
            let error = await failure { () async throws(AppSuiteError) in try await client.me.signOut(session: id) }
            guard case .invalidRequest(let message) = error else { Issue.record("\(id): \(String(describing: error))"); continue }
            #expect(message.contains("`id`"), "\(message)")
        }
        let removed = await failure { () async throws(AppSuiteError) in try await client.community.removeFavorite(app: "movies", itemID: "..") }
        #expect(removed.map { if case .invalidRequest = $0 { true } else { false } } == true)
        #expect(server.received.isEmpty, "sent \(server.received.map(\.target))")
        try await client.me.signOut(session: "...")
        #expect(server.received.map(\.target) == ["/api/v1/me/sessions/..."])
    }
}

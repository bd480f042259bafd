import AppSuiteAPI
import AppSuiteTesting
import Foundation
import HTTPServer
import Storage
import Testing
@testable import AppSuiteServer

@Suite struct APITests {
    @Test func healthAndOpenAPI() throws {
        let server = try TestServer()
        let health = try server.get("/healthz")
        #expect(health.status == 200)
        #expect(try health.decode(HealthStatus.self).status == "ok")
        let openAPI = try server.get("/api/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(openAPI.body)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        #expect(paths["/api/v1/auth/login"]?["post"] != nil)
    }

    /// A database that gives no connection in time makes `/healthz` a 503 problem+json with `Retry-After`, as
    /// a load balancer expects, not the HTML error page: here the one pooled connection is held by a reader.
    @Test func healthIsAProblemWhenTheDatabaseStaysBusy() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(configuration: .init(path: folder.path + "/held.sqlite", busyTimeout: .milliseconds(300),
                                                               maximumConnections: 1))
        let server = try TestServer(database: database)
        #expect(try server.get("/healthz").status == 200)
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let reader = Thread {
            _ = try? database.read { _ in holding.signal(); release.wait() }
        }
        reader.start()
        holding.wait()
        let busy = try server.get("/healthz", headers: ["Accept": "text/html"])
        release.signal()
        #expect(busy.status == 503)
        #expect(busy.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        #expect(busy.headers["retry-after"] == "1")
        #expect(try server.get("/healthz").status == 200, "answers again once the connection is back")
    }

    /// Every API route the server mounts is in the OpenAPI document, with the same method.
    @Test func everyAPIRouteIsDocumented() throws {
        let server = try TestServer()
        let documented = Set(PlatformRoutes.operations(apps: server.suite.apps).map { "\($0.method) \($0.path)" })
        let mounted = server.suite.router.registered
            .filter { $0.pattern.hasPrefix("/api/") || $0.pattern == "/healthz" }
            .map { "\($0.method) \($0.pattern)" }
        #expect(!mounted.isEmpty)
        for route in mounted { #expect(documented.contains(route), "undocumented API route \(route)") }
        for operation in documented { #expect(mounted.contains(operation), "documented but not mounted: \(operation)") }
    }

    @Test func registerLogInMeLogOut() throws {
        let server = try TestServer()
        let registered = try server.send("POST", "/api/v1/auth/register", json: #"{"username":"小明2008","password":"correct horse battery"}"#)
        #expect(registered.status == 201)
        let first = try registered.decode(LoginResponse.self)
        #expect(first.user.username == "小明2008")
        #expect(first.user.nickname == "小明2008")

        let login = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"小明2008","password":"correct horse battery"}"#)
        #expect(login.status == 200)
        let session = try login.decode(LoginResponse.self)
        #expect(session.token != first.token, "a login always issues a new session id")
        #expect(session.expiresAt.timeIntervalSinceNow > 29 * 86_400)
        let cookie = try #require(login.headers["set-cookie"])
        #expect(cookie.hasPrefix("sid=\(session.token);"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))

        let me = try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(session.token)"])
        #expect(me.status == 200)
        #expect(try me.decode(UserProfile.self) == session.user)
        #expect(try server.get("/api/v1/me").status == 401)

        let logout = try server.request("POST", "/api/v1/auth/logout", token: session.token)
        #expect(logout.status == 204)
        #expect(try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(session.token)"]).status == 401,
                "logout invalidates the token on the server")
        #expect(try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(first.token)"]).status == 200,
                "other sessions stay")
    }

    @Test func aStaleCookieDoesNotHideAValidBearerToken() throws {
        let server = try TestServer()
        let token = try server.register("zhengyu").token
        let me = try server.get("/api/v1/me", headers: ["Authorization": "Bearer \(token)", "Cookie": "sid=garbage"])
        #expect(me.status == 200)
    }

    @Test func surroundingSpacesInAUsernameAreIgnored() throws {
        let server = try TestServer()
        try server.register("fengjie")
        #expect(try server.send("POST", "/api/v1/auth/login", json: #"{"username":" fengjie ","password":"correct horse battery"}"#).status == 200)
    }

    @Test(arguments: ["\u{200B}", "\u{3164}", "\u{200F}admin\u{200E}", "a\u{00AD}b"])
    func invisibleNicknamesAreRefused(nickname: String) throws {
        let server = try TestServer()
        let token = try server.register("hanmei").token
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["nickname": nickname]), as: UTF8.self)
        #expect(try server.send("PATCH", "/api/v1/me", json: body, headers: ["Authorization": "Bearer \(token)"]).status == 422)
    }

    @Test func unknownUserAndWrongPasswordGetTheSameAnswer() throws {
        let server = try TestServer()
        try server.register("lihua")
        let wrong = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"lihua","password":"not the password"}"#)
        let unknown = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"nobody","password":"not the password"}"#)
        #expect(wrong.status == 401)
        #expect(unknown.status == 401)
        #expect(wrong.text == unknown.text)
    }

    @Test func duplicateUsernameIs409AndWeakPasswordIs422() throws {
        let server = try TestServer()
        try server.register("wangfang")
        let duplicate = try server.send("POST", "/api/v1/auth/register", json: #"{"username":"WangFang","password":"correct horse battery"}"#)
        #expect(duplicate.status == 409)
        #expect(duplicate.headers["content-type"] == "application/problem+json; charset=utf-8")
        let weak = try server.send("POST", "/api/v1/auth/register", json: #"{"username":"zhangwei","password":"password"}"#,
                                   headers: ["Accept-Language": "en"])
        #expect(weak.status == 422)
        #expect(weak.text.contains(#""field":"password""#))
        #expect(weak.text.contains("too common"))
    }

    @Test func repeatedWrongPasswordsAreThrottledWithRetryAfter() throws {
        let server = try TestServer()
        try server.register("chenjing")
        for _ in 0..<5 {
            #expect(try server.send("POST", "/api/v1/auth/login", json: #"{"username":"chenjing","password":"wrong password 1"}"#).status == 401)
        }
        let blocked = try server.send("POST", "/api/v1/auth/login", json: #"{"username":"chenjing","password":"correct horse battery"}"#)
        #expect(blocked.status == 429)
        #expect(Int(blocked.headers["retry-after"] ?? "") ?? 0 > 0)
    }

    @Test func badInputGetsProblemDetails() throws {
        let server = try TestServer()
        let malformed = try server.send("POST", "/api/v1/auth/login", json: #"{"username": "x", "#)
        #expect(malformed.status == 400)
        #expect(malformed.text.contains("not valid JSON"))
        let missing = try server.send("POST", "/api/v1/auth/login", json: #"{"username": "x"}"#)
        #expect(missing.status == 400)
        #expect(missing.text.contains("'password' is missing"))
        #expect(try server.get("/api/v1/nope").status == 404)
        #expect(try server.get("/api/v1/auth/login").status == 405)
        let huge = try server.send("POST", "/api/v1/auth/login", json: String(repeating: " ", count: 2 << 20))
        #expect(huge.status == 413)
        // In the request's language (tester 31b #4: a Chinese page showed this English sentence): Chinese by default.
        let english = try server.send("POST", "/api/v1/auth/login", json: String(repeating: " ", count: 2 << 20), headers: ["Accept-Language": "en"])
        let detail = try #require(try english.json()["detail"] as? String)
        let bytes = try #require(detail.firstMatch(of: /limit of (.+) \((\d+) bytes\)/), "\(detail)")
        #expect(try huge.json()["detail"] as? String == "提交的内容超过了 \(bytes.1)（\(bytes.2) 字节）的上限。")
    }

    @Test(arguments: [#"<img src=x onerror=alert(1)>"#, #"'); DROP TABLE users;--"#, "小明 😀 \"&amp;\""])
    func nicknameIsStoredVerbatimAndEscapedOnPages(nickname: String) throws {
        let server = try TestServer()
        let token = try server.register("zhaolei").token
        let body = try JSONSerialization.data(withJSONObject: ["nickname": nickname])
        let changed = try server.send("PATCH", "/api/v1/me", json: String(decoding: body, as: UTF8.self), headers: ["Authorization": "Bearer \(token)"])
        #expect(changed.status == 200, "\(changed.text)")
        let me = try changed.decode(UserProfile.self)
        #expect(me.nickname == nickname)
        let page = try server.get("/me", headers: ["Cookie": "sid=\(token)"])
        let escaped = nickname.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        #expect(page.text.contains(">\(escaped)<"))
        #expect(!page.text.contains("<img src=x"))
        #expect(try server.get("/healthz").status == 200, "the database is intact")
    }

    static func avatarUpload(_ server: TestServer, token: String, file: [UInt8]) throws -> RawHTTPClient.Reply {
        try server.upload("/api/v1/me/avatar", method: "PUT", files: [MultipartFile(field: "avatar", filename: "me.png", contentType: "image/png", bytes: file)],
                          token: token, headers: ["Accept-Language": "en"])
    }

    @Test func avatarUploadIsReencodedToASquareJPEG() throws {
        let server = try TestServer()
        let token = try server.register("sunli").token
        // A 48×40 gradient PNG made with zlib: a real image with a non-square aspect.
        let png = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAADAAAAAoCAIAAAA35e4mAAAO60lEQVR42g3OMcsBAQCA4VvcIKVkYLmFQVdKBpZbGHSlZGC5hUFKycByC71JKRnOcguDrpQMLLe4QUrJwHILg5SS4fyJ73t+wSMIAj4Bv0BQICwQFZAEYgIJgaRAWiAroAjkBAoCRYGyQFVAE6gJNARaAh2BnoAu0BcYCowFpgIzAVNgLrAUWAlsBHYCtsBe4CBwErgI3ARcgbvAU+At8BX4CQiCiE/ELxIUCYtERSSRmEhCJCmSFsmKKCI5kYJIUaQsUhXRRGoiDZGWSEekJ6KL9EWGImORqchMxBSZiyxFViIbkZ2ILbIXOYicRC4iNxFX5C7yFHmLfEV+4n8ogC+AP0AwQDhANIAUIBYgESAZIB0gG0AJkAtQCFAMUA5QDaAFqAVoBGgF6AToBdAD9AMMA4wDTAPMApgB5gGWAVYBNgF2AewA+wCHAKcAlwC3AG6Ae4BngHeAb4Bf4D8UwhfCHyIYIhwiGkIKEQuRCJEMkQ6RDaGEyIUohCiGKIeohtBC1EI0QrRCdEL0Qugh+iGGIcYhpiFmIcwQ8xDLEKsQmxC7EHaIfYhDiFOIS4hbCDfEPcQzxDvEN8Qv9B+K4IvgjxCMEI4QjSBFiEVIREhGSEfIRlAi5CIUIhQjlCNUI2gRahEaEVoROhF6EfQI/QjDCOMI0wizCGaEeYRlhFWETYRdBDvCPsIhwinCJcItghvhHuEZ4R3hG+EX+Q9J+CT8EkGJsERUQpKISSQkkhJpiayEIpGTKEgUJcoSVQlNoibRkGhJdCR6ErpEX2IoMZaYSswkTIm5xFJiJbGR2EnYEnuJg8RJ4iJxk3Al7hJPibfEV+In/Yfi+OL44wTjhONE40hxYnEScZJx0nGycZQ4uTiFOMU45TjVOFqcWpxGnFacTpxeHD1OP84wzjjONM4sjhlnHmcZZxVnE2cXx46zj3OIc4pziXOL48a5x3nGecf5xvnF/0MyPhm/TFAmLBOVkWRiMgmZpExaJiujyORkCjJFmbJMVUaTqck0ZFoyHZmejC7TlxnKjGWmMjMZU2Yus5RZyWxkdjK2zF7mIHOSucjcZFyZu8xT5i3zlfnJ/6EUvhT+FMEU4RTRFFKKWIpEimSKdIpsCiVFLkUhRTFFOUU1hZailqKRopWik6KXQk/RTzFMMU4xTTFLYaaYp1imWKXYpNilsFPsUxxSnFJcUtxSuCnuKZ4p3im+KX6p/1AGXwZ/hmCGcIZoBilDLEMiQzJDOkM2g5Ihl6GQoZihnKGaQctQy9DI0MrQydDLoGfoZxhmGGeYZphlMDPMMywzrDJsMuwy2Bn2GQ4ZThkuGW4Z3Az3DM8M7wzfDL/Mf0jBp+BXCCqEFaIKkkJMIaGQVEgrZBUUhZxCQaGoUFaoKmgKNYWGQkuho9BT0BX6CkOFscJUYaZgKswVlgorhY3CTsFW2CscFE4KF4WbgqtwV3gqvBW+Cj/lP5THl8efJ5gnnCeaR8oTy5PIk8yTzpPNo+TJ5SnkKeYp56nm0fLU8jTytPJ08vTy6Hn6eYZ5xnmmeWZ5zDzzPMs8qzybPLs8dp59nkOeU55LnlseN889zzPPO883zy//H1LxqfhVgiphlaiKpBJTSagkVdIqWRVFJadSUCmqlFWqKppKTaWh0lLpqPRUdJW+ylBlrDJVmamYKnOVpcpKZaOyU7FV9ioHlZPKReWm4qrcVZ4qb5Wvyk/9D5XwlfCXCJYIl4iWkErESiRKJEukS2RLKCVyJQoliiXKJaoltBK1Eo0SrRKdEr0Seol+iWGJcYlpiVkJs8S8xLLEqsSmxK6EXWJf4lDiVOJS4lbCLXEv8SzxLvEt8Sv9hyr4KvgrBCuEK0QrSBViFRIVkhXSFbIVlAq5CoUKxQrlCtUKWoVahUaFVoVOhV4FvUK/wrDCuMK0wqyCWWFeYVlhVWFTYVfBrrCvcKhwqnCpcKvgVrhXeFZ4V/hW+FX+Qxo+Db9GUCOsEdWQNGIaCY2kRlojq6Fo5DQKGkWNskZVQ9OoaTQ0WhodjZ6GrtHXGGqMNaYaMw1TY66x1FhpbDR2GrbGXuOgcdK4aNw0XI27xlPjrfHV+Gn/oTq+Ov46wTrhOtE6Up1YnUSdZJ10nWwdpU6uTqFOsU65TrWOVqdWp1GnVadTp1dHr9OvM6wzrjOtM6tj1pnXWdZZ1dnU2dWx6+zrHOqc6lzq3Oq4de51nnXedb51fvX/UBNfE3+TYJNwk2gTqUmsSaJJskm6SbaJ0iTXpNCk2KTcpNpEa1Jr0mjSatJp0muiN+k3GTYZN5k2mTUxm8ybLJusmmya7JrYTfZNDk1OTS5Nbk3cJvcmzybvJt8mv+Z/qI2vjb9NsE24TbSN1CbWJtEm2SbdJttGaZNrU2hTbFNuU22jtam1abRptem06bXR2/TbDNuM20zbzNqYbeZtlm1WbTZtdm3sNvs2hzanNpc2tzZum3ubZ5t3m2+bX/s/1MXXxd8l2CXcJdpF6hLrkuiS7JLuku2idMl1KXQpdil3qXbRutS6NLq0unS69LroXfpdhl3GXaZdZl3MLvMuyy6rLpsuuy52l32XQ5dTl0uXWxe3y73Ls8u7y7fLr/sf0vHp+HWCOmGdqI6kE9NJ6CR10jpZHUUnp1PQKeqUdao6mk5Np6HT0uno9HR0nb7OUGesM9WZ6Zg6c52lzkpno7PTsXX2Ogedk85F56bj6tx1njpvna/OT/8PDfAN8A8IDggPiA6QBsQGJAYkB6QHZAcoA3IDCgOKA8oDqgO0AbUBjQGtAZ0BvQH6gP6A4YDxgOmA2QBzwHzAcsBqwGbAboA9YD/gMOA04DLgNsAdcB/wHPAe8B3wG/yHRvhG+EcER4RHREdII2IjEiOSI9IjsiOUEbkRhRHFEeUR1RHaiNqIxojWiM6I3gh9RH/EcMR4xHTEbIQ5Yj5iOWI1YjNiN8IesR9xGHEacRlxG+GOuI94jniP+I74jf5DE3wT/BOCE8ITohOkCbEJiQnJCekJ2QnKhNyEwoTihPKE6gRtQm1CY0JrQmdCb4I+oT9hOGE8YTphNsGcMJ+wnLCasJmwm2BP2E84TDhNuEy4TXAn3Cc8J7wnfCf8Jv8hA5+B3yBoEDaIGkgGMYOEQdIgbZA1UAxyBgWDokHZoGqgGdQMGgYtg45Bz0A36BsMDcYGU4OZgWkwN1garAw2BjsD22BvcDA4GVwMbgauwd3gafA2+Br8jP+Qic/EbxI0CZtETSSTmEnCJGmSNsmaKCY5k4JJ0aRsUjXRTGomDZOWScekZ6Kb9E2GJmOTqcnMxDSZmyxNViYbk52JbbI3OZicTC4mNxPX5G7yNHmbfE1+5n9ogW+Bf0FwQXhBdIG0ILYgsSC5IL0gu0BZkFtQWFBcUF5QXaAtqC1oLGgt6CzoLdAX9BcMF4wXTBfMFpgL5guWC1YLNgt2C+wF+wWHBacFlwW3Be6C+4LngveC74Lf4j9k4bPwWwQtwhZRC8kiZpGwSFqkLbIWikXOomBRtChbVC00i5pFw6Jl0bHoWegWfYuhxdhiajGzMC3mFkuLlcXGYmdhW+wtDhYni4vFzcK1uFs8Ld4WX4uf9R9a41vjXxNcE14TXSOtia1JrEmuSa/JrlHW5NYU1hTXlNdU12hramsaa1prOmt6a/Q1/TXDNeM10zWzNeaa+ZrlmtWazZrdGnvNfs1hzWnNZc1tjbvmvua55r3mu+a3/g9t8W3xbwluCW+JbpG2xLYktiS3pLdktyhbclsKW4pbyluqW7QttS2NLa0tnS29LfqW/pbhlvGW6ZbZFnPLfMtyy2rLZstui71lv+Ww5bTlsuW2xd1y3/Lc8t7y3fLb/odsfDZ+m6BN2CZqI9nEbBI2SZu0TdZGscnZFGyKNmWbqo1mU7Np2LRsOjY9G92mbzO0GdtMbWY2ps3cZmmzstnY7Gxsm73NweZkc7G52bg2d5unzdvma/Oz/0MOPge/Q9Ah7BB1kBxiDgmHpEPaIeugOOQcCg5Fh7JD1UFzqDk0HFoOHYeeg+7Qdxg6jB2mDjMH02HusHRYOWwcdg62w97h4HByuDjcHFyHu8PT4e3wdfg5/6EjviP+I8Ej4SPRI9KR2JHEkeSR9JHsEeVI7kjhSPFI+Uj1iHakdqRxpHWkc6R3RD/SPzI8Mj4yPTI7Yh6ZH1keWR3ZHNkdsY/sjxyOnI5cjtyOuEfuR55H3ke+R37H/9AZ3xn/meCZ8JnoGelM7EziTPJM+kz2jHImd6ZwpnimfKZ6RjtTO9M40zrTOdM7o5/pnxmeGZ+ZnpmdMc/MzyzPrM5szuzO2Gf2Zw5nTmcuZ25n3DP3M88z7zPfM7/zf+iK74r/SvBK+Er0inQldiVxJXklfSV7RbmSu1K4UrxSvlK9ol2pXWlcaV3pXOld0a/0rwyvjK9Mr8yumFfmV5ZXVlc2V3ZX7Cv7K4crpyuXK7cr7pX7leeV95Xvld/1P+Tic/G7BF3CLlEXySXmknBJuqRdsi6KS86l4FJ0KbtUXTSXmkvDpeXScem56C59l6HL2GXqMnMxXeYuS5eVy8Zl52K77F0OLieXi8vNxXW5uzxd3i5fl5/7H3rge+B/EHwQfhB9ID2IPUg8SD5IP8g+UB7kHhQeFB+UH1QfaA9qDxoPWg86D3oP9Af9B8MH4wfTB7MH5oP5g+WD1YPNg90D+8H+weHB6cHlwe2B++D+4Png/eD74Pf4D73wvfC/CL4Iv4i+kF7EXiReJF+kX2RfKC9yLwovii/KL6ovtBe1F40XrRedF70X+ov+i+GL8Yvpi9kL88X8xfLF6sXmxe6F/WL/4vDi9OLy4vbCfXF/8XzxfvF98Xv9hz74Pvg/BD+EP0Q/SB9iHxIfkh/SH7IflA+5D4UPxQ/lD9UP2ofah8aH1ofOh94H/UP/w/DD+MP0w+yD+WH+Yflh9WHzYffB/rD/cPhw+nD5cPvgfrh/eH54f/h++H3+Qx4+D79H0CPsEfWQPGIeCY+kR9oj66F45DwKHkWPskfVQ/OoeTQ8Wh4dj56H7tH3GHqMPaYeMw/TY+6x9Fh5bDx2HrbH3uPgcfK4eNw8XI+7x9Pj7fH1+Hn8Abj9n1diR/eQAAAAAElFTkSuQmCC"))
        let reply = try Self.avatarUpload(server, token: token, file: [UInt8](png))
        #expect(reply.status == 200, "\(reply.text)")
        let user = try reply.decode(UserProfile.self)
        let url = try #require(user.avatarURL)
        let image = try server.get(url)
        #expect(image.status == 200)
        #expect(image.headers["content-type"] == "image/jpeg")
        #expect(Array(image.body.prefix(3)) == [0xFF, 0xD8, 0xFF])

        // A second upload replaces the file; the old one is no longer served.
        let again = try Self.avatarUpload(server, token: token, file: [UInt8](png))
        let second = try again.decode(UserProfile.self)
        #expect(second.avatarURL != url)
        #expect(try server.get(url).status == 404)
    }

    @Test func unusableAvatarsGetAPlainReason() throws {
        let server = try TestServer()
        let token = try server.register("sunmei").token
        let text = try Self.avatarUpload(server, token: token, file: Array("not an image".utf8))
        #expect(text.status == 422)
        #expect(text.text.contains("not a picture we can read"))
        #expect(!text.text.contains("Vips"), "no library internals")
        // 300×20: filling a square from a sliver would enlarge it 13 times; refused before decoding.
        let sliver = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAASwAAAAUCAIAAAC4QZdWAAAqoElEQVR42s3SBQMIBwCA0TOcOsypU2fm1KnDdurUid3EqVOnTh22U6f72zCxYZhum+7u7m7GbGy6u2t/w/sNTxAEEgskF0gtkE4gk4AqkFMgr0BBgaICxQUsgQoCVQSqCdQSqCfgCzQXaC3QXqCjQFeBXgL9BX4UGCrwi8AYgQkCUwVmCcwVWCSwXGCNwEaBbQK7BQ4IHBU4JXBe4JLAvwI3BO4KPBJ4LvBG4KNAIoFkAqkE0gooAtkEvhTII1BAoIiAKVBaoLxAZYGqAjUFPIFGAs0EWgm0E+ggEAv0FOgn8IPATwI/C/wqMF5gisBMgT8EFgosE1gtsEFgq8Augf0CRwROCpwT+EvgisB1gTsCDwWeCbwW+CCQUCCpQEoBWSCjQFaBHAK5BfILGAJfC5QSKCdQSeBbAVegrkBDgaYCLQXaCkQCXQR6CPQVQGCIwAiB0QK/CUwWmCHwu8ACgaUCqwTWC2wR2CmwT+CwwAmBswIXBS4LXBO4LfBA4KnAK4H3Ap8JJBGQBNIIZBDIIvCFQC4BXaCwwFcCJQXKClQUcARqCNQRaCDQRKCFQCjwvUBnge4CfQQGCgwWGC4wSmCcwCSB6QJzBOYLLBFYKbBOYLPADoG9AocEjgucEbgg8I/AVYFbAvcFngi8FHgnkEBAFEgh8LlAeoHMAtkFNIF8AoUEigmUECgjYAt8I1BdoLZAfYHGAoFAG4HvBDoJdBPoLTBAYJDAMIGRAmMFJgpME5gtME9gscAKgbUCmwS2C+wROChwTOC0wJ8Cfwv8J3BT4J7AY4EXAm8FPoX/giCSWCS5SGqRdCKZRFSRnCJ5RQqKFBUpLmKJVBCpIlJNpJZIPRFfpLlIa5H2Ih1Fuor0Eukv8qPIUJFfRMaITBCZKjJLZK7IIpHlImtENopsE9ktckDkqMgpkfMil0T+FbkhclfkkchzkTciH0USiSQTSSWSVkQRySbypUgekQIiRURMkdIi5UUqi1QVqSniiTQSaSbSSqSdSAeRWKSnSD+RH0R+EvlZ5FeR8SJTRGaK/CGyUGSZyGqRDSJbRXaJ7Bc5InJS5JzIXyJXRK6L3BF5KPJM5LXIB5GEIklFUorIIhlFsorkEMktkl/EEPlapJRIOZFKIt+KuCJ1RRqKNBVpKdJWJBLpItJDpK8IIkNERoiMFvlNZLLIDJHfRRaILBVZJbJeZIvITpF9IodFToicFbkoclnkmshtkQciT0VeibwX+UwkiYgkkkYkg0gWkS9EconoIoVFvhIpKVJWpKKII1JDpI5IA5EmIi1EQpHvRTqLdBfpIzJQZLDIcJFRIuNEJolMF5kjMl9kichKkXUim0V2iOwVOSRyXOSMyAWRf0SuitwSuS/yROSlyDuRBCKiSAqRz0XSi2QWyS6iieQTKSRSTKSESBkRW+QbkeoitUXqizQWCUTaiHwn0kmkm0hvkQEig0SGiYwUGSsyUWSayGyReSKLRVaIrBXZJLJdZI/IQZFjIqdF/hT5W+Q/kZsi90Qei7wQeSvyKfwXBInEEsklUkukk8gkoUrklMgrUVCiqERxCUuigkQViWoStSTqSfgSzSVaS7SX6CjRVaKXRH+JHyWGSvwiMUZigsRUiVkScyUWSSyXWCOxUWKbxG6JAxJHJU5JnJe4JPGvxA2JuxKPJJ5LvJH4KJFIIplEKom0EopENokvJfJIFJAoImFKlJYoL1FZoqpETQlPopFEM4lWEu0kOkjEEj0l+kn8IPGTxM8Sv0qMl5giMVPiD4mFEsskVktskNgqsUtiv8QRiZMS5yT+krgicV3ijsRDiWcSryU+SCSUSCqRUkKWyCiRVSKHRG6J/BKGxNcSpSTKSVSS+FbClagr0VCiqURLibYSkUQXiR4SfSWQGCIxQmK0xG8SkyVmSPwusUBiqcQqifUSWyR2SuyTOCxxQuKsxEWJyxLXJG5LPJB4KvFK4r3EZxJJJCSJNBIZJLJIfCGRS0KXKCzxlURJibISFSUciRoSdSQaSDSRaCERSnwv0Vmiu0QfiYESgyWGS4ySGCcxSWK6xByJ+RJLJFZKrJPYLLFDYq/EIYnjEmckLkj8I3FV4pbEfYknEi8l3kkkkBAlUkh8LpFeIrNEdglNIp9EIYliEiUkykjYEt9IVJeoLVFforFEINFG4juJThLdJHpLDJAYJDFMYqTEWImJEtMkZkvMk1gssUJircQmie0SeyQOShyTOC3xp8TfEv9J3JS4J/FY4oXEW4lP4b8gyCSWSS6TWiadTCYZVSanTF6ZgjJFZYrLWDIVZKrIVJOpJVNPxpdpLtNapr1MR5muMr1k+sv8KDNU5heZMTITZKbKzJKZK7NIZrnMGpmNMttkdssckDkqc0rmvMwlmX9lbsjclXkk81zmjcxHmUQyyWRSyaSVUWSyyXwpk0emgEwRGVOmtEx5mcoyVWVqyngyjWSaybSSaSfTQSaW6SnTT+YHmZ9kfpb5VWa8zBSZmTJ/yCyUWSazWmaDzFaZXTL7ZY7InJQ5J/OXzBWZ6zJ3ZB7KPJN5LfNBJqFMUpmUMrJMRpmsMjlkcsvklzFkvpYpJVNOppLMtzKuTF2ZhjJNZVrKtJWJZLrI9JDpK4PMEJkRMqNlfpOZLDND5neZBTJLZVbJrJfZIrNTZp/MYZkTMmdlLspclrkmc1vmgcxTmVcy72U+k0kiI8mkkckgk0XmC5lcMrpMYZmvZErKlJWpKOPI1JCpI9NApolMC5lQ5nuZzjLdZfrIDJQZLDNcZpTMOJlJMtNl5sjMl1kis1JmncxmmR0ye2UOyRyXOSNzQeYfmasyt2TuyzyReSnzTiaBjCiTQuZzmfQymWWyy2gy+WQKyRSTKSFTRsaW+UamukxtmfoyjWUCmTYy38l0kukm01tmgMwgmWEyI2XGykyUmSYzW2aezGKZFTJrZTbJbJfZI3NQ5pjMaZk/Zf6W+U/mpsw9mccyL2TeynwK/wVBIbFCcoXUCukUMimoCjkV8ioUVCiqUFzBUqigUEWhmkIthXoKvkJzhdYK7RU6KnRV6KXQX+FHhaEKvyiMUZigMFVhlsJchUUKyxXWKGxU2KawW+GAwlGFUwrnFS4p/KtwQ+GuwiOF5wpvFD4qJFJIppBKIa2CopBN4UuFPAoFFIoomAqlFcorVFaoqlBTwVNopNBMoZVCO4UOCrFCT4V+Cj8o/KTws8KvCuMVpijMVPhDYaHCMoXVChsUtirsUtivcEThpMI5hb8UrihcV7ij8FDhmcJrhQ8KCRWSKqRUkBUyKmRVyKGQWyG/gqHwtUIphXIKlRS+VXAV6io0VGiq0FKhrUKk0EWhh0JfBRSGKIxQGK3wm8JkhRkKvyssUFiqsEphvcIWhZ0K+xQOK5xQOKtwUeGywjWF2woPFJ4qvFJ4r/CZQhIFSSGNQgaFLApfKORS0BUKK3ylUFKhrEJFBUehhkIdhQYKTRRaKIQK3yt0Vuiu0EdhoMJgheEKoxTGKUxSmK4wR2G+whKFlQrrFDYr7FDYq3BI4bjCGYULCv8oXFW4pXBf4YnCS4V3CgkURIUUCp8rpFfIrJBdQVPIp1BIoZhCCYUyCrbCNwrVFWor1FdorBAotFH4TqGTQjeF3goDFAYpDFMYqTBWYaLCNIXZCvMUFiusUFirsElhu8IehYMKxxROK/yp8LfCfwo3Fe4pPFZ4ofBW4VP4LwgqiVWSq6RWSaeSSUVVyamSV6WgSlGV4iqWSgWVKirVVGqp1FPxVZqrtFZpr9JRpatKL5X+Kj+qDFX5RWWMygSVqSqzVOaqLFJZrrJGZaPKNpXdKgdUjqqcUjmvcknlX5UbKndVHqk8V3mj8lElkUoylVQqaVUUlWwqX6rkUSmgUkTFVCmtUl6lskpVlZoqnkojlWYqrVTaqXRQiVV6qvRT+UHlJ5WfVX5VGa8yRWWmyh8qC1WWqaxW2aCyVWWXyn6VIyonVc6p/KVyReW6yh2VhyrPVF6rfFBJqJJUJaWKrJJRJatKDpXcKvlVDJWvVUqplFOppPKtiqtSV6WhSlOVliptVSKVLio9VPqqoDJEZYTKaJXfVCarzFD5XWWBylKVVSrrVbao7FTZp3JY5YTKWZWLKpdVrqncVnmg8lTllcp7lc9UkqhIKmlUMqhkUflCJZeKrlJY5SuVkiplVSqqOCo1VOqoNFBpotJCJVT5XqWzSneVPioDVQarDFcZpTJOZZLKdJU5KvNVlqisVFmnslllh8pelUMqx1XOqFxQ+UflqsotlfsqT1ReqrxTSaAiqqRQ+VwlvUpmlewqmko+lUIqxVRKqJRRsVW+UamuUlulvkpjlUCljcp3Kp1Uuqn0VhmgMkhlmMpIlbEqE1WmqcxWmaeyWGWFylqVTSrbVfaoHFQ5pnJa5U+Vv1X+U7mpck/lscoLlbcqn8J/QdBIrJFcI7VGOo1MGqpGTo28GgU1imoU17A0KmhU0aimUUujnoav0VyjtUZ7jY4aXTV6afTX+FFjqMYvGmM0JmhM1ZilMVdjkcZyjTUaGzW2aezWOKBxVOOUxnmNSxr/atzQuKvxSOO5xhuNjxqJNJJppNJIq6FoZNP4UiOPRgGNIhqmRmmN8hqVNapq1NTwNBppNNNopdFOo4NGrNFTo5/GDxo/afys8avGeI0pGjM1/tBYqLFMY7XGBo2tGrs09msc0TipcU7jL40rGtc17mg81Him8Vrjg0ZCjaQaKTVkjYwaWTVyaOTWyK9haHytUUqjnEYljW81XI26Gg01mmq01GirEWl00eih0VcDjSEaIzRGa/ymMVljhsbvGgs0lmqs0livsUVjp8Y+jcMaJzTOalzUuKxxTeO2xgONpxqvNN5rfKaRREPSSKORQSOLxhcauTR0jcIaX2mU1CirUVHD0aihUUejgUYTjRYaocb3Gp01umv00RioMVhjuMYojXEakzSma8zRmK+xRGOlxjqNzRo7NPZqHNI4rnFG44LGPxpXNW5p3Nd4ovFS451GAg1RI4XG5xrpNTJrZNfQNPJpFNIoplFCo4yGrfGNRnWN2hr1NRprBBptNL7T6KTRTaO3xgCNQRrDNEZqjNWYqDFNY7bGPI3FGis01mps0tiusUfjoMYxjdMaf2r8rfGfxk2NexqPNV5ovNX4FP4Lgk5ineQ6qXXS6WTSUXVy6uTVKahTVKe4jqVTQaeKTjWdWjr1dHyd5jqtddrrdNTpqtNLp7/OjzpDdX7RGaMzQWeqziyduTqLdJbrrNHZqLNNZ7fOAZ2jOqd0zutc0vlX54bOXZ1HOs913uh81Emkk0wnlU5aHUUnm86XOnl0CugU0TF1SuuU16msU1Wnpo6n00inmU4rnXY6HXRinZ46/XR+0PlJ52edX3XG60zRmanzh85CnWU6q3U26GzV2aWzX+eIzkmdczp/6VzRua5zR+ehzjOd1zofdBLqJNVJqSPrZNTJqpNDJ7dOfh1D52udUjrldCrpfKvj6tTVaajTVKelTludSKeLTg+dvjroDNEZoTNa5zedyTozdH7XWaCzVGeVznqdLTo7dfbpHNY5oXNW56LOZZ1rOrd1Hug81Xml817nM50kOpJOGp0MOll0vtDJpaPrFNb5SqekTlmdijqOTg2dOjoNdJrotNAJdb7X6azTXaePzkCdwTrDdUbpjNOZpDNdZ47OfJ0lOit11uls1tmhs1fnkM5xnTM6F3T+0bmqc0vnvs4TnZc673QS6Ig6KXQ+10mvk1knu46mk0+nkE4xnRI6ZXRsnW90quvU1qmv01gn0Gmj851OJ51uOr11BugM0hmmM1JnrM5EnWk6s3Xm6SzWWaGzVmeTznadPToHdY7pnNb5U+dvnf90burc03ms80Lnrc6n8F8QDBIbJDdIbZDOIJOBapDTIK9BQYOiBsUNLIMKBlUMqhnUMqhn4Bs0N2ht0N6go0FXg14G/Q1+NBhq8IvBGIMJBlMNZhnMNVhksNxgjcFGg20Guw0OGBw1OGVw3uCSwb8GNwzuGjwyeG7wxuCjQSKDZAapDNIaKAbZDL40yGNQwKCIgWlQ2qC8QWWDqgY1DTyDRgbNDFoZtDPoYBAb9DToZ/CDwU8GPxv8ajDeYIrBTIM/DBYaLDNYbbDBYKvBLoP9BkcMThqcM/jL4IrBdYM7Bg8Nnhm8NvhgkNAgqUFKA9kgo0FWgxwGuQ3yGxgGXxuUMihnUMngWwPXoK5BQ4OmBi0N2hpEBl0Mehj0NcBgiMEIg9EGvxlMNphh8LvBAoOlBqsM1htsMdhpsM/gsMEJg7MGFw0uG1wzuG3wwOCpwSuD9wafGSQxkAzSGGQwyGLwhUEuA92gsMFXBiUNyhpUNHAMahjUMWhg0MSghUFo8L1BZ4PuBn0MBhoMNhhuMMpgnMEkg+kGcwzmGywxWGmwzmCzwQ6DvQaHDI4bnDG4YPCPwVWDWwb3DZ4YvDR4Z5DAQDRIYfC5QXqDzAbZDTSDfAaFDIoZlDAoY2AbfGNQ3aC2QX2DxgaBQRuD7ww6GXQz6G0wwGCQwTCDkQZjDSYaTDOYbTDPYLHBCoO1BpsMthvsMThocMzgtMGfBn8b/Gdw0+CewWODFwZvDT6F/4JgktgkuUlqk3QmmUxUk5wmeU0KmhQ1KW5imVQwqWJSzaSWST0T36S5SWuT9iYdTbqa9DLpb/KjyVCTX0zGmEwwmWoyy2SuySKT5SZrTDaabDPZbXLA5KjJKZPzJpdM/jW5YXLX5JHJc5M3Jh9NEpkkM0llktZEMclm8qVJHpMCJkVMTJPSJuVNKptUNalp4pk0Mmlm0sqknUkHk9ikp0k/kx9MfjL52eRXk/EmU0xmmvxhstBkmclqkw0mW012mew3OWJy0uScyV8mV0yum9wxeWjyzOS1yQeThCZJTVKayCYZTbKa5DDJbZLfxDD52qSUSTmTSibfmrgmdU0amjQ1aWnS1iQy6WLSw6SvCSZDTEaYjDb5zWSyyQyT300WmCw1WWWy3mSLyU6TfSaHTU6YnDW5aHLZ5JrJbZMHJk9NXpm8N/nMJImJZJLGJINJFpMvTHKZ6CaFTb4yKWlS1qSiiWNSw6SOSQOTJiYtTEKT7006m3Q36WMy0GSwyXCTUSbjTCaZTDeZYzLfZInJSpN1JptNdpjsNTlkctzkjMkFk39MrprcMrlv8sTkpck7kwQmokkKk89N0ptkNsluopnkMylkUsykhEkZE9vkG5PqJrVN6ps0NglM2ph8Z9LJpJtJb5MBJoNMhpmMNBlrMtFkmslsk3kmi01WmKw12WSy3WSPyUGTYyanTf40+dvkP5ObJvdMHpu8MHlr8in8FwSLxBbJLVJbpLPIZKFa5LTIa1HQoqhFcQvLooJFFYtqFrUs6ln4Fs0tWlu0t+ho0dWil0V/ix8thlr8YjHGYoLFVItZFnMtFlkst1hjsdFim8VuiwMWRy1OWZy3uGTxr8UNi7sWjyyeW7yx+GiRyCKZRSqLtBaKRTaLLy3yWBSwKGJhWpS2KG9R2aKqRU0Lz6KRRTOLVhbtLDpYxBY9LfpZ/GDxk8XPFr9ajLeYYjHT4g+LhRbLLFZbbLDYarHLYr/FEYuTFucs/rK4YnHd4o7FQ4tnFq8tPlgktEhqkdJCtshokdUih0Vui/wWhsXXFqUsyllUsvjWwrWoa9HQoqlFS4u2FpFFF4seFn0tsBhiMcJitMVvFpMtZlj8brHAYqnFKov1FlssdlrsszhsccLirMVFi8sW1yxuWzyweGrxyuK9xWcWSSwkizQWGSyyWHxhkctCtyhs8ZVFSYuyFhUtHIsaFnUsGlg0sWhhEVp8b9HZortFH4uBFoMthluMshhnMcliusUci/kWSyxWWqyz2Gyxw2KvxSGL4xZnLC5Y/GNx1eKWxX2LJxYvLd5ZJLAQLVJYfG6R3iKzRXYLzSKfRSGLYhYlLMpY2BbfWFS3qG1R36KxRWDRxuI7i04W3Sx6WwywGGQxzGKkxViLiRbTLGZbzLNYbLHCYq3FJovtFnssDlocszht8afF3xb/Wdy0uGfx2OKFxVuLT+G/INgktkluk9omnU0mG9Ump01em4I2RW2K21g2FWyq2FSzqWVTz8a3aW7T2qa9TUebrja9bPrb/Ggz1OYXmzE2E2ym2syymWuzyGa5zRqbjTbbbHbbHLA5anPK5rzNJZt/bW7Y3LV5ZPPc5o3NR5tENslsUtmktVFsstl8aZPHpoBNERvTprRNeZvKNlVtatp4No1smtm0smln08Emtulp08/mB5ufbH62+dVmvM0Um5k2f9gstFlms9pmg81Wm102+22O2Jy0OWfzl80Vm+s2d2we2jyzeW3zwSahTVKblDayTUabrDY5bHLb5LcxbL62KWVTzqaSzbc2rk1dm4Y2TW1a2rS1iWy62PSw6WuDzRCbETajbX6zmWwzw+Z3mwU2S21W2ay32WKz02afzWGbEzZnbS7aXLa5ZnPb5oHNU5tXNu9tPrNJYiPZpLHJYJPF5gubXDa6TWGbr2xK2pS1qWjj2NSwqWPTwKaJTQub0OZ7m8423W362Ay0GWwz3GaUzTibSTbTbebYzLdZYrPSZp3NZpsdNnttDtkctzljc8HmH5urNrds7ts8sXlp884mgY1ok8Lmc5v0NpltsttoNvlsCtkUsylhU8bGtvnGprpNbZv6No1tAps2Nt/ZdLLpZtPbZoDNIJthNiNtxtpMtJlmM9tmns1imxU2a2022Wy32WNz0OaYzWmbP23+tvnP5qbNPZvHNi9s3tp8Cv8FwSGxQ3KH1A7pHDI5qA45HfI6FHQo6lDcwXKo4FDFoZpDLYd6Dr5Dc4fWDu0dOjp0dejl0N/hR4ehDr84jHGY4DDVYZbDXIdFDssd1jhsdNjmsNvhgMNRh1MO5x0uOfzrcMPhrsMjh+cObxw+OiRySOaQyiGtg+KQzeFLhzwOBRyKOJgOpR3KO1R2qOpQ08FzaOTQzKGVQzuHDg6xQ0+Hfg4/OPzk8LPDrw7jHaY4zHT4w2GhwzKH1Q4bHLY67HLY73DE4aTDOYe/HK44XHe44/DQ4ZnDa4cPDgkdkjqkdJAdMjpkdcjhkNshv4Ph8LVDKYdyDpUcvnVwHeo6NHRo6tDSoa1D5NDFoYdDXwcchjiMcBjt8JvDZIcZDr87LHBY6rDKYb3DFoedDvscDjuccDjrcNHhssM1h9sODxyeOrxyeO/wmUMSB8khjUMGhywOXzjkctAdCjt85VDSoaxDRQfHoYZDHYcGDk0cWjiEDt87dHbo7tDHYaDDYIfhDqMcxjlMcpjuMMdhvsMSh5UO6xw2O+xw2OtwyOG4wxmHCw7/OFx1uOVw3+GJw0uHdw4JHESHFA6fO6R3yOyQ3UFzyOdQyKGYQwmHMg62wzcO1R1qO9R3aOwQOLRx+M6hk0M3h94OAxwGOQxzGOkw1mGiwzSH2Q7zHBY7rHBY67DJYbvDHoeDDsccTjv86fC3w38ONx3uOTx2eOHw1uFT+C8ILoldkrukdknnkslFdcnpkteloEtRl+IulksFlyou1VxqudRz8V2au7R2ae/S0aWrSy+X/i4/ugx1+cVljMsEl6kus1zmuixyWe6yxmWjyzaX3S4HXI66nHI573LJ5V+XGy53XR65PHd54/LRJZFLMpdULmldFJdsLl+65HEp4FLExXQp7VLepbJLVZeaLp5LI5dmLq1c2rl0cIlderr0c/nB5SeXn11+dRnvMsVlpssfLgtdlrmsdtngstVll8t+lyMuJ13OufzlcsXlussdl4cuz1xeu3xwSeiS1CWli+yS0SWrSw6X3C75XQyXr11KuZRzqeTyrYvrUteloUtTl5YubV0ily4uPVz6uuAyxGWEy2iX31wmu8xw+d1lgctSl1Uu6122uOx02edy2OWEy1mXiy6XXa653HZ54PLU5ZXLe5fPXJK4SC5pXDK4ZHH5wiWXi+5S2OUrl5IuZV0qujguNVzquDRwaeLSwiV0+d6ls0t3lz4uA10Guwx3GeUyzmWSy3SXOS7zXZa4rHRZ57LZZYfLXpdDLsddzrhccPnH5arLLZf7Lk9cXrq8c0ngIrqkcPncJb1LZpfsLppLPpdCLsVcSriUcbFdvnGp7lLbpb5LY5fApY3Ldy6dXLq59HYZ4DLIZZjLSJexLhNdprnMdpnnsthlhctal00u2132uBx0OeZy2uVPl79d/nO56XLP5bHLC5e3Lp/Cf0HwSOyR3CO1RzqPTB6qR06PvB4FPYp6FPewPCp4VPGo5lHLo56H79Hco7VHe4+OHl09enn09/jRY6jHLx5jPCZ4TPWY5THXY5HHco81Hhs9tnns9jjgcdTjlMd5j0se/3rc8Ljr8cjjuccbj48eiTySeaTySOuheGTz+NIjj0cBjyIepkdpj/IelT2qetT08DwaeTTzaOXRzqODR+zR06Ofxw8eP3n87PGrx3iPKR4zPf7wWOixzGO1xwaPrR67PPZ7HPE46XHO4y+PKx7XPe54PPR45vHa44NHQo+kHik9ZI+MHlk9cnjk9sjvYXh87VHKo5xHJY9vPVyPuh4NPZp6tPRo6xF5dPHo4dHXA48hHiM8Rnv85jHZY4bH7x4LPJZ6rPJY77HFY6fHPo/DHic8znpc9Ljscc3jtscDj6cerzzee3zmkcRD8kjjkcEji8cXHrk8dI/CHl95lPQo61HRw/Go4VHHo4FHE48WHqHH9x6dPbp79PEY6DHYY7jHKI9xHpM8pnvM8ZjvscRjpcc6j80eOzz2ehzyOO5xxuOCxz8eVz1uedz3eOLx0uOdRwIP0SOFx+ce6T0ye2T30DzyeRTyKOZRwqOMh+3xjUd1j9oe9T0aewQebTy+8+jk0c2jt8cAj0EewzxGeoz1mOgxzWO2xzyPxR4rPNZ6bPLY7rHH46DHMY/THn96/O3xn8dNj3sejz1eeLz1+BT+C4JPYp/kPql90vlk8lF9cvrk9SnoU9SnuI/lU8Gnik81n1o+9Xx8n+Y+rX3a+3T06erTy6e/z48+Q31+8RnjM8Fnqs8sn7k+i3yW+6zx2eizzWe3zwGfoz6nfM77XPL51+eGz12fRz7Pfd74fPRJ5JPMJ5VPWh/FJ5vPlz55fAr4FPExfUr7lPep7FPVp6aP59PIp5lPK592Ph18Yp+ePv18fvD5yednn199xvtM8Znp84fPQp9lPqt9Nvhs9dnls9/niM9Jn3M+f/lc8bnuc8fnoc8zn9c+H3wS+iT1Sekj+2T0yeqTwye3T34fw+drn1I+5Xwq+Xzr4/rU9Wno09SnpU9bn8ini08Pn74++AzxGeEz2uc3n8k+M3x+91ngs9Rnlc96ny0+O332+Rz2OeFz1ueiz2Wfaz63fR74PPV55fPe5zOfJD6STxqfDD5ZfL7wyeWj+xT2+cqnpE9Zn4o+jk8Nnzo+DXya+LTwCX2+9+ns092nj89An8E+w31G+YzzmeQz3WeOz3yfJT4rfdb5bPbZ4bPX55DPcZ8zPhd8/vG56nPL577PE5+XPu98EviIPil8PvdJ75PZJ7uP5pPPp5BPMZ8SPmV8bJ9vfKr71Pap79PYJ/Bp4/OdTyefbj69fQb4DPIZ5jPSZ6zPRJ9pPrN95vks9lnhs9Znk892nz0+B32O+Zz2+dPnb5//fG763PN57PPC563Pp/BfEAISByQPSB2QLiBTgBqQMyBvQMGAogHFA6yACgFVAqoF1AqoF+AHNA9oHdA+oGNA14BeAf0DfgwYGvBLwJiACQFTA2YFzA1YFLA8YE3AxoBtAbsDDgQcDTgVcD7gUsC/ATcC7gY8Cnge8CbgY0CigGQBqQLSBigB2QK+DMgTUCCgSIAZUDqgfEDlgKoBNQO8gEYBzQJaBbQL6BAQB/QM6BfwQ8BPAT8H/BowPmBKwMyAPwIWBiwLWB2wIWBrwK6A/QFHAk4GnAv4K+BKwPWAOwEPA54FvA74EJAwIGlAygA5IGNA1oAcAbkD8gcYAV8HlAooF1Ap4NsAN6BuQMOApgEtA9oGRAFdAnoE9A0gYEjAiIDRAb8FTA6YEfB7wIKApQGrAtYHbAnYGbAv4HDAiYCzARcDLgdcC7gd8CDgacCrgPcBnwUkCZAC0gRkCMgS8EVArgA9oHDAVwElA8oGVAxwAmoE1AloENAkoEVAGPB9QOeA7gF9AgYGDA4YHjAqYFzApIDpAXMC5gcsCVgZsC5gc8COgL0BhwKOB5wJuBDwT8DVgFsB9wOeBLwMeBeQIEAMSBHweUD6gMwB2QO0gHwBhQKKBZQIKBNgB3wTUD2gdkD9gMYBQUCbgO8COgV0C+gdMCBgUMCwgJEBYwMmBkwLmB0wL2BxwIqAtQGbArYH7Ak4GHAs4HTAnwF/B/wXcDPgXsDjgBcBbwM+hf+CEJI4JHlI6pB0IZlC1JCcIXlDCoYUDSkeYoVUCKkSUi2kVki9ED+keUjrkPYhHUO6hvQK6R/yY8jQkF9CxoRMCJkaMitkbsiikOUha0I2hmwL2R1yIORoyKmQ8yGXQv4NuRFyN+RRyPOQNyEfQxKFJAtJFZI2RAnJFvJlSJ6QAiFFQsyQ0iHlQyqHVA2pGeKFNAppFtIqpF1Ih5A4pGdIv5AfQn4K+Tnk15DxIVNCZob8EbIwZFnI6pANIVtDdoXsDzkScjLkXMhfIVdCrofcCXkY8izkdciHkIQhSUNShsghGUOyhuQIyR2SP8QI+TqkVEi5kEoh34a4IXVDGoY0DWkZ0jYkCukS0iOkbwghQ0JGhIwO+S1kcsiMkN9DFoQsDVkVsj5kS8jOkH0hh0NOhJwNuRhyOeRayO2QByFPQ16FvA/5LCRJiBSSJiRDSJaQL0JyheghhUO+CikZUjakYogTUiOkTkiDkCYhLULCkO9DOod0D+kTMjBkcMjwkFEh40ImhUwPmRMyP2RJyMqQdSGbQ3aE7A05FHI85EzIhZB/Qq6G3Aq5H/Ik5GXIu5AEIWJIipDPQ9KHZA7JHqKF5AspFFIspERImRA75JuQ6iG1Q+qHNA4JQtqEfBfSKaRbSO+QASGDQoaFjAwZGzIxZFrI7JB5IYtDVoSsDdkUsj1kT8jBkGMhp0P+DPk75L+QmyH3Qh6HvAh5G/Ip/BeEiMQRySNSR6SLyBShRuSMyBtRMKJoRPEIK6JCRJWIahG1IupF+BHNI1pHtI/oGNE1oldE/4gfI4ZG/BIxJmJCxNSIWRFzIxZFLI9YE7ExYlvE7ogDEUcjTkWcj7gU8W/EjYi7EY8inke8ifgYkSgiWUSqiLQRSkS2iC8j8kQUiCgSYUaUjigfUTmiakTNCC+iUUSziFYR7SI6RMQRPSP6RfwQ8VPEzxG/RoyPmBIxM+KPiIURyyJWR2yI2BqxK2J/xJGIkxHnIv6KuBJxPeJOxMOIZxGvIz5EJIxIGpEyQo7IGJE1IkdE7oj8EUbE1xGlIspFVIr4NsKNqBvRMKJpRMuIthFRRJeIHhF9I4gYEjEiYnTEbxGTI2ZE/B6xIGJpxKqI9RFbInZG7Is4HHEi4mzExYjLEdcibkc8iHga8SrifcRnEUkipIg0ERkiskR8EZErQo8oHPFVRMmIshEVI5yIGhF1IhpENIloERFGfB/ROaJ7RJ+IgRGDI4ZHjIoYFzEpYnrEnIj5EUsiVkasi9gcsSNib8ShiOMRZyIuRPwTcTXiVsT9iCcRLyPeRSSIECNSRHwekT4ic0T2CC0iX0ShiGIRJSLKRNgR30RUj6gdUT+icUQQ0Sbiu4hOEd0iekcMiBgUMSxiZMTYiIkR0yJmR8yLWByxImJtxKaI7RF7Ig5GHIs4HfFnxN8R/0XcjLgX8TjiRcTbiE/hvyDEJI5JHpM6Jl1Mphg1JmdM3piCMUVjisdYMRViqsRUi6kVUy/Gj2ke0zqmfUzHmK4xvWL6x/wYMzTml5gxMRNipsbMipkbsyhmecyamI0x22J2xxyIORpzKuZ8zKWYf2NuxNyNeRTzPOZNzMeYRDHJYlLFpI1RYrLFfBmTJ6ZATJEYM6Z0TPmYyjFVY2rGeDGNYprFtIppF9MhJo7pGdMv5oeYn2J+jvk1ZnzMlJiZMX/ELIxZFrM6ZkPM1phdMftjjsScjDkX81fMlZjrMXdiHsY8i3kd8yEmYUzSmJQxckzGmKwxOWJyx+SPMWK+jikVUy6mUsy3MW5M3ZiGMU1jWsa0jYliusT0iOkbQ8yQmBExo2N+i5kcMyPm95gFMUtjVsWsj9kSszNmX8zhmBMxZ2MuxlyOuRZzO+ZBzNOYVzHvYz6LSRIjxaSJyRCTJeaLmFwxekzhmK9iSsaUjakY48TUiKkT0yCmSUyLmDDm+5jOMd1j+sQMjBkcMzxmVMy4mEkx02PmxMyPWRKzMmZdzOaYHTF7Yw7FHI85E3Mh5p+YqzG3Yu7HPIl5GfMuJkGMGJMi5vOY9DGZY7LHaDH5YgrFFIspEVMmxo75JqZ6TO2Y+jGNY4KYNjHfxXSK6RbTO2ZAzKCYYTEjY8bGTIyZFjM7Zl7M4pgVMWtjNsVsj9kTczDmWMzpmD9j/o75L+ZmzL2YxzEvYt7GfAr//wcmMVkdPyII+wAAAABJRU5ErkJggg=="))
        let narrow = try Self.avatarUpload(server, token: token, file: [UInt8](sliver))
        #expect(narrow.status == 422)
        #expect(narrow.text.contains("too small or too narrow"))
    }
}

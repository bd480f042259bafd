@testable import AppDeals
import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Identity
import OutboundHTTP
import Storage
import Testing

/// An editor's known end of a 限免 over HTTP on the imported data (a server of its own): only admins set it, the
/// list, the app and its page then show it as known instead of the estimate, clearing brings the estimate back,
/// and a newly observed price ends the free period and deletes the end.
@Suite(.requires(.appstore)) struct KnownEndTests {
    @Test func anAdminSetsAKnownEndUntilTheNextPriceChange() throws {
        let server = try TestServer(apps: [DealsApp()], importing: [.appstore])
        let admin = try server.register("end_admin", unique: true)
        let user = try #require(try UserStore(database: server.database, hasher: PasswordHasher()).user(username: admin.username))
        try RoleStore(database: server.database).grant(.admin, to: user, now: 1_796_097_600)
        let member = try server.register("end_member", unique: true)

        let limited = try server.get("/api/v1/appdeals/apps?tab=limited").decode(DealAppPage.self)
        let app = try #require(limited.items.first)
        let since = try #require(app.since)
        #expect(app.trend == "limited" && app.expiresEstimated && app.expiresAt != nil)
        let path = "/api/v1/appdeals/apps/\(app.id)/end"
        let end = since.addingTimeInterval(5 * 86_400)
        let body = #"{"endsAt":"\#(ISO8601DateFormatter().string(from: end))"}"#
        #expect(try server.send("PUT", path, json: body).status == 401)
        #expect(try server.send("PUT", path, json: body, token: member.token).status == 403)
        for bad in [since.addingTimeInterval(-60), since.addingTimeInterval(91 * 86_400)] {
            let reply = try server.send("PUT", path, json: #"{"endsAt":"\#(ISO8601DateFormatter().string(from: bad))"}"#, token: admin.token)
            #expect(reply.status == 422 && reply.text.contains(#""field":"endsAt""#), "\(reply.text)")
        }
        #expect(try server.send("PUT", path, json: #"{"endsAt":"soon"}"#, token: admin.token).status == 400)
        // Only a 限免 has an end: a paid app of 热榜 that is no deal answers 409.
        let paid = try #require(try server.get("/api/v1/appdeals/apps?tab=hot&limit=50").decode(DealAppPage.self).items.first { $0.trend == nil || $0.trend == "paid" })
        #expect(try server.send("PUT", "/api/v1/appdeals/apps/\(paid.id)/end", json: body, token: admin.token).status == 409)
        #expect(try server.send("PUT", "/api/v1/appdeals/apps/12/end", json: body, token: admin.token).status == 404)

        // The signed-out list page is kept (issue 25) until the data version moves: here, the known end below.
        let keptPage = try server.get("/appdeals", headers: ["Cookie": "lang=zh"])
        let keptTag = try #require(keptPage.headers["etag"])
        #expect(keptPage.text.components(separatedBy: "（估计）").count - 1 == limited.items.count)
        #expect(try server.get("/appdeals", headers: ["Cookie": "lang=zh", "If-None-Match": keptTag]).status == 304)

        let set = try server.send("PUT", path, json: body, token: admin.token)
        #expect(set.status == 200, "\(set.text)")
        #expect(try set.decode(DealApp.self).expiresAt == end && !(try set.decode(DealApp.self).expiresEstimated))
        let listed = try #require(try server.get("/api/v1/appdeals/apps?tab=limited").decode(DealAppPage.self).items.first { $0.id == app.id })
        #expect(listed.expiresAt == end && !listed.expiresEstimated)
        #expect(try server.get("/api/v1/appdeals/apps/\(app.id)").decode(DealAppDetail.self).app.expiresEstimated == false)
        let pageAnswer = try server.get("/appdeals", headers: ["Cookie": "lang=zh", "If-None-Match": keptTag])
        #expect(pageAnswer.status == 200 && pageAnswer.headers["etag"] != keptTag)
        let page = pageAnswer.text
        let estimates = page.components(separatedBy: "（估计）").count - 1
        #expect(estimates == limited.items.count - 1, "one countdown of \(limited.items.count) is known")
        let audit = try RoleStore(database: server.database).auditLog(before: nil, limit: 10)
        #expect(audit.first?.target == "appdeals app \(app.id)" && audit.first?.actorName == admin.username)

        // Cleared: the estimate again.
        #expect(try server.request("DELETE", path, token: admin.token).status == 204)
        #expect(try server.request("DELETE", path, token: admin.token).status == 404)
        #expect(try server.get("/appdeals", headers: ["Cookie": "lang=zh"]).text.components(separatedBy: "（估计）").count - 1 == limited.items.count)
        var again = try server.get("/api/v1/appdeals/apps/\(app.id)").decode(DealAppDetail.self).app
        #expect(again.expiresEstimated && again.expiresAt == app.expiresAt)

        // The app's page: an admin's form takes a Beijing date and time; others do not see it.
        let cookie = ["Cookie": admin.cookie + "; lang=zh"]
        let html = try server.get("/appdeals/apps/\(app.id)", headers: cookie).text
        #expect(html.contains(#"name="ends" type="datetime-local""#))
        #expect(!(try server.get("/appdeals/apps/\(app.id)", headers: ["Cookie": member.cookie]).text.contains(#"name="ends""#)))
        let csrf = try #require(TestServer.csrfToken(in: html))
        let local = DealPages.beijingInput(Int64(end.timeIntervalSince1970))
        #expect(local.count == 16 && DealPages.beijingTime(local) == Int64(end.timeIntervalSince1970) / 60 * 60)
        #expect(DealPages.beijingTime("2025-02-30T10:00") == nil && DealPages.beijingTime("soon") == nil)
        #expect(DealPages.beijingTime("2025-07-06T08:00") == 1_751_760_000)
        let posted = try server.postForm("/appdeals/apps/\(app.id)/end", [("csrf_token", csrf), ("ends", local), ("action", "set")], headers: cookie)
        #expect(posted.status == 303)
        again = try server.get("/api/v1/appdeals/apps/\(app.id)").decode(DealAppDetail.self).app
        #expect(!again.expiresEstimated && again.expiresAt.map { Int64($0.timeIntervalSince1970) } == Int64(end.timeIntervalSince1970) / 60 * 60)
        let shown = try server.get("/appdeals/apps/\(app.id)", headers: cookie).text
        #expect(shown.contains(#"value="\#(local)""#) && shown.contains("清除，改用估计"))
        #expect(try server.postForm("/appdeals/apps/\(app.id)/end", [("csrf_token", csrf), ("ends", "tomorrow"), ("action", "set")],
                                    headers: cookie).status == 422)

        // Then the poller sees a price: the free period is over and its known end is gone.
        let poller = LookupPoller(database: server.database, client: CurlHTTPClient(), endpoint: URL(string: "http://127.0.0.1:9/lookup")!,
                                  now: { Date() })
        let result = try #require(LookupResult(["trackId": NSNumber(value: app.id), "price": NSNumber(value: 6.0), "currency": "CNY"]))
        let recorded = try poller.record([result], requested: [app.id], time: Int64(Date().timeIntervalSince1970))
        #expect(recorded.changed == 1)
        #expect(try server.database.read { try $0.scalar("SELECT count(*) FROM appdeals_known_ends", as: Int.self) } == 0)
        again = try server.get("/api/v1/appdeals/apps/\(app.id)").decode(DealAppDetail.self).app
        #expect(again.trend != "limited" && again.expiresAt == nil && again.price == "6.00")
    }
}

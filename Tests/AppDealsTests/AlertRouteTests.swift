import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Testing

/// Price alerts over HTTP on the imported data: the API's bad input, and the toggle on an app's page.
@Suite(.requires(.appstore)) struct AlertRouteTests {
    static let kingdom = "598581396"

    @Test func theAPIRefusesBadInputAndNeedsASignIn() throws {
        let server = try TestServer.shared(importing: .appstore)
        let token = try server.register("alert_api", unique: true).token
        let path = "/api/v1/appdeals/alerts/\(Self.kingdom)"
        #expect(try server.send("PUT", path, json: #"{"when":"drop"}"#).status == 401)
        let unknown = try server.send("PUT", path, json: #"{"when":"rise"}"#, token: token)
        // In the request's language like the other apps (tester 30 #14: "unknown when …; allowed: drop, free", "no app 999999999999").
        #expect(unknown.status == 400 && unknown.text.contains("when 不能是“rise”，须为 drop、free 之一。"), "\(unknown.text)")
        let english = try server.send("PUT", path, json: #"{"when":"sometimes"}"#, token: token, headers: ["Accept-Language": "en"])
        #expect(english.status == 400 && english.text.contains("when cannot be “sometimes”; it is one of drop, free."), "\(english.text)")
        let noApp = try server.send("PUT", "/api/v1/appdeals/alerts/999999999999", json: #"{"when":"free"}"#, token: token)
        #expect(noApp.status == 404 && noApp.text.contains("没有 id 为 999999999999 的应用。"), "\(noApp.text)")
        let noAppEnglish = try server.get("/api/v1/appdeals/apps/999999999999", headers: ["Accept-Language": "en"])
        #expect(noAppEnglish.status == 404 && noAppEnglish.text.contains("No app has the id 999999999999."), "\(noAppEnglish.text)")
        for body in [#"{"when":"#, "[]", #"{"when":5}"#, "<html>"] {
            #expect(try server.send("PUT", path, json: body, token: token).status == 400, "\(body)")
        }
        #expect(try server.send("PUT", "/api/v1/appdeals/alerts/12", json: #"{"when":"free"}"#, token: token).status == 404)
        #expect(try server.send("PUT", "/api/v1/appdeals/alerts/abc", json: #"{"when":"free"}"#, token: token).status == 404)
        #expect(try server.send("PUT", "/api/v1/appdeals/alerts/99999999999999999999", json: #"{"when":"free"}"#, token: token).status == 404)
        #expect(try server.get("/api/v1/appdeals/alerts", token: token).decode(DealAlertList.self).items.isEmpty)

        // RadarScope is known only from the US data, which is never polled: no alert could fire (issue 30).
        let radarScope = try server.send("PUT", "/api/v1/appdeals/alerts/288419283", json: #"{"when":"free"}"#, token: token)
        #expect(radarScope.status == 422 && radarScope.text.contains("does not follow") || radarScope.text.contains("不在本站跟踪"), "\(radarScope.text)")
        let page = try server.get("/appdeals/apps/288419283", token: token).text
        #expect(page.contains("不在本站跟踪的中国区价格里") && !page.contains(#"name="when""#))

        let set = try server.send("PUT", path, json: #"{"when":"free"}"#, token: token)
        #expect(set.status == 200)
        #expect(try set.decode(DealAlert.self).when == "free")
        #expect(try server.request("DELETE", path, token: token).status == 204)
        #expect(try server.request("DELETE", path).status == 401)
    }

    @Test func theAppPageTogglesAnAlertAndUnsavingRemovesIt() throws {
        let server = try TestServer.shared(importing: .appstore)
        let account = try server.register("alert_page", unique: true)
        let cookie = ["Cookie": account.cookie + "; lang=zh"]
        let page = "/appdeals/apps/\(Self.kingdom)"
        var html = try server.get(page, headers: cookie).text
        #expect(html.contains("价格提醒") && html.contains(#"<option value="" selected>关闭</option>"#))
        let csrf = try #require(TestServer.csrfToken(in: html))
        let set = try server.postForm(page + "/alert", [("when", "drop"), ("csrf_token", csrf)], headers: cookie)
        #expect(set.status == 303)
        html = try server.get(page, headers: cookie).text
        #expect(html.contains(#"<option value="drop" selected>降价或限免时提醒</option>"#) && html.contains("取消收藏"))
        let grid = try server.get("/appdeals/favorites", headers: cookie).text
        #expect(grid.contains(#"<span class="ad-grid-alert">降价提醒</span>"#))
        #expect(try server.postForm(page + "/alert", [("when", "sometimes"), ("csrf_token", csrf)], headers: cookie).status == 400)

        // 取消收藏 removes the alert with the favourite.
        #expect(try server.postForm(page + "/favorite", [("csrf_token", csrf)], headers: cookie).status == 303)
        #expect(try server.get("/api/v1/appdeals/alerts", token: account.token).decode(DealAlertList.self).items.isEmpty)
        // Choosing 关闭 on a page without an alert changes nothing and still answers.
        #expect(try server.postForm(page + "/alert", [("when", ""), ("csrf_token", csrf)], headers: cookie).status == 303)
    }
}

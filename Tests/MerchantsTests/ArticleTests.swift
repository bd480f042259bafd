import AppHost
import AppSuiteAPI
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Identity
@testable import Merchants
import Storage
import Testing

/// Issue 14 item 10: a merchant's owner writes articles and promotions in Markdown (rendered safely by libcmark),
/// readers open them in the app's shell; only the owner and admins write, moderators may take one down.
@Suite(.requires(.merchants)) struct ArticleTests {
    static func json(_ input: MerchantArticleInput) throws -> String {
        String(decoding: try APICoding.makeEncoder().encode(input), as: UTF8.self)
    }

    /// A fresh server whose clock stands at Tuesday 2026-12-01 12:00 Shanghai; `owner` owns the merchant nearest
    /// People's Square.
    struct World {
        let server: TestServer
        let clock: FixedClock
        let owner: TestAccount, reader: TestAccount
        let merchant: MerchantSummary
        var articles: String { "/api/v1/merchants/\(merchant.id)/articles" }

        init() throws {
            clock = FixedClock(MerchantsServer.noon)
            server = try TestServer(apps: [MerchantsApp()], clock: clock, importing: [.merchants])
            owner = try server.register("owner")
            reader = try server.register("reader")
            merchant = try #require(try server.get("/api/v1/merchants/nearby?lat=31.2304&lon=121.4737&limit=1").decode(MerchantList.self).items.first)
            let ownerID = try #require(try UserStore(database: server.database, hasher: PasswordHasher()).user(username: "owner")).id
            try server.database.write { db in _ = try db.execute("UPDATE merchants SET owner_id = ? WHERE id = ?", [.integer(ownerID), .integer(merchant.id)]) }
        }

        func user(_ name: String) throws -> User {
            try #require(try UserStore(database: server.database, hasher: PasswordHasher()).user(username: name))
        }
    }

    static let promotion = MerchantArticleInput(
        title: "双十二 · 全场八折",
        markdown: "## 活动内容\n\n全场 **八折**，工作日下午茶 *买一送一*。\n\n- 会员再减 5 元\n- [活动规则](https://example.com/rules)\n\n> 每桌限用一张。\n",
        validFrom: "2026-11-25", validUntil: "2026-12-12")

    @Test func ownerPublishesReaderReadsRenderedHTML() throws {
        let world = try World()
        let server = world.server
        let created = try server.send("POST", world.articles, json: Self.json(Self.promotion), token: world.owner.token)
        #expect(created.status == 201, "\(created.text)")
        let article = try created.decode(MerchantArticle.self)
        #expect(article.title == "双十二 · 全场八折" && article.markdown == Self.promotion.markdown && article.merchantName == world.merchant.name)
        #expect(article.html.contains("<h3>活动内容</h3>"))
        #expect(article.html.contains("<p>全场 <strong>八折</strong>，工作日下午茶 <em>买一送一</em>。</p>"))
        #expect(article.html.contains(#"<a rel="nofollow noopener ugc" href="https://example.com/rules">活动规则</a>"#))
        #expect(article.html.contains("<blockquote>\n<p>每桌限用一张。</p>\n</blockquote>"))
        #expect(article.state == "running" && article.validFrom == "2026-11-25" && article.validUntil == "2026-12-12")
        #expect(article.summary.hasPrefix("活动内容 全场 八折，工作日下午茶 买一送一。"))

        // Anyone lists and reads it.
        let list = try server.get(world.articles).decode(MerchantArticleList.self)
        #expect(list.items.map(\.id) == [article.id] && list.items[0].state == "running")
        let read = try server.get("\(world.articles)/\(article.id)").decode(MerchantArticle.self)
        #expect(read == article)

        // The pages: listed on the merchant page, its own page in the shell with the back button to the merchant.
        let detail = try server.get("/merchants/\(world.merchant.id)").text
        #expect(detail.contains("商家文章与优惠") && detail.contains("/merchants/\(world.merchant.id)/articles/\(article.id)") && detail.contains("双十二 · 全场八折"))
        #expect(detail.contains("进行中"))
        let page = try server.get("/merchants/\(world.merchant.id)/articles/\(article.id)")
        #expect(page.status == 200)
        #expect(page.text.contains("<strong>八折</strong>") && page.text.contains("mx-article-body") && page.text.contains("2026-11-25 至 2026-12-12"))
        #expect(page.text.contains("href=\"/merchants/\(world.merchant.id)#articles\""))
        #expect(!page.text.contains("编辑文章"), "a reader gets no edit button")
        let english = try server.get("/merchants/\(world.merchant.id)/articles/\(article.id)", headers: ["Accept-Language": "en"]).text
        #expect(english.contains("Offer period: 2026-11-25 to 2026-12-12") && english.contains("On now"))
        #expect(try server.get("/merchants/\(world.merchant.id)/articles/\(article.id)", token: world.owner.token).text.contains("编辑文章"))

        // Dates decide the state: before the first day upcoming, after the last ended.
        world.clock.advance(by: 12 * 86_400)
        #expect(try server.get("\(world.articles)/\(article.id)").decode(MerchantArticle.self).state == "ended")
        world.clock.advance(by: -30 * 86_400)
        #expect(try server.get("\(world.articles)/\(article.id)").decode(MerchantArticle.self).state == "upcoming")

        // Unknown ids.
        #expect(try server.get("\(world.articles)/999999").status == 404)
        #expect(try server.get("\(world.articles)/abc").status == 404)
        #expect(try server.get("/api/v1/merchants/999999999/articles").status == 404)
        #expect(try server.get("/merchants/\(world.merchant.id)/articles/999999").status == 404)
    }

    @Test func attacksAreStoredVerbatimAndRenderedHarmless() throws {
        let world = try World()
        let source = """
            <script>alert(document.cookie)</script>

            <img src=x onerror=alert(1)>

            [点我](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) ![pixel](https://tracker.example/p.gif)

            &lt;script&gt; &#106;avascript:
            """
        let created = try world.server.send("POST", world.articles, json: Self.json(MerchantArticleInput(title: "<b>标题</b>", markdown: source)),
                                            token: world.owner.token)
        #expect(created.status == 201, "\(created.text)")
        let article = try created.decode(MerchantArticle.self)
        #expect(article.markdown == source && article.state == nil)
        for bad in ["<script", "<img", "onerror=", "href=\"javascript", "href=\"data", "tracker.example"] {
            #expect(!article.html.contains(bad), "\(bad) in \(article.html)")
        }
        #expect(article.html.contains("<p>点我 data pixel</p>"))
        #expect(article.html.contains("&lt;script&gt; javascript:"))
        let page = try world.server.get("/merchants/\(world.merchant.id)/articles/\(article.id)").text
        #expect(page.contains("&lt;b&gt;标题&lt;/b&gt;"), "the title is escaped text")
        #expect(!page.contains("<script>alert") && !page.contains("onerror=alert"))
    }

    @Test func onlyTheOwnerAndAdminsWriteWithinLimits() throws {
        let world = try World()
        let server = world.server
        let body = try Self.json(Self.promotion)
        // Signed out, another reader.
        #expect(try server.send("POST", world.articles, json: body).status == 401)
        let refused = try server.send("POST", world.articles, json: body, token: world.reader.token)
        #expect(refused.status == 403 && refused.text.contains("只有店主或管理员"))
        let article = try server.send("POST", world.articles, json: body, token: world.owner.token).decode(MerchantArticle.self)
        let path = "\(world.articles)/\(article.id)"
        #expect(try server.send("PUT", path, json: body, token: world.reader.token).status == 403)
        #expect(try server.request("DELETE", path, token: world.reader.token).status == 403)

        // Bad fields: 422 naming them.
        let long = String(repeating: "好", count: 6_667)  // 20,001 bytes
        let cases: [(MerchantArticleInput, String)] = [
            (MerchantArticleInput(title: "  ", markdown: "x"), "title"),
            (MerchantArticleInput(title: String(repeating: "长", count: 61), markdown: "x"), "title"),
            (MerchantArticleInput(title: "a\nb", markdown: "x"), "title"),
            (MerchantArticleInput(title: "ok", markdown: " \n "), "markdown"),
            (MerchantArticleInput(title: "ok", markdown: long), "markdown"),
            (MerchantArticleInput(title: "ok", markdown: "a\u{202E}b"), "markdown"),
            (MerchantArticleInput(title: "ok", markdown: String(repeating: ">", count: 40) + " deep"), "markdown"),
            (MerchantArticleInput(title: "ok", markdown: "x", validFrom: "2026-02-30"), "validFrom"),
            (MerchantArticleInput(title: "ok", markdown: "x", validFrom: "2026-+1-01"), "validFrom"),
            (MerchantArticleInput(title: "ok", markdown: "x", validUntil: "12/12/2026"), "validUntil"),
            (MerchantArticleInput(title: "ok", markdown: "x", validFrom: "2026-12-12", validUntil: "2026-12-01"), "validUntil"),
        ]
        for (input, field) in cases {
            let answer = try server.send("POST", world.articles, json: Self.json(input), token: world.owner.token)
            #expect(answer.status == 422 && answer.text.contains("\"field\":\"\(field)\""), "\(field): \(answer.text.prefix(300))")
        }
        let tooLong = try server.send("POST", world.articles, json: Self.json(MerchantArticleInput(title: "ok", markdown: long)), token: world.owner.token)
        #expect(tooLong.text.contains("20001"))

        // The owner edits; an admin writes too; a moderator may only take one down.
        let changed = try server.send("PUT", path, json: Self.json(MerchantArticleInput(title: "改了", markdown: "*新*")), token: world.owner.token)
        #expect(changed.status == 200)
        #expect(try changed.decode(MerchantArticle.self).html == "<p><em>新</em></p>\n")
        let admin = try server.register("boss"), moderator = try server.register("mod")
        let roles = RoleStore(database: server.database)
        try roles.grant(.admin, to: try world.user("boss"), now: 1_796_097_600)
        try roles.grant(.moderator, to: try world.user("mod"), now: 1_796_097_600)
        #expect(try server.send("POST", world.articles, json: body, token: admin.token).status == 201)
        #expect(try server.send("POST", world.articles, json: body, token: moderator.token).status == 403)
        #expect(try server.request("DELETE", path, token: moderator.token).status == 204)
        #expect(try server.get(path).status == 404)
        // The admin's article and the moderator's takedown are in the moderation audit log; the owner's own edits are not.
        let audit = try server.database.read { db in
            try db.query("SELECT actor_name, action, target FROM moderation_audit WHERE target LIKE 'merchants article %' ORDER BY id")
                .map { row throws(StorageError) in "\(try row.get(0, as: String.self)) \(try row.get(1, as: String.self)) \(try row.get(2, as: String.self))" }
        }
        #expect(audit.count == 2 && audit[0].hasPrefix("boss curate merchants article ") && audit[1] == "mod hide merchants article \(article.id)", "\(audit)")

        // Five new articles per merchant an hour, counting those still there (the admin's; the owner's was taken down):
        // four more pass, the next waits until the oldest is an hour old.
        for _ in 0..<4 { #expect(try server.send("POST", world.articles, json: body, token: world.owner.token).status == 201) }
        let sixth = try server.send("POST", world.articles, json: body, token: world.owner.token)
        #expect(sixth.status == 429 && sixth.headers["retry-after"] == "3600", "\(sixth.text)")
        world.clock.advance(by: 3_601)
        #expect(try server.send("POST", world.articles, json: body, token: world.owner.token).status == 201)

        // Fifty per merchant.
        let ownerID = try world.user("owner").id
        try server.database.write { db in
            for index in 0..<44 {
                _ = try db.execute("INSERT INTO merchants_articles (merchant_id, author_id, title, body, created_at, updated_at) VALUES (?, ?, ?, 'x', 1, 1)",
                                   [.integer(world.merchant.id), .integer(ownerID), .text("旧文 \(index)")])
            }
        }
        #expect(try server.get(world.articles).decode(MerchantArticleList.self).items.count == 50)
        world.clock.advance(by: 3_601)
        #expect(try server.send("POST", world.articles, json: body, token: world.owner.token).status == 409)

        // A banned owner cannot write.
        try server.database.write { db in
            _ = try db.execute("INSERT INTO user_bans (user_id, banned_until, reason, banned_by, created_at) VALUES (?, ?, '刷广告', NULL, 1)",
                               [.integer(ownerID), .integer(4_000_000_000)])
        }
        let banned = try server.send("PUT", "\(world.articles)/\(try server.get(world.articles).decode(MerchantArticleList.self).items[0].id)",
                                     json: body, token: world.owner.token)
        #expect(banned.status == 403 && banned.text.contains("刷广告"), "\(banned.text)")
    }

    /// The editor: preview renders without storing, save publishes and redirects to the article, delete removes it;
    /// a refused field stays on the form with its message; readers cannot open the editor.
    @Test func editorPreviewSaveDelete() throws {
        let world = try World()
        let server = world.server
        let write = "/merchants/\(world.merchant.id)/write"
        #expect(try server.get(write, token: world.reader.token).status == 403)
        let form = try server.get(write, token: world.owner.token)
        #expect(form.status == 200 && form.text.contains("name=\"markdown\"") && form.text.contains("value=\"preview\""))
        #expect(try server.get("/merchants/\(world.merchant.id)", token: world.owner.token).text.contains(write))

        let fields = [("title", "新品上市"), ("markdown", "**抹茶拿铁** 上市\n\n<script>x</script>"), ("validFrom", ""), ("validUntil", "2026-12-31")]
        let preview = try server.postForm(write, fields + [("action", "preview")], token: world.owner.token)
        #expect(preview.status == 200)
        #expect(preview.text.contains("预览（尚未发布）") && preview.text.contains("<strong>抹茶拿铁</strong>") && !preview.text.contains("<script>x"))
        #expect(try server.get(world.articles).decode(MerchantArticleList.self).items.isEmpty, "a preview stores nothing")

        let bad = try server.postForm(write, [("title", ""), ("markdown", "x"), ("action", "save")], token: world.owner.token)
        #expect(bad.status == 422 && bad.text.contains("标题须为 1 到 60 个字符"))

        // The browser's cookie session needs the form's CSRF token.
        let cookie = ["Cookie": world.owner.cookie]
        #expect(try server.postForm(write, fields + [("action", "save")], headers: cookie).status == 403)
        let csrf = try #require(TestServer.csrfToken(in: try server.get(write, headers: cookie).text))
        #expect(try server.postForm(write, fields + [("action", "preview"), ("csrf_token", csrf)], headers: cookie).status == 200)
        #expect(try server.get(world.articles).decode(MerchantArticleList.self).items.isEmpty)

        let saved = try server.postForm(write, fields + [("action", "save")], token: world.owner.token)
        #expect(saved.status == 303)
        let location = try #require(saved.headers["location"])
        #expect(location.hasPrefix("/merchants/\(world.merchant.id)/articles/"))
        let id = try #require(Int64(location.split(separator: "/").last ?? ""))
        let stored = try server.get("\(world.articles)/\(id)").decode(MerchantArticle.self)
        #expect(stored.title == "新品上市" && stored.validFrom == nil && stored.validUntil == "2026-12-31" && stored.state == "running")

        let edit = try server.get("/merchants/\(world.merchant.id)/articles/\(id)/edit", token: world.owner.token)
        #expect(edit.status == 200 && edit.text.contains("新品上市") && edit.text.contains("2026-12-31"))
        #expect(try server.postForm("/merchants/\(world.merchant.id)/articles/\(id)/edit", [("title", "新品上市（续）"), ("markdown", "续"), ("action", "save")],
                                    token: world.owner.token).status == 303)
        #expect(try server.get("\(world.articles)/\(id)").decode(MerchantArticle.self).title == "新品上市（续）")
        #expect(try server.postForm("/merchants/\(world.merchant.id)/articles/\(id)/delete", [], token: world.reader.token).status == 403)
        #expect(try server.postForm("/merchants/\(world.merchant.id)/articles/\(id)/delete", [], token: world.owner.token).status == 303)
        #expect(try server.get("/merchants/\(world.merchant.id)/articles/\(id)").status == 404)
    }
}

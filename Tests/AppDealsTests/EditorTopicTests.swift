import AppDeals
import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Identity
import Imaging
import Testing

/// Editors' 专题 over HTTP on the imported data, on a server of their own (the shared one's topics stay
/// generated): only admins write them, every limit answers 422 naming its field, the cover is a real upload
/// turned upright and re-encoded, they list before the generated ones in their order, and each change is audited.
@Suite(.requires(.appstore), .serialized) struct EditorTopicTests {
    static let server = Result { try TestServer(apps: [DealsApp()], importing: [.appstore]) }

    /// An account holding `role` (nil: none), as `appsuite user grant` would make it.
    static func account(_ name: String, role: Role?) throws -> TestAccount {
        let server = try Self.server.get()
        let account = try server.register(name, unique: true)
        if let role {
            let user = try #require(try UserStore(database: server.database, hasher: PasswordHasher()).user(username: account.username))
            try RoleStore(database: server.database).grant(role, to: user, now: 1_796_097_600)
        }
        return account
    }

    /// Six app ids of 热榜 (imported apps).
    static func appIDs() throws -> [Int64] {
        try Self.server.get().get("/api/v1/appdeals/apps?tab=hot&limit=6").decode(DealAppPage.self).items.map(\.id)
    }

    static func body(_ input: DealTopicInput) throws -> String {
        String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
    }

    @Test func onlyAdminsWriteAndEveryLimitNamesItsField() throws {
        let server = try Self.server.get()
        let ids = try Self.appIDs()
        let good = DealTopicInput(title: "编辑精选", titleEn: "Editor's choice", summary: "四个好应用。", appIds: Array(ids.prefix(4)))
        #expect(try server.send("POST", "/api/v1/appdeals/topics", json: try Self.body(good)).status == 401)
        let member = try Self.account("topic_member", role: nil)
        #expect(try server.send("POST", "/api/v1/appdeals/topics", json: try Self.body(good), token: member.token).status == 403)
        let moderator = try Self.account("topic_moderator", role: .moderator)
        #expect(try server.send("POST", "/api/v1/appdeals/topics", json: try Self.body(good), token: moderator.token).status == 403)
        #expect(try server.request("DELETE", "/api/v1/appdeals/topics/1", token: member.token).status == 403)

        let admin = try Self.account("topic_admin", role: .admin)
        func refused(_ input: DealTopicInput, field: String, saying text: String) throws {
            let reply = try server.send("POST", "/api/v1/appdeals/topics", json: try Self.body(input), token: admin.token,
                                        headers: ["Accept-Language": "en"])
            #expect(reply.status == 422 && reply.text.contains(#""field":"\#(field)""#) && reply.text.contains(text), "\(reply.text)")
        }
        var three = good
        three.appIds = Array(ids.prefix(3)) + [ids[0]]  // a repeated id is one app
        try refused(three, field: "appIds", saying: "4–50 distinct apps (it has 3)")
        var unknown = good
        unknown.appIds = Array(ids.prefix(3)) + [12]
        try refused(unknown, field: "appIds", saying: "12")
        var many = good
        many.appIds = try server.get("/api/v1/appdeals/apps?tab=hot&limit=51").decode(DealAppPage.self).items.map(\.id)
        try refused(many, field: "appIds", saying: "(it has 51)")
        var long = good
        long.title = String(repeating: "长", count: 61)
        try refused(long, field: "title", saying: "1–60")
        var blank = good
        blank.titleEn = "   "
        try refused(blank, field: "titleEn", saying: "1–60")
        var position = good
        position.position = 10_001
        try refused(position, field: "position", saying: "0–10000")
        for malformed in [#"{"title":"#, "[]", #"{"title":"a","titleEn":"b","summary":"c","appIds":"1,2,3,4"}"#] {
            #expect(try server.send("POST", "/api/v1/appdeals/topics", json: malformed, token: admin.token).status == 400, "\(malformed)")
        }
        // Generated topics are not an editor's: nothing to replace or delete.
        #expect(try server.send("PUT", "/api/v1/appdeals/topics/limited-games", json: try Self.body(good), token: admin.token).status == 404)
        #expect(try server.send("PUT", "/api/v1/appdeals/topics/999", json: try Self.body(good), token: admin.token).status == 404)
        #expect(try server.request("DELETE", "/api/v1/appdeals/topics/999", token: admin.token).status == 404)
        #expect(try server.get("/api/v1/appdeals/topics").decode(DealTopicList.self).items.allSatisfy { !$0.editorial })
    }

    @Test func anAdminCreatesOrdersCoversEditsAndDeletesATopic() throws {
        let server = try Self.server.get()
        let admin = try Self.account("topic_editor", role: .admin)
        let ids = try Self.appIDs()
        let first = DealTopicInput(title: "编辑精选", titleEn: "Editor's choice", summary: "四个好应用。", summaryEn: "Four good apps.",
                                   appIds: [ids[3], ids[0], ids[2], ids[1]])
        let created = try server.send("POST", "/api/v1/appdeals/topics", json: try Self.body(first), token: admin.token)
        #expect(created.status == 201, "\(created.text)")
        let topic = try created.decode(DealTopic.self)
        #expect(topic.editorial && topic.title == "编辑精选" && topic.titleEn == "Editor's choice" && topic.position == 100)
        #expect(topic.apps.map(\.id) == [ids[3], ids[0], ids[2], ids[1]] && topic.appCount == 4 && topic.coverUrl == nil)
        let second = DealTopicInput(title: "置顶专题", titleEn: "Pinned", summary: "排在最前。", appIds: Array(ids.suffix(4)), position: 5)
        let pinned = try server.send("POST", "/api/v1/appdeals/topics", json: try Self.body(second), token: admin.token).decode(DealTopic.self)

        // Editors' topics first, by position, then the generated ones.
        var list = try server.get("/api/v1/appdeals/topics").decode(DealTopicList.self).items
        #expect(list.prefix(2).map(\.id) == [pinned.id, topic.id] && list.dropFirst(2).allSatisfy { !$0.editorial } && list.count > 2)
        #expect(list[1].apps.count == 4 && list[1].summaryEn == "Four good apps." && list[0].summaryEn == "排在最前。")

        // The cover: EXIF orientation 6 (1800 × 1200 pixels stored, shown 1200 × 1800) comes out with upright pixels and
        // no orientation tag, a JPEG of at most 1200 px.
        let photo = try Data(contentsOf: SharedDataSet.photos.url("orientation/Portrait_6.jpg"))
        let stored = try Imaging.probe([UInt8](photo))
        #expect(stored.orientation == 6 && stored.width == 1_200 && stored.height == 1_800)
        let upload = try server.upload("/api/v1/appdeals/topics/\(topic.id)/cover", method: "PUT",
                                       files: [MultipartFile(field: "cover", filename: "p.jpg", contentType: "image/jpeg", bytes: [UInt8](photo))],
                                       token: admin.token)
        #expect(upload.status == 200, "\(upload.text)")
        let cover = try #require(try upload.decode(DealTopic.self).coverUrl)
        #expect(cover.hasPrefix("/media/appdeals/topics/\(topic.id)-") && cover.hasSuffix(".jpg"))
        let image = try server.get(cover)
        #expect(image.status == 200)
        let served = try Imaging.probe(image.body)
        #expect(served.format == .jpeg && served.width == 800 && served.height == 1_200 && served.orientation == 1)
        #expect(served.camera == nil)
        for (name, bytes) in [("notes.txt", Array("not a picture".utf8)), ("cut.jpg", Array([UInt8](photo).prefix(400)))] {
            let bad = try server.upload("/api/v1/appdeals/topics/\(topic.id)/cover", method: "PUT",
                                        files: [MultipartFile(field: "cover", filename: name, bytes: bytes)], token: admin.token)
            #expect(bad.status == 422 && bad.text.contains(#""field":"cover""#), "\(name): \(bad.text)")
        }
        let missing = try server.upload("/api/v1/appdeals/topics/\(topic.id)/cover", method: "PUT",
                                        files: [MultipartFile(field: "picture", filename: "p.jpg", bytes: [UInt8](photo))], token: admin.token)
        #expect(missing.status == 422)
        #expect(try server.get(cover).status == 200, "a refused upload keeps the cover")

        // Edit: new texts, apps and place; the cover stays.
        var edited = first
        edited.title = "编辑精选（更新）"
        edited.appIds = Array(ids.prefix(5))
        edited.position = 1
        let put = try server.send("PUT", "/api/v1/appdeals/topics/\(topic.id)", json: try Self.body(edited), token: admin.token)
        #expect(put.status == 200, "\(put.text)")
        let updated = try put.decode(DealTopic.self)
        #expect(updated.title == "编辑精选（更新）" && updated.appCount == 5 && updated.coverUrl == cover)
        list = try server.get("/api/v1/appdeals/topics").decode(DealTopicList.self).items
        #expect(list.prefix(2).map(\.id) == [topic.id, pinned.id])

        // The pages: the 专题 tab lists it with its cover and label, in both languages.
        let zh = try server.get("/appdeals/topics", headers: ["Cookie": "lang=zh"]).text
        #expect(zh.contains("编辑精选（更新）") && zh.contains("编辑推荐") && zh.contains(#"src="\#(cover)""#))
        let en = try server.get("/appdeals/topics/\(topic.id)", headers: ["Cookie": "lang=en"]).text
        #expect(en.contains("Editor&#39;s choice") || en.contains("Editor's choice"))
        #expect(en.contains("Four good apps.") && en.contains("Editor&#39;s pick") || en.contains("Editor's pick"))

        // Every change is in the audit log under the admin's name.
        let audit = try RoleStore(database: server.database).auditLog(before: nil, limit: 100)
            .filter { $0.action == "curate" && $0.target == "appdeals topic \(topic.id)" }
        let actions: [String] = audit.reversed().map { entry in String(entry.detail.split(separator: " ").first ?? "") }
        #expect(actions == ["created:", "cover", "edited:"])
        #expect(audit.allSatisfy { $0.actorName == admin.username })

        #expect(try server.request("DELETE", "/api/v1/appdeals/topics/\(topic.id)", token: admin.token).status == 204)
        #expect(try server.get("/api/v1/appdeals/topics/\(topic.id)").status == 404)
        #expect(try server.get(cover).status == 404, "the cover file goes with the topic")
        #expect(try server.request("DELETE", "/api/v1/appdeals/topics/\(pinned.id)", token: admin.token).status == 204)
    }

    @Test func anEditorsRightToLeftOverrideStaysInItsText() throws {
        let server = try Self.server.get()
        let admin = try Self.account("topic_bidi", role: .admin)
        let input = DealTopicInput(title: "双向", titleEn: "Bidi", summary: "摘要\u{202E}gnp.exe", appIds: Array(try Self.appIDs().prefix(4)))
        #expect(try server.send("POST", "/api/v1/appdeals/topics", json: try Self.body(input), token: admin.token).status == 201)
        let page = try server.get("/appdeals/topics", headers: ["Cookie": "lang=zh"])
        #expect(page.text.contains("<bdi>摘要\u{202E}gnp.exe</bdi> · 4 个应用"), "\(page.text)")
    }

    @Test func theEditorPageSearchesTicksAndSaves() throws {
        let server = try Self.server.get()
        let member = try Self.account("topic_page_member", role: nil)
        #expect(try server.get("/appdeals/topics/new/edit", headers: ["Cookie": member.cookie]).status == 403)
        #expect(!(try server.get("/appdeals/topics", headers: ["Cookie": member.cookie + "; lang=zh"]).text.contains("新建专题")))

        let admin = try Self.account("topic_page_admin", role: .admin)
        let cookie = ["Cookie": admin.cookie + "; lang=zh"]
        let list = try server.get("/appdeals/topics", headers: cookie).text
        #expect(list.contains(#"href="/appdeals/topics/new/edit""#))
        let form = try server.get("/appdeals/topics/new/edit", headers: cookie).text
        let csrf = try #require(TestServer.csrfToken(in: form))
        let fields: [(String, String)] = [("csrf_token", csrf), ("title", "周末玩什么"), ("titleEn", "Weekend games"), ("summary", "四款游戏。")]
        // 搜索 keeps what was typed and offers the matches as boxes to tick.
        let search = try server.postForm("/appdeals/topics/new/edit", fields + [("q", "facebook"), ("action", "search")], headers: cookie)
        #expect(search.status == 200 && search.text.contains(#"value="周末玩什么""#))
        #expect(search.text.contains(#"type="checkbox" name="app" value=""#))
        // Fewer than four apps: the page says so and keeps the ticked ones.
        let ids = try Self.appIDs()
        let short = try server.postForm("/appdeals/topics/new/edit", fields + ids.prefix(2).map { ("app", String($0)) } + [("action", "save")],
                                        headers: cookie)
        #expect(short.status == 422 && short.text.contains("专题需要 4–50 个不同的应用（现在 2 个）"))
        #expect(short.text.contains(#"name="app" value="\#(ids[0])" checked"#))
        let saved = try server.postForm("/appdeals/topics/new/edit", fields + ids.prefix(4).map { ("app", String($0)) } + [("action", "save")],
                                        headers: cookie)
        #expect(saved.status == 303)
        let location = try #require(saved.headers["location"])
        let page = try server.get(location, headers: cookie).text
        #expect(page.contains("周末玩什么") && page.contains("编辑专题"))
        let id = try #require(location.split(separator: "/").last.map(String.init))
        #expect(try server.postForm("/appdeals/topics/\(id)/delete", [("csrf_token", csrf)], headers: cookie).status == 303)
        #expect(try server.get(location).status == 404)
    }
}

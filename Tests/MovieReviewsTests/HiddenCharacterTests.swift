import AppSuiteTesting
import Community
import Foundation
import Identity
import Notifications
import Storage
import Testing
import WebUI

/// Issue 8 item 6: comments, replies and edits refuse NUL, bidi overrides and zero-width characters (the exact
/// inputs of the break-it pass), over the store, the API and the page form, and nothing is stored.
@Suite struct HiddenCharacterTests {
    static let inputs: [(text: String, kind: UserText.Refusal.Kind, codePoint: String)] = [
        ("看完了\u{0}真好", .control, "U+0000"),
        ("好评\u{202E}差评", .bidiControl, "U+202E"),
        ("\u{2066}隔离\u{2069}", .bidiControl, "U+2066"),
        ("真\u{200B}好看", .invisible, "U+200B"),
        ("\u{FEFF}开头", .invisible, "U+FEFF"),
    ]

    @Test func storeRefusesThemInCommentsRepliesAndEdits() throws {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, IdentitySchema.migrations() + RoleSchema.migrations() + NotificationSchema.migrations()
                                 + CommunitySchema.migrations() + ModerationSchema.migrations())
        let store = CommentStore(database: database)
        let subject = Subject(app: "movies", item: "7885559")
        let root = try store.post(subject, author: .user(id: 1, name: "甲"), text: "第一行\n第二行\r\n\t缩进")
        #expect(root.text == "第一行\n第二行\r\n\t缩进")
        for input in Self.inputs {
            let refusal = try #require(UserText.refusal(input.text, lines: .multiple))
            #expect(refusal.kind == input.kind)
            #expect(throws: CommentError.invalidCharacters(refusal)) { try store.post(subject, author: .anonymous(device: "d"), text: input.text) }
            #expect(throws: CommentError.invalidCharacters(refusal)) {
                try store.post(subject, author: .user(id: 2, name: "乙"), text: input.text, parentID: root.id)
            }
            #expect(throws: CommentError.invalidCharacters(refusal)) { try store.edit(root.id, userID: 1, text: input.text) }
        }
        #expect(try store.count(subject) == 1)
        #expect(try store.comment(root.id)?.text == "第一行\n第二行\r\n\t缩进")
    }

    @Test(.requires(.movies)) func apiAndPageSayWhatIsRefusedAndWhyInBothLanguages() throws {
        let server = try TestServer.shared(importing: .movies)
        let token = try server.register("mvhidden", unique: true).token
        let path = "/api/v1/movies/reviews/7885559/comments"
        let kept = try server.send("POST", path, json: #"{"text":"可以改的评论"}"#, token: token).json()
        let keptID = try #require(kept["id"] as? Int)
        for input in Self.inputs {
            let body = #"{"text":\#(JSON.string(input.text))}"#
            let zh = try server.send("POST", path, json: body, token: token)
            #expect(zh.status == 422)
            #expect(zh.headers["content-type"]?.hasPrefix("application/problem+json") == true)
            let zhDetail = try #require(try zh.json()["detail"] as? String)
            #expect(zhDetail.contains(input.codePoint) && zhDetail.contains("请删除后再试"), "\(zhDetail)")
            let en = try server.send("POST", path, json: body, token: token, headers: ["Accept-Language": "en"])
            let enDetail = try #require(try en.json()["detail"] as? String)
            #expect(enDetail.contains("(\(input.codePoint))") && enDetail.hasSuffix("remove it and try again."), "\(enDetail)")
            let edit = try server.send("PATCH", "/api/v1/comments/\(keptID)", json: body, token: token, headers: ["Accept-Language": "en"])
            #expect(edit.status == 422)
            #expect(try edit.json()["detail"] as? String == enDetail)

            // The page form (bearer requests need no CSRF token) answers 422 with the message next to the field.
            let form = "text=" + input.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let page = try server.request("POST", "/movies/reviews/7885559/comments",
                                          headers: ["Authorization": "Bearer " + token, "Content-Type": "application/x-www-form-urlencoded"],
                                          body: Array(form.utf8))
            #expect(page.status == 422)
            #expect(page.text.contains("（\(input.codePoint)）"))
        }
        let listed = try server.get(path + "?limit=100").json()
        let texts = (listed["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(!texts.contains { text in Self.inputs.contains { $0.text == text } })
        #expect(texts.contains("可以改的评论"))
    }
}

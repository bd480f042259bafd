import AppSuiteTesting
import Foundation
import Testing

/// Issue 11: a comment the spam check holds is not lost from its author's view. The API answers 202 with `held`, the
/// form's toast and the comments page say "你的评论正在等待审核" (in English too), and no one else sees it.
@Suite(.requires(.movies)) struct AwaitingReviewTests {
    let server: TestServer
    let review = "7885559"

    init() throws { server = try TestServer.shared(importing: .movies) }

    var commentsPage: String { "/movies/reviews/\(review)/comments" }
    var commentsAPI: String { "/api/v1/movies/reviews/\(review)/comments" }

    @Test func theAPIAnswers202WithHeldAndTheAuthorsPageSaysItWaits() throws {
        let newcomer = try server.register("mvheld", unique: true)
        let reader = try server.register("mvreader", unique: true)
        // A new account's first comment with a link is held.
        let text = "配乐是托马斯·纽曼，见 https://zh.wikipedia.org/wiki/托马斯·纽曼"
        let before = try server.get(commentsAPI).json()["total"] as? Int
        let posted = try server.send("POST", commentsAPI, json: #"{"text":\#(JSON.string(text))}"#, token: newcomer.token)
        #expect(posted.status == 202, "\(posted.text.prefix(300))")
        let body = try posted.json()
        #expect(body["held"] as? Bool == true && body["deleted"] as? Bool == true && body["text"] as? String == text)
        #expect(try server.get(commentsAPI).json()["total"] as? Int == before)

        // The same account's link flood through the page's form (a cookie session and its CSRF token).
        let cookie = ["Cookie": newcomer.cookie]
        let compose = try server.get("/movies/reviews/\(review)/compose", headers: cookie)
        let csrf = try #require(TestServer.csrfToken(in: compose.text))
        let flood = "看片 http://a.example https://b.example www.c.example"
        let form = try server.postForm(commentsPage, [("csrf_token", csrf), ("text", flood)], headers: cookie)
        #expect(form.status == 303, "\(form.text.prefix(300))")
        #expect(form.headers["location"] == commentsPage + "#awaiting-review")
        let flash = try #require(form.setCookies.first { $0.value.hasPrefix("info%7C") }?.value.removingPercentEncoding)
        #expect(flash == "info|你的评论正在等待审核，通过后才会显示。")

        let mine = try server.get(commentsPage, headers: cookie).text
        #expect(mine.contains(#"id="awaiting-review""#) && mine.contains("你的评论正在等待审核"))
        #expect(mine.contains(flood) && mine.contains("配乐是托马斯·纽曼"))
        let english = try server.get(commentsPage, headers: ["Cookie": newcomer.cookie, "Accept-Language": "en"]).text
        #expect(english.contains("Your comment is awaiting review") && !english.contains("你的评论正在等待审核"))
        for page in [try server.get(commentsPage, token: reader.token).text, try server.get(commentsPage).text] {
            #expect(!page.contains("awaiting-review") && !page.contains(flood) && !page.contains("配乐是托马斯·纽曼"))
        }
    }

    @Test func anAnonymousDevicesHeldCommentShowsOnlyToThatDevice() throws {
        let device = "cdev=" + String(repeating: "5a", count: 16)
        let flood = "匿名刷屏 http://x.example https://y.example www.z.example"
        let posted = try server.send("POST", commentsAPI, json: #"{"text":\#(JSON.string(flood))}"#, headers: ["Cookie": device])
        #expect(posted.status == 202, "\(posted.text.prefix(300))")
        let mine = try server.get(commentsPage, headers: ["Cookie": device]).text
        #expect(mine.contains("你的评论正在等待审核") && mine.contains(flood))
        let other = try server.get(commentsPage, headers: ["Cookie": "cdev=" + String(repeating: "6b", count: 16)]).text
        #expect(!other.contains(flood) && !other.contains("awaiting-review"))
    }
}

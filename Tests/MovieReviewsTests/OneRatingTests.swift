import AppHost
import AppSuiteTesting
import Foundation
import Testing

/// Issue 30: "A 4★ 短评 was silently overwritten to 5★ by publishing a review." One rating per reader and film, the
/// latest one counts (as on Douban) on the mark, the 短评 and the reviews alike; the API answer (`replacedRating`) and
/// the screen (the editor before, the toast after) say which one counts when a second is given.
@Suite(.serialized, .requires(.movies)) struct OneRatingTests {
    static let built = Result { () throws -> TestServer in try TestServer(transport: .inProcess, importing: [.movies]) }
    var server: TestServer { get throws { try Self.built.get() } }

    static func body(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// 飞驰人生 (30163509): a 4★ 短评, then a 5★ review.
    @Test func aReviewsStarsReplaceTheShortCommentsAndTheAnswerSaysSo() throws {
        let server = try server
        let kim = try server.register("mvkim", unique: true)
        let film = "/api/v1/movies/films/30163509"
        let marked = try server.send("PUT", film + "/mark", json: Self.body(["status": "seen", "rating": 4, "comment": "沈腾好笑"]), token: kim.token)
        #expect(marked.status == 200)
        #expect(try marked.json()["replacedRating"] == nil)  // the first rating replaces nothing
        let published = try server.send("POST", film + "/reviews", json: Self.body(["title": "飞驰", "body": "比赛那段很燃。", "rating": 5, "spoiler": false]),
                                        token: kim.token)
        #expect(published.status == 201, "\(published.text.prefix(300))")
        let review = try published.json()
        #expect(review["rating"] as? Int == 5 && review["replacedRating"] as? Int == 4)
        // The latest counts everywhere: the mark, the 短评 and the local rating (one reader, 5★ = 10.0).
        let detail = try server.get(film + "?sort=new&limit=5", token: kim.token).json()
        let mark = try #require(detail["myMark"] as? [String: Any])
        #expect(mark["rating"] as? Int == 5)
        #expect((mark["comment"] as? [String: Any])?["rating"] as? Int == 5)
        #expect(detail["localRating"] as? Double == 10.0 && detail["localRatingCount"] as? Int == 1)
        // Stars given again with the 短评 replace the review's: the answer says 5 was replaced; the review shows 3.
        let again = try server.send("PUT", film + "/mark", json: Self.body(["status": "seen", "rating": 3, "comment": "沈腾好笑"]), token: kim.token)
        #expect(try again.json()["replacedRating"] as? Int == 5)
        let id = try #require(review["id"] as? Int)
        #expect(try server.get("/api/v1/movies/reviews/\(id)").json()["rating"] as? Int == 3)
        // The same stars again replace nothing.
        let same = try server.send("PUT", film + "/mark", json: Self.body(["status": "seen", "rating": 3, "comment": "沈腾好笑"]), token: kim.token)
        #expect(try same.json()["replacedRating"] == nil)
        // Editing the review's stars is the latest rating too.
        let edited = try server.send("PUT", "/api/v1/movies/reviews/\(id)", json: Self.body(["title": "飞驰", "body": "比赛那段很燃。", "rating": 4, "spoiler": false]),
                                     token: kim.token)
        #expect(try edited.json()["replacedRating"] as? Int == 3)
        #expect((try server.get(film, token: kim.token).json()["myMark"] as? [String: Any])?["rating"] as? Int == 4)
    }

    /// The same on the pages: the editor says a rating exists and which one will count; the toast says it changed.
    @Test func thePagesSayWhichRatingCounts() throws {
        let server = try server
        let lee = try server.register("mvlee", unique: true)
        let cookie = ["Cookie": lee.cookie]
        let page = try server.get("/movies/films/30163509", headers: cookie)
        let csrf = try #require(TestServer.csrfToken(in: page.text))
        let marked = try server.postForm("/movies/films/30163509/mark", [("csrf_token", csrf), ("status", "seen"), ("rating", "4"),
                                                                          ("comment", "沈腾好笑")], headers: cookie)
        #expect(marked.status == 303)
        let editor = try server.get("/movies/films/30163509/write", headers: cookie)
        #expect(editor.text.contains("你已给这部电影评了 4 星。这里选的星级会成为你唯一的评分（以最新一次为准）"))
        let english = try server.get("/movies/films/30163509/write?lang=en", headers: cookie)
        #expect(english.text.contains("You rated this film 4 stars. Stars chosen here become your one rating of it (the latest counts)"))
        let published = try server.postForm("/movies/films/30163509/write", [("csrf_token", csrf), ("title", "飞驰"), ("body", "比赛那段很燃。"),
                                                                              ("rating", "5"), ("action", "publish")], headers: cookie)
        #expect(published.status == 303)
        let flash = try #require(published.setCookies.first { $0.value.hasPrefix("success%7C") }?.value.removingPercentEncoding)
        #expect(flash == "success|影评已发布 你对这部电影的评分改为 5 星（原来是 4 星）：每人每部电影只有一个评分，以最新一次为准，短评和影评的星级也随之更新。")
        // The film page's own 短评 now shows the 5 stars.
        let film = try server.get("/api/v1/movies/films/30163509", token: lee.token).json()
        #expect(((film["myMark"] as? [String: Any])?["comment"] as? [String: Any])?["rating"] as? Int == 5)
    }
}

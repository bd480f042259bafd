import AppSuiteTesting
import Foundation
import Testing

@Suite(.requires(.movies)) struct MovieAPITests {
    let server: TestServer

    init() throws { server = try TestServer.shared(importing: .movies) }

    @Test func feedPagesToTheEndWithoutDuplicatesFeaturedFirst() throws {
        var cursor: String?
        var ids: [Int] = []
        var featured: [Bool] = []
        repeat {
            let reply = try server.get("/api/v1/movies/reviews?limit=20" + (cursor.map { "&cursor=" + $0 } ?? ""))
            #expect(reply.status == 200)
            let object = try reply.json()
            let items = try #require(object["items"] as? [[String: Any]])
            #expect(items.count <= 20)
            ids += items.compactMap { $0["id"] as? Int }
            featured += items.compactMap { $0["featured"] as? Bool }
            cursor = object["nextCursor"] as? String
        } while cursor != nil
        #expect(ids.count == 302)
        #expect(Set(ids).count == 302)
        #expect(featured.prefix(3) == [true, true, true])
        #expect(!featured.dropFirst(3).contains(true))
    }

    @Test func theLongestReviewComesBackWholeAndItsPageRenders() throws {
        let source = try #require(try SharedData.rows("reviews.csv").first { $0["review_id"] == "7883050" })
        let reply = try server.get("/api/v1/movies/reviews/7883050")
        #expect(reply.status == 200)
        let object = try reply.json()
        #expect(object["body"] as? String == source["body"])
        #expect(object["title"] as? String == source["title"])
        let page = try server.get("/movies/reviews/7883050")
        #expect(page.status == 200)
        #expect(page.body.count > 70_000)
        let firstParagraph = try #require(source["body"]?.split(separator: "\n").first.map(String.init))
        let escaped = firstParagraph.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        #expect(page.text.contains(escaped))
        #expect(page.text.contains("北京时间"))
    }

    @Test func htmlLookingReviewTitleIsEscapedOnThePage() throws {
        let reviews = try SharedData.rows("reviews.csv")
        let review = try #require(reviews.first { $0["review_id"] == "7886795" })
        let title = try #require(review["title"])
        #expect(title.contains("<百年朝凤>"))
        let page = try server.get("/movies/reviews/7886795")
        #expect(page.text.contains("&lt;百年朝凤&gt;"))
        #expect(!page.text.contains("<百年朝凤>"))
    }

    @Test func filmSearchAndShortCommentsPagedBothOrders() throws {
        let search = try server.get("/api/v1/movies/films?query=" + "惊奇队长".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).json()
        let items = try #require(search["items"] as? [[String: Any]])
        #expect(items.first?["id"] as? String == "26213252")
        // Case-insensitive on every backend (TextSearch: lower(col) LIKE the folded term, not SQLite's ASCII-folding
        // LIKE); every word somewhere: in any order, across title and directors.
        for query in ["green book", "GREEN BOOK", "Green", "book green", "法雷里 绿皮"] {
            let found = try server.get("/api/v1/movies/films?query=" + query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).json()
            let titles = try #require(found["items"] as? [[String: Any]]).compactMap { $0["originalTitle"] as? String }
            #expect(titles.contains("Green Book"), "\(query): \(titles)")
        }
        let listed = try SharedData.rows("comments.csv").filter {
            $0["movie_id"] == "26213252" && ($0["duplicate_of"] ?? "").isEmpty && $0["is_spam"] != "1"
        }
        for sort in ["hot", "new"] {
            var cursor: String?
            var seen: [String] = []
            var total = 0
            var votes: [Int] = []
            repeat {
                let reply = try server.get("/api/v1/movies/films/26213252?sort=\(sort)&limit=50" + (cursor.map { "&cursor=" + $0 } ?? ""))
                #expect(reply.status == 200)
                let comments = try #require(try reply.json()["comments"] as? [String: Any])
                total = comments["total"] as? Int ?? -1
                let page = try #require(comments["items"] as? [[String: Any]])
                seen += page.compactMap { $0["id"] as? String }
                votes += page.map { $0["votes"] as? Int ?? 0 }
                cursor = comments["nextCursor"] as? String
            } while cursor != nil
            #expect(seen.count == listed.count, "\(sort)")
            #expect(Set(seen).count == seen.count, "\(sort)")
            #expect(total == listed.count)
            if sort == "hot" { #expect(votes == votes.sorted(by: >)) }
        }
        #expect(try server.get("/movies/films/26213252?sort=new").status == 200)
        #expect(try server.get("/api/v1/movies/films/nope").status == 404)
        #expect(try server.get("/api/v1/movies/reviews?cursor=abc").status == 400)
    }

    @Test func anonymousMayCommentButReplyAndFavouriteNeedLogin() throws {
        let path = "/api/v1/movies/reviews/7885559/comments"
        let posted = try server.send("POST", path, json: #"{"text":"匿名说一句：唢呐声里的告别"}"#, headers: ["Cookie": "cdev=" + String(repeating: "a1", count: 16)])
        #expect(posted.status == 201)
        let comment = try posted.json()
        let id = try #require(comment["id"] as? Int)
        #expect((comment["author"] as? [String: Any])?["anonymous"] as? Bool == true)

        let reply = try server.send("POST", path, json: #"{"text":"回复一下","parentId":\#(id)}"#)
        #expect(reply.status == 401)
        #expect(try server.send("PUT", "/api/v1/favorites/movies/7885559", json: "{}").status == 401)
        #expect(try server.send("PUT", "/api/v1/shares/movies/7885559", json: "{}").status == 401)
        #expect(try server.get("/api/v1/favorites").status == 401)

        let token = try server.register("mvreply", unique: true).token
        let ok = try server.send("POST", path, json: #"{"text":"同意，结尾很动人","parentId":\#(id)}"#, token: token)
        #expect(ok.status == 201)
        let first = try ok.json()
        #expect(first["rootId"] as? Int == id)
        #expect(first["replyTo"] is NSNull)
        // A reply to the reply is stored under the same root and says whom it answers.
        let deeper = try server.send("POST", path, json: #"{"text":"再回复一层","parentId":\#(first["id"] as? Int ?? 0)}"#, token: token)
        #expect(deeper.status == 201)
        let second = try deeper.json()
        #expect(second["rootId"] as? Int == id)
        #expect(second["replyTo"] as? String != nil)

        #expect(try server.send("PUT", "/api/v1/favorites/movies/7885559", json: "{}", token: token).status == 200)
        #expect(try server.send("PUT", "/api/v1/favorites/movies/7885559", json: "{}", token: token).status == 200)
        #expect(try server.get("/api/v1/movies/reviews/7885559", token: token).json()["favorite"] as? Bool == true)
        #expect(try server.get("/api/v1/movies/reviews/7885559").json()["favorite"] is NSNull)
        #expect(try server.send("PUT", "/api/v1/favorites/movies/999", json: "{}", token: token).status == 404)
        let favourites = try server.get("/api/v1/favorites", token: token).json()
        let list = try #require(favourites["items"] as? [[String: Any]])
        #expect(list.count == 1)
        #expect(list.first?["url"] as? String == "/movies/reviews/7885559")
        #expect(try server.send("DELETE", "/api/v1/favorites/movies/7885559", json: "", token: token).status == 204)
        #expect((try server.get("/api/v1/favorites", token: token).json()["items"] as? [Any])?.isEmpty == true)

        let share = try server.send("PUT", "/api/v1/shares/movies/7885559", json: "{}", token: token).json()
        let url = try #require(share["url"] as? String)
        let again = try server.send("PUT", "/api/v1/shares/movies/7885559", json: "{}", token: token).json()
        #expect(again["url"] as? String == url)
        let og = try server.get(url)
        #expect(og.status == 200)
        #expect(og.text.contains(#"property="og:title""#))
        #expect(og.text.contains("/movies/reviews/7885559"))

        let listed = try server.get(path).json()
        let top = try #require((listed["items"] as? [[String: Any]])?.first { $0["id"] as? Int == id })
        #expect((top["replies"] as? [Any])?.count == 2)
        #expect(top["replyCount"] as? Int == 2)
        let replies = try server.get("/api/v1/comments/\(id)/replies?limit=1").json()
        #expect((replies["items"] as? [Any])?.count == 1)
        let rest = try #require(replies["nextCursor"] as? String)
        let second2 = try server.get("/api/v1/comments/\(id)/replies?limit=1&cursor=" + rest).json()
        #expect(((second2["items"] as? [[String: Any]])?.first?["id"] as? Int) == second["id"] as? Int)
        #expect(second2["nextCursor"] is NSNull)
    }

    @Test func pagesSendLoggedOutVisitorsToLoginAndBack() throws {
        let compose = try server.get("/movies/reviews/7885559/compose?parent=1")
        #expect(compose.status == 303)
        #expect(compose.headers["location"]?.hasPrefix("/login?next=") == true)
        #expect(compose.headers["location"]?.contains("compose") == true)
        let share = try server.get("/share/movies/7885559")
        #expect(share.status == 303)
        #expect(share.headers["location"]?.hasPrefix("/login?next=") == true)
        let review = try server.get("/movies/reviews/7885559")
        #expect(review.text.contains(#"href="/login?next=%2Fmovies%2Freviews%2F7885559""#))
        // The app's own CSS/JS are served (AppAssets under /assets/apps/movies/, next to the platform's /assets/).
        #expect(try server.get("/assets/apps/movies/movies.css").status == 200)
        #expect(try server.get("/assets/apps/movies/movies.js").status == 200)
        let open = try server.get("/movies/reviews/7885559/compose")
        #expect(open.status == 200)
        #expect(open.text.contains("匿名用户"))
    }

    @Test func emojiAndHtmlLookingTextRoundTripAndAreEscaped() throws {
        let comments = try SharedData.rows("comments.csv")
        let emoji = try #require(comments.first { $0["comment_id"] == "c000185" }?["content"])
        let angle = try #require(comments.first { $0["comment_id"] == "c000898" }?["content"])
        let text = "<script>alert('x')</script> " + angle + " " + emoji
        let token = try server.register("mvemoji", unique: true).token
        let path = "/api/v1/movies/reviews/7887414/comments"
        let posted = try server.send("POST", path, json: #"{"text":\#(JSON.string(text))}"#, token: token)
        #expect(posted.status == 201)
        #expect(try posted.json()["text"] as? String == text)
        let listed = try server.get(path).json()
        #expect((listed["items"] as? [[String: Any]])?.contains { $0["text"] as? String == text } == true)
        let page = try server.get("/movies/reviews/7887414/comments")
        #expect(page.text.contains("&lt;script&gt;alert('x')&lt;/script&gt;"))
        #expect(!page.text.contains("<script>alert"))
        #expect(page.text.contains("想嫁&lt;3"))
        #expect(page.text.contains("✍🏼"))
    }

    @Test func editAndDeleteOwnCommentsOverTheAPIAndPages() throws {
        let owner = try server.register("mvowner", unique: true).token
        let other = try server.register("mvother", unique: true).token
        let reviewID = try #require((try server.get("/api/v1/movies/reviews?limit=1&cursor=10").json()["items"] as? [[String: Any]])?.first?["id"] as? Int)
        let comments = "/api/v1/movies/reviews/\(reviewID)/comments"
        let root = try server.send("POST", comments, json: #"{"text":"原来的评论"}"#, token: owner).json()
        let rootID = try #require(root["id"] as? Int)
        #expect(try server.send("POST", comments, json: #"{"text":"别人的回复","parentId":\#(rootID)}"#, token: other).status == 201)
        let before = try server.get(comments).json()["total"] as? Int
        #expect(try server.send("PATCH", "/api/v1/comments/\(rootID)", json: #"{"text":"改过了"}"#, token: other).status == 403)
        let edited = try server.send("PATCH", "/api/v1/comments/\(rootID)", json: #"{"text":"改过了"}"#, token: owner).json()
        #expect(edited["text"] as? String == "改过了")
        #expect(edited["edited"] as? Bool == true)
        #expect(try server.get("/movies/reviews/\(reviewID)/comments").text.contains("已编辑"))
        #expect(try server.send("DELETE", "/api/v1/comments/\(rootID)", json: "", token: owner).status == 204)
        let after = try server.get(comments).json()
        #expect(after["total"] as? Int == (before ?? 0) - 1)
        let placeholder = try #require((after["items"] as? [[String: Any]])?.first { $0["id"] as? Int == rootID })
        #expect(placeholder["deleted"] as? Bool == true)
        #expect(placeholder["text"] is NSNull)
        #expect((placeholder["replies"] as? [Any])?.count == 1)
        #expect(try server.get("/movies/reviews/\(reviewID)/comments").text.contains("该评论已删除"))
        #expect(try server.send("DELETE", "/api/v1/comments/\(rootID)", json: "", token: owner).status == 404)
    }

    @Test func longThreadsShowThreeRepliesAndLinkToTheRest() throws {
        let token = try server.register("mvthread", unique: true).token
        let comments = "/api/v1/movies/reviews/7891448/comments"
        #expect(try server.get(comments).status == 200)
        let root = try #require(try server.send("POST", comments, json: #"{"text":"楼主"}"#, token: token).json()["id"] as? Int)
        for index in 1...4 {
            #expect(try server.send("POST", comments, json: #"{"text":"第\#(index)条回复","parentId":\#(root)}"#, token: token).status == 201)
        }
        let page = try server.get("/movies/reviews/7891448/comments")
        #expect(page.text.contains("查看全部 4 条回复"))
        #expect(page.text.components(separatedBy: #"class="mv-reply""#).count - 1 == 3)
        let thread = try server.get("/movies/reviews/7891448/comments/\(root)")
        #expect(thread.status == 200)
        #expect(thread.text.components(separatedBy: #"class="mv-reply""#).count - 1 == 4)
        #expect(try server.get(comments).json()["total"] as? Int == 5)
    }
}

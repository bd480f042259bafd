import AppHost
import AppSuiteAPI
import AppSuiteTesting
import Foundation
import Testing

/// Following (issue 18 item 3): follow a user of this server on their profile (page form and API), the
/// counts and both lists, the feed's 关注的人 tab with the reviews and 短评 of those followed only, keyset
/// paged, and its honest empty states; oneself, no such user and signed out are refused.
@Suite(.serialized, .requires(.movies)) struct FollowTests {
    static let built = Result { () throws -> TestServer in try TestServer(transport: .inProcess, importing: [.movies]) }
    var server: TestServer { get throws { try Self.built.get() } }

    func id(_ account: TestAccount) throws -> Int64 {
        Int64(try #require(try server.get(APIPath.me, token: account.token).json()["id"] as? Int))
    }

    /// A 看过 mark with 5 stars and a 短评 over the API.
    func short(_ film: String, _ text: String, by account: TestAccount) throws {
        let body = try JSONSerialization.data(withJSONObject: ["status": "seen", "rating": 5, "comment": text])
        let reply = try server.send("PUT", "/api/v1/movies/films/\(film)/mark", json: String(decoding: body, as: UTF8.self), token: account.token)
        #expect(reply.status == 200, "\(reply.text)")
    }

    func followingFeed(_ account: TestAccount, cursor: String? = nil) throws -> MovieFollowingFeed {
        let reply = try server.get("/api/v1/movies/following" + (cursor.map { "?cursor=" + $0 } ?? ""), token: account.token)
        #expect(reply.status == 200, "\(reply.text)")
        return try reply.decode(MovieFollowingFeed.self)
    }

    @Test func followAUserAndReadTheirReviewsAndShortsInTheFollowingTab() throws {
        let server = try server
        let (ann, bob, cat) = (try server.register("fann", unique: true), try server.register("fbob", unique: true), try server.register("fcat", unique: true))
        let (bobID, annID) = (try id(bob), try id(ann))
        // Bob writes 21 短评 and a review; cat writes one 短评 (ann will not follow her).
        let films = try server.get("/api/v1/movies/films?limit=25").decode(MovieFilmPage.self).items.map(\.id)
        #expect(films.count == 25)
        for (index, film) in films.prefix(21).enumerated() {
            // A minute passes every ten: bob writes faster than the content limit (20 a minute) lets a person.
            if index % 10 == 9 { server.clock.advance(by: 61) }
            try short(film, "bob 的第 \(index + 1) 条短评", by: bob)
        }
        let review = try server.send("POST", "/api/v1/movies/films/\(films[0])/reviews", json: #"{"title":"bob 的影评","body":"第一段。","rating":4,"spoiler":false}"#, token: bob.token)
        #expect(review.status == 201, "\(review.text)")
        try short(films[22], "cat 的短评", by: cat)

        // Following nobody: the tab says so, the API is empty; signed out, the tab asks to sign in.
        let empty = try server.get("/movies?tab=following", headers: ["Cookie": ann.cookie])
        #expect(empty.status == 200 && empty.text.contains("你还没有关注任何人"))
        #expect(try followingFeed(ann).items.isEmpty)
        let signedOut = try server.get("/movies?tab=following")
        #expect(signedOut.status == 200 && signedOut.text.contains("登录后可以关注其他影迷") && signedOut.text.contains("/login?next="))
        #expect(try server.get("/movies?tab=following", headers: ["Cookie": ann.cookie, "Accept-Language": "en"]).text.contains("follow anyone yet"))

        // Ann follows bob with the form on his profile (CSRF): counts and the button change.
        let profile = try server.get("/movies/users/\(bobID)", headers: ["Cookie": ann.cookie])
        #expect(profile.text.contains("粉丝 0") && profile.text.contains(#"data-following="false""#))
        let csrf = try #require(TestServer.csrfToken(in: profile.text.components(separatedBy: "mv-follow-form").dropFirst().first.map { "<form " + $0 } ?? ""))
        let noToken = try server.postForm("/movies/users/\(bobID)/follow", [], headers: ["Cookie": ann.cookie])
        #expect(noToken.status == 403)
        let followed = try server.postForm("/movies/users/\(bobID)/follow", [("csrf_token", csrf)], headers: ["Cookie": ann.cookie])
        #expect(followed.status == 303)
        let after = try server.get("/movies/users/\(bobID)", headers: ["Cookie": ann.cookie])
        #expect(after.text.contains("粉丝 1") && after.text.contains(#"data-following="true""#) && after.text.contains("已关注"))
        #expect(try server.get("/movies/users/\(annID)", headers: ["Cookie": ann.cookie]).text.contains("关注 1"))
        #expect(!(try server.get("/movies/users/\(annID)", headers: ["Cookie": ann.cookie]).text.contains("mv-follow-form")), "no button on one's own")

        // Following again changes nothing; oneself, no such user and signed out are refused.
        let again = try server.send("PUT", "/api/v1/movies/users/\(bobID)/follow", json: "", token: ann.token)
        #expect(again.status == 200)
        #expect(try again.decode(MovieFollowState.self)
                == MovieFollowState(userId: bobID, followedByMe: true, following: 0, followers: 1))
        let selfFollow = try server.send("PUT", "/api/v1/movies/users/\(annID)/follow", json: "", token: ann.token)
        #expect(selfFollow.status == 422 && selfFollow.text.contains("user"))
        #expect(try server.send("PUT", "/api/v1/movies/users/999999999/follow", json: "", token: ann.token).status == 404)
        #expect(try server.send("PUT", "/api/v1/movies/users/\(bobID)/follow", json: "").status == 401)

        // 关注的人: bob's 22 cards, newest first, 20 then 2; never cat's.
        let first = try followingFeed(ann)
        #expect(first.items.count == 20 && first.nextCursor != nil)
        #expect(first.items.first?.kind == "review" && first.items.first?.review?.title == "bob 的影评")
        #expect(first.items.dropFirst().first?.shortComment?.text == "bob 的第 21 条短评")
        let second = try followingFeed(ann, cursor: first.nextCursor)
        #expect(second.items.map { $0.shortComment?.text } == ["bob 的第 2 条短评", "bob 的第 1 条短评"] && second.nextCursor == nil)
        #expect(!(first.items + second.items).contains { $0.shortComment?.text == "cat 的短评" })
        let tab = try server.get("/movies?tab=following", headers: ["Cookie": ann.cookie])
        #expect(tab.text.contains("bob 的影评") && tab.text.contains("bob 的第 21 条短评") && !tab.text.contains("cat 的短评"))
        #expect(tab.text.contains(#"data-more="following""#))
        #expect(try server.get("/api/v1/movies/following?cursor=nope", token: ann.token).status == 400)

        // Both lists, page and API.
        let followers = try server.get("/api/v1/movies/users/\(bobID)/followers").decode(MovieFollowPage.self)
        #expect(followers.items.map(\.userId) == [annID] && followers.items.first?.nickname == ann.username)
        let following = try server.get("/api/v1/movies/users/\(annID)/following").decode(MovieFollowPage.self)
        #expect(following.items.map(\.userId) == [bobID])
        let followersPage = try server.get("/movies/users/\(bobID)/followers").text
        #expect(followersPage.contains(ann.username))
        // The title is the nav bar's; the grouped list's header (drawn in capitals) would spell a nickname wrong.
        #expect(!followersPage.contains(#"class="list-header""#))
        #expect(try server.get("/movies/users/\(annID)/following", headers: ["Accept-Language": "en"]).text.contains("Followed by"))
        #expect(try server.get("/movies/users/\(bobID)/following").text.contains("还没有关注任何人"))

        // Unfollowing empties the tab again.
        let gone = try server.send("DELETE", "/api/v1/movies/users/\(bobID)/follow", json: "", token: ann.token)
        #expect(gone.status == 200 && gone.text.contains(#""followedByMe":false"#) && gone.text.contains(#""followers":0"#))
        #expect(try followingFeed(ann).items.isEmpty)
    }

    /// Follows and unfollows are limited like votes: 30 a minute per user, then 429 problem+json with
    /// `Retry-After` over the API and the message on the profile after the page's form (the reviewer made 2,000
    /// toggles in 3.3 s, all 200). The test clock stands still, so all of them fall in one window.
    @Test func followAndUnfollowAre30AMinuteThen429() throws {
        let server = try server
        let (dan, eve) = (try server.register("fdan", unique: true), try server.register("feve", unique: true))
        let eveID = try id(eve)
        var statuses: [Int] = []
        for index in 0..<30 {
            statuses.append(try server.send(index % 2 == 0 ? "PUT" : "DELETE", "/api/v1/movies/users/\(eveID)/follow", json: "", token: dan.token).status)
        }
        #expect(statuses == Array(repeating: 200, count: 30))
        let limited = try server.send("PUT", "/api/v1/movies/users/\(eveID)/follow", json: "", token: dan.token)
        #expect(limited.status == 429 && limited.headers["retry-after"] == "60")
        #expect(limited.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        #expect(limited.text.contains("关注和取消关注太频繁了"))
        #expect(try server.send("DELETE", "/api/v1/movies/users/\(eveID)/follow", json: "", token: dan.token).status == 429)
        #expect(try server.get("/api/v1/movies/users/\(eveID)/followers").decode(MovieFollowPage.self).items.isEmpty, "the refused follow changed nothing")

        // The page's form: back to the profile with the message shown, and still not following.
        let cookie = ["Cookie": dan.cookie]
        let profile = try server.get("/movies/users/\(eveID)", headers: cookie)
        let csrf = try #require(TestServer.csrfToken(in: profile.text.components(separatedBy: "mv-follow-form").dropFirst().first.map { "<form " + $0 } ?? ""))
        let form = try server.postForm("/movies/users/\(eveID)/follow", [("csrf_token", csrf)], headers: cookie)
        #expect(form.status == 303 && form.headers["location"] == "/movies/users/\(eveID)")
        let flash = try #require(form.setCookies.first { $0.value.hasPrefix("error%7C") })
        let shown = try server.get("/movies/users/\(eveID)", headers: ["Cookie": dan.cookie + "; \(flash.key)=\(flash.value)"]).text
        #expect(shown.contains("关注和取消关注太频繁了，请一分钟后再试。") && shown.contains(#"data-following="false""#))

        // A minute later the window is new.
        server.clock.advance(by: 61)
        #expect(try server.send("PUT", "/api/v1/movies/users/\(eveID)/follow", json: "", token: dan.token).status == 200)
    }

    /// A cursor the 关注的人 tab never gives is a 400 on the page and the API whether or not the reader follows
    /// anyone (it was 200 for a reader following nobody, who was never asked for the list).
    @Test func aGarbageFollowingCursorIs400EvenFollowingNobody() throws {
        let server = try server
        let fay = try server.register("ffay", unique: true)
        for cursor in ["nope", "1.2.3", "1.2.3.x", "..."] {
            #expect(try server.get("/api/v1/movies/following?cursor=" + cursor, token: fay.token).status == 400, "API \(cursor)")
            #expect(try server.get("/movies?tab=following&cursor=" + cursor, headers: ["Cookie": fay.cookie]).status == 400, "page \(cursor)")
            #expect(try server.get("/movies?tab=following&cursor=" + cursor).status == 400, "signed out \(cursor)")
        }
        #expect(try server.get("/api/v1/movies/following", token: fay.token).status == 200)
        #expect(try server.get("/movies?tab=following", headers: ["Cookie": fay.cookie]).status == 200)
    }

    /// A 关注 posted after the session ended (the profile still open) returns to that profile after signing
    /// in, not to /movies, with or without a `Referer`; the form's `next` is a same-site path only.
    @Test func aSignedOutFollowReturnsToTheProfileAfterSignIn() throws {
        let server = try server
        let gil = try server.register("fgil", unique: true)
        let hal = try server.register("fhal", unique: true)
        let halID = try id(hal)
        let profile = try server.get("/movies/users/\(halID)", headers: ["Cookie": gil.cookie]).text
        let form = try #require(profile.components(separatedBy: "mv-follow-form").dropFirst().first)
        let csrf = try #require(TestServer.csrfToken(in: "<form " + form))
        #expect(form.contains(#"name="next" value="/movies/users/\#(halID)""#))
        #expect(try server.send("POST", "/api/v1/auth/logout", json: "", token: gil.token).status == 204)

        let login = "/login?next=%2Fmovies%2Fusers%2F\(halID)"
        let tapped = try server.postForm("/movies/users/\(halID)/follow", [("csrf_token", csrf), ("next", "/movies/users/\(halID)")],
                                         headers: ["Cookie": gil.cookie])
        #expect(tapped.status == 303 && tapped.headers["location"] == login)
        // Never an open redirect: a `next` that is not a same-site path is ignored.
        for evil in ["//evil.example/x", "https://evil.example/", "/\\evil.example"] {
            let reply = try server.postForm("/movies/users/\(halID)/follow", [("csrf_token", csrf), ("next", evil)], headers: ["Cookie": gil.cookie])
            #expect(reply.headers["location"] == "/login?next=%2Fmovies", "\(evil)")
        }

        // Signing in on that login page lands on the profile, where 关注 is one tap away.
        let page = try server.get(login)
        let loginCSRF = try #require(TestServer.csrfToken(in: page.text))
        let preSession = try #require(page.setCookies.first.map { "\($0.key)=\($0.value)" })
        #expect(page.text.contains(#"name="next" value="/movies/users/\#(halID)""#))
        let signedIn = try server.postForm("/login", [("csrf_token", loginCSRF), ("next", "/movies/users/\(halID)"), ("username", gil.username),
                                                      ("password", gil.password)], headers: ["Cookie": preSession])
        #expect(signedIn.status == 303 && signedIn.headers["location"] == "/movies/users/\(halID)")
    }
}

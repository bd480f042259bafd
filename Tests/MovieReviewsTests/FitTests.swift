import AppSuiteAPI
import AppSuiteTesting
import Foundation
@testable import MovieReviews
import Testing

/// Issue 18 item 6: stars drawn from the 10-point score, no badge for zero comments, avatars uploaded in the
/// profile beside the user's comments.
@Suite(.requires(.movies)) struct FitTests {
    @Test func aTenPointScoreIsRoundedToHalfStars() {
        #expect(MoviePages.halfStars(8.9) == 9)
        #expect(MoviePages.halfStars(8.4) == 8)
        #expect(MoviePages.halfStars(8.5) == 9)
        #expect(MoviePages.halfStars(6.8) == 7)
        #expect(MoviePages.halfStars(0) == 0)
        #expect(MoviePages.halfStars(10) == 10)
        #expect(MoviePages.halfStars(12) == 10)
    }

    @Test func greenBookAt8Point9ShowsFourAndAHalfStars() throws {
        let server = try TestServer.shared(importing: .movies)
        let page = try server.get("/movies/films/27060077")
        #expect(page.status == 200)
        #expect(page.text.contains("8.9"))
        #expect(page.text.contains(#"data-halves="9""#))
        #expect(page.text.contains("4.5 星（8.9 分）"))
        #expect(page.text.contains(#"<span class="mv-stars-on">★★★★</span><span class="mv-stars-half">★</span><span class="mv-stars-off"></span>"#))
    }

    @Test func aReviewWithoutCommentsHasNoBadge() throws {
        let server = try TestServer.shared(importing: .movies)
        let feed = try server.get("/api/v1/movies/reviews?sort=new&limit=100").json()
        let items = try #require(feed["items"] as? [[String: Any]])
        let quiet = try #require(items.last { $0["commentCount"] as? Int == 0 }?["id"] as? Int)
        let page = try server.get("/movies/reviews/\(quiet)")
        #expect(page.status == 200)
        #expect(page.text.contains("mv-bar-comments"))
        #expect(!page.text.contains("mv-badge"))
    }

    /// Session 7: an account's drawn avatar came from its id on its profile and beside its comments, but from its
    /// name beside its reviews and 短评 (feed, profile list, film page, review page, API): two faces for one user.
    /// On its own server: the shared one's client address has used its 10 registrations an hour on the other suites.
    @Test func anAccountHasOneDrawnAvatarEverywhere() throws {
        let server = try TestServer(transport: .inProcess, importing: [.movies])
        let account = try server.register("mvface", unique: true)
        let id = try #require(try server.get(APIPath.me, token: account.token).json()["id"] as? Int)
        let face = "/movies/avatars/u\(id).svg"
        let film = "1292063"  // 美丽人生
        let mark = try server.send("PUT", "/api/v1/movies/films/\(film)/mark", json: #"{"status":"seen","rating":5,"comment":"一张脸"}"#,
                                   token: account.token)
        #expect(mark.status == 200, "\(mark.text)")
        let published = try server.send("POST", "/api/v1/movies/films/\(film)/reviews", json: #"{"title":"同一张脸","body":"第一段。","rating":5,"spoiler":false}"#,
                                        token: account.token)
        #expect(published.status == 201, "\(published.text)")
        let review = try published.decode(MovieReviewDetail.self)
        #expect(review.author.avatarUrl == face)
        let tag = #"<img class="mv-avatar" src="\#(face)""#
        #expect(try server.get("/movies/users/\(id)").text.components(separatedBy: tag).count - 1 == 2, "profile head and its review")
        #expect(try server.get("/movies/reviews/\(review.id)").text.contains(tag))
        #expect(try server.get("/movies/films/\(film)?sort=new").text.contains(tag))
        let shorts = try server.get("/api/v1/movies/films/\(film)?sort=new").decode(MovieFilmDetail.self).comments.items
        #expect(shorts.first { $0.text == "一张脸" }?.avatarUrl == face)
    }

    @Test(.requires(.photos)) func anUploadedAvatarStandsBesideTheUsersComments() throws {
        let server = try TestServer.shared(importing: .movies)
        let account = try server.register("mvavatar", unique: true)
        let photo = try [UInt8](Data(contentsOf: SharedDataSet.photos.folder.appendingPathComponent("ordinary/rocket.jpg")))
        let uploaded = try server.upload("/api/v1/me/avatar", method: "PUT", files: [MultipartFile(field: "avatar", filename: "rocket.jpg",
                                                                                                   contentType: "image/jpeg", bytes: photo)],
                                         token: account.token)
        #expect(uploaded.status == 200, "\(uploaded.text)")
        let avatar = try #require(try uploaded.json()["avatarURL"] as? String)
        #expect(avatar.hasPrefix("/media/avatars/"))
        let feed = try server.get("/api/v1/movies/reviews?sort=new&limit=100").json()
        let review = try #require((feed["items"] as? [[String: Any]])?.dropLast(3).last?["id"] as? Int)
        let posted = try server.send("POST", "/api/v1/movies/reviews/\(review)/comments", json: #"{"text":"头像应该在评论旁边"}"#, token: account.token)
        #expect(posted.status == 201, "\(posted.text)")
        let comments = try server.get("/movies/reviews/\(review)/comments")
        #expect(comments.text.contains(#"<img class="mv-avatar" src="\#(avatar)""#))
        #expect(try server.get(avatar).status == 200)
    }
}

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

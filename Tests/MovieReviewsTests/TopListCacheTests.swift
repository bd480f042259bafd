import AppSuiteTesting
import Foundation
@testable import MovieReviews
import Testing

/// Issue 25: the Top list is ranked once per version of the stars (``TopListCache``) and its signed-out page is kept
/// with its ETag; a reader's new stars are in the API answer and the kept page on the very next request.
@Suite(.requires(.movies)) struct TopListCacheTests {
    /// The first film of the Top list and its vote count, from the API.
    static func first(_ server: TestServer) throws -> (film: String, votes: Int) {
        let items = try #require(try server.get("/api/v1/movies/top").json()["items"] as? [[String: Any]])
        let entry = try #require(items.first)
        let film = try #require((entry["film"] as? [String: Any])?["id"] as? String)
        return (film, try #require(entry["votes"] as? Int))
    }

    @Test func newStarsAreInTheKeptTopListOnTheNextRequest() throws {
        let server = try TestServer(apps: [MovieReviewsApp()], importing: [.movies])
        let before = try Self.first(server)
        let page = try server.get("/movies/top")
        let tag = try #require(page.headers["etag"], "the signed-out page is kept")
        #expect(page.text.contains("\(before.votes.formatted()) 人评价"))
        #expect(try server.get("/movies/top", headers: ["If-None-Match": tag]).status == 304)
        #expect(try Self.first(server).votes == before.votes, "kept, nothing changed")

        let reader = try server.register("topstars", unique: true)
        let marked = try server.send("PUT", "/api/v1/movies/films/\(before.film)/mark", json: #"{"status":"seen","rating":5}"#, token: reader.token)
        #expect(marked.status == 200, "\(marked.text)")

        let after = try Self.first(server)
        #expect(after.film == before.film && after.votes == before.votes + 1)
        let fresh = try server.get("/movies/top", headers: ["If-None-Match": tag])
        #expect(fresh.status == 200 && fresh.headers["etag"] != tag)
        #expect(fresh.text.contains("\((before.votes + 1).formatted()) 人评价"), "the kept page shows the new vote count")
        // A signed-in reader's page is their own: never kept, never the signed-out copy.
        let mine = try server.get("/movies/top", headers: ["Cookie": reader.cookie])
        #expect(mine.status == 200 && mine.headers["etag"] == nil && mine.headers["cache-control"] == "no-store")
    }
}

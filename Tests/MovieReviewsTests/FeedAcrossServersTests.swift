import AppSuiteServer
import AppSuiteTesting
import Foundation
@testable import MovieReviews
import Storage
import Testing

/// Issue 25 item 5: two servers on one PostgreSQL database, each keeping the 首页 feed and its signed-out page
/// (``MovieFeedCache``). A review published and voted up on one server is in the other's feed of the same
/// snapshot within a second (the data version `movies.feed`, bumped after the commit and heard over
/// `LISTEN/NOTIFY`), though the other server had the feed kept from before.
@Suite(.serialized, .requires(.movies),
       .enabled(if: TemporaryDatabase.postgresURL != nil, "two servers share one database only on PostgreSQL (APPSUITE_TEST_DATABASE_URL)"))
struct FeedAcrossServersTests {
    @Test func aWriteOnOneServerIsInTheOthersKeptFeedWithinASecond() throws {
        let directory = TemporaryDirectory("feed-servers")
        let clock = TestServer.now()  // one snapshot time for both servers
        let first = try TestServer(apps: [MovieReviewsApp()], clock: clock, importing: [.movies], directory: directory)
        let shared = try #require(try directory.postgresDatabase())
        let second = try TestServer(apps: [MovieReviewsApp()], clock: clock, directory: directory,
                                    database: try PostgreSQLDatabase(configuration: .init(url: shared.urlWithSchema, maximumConnections: 16)))
        #expect(wait(until: { second.suite.dataVersions.isListening && first.suite.dataVersions.isListening }), "both servers listen")

        let snapshot = try #require(try second.get("/movies").text.firstMatch(of: /href="\/movies\?cursor=([0-9]+)\.21"/).map { String($0.1) })
        func feedReviews(_ server: TestServer) throws -> [Int] {
            var reviews: [Int] = []
            var cursor: String? = "\(snapshot).0"
            while let next = cursor {
                let page = try server.get("/movies?cursor=" + next)
                #expect(page.status == 200)
                reviews += page.text.matches(of: /<li class="mv-cell" data-film="[^"]+" data-card="[^"]+"><a class="mv-cell-link" href="\/movies\/reviews\/([0-9]+)"/)
                    .compactMap { Int($0.1) }
                cursor = page.text.firstMatch(of: /href="\/movies\?cursor=([0-9.]+)"/).map { String($0.1) }
            }
            return reviews
        }
        let before = try feedReviews(second)
        #expect(before.count >= 50)
        let keptPage = try second.get("/movies")
        #expect(try second.get("/movies", headers: ["If-None-Match": keptPage.headers["etag"] ?? ""]).status == 304, "the page is kept")

        let gus = try first.register("mvgus2", unique: true)
        let published = try first.send("POST", "/api/v1/movies/films/1291838/reviews",
                                       json: WriteTests.body(["title": "两台服务器", "body": "同一个数据库，同一份首页。", "rating": 5, "spoiler": false]),
                                       token: gus.token)
        #expect(published.status == 201, "\(published.text)")
        let id = try #require(try published.json()["id"] as? Int)
        let hal = try first.register("mvhal2", unique: true)
        #expect(try first.send("PUT", "/api/v1/movies/reviews/\(id)/vote", json: WriteTests.body(["value": "useful"]), token: hal.token).status == 200)

        let started = ContinuousClock.now
        #expect(try wait(until: { try feedReviews(second).contains(id) }, timeout: .seconds(1), every: .milliseconds(20)),
                "review \(id) in the other server's feed of snapshot \(snapshot) within 1 s")
        print("the other server's feed showed review \(id) after \(ContinuousClock.now - started)")
        #expect(!before.contains(id))
    }

    /// The kept Top list (``TopListCache`` and its signed-out page) on the other server shows new stars given on one
    /// within a second; the server the stars were given on shows them on the very next request.
    @Test func starsOnOneServerAreInTheOthersKeptTopListWithinASecond() throws {
        let directory = TemporaryDirectory("top-servers")
        let first = try TestServer(apps: [MovieReviewsApp()], importing: [.movies], directory: directory)
        let shared = try #require(try directory.postgresDatabase())
        let second = try TestServer(apps: [MovieReviewsApp()], directory: directory,
                                    database: try PostgreSQLDatabase(configuration: .init(url: shared.urlWithSchema, maximumConnections: 16)))
        #expect(wait(until: { second.suite.dataVersions.isListening && first.suite.dataVersions.isListening }), "both servers listen")
        let before = try TopListCacheTests.first(second)
        #expect(try second.get("/movies/top").headers["etag"] != nil, "the other server keeps the page")
        #expect(try TopListCacheTests.first(first).votes == before.votes)

        let reader = try first.register("topservers", unique: true)
        let marked = try first.send("PUT", "/api/v1/movies/films/\(before.film)/mark", json: #"{"status":"seen","rating":5}"#, token: reader.token)
        #expect(marked.status == 200, "\(marked.text)")
        #expect(try TopListCacheTests.first(first).votes == before.votes + 1, "the writing server: the next request")

        let started = ContinuousClock.now
        let shown = "\((before.votes + 1).formatted()) 人评价"
        #expect(try wait(until: { try TopListCacheTests.first(second).votes == before.votes + 1 && (try second.get("/movies/top").text.contains(shown)) },
                     timeout: .seconds(1), every: .milliseconds(5)),
                "the other server's kept Top list within 1 s")
        print("the other server's Top list showed the new stars after \(ContinuousClock.now - started)")
    }
}

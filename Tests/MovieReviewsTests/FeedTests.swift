import AppSuiteTesting
import Foundation
import HTTPServer
@testable import MovieReviews
import Storage
import Testing

/// Issue 18 item 3: the 首页 feed mixes hot reviews, hot 短评 of many films and rising films, never three
/// cards of one film in a row, though 302 of the reviews are of one film (百鸟朝凤).
@Suite(.requires(.movies)) struct FeedTests {
    @Test func theFeedMixesFilmsAndNeverShowsThreeOfOneInARow() throws {
        let server = try TestServer.shared(importing: .movies)
        var films: [String] = []
        var kinds: [String] = []
        var cursor: String?
        repeat {
            let page = try server.get("/movies" + (cursor.map { "?cursor=" + $0 } ?? ""))
            #expect(page.status == 200)
            for match in page.text.matches(of: /<li class="mv-cell( mv-card-(short|film))?" data-film="([^"]+)"/) {
                films.append(String(match.3))
                kinds.append(match.2.map(String.init) ?? "review")
            }
            cursor = page.text.firstMatch(of: /href="\/movies\?cursor=([0-9.]+)"/).map { String($0.1) }
        } while cursor != nil
        // The first page's banner is the first review card, not repeated in the list (tester 30 #17).
        #expect(films.count == MovieFeed.length - 1)
        for index in 2..<films.count {
            #expect(!(films[index] == films[index - 1] && films[index] == films[index - 2]), "three of \(films[index]) at \(index)")
        }
        #expect(Set(films).count > 50, "\(Set(films).count) films")
        #expect(kinds.filter { $0 == "review" }.count >= 50)
        #expect(kinds.filter { $0 == "short" }.count >= 100)
        #expect(kinds.prefix(20).contains("review") && kinds.prefix(20).contains("short"))
        // Issue 30: the first page says where the cards come from — the imported long reviews cover one film — and
        // the feed's cards are never repeats (every review, 短评 and film card once).
        let first = try server.get("/movies").text
        #expect(first.contains("来源：豆瓣长影评只有《百鸟朝凤》一部电影（公开数据所限），这里有其中 "))
        #expect(first.contains("推荐共 \(MovieFeed.length) 条，不重复。"))
        #expect(try server.get("/movies?lang=en").text.contains("the Douban long reviews cover one film only, 百鸟朝凤 (the public data's limit)"))
        var cards: [String] = []
        cursor = nil
        repeat {
            let page = try server.get("/movies" + (cursor.map { "?cursor=" + $0 } ?? "")).text
            cards += page.matches(of: /<li class="mv-cell[^"]*" data-film="[^"]+" data-card="([^"]+)"/).map { String($0.1) }
            cursor = page.firstMatch(of: /href="\/movies\?cursor=([0-9.]+)"/).map { String($0.1) }
        } while cursor != nil
        #expect(cards.count == MovieFeed.length - 1 && Set(cards).count == cards.count, "\(cards.count) cards, \(Set(cards).count) different")
        let banner = try #require(first.firstMatch(of: /<a class="mv-banner" href="\/movies\/reviews\/([0-9]+)"/).map { String($0.1) })
        #expect(!cards.contains("review-" + banner), "the featured review \(banner) is the banner and not a card again")
    }

    /// Session 7: any cursor's snapshot time was ranked and kept, so four made-up cursors (or old pages) pushed the
    /// current first page out of ``MovieFeedCache`` and every reader's /movies ranked the feed again.
    @Test func oldSnapshotsNeverPushTheNewestOutOfTheFeedCache() {
        let cache = MovieFeedCache(version: DataVersions().version("movies.feed"))
        let current: Int64 = 1_800_000_000
        var ranked: [Int64] = []
        func read(_ now: Int64) { _ = cache.feed(now: now, latest: current) { ranked.append(now); return [] } }
        read(current)
        for back in 1...Int64(MovieFeedCache.capacity + 2) { read(current - back * MovieFeedCache.bucket) }
        read(current)
        read(current - MovieFeedCache.bucket * Int64(MovieFeedCache.capacity + 2))
        #expect(ranked.filter { $0 == current }.count == 1, "\(ranked)")
        #expect(ranked.count == MovieFeedCache.capacity + 3, "the newest old one is still kept: \(ranked)")
    }

    @Test func aFeedCursorFromTheFutureOrBefore1970IsRefused() throws {
        let server = try TestServer.shared(importing: .movies)
        let now = Int64(Date().timeIntervalSince1970)
        #expect(try server.get("/movies?cursor=\(now + 3_600).20").status == 400)
        #expect(try server.get("/movies?cursor=99999999999999.0").status == 400)
        #expect(try server.get("/movies?cursor=-30.0").status == 400)
        #expect(try server.get("/movies?cursor=\(MovieFeedCache.snapshot(now) - 3_600).20").status == 200)
    }

    @Test func theHelpfulScoreDecays() {
        let day: Int64 = 86_400
        let now: Int64 = 1_800_000_000
        #expect(MovieFeed.helpfulScore(useful: 10, useless: 0, postedAt: now, now: now) == 10)
        #expect(MovieFeed.helpfulScore(useful: 10, useless: 0, postedAt: now - 30 * day, now: now) == 5)
        #expect(MovieFeed.helpfulScore(useful: 12, useless: 2, postedAt: now - 360 * day, now: now) == 10.0 / 13)
        // A year-old review with 100 votes loses to a week-old one with 20.
        #expect(MovieFeed.helpfulScore(useful: 100, useless: 0, postedAt: now - 365 * day, now: now)
                < MovieFeed.helpfulScore(useful: 20, useless: 0, postedAt: now - 7 * day, now: now))
    }

    /// 最新: reviews and listed 短评 of every film merged newest first, paged by where each list stopped; a tie
    /// in time keeps both, an unlisted 短评 never shows.
    @Test func theLatestTabMergesReviewsAndShortCommentsNewestFirst() throws {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, MovieReviewsApp().migrations())
        try database.write { db in
            try db.execute("INSERT INTO movies_films (id, rank, title) VALUES ('f1', 1, '一'), ('f2', 2, '二')")
            try db.execute("""
                INSERT INTO movies_reviews (id, film_id, author, title, body, summary, published_at, feed_rank) VALUES
                (1, 'f1', 'a', 'r1', 'b', 'b', 100, 1), (2, 'f2', 'a', 'r2', 'b', 'b', 300, 2), (3, 'f1', 'a', 'r3', 'b', 'b', 500, 3)
                """)
            try db.execute("""
                INSERT INTO movies_comments (id, seq, film_id, author, content, hot, created_at, listed) VALUES
                ('s1', 1, 'f1', 'b', 'x', 0, 200, 1), ('s2', 2, 'f2', 'b', 'x', 0, 300, 1), ('s3', 3, 'f2', 'b', 'x', 0, 300, 1),
                ('s4', 4, 'f1', 'b', 'x', 0, 600, 1), ('s5', 5, 'f1', 'b', 'x', 0, 700, 0)
                """)
        }
        let store = MovieStore(database: database)
        var seen: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let page = try store.latestCards(cursor: cursor, limit: 2)
            for card in page.cards {
                switch card {
                case .review(let review): seen.append("r\(review.id)")
                case .short(let comment, _, _): seen.append(comment.id)
                case .film: seen.append("film")
                }
            }
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil && pages < 10
        // s4 (600), r3 (500), then the tie at 300: the review first, then s3 and s2 (seq descending), s1 (200), r1 (100).
        #expect(seen == ["s4", "r3", "r2", "s3", "s2", "s1", "r1"])
        #expect(pages == 4)
        #expect(throws: HTTPError.self) { try store.latestCards(cursor: "1.2.3", limit: 2) }
    }

    /// A review and a 短评 just written here, with no votes, score 0 below the imported items (most with 有用 votes):
    /// they take the 4th and 5th cards of the first 推荐 page (the 新鲜 slots) and appear nowhere else in the feed.
    /// Its own server: the shared one is at its registrations-an-hour limit.
    @Test func aNewReviewAndShortCommentAppearOnTheFirstPage() throws {
        let server = try TestServer(transport: .inProcess, importing: [.movies])
        let ivy = try server.register("fresh_ivy")
        let films = try server.get("/api/v1/movies/films?limit=30").json()["items"] as? [[String: Any]] ?? []
        let (reviewFilm, shortFilm) = (try #require(films.last?["id"] as? String), try #require(films.dropLast().last?["id"] as? String))
        func cards() throws -> [String] {
            var cards: [String] = []
            var cursor: String?
            repeat {
                let page = try server.get("/movies" + (cursor.map { "?cursor=" + $0 } ?? ""))
                #expect(page.status == 200)
                // The first page's first review is its banner and not in the list (tester 30 #17): counted in its place.
                if let banner = page.text.firstMatch(of: /<a class="mv-banner" href="\/movies\/reviews\/([0-9]+)"/) { cards.append("banner review-\(banner.1)") }
                let list = try #require(page.text.components(separatedBy: #"data-list="feed""#).dropFirst().first?.components(separatedBy: "</ul>").first)
                cards += list.components(separatedBy: #"<li class="mv-cell"#).dropFirst()
                cursor = page.text.firstMatch(of: /href="\/movies\?cursor=([0-9.]+)"/).map { String($0.1) }
            } while cursor != nil
            return cards
        }
        let before = try cards()
        #expect(before.count == MovieFeed.length)

        let review = try server.send("POST", "/api/v1/movies/films/\(reviewFilm)/reviews",
                                     json: #"{"title":"新鲜出炉的影评","body":"第一段。","rating":4,"spoiler":false}"#, token: ivy.token)
        #expect(review.status == 201, "\(review.text)")
        let mark = try server.send("PUT", "/api/v1/movies/films/\(shortFilm)/mark", json: #"{"status":"seen","rating":5,"comment":"刚看完的短评"}"#,
                                   token: ivy.token)
        #expect(mark.status == 200, "\(mark.text)")
        let after = try cards()
        #expect(after.count == MovieFeed.length)
        #expect(after[MovieFeed.freshSlots.review].contains("新鲜出炉的影评") && after[MovieFeed.freshSlots.review].contains(#"data-film="\#(reviewFilm)""#))
        #expect(after[MovieFeed.freshSlots.short].contains("刚看完的短评"))
        #expect(after.filter { $0.contains("新鲜出炉的影评") }.count == 1 && after.filter { $0.contains("刚看完的短评") }.count == 1)
        #expect(!before.contains { $0.contains("新鲜出炉的影评") || $0.contains("刚看完的短评") })
        // The rest of the first page is the ranked feed as before, moved along by the two new cards.
        #expect(Array(after.prefix(MovieFeed.freshSlots.review)) == Array(before.prefix(MovieFeed.freshSlots.review)))
        // Tester 31c #11: one review written here is "1 review", not "1 reviews".
        let english = try server.get("/movies?lang=en").text
        #expect(english.contains("1 review by users here;") && !english.contains("1 reviews"), "\(english.prefix(3_000))")
    }
}

import Foundation
@testable import MovieReviews
import Storage
import Synchronization
import Testing

/// Numbers the app hands out itself (a review's id and feed rank, a 短评's seq) come from one upsert on a
/// counter row, never `max(…) + 1`: many writers at once each get their own, after the imported rows' ids
/// (which stay as they are). Runs on PostgreSQL too when `APPSUITE_TEST_DATABASE_URL` is set, where two
/// servers sharing a database would otherwise race.
@Suite struct CounterTests {
    /// A film, an imported review (Douban id 7,654,321, feed rank 302) and an imported 短评 (seq 8,026).
    static func database() throws -> (any Database, MovieWrites) {
        let database = try TemporaryDatabase.make(maximumConnections: 8)
        try Migrator.migrate(database, MovieReviewsApp().migrations())
        try database.write { db in
            try db.execute("INSERT INTO movies_films (id, rank, title) VALUES ('27060077', 1, '绿皮书')")
            try db.execute("""
                INSERT INTO movies_reviews (id, film_id, author, title, body, summary, published_at, feed_rank)
                VALUES (7654321, '27060077', 'user_00001', '导入的影评', '正文', '正文', 1460600000, 302)
                """)
            try db.execute("""
                INSERT INTO movies_comments (id, seq, film_id, author, content, hot, created_at, listed)
                VALUES ('c8026', 8026, '27060077', 'user_00002', '导入的短评', 0, 1460600000, 1)
                """)
        }
        return (database, MovieWrites(database: database, now: { 1_764_000_000 }))
    }

    @Test func concurrentWritersGetDistinctNumbersAfterTheImportedOnes() throws {
        let (database, writes) = try Self.database()
        let writers = 16
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: writers) { index in
            do {
                _ = try writes.publishReview(userID: Int64(index + 1), name: "u\(index)", filmID: "27060077", title: "第\(index)篇",
                                             body: "正文 \(index)", rating: nil, spoiler: false)
                _ = try writes.setMark(userID: Int64(index + 1), name: "u\(index)", filmID: "27060077", status: .seen, rating: 4,
                                       markedOn: nil, comment: "短评 \(index)")
            } catch {
                failures.withLock { $0.append("\(index): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let (ids, ranks, seqs, commentIDs) = try database.read { db in
            let reviews = try db.query("SELECT id, feed_rank FROM movies_reviews WHERE user_id IS NOT NULL ORDER BY id", [])
            let comments = try db.query("SELECT id, seq FROM movies_comments WHERE user_id IS NOT NULL ORDER BY seq", [])
            return (try reviews.map { try $0.get("id", as: Int64.self) }, try reviews.map { try $0.get("feed_rank", as: Int64.self) },
                    try comments.map { try $0.get("seq", as: Int64.self) }, try comments.map { try $0.get("id", as: String.self) })
        }
        #expect(ids == Array(7_654_322...7_654_321 + Int64(writers)))
        #expect(Set(ranks) == Set(303...302 + Int64(writers)))
        #expect(seqs == Array(8_027...8_026 + Int64(writers)))
        #expect(commentIDs == seqs.map { "u\($0)" })
        #expect(try database.read { try $0.scalar("SELECT count(*) FROM movies_reviews WHERE id = 7654321", as: Int.self) } == 1)
    }

    @Test func aSeriesJumpsPastRowsImportedAfterItStarted() throws {
        let (database, writes) = try Self.database()
        let first = try writes.publishReview(userID: 1, name: "ann", filmID: "27060077", title: "一", body: "一", rating: nil, spoiler: false).id
        #expect(first == 7_654_322)
        // A later import brings a review with a larger Douban id: the next one goes past it, not into it.
        try database.write { db in
            try db.execute("""
                INSERT INTO movies_reviews (id, film_id, author, title, body, summary, published_at, feed_rank)
                VALUES (9000000, '27060077', 'user_00003', '后导入', '正文', '正文', 1460600000, 400)
                """)
        }
        let second = try writes.publishReview(userID: 2, name: "bob", filmID: "27060077", title: "二", body: "二", rating: nil, spoiler: false).id
        #expect(second == 9_000_001)
        // Deleting the newest does not hand its number out again.
        try writes.deleteReview(second, userID: 2)
        let third = try writes.publishReview(userID: 2, name: "bob", filmID: "27060077", title: "三", body: "三", rating: nil, spoiler: false).id
        #expect(third == 9_000_002)
    }
}

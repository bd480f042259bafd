import AppHost
import AppSuiteTesting
import Foundation
@testable import MovieReviews
import Storage
import Testing
import WebUI

@Suite struct ImportTests {
    @Test(.requires(.movies)) func importsEveryRowIdempotentlyWithProgress() throws {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, MovieReviewsApp().migrations())
        let importer = MovieImporter(database: database)
        var reports: [ImportProgress] = []
        let first = try importer.importData(from: SharedData.movies) { reports.append($0) }
        // movies.csv, the extra file's 158 films without a movies.csv row, reviews, comments, the extra comments
        // but the 21 rows without a time (their columns are shifted: "力荐" as text with 1 star) and the 109 dated
        // before their film's year (OriginalYearTests).
        #expect(first.imported == 2_704 + 158 + 302 + 8_026 + 36_085 - 109)
        #expect(first.skipped.count == 21 + 109)
        #expect(first.skipped.allSatisfy { $0.item.hasPrefix("extra row ") })
        #expect(reports.count > 3)
        #expect(reports.last?.done == reports.last?.total)
        let second = try importer.importData(from: SharedData.movies) { _ in }
        #expect(second.imported == first.imported)
        let counts = try database.read { db in
            [try db.scalar("SELECT count(*) FROM movies_films", as: Int.self), try db.scalar("SELECT count(*) FROM movies_reviews", as: Int.self),
             try db.scalar("SELECT count(*) FROM movies_comments", as: Int.self)]
        }
        #expect(counts == [2_704 + 158, 302, 8_026 + 36_085 - 109])
    }

    /// Issue 18 item 1: 36,106 rated short comments on 299 films, 141 of them in movies.csv; the other 158
    /// are created from the title and marked incomplete, as are movies.csv's five "comments-only" rows.
    @Test(.requires(.movies)) func extraCommentsJoinTheirFilmsAndUnknownFilmsAreMarkedIncomplete() throws {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, MovieReviewsApp().migrations())
        _ = try MovieImporter(database: database).importData(from: SharedData.movies) { _ in }
        let rows = try SharedData.rows("extra/douban_hot_short_comments_299_films.csv")
        #expect(rows.count == 36_106)
        let unmatched = Set(rows.filter { ($0["movie_id"] ?? "").isEmpty }.compactMap { $0["film_title"] })
        #expect(unmatched.count == 158)
        let facts = try database.read { db in
            (incomplete: try db.scalar("SELECT count(*) FROM movies_films WHERE incomplete = 1", as: Int.self),
             extraFilms: try db.scalar("SELECT count(*) FROM movies_films WHERE id LIKE 't-%'", as: Int.self),
             extraComments: try db.scalar("SELECT count(*) FROM movies_comments WHERE seq > 100000", as: Int.self),
             filmsWithExtra: try db.scalar("SELECT count(DISTINCT film_id) FROM movies_comments WHERE seq > 100000", as: Int.self),
             unrated: try db.scalar("SELECT count(*) FROM movies_comments WHERE seq > 100000 AND rating IS NULL", as: Int.self))
        }
        #expect(facts.incomplete == 158 + 5)
        #expect(facts.extraFilms == 158)
        #expect(facts.extraComments == 36_085 - 109)
        #expect(facts.filmsWithExtra == 299)
        #expect(facts.unrated == 0)
        // One row checked field by field: the first of 007之杀人执照 (not in movies.csv).
        let first = try #require(rows.first)
        let created = try #require(BeijingTime.parse(first["created_at"] ?? ""))
        let id = "t-\(first["film_title"] ?? ""):\(first["user_pseudonym"] ?? ""):\(created)"
        let row = try #require(try database.read { try $0.queryFirst("SELECT * FROM movies_comments WHERE id = ?", id) })
        #expect(try row.get("content", as: String.self) == first["content"])
        #expect(try row.get("rating", as: Int.self) == Int(first["rating"] ?? ""))
        #expect(try row.get("votes", as: Int.self) == Int(first["useful_count"] ?? ""))
        #expect(try row.get("author", as: String.self) == first["user_pseudonym"])
        #expect(try row.get("user_id", as: Int64?.self) == nil)
        let film = try #require(try database.read { try $0.queryFirst("SELECT title, incomplete FROM movies_films WHERE id = ?", "t-007之杀人执照") })
        #expect(try film.get("title", as: String.self) == "007之杀人执照")
        #expect(try film.get("incomplete", as: Int.self) == 1)
        // A matched film keeps its metadata and gains the extra comments.
        let matched = try #require(rows.first { !($0["movie_id"] ?? "").isEmpty })
        let matchedID = try #require(matched["movie_id"])
        let extraOnMatched = rows.filter { $0["movie_id"] == matchedID }.count
        let stored = try database.read {
            try $0.scalar("SELECT count(*) FROM movies_comments WHERE film_id = ? AND seq > 100000", matchedID, as: Int.self)
        }
        #expect(stored == extraOnMatched)
        #expect(try database.read { try $0.scalar("SELECT incomplete FROM movies_films WHERE id = ?", matchedID, as: Int.self) } == 0)
        // Idempotent: a second run changes no count.
        _ = try MovieImporter(database: database).importData(from: SharedData.movies) { _ in }
        let again = try database.read { try $0.scalar("SELECT count(*) FROM movies_comments", as: Int.self) }
        #expect(again == 8_026 + 36_085 - 109)
        // 181 extra rows on 阿丽塔 are comments.csv's comments scraped again (same film, time and text): not listed.
        let twins = try database.read { db in
            try db.scalar("SELECT count(*) FROM movies_comments c JOIN movies_comments o ON o.id = c.duplicate_of "
                          + "WHERE c.seq > 100000 AND c.listed = 0 AND o.content = c.content AND o.created_at = c.created_at", as: Int.self)
        }
        #expect(twins == 181)
        let alita = try database.read { try $0.scalar("SELECT count(*) FROM movies_comments WHERE film_id = '1652592' AND listed = 1", as: Int.self) }
        #expect(alita == 480 + 31)
    }

    @Test(.requires(.movies)) func textSurvivesByteForByte() throws {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, MovieReviewsApp().migrations())
        _ = try MovieImporter(database: database).importData(from: SharedData.movies) { _ in }
        let reviews = try SharedData.rows("reviews.csv")
        let longest = try #require(reviews.first { $0["review_id"] == "7883050" })
        let stored = try database.read { try $0.scalar("SELECT body FROM movies_reviews WHERE id = 7883050", as: String.self) }
        #expect(stored == longest["body"])
        #expect(stored?.utf8.count == 70_698)
        let comments = try SharedData.rows("comments.csv")
        for id in ["c000185", "c000248", "c000898", "c003361", "c006143"] {
            let source = try #require(comments.first { $0["comment_id"] == id })
            let text = try database.read { try $0.scalar("SELECT content FROM movies_comments WHERE id = ?", id, as: String.self) }
            #expect(text == source["content"], "\(id)")
        }
        #expect(comments.first { $0["comment_id"] == "c000185" }?["content"]?.count == 217)
    }

    @Test func beijingTimeIsStoredAsUTC() throws {
        // 2016-05-08 09:33:33 in Beijing is 01:33:33 UTC.
        #expect(BeijingTime.parse("2016-05-08 09:33:33") == 1_462_671_213)
        #expect(BeijingTime.dateTime(1_462_671_213) == "2016-05-08 09:33")
        #expect(BeijingTime.dateTime(BeijingTime.parse("2019-03-08 00:51:47")!) == "2019-03-08 00:51")
    }

    @Test(.requires(.movies)) func duplicatesAndLabelledSpamAreKeptButNotListed() throws {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, MovieReviewsApp().migrations())
        _ = try MovieImporter(database: database).importData(from: SharedData.movies) { _ in }
        let rows = try SharedData.rows("comments.csv")
        let hidden = rows.filter { !($0["duplicate_of"] ?? "").isEmpty || $0["is_spam"] == "1" }.count
        let unlisted = try database.read { try $0.scalar("SELECT count(*) FROM movies_comments WHERE listed = 0", as: Int.self) }
        #expect(unlisted == hidden + 181)
        #expect(hidden == 15 + 22)
    }
}

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
        #expect(first.imported == 2_704 + 302 + 8_026)
        #expect(first.skipped.isEmpty)
        #expect(reports.count > 3)
        #expect(reports.last?.done == reports.last?.total)
        let second = try importer.importData(from: SharedData.movies) { _ in }
        #expect(second.imported == first.imported)
        let counts = try database.read { db in
            [try db.scalar("SELECT count(*) FROM movies_films", as: Int.self), try db.scalar("SELECT count(*) FROM movies_reviews", as: Int.self),
             try db.scalar("SELECT count(*) FROM movies_comments", as: Int.self)]
        }
        #expect(counts == [2_704, 302, 8_026])
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
        #expect(unlisted == hidden)
        #expect(hidden == 15 + 22)
    }
}

public import AppHost
public import Foundation
public import Storage
import WebUI

/// `appsuite import movies PATH`: films, long reviews and short comments, upserted by their ids, so a
/// second run changes nothing.
public struct MovieImporter: DataImporter {
    public let database: any Database
    public var defaultFolder: String { "movies" }

    public init(database: any Database) { self.database = database }

    public func importData(from folder: URL, progress: (ImportProgress) -> Void) throws -> ImportSummary {
        func read(_ name: String) throws -> [CSVRecord] {
            let url = folder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
            }
            return CSVTable(data).records
        }
        let films = try read("movies.csv")
        let reviews = try read("reviews.csv")
        let comments = try read("comments.csv")
        let total = films.count + reviews.count + comments.count
        var done = 0
        var imported = 0
        var skipped: [(item: String, reason: String)] = []

        // Films with reviews or comments first, then by how many people rated them, then source order.
        var hasContent = Set<String>()
        for record in reviews { if let id = record["movie_id"] { hasContent.insert(id) } }
        for record in comments { if let id = record["movie_id"] { hasContent.insert(id) } }
        let order = films.indices.sorted { a, b in
            let ca = films[a]["movie_id"].map(hasContent.contains) ?? false
            let cb = films[b]["movie_id"].map(hasContent.contains) ?? false
            if ca != cb { return ca }
            let ra = Int(films[a]["rating_count"] ?? "") ?? -1
            let rb = Int(films[b]["rating_count"] ?? "") ?? -1
            if ra != rb { return ra > rb }
            return a < b
        }
        var rank = [Int: Int]()
        for (position, index) in order.enumerated() { rank[index] = position + 1 }

        try database.write { db in
            for (index, record) in films.enumerated() {
                done += 1
                guard let id = record["movie_id"], let title = record["title"] else {
                    skipped.append(("movies.csv row \(index + 2)", "no id or title"))
                    continue
                }
                try db.execute("""
                    INSERT INTO movies_films (id, rank, title, original_title, year, genres, directors, actors, rating, rating_count,
                        runtime_min, release_date, regions, languages, summary, poster_url, douban_url)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET rank = excluded.rank, title = excluded.title, original_title = excluded.original_title,
                        year = excluded.year, genres = excluded.genres, directors = excluded.directors, actors = excluded.actors,
                        rating = excluded.rating, rating_count = excluded.rating_count, runtime_min = excluded.runtime_min,
                        release_date = excluded.release_date, regions = excluded.regions, languages = excluded.languages,
                        summary = excluded.summary, poster_url = excluded.poster_url, douban_url = excluded.douban_url
                    """, [
                        .text(id), .integer(Int64(rank[index] ?? index + 1)), .text(title), record["original_title"].sqlValue,
                        (record["year"].flatMap { Int64($0) }).sqlValue, record["genres"].sqlValue, record["directors"].sqlValue,
                        record["actors"].sqlValue, (record["rating"].flatMap { Double($0) }).sqlValue,
                        (record["rating_count"].flatMap { Int64($0) }).sqlValue, (record["runtime_min"].flatMap { Int64($0) }).sqlValue,
                        record["release_date"].sqlValue, record["regions"].sqlValue, record["languages"].sqlValue,
                        record["summary"].sqlValue, record["poster_url"].sqlValue, record["douban_url"].sqlValue,
                    ])
                imported += 1
                if done % 250 == 0 { progress(ImportProgress(done: done, total: total, item: "movies.csv")) }
            }
            progress(ImportProgress(done: done, total: total, item: "movies.csv"))

            // Feed order: the three most useful reviews are featured, then newest first.
            struct ReviewRow { var record: CSVRecord; var id: Int64; var published: Int64; var useful: Int64 }
            var rows: [ReviewRow] = []
            for (index, record) in reviews.enumerated() {
                done += 1
                guard let idText = record["review_id"], let id = Int64(idText), record["movie_id"] != nil, record["title"] != nil,
                      record["body"] != nil, let published = record["published_at"].flatMap(BeijingTime.parse)
                else {
                    skipped.append(("reviews.csv row \(index + 2)", "missing id, film, title, body or time"))
                    continue
                }
                rows.append(ReviewRow(record: record, id: id, published: published, useful: Int64(record["useful_count"] ?? "") ?? 0))
            }
            let featured = Set(rows.sorted { ($0.useful, $0.id) > ($1.useful, $1.id) }.prefix(3).map(\.id))
            let feed = rows.sorted { a, b in
                let fa = featured.contains(a.id), fb = featured.contains(b.id)
                if fa != fb { return fa }
                if fa { return (a.useful, a.id) > (b.useful, b.id) }
                return (a.published, a.id) > (b.published, b.id)
            }
            for (position, row) in feed.enumerated() {
                let record = row.record
                let body = record["body"] ?? ""
                try db.execute("""
                    INSERT INTO movies_reviews (id, film_id, author, title, body, summary, rating, published_at, useful_count, useless_count,
                        featured, feed_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET film_id = excluded.film_id, author = excluded.author, title = excluded.title,
                        body = excluded.body, summary = excluded.summary, rating = excluded.rating, published_at = excluded.published_at,
                        useful_count = excluded.useful_count, useless_count = excluded.useless_count, featured = excluded.featured,
                        feed_rank = excluded.feed_rank
                    """, [
                        .integer(row.id), .text(record["movie_id"] ?? ""), .text(record["user_id"] ?? "匿名"), .text(record["title"] ?? ""),
                        .text(body), .text(record["summary"] ?? String(body.prefix(120))),
                        (record["rating"].flatMap { Int64($0) }).sqlValue, .integer(row.published),
                        (record["useful_count"].flatMap { Int64($0) }).sqlValue, (record["useless_count"].flatMap { Int64($0) }).sqlValue,
                        .integer(featured.contains(row.id) ? 1 : 0), .integer(Int64(position + 1)),
                    ])
                imported += 1
            }
            progress(ImportProgress(done: done, total: total, item: "reviews.csv"))

            for (index, record) in comments.enumerated() {
                done += 1
                guard let id = record["comment_id"], let seq = Int64(id.drop { !$0.isNumber }), let film = record["movie_id"],
                      let content = record["content"], let created = record["created_at"].flatMap(BeijingTime.parse)
                else {
                    skipped.append(("comments.csv row \(index + 2)", "missing id, film, text or time"))
                    continue
                }
                let votes = record["votes"].flatMap { Int64($0) }
                let spam = record["is_spam"].flatMap { Int64($0) }
                // Scraper duplicates and comments labelled spam are kept but not listed.
                let listed: Int64 = record["duplicate_of"] == nil && spam != 1 ? 1 : 0
                try db.execute("""
                    INSERT INTO movies_comments (id, seq, film_id, author, rating, content, votes, hot, created_at, is_spam, duplicate_of, listed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, film_id = excluded.film_id, author = excluded.author,
                        rating = excluded.rating, content = excluded.content, votes = excluded.votes, hot = excluded.hot,
                        created_at = excluded.created_at, is_spam = excluded.is_spam, duplicate_of = excluded.duplicate_of,
                        listed = excluded.listed
                    """, [
                        .text(id), .integer(seq), .text(film), .text(record["user_id"] ?? "匿名"),
                        (record["rating"].flatMap { Int64($0) }).sqlValue, .text(content), votes.sqlValue, .integer(votes ?? 0),
                        .integer(created), spam.sqlValue, record["duplicate_of"].sqlValue, .integer(listed),
                    ])
                imported += 1
                if done % 500 == 0 { progress(ImportProgress(done: done, total: total, item: "comments.csv")) }
            }
            progress(ImportProgress(done: done, total: total, item: "comments.csv"))
        }
        return ImportSummary(imported: imported, skipped: skipped)
    }
}

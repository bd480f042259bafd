public import AppHost
public import Foundation
public import Storage
import WebUI

/// `appsuite import movies PATH`: films, long reviews and short comments, upserted by their ids, so a
/// second run changes nothing. `PATH/extra/douban_hot_short_comments_299_films.csv`, when present, adds
/// its rated short comments to their films; a film it names that `movies.csv` lacks is created from the
/// title alone and marked incomplete (id `t-<title>`). Its comments are keyed by their natural id
/// `<film id>:<author>:<UTC seconds>` (unique in the file), their authors stay read-only pseudonyms. A row
/// without a time (21, whose columns are shifted) is skipped; a row with the film, time and text of a
/// comments.csv row (181 on 阿丽塔) is the same Douban comment scraped twice: kept, not listed, `duplicate_of` it.
///
/// `PATH/extra/movie_year_fixes.csv` (SOURCES.md, issue 30), when present, corrects `year`: movies.csv's year is
/// sometimes a Chinese (re-)release (美丽人生 2020 → 1997). A row with `year_original` sets the year; when it marks
/// the year as differing (`year_differs`) the movies.csv date is kept as `china_release_date` and `release_date` (the
/// original's date, which the fixes do not give) is null. A row flagged
/// `comment_before_year` without an original year (红猪 "2023" with comments from 2005) leaves the year unknown,
/// the date again kept as the China release. A short comment dated (Beijing year) before its film's year belongs to
/// another film of the same title (the extra file's ids were joined by title: 109 comments on the 1995 攻壳机动队
/// sit under the 2017 remake): it is not attached, reported as skipped, and removed if an earlier import stored it.
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
        let extraPath = folder.appendingPathComponent(Self.extraFile).path
        let extra = FileManager.default.fileExists(atPath: extraPath) ? try read(Self.extraFile) : []
        let fixesPath = folder.appendingPathComponent(Self.yearFixesFile).path
        let fixes = FileManager.default.fileExists(atPath: fixesPath)
            ? try read(Self.yearFixesFile).reduce(into: [String: YearFix]()) { fixes, record in
                if let id = record["movie_id"] { fixes[id] = YearFix(record) }
            }
            : [:]
        /// Each film's year after the fixes, for the comments' check.
        var filmYears: [String: Int] = [:]
        // Films of the extra file that movies.csv lacks, by title, in the order they first appear.
        var extraFilms: [String] = []
        var seenTitles = Set<String>()
        for record in extra where record["movie_id"] == nil {
            if let title = record["film_title"], seenTitles.insert(title).inserted { extraFilms.append(title) }
        }
        let total = films.count + extraFilms.count + reviews.count + comments.count + extra.count
        var done = 0
        var imported = 0
        var skipped: [(item: String, reason: String)] = []

        // Films with reviews or comments first, then by how many people rated them, then source order.
        var hasContent = Set<String>()
        for record in reviews { if let id = record["movie_id"] { hasContent.insert(id) } }
        for record in comments { if let id = record["movie_id"] { hasContent.insert(id) } }
        for record in extra { if let id = record["movie_id"] { hasContent.insert(id) } }
        // Indices 0..<films.count are movies.csv rows, the rest the extra file's incomplete films (content, no count).
        let order = (0..<(films.count + extraFilms.count)).sorted { a, b in
            let ca = a >= films.count || (films[a]["movie_id"].map(hasContent.contains) ?? false)
            let cb = b >= films.count || (films[b]["movie_id"].map(hasContent.contains) ?? false)
            if ca != cb { return ca }
            let ra = a < films.count ? Int(films[a]["rating_count"] ?? "") ?? -1 : -1
            let rb = b < films.count ? Int(films[b]["rating_count"] ?? "") ?? -1 : -1
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
                let csvYear = record["year"].flatMap { Int($0) }
                let fix = fixes[id]
                let year: Int? = if let fix { fix.year } else { csvYear }
                let chinaRelease = fix?.yearIsChineseRelease == true ? record["release_date"] : nil
                // The original release date: movies.csv's date unless it is the China (re-)release, or of another year than
                // the original's (issue 30: the API gave 美丽人生 releaseDate 2020-01-03). The fixes know only the year, so nil.
                var releaseDate = chinaRelease == nil ? record["release_date"] : nil
                if let year, let date = releaseDate, !date.hasPrefix(String(year)) { releaseDate = nil }
                if let year { filmYears[id] = year }
                try db.execute("""
                    INSERT INTO movies_films (id, rank, title, original_title, year, genres, directors, actors, rating, rating_count,
                        runtime_min, release_date, regions, languages, summary, poster_url, douban_url, incomplete, china_release_date)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET rank = excluded.rank, title = excluded.title, original_title = excluded.original_title,
                        year = excluded.year, genres = excluded.genres, directors = excluded.directors, actors = excluded.actors,
                        rating = excluded.rating, rating_count = excluded.rating_count, runtime_min = excluded.runtime_min,
                        release_date = excluded.release_date, regions = excluded.regions, languages = excluded.languages,
                        summary = excluded.summary, poster_url = excluded.poster_url, douban_url = excluded.douban_url,
                        incomplete = excluded.incomplete, china_release_date = excluded.china_release_date
                    """, [
                        .text(id), .integer(Int64(rank[index] ?? index + 1)), .text(title), record["original_title"].sqlValue,
                        (year.map { Int64($0) }).sqlValue, record["genres"].sqlValue, record["directors"].sqlValue,
                        record["actors"].sqlValue, (record["rating"].flatMap { Double($0) }).sqlValue,
                        (record["rating_count"].flatMap { Int64($0) }).sqlValue, (record["runtime_min"].flatMap { Int64($0) }).sqlValue,
                        releaseDate.sqlValue, record["regions"].sqlValue, record["languages"].sqlValue,
                        record["summary"].sqlValue, record["poster_url"].sqlValue, record["douban_url"].sqlValue,
                        // "comments-only" rows have just a title (and maybe a URL): as incomplete as the extra file's.
                        .integer(record["sources"] == "comments-only" ? 1 : 0), chinaRelease.sqlValue,
                    ])
                imported += 1
                if done % 250 == 0 { progress(ImportProgress(done: done, total: total, item: "movies.csv")) }
            }
            for (offset, title) in extraFilms.enumerated() {
                done += 1
                try db.execute("""
                    INSERT INTO movies_films (id, rank, title, incomplete) VALUES (?, ?, ?, 1)
                    ON CONFLICT (id) DO UPDATE SET rank = excluded.rank, title = excluded.title, incomplete = 1
                    """, Self.extraFilmID(title), Int64(rank[films.count + offset] ?? films.count + offset + 1), title)
                imported += 1
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

            var twins: [String: String] = [:]
            for (index, record) in comments.enumerated() {
                done += 1
                guard let id = record["comment_id"], let seq = Int64(id.drop { !$0.isNumber }), let film = record["movie_id"],
                      let content = record["content"], let created = record["created_at"].flatMap(BeijingTime.parse)
                else {
                    skipped.append(("comments.csv row \(index + 2)", "missing id, film, text or time"))
                    continue
                }
                if Self.predates(film: film, created: record["created_at"], years: filmYears) {
                    skipped.append(("comments.csv row \(index + 2)", Self.predatesReason))
                    try db.execute("DELETE FROM movies_comments WHERE id = ?", id)
                    continue
                }
                twins["\(film)\u{1F}\(created)\u{1F}\(content)"] = id
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

            for (index, record) in extra.enumerated() {
                done += 1
                guard let title = record["film_title"], let author = record["user_pseudonym"], let content = record["content"],
                      let created = record["created_at"].flatMap(BeijingTime.parse),
                      let stars = record["rating"].flatMap({ Int64($0) }), (1...5).contains(stars)
                else {
                    skipped.append(("extra row \(index + 2)", "missing film, author, text, time or 1–5 rating"))
                    continue
                }
                let film = record["movie_id"] ?? Self.extraFilmID(title)
                if Self.predates(film: film, created: record["created_at"], years: filmYears) {
                    skipped.append(("extra row \(index + 2)", Self.predatesReason))
                    try db.execute("DELETE FROM movies_comments WHERE id = ?", "\(film):\(author):\(created)")
                    continue
                }
                let votes = record["useful_count"].flatMap { Int64($0) }
                let twin = twins["\(film)\u{1F}\(created)\u{1F}\(content)"]
                try db.execute("""
                    INSERT INTO movies_comments (id, seq, film_id, author, rating, content, votes, hot, created_at, duplicate_of, listed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, film_id = excluded.film_id, author = excluded.author,
                        rating = excluded.rating, content = excluded.content, votes = excluded.votes, hot = excluded.hot,
                        created_at = excluded.created_at, duplicate_of = excluded.duplicate_of, listed = excluded.listed
                    """, [
                        .text("\(film):\(author):\(created)"), .integer(Self.extraSeqBase + Int64(index) + 1), .text(film), .text(author),
                        .integer(stars), .text(content), votes.sqlValue, .integer(votes ?? 0), .integer(created), twin.sqlValue,
                        .integer(twin == nil ? 1 : 0),
                    ])
                imported += 1
                if done % 2_000 == 0 { progress(ImportProgress(done: done, total: total, item: Self.extraFile)) }
            }
            if !extra.isEmpty { progress(ImportProgress(done: done, total: total, item: Self.extraFile)) }
        }
        return ImportSummary(imported: imported, skipped: skipped)
    }

    static let extraFile = "extra/douban_hot_short_comments_299_films.csv"
    static let yearFixesFile = "extra/movie_year_fixes.csv"
    static let predatesReason = "dated before its film's year: a comment on another film of the same title"

    /// Whether a comment's Beijing-time year (`YYYY-…`) is before its film's year (nil when either is unknown).
    static func predates(film: String, created: String?, years: [String: Int]) -> Bool {
        guard let year = years[film], let created, let commentYear = Int(created.prefix(4)) else { return false }
        return commentYear < year
    }

    /// A row of `extra/movie_year_fixes.csv`: the film's original year, or nil when the file flags movies.csv's
    /// year as a later release without knowing the original.
    struct YearFix {
        var year: Int?
        /// movies.csv's year (and so its date) is a Chinese (re-)release, not the original's.
        var yearIsChineseRelease: Bool

        init(_ record: CSVRecord) {
            let flags = Set((record["flags"] ?? "").split(separator: "|").map(String.init))
            if let original = record["year_original"].flatMap({ Int($0) }) {
                year = original
                yearIsChineseRelease = flags.contains("year_differs")
            } else if flags.contains("comment_before_year") {
                year = nil
                yearIsChineseRelease = true
            } else {
                year = record["year_in_movies_csv"].flatMap { Int($0) }
                yearIsChineseRelease = false
            }
        }
    }
    /// `seq` of the extra file's row n (1-based) is this plus n: after comments.csv's `c000001`… numbers.
    static let extraSeqBase: Int64 = 100_000

    /// The id of a film the extra file names but `movies.csv` lacks: its title, which is all that is known.
    static func extraFilmID(_ title: String) -> String { "t-" + title }
}

import AppSuiteTesting
import Community
import Foundation
import Storage
import Testing

/// Favourites and share codes (``FavoriteStore``) over the real films of the movies data, described by a resolver as
/// the movies app describes them (title, page, poster).
@Suite(.requires(.movies)) struct FavoriteTests {
    let database: any Database
    let store: FavoriteStore
    /// The real films: id → (title, poster).
    let films: [(id: String, title: String, poster: String)]

    init() throws {
        database = try CommunityDatabase.make()
        let rows = try SharedDataSet.movies.rows("movies.csv")
        films = rows.compactMap { row in
            guard let id = row["movie_id"], let title = row["title"], !id.isEmpty, !title.isEmpty else { return nil }
            return (id, title, row["poster_url"] ?? "")
        }
        let byID = Dictionary(films.map { ($0.id, $0) }) { first, _ in first }
        let resolver = SubjectResolver { _, item in
            byID[item].map { SubjectInfo(title: $0.title, path: "/movies/films/\(item)", imageURL: $0.poster.isEmpty ? nil : $0.poster) }
        }
        store = FavoriteStore(database: database, directory: SubjectDirectory(["movies": resolver]))
    }

    func subject(_ index: Int) -> Subject { Subject(app: "movies", item: films[index].id) }

    @Test func savingIsIdempotentAndKeepsWhatTheAppSaidTheItemWas() throws {
        #expect(films.count > 1_000)
        try store.add(subject(0), userID: 7)
        try store.add(subject(0), userID: 7)
        #expect(try store.contains(subject(0), userID: 7) && !store.contains(subject(0), userID: 8))
        let page = try store.list(userID: 7, cursor: nil, limit: 10)
        #expect(page.items.count == 1 && page.nextCursor == nil)
        let saved = try #require(page.items.first)
        #expect(saved.subject == subject(0) && saved.info.title == films[0].title && saved.info.path == "/movies/films/\(films[0].id)")
        #expect(saved.info.imageURL == (films[0].poster.isEmpty ? nil : films[0].poster))
        // An item the app does not know, or an app that is not installed, cannot be saved.
        #expect(throws: CommentError.notFound) { try store.add(Subject(app: "movies", item: "no-such-film"), userID: 7) }
        #expect(throws: CommentError.notFound) { try store.add(Subject(app: "weather", item: films[1].id), userID: 7) }
        try store.remove(subject(0), userID: 7)
        try store.remove(subject(0), userID: 7)
        #expect(try !store.contains(subject(0), userID: 7) && store.list(userID: 7, cursor: nil, limit: 10).items.isEmpty)
    }

    @Test func keysetPagesListEveryFavouriteOnceNewestFirst() throws {
        for index in 0..<45 { try store.add(subject(index), userID: 7) }
        for index in 100..<103 { try store.add(subject(index), userID: 8) }
        var seen: [Subject] = []
        var cursor: String?
        var pages = 0
        repeat {
            let page = try store.list(userID: 7, cursor: cursor, limit: 20)
            seen += page.items.map(\.subject)
            cursor = page.nextCursor
            pages += 1
            // Saving more between pages never shifts a later page: new ones are newer than every cursor.
            if pages == 1 { try store.add(subject(60), userID: 7) }
        } while cursor != nil
        #expect(pages == 3)
        #expect(seen == (0..<45).reversed().map(subject))
        #expect(try store.list(userID: 7, cursor: nil, limit: 1).items.map(\.subject) == [subject(60)])
        // The app filter, and the limit's bounds (1–100).
        #expect(try store.list(userID: 7, app: "merchants", cursor: nil, limit: 10).items.isEmpty)
        #expect(try store.list(userID: 7, app: "movies", cursor: nil, limit: 0).items.count == 1)
        #expect(try store.list(userID: 7, cursor: nil, limit: 1_000).items.count == 46)
        #expect(throws: CommentError.badCursor) { try store.list(userID: 7, cursor: "c-1", limit: 10) }
    }

    @Test func countsPerItemOptionallyAmongSomeUsers() throws {
        // Users 1–30 save films 0–9, user u the first u % 10 + 1 of them: film k is saved by every user with u % 10 >= k.
        for user in 1...30 { for index in 0...(user % 10) { try store.add(subject(index), userID: Int64(user)) } }
        let all = try database.read { db in try FavoriteStore.counts(app: "movies", db: db) }
        for index in 0..<10 { #expect(all[films[index].id] == Int64((1...30).filter { $0 % 10 >= index }.count), "film \(index)") }
        #expect(all.count == 10)
        let some = try database.read { db in
            try FavoriteStore.counts(app: "movies", items: [films[0].id, films[9].id, films[20].id], users: [9, 10, 19, 29], db: db)
        }
        #expect(some == [films[0].id: 4, films[9].id: 3])
        // More ids than one IN list takes (500 each): the chunks add up.
        let manyUsers = Array(Int64(1)...Int64(1_200))
        let chunked = try database.read { db in try FavoriteStore.counts(app: "movies", items: [films[0].id], users: manyUsers, db: db) }
        #expect(chunked == [films[0].id: 30])
        #expect(try database.read { db in try FavoriteStore.contains(subject(3), userID: 13, db: db) && !FavoriteStore.contains(subject(4), userID: 13, db: db) })
    }

    @Test func aShareCodeIsShortStableAndLeadsBack() throws {
        let code = try store.shareCode(subject(5))
        #expect(code.count == 7 && code.allSatisfy { "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ".contains($0) })
        #expect(try store.shareCode(subject(5)) == code)
        let other = try store.shareCode(subject(6))
        #expect(other != code)
        #expect(try store.subject(forShareCode: code) == subject(5) && store.subject(forShareCode: other) == subject(6))
        #expect(try store.subject(forShareCode: "nothing") == nil)
        #expect(throws: CommentError.notFound) { try store.shareCode(Subject(app: "movies", item: "no-such-film")) }
    }
}

import AppSuiteTesting
import Community
import Foundation
import Identity
import Storage
import Synchronization
import Testing

/// Star ratings (``RatingStore``): one per user and subject, rating again replaces, per-subject totals kept in step,
/// rated reviews, and what deleting an account takes out — on the real 短评 stars of the movies data.
@Suite(.requires(.movies)) struct RatingTests {
    /// One real rating: film, author (the number of `user_00297`) and stars, in file order.
    struct Rating { let film: String, user: Int64, stars: Int }

    /// The stars of every 短评 of `films` that has some, in file order.
    static func ratings(of films: Set<String>) throws -> [Rating] {
        try RealComments.rows().compactMap { row in
            guard let film = row["movie_id"], films.contains(film), let stars = Int(row["rating"] ?? ""),
                  let user = Int64((row["user_id"] ?? "").drop { !$0.isNumber }) else { return nil }
            return Rating(film: film, user: user, stars: stars)
        }
    }

    /// The distribution a film must show: each author's last stars (rating again replaces), counted by stars.
    static func expected(_ ratings: [Rating], film: String) -> [Int64] {
        var last: [Int64: Int] = [:]
        for rating in ratings where rating.film == film { last[rating.user] = rating.stars }
        var distribution: [Int64] = [0, 0, 0, 0, 0]
        for stars in last.values { distribution[stars - 1] += 1 }
        return distribution
    }

    @Test func totalsEqualEachAuthorsLastStarsOfTheRealData() throws {
        // Two of the most commented films (480 短评 each), where some authors rated twice.
        let films: Set<String> = ["26213252", "27060077"]
        let ratings = try Self.ratings(of: films)
        #expect(ratings.count > 900)
        let store = RatingStore(database: try CommunityDatabase.make())
        for (index, rating) in ratings.enumerated() {
            try store.rate(Subject(app: "movies", item: rating.film), userID: rating.user, stars: rating.stars, now: 1_700_000_000 + Int64(index))
        }
        var checked = 0
        for film in films {
            let summary = try store.summary(Subject(app: "movies", item: film))
            let expected = Self.expected(ratings, film: film)
            #expect(summary.distribution == expected, "\(film)")
            let raters = Set(ratings.filter { $0.film == film }.map(\.user)).count
            #expect(summary.count == Int64(raters) && raters < ratings.filter { $0.film == film }.count, "some authors rated twice")
            let mean = Double(expected.enumerated().reduce(0) { $0 + Int64($1.offset + 1) * $1.element }) / Double(raters)
            #expect(abs((summary.average ?? 0) - mean) < 1e-12)
            checked += 1
        }
        #expect(checked == 2)
        // Many subjects at once: the same summaries; a subject nobody rated is absent, and reads as no ratings one by one.
        let subjects = films.map { Subject(app: "movies", item: $0) } + [Subject(app: "movies", item: "1292052"), Subject(app: "merchants", item: "1")]
        let summaries = try store.summaries(subjects)
        #expect(summaries.count == 2)
        for film in films { #expect(summaries[Subject(app: "movies", item: film)] == (try store.summary(Subject(app: "movies", item: film)))) }
        #expect(try store.summary(Subject(app: "movies", item: "1292052")) == RatingSummary() && RatingSummary().average == nil)
    }

    @Test func starsOutsideOneToFiveAreRefusedAndChangeNothing() throws {
        let store = RatingStore(database: try CommunityDatabase.make())
        let subject = Subject(app: "movies", item: "26213252")
        for stars in [0, 6, -1] {
            #expect(throws: CommentError.invalidRating) { try store.rate(subject, userID: 1, stars: stars, now: 1_700_000_000) }
        }
        #expect(try store.summary(subject).count == 0)
    }

    @Test func aRatedReviewStoresItsStarsWithTheCommentAndHeldOnesCountNowhere() throws {
        let database = try CommunityDatabase.make()
        let clock = Atomic<Int64>(1_800_000_000)
        let comments = CommentStore(database: database, policy: CommunityDatabase.relaxed(), now: { clock.load(ordering: .relaxed) })
        let ratings = RatingStore(database: database)
        let users = UserStore(database: database, hasher: PasswordHasher())
        let alice = try users.register(username: "alice", password: "a long passphrase", now: 1_700_000_000)
        let bob = try users.register(username: "bob", password: "a long passphrase", now: 1_700_000_000)
        let texts = try RealComments.texts(6)
        let subject = Subject(app: "movies", item: "26213252")

        let first = try comments.post(subject, author: .user(id: alice.id, name: alice.nickname), text: texts[0], stars: 4)
        let second = try comments.post(subject, author: .user(id: bob.id, name: bob.nickname), text: texts[1], stars: 2)
        let plain = try comments.post(subject, author: .user(id: bob.id, name: bob.nickname), text: texts[2])
        #expect(try ratings.stars(forComments: [first.id, second.id, plain.id]) == [first.id: 4, second.id: 2])
        #expect(try ratings.summary(subject).distribution == [0, 1, 0, 1, 0])
        // Alice reviews again with other stars: her rating moves to the new review, the totals still count her once.
        clock.add(120, ordering: .relaxed)
        let again = try comments.post(subject, author: .user(id: alice.id, name: alice.nickname), text: texts[3], stars: 5)
        #expect(try ratings.summary(subject).distribution == [0, 1, 0, 0, 1])
        #expect(try ratings.stars(forComments: [first.id, again.id]) == [again.id: 5])
        // A review the spam check holds records no stars until a moderator approves it.
        let held = try comments.post(subject, author: .user(id: bob.id, name: bob.nickname),
                                     text: "看片 http://a.example https://b.example www.c.example", stars: 1)
        #expect(held.isHeld)
        #expect(try ratings.summary(subject).distribution == [0, 1, 0, 0, 1])
        // Stars only on a signed-in author's top-level comment.
        #expect(throws: CommentError.invalidRating) { try comments.post(subject, author: .anonymous(device: "d"), text: texts[4], stars: 3) }
        #expect(throws: CommentError.invalidRating) {
            try comments.post(subject, author: .user(id: bob.id, name: bob.nickname), text: texts[4], parentID: first.id, stars: 3)
        }
        #expect(throws: CommentError.invalidRating) {
            try comments.post(subject, author: .user(id: bob.id, name: bob.nickname), text: texts[5], stars: 0)
        }

        // Deleting bob's account takes his stars out of the totals and keeps his reviews under 已注销用户.
        try database.write { db in _ = try CommunityAccountData.part.erase(bob.id, db) }
        #expect(try ratings.summary(subject).distribution == [0, 0, 0, 0, 1])
        let kept = try #require(try comments.comment(second.id))
        #expect(kept.authorName == CommentStore.deletedUserName && kept.userID == nil && kept.text == texts[1])
    }
}

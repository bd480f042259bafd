import AppSuiteTesting
import Community
import Identity
import Notifications
import Storage

/// A fresh database for the community stores, on the backend the run picks (``TemporaryDatabase``: SQLite, or a
/// PostgreSQL schema under `APPSUITE_TEST_DATABASE_URL`), with every module they touch: posting reads bans (roles), a
/// reply writes a notification (notifications), spam is held in the moderation queue (moderation).
enum CommunityDatabase {
    static func make() throws -> any Database {
        let database = try TemporaryDatabase.make()
        try Migrator.migrate(database, IdentitySchema.migrations() + RoleSchema.migrations() + NotificationSchema.migrations()
                                 + CommunitySchema.migrations() + ModerationSchema.migrations())
        return database
    }

    /// Limits high enough that a test posting many comments from one author is not rate-limited.
    static func relaxed() -> CommentPolicy {
        var policy = CommentPolicy()
        policy.perMinute = 1_000_000
        policy.perHour = 1_000_000
        return policy
    }
}

/// The real comments of the movies data (`movies/comments.csv`: 8,026 Douban 短评 with their film, author, stars and
/// text); tests that read them carry `.requires(.movies)`.
enum RealComments {
    static func rows() throws -> [[String: String]] { try SharedDataSet.movies.rows("comments.csv") }

    /// The first `count` different texts, in file order: no two the same after ``CommentStore/normalizedKey(_:)`` (the data
    /// repeats a few, which the repeated-text check would hold), none empty.
    static func texts(_ count: Int) throws -> [String] {
        var keys: Set<String> = []
        return Array(try rows().compactMap { $0["content"] }.filter { !$0.isEmpty && keys.insert(CommentStore.normalizedKey($0)).inserted }
            .prefix(count))
    }
}

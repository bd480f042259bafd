import Foundation
import Storage
import Testing

/// Issue 25 item 5: data versions, bumped after a write, heard by every server on one PostgreSQL database through
/// `LISTEN/NOTIFY`; on SQLite the process's own counter.
@Suite struct DataVersionsTests {
    /// Polls `condition` every 10 ms for up to `seconds`; the time it took, or nil.
    private func within(_ seconds: Double, _ condition: () -> Bool) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < seconds {
            if condition() { return Date().timeIntervalSince(start) }
            usleep(10_000)
        }
        return nil
    }

    @Test func aChangeMovesTheVersionHereAtOnce() throws {
        let versions = DataVersions(database: try TemporaryDatabase.make(), log: { _ in })
        defer { versions.stop() }
        let feed = versions.version("movies.feed")
        let other = versions.version("movies.top")
        // On PostgreSQL the listener connects first; until then nothing may be kept.
        #expect(within(10) { feed.current != nil } != nil)
        let before = try #require(feed.current)
        let untouched = other.current
        feed.changed()
        #expect(feed.current == before + 1, "bumped in this process before the call returns")
        #expect(other.current == untouched)
        #expect(versions.version("movies.feed").current == feed.current, "one counter per name")
    }

    @Test(.enabled(if: TemporaryDatabase.postgresURL != nil, "needs PostgreSQL (APPSUITE_TEST_DATABASE_URL): one SQLite file has one server"))
    func anotherServerHearsAChangeWithinASecond() throws {
        let first = try #require(try TemporaryDatabase.make() as? PostgreSQLDatabase)
        // The second server: its own connections to the same schema, named by the URL as another process would.
        let second = try PostgreSQLDatabase(configuration: .init(url: first.urlWithSchema, maximumConnections: 2))
        let here = DataVersions(database: first, log: { _ in })
        let there = DataVersions(database: second, log: { _ in })
        defer {
            here.stop()
            there.stop()
        }
        let (feed, heard, unrelated) = (here.version("movies.feed"), there.version("movies.feed"), there.version("merchants"))
        #expect(within(10) { feed.current != nil && heard.current != nil } != nil, "both listeners connect")
        let (before, unrelatedBefore) = (try #require(heard.current), unrelated.current)
        feed.changed()
        let took = within(1) { (heard.current ?? 0) > before }
        #expect(took != nil, "the other server's version moved within 1 s")
        #expect(unrelated.current == unrelatedBefore)
        // A third installation on the same database (another schema) hears nothing of this one.
        let foreign = try #require(try TemporaryDatabase.make() as? PostgreSQLDatabase)
        let elsewhere = DataVersions(database: foreign, log: { _ in })
        defer { elsewhere.stop() }
        let stranger = elsewhere.version("movies.feed")
        #expect(within(10) { stranger.current != nil } != nil)
        let strangerBefore = stranger.current
        feed.changed()
        #expect(within(1) { (heard.current ?? 0) > before + 1 } != nil)
        usleep(200_000)
        #expect(stranger.current == strangerBefore, "another schema's servers ignore the change")
    }
}

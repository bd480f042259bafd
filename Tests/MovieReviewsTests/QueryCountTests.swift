import AppHost
import Community
import Foundation
import HTTPServer
import Identity
import MovieReviews
import Storage
import Synchronization
import AppSuiteTesting
import Testing

/// A `Database` that counts the statements run through it: how many queries a page costs.
final class CountingDatabase: Database {
    let base: any Database
    private let count = Mutex(0)

    init(_ base: any Database) { self.base = base }

    var dialect: SQLDialect { base.dialect }
    var statements: Int { count.withLock { $0 } }
    func counted() { count.withLock { $0 += 1 } }

    func read<T>(_ body: (any SQLExecutor) throws -> T) throws -> T {
        try base.read { try body(CountingExecutor(base: $0, database: self)) }
    }

    func write<T>(_ body: (any SQLExecutor) throws -> T) throws -> T {
        try base.write { try body(CountingExecutor(base: $0, database: self)) }
    }
}

struct CountingExecutor: SQLExecutor {
    let base: any SQLExecutor
    let database: CountingDatabase

    var dialect: SQLDialect { base.dialect }

    func execute(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Int {
        database.counted()
        return try base.execute(sql, arguments)
    }

    func query(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> [Row] {
        database.counted()
        return try base.query(sql, arguments)
    }

    func queryFirst(_ sql: String, _ arguments: [SQLValue]) throws(StorageError) -> Row? {
        database.counted()
        return try base.queryFirst(sql, arguments)
    }

    func executeScript(_ sql: String) throws(StorageError) {
        database.counted()
        try base.executeScript(sql)
    }
}

/// Lists answer with a fixed number of queries however many rows they show (issue 18, item 7): the movies
/// app on the real data, in process through `Responder`, on a database that counts statements.
@Suite(.serialized, .requires(.movies)) struct QueryCountTests {
    typealias App = (database: CountingDatabase, responder: Responder, reviews: [Int64])

    /// Built once; a failure is reported by every test that needs it, never a trap.
    static let built: Result<App, TestFailure> = {
        do {
            let database = CountingDatabase(try TemporaryDatabase.make())
            try Migrator.migrate(database.base, IdentitySchema.migrations() + CommunitySchema.migrations() + MovieReviewsApp().migrations())
            let authenticator = Authenticator(identity: IdentityService(database: database, secret: .ephemeral()), usesSecureCookies: false)
            let directory = URL(fileURLWithPath: NSTemporaryDirectory() + "movies-queries-\(UUID().uuidString)")
            let context = AppContext(database: database, authenticator: authenticator, dataDirectory: directory,
                                     mediaDirectory: directory, workPool: WorkPool(), settings: AppSettings(), clock: .system,
                                     subjects: SubjectDirectory([:]))
            _ = try MovieReviewsApp().importer(context: context)!.importData(from: SharedData.movies) { _ in }
            var routes = AppRoutes(appID: "movies", guard: SessionGuard(authenticator: authenticator))
            MovieReviewsApp().routes(&routes, context: context)
            var router = Router()
            routes.mount(into: &router)
            // Comments on every third review of the feed's first page, a different number on each.
            let reviews = try database.base.read { db in
                try db.query("SELECT id FROM movies_reviews ORDER BY feed_rank LIMIT 20", []).map { try $0.get(0, as: Int64.self) }
            }
            var policy = CommentPolicy()
            policy.perMinute = 1_000
            policy.perHour = 1_000
            let comments = CommentStore(database: database.base, policy: policy)
            let texts = try SharedData.rows("comments.csv").compactMap { $0["content"] }.filter { !$0.isEmpty && $0.count < 500 }
            var next = 0
            for (index, review) in reviews.enumerated() where index % 3 == 0 {
                for _ in 0...(index / 3) {
                    _ = try comments.post(Subject(app: "movies", item: String(review)), author: .anonymous(device: "device-\(next)"),
                                          text: texts[next])
                    next += 1
                }
            }
            return .success((database, Responder(router: router, configuration: ServerConfiguration()), reviews))
        } catch {
            return .failure(TestFailure("cannot build the movies app: \(error)"))
        }
    }()

    static var app: App { get throws { try built.get() } }

    /// The statements a GET runs, with its status and body.
    static func statements(_ path: String, query: String = "") throws -> (count: Int, status: Int, body: String) {
        let app = try app
        let before = app.database.statements
        let response = app.responder.respond(to: Request(method: .get, path: path, query: FormData.parse(urlEncoded: query)))
        guard case .bytes(let bytes) = response.body else { return (app.database.statements - before, response.status.code, "") }
        return (app.database.statements - before, response.status.code, String(decoding: bytes, as: UTF8.self))
    }

    @Test("counts of many subjects take one query and equal the one-by-one counts")
    func countsInOneQuery() throws {
        let store = CommentStore(database: try Self.app.database)
        let subjects = try Self.app.reviews.map { Subject(app: "movies", item: String($0)) } + [Subject(app: "movies", item: "no-such-review")]
        let before = try Self.app.database.statements
        let counts = try store.counts(subjects)
        #expect(try Self.app.database.statements - before == 1)
        #expect(counts.count == subjects.count)
        for subject in subjects { #expect(counts[subject] == (try store.count(subject))) }
        #expect(counts[subjects[0]] == 1)
        #expect(counts[subjects[3]] == 2)
        #expect(counts[subjects[18]] == 7)
        #expect(counts[subjects[1]] == 0)

        // 321 subjects of one app (two statements: 256 + 65 items), one of another app, duplicates counted once.
        let many = (0..<300).map { Subject(app: "movies", item: "x\($0)") } + subjects + subjects + [Subject(app: "photos", item: "1")]
        let again = try Self.app.database.statements
        let manyCounts = try store.counts(many)
        #expect(try Self.app.database.statements - again == 3)
        #expect(manyCounts.count == 300 + subjects.count + 1)
        for subject in subjects { #expect(manyCounts[subject] == counts[subject]) }
        #expect(manyCounts[Subject(app: "photos", item: "1")] == 0 && manyCounts[Subject(app: "movies", item: "x7")] == 0)
        #expect(try store.counts([]).isEmpty)
    }

    @Test("the feed and the reviews API run as many queries for 20 rows as for fewer")
    func listsRunAFixedNumberOfQueries() throws {
        // 首页: 200 mixed cards, 20 a page; the last page holds 10 of them from offset 190.
        let full = try Self.statements("/movies")
        let last = try Self.statements("/movies", query: "cursor=1700000000.190")
        #expect(full.status == 200 && last.status == 200)
        #expect(full.body.components(separatedBy: "<li class=\"mv-cell").count - 1 == 20)
        #expect(last.body.components(separatedBy: "<li class=\"mv-cell").count - 1 == 10)
        #expect(full.count == last.count)
        #expect(full.count <= 8, "\(full.count) statements")
        // 影评 tab: 20 reviews a page, and the same for the last 2.
        let newest = try Self.statements("/movies/reviews")
        let oldest = try Self.statements("/movies/reviews", query: "cursor=1460600000.1")
        #expect(newest.body.components(separatedBy: "class=\"mv-cell\"").count - 1 == 20)
        #expect(newest.count == oldest.count)

        let one = try Self.statements("/api/v1/movies/reviews", query: "limit=1")
        let twenty = try Self.statements("/api/v1/movies/reviews", query: "limit=20")
        #expect(one.status == 200 && twenty.status == 200)
        #expect(twenty.body.contains("\"commentCount\":7"))
        #expect(one.count == twenty.count)
    }
}

import AppHost
import AppSuiteTesting
import Foundation
import Storage
import Testing
@testable import AppSuiteCLI

/// `appsuite db copy` on the real imported data of every app plus what people do (accounts, sessions, an uploaded
/// photo, a comment and a reply, the reply's notification, a favourite, a saved place, a 切图 job): SQLite into SQLite always,
/// and SQLite into PostgreSQL and back when APPSUITE_TEST_DATABASE_URL names a server (issue 10 item 5).
@Suite(.requires(.gaokao), .requires(.movies), .requires(.photos), .requires(.weather), .requires(.appstore), .requires(.merchants))
struct DatabaseCopyCommandTests {
    /// The source installation, built once for the suite's tests: a server on a SQLite file in its data directory.
    struct Source: Sendable {
        let server: TestServer
        let path: String
        let database: SQLiteDatabase
        let alice: TestAccount
    }

    static let source = Result(catching: { () throws -> Source in
        let directory = TemporaryDirectory("dbcopy-source")
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let path = directory.path + "/appsuite.sqlite"
        let database = try SQLiteDatabase(configuration: .init(path: path, maximumConnections: 32))
        let server = try TestServer(importing: SharedDataSet.allCases, directory: directory, database: database)
        let alice = try server.register("alice")
        let bob = try server.register("bob")
        let photo = try Array(Data(contentsOf: SharedDataSet.photos.url("ordinary/coffee.png")))
        let upload = try server.upload("/api/v1/photos", files: [MultipartFile(filename: "coffee.png", bytes: photo)], token: alice.token)
        guard upload.status == 201 else { throw TestFailure("upload: \(upload.status) \(upload.text)") }
        let comment = try server.send("POST", "/api/v1/movies/reviews/7885559/comments", json: #"{"text":"迁移前的评论 before the move"}"#,
                                      token: alice.token)
        guard comment.status == 201, let commentID = try comment.json()["id"] else { throw TestFailure("comment: \(comment.status) \(comment.text)") }
        let reply = try server.send("POST", "/api/v1/movies/reviews/7885559/comments", json: #"{"text":"回复 alice","parentId":\#(commentID)}"#,
                                    token: bob.token)
        guard reply.status == 201 else { throw TestFailure("reply: \(reply.status) \(reply.text)") }
        guard try server.request("PUT", "/api/v1/favorites/movies/7885559", token: alice.token).status == 200 else {
            throw TestFailure("favourite")
        }
        let place = try database.read { try $0.scalar("SELECT adcode FROM weather_places WHERE weather_id IS NOT NULL ORDER BY adcode", as: String.self) }
        let saved = try server.send("POST", "/api/v1/weather/saved-places", json: #"{"placeId":"\#(place ?? "")"}"#, token: alice.token)
        guard saved.status < 300 else { throw TestFailure("saved place: \(saved.status) \(saved.text)") }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect id="btn_ok_nor" width="48" height="48" fill="blue"/></svg>"#
        let slice = try server.upload("/slicer/jobs", files: [MultipartFile(field: "design", filename: "ok.svg", bytes: Array(svg.utf8))],
                                      token: alice.token)
        guard slice.status == 303, slice.headers["location"]?.hasPrefix("/slicer/jobs/") == true else {
            throw TestFailure("slicer job: \(slice.status) \(slice.text.prefix(300))")
        }
        return Source(server: server, path: path, database: database, alice: alice)
    })

    /// Queries whose rows must come out the same from both databases: a few values of every app's data.
    static let spotChecks = [
        "SELECT id, username, username_key, password_hash, nickname, created_at FROM users ORDER BY id",
        "SELECT user_id, sha256, filename, format, width, height, orientation FROM photos_photos ORDER BY id LIMIT 3",
        "SELECT id, app, item, root_id, parent_id, user_id, body FROM community_comments WHERE user_id IS NOT NULL ORDER BY id",
        "SELECT user_id, kind, actor, body, link, created_at, read_at FROM notifications ORDER BY id",
        "SELECT user_id, app, item FROM community_favorites ORDER BY user_id, app, item",
        "SELECT * FROM gaokao_score_rank ORDER BY province, year, category, table_scope, score_low LIMIT 5",
        "SELECT * FROM gaokao_notices ORDER BY id",
        "SELECT id, film_id, author, title, rating, published_at FROM movies_reviews ORDER BY id LIMIT 5",
        "SELECT * FROM appdeals_apps ORDER BY id LIMIT 3",
        "SELECT * FROM appdeals_prices ORDER BY region, app_id, observed_at LIMIT 5",
        "SELECT * FROM weather_places WHERE level = 'county' ORDER BY adcode LIMIT 3",
        "SELECT user_id, adcode FROM weather_saved_places ORDER BY user_id, adcode",
        "SELECT * FROM merchants ORDER BY id LIMIT 3",
    ]

    /// The copy's counts, and every spot check, agree between `a` and `b`.
    static func expectSameData(_ a: any Database, _ b: any Database) throws {
        let counts = try DatabaseCopy.rowCounts(a)
        #expect(counts.count >= 40, "every module's tables: \(counts.keys.sorted())")
        #expect(try DatabaseCopy.rowCounts(b) == counts)
        for table in ["users", "sessions", "photos_photos", "community_comments", "notifications", "gaokao_score_rank", "gaokao_universities",
                      "movies_reviews", "movies_comments", "appdeals_apps", "appdeals_prices", "weather_places", "weather_observations",
                      "merchants", "slicer_jobs"] {
            #expect((counts[table] ?? 0) > 0, "\(table) has rows to copy")
        }
        for sql in spotChecks {
            let rows = { (database: any Database) in
                try database.read { db in try db.query(sql, []).map { row in (0..<row.columnCount).map { row[$0] } } }
            }
            let expected = try rows(a)
            #expect(!expected.isEmpty, "\(sql)")
            #expect(try rows(b) == expected, "\(sql)")
        }
    }

    @Test func copiesEveryAppsDataIntoANewSQLiteFile() throws {
        let source = try Self.source.get()
        let target = TemporaryDirectory("dbcopy-target")
        try FileManager.default.createDirectory(atPath: target.path, withIntermediateDirectories: false)
        let path = target.path + "/copy.sqlite"
        #expect(CommandLineTool.run(["db", "copy", "--from", "sqlite:" + source.path, "--to", "sqlite:" + path], environment: [:]) == 0)
        try Self.expectSameData(source.database, SQLiteDatabase(path: path))
        // Again without --force: the target now has rows of its own, and is left as it is.
        #expect(CommandLineTool.run(["db", "copy", "--from", "sqlite:" + source.path, "--to", "sqlite:" + path], environment: [:])
                == ExitCode.cannotCreate.rawValue)
        #expect(CommandLineTool.run(["db", "copy", "--from", "sqlite:" + source.path, "--to", "sqlite:" + path, "--force"], environment: [:]) == 0)
        try Self.expectSameData(source.database, SQLiteDatabase(path: path))
    }

    @Test(.enabled(if: TemporaryDatabase.postgresURL != nil,
                   "needs a PostgreSQL server: set APPSUITE_TEST_DATABASE_URL (scripts/pg-cluster start DIR prints one)"))
    func copiesEveryAppsDataIntoPostgreSQLAndBack() throws {
        let source = try Self.source.get()
        let postgres = try PostgreSQLDatabase.temporary(url: TemporaryDatabase.postgresURL!, maximumConnections: 32)
        #expect(CommandLineTool.run(["db", "copy", "--from", "sqlite:" + source.path, "--to", postgres.urlWithSchema], environment: [:]) == 0)
        try Self.expectSameData(source.database, postgres)

        // A server on the copy: the same accounts, photos and inbox, and new rows get new keys.
        let server = try TestServer(database: postgres)
        let alice = try server.logIn("alice")
        let photos = try server.get("/api/v1/photos", token: alice.token).json()["items"] as? [[String: Any]]
        #expect(photos?.count == 1)
        let inbox = try server.get("/api/v1/inbox", token: alice.token).json()["items"] as? [[String: Any]]
        #expect(inbox?.first?["kind"] as? String == "community.reply")
        let carol = try server.register("carol")
        #expect(try server.send("POST", "/api/v1/movies/reviews/7885559/comments", json: #"{"text":"迁移后的评论"}"#, token: carol.token).status == 201)
        let maxUser = try source.database.read { try $0.scalar("SELECT max(id) FROM users", as: Int64.self) }
        #expect(try postgres.read { try $0.scalar("SELECT id FROM users WHERE username = 'carol'", as: Int64.self) } == (maxUser ?? 0) + 1)

        // And back into SQLite, as a later move off PostgreSQL would.
        let back = TemporaryDirectory("dbcopy-back")
        try FileManager.default.createDirectory(atPath: back.path, withIntermediateDirectories: false)
        #expect(CommandLineTool.run(["db", "copy", "--from", postgres.urlWithSchema, "--to", "sqlite:" + back.path + "/back.sqlite"],
                                    environment: [:]) == 0)
        try Self.expectSameData(postgres, SQLiteDatabase(path: back.path + "/back.sqlite"))
    }
}

/// The command line's answers to mistakes, without any data.
@Suite struct DatabaseCopyUsageTests {
    @Test func mistakesGetClearExitCodes() throws {
        let run = { (words: [String]) in CommandLineTool.run(["db"] + words, environment: [:]) }
        let directory = TemporaryDirectory("dbcopy-usage")
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: false)
        let existing = directory.path + "/a.sqlite"
        _ = try SQLiteDatabase(path: existing)
        #expect(run([]) == ExitCode.usage.rawValue)
        #expect(run(["move", "--from", "sqlite:" + existing, "--to", "sqlite:b"]) == ExitCode.usage.rawValue)
        #expect(run(["copy", "--from", "sqlite:" + existing]) == ExitCode.usage.rawValue, "no --to")
        #expect(run(["copy", "--from", "mysql://x/y", "--to", "sqlite:b"]) == ExitCode.usage.rawValue)
        #expect(run(["copy", "--from", "sqlite:", "--to", "sqlite:b"]) == ExitCode.usage.rawValue)
        #expect(run(["copy", "--from", "sqlite:" + existing, "--to", "sqlite:" + existing]) == ExitCode.usage.rawValue, "the same file")
        #expect(run(["copy", "--from", "sqlite:" + existing, "--to", "sqlite:b", "--overwrite"]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.run(["serve", "--from", "sqlite:" + existing], environment: [:]) == ExitCode.usage.rawValue)
        #expect(run(["copy", "--from", "sqlite:" + directory.path + "/missing.sqlite", "--to", "sqlite:b"]) == ExitCode.noInput.rawValue)
        #expect(run(["copy", "--from", "sqlite:" + existing, "--to", "postgres://appsuite@127.0.0.1:1/appsuite?connect_timeout=2"])
                == ExitCode.unavailable.rawValue, "nothing listens on port 1")
        #expect(run(["copy", "--from", "sqlite:" + existing, "--to", "sqlite:/no/such/folder/b.sqlite"]) == ExitCode.cannotCreate.rawValue)
        try Data("not a database, just text".utf8).write(to: URL(fileURLWithPath: directory.path + "/text.sqlite"))
        #expect(run(["copy", "--from", "sqlite:" + directory.path + "/text.sqlite", "--to", "sqlite:" + directory.path + "/c.sqlite"])
                == ExitCode.dataError.rawValue)
    }

    @Test func theCountsTableLinesUpAndMarksDifferences() {
        let table = DatabaseCommand.table([.init(table: "users", source: 12, target: 12), .init(table: "gaokao_score_rank", source: 120_345, target: 120_344)])
        #expect(table == """
            table                 source     target
            users                     12         12
            gaokao_score_rank     120345     120344  ≠
            total                 120357     120356
            """)
    }
}

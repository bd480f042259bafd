import AppHost
import AppSuiteTesting
@testable import AppSuiteCLI
@testable import AppSuiteServer
import Community
import Foundation
import HTTPServer
import Identity
import Storage
import Testing
import WebUI

/// An app defined here, in a test target, and nowhere else: handed to the suite and the command line, it
/// gets its pages, API, OpenAPI entries, a command, a setting, a scheduled job and its Community subjects.
struct GuestbookApp: MiniApp {
    static let greeting = AppSetting.text("guestbook-greeting", default: "欢迎留言", help: "the heading of the guestbook (default 欢迎留言)")

    var manifest: AppManifest {
        AppManifest(id: "guestbook", title: LocalizedText(zh: "留言簿", en: "Guestbook"),
                    summary: LocalizedText(zh: "留言", en: "Notes from visitors"), icon: .grid, tint: .blue)
    }

    func migrations() -> [Migration] {
        [Migration(module: "guestbook", version: 1, name: "create_guestbook", sql: """
            CREATE TABLE guestbook_entries (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
            CREATE TABLE guestbook_heartbeats (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, entries INTEGER NOT NULL);
            """)]
    }

    static func entries(_ database: any Database) throws -> [(id: Int64, text: String)] {
        try database.read { db in try db.query("SELECT id, text FROM guestbook_entries ORDER BY id").map { (try $0.get("id"), try $0.get("text")) } }
    }

    func routes(_ routes: inout AppRoutes, context: AppContext) {
        routes.pages.anyone.get("") { _, viewer in
            let entries = try Self.entries(context.database)
            return viewer.page(title: context.settings[Self.greeting]) {
                ul { for entry in entries { li(.id("entry-\(entry.id)")) { entry.text } } }
            }
        }
        routes.api.anyone.get("/entries") { _, _ in
            let entries = try Self.entries(context.database)
            return .json { json in
                json.object { json in
                    json.array("items") { list in
                        for entry in entries { list.object { $0.field("id", entry.id); $0.field("text", entry.text) } }
                    }
                }
            }
        }
    }

    var apiOperations: [APIOperation] {
        [APIOperation(.get, "/api/v1/guestbook/entries", summary: "Every entry, oldest first", tag: "Guestbook",
                      responses: [.init(200, "The entries", schema: .reference("GuestbookEntries"))])]
    }

    var apiSchemas: [(String, JSONSchema)] {
        [("GuestbookEntries", .object([("items", .array(.object([("id", .integer()), ("text", .string())], required: ["id", "text"])))],
                                     required: ["items"]))]
    }

    var commands: [any AppCommand] { [GuestbookCommand()] }

    var settings: [any DeclaredSetting] { [Self.greeting] }

    /// Every minute: notes the time (from the context's clock) and how many entries there are.
    func jobs(context: AppContext) -> [ScheduledJob] {
        [ScheduledJob("guestbook.heartbeat", every: 60) {
            let count = try Self.entries(context.database).count
            try context.database.write { db in
                try db.execute("INSERT INTO guestbook_heartbeats (at, entries) VALUES (?, ?)",
                               Int64(context.clock.now().timeIntervalSince1970), count)
            }
            return "\(count) entries"
        }]
    }

    var subjects: SubjectResolver? {
        SubjectResolver { db, item in
            guard let id = Int64(item), let text = try db.scalar("SELECT text FROM guestbook_entries WHERE id = ?", id, as: String.self) else {
                return nil
            }
            return SubjectInfo(title: text, path: "/guestbook#entry-\(id)")
        }
    }
}

/// `appsuite guestbook add TEXT`: writes an entry into the suite's database.
struct GuestbookCommand: AppCommand {
    var name: String { "guestbook" }
    var summary: String { "Guestbook tools: add an entry" }
    var usage: [String] { ["appsuite guestbook add TEXT [--data-dir var]"] }

    func run(_ invocation: CommandInvocation) throws(CommandFailure) -> ExitCode {
        guard invocation.arguments.count == 2, invocation.arguments[0] == "add" else { throw CommandFailure(.usage, usage[0]) }
        let database = try invocation.context().database
        do {
            try database.write { db in try db.execute("INSERT INTO guestbook_entries (text) VALUES (?)", invocation.arguments[1]) }
        } catch {
            throw CommandFailure(.dataError, "\(error)")
        }
        invocation.output("added")
        return .success
    }
}

@Suite struct PluginAppTests {
    @Test func anAppFromATestTargetPlugsInWhole() throws {
        let directory = TemporaryDirectory("plugin")
        let apps: [any MiniApp] = [GuestbookApp()]
        // On PostgreSQL the commands and the server share one temporary schema, as they share the data directory on SQLite.
        let postgres = try directory.postgresDatabase()
        let database = postgres.map { ["--database", $0.urlWithSchema] } ?? []

        // The command line: its command (opening the suite's database), its help line, its setting.
        #expect(CommandLineTool.run(["guestbook", "add", "你好，世界", "--data-dir", directory.path] + database, environment: [:], apps: apps) == 0)
        #expect(CommandLineTool.run(["guestbook", "remove", "--data-dir", directory.path], environment: [:], apps: apps) == ExitCode.usage.rawValue)
        let help = CommandLineTool.usage(apps: apps)
        #expect(help.contains("  appsuite guestbook add TEXT [--data-dir var]\n"))
        #expect(help.contains("  guestbook Guestbook tools: add an entry\n"))
        // Padded to the widest setting, the platform's --map-tile-attribution TEXT.
        #expect(help.contains("  --guestbook-greeting TEXT    the heading of the guestbook (default 欢迎留言)\n"))
        #expect(CommandLineTool.run(["import", "all", directory.path, "--guestbook-greeting", "", "--data-dir", directory.path], environment: [:], apps: apps)
                == ExitCode.usage.rawValue, "an empty greeting is refused before anything runs")

        // The server: settings from the environment, a fixed clock for the job.
        let clock = FixedClock(Date(timeIntervalSince1970: 1_717_200_000))
        let server = try TestServer(apps: apps, clock: clock, directory: directory, environment: ["APPSUITE_GUESTBOOK_GREETING": "Sign here"])
        let suite = server.suite

        // The job was due at start; then once a minute of the suite's clock.
        suite.scheduler.waitUntilIdle()
        clock.advance(by: 60)
        suite.scheduler.runDue()
        suite.scheduler.waitUntilIdle()
        let beats = try suite.database.read { db in
            try db.query("SELECT at, entries FROM guestbook_heartbeats ORDER BY id").map { (try $0.get("at", as: Int64.self), try $0.get("entries", as: Int64.self)) }
        }
        #expect(beats.map(\.0) == [1_717_200_000, 1_717_200_060] && beats.map(\.1) == [1, 1])

        let page = try server.get("/guestbook")
        #expect(page.status == 200)
        #expect(page.text.contains("Sign here") && page.text.contains(#"<li id="entry-1">你好，世界</li>"#))
        let launcher = try server.get("/")
        #expect(launcher.text.contains(#"href="/guestbook""#))

        let api = try server.get("/api/v1/guestbook/entries")
        let items = try #require(try api.json()["items"] as? [[String: Any]])
        #expect(items.count == 1 && items.first?["text"] as? String == "你好，世界")

        let openAPI = try server.get("/api/openapi.json")
        let document = try openAPI.json()
        let paths = try #require(document["paths"] as? [String: Any])
        let operation = try #require((paths["/api/v1/guestbook/entries"] as? [String: Any])?["get"] as? [String: Any])
        #expect(operation["summary"] as? String == "Every entry, oldest first")
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        #expect(schemas["GuestbookEntries"] != nil)

        // Community finds the app's items through its resolver: a favourite gets the entry's title and page.
        let visitor = try server.register("visitor")
        #expect(try server.request("PUT", "/api/v1/favorites/guestbook/1", headers: visitor.bearer).status == 200)
        #expect(try server.request("PUT", "/api/v1/favorites/guestbook/2", headers: visitor.bearer).status == 404)
        let favorites = try server.get("/api/v1/favorites", headers: visitor.bearer)
        let favorite = try #require((try favorites.json()["items"] as? [[String: Any]])?.first)
        #expect(favorite["title"] as? String == "你好，世界" && favorite["url"] as? String == "/guestbook#entry-1")
    }
}

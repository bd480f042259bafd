import AppHost
import AppSuiteServer
import CPostgres
import CSQLite
import Foundation
import Storage
import Synchronization

/// The real data sets imported once per test process and copied into each ``TestServer`` that imports the same sets
/// for the same apps: the import of `gaokao` alone (620,000 rows) costs about 40 s of CPU in a debug build, and the
/// suite starts a dozen servers on it. A copy is a file copy (SQLite: the database file, made with SQLite's backup API,
/// and the data directory's other files) or, on PostgreSQL, `CREATE DATABASE … TEMPLATE` (a file copy on the server),
/// so each server still gets its own database, exactly as a fresh import would leave it.
///
/// What these imports write depends on the data and the apps (their migrations) only: those make the key. Sets whose
/// importer reads more are never copied (``SharedDataSet/isTemplated``): `merchants` stamps its rows with the suite's
/// clock, `photos` files the photos for the user its settings name; a server imports those itself.
enum ImportTemplates {
    struct Key: Hashable, CustomStringConvertible {
        let apps: [String]
        let data: [SharedDataSet]

        var description: String { data.map(\.rawValue).joined(separator: "+") + " for " + apps.joined(separator: ",") }
    }

    /// One imported data directory, frozen: copied, never served.
    final class Template: Sendable {
        /// The data directory's files; on SQLite its `appsuite.sqlite` is the backup API's consistent copy.
        let directory: String
        /// On PostgreSQL, the database the import went into, closed to connections: the template of each copy.
        let postgresTemplate: String?
        let imports: [SharedDataSet: ImportSummary]

        init(directory: String, postgresTemplate: String?, imports: [SharedDataSet: ImportSummary]) {
            self.directory = directory
            self.postgresTemplate = postgresTemplate
            self.imports = imports
        }
    }

    /// One key's template, built by the first test that asks while later ones wait for it; a failure is kept and
    /// thrown to each of them.
    final class Slot: Sendable {
        let template = Mutex<Result<Template, TestFailure>?>(nil)
    }

    private static let slots = Mutex<[Key: Slot]>([:])

    /// The template for `key`, imported now if this process has none yet.
    static func template(_ key: Key, apps: [any MiniApp]) throws(TestFailure) -> Template {
        let slot = slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        return try slot.template.withLock { (built: inout Result<Template, TestFailure>?) in
            if let built { return built }
            let result = Result { () throws(TestFailure) -> Template in try build(key, apps: apps) }
            built = result
            return result
        }.get()
    }

    /// Imports `key.data` into a fresh data directory (and, on PostgreSQL, a fresh database) with a suite of `apps`.
    private static func build(_ key: Key, apps: [any MiniApp]) throws(TestFailure) -> Template {
        let directory = NSTemporaryDirectory() + "appsuite-template-" + UUID().uuidString
        removeAtExit(directory)
        do {
            var database: PostgreSQLDatabase?
            var postgresName: String?
            if let url = TemporaryDatabase.postgresURL {
                let name = "appsuite_template_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
                try PostgresAdmin.run(url, "CREATE DATABASE \(name)")
                dropAtExit(name, url: url)
                let templateURL = try PostgresAdmin.url(url, database: name)
                // Made in `public` first, as PostgreSQLDatabase.temporary does in the test database (TextSearch needs it).
                try PostgresAdmin.run(templateURL, "CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public")
                database = try PostgreSQLDatabase(configuration: .init(url: templateURL, maximumConnections: 8))
                postgresName = name
            }
            let configuration = try AppSuiteConfiguration.resolve(
                options: ["data-dir": directory, "port": "0", "access-log": "false"], environment: [:], apps: apps)
            let clock = TestServer.now()  // read by none of these importers (isTemplated)
            var imports: [SharedDataSet: ImportSummary] = [:]
            do {
                let suite = try AppSuite(configuration: configuration, apps: apps, clock: clock.clock, database: database)
                var stopped = false
                defer { if !stopped { suite.stop() } }
                for data in key.data {
                    guard let importer = suite.importer(for: data.appID) else { throw TestFailure("no app of \(key.apps) imports \(data.rawValue)") }
                    imports[data] = try importer.importData(from: data.folder) { _ in }
                }
                // What apps queued on the work pool has run once this returns: the database is still from here on.
                suite.stop()
                stopped = true
                if database == nil { try SQLiteBackup.copy(directory + "/appsuite.sqlite", to: directory + "/template.sqlite") }
            }
            for name in ["appsuite.sqlite", "appsuite.sqlite-wal", "appsuite.sqlite-shm", "server-secret", "vapid-key.pem"] {
                try? FileManager.default.removeItem(atPath: directory + "/" + name)
            }
            if let postgresName, let url = TemporaryDatabase.postgresURL {
                // No copy may start while a connection is open: refuse new ones, end the import's.
                database = nil
                try PostgresAdmin.run(url, "ALTER DATABASE \(postgresName) WITH ALLOW_CONNECTIONS false")
                try PostgresAdmin.run(url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(postgresName)' AND pid <> pg_backend_pid()")
            }
            return Template(directory: directory, postgresTemplate: postgresName, imports: imports)
        } catch let failure as TestFailure {
            throw failure
        } catch {
            throw TestFailure("importing \(key) for the template failed: \(error)")
        }
    }

    /// Fills `directory` (which must not exist yet) with a copy of `template`; on PostgreSQL the directory adopts a new
    /// database copied from the template's, dropped when the directory goes.
    static func copy(_ template: Template, into directory: TemporaryDirectory) throws(TestFailure) {
        do {
            try FileManager.default.copyItem(atPath: template.directory, toPath: directory.path)
            if let name = template.postgresTemplate, let url = TemporaryDatabase.postgresURL {
                let copy = "appsuite_copy_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
                try PostgresAdmin.run(url, "CREATE DATABASE \(copy) TEMPLATE \(name) STRATEGY FILE_COPY")
                dropAtExit(copy, url: url)  // the directory drops it when it goes; a process-long server's, at exit
                try directory.adopt(PostgreSQLDatabase(configuration: .init(url: try PostgresAdmin.url(url, database: copy), maximumConnections: 32)),
                                    dropping: copy, adminURL: url)
            } else {
                try FileManager.default.moveItem(atPath: directory.path + "/template.sqlite", toPath: directory.path + "/appsuite.sqlite")
            }
        } catch let failure as TestFailure {
            throw failure
        } catch {
            throw TestFailure("copying the imported data into \(directory.path) failed: \(error)")
        }
    }
}

extension SharedDataSet {
    /// Whether ``TestServer`` may copy this set's import from an ``ImportTemplates`` template: every set whose importer
    /// reads nothing but the data and the database (`appsuite import` in a test's clock or settings would write the
    /// same rows). Not `merchants`, whose rows carry the import time from the suite's clock, nor `photos`, whose importer
    /// files the photos for the user its settings name.
    var isTemplated: Bool { self != .photos && self != .merchants }
}

/// SQLite's online backup (<https://www.sqlite.org/backup.html>): a consistent copy of a database that may be open.
enum SQLiteBackup {
    static func copy(_ source: String, to destination: String) throws(TestFailure) {
        var from: OpaquePointer?
        var to: OpaquePointer?
        defer {
            sqlite3_close(from)
            sqlite3_close(to)
        }
        guard sqlite3_open_v2(source, &from, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
              sqlite3_open(destination, &to) == SQLITE_OK,
              let backup = sqlite3_backup_init(to, "main", from, "main")
        else { throw TestFailure("cannot back up \(source): \(String(cString: sqlite3_errmsg(to ?? from)))") }
        let stepped = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE else { throw TestFailure("backing up \(source) stopped with SQLite code \(stepped)") }
    }
}

/// Statements PostgreSQL refuses inside a transaction (`CREATE DATABASE`, `DROP DATABASE`), on a connection of their own.
enum PostgresAdmin {
    static func run(_ url: String, _ sql: String) throws(TestFailure) {
        guard let connection = PQconnectdb(url) else { throw TestFailure("libpq could not allocate a connection") }
        defer { PQfinish(connection) }
        CPostgres_silenceNotices(connection)
        guard PQstatus(connection) == CONNECTION_OK else { throw TestFailure("cannot connect: \(String(cString: PQerrorMessage(connection)))") }
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw TestFailure("\(sql): \(String(cString: PQerrorMessage(connection)))")
        }
    }

    /// `url` naming database `name` instead of its own.
    static func url(_ url: String, database name: String) throws(TestFailure) -> String {
        guard var components = URLComponents(string: url) else { throw TestFailure("not a URL: \(url)") }
        components.path = "/" + name
        guard let named = components.string else { throw TestFailure("cannot name database \(name) in \(url)") }
        return named
    }
}

/// Template directories and databases, which live as long as the process.
private let leftovers: Mutex<(directories: [String], databases: [(name: String, url: String)])> = {
    atexit(removeLeftoversAtExit)
    return Mutex(([], []))
}()

private func removeAtExit(_ path: String) { leftovers.withLock { $0.directories.append(path) } }
private func dropAtExit(_ name: String, url: String) { leftovers.withLock { $0.databases.append((name, url)) } }

/// The `atexit` handler.
private nonisolated func removeLeftoversAtExit() {
    let (directories, databases) = leftovers.withLock { $0 }
    for path in directories { try? FileManager.default.removeItem(atPath: path) }
    for (name, url) in databases { try? PostgresAdmin.run(url, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
}

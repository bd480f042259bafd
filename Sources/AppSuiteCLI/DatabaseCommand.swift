import AppHost
import AppSuiteServer
import Foundation
import Storage

/// `appsuite db copy --from sqlite:PATH --to postgres://… [--force]` (issue 10 item 5): moves an installation's
/// rows to another database, either way between SQLite and PostgreSQL. Both are first migrated to this build's
/// schema (the source too, as `serve` would); then ``DatabaseCopy`` copies every table in one source snapshot and
/// one target transaction, shows progress on stderr (a bar on a terminal, one line per table elsewhere), and
/// prints each table's row counts in both. Files of the data directory (media, photos, `server-secret`,
/// `vapid-key.pem`) are not in the database: the operator copies or mounts them.
struct DatabaseCommand {
    static let usage = ["appsuite db copy --from sqlite:PATH|postgres://… --to sqlite:PATH|postgres://… [--force]"]
    /// The options only `db` takes.
    static let options: Set<String> = ["from", "to"]

    let apps: [any MiniApp]
    /// The words after `db`.
    let arguments: [String]
    let options: [String: String]
    let flags: Set<String>
    var isTerminal = isatty(2) == 1

    /// Where a database is: a SQLite file or a PostgreSQL URL.
    enum Location: Equatable, CustomStringConvertible {
        case sqlite(String)
        case postgres(String)

        /// `sqlite:PATH` or `postgres://…` / `postgresql://…`.
        init(_ text: String, option: String) throws(UsageError) {
            if text.hasPrefix("sqlite:") {
                let path = String(text.dropFirst("sqlite:".count))
                guard !path.isEmpty, !path.hasPrefix("//") else { throw UsageError("--\(option) sqlite: needs a file path, e.g. sqlite:var/appsuite.sqlite") }
                self = .sqlite(path)
            } else if PostgreSQLDatabase.isPostgresURL(text) {
                guard URLComponents(string: text)?.host != nil || text.contains("host=") else {
                    throw UsageError("--\(option) '\(PostgreSQLDatabase.redacted(text))' is not a PostgreSQL URL; expected postgres://user:password@host:5432/database")
                }
                self = .postgres(text)
            } else {
                throw UsageError("--\(option) must be sqlite:PATH or postgres://user:password@host:5432/database, not '\(PostgreSQLDatabase.redacted(text))'")
            }
        }

        var description: String {
            switch self {
            case .sqlite(let path): "sqlite:\(path)"
            case .postgres(let url): PostgreSQLDatabase.redacted(url)
            }
        }
    }

    func run() -> ExitCode {
        guard arguments == ["copy"] else {
            printError("db: the one command is copy:\n" + Self.usage.map { "  " + $0 }.joined(separator: "\n"))
            return .usage
        }
        let from: Location, to: Location
        do {
            guard let fromText = options["from"], let toText = options["to"] else { throw UsageError("db copy needs --from and --to") }
            guard flags.isSubset(of: ["force"]) else { throw UsageError("unknown option --\(flags.subtracting(["force"]).sorted()[0])") }
            from = try Location(fromText, option: "from")
            to = try Location(toText, option: "to")
            guard !Self.sameDatabase(from, to) else { throw UsageError("--from and --to name the same database") }
        } catch {
            printError("\(error)\nRun 'appsuite --help' for usage.")
            return .usage
        }
        if case .sqlite(let path) = from, !FileManager.default.fileExists(atPath: path) {
            printError("db copy: no SQLite database at \(path)")
            return .noInput
        }
        let migrations = AppSuite.migrations(apps: apps)
        let source: any Database, target: any Database
        do {
            source = try open(from, role: "source")
            target = try open(to, role: "target")
        } catch let failure as CommandFailure {
            printError(failure.message)
            return failure.exitCode
        } catch {
            printError("db copy: \(error)")
            return .software
        }
        let seeded: [String: Int]
        do {
            try Migrator.migrate(source, migrations)
            try Migrator.migrate(target, migrations)
            let fresh = try SQLiteDatabase.temporary(maximumConnections: 1)
            try Migrator.migrate(fresh, migrations)
            seeded = try DatabaseCopy.rowCounts(fresh)
        } catch {
            printError("db copy: cannot bring both databases to this build's schema: \(error)")
            return .dataError
        }
        printError("db copy: \(from) → \(to)")
        let started = Date()
        let bar = ProgressBar(label: "db copy", isTerminal: isTerminal)
        let counts: [DatabaseCopy.TableCount]
        do {
            counts = try DatabaseCopy(from: source, to: target, seededRows: seeded).run(replacing: flags.contains("force")) { step in
                bar.update(done: step.rowsDone, total: step.rowsTotal, detail: step.table)
                if !isTerminal, step.isTableDone {
                    FileHandle.standardError.write(Data("db copy: \(step.table) \(step.tableTotal) rows\n".utf8))
                }
            }
        } catch let failure as DatabaseCopy.Failure {
            bar.finish("failed")
            printError("db copy: \(failure)")
            if case .countsDiffer(let counts) = failure { print(Self.table(counts)) }
            switch failure {
            case .targetNotEmpty: return .cannotCreate
            case .countsDiffer: return .software
            case .tablesMissingInTarget, .columnsMissingInTarget: return .dataError
            }
        } catch {
            bar.finish("failed; the target is unchanged")
            printError("db copy: \(error)")
            return .dataError
        }
        let rows = counts.reduce(0) { $0 + $1.target }
        bar.finish("\(rows) rows in \(counts.count) tables in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        print(Self.table(counts))
        printError("db copy: every count matches. Files are not in the database: copy or mount the data directory "
                   + "(media/, apps/, server-secret, vapid-key.pem) for the servers on the new database.")
        return .success
    }

    /// Opens one side; a SQLite target file is created when missing.
    private func open(_ location: Location, role: String) throws -> any Database {
        switch location {
        case .sqlite(let path):
            do {
                return try SQLiteDatabase(configuration: .init(path: path, maximumConnections: 2))
            } catch {
                throw CommandFailure(role == "source" ? .dataError : .cannotCreate, "db copy: cannot open the \(role) \(location): \(error.message)")
            }
        case .postgres(let url):
            do {
                return try PostgreSQLDatabase(configuration: .init(url: url, maximumConnections: 2))
            } catch {
                throw CommandFailure(.unavailable, "db copy: cannot connect to the \(role) \(location): \(error.message)")
            }
        }
    }

    /// The same SQLite file (by resolved path) or the same URL.
    static func sameDatabase(_ a: Location, _ b: Location) -> Bool {
        switch (a, b) {
        case (.sqlite(let x), .sqlite(let y)):
            URL(fileURLWithPath: x).standardizedFileURL.resolvingSymlinksInPath() == URL(fileURLWithPath: y).standardizedFileURL.resolvingSymlinksInPath()
        case (.postgres(let x), .postgres(let y)): x == y
        default: false
        }
    }

    /// The counts as aligned columns, with a total line.
    static func table(_ counts: [DatabaseCopy.TableCount]) -> String {
        let width = max(5, counts.map(\.table.count).max() ?? 0)
        func line(_ name: String, _ source: String, _ target: String, _ mark: String) -> String {
            name.padded(to: width) + "  " + source.leftPadded(to: 9) + "  " + target.leftPadded(to: 9) + mark
        }
        var lines = [line("table", "source", "target", "")]
        for count in counts { lines.append(line(count.table, String(count.source), String(count.target), count.matches ? "" : "  ≠")) }
        lines.append(line("total", String(counts.reduce(0) { $0 + $1.source }), String(counts.reduce(0) { $0 + $1.target }), ""))
        return lines.joined(separator: "\n")
    }
}

public import AppHost
public import AppSuiteServer
import Foundation
public import Storage
import Synchronization

/// A real AppSuite for a test: the apps it asks for (nil: the installed ones, `[]`: the bare platform),
/// a fresh temporary data directory (and, when `APPSUITE_TEST_DATABASE_URL` is set, a fresh PostgreSQL schema,
/// ``TemporaryDatabase``, instead of the SQLite file in it), a ``FixedClock`` that only the test moves, and optionally the real
/// data sets imported before it starts. Requests go over a socket or in process (``Transport``); the
/// helpers in this target (``get(_:token:headers:)``, ``register(_:unique:password:)`` …) work the same on both.
///
/// A server stops and its data directory goes when the last reference does; ``shared(importing:)``
/// keeps one per data set for the whole process instead, so a large import runs once.
public final class TestServer: Sendable {
    /// How requests reach the suite.
    public enum Transport: Sendable {
        /// libmicrohttpd on 127.0.0.1 and an ephemeral port, through ``RawHTTPClient``: everything a client
        /// meets, including the transport's rules (body and header limits, header syntax, time-outs).
        case socket
        /// Straight to the suite's `Responder`, no socket: routing, handlers (offloaded work runs inline),
        /// error pages, default headers and gzip, but none of the transport's rules above; test those over
        /// ``socket``.
        case inProcess
    }

    public let suite: AppSuite
    public let transport: Transport
    /// The suite's time (identity, the apps, the job scheduler); ``FixedClock/advance(by:)`` moves it.
    public let clock: FixedClock
    /// Holds the data directory; removed with everything in it when the server goes.
    public let directory: TemporaryDirectory
    /// What each data set's import reported, for the sets given as `importing`.
    public let imports: [SharedDataSet: ImportSummary]

    /// Builds the suite, imports `importing`, then starts it: the server on a free port (``Transport/socket``)
    /// or only the job scheduler (``Transport/inProcess``). The sets are copied from this process's import of the same
    /// sets for the same apps (``ImportTemplates``) into the fresh data directory and database, when the harness picks
    /// both (no `database` given, a `directory` not made yet); what the copy holds is what the import would write.
    /// - Parameters:
    ///   - clock: defaults to the current time in whole seconds, standing still from then on.
    ///   - options, environment: flags (`["photos-max-megapixels": "1"]`) and `APPSUITE_*` variables, resolved
    ///     as `appsuite serve` resolves them; the data directory, port 0 and no access log always win.
    /// - Throws: ``TestFailure`` for a missing data set (tests that import one carry `.requires(_:)`), or
    ///   the suite's own configuration, start-up and import errors.
    ///   - database: the database to use; nil: the directory's PostgreSQL schema when `APPSUITE_TEST_DATABASE_URL`
    ///     is set (``TemporaryDirectory/postgresDatabase()``: a second server on the same directory reaches the same
    ///     tables, as it reaches the same SQLite file), else the SQLite file in the data directory.
    public init(apps: [any MiniApp]? = nil, transport: Transport = .socket, clock: FixedClock = TestServer.now(),
                importing: [SharedDataSet] = [], directory: TemporaryDirectory = TemporaryDirectory(),
                options: [String: String] = [:], environment: [String: String] = [:], database: (any Database)? = nil) throws {
        self.transport = transport
        self.clock = clock
        self.directory = directory
        for data in importing where !data.isAvailable { throw TestFailure(data.missingReason) }
        let installed = apps ?? AppCatalog.installed
        var imports: [SharedDataSet: ImportSummary] = [:]
        let copied = database == nil && !FileManager.default.fileExists(atPath: directory.path) ? importing.filter(\.isTemplated) : []
        if !copied.isEmpty {
            let key = ImportTemplates.Key(apps: installed.map(\.manifest.id), data: copied)
            let template = try ImportTemplates.template(key, apps: installed)
            try ImportTemplates.copy(template, into: directory)
            imports = template.imports
        }
        let fixed = options.merging(["data-dir": directory.path, "port": "0", "access-log": "false"]) { $1 }
        let configuration = try AppSuiteConfiguration.resolve(options: fixed, environment: environment, apps: installed)
        let database = try database ?? directory.postgresDatabase()
        suite = try AppSuite(configuration: configuration, apps: apps, clock: clock.clock, database: database)
        for data in importing where !copied.contains(data) {
            guard let importer = suite.importer(for: data.appID) else { throw TestFailure("no installed app imports \(data.rawValue)") }
            imports[data] = try importer.importData(from: data.folder) { _ in }
        }
        self.imports = imports
        switch transport {
        case .socket: try suite.start()
        case .inProcess: suite.scheduler.start()
        }
    }

    deinit { suite.stop() }

    /// A ``FixedClock`` at the current time, whole seconds (Identity counts whole seconds).
    public static func now() -> FixedClock { FixedClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))) }

    /// The bound port over ``Transport/socket``; 0 in process.
    public var port: UInt16 { suite.port }

    public var dataDirectory: String { directory.path }

    /// The suite's database, e.g. to do what a command (`appsuite user grant`) would do to it.
    public var database: any Database { suite.database }
}

/// A fresh path under the system's temporary folder, not created yet (AppSuite creates its data directory
/// itself, mode 0700), and removed with everything in it when this goes away.
public final class TemporaryDirectory: Sendable {
    public let path: String
    /// The PostgreSQL schema standing in for the SQLite file of this directory, made on first use.
    private let postgres = Mutex<PostgreSQLDatabase?>(nil)
    /// A database of its own (an ``ImportTemplates`` copy) to drop when the directory goes: its name, and where to connect to drop it.
    private let ownDatabase = Mutex<(name: String, adminURL: String)?>(nil)

    public init(_ prefix: String = "appsuite-test") { path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
        if let own = ownDatabase.withLock({ $0 }) {
            postgres.withLock { $0 = nil }
            try? PostgresAdmin.run(own.adminURL, "DROP DATABASE IF EXISTS \(own.name) WITH (FORCE)")
        }
    }

    /// Makes `database` (database `name` of the server, a copy of an import) this directory's PostgreSQL database,
    /// dropped (connecting as `adminURL`) when the directory goes.
    func adopt(_ database: PostgreSQLDatabase, dropping name: String, adminURL: String) {
        postgres.withLock { $0 = database }
        ownDatabase.withLock { $0 = (name, adminURL) }
    }

    /// When `APPSUITE_TEST_DATABASE_URL` is set, this directory's database on PostgreSQL: a fresh schema
    /// (``PostgreSQLDatabase/temporary(url:maximumConnections:)``, 32 connections) made by the first call, the same
    /// one for every later call, dropped when the directory goes; so servers and commands given the same data
    /// directory share one database on both backends. Nil on SQLite (the file `appsuite.sqlite` in ``path``).
    public func postgresDatabase() throws(StorageError) -> PostgreSQLDatabase? {
        guard let url = TemporaryDatabase.postgresURL else { return nil }
        return try postgres.withLock { (database: inout PostgreSQLDatabase?) throws(StorageError) -> PostgreSQLDatabase in
            if let database { return database }
            let made = try PostgreSQLDatabase.temporary(url: url, maximumConnections: 32)
            database = made
            return made
        }
    }
}

/// A harness step that could not be done, with the reason and what the server answered.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

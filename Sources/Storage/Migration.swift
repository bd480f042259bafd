import Foundation

/// One schema change of one module (an app or a platform target), numbered 1, 2, 3 … within the module.
///
/// Migrations are append-only: once shipped, a migration's version and name never change and its
/// effect is never edited; fix mistakes with a new migration.
public struct Migration: Sendable {
    /// The owner, e.g. `"identity"` or `"gaokao"`; versions are numbered per module.
    public let module: String
    /// 1 for the module's first migration, then 2, 3 … without gaps.
    public let version: Int
    /// A short stable name, e.g. `"create_users"`; recorded, and checked on every later run.
    public let name: String
    /// The SQL script, for migrations made with ``init(module:version:name:sql:)``.
    public let sql: String?
    let apply: @Sendable (any SQLExecutor) throws -> Void

    /// A migration that runs `sql`, which may hold several `;`-separated statements.
    public init(module: String, version: Int, name: String, sql: String) {
        self.module = module
        self.version = version
        self.name = name
        self.sql = sql
        self.apply = { db in try db.executeScript(sql) }
    }

    /// A migration written in Swift, e.g. to fill a new column from existing rows.
    public init(module: String, version: Int, name: String, apply: @escaping @Sendable (any SQLExecutor) throws -> Void) {
        self.module = module
        self.version = version
        self.name = name
        self.sql = nil
        self.apply = apply
    }

    var label: String { "migration \(module) v\(version) \"\(name)\"" }
}

/// Brings a database's schema up to date with a list of ``Migration``s.
///
/// Applied migrations are recorded in `schema_migrations(module, version, name, applied_at)`
/// (`applied_at` in UTC seconds since 1970). Running the same list again changes nothing.
public enum Migrator {
    /// The table that records applied migrations.
    public static let tableName = "schema_migrations"
    /// The table behind ``SQLExecutor/lock(_:)``, made with ``tableName``.
    public static let locksTableName = "storage_locks"

    /// Applies the migrations not yet recorded, each in its own transaction (its changes and its
    /// record commit together, or neither does).
    ///
    /// Modules are migrated in the order they first appear in `migrations`; within a module, by
    /// version, whatever the order in the list. Before anything runs, the list and the database are
    /// checked, and any of these fails with a ``StorageError`` of kind `.migration`:
    /// - a module's versions are not exactly 1, 2, 3 … (a gap, a duplicate, or a version below 1);
    /// - an empty module or migration name;
    /// - a recorded migration whose name differs from the list's (an edited history);
    /// - a recorded version the list does not have (a database newer than this code).
    ///
    /// A failing migration is rolled back and its error rethrown as kind `.migration`, keeping the backend's
    /// condition, code, message and SQL, with the migration named in ``StorageError/context``; migrations before
    /// it stay applied.
    public static func migrate(_ database: any Database, _ migrations: [Migration]) throws {
        let plan = try validatedPlan(migrations)
        do {
            try createBookkeeping(database)
        } catch let error as StorageError where error.condition == .uniqueViolation || error.backendCode == "42P07" {
            // Servers starting at once on an empty PostgreSQL database: its `CREATE TABLE IF NOT EXISTS` is not atomic
            // against a concurrent one (the loser fails on a catalog index). The winner has committed: once more.
            try createBookkeeping(database)
        }
        let recorded = try database.read { db in
            try db.query("SELECT module, version, name FROM \(tableName)", [])
        }
        var recordedNames: [String: [Int: String]] = [:]
        for row in recorded {
            recordedNames[try row.get("module", as: String.self), default: [:]][try row.get("version")] =
                try row.get("name", as: String.self)
        }
        for (module, list) in plan {
            let applied = recordedNames[module] ?? [:]
            for migration in list {
                if let name = applied[migration.version], name != migration.name {
                    throw StorageError.migrationFailed(
                        "\(migration.label): the database recorded this version as \"\(name)\"; "
                            + "applied migrations must not be renamed or replaced", module: module)
                }
            }
            if let newest = applied.keys.max(), newest > list.count {
                throw StorageError.migrationFailed(
                    "the database has version \(newest) (\"\(applied[newest]!)\") but only versions 1…\(list.count) "
                        + "are known; is this code older than the database?", module: module)
            }
        }
        for (_, list) in plan {
            for migration in list {
                try apply(migration, to: database)
            }
        }
    }

    private static func createBookkeeping(_ database: any Database) throws {
        try database.write { db in
            try db.executeScript(
                """
                CREATE TABLE IF NOT EXISTS \(tableName) (
                    module TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    applied_at INTEGER NOT NULL,
                    PRIMARY KEY (module, version)
                );
                CREATE TABLE IF NOT EXISTS \(locksTableName) (name TEXT PRIMARY KEY);
                """)
        }
    }

    private static func apply(_ migration: Migration, to database: any Database) throws {
        try database.write { db in
            // Checked again inside the write transaction, in case another process migrated meanwhile.
            if let name = try db.scalar(
                "SELECT name FROM \(tableName) WHERE module = ? AND version = ?", migration.module, migration.version,
                as: String.self)
            {
                guard name == migration.name else {
                    throw StorageError.migrationFailed(
                        "\(migration.label): recorded as \"\(name)\"", module: migration.module)
                }
                return
            }
            // Another server migrating the same database at once (PostgreSQL's DDL is outside its serializable
            // checks) waits here; when the first commits, the other's transaction is a serialization failure, run
            // again by `write`, and then finds the migration recorded.
            try db.lock("storage.migrations")
            do {
                try migration.apply(db)
            } catch var error as StorageError {
                error.kind = .migration
                throw error.adding(context: migration.label)
            } catch {
                throw StorageError(kind: .migration, message: "\(error)", context: migration.label)
            }
            try db.execute(
                "INSERT INTO \(tableName) (module, version, name, applied_at) VALUES (?, ?, ?, ?)",
                migration.module, migration.version, migration.name, Int64(Date().timeIntervalSince1970))
        }
    }

    /// Groups by module (first-appearance order), sorts by version, and checks numbering and names.
    static func validatedPlan(_ migrations: [Migration]) throws(StorageError) -> [(String, [Migration])] {
        var order: [String] = []
        var byModule: [String: [Migration]] = [:]
        for migration in migrations {
            guard !migration.module.isEmpty else {
                throw .migrationFailed("\(migration.label): the module name is empty")
            }
            guard !migration.name.isEmpty else {
                throw .migrationFailed("\(migration.label): the migration name is empty", module: migration.module)
            }
            if byModule[migration.module] == nil { order.append(migration.module) }
            byModule[migration.module, default: []].append(migration)
        }
        var plan: [(String, [Migration])] = []
        for module in order {
            let sorted = byModule[module]!.sorted { $0.version < $1.version }
            for (offset, migration) in sorted.enumerated() where migration.version != offset + 1 {
                let versions = sorted.map { String($0.version) }.joined(separator: ", ")
                let problem =
                    offset > 0 && sorted[offset - 1].version == migration.version
                    ? "version \(migration.version) appears twice" : "version \(offset + 1) is missing"
                throw .migrationFailed(
                    "\(problem); versions must be 1, 2, 3 … without gaps or duplicates (got \(versions))",
                    module: module)
            }
            plan.append((module, sorted))
        }
        return plan
    }
}

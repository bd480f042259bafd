import Dispatch
import Storage
import Testing

@Suite("Connections, pragmas and concurrency")
struct ConnectionTests {
    @Test func pragmasAreSetOnEveryConnection() throws {
        let db = try SQLiteDatabase.temporary()
        let values = try db.read { db in
            (
                try db.scalar("PRAGMA journal_mode", as: String.self),
                try db.scalar("PRAGMA foreign_keys", as: Int.self),
                try db.scalar("PRAGMA synchronous", as: Int.self),
                try db.scalar("PRAGMA busy_timeout", as: Int.self),
                try db.scalar("PRAGMA temp_store", as: Int.self),
                try db.scalar("PRAGMA journal_size_limit", as: Int.self)
            )
        }
        #expect(values.0 == "wal")
        #expect(values.1 == 1)
        #expect(values.2 == 1)  // NORMAL
        #expect(values.3 == 10_000)
        #expect(values.4 == 2)  // MEMORY
        #expect(values.5 == 64 * 1024 * 1024)
        #expect(try db.integrityCheck() == "ok")
    }

    @Test func synchronousFullIsHonoured() throws {
        let temporary = try SQLiteDatabase.temporary()
        try withExtendedLifetime(temporary) {
            let db = try SQLiteDatabase(
                configuration: .init(path: temporary.configuration.path, synchronous: .full, busyTimeout: .milliseconds(2500)))
            #expect(try db.read { try $0.scalar("PRAGMA synchronous", as: Int.self) } == 2)
            #expect(try db.read { try $0.scalar("PRAGMA busy_timeout", as: Int.self) } == 2500)
        }
    }

    @Test func concurrentWritesAllLand() throws {
        let db = try makeDatabase()
        let threads = 8
        let perThread = 500
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                do {
                    try db.write { try $0.execute("INSERT INTO items (name, n) VALUES (?, ?)", "t\(thread)-\(index)", thread) }
                } catch {
                    failures.record("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try count(db) == threads * perThread)
        let perThreadCounts = try db.read { db in
            try db.query("SELECT n, count(*) AS c FROM items GROUP BY n ORDER BY n").map { try $0.get("c", as: Int.self) }
        }
        #expect(perThreadCounts == Array(repeating: perThread, count: threads))
        if let sqlite = db as? SQLiteDatabase { #expect(try sqlite.integrityCheck() == "ok") }
        #expect(openConnections(db) <= 8)
    }

    @Test func concurrentReadersAndWritersStayWithinThePool() throws {
        let db = try makeDatabase(maximumConnections: 3)
        try db.write { db in
            for index in 0..<100 { try db.execute("INSERT INTO items (name, n) VALUES (?, ?)", "seed \(index)", index) }
        }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 12) { worker in
            for index in 0..<200 {
                do {
                    if index % 10 == 0 {
                        try db.write { try $0.execute("INSERT INTO items (name, n) VALUES (?, ?)", "w\(worker)-\(index)", index) }
                    } else {
                        let rows = try db.read { try $0.query("SELECT id, name, n FROM items WHERE n >= ? ORDER BY id LIMIT 20", 50) }
                        if rows.count != 20 { failures.record("got \(rows.count) rows") }
                    }
                } catch {
                    failures.record("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty)
        #expect(openConnections(db) <= 3)
        #expect(try count(db) == 100 + 12 * 20)
    }
}

/// Collects errors from worker threads.
final class Failures: Sendable {
    private let lock = DispatchQueue(label: "failures")
    nonisolated(unsafe) private var list: [String] = []
    func record(_ text: String) { lock.sync { list.append(text) } }
    var all: [String] { lock.sync { list } }
}

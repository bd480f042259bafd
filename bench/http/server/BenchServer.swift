import Foundation
import HTTPServer
import Storage
import WebUI

/// Serves `/hello`, `/items` and `/rows?page=N` exactly as bench/http/README.md specifies.
/// The handlers are the same code paths the apps use: `JSONWriter`, prepared SQLite statements, the HTML DSL.
enum BenchServer {
    static func run(arguments: [String]) -> Int32 {
        var port: UInt16 = 18080
        var dataDirectory = NSTemporaryDirectory() + "bench-http"
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch arguments[index] {
            case "--port": port = UInt16(value) ?? port
            case "--data-dir": dataDirectory = value
            default:
                FileHandle.standardError.write(Data("usage: bench-http-server --port P --data-dir DIR\n".utf8))
                return 64
            }
            index += 2
        }
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
            let database = try makeTable(at: dataDirectory + "/bench.sqlite")
            var configuration = ServerConfiguration()
            configuration.port = port
            configuration.isAccessLogEnabled = false
            let server = Server(configuration: configuration, responder: Responder(router: router(database), configuration: configuration))
            let signals = TerminationSignals()
            try server.start()
            FileHandle.standardError.write(Data("bench-http-server on http://127.0.0.1:\(server.port)\n".utf8))
            signals.wait()
            server.stop()
            return 0
        } catch {
            FileHandle.standardError.write(Data("bench-http-server: \(error)\n".utf8))
            return 1
        }
    }

    static func router(_ database: SQLiteDatabase) -> Router {
        var router = Router()
        let hello = Array(#"{"message":"Hello, World!"}"#.utf8)
        router.get("/hello") { _ in .json(hello) }
        router.get("/items") { _ in .json(capacity: 9 * 1024) { items(into: &$0) } }
        router.get("/rows") { request in
            guard let page = request.query["page"].flatMap(Int.init), (1...500).contains(page) else { throw HTTPError.notFound() }
            let rows = try database.read {
                try $0.query("SELECT id, title, category, amount FROM rows WHERE id > ? ORDER BY id LIMIT 20", (page - 1) * 20)
            }
            return .html(try rowsPage(page, rows))
        }
        return router
    }

    /// The 50 items of the spec, built per request.
    static func items(into json: inout JSONWriter) {
        json.object { json in
            json.array("items") { list in
                for i in 1...50 {
                    let price = 1000 + 37 * i
                    let quantity = i % 7 + 1
                    list.object {
                        $0.field("id", i)
                        $0.field("name", "Item \(i)")
                        $0.field("category", "category-\(i % 5)")
                        $0.field("price", price)
                        $0.field("quantity", quantity)
                        $0.field("active", i % 4 != 0)
                        $0.array("tags") { $0.value("alpha"); $0.value("bravo"); $0.value("charlie") }
                        $0.object("rating") {
                            $0.field("score", Double(i % 5) + 0.5)
                            $0.field("count", 10 * i)
                        }
                        $0.field("total", price * quantity)
                    }
                }
            }
        }
    }

    /// The page in the app shell every AppSuite page uses (nav bar, table, tab bar), so (c) measures a real page.
    static func rowsPage(_ page: Int, _ rows: [Row]) throws -> [UInt8] {
        let values = try rows.map { row in
            (id: try row.get("id", as: Int.self), title: try row.get("title", as: String.self),
             category: try row.get("category", as: String.self), amount: try row.get("amount", as: Int.self))
        }
        let context = PageContext(language: .en, title: "Rows, page \(page)", tabs: [
            TabItem(id: "rows", href: "/rows?page=1", icon: .grid, label: LocalizedText(zh: "行", en: "Rows")),
        ], activeTab: "rows")
        return Shell.documentBytes(context) {
            table(.class("bench-rows")) {
                tbody {
                    for value in values {
                        tr(.attribute("data-id", String(value.id))) {
                            td { String(value.id) }
                            td { value.title }
                            td { value.category }
                            td { String(value.amount) }
                        }
                    }
                }
            }
        }
    }

    static func makeTable(at path: String) throws -> SQLiteDatabase {
        try? FileManager.default.removeItem(atPath: path)
        let database = try SQLiteDatabase(configuration: .init(path: path))
        try database.write { db in
            try db.executeScript("CREATE TABLE rows (id INTEGER PRIMARY KEY, title TEXT NOT NULL, category TEXT NOT NULL, amount INTEGER NOT NULL)")
            for id in 1...10_000 {
                try db.execute("INSERT INTO rows (id, title, category, amount) VALUES (?, ?, ?, ?)",
                               id, "Row \(id)", "category-\(id % 5)", (id * 7919) % 10007)
            }
        }
        return database
    }
}

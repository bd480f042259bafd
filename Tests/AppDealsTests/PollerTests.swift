@testable import AppDeals
import AppHost
import AppSuiteTesting
import Community
import Foundation
import HTTPServer
import Notifications
import OutboundHTTP
import Storage
import Synchronization
import Testing

/// The Lookup poller over real HTTP (libcurl to our own server on 127.0.0.1) against a server that replays the
/// 103 recorded CN Lookup objects of `itunes_api/cn/lookup_results_latest.jsonl`, and the failure answers Apple
/// gives: 403 with an empty body, HTML, truncated JSON, no results, another store's answer, no server at all.
@Suite(.requires(.appstore)) struct PollerTests {
    /// Replays Lookup answers: `/lookup` answers with the recorded objects of the requested ids, the other paths
    /// with one kind of failure each. Keeps every query it got.
    final class LookupReplay: Sendable {
        let server: Server
        let log = QueryLog()

        final class QueryLog: Sendable { let queries = Mutex<[FormData]>([]) }

        init() throws {
            var objects: [Int64: [UInt8]] = [:]
            let lines = try Data(contentsOf: SharedDataSet.appstore.url("itunes_api/cn/lookup_results_latest.jsonl"))
            for line in lines.split(separator: UInt8(ascii: "\n")) {
                let record = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
                let result = try #require(record["result"] as? [String: Any])
                objects[try #require((result["trackId"] as? NSNumber)?.int64Value)] = [UInt8](try JSONSerialization.data(withJSONObject: result))
            }
            let recorded = objects
            let us = try Data(contentsOf: SharedDataSet.appstore.url("itunes_api/us_mas/lookup_904280696_things3.json"))
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.isAccessLogEnabled = false
            var router = Router()
            let log = self.log
            @Sendable func json(_ bytes: [UInt8]) -> Response {
                var headers = HTTPHeaders()
                headers.set("Content-Type", "text/javascript; charset=utf-8")
                return Response(status: .ok, headers: headers, body: .bytes(bytes))
            }
            @Sendable func answer(_ request: Request) -> [UInt8] {
                log.queries.withLock { $0.append(request.query) }
                let ids = (request.query["id"] ?? "").split(separator: ",").compactMap { Int64($0) }
                let results = ids.compactMap { recorded[$0] }
                return Array("{\"resultCount\":\(results.count),\"results\":[".utf8) + Array(results.joined(separator: [UInt8(ascii: ",")]))
                    + Array("]}".utf8)
            }
            router.get("/lookup") { request in json(answer(request)) }
            router.get("/forbidden/lookup") { request in _ = answer(request); return Response(status: HTTPStatus(403, "Forbidden")) }
            router.get("/html/lookup") { request in
                _ = answer(request)
                return Response(status: .ok, body: .bytes(Array("<html><body>Service Unavailable</body></html>".utf8)))
            }
            router.get("/truncated/lookup") { request in let body = answer(request); return json(Array(body.prefix(body.count / 2))) }
            router.get("/none/lookup") { request in _ = answer(request); return json(Array(#"{"resultCount":0,"results":[]}"#.utf8)) }
            router.get("/us/lookup") { request in _ = answer(request); return json([UInt8](us)) }
            server = Server(configuration: configuration, responder: Responder(router: router, configuration: configuration))
            try server.start()
        }

        deinit { server.stop() }

        func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(server.port)\(path)")! }
    }

    /// The waits the poller asked for, instead of sleeping them.
    final class Pauses: Sendable { let list = Mutex<[Duration]>([]) }

    /// 2025-07-06T12:00:00Z: after the last observation of the CN log.
    static let pollTime = Date(timeIntervalSince1970: 1_751_803_200)

    static func database() throws -> any Database {
        let database = try SQLiteDatabase.temporary()
        try Migrator.migrate(database, DealsApp().migrations() + CommunitySchema.migrations() + NotificationSchema.migrations())
        _ = try DealImporter(database: database).importData(from: SharedDataSet.appstore.folder) { _ in }
        return database
    }

    static func count(_ database: any Database) throws -> Int {
        try database.read { try $0.scalar("SELECT count(*) FROM appdeals_prices", as: Int.self) ?? -1 }
    }

    func poller(_ database: any Database, _ url: URL, pauses: Pauses) -> LookupPoller {
        LookupPoller(database: database, client: CurlHTTPClient(), endpoint: url, addressPolicy: .any,
                     now: { Self.pollTime }, pause: { duration in pauses.list.withLock { $0.append(duration) } })
    }

    @Test func pollRecordsEveryChangedPriceInFourPacedCalls() throws {
        let replay = try LookupReplay()
        let database = try Self.database()
        let before = try Self.count(database)
        let pauses = Pauses()
        let report = try poller(database, replay.url("/lookup"), pauses: pauses).poll()
        // 649 tracked CN apps: 200 + 200 + 200 + 49 ids, 3 s apart (at most 20 calls a minute).
        let queries = replay.log.queries.withLock { $0 }
        #expect(queries.map { ($0["id"] ?? "").split(separator: ",").count } == [200, 200, 200, 49])
        #expect(queries.allSatisfy { $0["country"] == "cn" && $0["timestamp"] == "1751803200000" })
        #expect(pauses.list.withLock { $0 } == [.seconds(3), .seconds(3), .seconds(3)])
        // 103 recorded objects; 35 of them show a price other than the app's last one in cn_price_changes.csv.
        #expect(report == LookupPoller.Report(calls: 4, results: 103, changed: 35, alerted: 0))
        #expect(try Self.count(database) == before + 35)
        let kingdom = try database.read { db in
            try db.scalar("SELECT price FROM appdeals_prices WHERE app_id = 598581396 AND observed_at = 1751803200", as: Int64.self)
        }
        #expect(kingdom == 800)
        // The deal engine sees the new observations: the newest time moved to the poll.
        let snapshot = try DealStore(database: database).snapshot()
        #expect(snapshot.latest[.cn] == 1_751_803_200)
        // A second poll of the same answers changes nothing.
        let again = try poller(database, replay.url("/lookup"), pauses: pauses).poll()
        #expect(again.changed == 0)
        #expect(try Self.count(database) == before + 35)
    }

    @Test(arguments: ["/forbidden/lookup", "/html/lookup", "/truncated/lookup", "/us/lookup"])
    func aFailedAnswerRecordsNothing(path: String) throws {
        let replay = try LookupReplay()
        let database = try Self.database()
        let before = try Self.count(database)
        let version = try database.read { try $0.scalar("SELECT value FROM appdeals_meta WHERE key = 'data_version'", as: String.self) }
        let pauses = Pauses()
        let poller = poller(database, replay.url(path), pauses: pauses)
        let report = try poller.poll()
        #expect(report.changed == 0)
        #expect(!report.failures.isEmpty)
        #expect(try Self.count(database) == before)
        #expect(try database.read { try $0.scalar("SELECT value FROM appdeals_meta WHERE key = 'data_version'", as: String.self) } == version)
        if path == "/forbidden/lookup" {
            // A rate limit stops the run at once and the next run waits.
            #expect(report.calls == 1)
            #expect(report.failures.first?.contains("rate limited (HTTP 403)") == true)
            #expect(try poller.poll().skipped)
            #expect(replay.log.queries.withLock { $0.count } == 1)
        } else {
            #expect(report.calls == 4)
        }
    }

    @Test func noResultsAndNoServerChangeNothing() throws {
        let replay = try LookupReplay()
        let database = try Self.database()
        let before = try Self.count(database)
        let pauses = Pauses()
        let none = try poller(database, replay.url("/none/lookup"), pauses: pauses).poll()
        #expect(none == LookupPoller.Report(calls: 4, results: 0, changed: 0, alerted: 0))
        // Nothing listens on the port of a stopped server: every call fails, the data stays.
        let port = replay.server.port
        replay.server.stop()
        let offline = try poller(database, URL(string: "http://127.0.0.1:\(port)/lookup")!, pauses: pauses).poll()
        #expect(offline.failures.count == 4 && offline.results == 0)
        #expect(try Self.count(database) == before)
    }
}

extension PollerTests {
    /// Price alerts raised by real observations: in the replayed answers Kingdom Rush Frontiers went ¥15 → ¥8
    /// and 旋转音律 Rotaeno ¥18 → 免费 (their last prices in `cn_price_changes.csv`), 水平仪 HD ¥8 → 免费.
    @Test func aPolledDropNotifiesTheAlertsItFiresOnce() throws {
        let replay = try LookupReplay()
        let database = try Self.database()
        let favorites = FavoriteStore(database: database, directory: SubjectDirectory([DealsApp.id: try #require(DealsApp().subjects)]))
        let alerts = AlertStore(database: database, favorites: favorites)
        let (kingdom, rotaeno, level): (Int64, Int64, Int64) = (598_581_396, 6_466_390_901, 510_249_014)
        // User 1 wants every drop, user 2 only 限免; user 3's favourite was removed elsewhere (the community API).
        try alerts.set(.drop, appID: kingdom, userID: 1, now: 1)
        try alerts.set(.drop, appID: rotaeno, userID: 1, now: 1)
        try alerts.set(.free, appID: kingdom, userID: 2, now: 1)
        try alerts.set(.free, appID: rotaeno, userID: 2, now: 1)
        try alerts.set(.drop, appID: level, userID: 3, now: 1)
        try favorites.remove(DealsApp.subject(level), userID: 3)
        #expect(try favorites.contains(DealsApp.subject(kingdom), userID: 1))

        let report = try poller(database, replay.url("/lookup"), pauses: Pauses()).poll()
        #expect(report.changed == 35 && report.alerted == 3)
        let inbox = Inbox(database: database)
        let first = try inbox.page(userID: 1, cursor: nil, limit: 10).items.sorted { $0.id < $1.id }
        #expect(first.map(\.kind) == ["appdeals.price-drop", "appdeals.free"])
        #expect(first.map(\.body) == ["¥15.00 → ¥8.00", "¥18.00 → 免费"])
        #expect(first.map(\.link) == ["/appdeals/apps/598581396", "/appdeals/apps/6466390901"])
        #expect(first.allSatisfy { $0.createdAt == 1_751_803_200 })
        #expect(first[1].actor.contains("Rotaeno"))
        let second = try inbox.page(userID: 2, cursor: nil, limit: 10).items
        #expect(second.map(\.kind) == ["appdeals.free"] && second.first?.link == "/appdeals/apps/6466390901")
        #expect(try inbox.page(userID: 3, cursor: nil, limit: 10).items.isEmpty)
        #expect(try alerts.alerts(userID: 3).isEmpty)
        #expect(try alerts.alert(appID: kingdom, userID: 1)?.lastNotifiedAt == 1_751_803_200)
        #expect(try alerts.alert(appID: kingdom, userID: 2)?.lastNotifiedAt == nil)

        // The same answers again record nothing and notify nobody.
        let again = try poller(database, replay.url("/lookup"), pauses: Pauses()).poll()
        #expect(again.changed == 0 && again.alerted == 0)
        #expect(try inbox.unreadCount(userID: 1) == 2)
    }
}

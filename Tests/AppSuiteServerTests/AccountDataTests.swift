import AppHost
import AppSuiteAPI
import AppSuiteTesting
import Community
import Foundation
import Storage
import Testing
import WebUI

/// Issue 11 item 3 on a real server with every app: "download my data" holds each app's real rows and the
/// photo originals byte for byte; "delete my account" wants the password, then removes or anonymises every
/// row of the user in every app and platform table in one transaction, and the originals after commit.
@Suite(.requires(.photos)) struct AccountDataTests {
    /// Every table with a per-user column, and that column: after deletion none may name the user.
    static let userColumns: [(table: String, column: String)] = [
        ("users", "id"), ("sessions", "user_id"), ("photos_photos", "user_id"), ("photos_albums", "user_id"),
        ("gaokao_profiles", "user_id"), ("gaokao_plan_items", "user_id"), ("weather_saved_places", "user_id"),
        ("appdeals_alerts", "user_id"), ("appdeals_locations", "user_id"), ("merchants_submissions", "user_id"),
        ("merchants_photos", "user_id"),
        ("merchants", "owner_id"), ("merchants_articles", "author_id"), ("movies_marks", "user_id"), ("movies_drafts", "user_id"), ("movies_votes", "user_id"),
        ("movies_reviews", "user_id"), ("movies_comments", "user_id"), ("movies_follows", "user_id"), ("movies_follows", "followed_id"),
        ("community_comments", "user_id"),
        ("community_ratings", "user_id"), ("community_favorites", "user_id"), ("moderation_reports", "reporter_id"),
        ("notifications", "user_id"), ("notification_prefs", "user_id"), ("push_subscriptions", "user_id"),
        ("slicer_jobs", "user_id"),
    ]

    /// A finished slicing job of `user` as `SlicerJobs` leaves it: a row and a folder with its `Assets.zip`.
    func seedSlicerJob(_ server: TestServer, user: Int64, now: Int64, zip: [UInt8]) throws -> String {
        let token = "0123456789abcdef0123456789abcdef"
        try server.database.write { db in
            try db.execute("INSERT INTO slicer_jobs (token, user_id, design, created_at, state, done, total, summary, updated_at) "
                           + "VALUES (?, ?, 'login.psd', ?, 'finished', 6, 6, ?, ?)",
                           token, user, now, #"{"slices":[],"findings":[],"zipSize":\#(zip.count)}"#, now)
        }
        let folder = server.dataDirectory + "/apps/slicer/jobs/" + token
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(zip).write(to: URL(fileURLWithPath: folder + "/Assets.zip"))
        return folder
    }

    func count(_ server: TestServer, _ table: String, _ column: String, _ id: Int64) throws -> Int {
        try server.database.read { db in try db.scalar("SELECT COUNT(*) FROM \(table) WHERE \(column) = ?", id, as: Int.self) ?? 0 }
    }

    func userID(_ server: TestServer, _ token: String) throws -> Int64 {
        try #require(try server.get(APIPath.me, token: token).json()["id"] as? Int).int64
    }

    /// Rows a user makes in the apps whose items come from imported data (the rows name real places, schools and
    /// films of the shared data sets; the test imports none, so they are written as the apps' stores write them).
    func seedAppRows(_ server: TestServer, user: Int64, now: Int64) throws {
        try server.database.write { db in
            try db.execute("INSERT INTO gaokao_profiles (user_id, province, year, category, batch, score, updated_at) VALUES (?, '江西', 2024, '物理类', '本科', 588, ?)", user, now)
            try db.execute("INSERT INTO gaokao_plan_items (user_id, position, school, group_code, added_at) VALUES (?, 1, '南昌大学', '101', ?)", user, now)
            try db.execute("INSERT INTO weather_saved_places (user_id, adcode, opened_at) VALUES (?, '360100', ?)", user, now)
            try db.execute("INSERT INTO appdeals_alerts (user_id, app_id, fires_on, created_at) VALUES (?, 284882215, 'free', ?)", user, now)
            try db.execute("INSERT INTO appdeals_locations (user_id, cell_lat, cell_lon, updated_at) VALUES (?, 2868, 11589, ?)", user, now)
            try db.execute("INSERT INTO merchants_submissions (user_id, name, category, lat, lon, state, created_at) VALUES (?, '老街米粉', 'restaurant', 28.68, 115.89, 'open', ?)", user, now)
            try db.execute("INSERT INTO merchants_photos (user_id, state, alt, file, width, height, created_at) VALUES (?, 'pending', '米粉店门口', 'no-such-file', 1280, 853, ?)", user, now)
            // A merchant alice owns (published from her submission) with her article.
            try db.execute("INSERT INTO merchants (source_id, source, licence, name, category, time_zone, lat, lon, lat_band, source_datum, source_lat, "
                           + "source_lon, search_key, owner_id, created_at) VALUES ('user:9001', 'user', 'user', '老街米粉', 'restaurant', 'Asia/Shanghai', "
                           + "28.68, 115.89, 2868, 'wgs84', 28.68, 115.89, '老街米粉', ?, ?)", user, now)
            try db.execute("INSERT INTO merchants_articles (merchant_id, author_id, title, body, created_at, updated_at) "
                           + "SELECT id, ?, '米粉节八折', '**全场八折**', ?, ? FROM merchants WHERE source_id = 'user:9001'", user, now, now)
            try db.execute("INSERT INTO movies_marks (user_id, film_id, status, rating, marked_on, updated_at) VALUES (?, '1292052', 'seen', 5, '2026-11-30', ?)", user, now)
            try db.execute("INSERT INTO movies_drafts (user_id, film_id, title, body, rating, spoiler, updated_at) VALUES (?, '1292052', '希望', '草稿', 5, 0, ?)", user, now)
            try db.execute("INSERT INTO movies_comments (id, seq, film_id, author, rating, content, votes, hot, created_at, listed, user_id) "
                           + "VALUES ('own-1', 900001, '1292052', 'alice', 5, '重看一遍还是哭了', 0, 0, ?, 1, ?)", now, user)
        }
    }

    @Test func exportHoldsEveryAppsRowsAndPhotosThenDeletionRemovesOrAnonymisesThem() throws {
        let server = try TestServer()
        let alice = try server.register("alice", unique: true)
        let bob = try server.register("bob", unique: true)
        let (aliceID, bobID) = (try userID(server, alice.token), try userID(server, bob.token))
        let now = Int64(server.clock.now.timeIntervalSince1970)

        // A real photo through the API, a rated comment, replies both ways (bob's reply notifies alice).
        let photo = [UInt8](try Data(contentsOf: SharedDataSet.photos.url("ordinary/astronaut.png")))
        #expect(try server.upload("/api/v1/photos", files: [MultipartFile(filename: "astronaut.png", bytes: photo)], token: alice.token).status == 201)
        let sha = try #require(try server.database.read { db in
            try db.queryFirst("SELECT sha256 FROM photos_photos WHERE user_id = ?", aliceID)?.get("sha256", as: String.self)
        })
        let original = server.dataDirectory + "/apps/photos/originals/\(sha.prefix(2))/\(sha)"
        #expect(FileManager.default.fileExists(atPath: original))
        let comments = CommentStore(database: server.database, now: { now })
        let subject = Subject(app: "movies", item: "1292052")
        let top = try comments.post(subject, author: .user(id: aliceID, name: alice.username), text: "肖申克的救赎，百看不厌", stars: 5)
        let bobReply = try comments.post(subject, author: .user(id: bobID, name: bob.username), text: "同意", parentID: top.id)
        let aliceReply = try comments.post(subject, author: .user(id: aliceID, name: alice.username), text: "谢谢", parentID: bobReply.id)
        let bobAnswer = try comments.post(subject, author: .user(id: bobID, name: bob.username), text: "不客气", parentID: aliceReply.id)
        #expect(bobAnswer.replyToName == alice.username)
        #expect(try count(server, "notifications", "user_id", aliceID) >= 1, "bob's reply is in alice's inbox")
        try seedAppRows(server, user: aliceID, now: now)
        // Alice follows bob and bob follows her: both rows go with her account.
        try server.database.write { db in
            try db.execute("INSERT INTO movies_follows (user_id, followed_id, created_at) VALUES (?, ?, ?)", aliceID, bobID, now)
            try db.execute("INSERT INTO movies_follows (user_id, followed_id, created_at) VALUES (?, ?, ?)", bobID, aliceID, now)
        }
        let slices = [UInt8](try Data(contentsOf: SharedDataSet.photos.url("ordinary/astronaut.png")).prefix(4096))
        let slicerFolder = try seedSlicerJob(server, user: aliceID, now: now, zip: slices)

        // Download: one JSON per part, the original byte for byte, no password hash.
        let zip = try server.get(PlatformEndpoints.exportData.path, token: alice.token)
        #expect(zip.status == 200 && zip.headers["content-type"] == "application/zip")
        let folder = TemporaryDirectory("account-export")
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let zipPath = folder.path + "/export.zip"
        try Data(zip.body).write(to: URL(fileURLWithPath: zipPath))
        let names = Set(try unzip(["-Z1", zipPath]).split(separator: "\n").map(String.init))
        for part in ["account", "community", "notifications", "photos", "gaokao", "weather", "appdeals", "merchants", "movies", "slicer"] {
            #expect(names.contains(part + ".json"), "\(part).json in \(names.sorted())")
        }
        let photoEntry = try #require(names.first { $0.hasPrefix("photos/originals/") && $0.hasSuffix("-astronaut.png") })
        #expect(try unzipBytes(zipPath, photoEntry) == photo)
        let account = try unzip(["-p", zipPath, "account.json"])
        #expect(account.contains("\"username\":\"\(alice.username)\"") && !account.contains("password"))
        #expect(try unzip(["-p", zipPath, "gaokao.json"]).contains("\"score\":588"))
        #expect(try unzip(["-p", zipPath, "community.json"]).contains("肖申克的救赎，百看不厌"))
        #expect(try unzip(["-p", zipPath, "movies.json"]).contains("重看一遍还是哭了"))
        #expect(try unzip(["-p", zipPath, "movies.json"]).contains(#""following""#))
        #expect(try unzip(["-p", zipPath, "merchants.json"]).contains("老街米粉"))
        #expect(try unzip(["-p", zipPath, "merchants.json"]).contains("米粉店门口"))
        #expect(try unzip(["-p", zipPath, "merchants.json"]).contains("米粉节八折"))
        #expect(try unzip(["-p", zipPath, "notifications.json"]).contains(bob.username))
        #expect(try unzip(["-p", zipPath, "photos.json"]).contains("astronaut.png"))
        #expect(try unzip(["-p", zipPath, "slicer.json"]).contains("login.psd"))
        #expect(try unzipBytes(zipPath, "slicer/jobs/0123456789abcdef0123456789abcdef.zip") == slices)

        // A wrong password changes nothing.
        let wrong = try server.send("DELETE", APIPath.me, json: #"{"password":"not the password"}"#, token: alice.token)
        #expect(wrong.status == 401 && wrong.headers["content-type"]?.hasPrefix("application/problem+json") == true)
        #expect(try wrong.json()["errors"].map { "\($0)" }?.contains("password") == true)
        #expect(try count(server, "users", "id", aliceID) == 1)
        #expect(try server.send("DELETE", APIPath.me, json: #"{"pass":1}"#, token: alice.token).status == 400)

        let deleted = try server.send("DELETE", APIPath.me, json: #"{"password":"\#(alice.password)"}"#, token: alice.token)
        #expect(deleted.status == 204)
        #expect(try server.get(APIPath.me, token: alice.token).status == 401)
        for (table, column) in Self.userColumns {
            #expect(try count(server, table, column, aliceID) == 0, "\(table).\(column) still names the deleted user")
        }
        #expect(!FileManager.default.fileExists(atPath: original), "the original goes after commit")
        #expect(!FileManager.default.fileExists(atPath: slicerFolder), "the slicing job's files go after commit")
        #expect(!FileManager.default.fileExists(atPath: server.dataDirectory + "/exports/\(aliceID).zip"))
        // The comments stay, signed 已注销用户 (Deleted user in English), and so do bob's answers to them.
        let kept = try #require(try comments.comment(top.id))
        #expect(kept.userID == nil && kept.authorName == CommentStore.deletedUserName && kept.text == "肖申克的救赎，百看不厌")
        #expect(CommunityText.authorName(kept, .en) == "Deleted user" && CommunityText.authorName(kept, .zh) == "已注销用户")
        let answer = try #require(try comments.comment(bobAnswer.id))
        #expect(answer.replyToName == CommentStore.deletedUserName && answer.authorName == bob.username)
        #expect(try RatingStore(database: server.database).summary(subject).count == 0, "the rating left the totals")
        let short = try server.database.read { db in try db.queryFirst("SELECT author, user_id FROM movies_comments WHERE id = 'own-1'") }
        #expect(try short?.get("author", as: String.self) == CommentStore.deletedUserName)
        #expect(try count(server, "users", "id", bobID) == 1 && count(server, "community_comments", "user_id", bobID) == 2)
    }

    @Test func thePageDeletesAfterThePasswordAndSaysSoInBothLanguages() throws {
        let server = try TestServer(apps: [])
        let carol = try server.register("carol", unique: true)
        let zh = try server.get("/me/data", headers: ["Cookie": carol.cookie, "Accept-Language": "zh-CN"])
        #expect(zh.status == 200 && zh.text.contains("下载我的数据") && zh.text.contains("注销账号"))
        let en = try server.get("/me/data", headers: ["Cookie": carol.cookie, "Accept-Language": "en"])
        #expect(en.text.contains("Download my data") && en.text.contains("Delete my account"))
        #expect(try server.get("/me", headers: ["Cookie": carol.cookie]).text.contains("href=\"/me/data\""))
        let csrf = try #require(TestServer.csrfToken(in: zh.text))

        let download = try server.get("/me/data/export", headers: ["Cookie": carol.cookie])
        #expect(download.status == 200 && download.headers["content-disposition"]?.hasPrefix("attachment;") == true)

        let noToken = try server.postForm("/me/data/delete", [("password", carol.password)], headers: ["Cookie": carol.cookie])
        #expect(noToken.status == 403)
        let wrong = try server.postForm("/me/data/delete", [("csrf_token", csrf), ("password", "wrong password")],
                                        headers: ["Cookie": carol.cookie, "Accept-Language": "zh-CN"])
        #expect(wrong.status == 401 && wrong.text.contains("field-password-error"))
        let gone = try server.postForm("/me/data/delete", [("csrf_token", csrf), ("password", carol.password)], headers: ["Cookie": carol.cookie])
        #expect(gone.status == 303 && gone.headers["location"] == "/")
        #expect(gone.setCookies["sid"] == "")
        #expect(try server.get(APIPath.me, headers: ["Cookie": carol.cookie]).status == 401)
        #expect(throws: (any Error).self) { try server.logIn(carol.username, password: carol.password) }
    }

    private func unzip(_ arguments: [String]) throws -> String { String(decoding: try unzipRaw(arguments), as: UTF8.self) }

    private func unzipBytes(_ zip: String, _ entry: String) throws -> [UInt8] { try unzipRaw(["-p", zip, entry]) }

    private func unzipRaw(_ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("unzip \(arguments) exited \(process.terminationStatus)") }
        return [UInt8](bytes)
    }
}

private extension Int {
    var int64: Int64 { Int64(self) }
}

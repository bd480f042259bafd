import AppHost
import AppSuiteServer
import AppSuiteTesting
@testable import AssetSlicer
import Foundation
import Testing
import WebUI

/// `/slicer` jobs live in the database, so two servers on one database and one data directory share them
/// (issue 10 item 4): a job started through one is shown, finished, by the other; one job per account at a time
/// holds across both; a job whose server stopped stops counting after 15 minutes.
@Suite struct SlicerJobSharingTests {
    @Test func aJobStartedOnOneServerIsServedByTheOther() throws {
        let directory = TemporaryDirectory("slicer-shared")
        let first = try TestServer(apps: [AssetSlicerApp()], directory: directory)
        let database = try #require(first.suite.context(for: "slicer")).database
        let second = try TestServer(apps: [AssetSlicerApp()], directory: directory, database: database)
        let account = try first.register("designer")

        let upload = try first.upload("/slicer/jobs", files: [
            MultipartFile(field: "design", filename: "home.svg", contentType: "image/svg+xml", bytes: Array(SlicerTests.svg.utf8)),
        ], token: account.token)
        let location = try #require(upload.headers["location"])
        var page = try second.get(location, token: account.token)
        #expect(page.status == 200, "the second server knows the job at once")
        let finished = try wait(until: {
            page = try second.get(location, token: account.token)
            return page.text.contains("Assets.zip")
        })
        #expect(finished, "the slicing job ends")
        #expect(page.text.contains("7 个切图；2 个错误，3 个警告"))
        #expect(page.text.contains("img_que_ding_an_niu"), "the lint's suggestion survives the database")
        let preview = try second.get(location + "/preview/btn_sure_nor.png", token: account.token)
        #expect(preview.status == 200 && Array(preview.body.prefix(4)) == [0x89, 0x50, 0x4e, 0x47])
        #expect(try second.get(location + "/Assets.zip", token: account.token).status == 200)
        #expect(try second.get("/slicer", token: account.token).text.contains(location))

        // A restarted server keeps the finished job and its files (nothing is wiped at start).
        let third = try TestServer(apps: [AssetSlicerApp()], directory: directory, database: database)
        #expect(try third.get(location + "/Assets.zip", token: account.token).status == 200)
    }

    @Test func oneJobPerAccountAcrossServersUntilItsServerIsGone() throws {
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        let userID = try #require(try server.get("/api/v1/me", token: account.token).json()["id"] as? Int)
        let store = SlicerJobStore(database: try #require(server.suite.context(for: "slicer")).database)
        let quota = StorageQuota(app: "slicer", title: LocalizedText("test"), limitBytes: 1 << 30) { _, _ in 0 }
        let now = Int64(server.clock.clock.now().timeIntervalSince1970)

        #expect(try store.insert(token: "a", userID: Int64(userID), design: "a.svg", bytes: 0, now: now, keep: 10, quota: quota) == [])
        try store.progress("a", done: 3, total: 7, now: now)
        #expect(try store.insert(token: "b", userID: Int64(userID), design: "b.svg", bytes: 0, now: now + 60, keep: 10, quota: quota) == nil, "a is running")
        guard case .running(3, 7) = try #require(try store.job("a", userID: Int64(userID), now: now + 60)).state else {
            Issue.record("a should be running 3/7")
            return
        }
        #expect(try store.job("a", userID: Int64(userID) + 1, now: now) == nil, "another account's job is not found")

        // Its server stopped: after 15 minutes without progress it is failed and no longer blocks the account.
        let later = now + SlicerJobStore.staleAfter + 1
        guard case .failed(let reason) = try #require(try store.job("a", userID: Int64(userID), now: later)).state else {
            Issue.record("a should count as failed")
            return
        }
        #expect(reason.zh.contains("服务器已停止") && reason.en.contains("stopped") && reason.retry, "\(reason)")
        #expect(try store.insert(token: "b", userID: Int64(userID), design: "b.svg", bytes: 0, now: later, keep: 10, quota: quota) == [])
        try store.finish("b", summary: SlicerJobs.Summary(slices: [], findings: [], zipSize: 5), bytes: 5, now: later)

        // Only the newest ten are kept; the insert names the ones it removed (their folders go too).
        var removed: [String] = []
        for n in 0..<10 {
            let token = "c\(n)"
            removed += try #require(try store.insert(token: token, userID: Int64(userID), design: "\(n).svg", bytes: 0, now: later, keep: 10, quota: quota))
            try store.fail(token, reason: SlicerFailure(LocalizedText("test"), retry: false), now: later)
        }
        #expect(removed == ["a", "b"])
        #expect(try store.list(userID: Int64(userID), now: later).map(\.id) == (0..<10).reversed().map { "c\($0)" })
    }
}

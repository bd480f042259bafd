import AppHost
import AppSuiteServer
import AppSuiteTesting
@testable import AssetSlicer
import Foundation
import HTTPServer
import Testing
import WebUI

/// Issue 27 item 1: `/slicer` jobs are sliced by a helper process (`appsuite slicer-job`, the `appsuite` built beside
/// this test binary) under CPU, memory, file-size and wall-clock limits, so a design that keeps librsvg busy in C
/// costs no server thread and is stopped with a clear message on the job page.
@Suite struct SlicerIsolationTests {
    /// 40 octaves of turbulence over 1000 × 1000 px: about 147 million pixel operations, inside the budget, and
    /// seconds of librsvg at every scale.
    static let slow = SliceBudgetTests.bomb.replacingOccurrences(of: "numOctaves=\"100\"", with: "numOctaves=\"40\"")
        .replacingOccurrences(of: #"<rect id="bg_b" width="1000" height="1000" filter="url(#f)"/><rect id="bg_c" width="1000" height="1000" filter="url(#f)"/>"#, with: "")

    /// Uploads `svg` through the page and waits for the job to end; returns the job page.
    static func slice(_ svg: String, named name: String, on server: TestServer, token: String) throws -> (location: String, page: String) {
        let upload = try server.upload("/slicer/jobs", files: [MultipartFile(field: "design", filename: name, contentType: "image/svg+xml",
                                                                             bytes: Array(svg.utf8))], token: token)
        let location = try #require(upload.headers["location"])
        var page = ""
        let ended = try wait(until: {
            page = try server.get(location, token: token).text
            return !page.contains("data-running")
        }, timeout: .seconds(120), every: .milliseconds(50))
        #expect(ended, "the job ends")
        return (location, page)
    }

    @Test func theIssuesFilterBombFailsAtOnceWithTheBudgetOnItsPage() throws {
        #expect(IsolatedProcess.helper != nil, "swift build puts appsuite beside the test binary")
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        let (_, page) = try Self.slice(SliceBudgetTests.bomb, named: "bomb.svg", on: server, token: account.token)
        #expect(page.contains("超出预算：bomb.svg 的滤镜共需约 10.7 亿次像素运算（最重：bg_a, bg_b, bg_c），每次最多 5.0 亿"), "\(page)")
        #expect(!page.contains(server.dataDirectory))
        // The account may slice again at once: the failed job holds nothing.
        let (_, calm) = try Self.slice(SlicerTests.svg, named: "home.svg", on: server, token: account.token)
        #expect(calm.contains("Assets.zip"))
    }

    /// A 40 KB SVG whose 100 × 100 `feConvolveMatrix` makes librsvg 2.54 panic (SIGABRT in nalgebra) while measuring it:
    /// before issue 27 this stopped the whole server; now its helper dies, the job says so and the server goes on.
    @Test func aDesignThatCrashesLibrsvgFailsItsJobNotTheServer() throws {
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        let kernel = Array(repeating: "1", count: 100 * 100).joined(separator: " ")
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334"><filter id="f"><feConvolveMatrix order="100" kernelMatrix=""#
            + kernel + #""/></filter><rect id="bg_a" width="1000" height="1000" filter="url(#f)"/></svg>"#
        let (_, page) = try Self.slice(svg, named: "panic.svg", on: server, token: account.token)
        // The reader's language only, and no 重试: the same design would stop the helper again (tester 31c #1).
        #expect(page.contains(SlicerText.helperFailed.zh) && !page.contains(SlicerText.helperFailed.en) && !page.contains("重试"), "\(page)")
        #expect(try server.get("/healthz").status == 200)
    }

    /// A job that stays within its budget but not within its CPU seconds or its wall-clock time is killed, and its
    /// page says which; a server without the helper binary says so too.
    @Test func aHelperPastItsCPUOrTimeIsKilledAndTheJobSaysWhy() throws {
        let server = try TestServer(apps: [AssetSlicerApp()])
        let account = try server.register("designer")
        let userID = Int64(try #require(try server.get("/api/v1/me", token: account.token).json()["id"] as? Int))
        let context = try #require(server.suite.context(for: "slicer"))
        let directory = TemporaryDirectory("slicer-isolation")
        let pool = WorkPool()
        defer { pool.shutdown() }
        func run(limits: IsolatedProcess.Limits, helper: URL? = IsolatedProcess.helper) throws -> SlicerFailure? {
            let jobs = SlicerJobs(directory: URL(fileURLWithPath: directory.path), pool: pool, database: context.database, clock: context.clock,
                                  helper: helper, limits: limits)
            let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            let design = jobs.folder(id).appendingPathComponent("design/slow.svg")
            try FileManager.default.createDirectory(at: design.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(Self.slow.utf8).write(to: design)
            try jobs.start(id: id, userID: userID, design: "slow.svg", request: SliceRequest(input: design))
            var reason: SlicerFailure?
            let failed = try wait(until: {
                guard case let .failed(message) = try #require(try jobs.job(id, userID: userID)).state else { return false }
                reason = message
                return true
            }, timeout: .seconds(120), every: .milliseconds(50))
            #expect(failed)
            #expect(!FileManager.default.fileExists(atPath: jobs.folder(id).appendingPathComponent("design").path), "the upload is removed")
            return reason
        }
        let cpu = try run(limits: IsolatedProcess.Limits(cpuSeconds: 1, memoryBytes: 3 << 30, fileBytes: 1 << 20, wallClock: .seconds(100)))
        #expect(cpu == SlicerFailure(SlicerText.overCPU(1), retry: false))
        let time = try run(limits: IsolatedProcess.Limits(cpuSeconds: 100, memoryBytes: 3 << 30, fileBytes: 1 << 20, wallClock: .seconds(1)))
        #expect(time == SlicerFailure(SlicerText.overTime(1), retry: false))
        let missing = try run(limits: SlicerJobs.helperLimits, helper: nil)
        #expect(missing == SlicerFailure(SlicerText.helperMissing, retry: true))
    }
}

import AppHost
import Foundation
import HTTPServer
import Imaging
import Storage
import WebUI

/// Slicing jobs of the `/slicer` page: each upload is sliced on the server's work pool (never on a request
/// thread) while its page shows the progress. A job's files live in `<data>/apps/slicer/jobs/<id>/`
/// (the upload, then `Assets.zip` and the previews); its state lives in the database (``SlicerJobStore``), so
/// every server sharing the database and the data directory can show it. Each account keeps its last
/// ``maximumPerUser`` jobs; older ones and their files are removed.
final class SlicerJobs: Sendable {
    enum State: Sendable {
        case queued
        case running(done: Int, total: Int)
        case finished(Summary)
        case failed(String)
    }

    /// What the page shows of a finished job; the pictures stay in the zip and the preview folder.
    struct Summary: Sendable, Codable {
        struct Slice: Sendable, Codable {
            var name: String
            var pointWidth: Int
            var pointHeight: Int
            /// The scales written, e.g. [1, 2, 3].
            var scales: [Int]
            /// The preview's file extension (`png`, `jpg`), nil when no file was written.
            var preview: String?
        }

        struct Finding: Sendable, Codable {
            var rule: String
            var level: String
            var subject: String
            var zh: String
            var en: String
            var suggestion: String?
        }

        var slices: [Slice]
        var findings: [Finding]
        var zipSize: Int

        init(slices: [SliceOutput], findings: [LintFinding], zipSize: Int) {
            self.slices = slices.map { slice in
                Slice(name: slice.name, pointWidth: slice.pointWidth, pointHeight: slice.pointHeight, scales: slice.files.map(\.scale),
                      preview: Self.previewFile(slice).map { $0.image.format.fileExtension })
            }
            self.findings = findings.map {
                Finding(rule: $0.rule, level: $0.level.rawValue, subject: $0.subject, zh: $0.message.zh, en: $0.message.en, suggestion: $0.suggestion)
            }
            self.zipSize = zipSize
        }

        /// The lint findings as the lint made them.
        var lint: [LintFinding] {
            findings.map {
                LintFinding(rule: $0.rule, level: LintFinding.Level(rawValue: $0.level) ?? .warning, subject: $0.subject,
                            message: LocalizedText(zh: $0.zh, en: $0.en), suggestion: $0.suggestion)
            }
        }

        /// The file a slice's preview is made from: @2x, or the largest scale written.
        static func previewFile(_ slice: SliceOutput) -> SliceFile? {
            slice.files.first(where: { $0.scale == 2 }) ?? slice.files.last
        }
    }

    struct Job: Sendable {
        var id: String
        var userID: Int64
        var design: String
        var created: Date
        var state: State
    }

    static let maximumPerUser = 10

    let directory: URL
    let pool: WorkPool
    let store: SlicerJobStore
    let clock: AppClock

    init(directory: URL, pool: WorkPool, database: any Database, clock: AppClock) {
        self.directory = directory
        self.pool = pool
        store = SlicerJobStore(database: database)
        self.clock = clock
    }

    func folder(_ id: String) -> URL { directory.appendingPathComponent(id) }

    private var now: Int64 { Int64(clock.now().timeIntervalSince1970.rounded(.down)) }

    func job(_ id: String, userID: Int64) throws -> Job? {
        try store.job(id, userID: userID, now: now)
    }

    func list(userID: Int64) throws -> [Job] {
        try store.list(userID: userID, now: now)
    }

    /// Registers a job whose upload is already in `folder(id)` and queues it under the user's work-pool key.
    /// One job per account at a time: slicing is long work, and the pool's threads are shared with every app.
    /// - Throws: `SlicerError.overLimit` while the account has a job queued or running (on any server); the pool's
    ///   `WorkPoolError` (full, or the user has too many jobs waiting); a `StorageError`.
    func start(id: String, userID: Int64, design: String, request: SliceRequest) throws {
        // Checked and registered in one transaction, so two uploads at once (to two servers) cannot both start.
        guard let removed = try store.insert(token: id, userID: userID, design: design, now: now, keep: Self.maximumPerUser) else {
            throw SlicerError.overLimit("one slicing job at a time: wait for the one that is running")
        }
        for id in removed { try? FileManager.default.removeItem(at: folder(id)) }
        do {
            try pool.submit(.batch, key: "user:\(userID)") { [self] in run(id, request: request) }
        } catch {
            try? store.delete(id)
            try? FileManager.default.removeItem(at: folder(id))
            throw error
        }
    }

    private func run(_ id: String, request: SliceRequest) {
        try? store.progress(id, done: 0, total: 0, now: now)
        do {
            let result = try SliceJob.run(request) { done, total in try? self.store.progress(id, done: done, total: total, now: self.now) }
            var catalog = result.catalog
            catalog.addReport(SliceReport.html(result, design: request.input.lastPathComponent))
            let zip = folder(id).appendingPathComponent("Assets.zip")
            do {
                try ZipFile.write(catalog.files.sorted { $0.key < $1.key }.map { (name: $0.key, entry: .bytes($0.value)) }, to: zip.path)
            } catch {
                throw SlicerError.outputNotWritable(path: zip.path, detail: error.reason)
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int) ?? 0
            // The previews the page shows: each slice at @2x (or the largest scale written).
            let previews = folder(id).appendingPathComponent("preview")
            try? FileManager.default.createDirectory(at: previews, withIntermediateDirectories: true)
            for slice in result.slices {
                guard let file = Summary.previewFile(slice) else { continue }
                try? Data(file.image.bytes).write(to: previews.appendingPathComponent(slice.name + "." + file.image.format.fileExtension))
            }
            try? FileManager.default.removeItem(at: request.input)
            try store.finish(id, summary: Summary(slices: result.slices, findings: result.findings, zipSize: size), now: now)
        } catch {
            try? FileManager.default.removeItem(at: request.input)
            try? store.fail(id, reason: "\(error)", now: now)
        }
    }
}

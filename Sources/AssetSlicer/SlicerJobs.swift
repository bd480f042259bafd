import AppHost
import Foundation
import HTTPServer
import Imaging
import Synchronization

/// Slicing jobs of the `/slicer` page: each upload is sliced on the server's work pool (never on a request
/// thread) while its page shows the progress. A job's files live in `<data>/apps/slicer/jobs/<id>/`
/// (the upload, then `Assets.zip`); its state lives in memory, so jobs end with the process. Each account
/// keeps its last ``maximumPerUser`` jobs; older ones and their files are removed.
final class SlicerJobs: Sendable {
    enum State: Sendable {
        case queued
        case running(done: Int, total: Int)
        case finished(Summary)
        case failed(String)
    }

    /// What the page shows of a finished job; the pictures stay in the zip and the preview folder.
    struct Summary: Sendable {
        var slices: [SliceOutput]
        var findings: [LintFinding]
        var zipSize: Int
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
    private let jobs = Mutex<[String: Job]>([:])

    init(directory: URL, pool: WorkPool) {
        self.directory = directory
        self.pool = pool
        // Jobs do not outlive the process: files of a previous run are removed.
        try? FileManager.default.removeItem(at: directory)
    }

    func folder(_ id: String) -> URL { directory.appendingPathComponent(id) }

    func job(_ id: String, userID: Int64) -> Job? {
        jobs.withLock { $0[id] }.flatMap { $0.userID == userID ? $0 : nil }
    }

    func list(userID: Int64) -> [Job] {
        jobs.withLock { Array($0.values) }.filter { $0.userID == userID }.sorted { $0.created > $1.created }
    }

    /// Registers a job whose upload is already in `folder(id)` and queues it under the user's work-pool key.
    /// One job per account at a time: slicing is long work, and the pool's threads are shared with every app.
    /// - Throws: `SlicerError.overLimit` while the account has a job queued or running; the pool's
    ///   `WorkPoolError` (full, or the user has too many jobs waiting).
    func start(id: String, userID: Int64, design: String, created: Date, request: SliceRequest) throws {
        // Checked and registered under one lock, so two uploads at once cannot both start.
        let removed: [String]? = jobs.withLock { jobs in
            let busy = jobs.values.contains { job in
                guard job.userID == userID else { return false }
                switch job.state {
                case .queued, .running: return true
                case .finished, .failed: return false
                }
            }
            if busy { return nil }
            jobs[id] = Job(id: id, userID: userID, design: design, created: created, state: .queued)
            let mine = jobs.values.filter { $0.userID == userID }.sorted { $0.created > $1.created }
            let old = mine.dropFirst(Self.maximumPerUser).map(\.id)
            for id in old { jobs[id] = nil }
            return old
        }
        guard let removed else { throw SlicerError.overLimit("one slicing job at a time: wait for the one that is running") }
        for id in removed { try? FileManager.default.removeItem(at: folder(id)) }
        do {
            try pool.submit(key: "user:\(userID)") { [self] in run(id, request: request) }
        } catch {
            jobs.withLock { $0[id] = nil }
            try? FileManager.default.removeItem(at: folder(id))
            throw error
        }
    }

    private func update(_ id: String, _ state: State) {
        jobs.withLock { jobs in jobs[id]?.state = state }
    }

    private func run(_ id: String, request: SliceRequest) {
        update(id, .running(done: 0, total: 0))
        do {
            let result = try SliceJob.run(request) { done, total in self.update(id, .running(done: done, total: total)) }
            var catalog = result.catalog
            catalog.addReport(SliceReport.html(result, design: request.input.lastPathComponent))
            let zip = folder(id).appendingPathComponent("Assets.zip")
            try ZipArchive.write(catalog.files, to: zip.path)
            let size = (try? FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int) ?? 0
            // The previews the page shows: each slice at @2x (or the largest scale written).
            let previews = folder(id).appendingPathComponent("preview")
            try? FileManager.default.createDirectory(at: previews, withIntermediateDirectories: true)
            for slice in result.slices {
                guard let file = slice.files.first(where: { $0.scale == 2 }) ?? slice.files.last else { continue }
                try? Data(file.image.bytes).write(to: previews.appendingPathComponent(slice.name + "." + file.image.format.fileExtension))
            }
            try? FileManager.default.removeItem(at: request.input)
            update(id, .finished(Summary(slices: result.slices, findings: result.findings, zipSize: size)))
        } catch {
            try? FileManager.default.removeItem(at: request.input)
            update(id, .failed(error.description))
        }
    }
}

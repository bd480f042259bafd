import AppHost
import Foundation
import HTTPServer
import Imaging
import Storage
import WebUI

/// Slicing jobs of the `/slicer` page: each upload is sliced from the server's batch lane (never on a request
/// thread) by a helper process with its own CPU, memory and time limits (``SlicerWorkerCommand``), while its page
/// shows the progress. A job's files live in `<data>/apps/slicer/jobs/<id>/`
/// (the upload, then `Assets.zip` and the previews); its state lives in the database (``SlicerJobStore``), so
/// every server sharing the database and the data directory can show it. Each account keeps its last
/// ``maximumPerUser`` jobs; older ones and their files are removed.
final class SlicerJobs: Sendable {
    enum State: Sendable {
        case queued
        case running(done: Int, total: Int)
        case finished(Summary)
        case failed(SlicerFailure)
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
            /// The scales made by enlarging a smaller bitmap (``SliceFile/enlarged``); nil in a job stored before it was kept.
            var enlarged: [Int]?
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
                      preview: Self.previewFile(slice).map { $0.image.format.fileExtension }, enlarged: slice.files.filter(\.enlarged).map(\.scale))
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
    /// The `appsuite` binary that slices in a helper process (``IsolatedProcess/helper``).
    let helper: URL?
    /// What the helper may use (``helperLimits``; tests give less).
    let limits: IsolatedProcess.Limits
    /// Bytes one account may keep in its jobs' files.
    let quotaBytes: Int64

    /// The default of ``quotaBytes``: 512 MiB (eight uploads at the 64 MiB limit).
    static let defaultQuotaBytes: Int64 = 512 << 20

    init(directory: URL, pool: WorkPool, database: any Database, clock: AppClock, quotaBytes: Int64 = SlicerJobs.defaultQuotaBytes,
         helper: URL? = IsolatedProcess.helper, limits: IsolatedProcess.Limits = SlicerJobs.helperLimits) {
        self.directory = directory
        self.pool = pool
        store = SlicerJobStore(database: database)
        self.clock = clock
        self.quotaBytes = quotaBytes
        self.helper = helper
        self.limits = limits
    }

    /// The account's quota: the bytes of its jobs' files (the upload while it waits or runs, then the zip and
    /// previews).
    var quota: StorageQuota {
        StorageQuota(app: "slicer", title: LocalizedText(zh: "切图 · 任务文件", en: "Asset Slicer · job files"), limitBytes: quotaBytes) { [self] userID, db in
            try store.usedBytes(userID: userID, db: db) { token in Self.size(of: folder(token)) }
        }
    }

    /// The bytes of the files under `folder`.
    static func size(of folder: URL) -> Int64 {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total: Int64 = 0
        for case let file as URL in walker { total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
        return total
    }

    func folder(_ id: String) -> URL { directory.appendingPathComponent(id) }

    private var now: Int64 { Int64(clock.now().timeIntervalSince1970.rounded(.down)) }

    func job(_ id: String, userID: Int64) throws -> Job? {
        try store.job(id, userID: userID, now: now)
    }

    func list(userID: Int64) throws -> [Job] {
        try store.list(userID: userID, now: now)
    }

    /// Registers a job whose upload is already in `folder(id)` and queues it under the user's key in the work
    /// pool's batch lane. One job per account at a time: slicing is long work. A job that waits more than 10
    /// minutes for a thread fails with a message saying the server was busy.
    /// - Throws: `SlicerError.jobRunning` while the account has a job queued or running (on any server);
    ///   ``QuotaExceeded`` when the upload does not fit the account's quota; the pool's `WorkPoolError` (full, or
    ///   the user has too many jobs waiting); a `StorageError`.
    func start(id: String, userID: Int64, design: String, request: SliceRequest) throws {
        // Checked and registered in one transaction, so two uploads at once (to two servers) cannot both start.
        guard let removed = try store.insert(token: id, userID: userID, design: design, bytes: Self.size(of: folder(id)), now: now,
                                             keep: Self.maximumPerUser, quota: quota) else {
            throw SlicerError.jobRunning
        }
        for id in removed { try? FileManager.default.removeItem(at: folder(id)) }
        do {
            try pool.submit(.batch, key: "user:\(userID)", maximumWait: .seconds(600)) { [self] in
                run(id, request: request, userID: userID)
            } expired: { [self] _ in
                try? FileManager.default.removeItem(at: folder(id))
                try? store.fail(id, reason: SlicerFailure(SlicerText.busy, retry: true), now: now)
            }
        } catch {
            try? store.delete(id)
            try? FileManager.default.removeItem(at: folder(id))
            throw error
        }
    }

    /// What a job's helper may use (issue 27): 60 s of CPU, 3 GiB of address space, files up to 512 MiB, nice 10,
    /// killed after 120 s; its budget's own clock stops it cleanly 10 s before that (``budgetTime``).
    static let helperLimits = IsolatedProcess.Limits(cpuSeconds: 60, memoryBytes: 3 << 30, fileBytes: 512 << 20, niceness: 10,
                                                     wallClock: .seconds(120))
    static let budgetTime: Duration = .seconds(110)
    static let summaryFile = "summary.json"

    /// Slices the job in a helper process (``SlicerWorkerCommand``) under ``helperLimits`` and records how it
    /// ended. Whatever it ends with, the upload is removed; after a failure so is anything half-written.
    private func run(_ id: String, request: SliceRequest, userID: Int64) {
        let folder = folder(id)
        try? store.progress(id, done: 0, total: 0, now: now)
        let failure: SlicerFailure?
        if let helper {
            // No file it writes may pass what is left of the account's quota (the upload is counted already).
            let used = (try? store.database.read { db in try quota.used(userID, db) }) ?? 0
            var limits = limits
            limits.fileBytes = Int(max(1 << 20, min(Int64(limits.fileBytes), quotaBytes - used)))
            failure = slice(id, request: request, in: folder, helper: helper, limits: limits)
        } else {
            log(id, "no appsuite binary to run the slicing helper (looked at /proc/self/exe and beside it)")
            failure = SlicerFailure(SlicerText.helperMissing, retry: true)
        }
        for input in [SlicerJobSpec.fileName, "design", "app_icon", "launch", Self.summaryFile, SlicerFailure.fileName] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(input))
        }
        if let failure {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("Assets.zip"))
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("preview"))
            try? store.fail(id, reason: failure, now: now)
        }
    }

    /// Runs the helper and stores the summary it wrote; returns the failure to show instead, if any.
    private func slice(_ id: String, request: SliceRequest, in folder: URL, helper: URL, limits: IsolatedProcess.Limits) -> SlicerFailure? {
        do {
            try JSONEncoder().encode(SlicerJobSpec(request, folder: folder)).write(to: folder.appendingPathComponent(SlicerJobSpec.fileName))
        } catch {
            log(id, "cannot write \(SlicerJobSpec.fileName): \(error)")
            return SlicerFailure(SlicerText.notStored, retry: true)
        }
        let ending = IsolatedProcess.run(helper, command: SlicerWorkerCommand.commandName, arguments: [folder.path], limits: limits) { [self] line in
            let words = line.split(separator: " ")
            if words.count == 3, words[0] == "progress", let done = Int(words[1]), let total = Int(words[2]) {
                try? store.progress(id, done: done, total: total, now: now)
            }
        } log: { [self] text in
            log(id, text)
        }
        switch ending {
        case .exited(0):
            let summary = folder.appendingPathComponent(Self.summaryFile)
            guard let data = try? Data(contentsOf: summary), let decoded = try? JSONDecoder().decode(Summary.self, from: data) else {
                log(id, "the helper ended without a readable \(Self.summaryFile)")
                return SlicerFailure(SlicerText.notStored, retry: true)
            }
            do {
                for input in [SlicerJobSpec.fileName, "design", "app_icon", "launch", Self.summaryFile] {
                    try? FileManager.default.removeItem(at: folder.appendingPathComponent(input))
                }
                try store.finish(id, summary: decoded, bytes: Self.size(of: folder), now: now)
                return nil
            } catch {
                log(id, "cannot record the finished job: \(error)")
                return SlicerFailure(SlicerText.notStored, retry: true)
            }
        case .exited(let status):
            let file = folder.appendingPathComponent(SlicerFailure.fileName)
            if let data = try? Data(contentsOf: file), let failure = try? JSONDecoder().decode(SlicerFailure.self, from: data) {
                return failure
            }
            log(id, "the helper exited with status \(status) and no message")
            return SlicerFailure(SlicerText.helperFailed, retry: false)
        case .overCPU:
            return SlicerFailure(SlicerText.overCPU(limits.cpuSeconds), retry: false)
        case .overTime:
            return SlicerFailure(SlicerText.overTime(Int(limits.wallClock.components.seconds)), retry: false)
        case .signalled(let signal):
            log(id, "the helper was ended by signal \(signal)")
            return SlicerFailure(SlicerText.helperFailed, retry: false)
        case .notStarted(let reason):
            log(id, "the helper did not start: \(reason)")
            return SlicerFailure(SlicerText.helperMissing, retry: true)
        }
    }

    /// Slices `request` and writes `Assets.zip` (the catalog and the report) and the page's previews (each slice
    /// at @2x, or its largest scale) into `folder`: what the helper does.
    static func produce(_ request: SliceRequest, in folder: URL, progress: (Int, Int) -> Void) throws -> Summary {
        let result = try SliceJob.run(request, progress: progress)
        var catalog = result.catalog
        catalog.addReport(SliceReport.html(result, design: request.input.lastPathComponent))
        let zip = folder.appendingPathComponent("Assets.zip")
        do {
            try ZipFile.write(catalog.files.sorted { $0.key < $1.key }.map { (name: $0.key, entry: .bytes($0.value)) }, to: zip.path)
        } catch {
            throw SlicerError.outputNotWritable(path: "Assets.zip", detail: "the archive cannot be written")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int) ?? 0
        let previews = folder.appendingPathComponent("preview")
        try FileManager.default.createDirectory(at: previews, withIntermediateDirectories: true)
        for slice in result.slices {
            guard let file = Summary.previewFile(slice) else { continue }
            try Data(file.image.bytes).write(to: previews.appendingPathComponent(slice.name + "." + file.image.format.fileExtension))
        }
        return Summary(slices: result.slices, findings: result.findings, zipSize: size)
    }

    private func log(_ id: String, _ text: String) {
        FileHandle.standardError.write(Data("appsuite: slicer job \(id): \(text)\n".utf8))
    }
}

import AppHost
import Foundation
import WebUI

/// What a `/slicer` job's helper process slices: the upload's files by their names in the job's folder and the
/// form's options. Written as `job.json` in the folder by ``SlicerJobs`` and read by ``SlicerWorkerCommand``.
struct SlicerJobSpec: Codable, Sendable, Equatable {
    /// Paths relative to the job's folder: `design/home.svg`, or `design` for a folder of PNG exports.
    var input: String
    var appIcon: String?
    var launchImage: String?
    var designScale: Int
    var legacyIcons: Bool

    static let fileName = "job.json"

    init(_ request: SliceRequest, folder: URL) {
        func relative(_ url: URL) -> String { String(url.path.dropFirst(folder.path.count + 1)) }
        input = relative(request.input)
        appIcon = request.appIcon.map(relative)
        launchImage = request.launchImage.map(relative)
        designScale = request.options.designScale
        legacyIcons = request.legacyIcons
    }

    /// The request in `folder`, with the page's limits and a budget whose time ends before the helper is killed.
    func request(in folder: URL, time: Duration) -> SliceRequest {
        var options = SliceOptions(designScale: designScale, limits: SlicerPages.limits)
        options.limits.budget.time = time
        return SliceRequest(input: folder.appendingPathComponent(input), options: options,
                            appIcon: appIcon.map(folder.appendingPathComponent), legacyIcons: legacyIcons,
                            launchImage: launchImage.map(folder.appendingPathComponent))
    }
}

/// Why a job failed, as its page shows it: the message in both languages and whether 重试 is offered. The helper
/// leaves it in the job's folder as `failure.json`; the job's row keeps it as this JSON in `slicer_jobs.error`.
struct SlicerFailure: Codable, Sendable, Equatable {
    var zh: String
    var en: String
    /// Whether uploading the same design again can succeed (``SlicerError/canSucceedOnRetry``: the server was busy,
    /// stopped or could not store the results), so the page offers 重试.
    var retry: Bool
    static let fileName = "failure.json"

    init(_ message: LocalizedText, retry: Bool) {
        zh = message.zh
        en = message.en
        self.retry = retry
    }

    var message: LocalizedText { LocalizedText(zh: zh, en: en) }

    /// The failure kept in `slicer_jobs.error`: this JSON, or text stored before it was kept as JSON (`zh / en`,
    /// or one language only), which is shown as a general failure when it is not in both languages.
    static func stored(_ text: String) -> SlicerFailure {
        if let failure = try? JSONDecoder().decode(SlicerFailure.self, from: Data(text.utf8)) { return failure }
        let halves = text.components(separatedBy: " / ")
        if halves.count == 2 { return SlicerFailure(LocalizedText(zh: halves[0], en: halves[1]), retry: false) }
        return SlicerFailure(SlicerText.helperFailed, retry: false)
    }

    /// The JSON kept in `slicer_jobs.error`.
    var storedText: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
}

/// `appsuite slicer-job <limits> FOLDER` (not listed in `--help`): slices the `/slicer` job in FOLDER in this
/// helper process (``IsolatedProcess``), which limits itself first. It writes `progress DONE TOTAL` lines to
/// standard output, then `Assets.zip`, `preview/` and `summary.json` into the folder, or `failure.json` with
/// the page's message (naming only the uploaded files) and exits 65; the libraries' own texts go to standard
/// error, which the server logs.
struct SlicerWorkerCommand: AppCommand {
    static let commandName = "slicer-job"
    var name: String { Self.commandName }
    var summary: String { "slices one /slicer job in a helper process (used by the server)" }
    var usage: [String] { [] }
    var isListed: Bool { false }

    func run(_ invocation: CommandInvocation) throws(CommandFailure) -> ExitCode {
        let rest = try IsolatedProcess.Limits.apply(invocation.arguments)
        guard rest.count == 1 else { throw CommandFailure(.usage, "usage: appsuite slicer-job <limits> FOLDER") }
        let folder = URL(fileURLWithPath: rest[0])
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(SlicerJobSpec.fileName).path),
              let spec = try? JSONDecoder().decode(SlicerJobSpec.self, from: data) else {
            throw CommandFailure(.noInput, "no readable \(SlicerJobSpec.fileName) in the job folder")
        }
        let request = spec.request(in: folder, time: SlicerJobs.budgetTime)
        do {
            let summary = try SlicerJobs.produce(request, in: folder) { done, total in
                FileHandle.standardOutput.write(Data("progress \(done) \(total)\n".utf8))
            }
            try JSONEncoder().encode(summary).write(to: folder.appendingPathComponent(SlicerJobs.summaryFile))
            return .success
        } catch {
            // The library's own words go to standard error, which the server logs; the page gets the kind's message.
            FileHandle.standardError.write(Data(Self.scrub("\(error)\n", folder: folder).utf8))
            let slicer = error as? SlicerError
            let message = slicer?.message ?? SlicerText.notStored
            let failure = SlicerFailure(LocalizedText(zh: Self.scrub(message.zh, folder: folder), en: Self.scrub(message.en, folder: folder)),
                                        retry: slicer?.canSucceedOnRetry ?? true)
            try? JSONEncoder().encode(failure).write(to: folder.appendingPathComponent(SlicerFailure.fileName))
            return (error as? SlicerError)?.exitCode ?? .cannotCreate
        }
    }

    /// `text` without the job folder's path: a message names the uploaded file, never where the server keeps it.
    static func scrub(_ text: String, folder: URL) -> String {
        text.replacingOccurrences(of: folder.path + "/", with: "").replacingOccurrences(of: folder.path, with: "")
    }
}

import AppHost
import AppSuiteServer
import Foundation
import Storage

/// `appsuite import <app|all> <path>`: loads public data sets with a progress bar.
struct ImportCommand {
    let configuration: AppSuiteConfiguration
    let apps: [any MiniApp]
    let app: String
    let path: String

    func run() -> ExitCode {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("import: no folder at \(path)")
            return .noInput
        }
        let suite: AppSuite
        do {
            suite = try AppSuite(configuration: configuration, apps: apps)
        } catch {
            printError("\(error)")
            return .cannotCreate
        }
        let importers = suite.apps.compactMap { app in suite.importer(for: app.manifest.id).map { (app.manifest.id, $0) } }
        let folder = URL(fileURLWithPath: path)
        if app == "all" {
            var status = ExitCode.success
            var ran = 0
            for (id, importer) in importers {
                let appFolder = folder.appendingPathComponent(importer.defaultFolder)
                guard FileManager.default.fileExists(atPath: appFolder.path) else {
                    printError("import: skipping \(id): no \(importer.defaultFolder)/ in \(path)")
                    continue
                }
                ran += 1
                let result = runOne(id, importer, appFolder, suite: suite)
                if result != .success { status = result }
            }
            if importers.isEmpty { printError("import: no installed app imports data yet; nothing to do") }
            else if ran == 0 { printError("import: none of \(importers.map(\.0).joined(separator: ", ")) has a folder in \(path)") }
            return status
        }
        guard let importer = importers.first(where: { $0.0 == app })?.1 else {
            let known = importers.map(\.0)
            printError("import: unknown app '\(app)'; apps that import data: \(known.isEmpty ? "none yet" : known.joined(separator: ", ")), or 'all'")
            return .usage
        }
        return runOne(app, importer, folder, suite: suite)
    }

    private func runOne(_ id: String, _ importer: any DataImporter, _ folder: URL, suite: AppSuite) -> ExitCode {
        let bar = ProgressBar(label: "import \(id)")
        do {
            let summary = try importer.importData(from: folder) { bar.update(done: $0.done, total: $0.total, detail: $0.item) }
            // Servers on the same PostgreSQL database drop what they kept of the old data (one SQLite file has one
            // server, which keeps its read models until their bounds or a restart).
            suite.dataVersions.changedEverything()
            bar.finish(summary.description)
            for (item, reason) in summary.skipped { printError("  skipped \(item): \(reason)") }
            return .success
        } catch {
            bar.finish("failed")
            printError("import \(id): \(error)")
            return .dataError
        }
    }
}

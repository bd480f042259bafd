import AppHost
import AppSuiteServer
import Foundation
import HTTPServer

/// `appsuite serve`: runs until SIGINT or SIGTERM, then stops gracefully (requests in flight finish). A fatal
/// signal is logged in one line before the process dies of it (``FatalSignals``).
struct ServeCommand {
    let configuration: AppSuiteConfiguration
    let apps: [any MiniApp]

    func run() -> ExitCode {
        FatalSignals.install()
        let suite: AppSuite
        do {
            suite = try AppSuite(configuration: configuration, apps: apps)
        } catch {
            printError("\(error)")
            switch error {
            case .dataDirectory: return .cannotCreate
            case .storage: return .cannotCreate
            case .databaseUnreachable: return .unavailable  // as `db copy` answers the same database
            case .imaging: return .software
            case .cannotListen: return .unavailable
            }
        }
        let signals = TerminationSignals()
        do {
            try suite.start()
        } catch {
            printError("\(error)")
            return .unavailable
        }
        let apps = suite.apps.map(\.manifest.id)
        printError("listening on http://\(configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host):\(suite.port) "
                   + "(data: \(configuration.dataDirectory); apps: \(apps.isEmpty ? "none" : apps.joined(separator: ", ")); "
                   + "public URL: \(suite.publicURL))")
        signals.wait()
        printError("stopping: finishing requests in flight")
        suite.stop()
        printError("stopped")
        return .success
    }
}

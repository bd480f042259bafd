import AppSuiteServer
import Dispatch
import Foundation

/// `appsuite serve`: runs until SIGINT or SIGTERM, then stops gracefully (requests in flight finish).
struct ServeCommand {
    let configuration: AppSuiteConfiguration

    func run() -> ExitCode {
        let suite: AppSuite
        do {
            suite = try AppSuite(configuration: configuration)
        } catch {
            printError("\(error)")
            switch error {
            case .dataDirectory: return .cannotCreate
            case .storage: return .cannotCreate
            case .imaging: return .software
            case .cannotListen: return .unavailable
            }
        }
        let stop = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        do {
            try suite.start()
        } catch {
            printError("\(error)")
            return .unavailable
        }
        let apps = suite.apps.map(\.manifest.id)
        printError("listening on http://\(configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host):\(suite.port) "
                   + "(data: \(configuration.dataDirectory); apps: \(apps.isEmpty ? "none" : apps.joined(separator: ", ")))")
        stop.wait()
        printError("stopping: finishing requests in flight")
        suite.stop()
        signals.forEach { $0.cancel() }
        printError("stopped")
        return .success
    }
}

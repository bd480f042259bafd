import AppSuiteServer
import Foundation
import Gaokao

/// `appsuite gaokao <backtest|timing>`: opens (and migrates) the data directory, then hands over to the app.
struct GaokaoSubcommand {
    let configuration: AppSuiteConfiguration
    let words: [String]

    func run() -> ExitCode {
        do {
            _ = try AppSuite(configuration: configuration)
        } catch {
            printError("\(error)")
            return .cannotCreate
        }
        let code = GaokaoCommand.run(words, databasePath: configuration.dataDirectory + "/appsuite.sqlite")
        return ExitCode(rawValue: code) ?? .failure
    }
}

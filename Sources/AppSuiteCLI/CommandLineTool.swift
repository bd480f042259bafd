import AppSuiteServer
import Foundation
import PhotoStudio

/// `appsuite`: the command-line entry. `main.swift` only calls ``run(_:environment:)`` and exits with its code.
public enum CommandLineTool {
    static let usage = """
        appsuite \(AppSuite.version): one server for the AppSuite mini apps

        Usage:
          appsuite serve [--host 127.0.0.1] [--port 8080] [--data-dir var] [--threads N] [--public-url URL]
          appsuite import <app|all> <path> [--data-dir var]
          appsuite gaokao <backtest|timing> [--data-dir var]
          appsuite photo thumbnail|rotate|flip|crop|resize|info IN [OUT] …   (appsuite photo --help)
          appsuite --help | --version

        Commands:
          serve    Serve the web UI and API until SIGINT/SIGTERM, then stop gracefully.
          import   Load an app's public data set from a folder (idempotent; `all` imports
                   every app whose folder exists under <path>, e.g. ../shared/data).
          gaokao   豹考通 tools: `backtest` (prediction accuracy vs last year's line),
                   `timing` (recommendation query on the imported data).
          photo    Photo Studio's image operations on files (upright, sRGB, libvips).

        Options (each also read from APPSUITE_<NAME>, e.g. APPSUITE_PORT):
          --host H            address to listen on (default 127.0.0.1)
          --port P            port, 0 for any free one (default 8080)
          --data-dir D        database, secret and media folder (default ./var)
          --threads N         worker threads (default 2 × cores, at least 4)
          --secure-cookies B  mark cookies Secure, when served over HTTPS (default false)
          --access-log B      one line per request on stderr (default true)
          --public-url URL    where people reach the server, e.g. https://apps.example.com: the start
                              of every absolute link (default http://<host>:<port>; never the Host header)

        Exit codes: 0 success, 64 usage, 65 bad data, 66 missing input,
                    69 cannot listen, 70 internal error, 73 cannot create data.
        """

    /// Runs one command line (without the program name) and returns the process exit code.
    public static func run(_ words: [String], environment: [String: String]) -> Int32 {
        if words.first == "photo" { return PhotoTool.run(Array(words.dropFirst())) }
        do {
            let arguments = try Arguments(words, valued: AppSuiteConfiguration.optionNames)
            if arguments.flags.contains("version") {
                print("appsuite \(AppSuite.version)")
                return ExitCode.success.rawValue
            }
            guard let command = arguments.positional.first, !arguments.flags.contains("help") else {
                print(usage)
                return (arguments.flags.contains("help") ? ExitCode.success : ExitCode.usage).rawValue
            }
            try arguments.requireOnly(flags: [])
            let configuration = try AppSuiteConfiguration.resolve(options: arguments.options, environment: environment)
            switch command {
            case "serve":
                guard arguments.positional.count == 1 else { throw UsageError("serve takes no arguments") }
                return ServeCommand(configuration: configuration).run().rawValue
            case "import":
                guard arguments.positional.count == 3 else { throw UsageError("import needs an app and a path: appsuite import <app|all> <path>") }
                return ImportCommand(configuration: configuration, app: arguments.positional[1], path: arguments.positional[2]).run().rawValue
            case "gaokao":
                return GaokaoSubcommand(configuration: configuration, words: Array(arguments.positional.dropFirst())).run().rawValue
            case "help":
                print(usage)
                return ExitCode.success.rawValue
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch let error as UsageError {
            printError("\(error)\nRun 'appsuite --help' for usage.")
            return ExitCode.usage.rawValue
        } catch {
            printError("\(error)")
            return ExitCode.usage.rawValue
        }
    }
}

/// Writes one line to stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("appsuite: \(message)\n".utf8))
}

public import AppHost
public import AppSuiteServer
import Foundation

/// `appsuite`: the command-line entry. `main.swift` only calls ``run(_:environment:apps:)`` and exits with its code.
/// The platform's commands are `serve` and `import`; every other command comes from an app (``MiniApp/commands``).
public enum CommandLineTool {
    /// `appsuite --help`: the platform's commands and options, then each app's commands, then the platform's shared
    /// settings (the map tiles) and each app's.
    static func usage(apps: [any MiniApp]) -> String {
        let commands = apps.flatMap(\.commands).filter(\.isListed)
        let commandUsage = commands.flatMap(\.usage).map { "  \($0)\n" }.joined()
        let commandList = commands.map { "  \($0.name.padded(to: 8)) \($0.summary)\n" }.joined()
        let settings = (AppSuiteConfiguration.platformSettings + apps.flatMap(\.settings)).map { ($0.isSecret ? $0.environmentName : "--\($0.name) \($0.valueName)", $0.help) }
        let width = max(18, settings.map(\.0.count).max() ?? 0)
        let settingList = settings.isEmpty ? "" : "\nSettings of the maps and the apps (flags also read from APPSUITE_<NAME>; secrets only from the environment):\n"
            + settings.map { "  \($0.0.padded(to: width))  \($0.1)\n" }.joined()
        return """
        appsuite \(AppSuite.version): one server for the AppSuite mini apps

        Usage:
          appsuite serve [--host 127.0.0.1] [--port 8080] [--data-dir var] [--database URL] [--threads N] [--public-url URL]
          appsuite import <app|all> <path> [--data-dir var]
        \(UserCommand.usage.map { "  \($0)\n" }.joined())\
        \(DatabaseCommand.usage.map { "  \($0)\n" }.joined())\
        \(commandUsage)\
          appsuite --help | --version

        Commands:
          serve    Serve the web UI and API until SIGINT/SIGTERM, then stop gracefully.
          import   Load an app's public data set from a folder (idempotent; `all` imports
                   every app whose folder exists under <path>, e.g. ../shared/data).
          user     Grant or revoke staff roles (admin, moderator); list accounts with roles and bans.
          db       copy: move every row to another database (SQLite ⇄ PostgreSQL), migrating both first;
                   refuses a target with rows of its own unless --force (which replaces them).
        \(commandList)\

        Options (each also read from APPSUITE_<NAME>, e.g. APPSUITE_PORT):
          --host H            address to listen on (default 127.0.0.1)
          --port P            port, 0 for any free one (default 8080)
          --data-dir D        database, secret and media folder (default ./var)
          --database URL      PostgreSQL instead of SQLite, postgres://user:password@host:5432/db?sslmode=…
                              (APPSUITE_DATABASE_URL; default: appsuite.sqlite in the data directory)
          --threads N         worker threads (default 2 × cores, at least 4)
          --remote-images-max-mb N  disk budget of the remote-image cache (icons, screenshots, posters) in MiB;
                              past it the least recently served are deleted (default 512)
          --secure-cookies B  mark cookies Secure, when served over HTTPS (default false)
          --access-log B      one line per request on stderr (default true)
          --public-url URL    where people reach the server, e.g. https://apps.example.com: the start
                              of every absolute link (default http://<host>:<port>; never the Host header)
          --trusted-proxy A   reverse proxies in front (e.g. 127.0.0.1 for nginx on this machine), comma-separated:
                              their X-Forwarded-For names the client for throttles and per-client limits
          --smtp-url URL      mail server for e-mail verification and password reset: smtp://[user:pw@]host[:port]
                              or smtps://… (prefer APPSUITE_SMTP_URL for a password); none: reset is unavailable
          --mail-from A       sender address of those messages (default noreply@<public-url host>)
          --oidc-providers L  third-party sign-in (OpenID Connect): id|name|issuer|client-id entries separated
                              by ;, each secret in APPSUITE_OIDC_<ID>_SECRET; redirect URI <public-url>/login/oidc/callback
          --client-versions L the native apps' versions for GET /api/v1/app/version: platform=latest/minimum,
                              comma-separated, e.g. ios=2.1.0/1.5.0,android=2.0.3/1.5.0 (default: none published)
          --release-notes-url URL  where the release notes are, shown with the upgrade prompt (default none)
          --test-push-receiver URL  end-to-end tests only: a loopback origin (http://127.0.0.1:PORT) standing in for
                              a browser's push service; Web Push endpoints on it are accepted (default none)
        \(settingList)\

        Exit codes: 0 success, 64 usage, 65 bad data, 66 missing input,
                    69 cannot listen, 70 internal error, 73 cannot create data.
        """
    }

    /// Runs one command line (without the program name) and returns the process exit code.
    /// - Parameter apps: the apps whose commands and settings the command line offers and whose suite it opens.
    public static func run(_ words: [String], environment: [String: String], apps: [any MiniApp] = AppCatalog.installed) -> Int32 {
        let optionNames = AppSuiteConfiguration.optionNames(apps: apps)
        do {
            let (options, rest) = try Arguments.extract(optionNames, from: words)
            if let name = rest.first, let app = apps.first(where: { $0.commands.contains { $0.name == name } }),
               let command = app.commands.first(where: { $0.name == name }) {
                let configuration = try AppSuiteConfiguration.resolve(options: options, environment: environment, apps: apps)
                return run(command, of: app, arguments: Array(rest.dropFirst()), configuration: configuration, apps: apps).rawValue
            }
            let arguments = try Arguments(words, valued: optionNames.union(DatabaseCommand.options))
            if arguments.flags.contains("version") {
                print("appsuite \(AppSuite.version)")
                return ExitCode.success.rawValue
            }
            guard let command = arguments.positional.first, !arguments.flags.contains("help") else {
                print(usage(apps: apps))
                return (arguments.flags.contains("help") ? ExitCode.success : ExitCode.usage).rawValue
            }
            try arguments.requireOnly(flags: command == "user" ? ["staff"] : command == "db" ? ["force"] : [])
            if command != "db", let name = DatabaseCommand.options.first(where: { arguments.options[$0] != nil }) {
                throw UsageError("unknown option --\(name)")
            }
            let configuration = try AppSuiteConfiguration.resolve(options: arguments.options, environment: environment, apps: apps)
            switch command {
            case "serve":
                guard arguments.positional.count == 1 else { throw UsageError("serve takes no arguments") }
                return ServeCommand(configuration: configuration, apps: apps).run().rawValue
            case "import":
                guard arguments.positional.count == 3 else { throw UsageError("import needs an app and a path: appsuite import <app|all> <path>") }
                return ImportCommand(configuration: configuration, apps: apps, app: arguments.positional[1], path: arguments.positional[2])
                    .run().rawValue
            case "user":
                return UserCommand(configuration: configuration, apps: apps, arguments: Array(arguments.positional.dropFirst()),
                                   flags: arguments.flags).run().rawValue
            case "db":
                return DatabaseCommand(apps: apps, arguments: Array(arguments.positional.dropFirst()), options: arguments.options,
                                       flags: arguments.flags).run().rawValue
            case "help":
                print(usage(apps: apps))
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

extension CommandLineTool {
    /// Runs an app's command; its context is the app's in a suite opened (and migrated) on first use.
    static func run(_ command: any AppCommand, of app: any MiniApp, arguments: [String], configuration: AppSuiteConfiguration,
                    apps: [any MiniApp]) -> ExitCode {
        let invocation = CommandInvocation(
            arguments: arguments, output: { print($0) },
            error: { FileHandle.standardError.write(Data("appsuite \(command.name): \($0)\n".utf8)) },
            context: {
                guard let context = try AppSuite(configuration: configuration, apps: apps).context(for: app.manifest.id) else {
                    throw CommandFailure(.software, "no app \(app.manifest.id)")
                }
                return context
            })
        do {
            return try command.run(invocation)
        } catch {
            invocation.error(error.message)
            return error.exitCode
        }
    }
}

extension String {
    func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

/// Writes one line to stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("appsuite: \(message)\n".utf8))
}

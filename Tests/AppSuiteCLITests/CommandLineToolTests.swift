import AppHost
import AppSuiteTesting
import Foundation
import Testing
@testable import AppSuiteCLI
@testable import AppSuiteServer
import WebUI

@Suite struct CommandLineToolTests {
    @Test func argumentsSplitOptionsFlagsAndWords() throws {
        let arguments = try Arguments(["import", "all", "--data-dir=/tmp/x", "--port", "9000", "../shared/data", "--verbose"],
                                      valued: ["data-dir", "port"])
        #expect(arguments.positional == ["import", "all", "../shared/data"])
        #expect(arguments.options == ["data-dir": "/tmp/x", "port": "9000"])
        #expect(arguments.flags == ["verbose"])
        #expect(throws: UsageError("--port needs a value")) { try Arguments(["serve", "--port"], valued: ["port"]) }
        #expect(throws: UsageError("unknown option --colour")) { try Arguments(["--colour=red"], valued: ["port"]) }
    }

    @Test func configurationComesFromFlagsThenEnvironmentThenDefaults() throws {
        let defaults = try AppSuiteConfiguration.resolve(options: [:], environment: [:])
        #expect(defaults.host == "127.0.0.1" && defaults.port == 8080 && defaults.dataDirectory == "var")
        let mixed = try AppSuiteConfiguration.resolve(
            options: ["port": "9090"], environment: ["APPSUITE_PORT": "7070", "APPSUITE_DATA_DIR": "/srv/appsuite", "APPSUITE_SECURE_COOKIES": "yes"])
        #expect(mixed.port == 9090)
        #expect(mixed.dataDirectory == "/srv/appsuite")
        #expect(mixed.usesSecureCookies)
        #expect(throws: ConfigurationError.invalid("port", "80000", "a number from 0 to 65535")) {
            try AppSuiteConfiguration.resolve(options: ["port": "80000"], environment: [:])
        }
        #expect(throws: ConfigurationError.self) { try AppSuiteConfiguration.resolve(options: ["threads": "0"], environment: [:]) }
        // A mistyped scheme still carries a password: it is not echoed.
        #expect(throws: ConfigurationError.invalid("database", "postgress://appsuite:***@db/appsuite",
                                                   "a PostgreSQL URL, postgres://user:password@host:5432/database (SQLite needs no flag)")) {
            try AppSuiteConfiguration.resolve(options: [:], environment: ["APPSUITE_DATABASE_URL": "postgress://appsuite:S3CRET@db/appsuite"])
        }
    }

    @Test func publicURLIsValidatedAndDefaultsToTheListeningAddress() throws {
        #expect(try AppSuiteConfiguration.resolve(options: [:], environment: [:]).publicURL == nil)
        let flag = try AppSuiteConfiguration.resolve(options: ["public-url": "HTTPS://Apps.Example.com/"],
                                                     environment: ["APPSUITE_PUBLIC_URL": "http://other.example"])
        #expect(flag.publicURL?.origin == "https://apps.example.com")
        let environment = try AppSuiteConfiguration.resolve(options: [:], environment: ["APPSUITE_PUBLIC_URL": "http://[::1]:8443"])
        #expect(environment.publicURL?.absolute("/s/abc") == "http://[::1]:8443/s/abc")
        for bad in ["apps.example.com", "//apps.example.com", "ftp://apps.example.com", "https://apps.example.com/app",
                    "https://apps.example.com/?x=1", "https://apps.example.com?", "https://apps.example.com/#top",
                    "https://user:pw@apps.example.com", "https://", "https://apps example.com", "https://例子.中国",
                    "https://apps.example.com:0", "https://apps.example.com:70000", "javascript:alert(1)"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try AppSuiteConfiguration.resolve(options: ["public-url": bad], environment: [:]) }
        }
        do {
            _ = try AppSuiteConfiguration.resolve(options: ["public-url": "https://apps.example.com/app"], environment: [:])
        } catch {
            #expect(error.description == "--public-url 'https://apps.example.com/app' is not valid; expected an absolute http(s) URL "
                    + "without path, query or fragment, e.g. https://apps.example.com (no path other than /)")
        }
        #expect(CommandLineTool.run(["serve", "--public-url", "https://evil.example/x"], environment: [:]) == ExitCode.usage.rawValue)

        let server = try TestServer(apps: [])
        #expect(server.suite.publicURL.origin == "http://127.0.0.1:\(server.port)")
    }

    @Test func exitCodesTellFailuresApart() {
        #expect(CommandLineTool.run(["--version"], environment: [:]) == 0)
        #expect(CommandLineTool.run(["--help"], environment: [:]) == 0)
        #expect(CommandLineTool.run([], environment: [:]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.run(["launch"], environment: [:]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.run(["serve", "--port", "x"], environment: [:]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.run(["serve", "--bogus"], environment: [:]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.run(["import", "all"], environment: [:]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.run(["import", "all", "/no/such/folder"], environment: [:]) == ExitCode.noInput.rawValue)
    }

    @Test func importOfAnUnknownAppIsAUsageError() throws {
        let data = TemporaryDirectory("cli")
        let folder = NSTemporaryDirectory()
        #expect(CommandLineTool.run(["import", "nosuchapp", folder, "--data-dir", data.path], environment: [:]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.run(["import", "all", folder, "--data-dir", data.path], environment: [:]) == 0)
    }

    @Test func serveFailsClearlyWhenThePortIsTaken() throws {
        let running = try TestServer()
        let code = CommandLineTool.run(["serve", "--port", String(running.port), "--data-dir", running.dataDirectory], environment: [:])
        #expect(code == ExitCode.unavailable.rawValue)
    }

    /// An unreachable PostgreSQL server is EX_UNAVAILABLE (69), as `db copy` answers it; the password is not shown.
    @Test func serveFailsClearlyWhenTheDatabaseServerIsUnreachable() throws {
        let data = TemporaryDirectory("cli")
        let code = CommandLineTool.run(["serve", "--port", "0", "--data-dir", data.path,
                                        "--database", "postgres://appsuite:hunter2@127.0.0.1:1/appsuite?connect_timeout=2"], environment: [:])
        #expect(code == ExitCode.unavailable.rawValue, "nothing listens on port 1")
    }

    @Test func appCommandsAndSettingsComeFromTheCatalog() throws {
        let help = CommandLineTool.usage(apps: AppCatalog.installed)
        #expect(help.contains("  appsuite gaokao backtest [省份 …]|timing [--data-dir var]\n"))
        #expect(help.contains("  gaokao   豹考通 tools: backtest"))
        #expect(help.contains("  photo    Photo Studio's image operations on files"))
        // The settings column is as wide as the longest setting (--merchants-photo-quota-mb MB), so no fixed spacing; the
        // platform's map settings are listed once, before the apps'.
        #expect(help.components(separatedBy: "\n  --map-tile-url TEMPLATE ").count == 2)
        #expect(help.split(separator: "\n").contains { $0.hasPrefix("  --photos-max-megapixels MP ") && $0.contains(" refuse pictures over this many megapixels") })
        #expect(help.split(separator: "\n").contains { $0.hasPrefix("  APPSUITE_PHOTOS_PASSWORD ") && $0.contains(" password of the account") })
        #expect(help.contains("  appsuite merchants timing [--data-dir var]\n"))
        #expect(CommandLineTool.run(["photo", "--help"], environment: [:]) == 0)
        #expect(CommandLineTool.run(["gaokao", "--bogus"], environment: [:]) == ExitCode.usage.rawValue)
        #expect(CommandLineTool.run(["import", "all", "/no/such/folder"], environment: ["APPSUITE_PHOTOS_MAX_MEGABYTES": "lots"])
                == ExitCode.usage.rawValue, "a bad setting is a usage error before anything runs")
        #expect(CommandLineTool.run(["import", "all", "--photos-password", "x", "/no/such/folder"], environment: [:])
                == ExitCode.usage.rawValue, "a secret is not a flag")

        let data = TemporaryDirectory("cli")
        #expect(CommandLineTool.run(["gaokao", "backtest", "--data-dir", data.path], environment: [:]) == ExitCode.dataError.rawValue,
                "nothing imported")
        #expect(FileManager.default.fileExists(atPath: data.path + "/appsuite.sqlite"), "the command opened the suite's database in --data-dir")
    }

    @Test func catalogNamesDoNotCollide() {
        let apps = AppCatalog.installed
        let ids = apps.map(\.manifest.id)
        #expect(Set(ids).count == ids.count)
        let commands = apps.flatMap(\.commands).map(\.name)
        #expect(Set(commands).count == commands.count)
        #expect(Set(commands).isDisjoint(with: ["serve", "import", "help", "user"]))
        let settings = (AppSuiteConfiguration.platformSettings + apps.flatMap(\.settings)).map(\.name)
        #expect(Set(settings).count == settings.count)
        #expect(Set(settings).isDisjoint(with: AppSuiteConfiguration.optionNames))
        for app in apps {
            #expect(app.settings.allSatisfy { $0.name.hasPrefix(app.manifest.id + "-") }, "\(app.manifest.id)'s settings start with its id")
        }
    }

    @Test func progressBarLine() {
        #expect(ProgressBar.line(label: "import gaokao", done: 45, total: 100, detail: "scores.csv")
                == "import gaokao [##########--------------]  45%  45/100 scores.csv")
        #expect(ProgressBar.line(label: "import", done: 7, total: nil, detail: "") == "import 7 ")
    }
}

/// `appsuite serve` on a fatal signal: one line on stderr, then it dies of that signal (so a supervisor sees a
/// failure and restarts it). Runs the built `appsuite` binary.
@Suite struct FatalSignalTests {
    static let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/appsuite")

    @Test(arguments: [(SIGSEGV, "SIGSEGV"), (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGILL, "SIGILL"), (SIGFPE, "SIGFPE")])
    func serveLogsAFatalSignalAndDiesOfIt(_ number: Int32, _ name: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build appsuite first")
        let data = TemporaryDirectory("fatal")
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--port", "0", "--data-dir", data.path, "--access-log", "false"]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        var output = Data()
        while !String(decoding: output, as: UTF8.self).contains("listening on") {
            let chunk = stderr.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "serve ended early: \(String(decoding: output, as: UTF8.self))")
            output += chunk
        }
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        output += stderr.fileHandleForReading.readDataToEndOfFile()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == number)
        #expect(String(decoding: output, as: UTF8.self).contains("appsuite: fatal signal \(name) (\(number)): the server stops now"))
    }
}

/// A command an app adds to the command line: `appsuite <name> …` (DESIGN.md "A mini app"). The command
/// line lists it in `appsuite --help` from ``summary`` and ``usage`` and hands it every word after its name;
/// the suite's own options (`--data-dir` …, and the apps' settings) are taken out first and used for the
/// context the command may open.
public protocol AppCommand: Sendable {
    /// The word after `appsuite`, lower case, unique in the suite: `gaokao`, `photo`.
    var name: String { get }
    /// One line for `appsuite --help`.
    var summary: String { get }
    /// Usage lines for `appsuite --help`, each starting with `appsuite <name>`.
    var usage: [String] { get }
    /// Runs with the words after the name. Returns the exit code of a normal end (`.success`, or e.g.
    /// `.dataError` after printing what failed); throws ``CommandFailure`` to stop with a message.
    func run(_ invocation: CommandInvocation) throws(CommandFailure) -> ExitCode
    /// False for a command the suite runs itself (a helper process, ``IsolatedProcess``): left out of `--help`.
    var isListed: Bool { get }
}

extension AppCommand {
    public var isListed: Bool { true }
}

/// One run of an ``AppCommand``: its words, where it writes, and the app's context, opened (data directory,
/// migrated database) only when the command asks for it.
public struct CommandInvocation {
    /// The words after the command's name, without the suite's options.
    public let arguments: [String]
    /// Writes one line to standard output.
    public let output: (String) -> Void
    /// Writes one line to standard error, prefixed with `appsuite <name>: `.
    public let error: (String) -> Void
    private let openContext: () throws -> AppContext

    /// - Parameter context: opens the app's context; an error other than ``CommandFailure`` becomes `.cannotCreate`.
    public init(arguments: [String], output: @escaping (String) -> Void, error: @escaping (String) -> Void,
                context: @escaping () throws -> AppContext) {
        self.arguments = arguments
        self.output = output
        self.error = error
        openContext = context
    }

    /// The app's context from the suite, which this call opens: it creates the data directory and migrates the database.
    /// - Throws: ``CommandFailure`` with `.cannotCreate` when the data directory or database cannot be opened.
    public func context() throws(CommandFailure) -> AppContext {
        do {
            return try openContext()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.cannotCreate, "\(error)")
        }
    }
}

/// Why a command stopped: printed as `appsuite <name>: <message>` and the process exits with `exitCode`.
public struct CommandFailure: Error, Equatable, CustomStringConvertible {
    public let exitCode: ExitCode
    public let message: String

    public init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    public var description: String { message }
}

import AppHost
@testable import AppSuiteServer
import AppSuiteTesting
import Foundation
import Gaokao
import Synchronization
import Testing

/// `appsuite gaokao …` as the command line runs it: with the app's context from the suite.
@Suite("appsuite gaokao")
struct CommandTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    func invocation(_ words: [String], suite: AppSuite, output: Lines) -> CommandInvocation {
        CommandInvocation(arguments: words, output: output.append, error: output.append) {
            guard let context = suite.context(for: "gaokao") else { throw CommandFailure(.software, "no gaokao app") }
            return context
        }
    }

    @Test("backtest prints the per-province table from the imported data", .requires(.gaokao))
    func backtest() throws {
        let fixture = try GaokaoFixture.get()
        let output = Lines()
        #expect(try GaokaoCommand().run(invocation(["backtest", "湖南"], suite: fixture.suite, output: output)) == .success)
        #expect(output.text.contains("| 湖南 | 线差法"))
        #expect(output.text.contains("| 全部·专科 |") && output.text.contains("| 预测概率 decile |"))
        #expect(throws: CommandFailure.self) { try GaokaoCommand().run(invocation(["backtest", "火星"], suite: fixture.suite, output: output)) }
    }

    @Test("without imported data or with other words it fails with a reason and exit code")
    func failures() throws {
        let server = try TestServer(apps: [GaokaoApp()], transport: .inProcess)
        let output = Lines()
        #expect(throws: CommandFailure(.dataError, "nothing imported; run `appsuite import gaokao PATH` first")) {
            try GaokaoCommand().run(invocation(["timing"], suite: server.suite, output: output))
        }
        #expect(throws: CommandFailure.self) { try GaokaoCommand().run(invocation(["backtest", "now"], suite: server.suite, output: output)) }
        #expect(try GaokaoCommand().run(invocation(["--help"], suite: server.suite, output: output)) == .success)
        #expect(output.text.contains("appsuite gaokao timing"))
    }
}

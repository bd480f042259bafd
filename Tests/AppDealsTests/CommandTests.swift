@testable import AppDeals
import AppHost
import AppSuiteServer
import AppSuiteTesting
import Foundation
import Storage
import Synchronization
import Testing

/// `appsuite appdeals deals` on the imported data and on an empty database.
@Suite struct CommandTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    func run(_ words: [String], database: any Database, output: Lines) throws(CommandFailure) -> ExitCode {
        let server = try? TestServer(apps: [DealsApp()], transport: .inProcess)
        let invocation = CommandInvocation(arguments: words, output: output.append, error: output.append) {
            guard let context = server?.suite.context(for: "appdeals") else { throw CommandFailure(.software, "no appdeals app") }
            return AppContext(database: database, authenticator: context.authenticator, dataDirectory: context.dataDirectory,
                              mediaDirectory: context.mediaDirectory, workPool: context.workPool, settings: context.settings,
                              clock: context.clock, subjects: context.subjects)
        }
        return try DealCommand().run(invocation)
    }

    @Test(.requires(.appstore)) func dealsListsTheTabsAsOfATime() throws {
        let (database, _) = try ImportTests.imported()
        let output = Lines()
        #expect(try run(["deals"], database: database, output: output) == .success)
        #expect(output.text.contains("as of 2025-07-05T22:11:00Z in the cn store: 649 apps priced"))
        #expect(output.text.contains("limited: 3\n  sales: 30\n  free: 57\n  paid: 559"))
        #expect(output.text.contains("限免 1587301632 全能记(录音,备忘,流水): was ¥28.00"))
        #expect(output.text.contains("(price raised before: fake discount)"))
        let june = Lines()
        #expect(try run(["deals", "--at", "2025-06-01"], database: database, output: june) == .success)
        #expect(june.text.contains("limited: 2\n  sales: 36"))
        #expect(june.text.contains("限免 6466390901 旋转音律 Rotaeno: was ¥18.00"))
    }

    @Test func badWordsAndAnEmptyDatabaseFailWithAReason() throws {
        let database = try SQLiteDatabase.temporary()
        try Migrator.migrate(database, DealsApp().migrations())
        let output = Lines()
        #expect(throws: CommandFailure(.dataError, "no cn prices imported; run `appsuite import appdeals PATH` first")) {
            try run(["deals"], database: database, output: output)
        }
        #expect(throws: CommandFailure(.usage, "--region must be cn or us")) { try run(["deals", "--region", "jp"], database: database, output: output) }
        #expect(throws: CommandFailure(.usage, "--at needs a value")) { try run(["deals", "--at"], database: database, output: output) }
        #expect((try? run(["other"], database: database, output: output)) == nil)
    }
}

import AppSuiteCLI
import AppHost
import Foundation
import Identity
import Storage
import AppSuiteTesting
import Testing

/// `appsuite user grant|revoke|list` on a real data directory (issue 11 item 4).
@Suite struct UserCommandTests {
    @Test func grantRevokeAndListChangeTheDatabase() throws {
        let data = TemporaryDirectory("cli-user")
        let run = { (words: [String]) in CommandLineTool.run(words + ["--data-dir", data.path], environment: [:]) }
        #expect(run(["user", "list"]) == 0, "opens and migrates an empty suite")
        let database = try SQLiteDatabase(configuration: .init(path: data.path + "/appsuite.sqlite"))
        let users = UserStore(database: database, hasher: PasswordHasher())
        let alice = try users.register(username: "alice", password: "a long passphrase", now: 1_800_000_000)

        #expect(run(["user", "grant", "ALICE", "admin"]) == 0, "usernames compare as at login")
        #expect(try RoleStore(database: database).roles(of: alice.id) == [.admin])
        #expect(run(["user", "grant", "alice", "moderator"]) == 0)
        #expect(run(["user", "grant", "alice", "moderator"]) == 0, "idempotent")
        #expect(run(["user", "revoke", "alice", "admin"]) == 0)
        #expect(try RoleStore(database: database).roles(of: alice.id) == [.moderator])
        #expect(run(["user", "list", "--staff"]) == 0)

        #expect(run(["user", "grant", "nobody", "admin"]) == ExitCode.dataError.rawValue)
        #expect(run(["user", "grant", "alice", "superuser"]) == ExitCode.usage.rawValue)
        #expect(run(["user", "grant", "alice"]) == ExitCode.usage.rawValue)
        #expect(run(["user", "promote", "alice", "admin"]) == ExitCode.usage.rawValue)
        #expect(run(["user", "list", "--bogus"]) == ExitCode.usage.rawValue)
        #expect(run(["user"]) == ExitCode.usage.rawValue)
        let log = try RoleStore(database: database).auditLog(before: nil, limit: 10).map { "\($0.action) \($0.detail)" }
        #expect(log == ["revoke-role admin", "grant-role moderator", "grant-role admin"])
    }
}

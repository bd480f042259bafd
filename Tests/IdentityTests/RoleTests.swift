import Foundation
import Identity
import Storage
import Testing

/// Roles, bans and the audit log (issue 11 item 4) on a real SQLite database.
@Suite("Roles and bans")
struct RoleTests {
    let database: SQLiteDatabase
    let users: UserStore
    let roles: RoleStore
    let now: Int64 = 1_800_000_000
    let admin: User, moderator: User, otherModerator: User, alice: User

    init() throws {
        database = try SQLiteDatabase.temporary()
        try Migrator.migrate(database, IdentitySchema.migrations() + RoleSchema.migrations())
        users = UserStore(database: database, hasher: sharedHasher)
        roles = RoleStore(database: database)
        admin = try users.register(username: "root", password: "a long passphrase", now: now)
        moderator = try users.register(username: "mod", password: "a long passphrase", now: now)
        otherModerator = try users.register(username: "mod2", password: "a long passphrase", now: now)
        alice = try users.register(username: "alice", password: "a long passphrase", now: now)
        try roles.grant(.admin, to: admin, now: now)
        try roles.grant(.moderator, to: moderator, now: now)
        try roles.grant(.moderator, to: otherModerator, now: now)
    }

    @Test("grant is idempotent, revoke removes, both are audited")
    func grantAndRevoke() throws {
        #expect(try roles.roles(of: admin.id) == [.admin])
        #expect(try roles.grant(.admin, to: admin, now: now) == false)
        #expect(try roles.has(.moderate, userID: moderator.id))
        #expect(try roles.has(.moderate, userID: admin.id))
        #expect(try !roles.has(.moderate, userID: alice.id))
        #expect(try roles.revoke(.moderator, from: otherModerator, now: now + 5))
        #expect(try roles.revoke(.moderator, from: otherModerator, now: now + 6) == false)
        #expect(try roles.roles(of: otherModerator.id).isEmpty)
        let log = try roles.auditLog(before: nil, limit: 10)
        #expect(log.map(\.action) == ["revoke-role", "grant-role", "grant-role", "grant-role"])
        #expect(log[0].target == "user mod2" && log[0].detail == "moderator" && log[0].actorName == "(command line)" && log[0].actorID == nil)
        let staff = try roles.list(onlyStaff: true)
        #expect(staff.map(\.user.username) == ["mod", "root"])
        #expect(try roles.list().count == 4)
    }

    @Test("deleting an account signs its audit lines 已注销用户, as actor and as target, and keeps everyone else's")
    func deletionAnonymisesTheAuditLog() throws {
        try roles.ban(alice, for: 24 * 3_600, reason: "spam links", actor: moderator, now: now + 1)
        let account = IdentityService.accountData(mediaDirectory: NSTemporaryDirectory())
        for user in [moderator, alice] { _ = try database.write { db in try account.erase(user.id, db) } }
        let log = try roles.auditLog(before: nil, limit: 10)
        let ban = try #require(log.first { $0.action == "ban" })
        #expect(ban.actorName == "已注销用户" && ban.actorID == nil && ban.target == "user 已注销用户" && ban.targetUserID == nil)
        #expect(ban.detail == "24 h: spam links")
        let granted = log.filter { $0.action == "grant-role" }.map(\.target).sorted()
        #expect(granted == ["user mod2", "user root", "user 已注销用户"])
        #expect(!log.contains { $0.actorName == "mod" || $0.target.contains("alice") || $0.target == "user mod" })
        #expect(log.filter { $0.targetUserID == otherModerator.id }.count == 1, "others keep their ids")
    }

    @Test("who may act on whom: only a higher rank, never oneself")
    func ranks() {
        #expect(RoleStore.canAct([.admin], on: []))
        #expect(RoleStore.canAct([.admin], on: [.moderator]))
        #expect(!RoleStore.canAct([.admin], on: [.admin]))
        #expect(RoleStore.canAct([.moderator], on: []))
        #expect(!RoleStore.canAct([.moderator], on: [.admin]))
        #expect(!RoleStore.canAct([.moderator], on: [.moderator]))
        #expect(!RoleStore.canAct([.moderator], on: [.moderator, .admin]))
        #expect(!RoleStore.canAct([], on: []))
    }

    @Test("a moderator bans a user for a time; not an admin, a peer or themself; ordinary users not at all")
    func bans() throws {
        let ban = try roles.ban(alice, for: 24 * 3_600, reason: "  spam links  ", actor: moderator, now: now)
        #expect(ban.until == now + 86_400 && ban.reason == "spam links" && ban.bannedBy == moderator.id)
        #expect(try roles.activeBan(userID: alice.id, now: now + 86_399) == ban)
        #expect(try roles.activeBan(userID: alice.id, now: now + 86_400) == nil, "over when the time is up")
        #expect(throws: RoleError.banned(until: now + 86_400, reason: "spam links")) {
            try database.read { db in try RoleStore.requireNotBanned(userID: alice.id, now: now + 10, db: db) }
        }
        #expect(throws: RoleError.outranked) { try roles.ban(admin, for: 3_600, reason: "no", actor: moderator, now: now) }
        #expect(throws: RoleError.outranked) { try roles.ban(otherModerator, for: 3_600, reason: "no", actor: moderator, now: now) }
        #expect(throws: RoleError.outranked) { try roles.ban(moderator, for: 3_600, reason: "no", actor: moderator, now: now) }
        #expect(throws: RoleError.forbidden(.moderate)) { try roles.ban(moderator, for: 3_600, reason: "no", actor: alice, now: now) }
        #expect(try roles.ban(moderator, for: 3_600, reason: "abuse of power", actor: admin, now: now).until == now + 3_600)
        #expect(throws: RoleError.invalidBan(.duration)) {
            try roles.ban(alice, for: 60, reason: "x", actor: admin, now: now)
        }
        #expect(throws: RoleError.invalidBan(.reason)) {
            try roles.ban(alice, for: 3_600, reason: " \n ", actor: admin, now: now)
        }
        #expect(try roles.unban(alice, actor: admin, now: now + 1))
        #expect(try roles.activeBan(userID: alice.id, now: now + 2) == nil)
        let actions = try roles.auditLog(before: nil, limit: 3).map { "\($0.actorName) \($0.action) \($0.target)" }
        #expect(actions == ["root unban user alice", "root ban user mod", "mod ban user alice"])
        #expect(RoleError.banned(until: now + 86_400, reason: "spam").message(true) == "你已被禁言至 2027-01-16 16:00（北京时间），原因：spam")
    }
}

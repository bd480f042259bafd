import Foundation
import Storage

extension IdentityService {
    /// The name what a deleted account leaves behind is signed with (its comments, its lines in the audit log), stored
    /// in Chinese and translated where shown; issue 11: "the comments of a deleted user show 已注销用户".
    public static let deletedUserName = "已注销用户"

    /// The account itself in "download my data" / "delete my account": the profile (never the password hash),
    /// signed-in devices (never their tokens), linked sign-ins, roles, a ban and the avatar file. Erasing deletes
    /// the `users` row — sessions, e-mail links, linked sign-ins and roles go with it (`ON DELETE CASCADE`) — signs
    /// its audit-log lines ``deletedUserName`` (``RoleStore``) and removes the avatar files after commit. Run it after
    /// every other part: apps' rows may reference `users`.
    public static func accountData(mediaDirectory: String) -> AccountDataPart {
        AccountDataPart(
            name: "account",
            export: { userID, db in
                let user = try AccountExport.rows(
                    "user", "SELECT id, username, nickname, email, email_verified_at, avatar_path, created_at, updated_at FROM users WHERE id = ?",
                    userID: userID, db)
                let avatar: String? = try user.rows.first?.get("avatar_path")
                return AccountExport(
                    tables: [
                        user,
                        try AccountExport.rows("sessions", "SELECT user_agent, client_address, created_at, last_seen_at, expires_at FROM sessions "
                                  + "WHERE user_id = ? ORDER BY created_at", userID: userID, db),
                        try AccountExport.rows("linkedLogins", "SELECT provider, issuer, subject, email, created_at, last_used_at FROM oidc_logins "
                                  + "WHERE user_id = ? ORDER BY created_at", userID: userID, db),
                        try AccountExport.rows("roles", "SELECT role, granted_at FROM user_roles WHERE user_id = ? ORDER BY role", userID: userID, db),
                        try AccountExport.rows("bans", "SELECT banned_until, reason, created_at FROM user_bans WHERE user_id = ?", userID: userID, db),
                    ],
                    files: avatar.map { [(name: "avatar.jpg", path: mediaDirectory + "/" + $0)] } ?? [])
            },
            erase: { userID, db in
                try RoleStore.forget(userID: userID, db: db)
                try db.execute("DELETE FROM users WHERE id = ?", userID)
                return { AvatarStore(mediaDirectory: mediaDirectory).removeOthers(of: userID, keeping: "") }
            })
    }
}

extension UserStore {
    /// Checks the password of a signed-in account before an irreversible step (deleting it). Wrong answers
    /// count against the account and `clientAddress` like failed logins. An account without a password (made
    /// through a provider) confirms with its username instead, typed exactly.
    /// - Throws: ``IdentityError/userNotFound``, ``IdentityError/tooManyAttempts(retryAfter:)``,
    ///   ``IdentityError/wrongCurrentPassword``.
    public func confirm(userID: Int64, password: String, clientAddress: String?, now: Int64) throws {
        let row = try database.read { db in try db.queryFirst("SELECT username, password_hash FROM users WHERE id = ?", userID) }
        guard let row else { throw IdentityError.userNotFound }
        let username: String = try row.get("username")
        let storedHash: String = try row.get("password_hash")
        let (accountSubject, addressSubject) = try requireNotThrottled(username: username, clientAddress: clientAddress, now: now)
        let matches = storedHash.isEmpty ? password == username : hasher.verify(password, against: storedHash)
        guard matches else {
            try database.write { db in
                try ThrottleStore.record(.account, accountSubject, rule: throttle.account, now: now, in: db)
                if let addressSubject {
                    try ThrottleStore.record(.address, addressSubject, rule: throttle.clientAddress, now: now, in: db)
                }
            }
            throw IdentityError.wrongCurrentPassword
        }
    }
}

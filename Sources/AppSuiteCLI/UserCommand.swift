import AppHost
import AppSuiteServer
import Foundation
import Identity
import WebUI

/// `appsuite user grant NAME ROLE`, `appsuite user revoke NAME ROLE`, `appsuite user list [--staff]`: staff roles
/// (issue 11 item 4), changed only here or by an admin. Each change goes into the moderation audit log with
/// "(command line)" as the actor.
struct UserCommand {
    static let usage = [
        "appsuite user grant <username> <admin|moderator> [--data-dir var]",
        "appsuite user revoke <username> <admin|moderator>",
        "appsuite user list [--staff]",
    ]

    let configuration: AppSuiteConfiguration
    let apps: [any MiniApp]
    /// The words after `user`.
    let arguments: [String]
    let flags: Set<String>

    func run() -> ExitCode {
        guard let action = arguments.first, ["grant", "revoke", "list"].contains(action) else {
            printError("user: say grant, revoke or list:\n" + Self.usage.map { "  " + $0 }.joined(separator: "\n"))
            return .usage
        }
        if action == "list" {
            guard arguments.count == 1, flags.isSubset(of: ["staff"]) else {
                printError("user list takes no arguments but --staff")
                return .usage
            }
        } else {
            guard arguments.count == 3, flags.isEmpty else {
                printError("user \(action) needs a username and a role: appsuite user \(action) <username> <admin|moderator>")
                return .usage
            }
            guard Role(rawValue: arguments[2]) != nil else {
                printError("user \(action): unknown role '\(arguments[2])'; roles: \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
                return .usage
            }
        }
        let identity: IdentityService
        do {
            identity = try AppSuite(configuration: configuration, apps: apps).identity
        } catch {
            printError("\(error)")
            return .cannotCreate
        }
        let roles = RoleStore(database: identity.users.database)
        do {
            if action == "list" {
                for entry in try roles.list(onlyStaff: flags.contains("staff")) {
                    var line = entry.user.username
                    line += "\t" + (entry.roles.isEmpty ? "-" : entry.roles.sorted(by: >).map(\.rawValue).joined(separator: ","))
                    if let ban = entry.ban, ban.until > identity.clock.now() {
                        line += "\tbanned until \(BeijingTime.dateTime(ban.until)) (Beijing): \(ban.reason)"
                    }
                    print(line)
                }
                return .success
            }
            let role = Role(rawValue: arguments[2])!
            guard let user = try identity.users.user(username: arguments[1]) else {
                printError("user \(action): no user '\(arguments[1])'")
                return .dataError
            }
            let now = identity.clock.now()
            if action == "grant" {
                let added = try roles.grant(role, to: user, now: now)
                print(added ? "\(user.username) is now \(role.rawValue)" : "\(user.username) already is \(role.rawValue)")
            } else {
                let removed = try roles.revoke(role, from: user, now: now)
                print(removed ? "\(user.username) is no longer \(role.rawValue)" : "\(user.username) was not \(role.rawValue)")
            }
            return .success
        } catch {
            printError("user \(action): \(error)")
            return .software
        }
    }
}

import Foundation
import HTTPServer
import Identity
import Storage
import WebUI

/// `/admin/moderation/audit` in the reader's words (issue 30): the action's name (隐藏, 授予角色), who acted (命令行 for
/// the command line) and what was acted on as a readable label linked to its page where there is one (评论 #1 · 影评,
/// 新商户「步行面馆」 · 商户, 用户 @tester30 · 审核员), never the stored ids (`comment movies/1`, `grant-role`).
struct ModerationAuditScreen {
    let member: SignedIn
    let entries: [AuditEntry]
    /// The queue items the entries name (`comment movies/1`, `submission merchants/2`), by stored target.
    let items: [String: ModerationItem]
    let appTitles: [String: LocalizedText]

    func response() -> Response {
        let viewer = member.viewer
        let l = viewer.language
        return viewer.page(title: ModerationText.audit(l), back: BackLink(href: "/admin/moderation", label: ModerationText.queue(l)), activeTab: "me") {
            if entries.isEmpty { emptyState(icon: .check, title: ModerationText.auditEmpty(l)) }
            listGroup {
                for entry in entries {
                    let target = Self.target(entry.target, item: items[entry.target], appTitles: appTitles, l)
                    // The date leads the subtitle, not a right-hand column that squeezed the title (tester 30 #20).
                    listCell(title: "\(actor(entry, l)) · \(ModerationText.action(entry.action)(l)) · \(target.label)",
                             subtitle: ([BeijingTime.dateTime(entry.createdAt)] + [detail(entry, l)].compactMap { $0 }).joined(separator: " · "),
                             href: target.href)
                }
            }
        }
    }

    func actor(_ entry: AuditEntry, _ l: Language) -> String {
        entry.actorID == nil && entry.actorName == RoleStore.commandLineActor ? ModerationText.commandLine(l) : entry.actorName
    }

    /// A role's name for a role grant, the reason (and hours) as written otherwise.
    func detail(_ entry: AuditEntry, _ l: Language) -> String? {
        if entry.action == AuditAction.grantRole.rawValue || entry.action == AuditAction.revokeRole.rawValue,
           let role = Role(rawValue: entry.detail) { return ModerationText.role(role)(l) }
        if entry.action == AuditAction.ban.rawValue, let ban = Self.banDetail(entry.detail) { return ModerationText.banDetail(ban.hours, ban.reason)(l) }
        return entry.detail.isEmpty ? nil : entry.detail
    }

    /// A ban's stored detail, `24 h: reason` (``RoleStore/ban(_:for:reason:actor:now:)``), read back so the page says
    /// 24 小时 rather than the unit `h` (tester 30 #2); nil for any other text.
    static func banDetail(_ stored: String) -> (hours: Int64, reason: String)? {
        guard let mark = stored.range(of: " h: "), let hours = Int64(stored[..<mark.lowerBound]) else { return nil }
        return (hours, String(stored[mark.upperBound...]))
    }

    /// A stored target (`user alice`, `comment movies/1`, `submission merchants/2`, `appdeals app 42`,
    /// `appdeals topic 3`, `merchants article 7`) as a label in `l` and the page it is on (nil when none): a published
    /// submission's own page, else its place in the queue.
    static func target(_ stored: String, item: ModerationItem?, appTitles: [String: LocalizedText], _ l: Language) -> (label: String, href: String?) {
        let words = stored.split(separator: " ", maxSplits: 2).map(String.init)
        func app(_ id: String) -> String { appTitles[id].map { " · " + $0(l) } ?? "" }
        switch (words.first, words.count) {
        case ("user", 2):
            return (ModerationText.userTarget(words[1])(l), nil)
        case ("comment", 2):
            let parts = words[1].split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { break }
            return (ModerationText.commentTarget(parts[1])(l) + app(parts[0]), "/comments/\(parts[1])")
        case ("submission", 2):
            let parts = words[1].split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { break }
            let title = item.map { "「\($0.title)」" } ?? "#\(parts[1])"
            return ((item?.label ?? ModerationText.submission)(l) + " " + title + app(parts[0]),
                    item.map { $0.publishedPath ?? "/admin/moderation?state=\($0.state.rawValue)#moderation-\($0.id)" })
        case ("appdeals", 3) where words[1] == "app":
            return (ModerationText.appTarget(words[2])(l) + app("appdeals"), "/appdeals/apps/\(words[2])")
        case ("appdeals", 3) where words[1] == "topic":
            return (ModerationText.topicTarget(words[2])(l) + app("appdeals"), "/appdeals/topics/\(words[2])")
        case ("merchants", 3) where words[1] == "article":
            return (ModerationText.articleTarget(words[2])(l) + app("merchants"), nil)
        default: break
        }
        return (stored, nil)
    }
}

extension ModerationQueue {
    /// The queue items that audit targets (`comment movies/1`, `submission merchants/2`) name, by target.
    func items(named targets: [String]) throws -> [String: ModerationItem] {
        try database.read { db in
            var found: [String: ModerationItem] = [:]
            for target in Set(targets) {
                let words = target.split(separator: " ", maxSplits: 1).map(String.init)
                guard words.count == 2, words[0] == "comment" || words[0] == "submission" else { continue }
                let parts = words[1].split(separator: "/", maxSplits: 1).map(String.init)
                guard parts.count == 2, let row = try db.queryFirst(
                    "SELECT \(ModerationItem.columns) FROM moderation_items WHERE kind = ? AND app = ? AND item = ?", words[0], parts[0], parts[1])
                else { continue }
                var item = try ModerationItem(row: row)
                if item.kind == "submission" {
                    item.label = reviewers[item.app]?.label?(item.item)
                    if item.state == .approved { item.publishedPath = try reviewers[item.app]?.published?(db, item.item) }
                }
                found[target] = item
            }
            return found
        }
    }
}

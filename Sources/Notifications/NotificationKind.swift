import Foundation
public import WebUI

/// One kind of notification: its id, its name on the preferences page and how an item of it reads.
/// Kinds are registered through the platform (issue 11 item 5): the platform's own are ``platform``, apps
/// add theirs through `MiniApp.notificationKinds` (a price alert, merchant news) and deliver them with
/// ``Inbox/deliver(_:db:now:)``, never into tables of their own.
public struct NotificationKind: Sendable, Hashable, Identifiable {
    /// Stable id `owner.name` (`community.reply`): stored with each notification and preference.
    public let id: String
    /// The kind's name on the preferences page (`回复我的评论`).
    public let name: LocalizedText
    /// The headline of one item, given its actor or subject (a nickname, an item's title).
    public let headline: @Sendable (_ actor: String, _ language: Language) -> String
    /// The text under the headline, given the stored body: user text (an excerpt, a reason) is shown as stored;
    /// a kind whose body is one of its own outcome codes renders it in the reader's language here.
    public let detail: @Sendable (_ body: String, _ language: Language) -> String

    public init(id: String, name: LocalizedText, headline: @escaping @Sendable (_ actor: String, _ language: Language) -> String,
                detail: @escaping @Sendable (_ body: String, _ language: Language) -> String = { body, _ in body }) {
        precondition(id.contains(".") && id.utf8.count <= 64, "kind ids are owner.name, at most 64 bytes: \(id)")
        self.id = id
        self.name = name
        self.headline = headline
        self.detail = detail
    }

    /// The stored subject of a moderated comment (`comment:3`). The moderation kinds' headlines say 你的评论 / your
    /// comment, never the internal id (tester 30 #3: "评论 #2" named nothing the user can see); the notice's body quotes it.
    public static func commentSubject(_ commentID: String) -> String { "comment:" + commentID }

    /// The stored subject of a moderated submission: what it is in both languages and its title (`商户照片`,
    /// `Merchant photo`, `Korean Food`), so a headline names it in the reader's words — 你的商户照片未通过（Korean Food）,
    /// not 你的投稿未通过 — and the stored row holds no words of one language. The whole fits the inbox's 60-character
    /// actor: a long title is cut with "…".
    public static func itemSubject(_ label: LocalizedText, title: String) -> String {
        let head = "item:" + label.zh + "\u{1F}" + label.en + "\u{1F}"
        let room = Swift.max(1, 60 - head.count)
        return head + (title.count > room ? String(title.prefix(room - 1)) + "…" : title)
    }

    /// A stored subject read back: a comment, a labelled item, or text stored as it is (a title stored before labels).
    enum StoredSubject {
        case comment
        case item(label: LocalizedText, title: String)
        case text(String)

        init(_ actor: String) {
            if actor.hasPrefix("comment:"), Int64(actor.dropFirst("comment:".count)) != nil {
                self = .comment
            } else if actor.hasPrefix("item:") {
                let parts = actor.dropFirst("item:".count).split(separator: "\u{1F}", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
                self = parts.count == 3 ? .item(label: LocalizedText(zh: parts[0], en: parts[1]), title: parts[2]) : .text(actor)
            } else {
                self = .text(actor)
            }
        }
    }

    /// A headline in `language` for each form of subject: `comment` (你的评论…), `item` (label, then title), `text` (as stored).
    static func moderationHeadline(_ actor: String, _ language: Language, comment: LocalizedText,
                         item: (_ label: String, _ title: String) -> LocalizedText, stored: (String) -> LocalizedText) -> String {
        switch StoredSubject(actor) {
        case .comment: comment(language)
        case .item(let label, let title): item(language == .zh ? label.zh : label.en.lowercased(), title)(language)
        case .text(let text): stored(text)(language)
        }
    }

    /// What a moderation notice says besides its headline (issue 30): the comment's first words, where it was posted
    /// and the moderator's reason. Stored as the notification's body, as JSON; a body stored before it existed is plain
    /// text (a reason) or empty, and is shown as it is.
    public struct ModerationNote: Codable, Sendable, Equatable {
        /// The comment's first characters (at most 80).
        public var excerpt: String?
        /// The title of the item it was posted on (a film, a merchant).
        public var place: String?
        /// The moderator's reason (at most ``ModerationNote/maxReason`` characters).
        public var reason: String?
        /// For a reporter: the ``ReportOutcome`` code (kept, removed), told in the reader's language.
        public var outcome: String?

        public static let maxReason = 500

        public init(excerpt: String? = nil, place: String? = nil, reason: String? = nil, outcome: ReportOutcome? = nil) {
            self.excerpt = excerpt.map { $0.count > 80 ? String($0.prefix(79)) + "…" : $0 }
            self.place = place.map { String($0.prefix(60)) }
            self.reason = reason.map { String($0.prefix(Self.maxReason)) }
            self.outcome = outcome?.rawValue
        }

        /// The stored body.
        public var body: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        }

        /// The note a stored body holds; nil for a body stored before notes (plain text).
        public static func stored(_ body: String) -> ModerationNote? {
            guard body.hasPrefix("{") else { return nil }
            return try? JSONDecoder().decode(ModerationNote.self, from: Data(body.utf8))
        }

        /// `已移除 · “excerpt” · 发表在：place · 原因：reason`, the parts that are known, in `language`.
        public func text(_ language: Language) -> String {
            let zh = language == .zh
            return [outcome.flatMap(ReportOutcome.init(rawValue:)).map { $0.text(language) }, excerpt.map { "“\($0)”" },
                    place.map { (zh ? "发表在：" : "Posted on: ") + $0 },
                    reason.map { (zh ? "原因：" : "Reason: ") + $0 }].compactMap { $0 }.joined(separator: " · ")
        }
    }

    /// The outcome codes of ``reportHandled``'s body: the reported item was kept, or removed.
    public enum ReportOutcome: String, Sendable {
        case kept, removed

        /// 未发现违规，已保留 / 已移除 in `language`.
        func text(_ language: Language) -> String {
            switch self {
            case .kept: language == .zh ? "未发现违规，已保留" : "No violation found; kept"
            case .removed: language == .zh ? "已移除" : "Removed"
            }
        }
    }

    public static func == (lhs: NotificationKind, rhs: NotificationKind) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Someone replied to your comment; actor = the replier's nickname, body = the reply's first characters.
    public static let reply = NotificationKind(
        id: "community.reply", name: LocalizedText(zh: "回复我的评论", en: "Replies to my comments"),
        headline: { actor, l in l == .zh ? "\(actor) 回复了你的评论" : "\(actor) replied to your comment" })
    /// A moderator handled your report; actor = what was reported (``commentSubject(_:)``, ``itemSubject(_:title:)`` or a
    /// title), body = a ``ModerationNote`` with its ``ModerationNote/outcome`` and the comment quoted, or, stored before
    /// notes, a bare ``ReportOutcome`` code; rendered in the reader's language.
    public static let reportHandled = NotificationKind(
        id: "moderation.report-handled", name: LocalizedText(zh: "举报处理结果", en: "Outcome of my reports"),
        headline: { actor, l in
            moderationHeadline(actor, l, comment: LocalizedText(zh: "你举报的评论已处理", en: "Your report on a comment was handled"),
                     item: { label, title in LocalizedText(zh: "你举报的\(label)已处理（\(title)）", en: "Your report on a \(label) was handled (\(title))") },
                     stored: { text in LocalizedText(zh: "你的举报已处理：\(text)", en: "Your report was handled: \(text)") })
        },
        detail: { body, l in ReportOutcome(rawValue: body)?.text(l) ?? ModerationNote.stored(body)?.text(l) ?? body })
    /// Your submission was approved; actor = ``itemSubject(_:title:)`` (or, stored before, its title).
    public static let submissionApproved = NotificationKind(
        id: "moderation.submission-approved", name: LocalizedText(zh: "投稿通过", en: "Submissions approved"),
        headline: { actor, l in
            moderationHeadline(actor, l, comment: LocalizedText(zh: "你的评论已通过", en: "Your comment was approved"),
                     item: { label, title in LocalizedText(zh: "你的\(label)已通过（\(title)）", en: "Your \(label) was approved (\(title))") },
                     stored: { text in LocalizedText(zh: "你的投稿已通过：\(text)", en: "Your submission was approved: \(text)") })
        })
    /// Your submission or comment was rejected; actor = ``itemSubject(_:title:)`` or ``commentSubject(_:)`` (a title
    /// when stored before), body = a ``ModerationNote`` (the comment's words, where, the reason) or, stored before
    /// notes, the reason as text.
    public static let submissionRejected = NotificationKind(
        id: "moderation.submission-rejected", name: LocalizedText(zh: "投稿未通过", en: "Submissions rejected"),
        headline: { actor, l in
            moderationHeadline(actor, l, comment: LocalizedText(zh: "你的评论未通过审核，已移除", en: "Your comment was rejected and removed"),
                     item: { label, title in LocalizedText(zh: "你的\(label)未通过（\(title)）", en: "Your \(label) was rejected (\(title))") },
                     stored: { text in LocalizedText(zh: "你的投稿未通过：\(text)", en: "Your submission was rejected: \(text)") })
        },
        detail: { body, l in ModerationNote.stored(body)?.text(l) ?? body })

    /// A moderator hid your comment (issue 30: the author had been told nothing); actor = ``commentSubject(_:)``, body = a
    /// ``ModerationNote`` (the comment's first words, where it was and the moderator's reason when one was given; empty
    /// when stored before notes).
    public static let commentHidden = NotificationKind(
        id: "moderation.comment-hidden", name: LocalizedText(zh: "评论被隐藏", en: "Comments hidden"),
        headline: { actor, l in
            moderationHeadline(actor, l, comment: LocalizedText(zh: "你的评论已被管理员隐藏", en: "A moderator hid your comment"),
                     item: { label, title in LocalizedText(zh: "你的\(label)已被管理员隐藏（\(title)）", en: "A moderator hid your \(label) (\(title))") },
                     stored: { text in LocalizedText(zh: "你的评论已被管理员隐藏：\(text)", en: "A moderator hid your comment: \(text)") })
        },
        detail: { body, l in
            let rule = l == .zh ? "它不符合社区规则，其他人已看不到。" : "It broke the community rules; others no longer see it."
            guard let note = ModerationNote.stored(body) else { return rule }
            return note.text(l) + (l == .zh ? "。" : ". ") + rule
        })

    /// The platform's kinds, in the order the preferences page lists them.
    public static let platform: [NotificationKind] = [reply, reportHandled, submissionApproved, submissionRejected, commentHidden]
}

/// Every kind one server knows: the platform's and the apps', by id (the first registration of an id wins).
public struct NotificationKinds: Sendable {
    public let all: [NotificationKind]
    private let byID: [String: NotificationKind]

    public init(_ kinds: [NotificationKind] = NotificationKind.platform) {
        var seen: [String: NotificationKind] = [:]
        var ordered: [NotificationKind] = []
        for kind in kinds where seen[kind.id] == nil {
            seen[kind.id] = kind
            ordered.append(kind)
        }
        all = ordered
        byID = seen
    }

    public subscript(id: String) -> NotificationKind? { byID[id] }

    /// The headline of a stored item; an id no installed app registers any more reads as a plain notice.
    public func headline(kind: String, actor: String, _ language: Language) -> String {
        byID[kind]?.headline(actor, language) ?? (language == .zh ? "通知：\(actor)" : "Notice: \(actor)")
    }

    /// The text under a stored item's headline in `language` (the body as stored for a kind no app registers).
    public func detail(kind: String, body: String, _ language: Language) -> String {
        byID[kind]?.detail(body, language) ?? body
    }
}

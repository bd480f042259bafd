import HTTPServer
import Identity
import WebUI

/// `/admin/moderation`: one section per item, headed in the reader's words — what it is (评论, 新商户, 商户照片), in
/// which app (影评), its title — with a link to where a comment was posted, its excerpt, pictures and report reasons,
/// and only the actions the moderator may take (an item by an admin or a peer moderator says so instead).
struct ModerationQueueScreen {
    let member: SignedIn
    let state: ModerationState
    let items: [ModerationItem]
    /// Where each comment item was posted, by moderation item id (``ModerationQueue/postedOn(_:directory:)``).
    let postedOn: [Int64: SubjectInfo]
    /// Authors the moderator outranks (``ModerationQueue/authorsActable(by:in:)``).
    let actable: Set<Int64>
    let appTitles: [String: LocalizedText]
    /// The display names (nicknames) of the items' authors, by user id.
    var authorNames: [Int64: String] = [:]

    func response() -> Response {
        let viewer = member.viewer
        let l = viewer.language
        return viewer.page(title: ModerationText.queue(l), back: BackLink(href: "/me", label: Strings.me(l)), activeTab: "me",
                           trailing: [navAction(href: "/admin/moderation/audit", label: ModerationText.audit(l))]) {
            segmentedControl(ModerationState.allCases.map { Segment(id: $0.rawValue, href: "/admin/moderation?state=" + $0.rawValue, label: ModerationText.state($0)(l)) },
                             selected: state.rawValue)
            if items.isEmpty {
                emptyState(icon: .check, title: ModerationText.queueEmpty(l))
            }
            for item in items {
                section(.classes("list-section", "moderation-item"), .id("moderation-\(item.id)")) {
                    h2(.class("moderation-heading")) { heading(item, l) }
                    div(.class("list-group")) {
                        if let info = postedOn[item.id] {
                            a(.class("moderation-where"), .href((info.commentsPath ?? info.path) + "#comment-\(item.item)")) {
                                ModerationText.postedOn(l) + info.title
                            }
                        }
                        p(.class("moderation-excerpt")) { item.summary?(l) ?? item.excerpt }
                        // A rejected or hidden submission's pictures are deleted with the decision: say so rather than
                        // show broken images labelled 待审核 (tester 30 #4).
                        if !item.previews.isEmpty && (item.state == .rejected || item.state == .hidden) {
                            p(.class("moderation-excerpt")) { ModerationText.picturesDeleted(item.previews.count)(l) }
                        } else if !item.previews.isEmpty {
                            div(.class("moderation-previews")) {
                                for (index, preview) in item.previews.enumerated() {
                                    a(.href(preview)) {
                                        img(.src(preview), .alt((item.state == .open ? ModerationText.preview : ModerationText.picture)(index + 1)(l)),
                                            .width(96), .height(96), .loading("lazy"))
                                    }
                                }
                            }
                        }
                        for reason in item.reportReasons { p(.class("moderation-reason")) { "“" + reason + "”" } }
                    }
                    if item.state == .open {
                        if item.authorID.map(actable.contains) ?? true {
                            div(.class("moderation-forms")) { actions(item, l) }
                        } else {
                            p(.class("list-footer")) { ModerationText.outranked(l) }
                        }
                    } else if let reason = item.decisionReason {
                        p(.class("list-footer")) { reason }
                    }
                }
            }
        }
    }

    /// `评论 · 影评 · 《title》 · nickname · 2 次举报`: every part in the reader's language but the stored title and name.
    func heading(_ item: ModerationItem, _ l: Language) -> String {
        let what = item.kind == "comment" ? ModerationText.comment(l) : (item.label ?? ModerationText.submission)(l)
        var parts = [what]
        if let app = appTitles[item.app] { parts.append(app(l)) }
        parts.append(item.title + (item.authorID == nil ? " (" + ModerationText.anonymous(l) + ")" : ""))
        if item.kind == "submission", let author = item.authorID, let name = authorNames[author] { parts.append(ModerationText.submittedBy(name)(l)) }
        if item.reportCount > 0 { parts.append(ModerationText.reports(item.reportCount)(l)) }
        return parts.joined(separator: " · ")
    }

    /// A submission is approved (通过) or rejected (驳回); a reported comment is kept (保留) or hidden. Field ids carry
    /// the item's id, so no two fields of the page share one.
    @HTMLBuilder func actions(_ item: ModerationItem, _ l: Language) -> [Node] {
        let isSubmission = item.kind == "submission"
        postForm(action: "/admin/moderation/\(item.id)", csrfToken: member.viewer.csrfToken, attributes: [.class("moderation-actions")]) {
            button((isSubmission ? ModerationText.approveSubmission : ModerationText.approve)(l), style: .secondary, name: "action",
                   value: "approve", fullWidth: false)
            button((isSubmission ? ModerationText.hideSubmission : ModerationText.hide)(l), style: .destructive, name: "action", value: "hide",
                   fullWidth: false)
        }
        // What each action does to a comment (tester 30 #5: 驳回 removed it like 隐藏, and nothing said so).
        if !isSubmission { p(.class("list-footer")) { ModerationText.commentActions(l) } }
        postForm(action: "/admin/moderation/\(item.id)", csrfToken: member.viewer.csrfToken, attributes: [.class("moderation-reject")]) {
            input(.type("hidden"), .name("action"), .value("reject"))
            formField(label: ModerationText.rejectReason(l), name: "reason", maxLength: ModerationQueue.maxDecisionReason,
                      id: "reject-reason-\(item.id)")
            button((isSubmission ? ModerationText.rejectSubmission : ModerationText.reject)(l), style: .destructive, fullWidth: false)
        }
        if let author = item.authorID {
            postForm(action: "/admin/moderation/ban", csrfToken: member.viewer.csrfToken, attributes: [.class("moderation-ban")]) {
                input(.type("hidden"), .name("user"), .value(String(author)))
                formField(label: ModerationText.banHours(l), name: "hours", type: .number, value: "24", required: true, inputMode: "numeric",
                          min: 1, max: RoleStore.maxBanHours, id: "ban-hours-\(item.id)")
                formField(label: ModerationText.banReason(l), name: "reason", maxLength: 500, id: "ban-reason-\(item.id)")
                button(ModerationText.ban(l), style: .destructive, fullWidth: false)
            }
        }
    }
}

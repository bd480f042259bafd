import Identity
import WebUI

/// The moderation pages' words, Chinese first.
enum ModerationText {
    static let report = LocalizedText(zh: "举报", en: "Report")
    static let reportTitle = LocalizedText(zh: "举报评论", en: "Report comment")
    static let reportReason = LocalizedText(zh: "举报原因", en: "Reason")
    static let reportHint = LocalizedText(zh: "例如：垃圾广告、人身攻击、剧透。", en: "For example: spam, abuse, spoilers.")
    static let reportSend = LocalizedText(zh: "提交举报", en: "Send report")
    static let reported = LocalizedText(zh: "已提交举报，管理员会尽快处理。", en: "Reported. A moderator will look at it soon.")
    static let queue = LocalizedText(zh: "内容审核", en: "Moderation")
    static let queueEmpty = LocalizedText(zh: "没有待处理的内容", en: "Nothing waiting for review")
    static let audit = LocalizedText(zh: "操作记录", en: "Audit log")
    static let approve = LocalizedText(zh: "保留", en: "Keep")
    static let reject = LocalizedText(zh: "移除并告知原因", en: "Remove with reason")
    /// Under a reported comment's actions.
    static let commentActions = LocalizedText(
        zh: "保留：评论继续显示，举报人会收到“未发现违规”。隐藏：移除评论，作者收到“已被隐藏”的通知。移除并告知原因：同样移除评论，作者收到的通知附上你写的原因。",
        en: "Keep: the comment stays and the reporters are told no violation was found. Hide: the comment is removed and its author told it was hidden. Remove with reason: the comment is removed too, and the author's notice gives your reason.")
    static let hide = LocalizedText(zh: "隐藏", en: "Hide")
    /// A submission's buttons: approve publishes it, reject tells the author why, hide drops spam without telling.
    static let approveSubmission = LocalizedText(zh: "通过", en: "Approve")
    static let rejectSubmission = LocalizedText(zh: "驳回", en: "Reject")
    static let hideSubmission = LocalizedText(zh: "作为垃圾内容隐藏", en: "Hide as spam")
    static func submittedBy(_ name: String) -> LocalizedText { LocalizedText(zh: "提交者：\(name)", en: "submitted by \(name)") }
    static let rejectReason = LocalizedText(zh: "驳回原因（会告知作者）", en: "Reason (the author is told)")
    static let ban = LocalizedText(zh: "禁言作者", en: "Ban the author")
    static let banHours = LocalizedText(zh: "禁言时长（小时）", en: "Ban for (hours)")
    /// An audit entry's ban: `24 小时：reason` / `24 hours: reason`.
    static func banDetail(_ hours: Int64, _ reason: String) -> LocalizedText {
        LocalizedText(zh: "\(hours) 小时：\(reason)", en: "\(hours) \(hours == 1 ? "hour" : "hours"): \(reason)")
    }
    static let banReason = LocalizedText(zh: "禁言原因", en: "Reason for the ban")
    static let done = LocalizedText(zh: "已处理", en: "Done")
    static let banned = LocalizedText(zh: "已禁言", en: "Banned")
    static let anonymous = LocalizedText(zh: "匿名", en: "anonymous")
    static func reports(_ count: Int) -> LocalizedText { LocalizedText(zh: "\(count) 次举报", en: "\(count) report\(count == 1 ? "" : "s")") }
    static let submission = LocalizedText(zh: "投稿", en: "Submission")
    /// The alt text of a submission's `n`th picture in the queue.
    static func preview(_ n: Int) -> LocalizedText { LocalizedText(zh: "待审核图片 \(n)", en: "Picture \(n) to review") }
    /// The alt text of a decided submission's `n`th picture.
    static func picture(_ n: Int) -> LocalizedText { LocalizedText(zh: "图片 \(n)", en: "Picture \(n)") }
    /// Instead of a rejected or hidden submission's pictures, whose files were deleted with the decision.
    static func picturesDeleted(_ count: Int) -> LocalizedText {
        LocalizedText(zh: "\(count) 张图片已随处理结果删除", en: "\(count) picture\(count == 1 ? "" : "s") deleted with the decision")
    }
    static let comment = LocalizedText(zh: "评论", en: "Comment")
    /// Before the title of the item a comment was posted on, as a link.
    static let postedOn = LocalizedText(zh: "发表在：", en: "Posted on: ")
    static let outranked = LocalizedText(zh: "作者是管理员或同级审核员，你不能处理这条内容。", en: "The author is an admin or a fellow moderator: you cannot act on this item.")
    /// A queue state's tab label.
    static func state(_ state: ModerationState) -> LocalizedText {
        switch state {
        case .open: LocalizedText(zh: "待处理", en: "Open")
        case .approved: LocalizedText(zh: "已通过", en: "Approved")
        case .rejected: LocalizedText(zh: "已驳回", en: "Rejected")
        case .hidden: LocalizedText(zh: "已隐藏", en: "Hidden")
        }
    }
    static func reasonRequired(_ maximum: Int) -> LocalizedText {
        LocalizedText(zh: "请填写原因（1–\(maximum) 个字）。", en: "Give a reason (1–\(maximum) characters).")
    }
    static let ownComment = LocalizedText(zh: "不能举报自己的评论。", en: "You cannot report your own comment.")
    static let tooManyReports = LocalizedText(zh: "举报太频繁了，请一小时后再试。", en: "Too many reports. Please try again in an hour.")
    static let alreadyDecided = LocalizedText(zh: "这条内容已被处理。", en: "This item was already decided.")
    static let notFound = LocalizedText(zh: "内容不存在或已删除。", en: "This item does not exist or was deleted.")
    static let unknownAction = LocalizedText(zh: "操作须为 approve、reject 或 hide。", en: "The action must be approve, reject or hide.")
    static let noUser = LocalizedText(zh: "找不到该用户。", en: "No such user.")
    // The audit log's words (issue 30: no stored ids on the page).
    static let auditEmpty = LocalizedText(zh: "还没有操作记录", en: "No actions yet")
    static let commandLine = LocalizedText(zh: "命令行", en: "Command line")
    /// An audit action's name (``AuditAction``); an unknown one as stored.
    static func action(_ stored: String) -> LocalizedText {
        switch AuditAction(rawValue: stored) {
        case .grantRole: LocalizedText(zh: "授予角色", en: "Granted a role")
        case .revokeRole: LocalizedText(zh: "撤销角色", en: "Revoked a role")
        case .ban: LocalizedText(zh: "禁言", en: "Banned")
        case .unban: LocalizedText(zh: "解除禁言", en: "Lifted a ban")
        case .hide: LocalizedText(zh: "隐藏", en: "Hid")
        case .approve: LocalizedText(zh: "通过", en: "Approved")
        case .reject: LocalizedText(zh: "驳回", en: "Rejected")
        case .dismiss: LocalizedText(zh: "驳回举报", en: "Dismissed reports")
        case .curate: LocalizedText(zh: "编辑内容", en: "Edited content")
        case nil: LocalizedText(zh: stored, en: stored)
        }
    }
    static func role(_ role: Role) -> LocalizedText {
        switch role {
        case .moderator: LocalizedText(zh: "审核员", en: "moderator")
        case .admin: LocalizedText(zh: "管理员", en: "admin")
        }
    }
    static func userTarget(_ name: String) -> LocalizedText { LocalizedText(zh: "用户 @\(name)", en: "user @\(name)") }
    static func commentTarget(_ id: String) -> LocalizedText { LocalizedText(zh: "评论 #\(id)", en: "comment #\(id)") }
    static func appTarget(_ id: String) -> LocalizedText { LocalizedText(zh: "应用 #\(id)", en: "app #\(id)") }
    static func topicTarget(_ id: String) -> LocalizedText { LocalizedText(zh: "专题 #\(id)", en: "topic #\(id)") }
    static func articleTarget(_ id: String) -> LocalizedText { LocalizedText(zh: "商户文章 #\(id)", en: "merchant article #\(id)") }
}

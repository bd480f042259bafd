public import WebUI
import Identity

/// The community target's own words, Chinese first: what its share page says, how an anonymous
/// author is called, and why a comment was refused (shown on an app's compose form and as the API's
/// problem detail).
public enum CommunityText {
    /// The name shown for a comment posted without an account. Stored as its Chinese form in
    /// `author_name` (``CommentStore/anonymousName``) and translated when shown.
    public static let anonymous = LocalizedText(zh: CommentStore.anonymousName, en: "Anonymous")
    public static let share = LocalizedText(zh: "分享", en: "Share")
    /// The report button every comment shows to everyone but its author.
    public static let report = LocalizedText(zh: "举报", en: "Report")
    /// What a comment the viewer has reported shows instead of the report button.
    public static let reported = LocalizedText(zh: "已举报", en: "Reported")
    /// Where a comment's report button leads (a form for signed-in users; signing in comes first).
    public static func reportPath(_ comment: Comment) -> String { "/comments/\(comment.id)/report" }
    /// The header of the list of one's held comments (``AwaitingReview/notice(_:_:)``).
    public static let awaitingReviewHeader = LocalizedText(zh: "等待审核", en: "Awaiting review")
    /// What the author of a held comment is told (after posting, and under the list of held comments while they wait).
    public static let awaitingReview = LocalizedText(zh: "你的评论正在等待审核，通过后才会显示。",
                                                     en: "Your comment is awaiting review; it will appear once approved.")
    public static let copyLinkHint = LocalizedText(zh: "复制上面的链接发给朋友。", en: "Copy the link above and send it to a friend.")

    /// The author's name as a page shows it: a comment without an account is "Anonymous" in English.
    public static func authorName(_ comment: Comment, _ language: Language) -> String {
        comment.userID == nil ? storedName(comment.authorName, language) : comment.authorName
    }

    /// The name a reply answers, translated the same way (an anonymous comment can be answered).
    public static func replyToName(_ comment: Comment, _ language: Language) -> String? {
        comment.replyToName.map { storedName($0, language) }
    }

    /// The name shown for a comment whose account was deleted (stored as ``CommentStore/deletedUserName``).
    public static let deletedUser = LocalizedText(zh: CommentStore.deletedUserName, en: "Deleted user")

    /// A stored author name in `language`: the two names the suite stores itself are translated.
    static func storedName(_ name: String, _ language: Language) -> String {
        switch name {
        case CommentStore.anonymousName: anonymous(language)
        case CommentStore.deletedUserName: deletedUser(language)
        default: name
        }
    }

    static let emptyText = LocalizedText(zh: "评论内容不能为空。", en: "Write something first.")
    static func tooLong(_ maximum: Int) -> LocalizedText {
        LocalizedText(zh: "评论不能超过 \(maximum) 个字。", en: "A comment can have at most \(maximum) characters.")
    }
    static let loginRequired = LocalizedText(zh: "请先登录。", en: "Log in first.")
    static let notFound = LocalizedText(zh: "评论不存在。", en: "This comment does not exist.")
    static let notYours = LocalizedText(zh: "只能修改或删除自己的评论。", en: "You can only edit or delete your own comments.")
    static let parentNotFound = LocalizedText(zh: "要回复的评论不存在或已删除。", en: "The comment you are replying to is gone.")
    static let rateLimited = LocalizedText(zh: "评论太频繁了，请稍后再试。", en: "You are commenting too fast. Please wait a moment.")
    static let linkFlood = LocalizedText(zh: "链接太多。", en: "Too many links.")
    static let repeatedText = LocalizedText(zh: "请不要重复发送相同的内容。", en: "Please don't post the same text again.")
    static let badCursor = LocalizedText(zh: "cursor 无效。", en: "The cursor is not valid.")
    static let invalidRating = LocalizedText(zh: "评分须为 1 到 5 星，且只能随登录后的点评一起给出。", en: "A rating is 1 to 5 stars, given with a top-level review while signed in.")
}

extension CommentError {
    /// Why the comment was refused, in `language`: for the form that posted it.
    public func message(_ language: Language) -> String { text(language) }

    /// The refusal in words; ``httpError`` carries its Chinese form.
    func text(_ language: Language) -> String {
        switch self {
        case .emptyText: CommunityText.emptyText(language)
        case .tooLong(let maximum): CommunityText.tooLong(maximum)(language)
        case .invalidCharacters(let refusal): refusal.message(language)
        case .loginRequired: CommunityText.loginRequired(language)
        case .notFound: CommunityText.notFound(language)
        case .notYours: CommunityText.notYours(language)
        case .parentNotFound: CommunityText.parentNotFound(language)
        case .rateLimited: CommunityText.rateLimited(language)
        case .spam(.linkFlood): CommunityText.linkFlood(language)
        case .spam(.repeatedText): CommunityText.repeatedText(language)
        case .badCursor: CommunityText.badCursor(language)
        case .invalidRating: CommunityText.invalidRating(language)
        case .banned(let until, let reason): RoleError.banned(until: until, reason: reason).message(language == .zh)
        }
    }
}

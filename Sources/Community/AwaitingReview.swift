public import WebUI

/// How an author learns that their comment waits for a moderator (issue 11: held spam): the toast right after posting
/// and a notice above the comment list while it waits. No one else sees a held comment, so without these it would
/// simply seem lost. Every app page that posts through ``CommentStore`` uses both.
public enum AwaitingReview {
    /// The toast after posting `comment`: `posted` (success) when it is shown, ``CommunityText/awaitingReview`` (info)
    /// when it is held.
    public static func toast(_ comment: Comment, posted: String, _ language: Language) -> Toast {
        comment.isHeld ? Toast(CommunityText.awaitingReview(language), kind: .info) : Toast(posted, kind: .success)
    }

    /// A list section headed ``CommunityText/awaitingReviewHeader`` with the author's held texts
    /// (``CommentStore/awaitingReview(_:author:limit:)``), each with its date in Beijing time, and
    /// ``CommunityText/awaitingReview`` under them.
    public static func notice(_ held: [Comment], _ language: Language) -> Node {
        listGroup(header: CommunityText.awaitingReviewHeader(language), footer: CommunityText.awaitingReview(language)) {
            for comment in held {
                listRow {
                    p(.class("cell-title")) { comment.text }
                    p(.class("cell-subtitle")) { BeijingTime.date(comment.createdAt, language) }
                }
            }
        }
    }
}

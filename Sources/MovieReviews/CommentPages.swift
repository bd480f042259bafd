import AppHost
import Community
import Foundation
import HTTPServer
import Identity
import Storage
import WebUI

/// The comments under a review: the list, a thread, composing, editing and deleting one, and the favourite toggle.
extension MoviePages {
    // MARK: comments

    func commentsPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let page = try comments.page(MovieReviewsApp.subject(review.id), cursor: request.query["cursor"], limit: 20)
        let avatars = try commentExtras(page.items + page.items.flatMap(\.replies), viewer: viewer)
        let held = try awaitingReview(request, viewer, subject: MovieReviewsApp.subject(review.id))
        let l = viewer.language
        return self.page(viewer, title: MovieText.comments(l), back: BackLink(href: path, label: MovieText.review(l)), tab: nil, tabs: [],
                         bodyClass: "mv-has-bottombar") {
            a(.class("mv-comments-head"), .href(path)) {
                span(.class("mv-comments-title")) { review.title }
                span(.class("mv-meta")) { MovieText.totalComments(page.total)(l) }
            }
            if !held.isEmpty { div(.id("awaiting-review")) { AwaitingReview.notice(held, l) } }
            if page.items.isEmpty && request.query["cursor"] == nil {
                emptyState(icon: .info, title: MovieText.noComments(l), message: MovieText.firstComment(l))
            } else {
                ul(.class("mv-comments"), .role("list"), .attribute("data-list", "comments"), .attribute("data-refresh", path + "/comments")) {
                    for comment in page.items { commentItem(comment, reviewPath: path, viewer: viewer, avatars: avatars) }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) { moreLink(path + "/comments?cursor=" + next, kind: "comments", l) }
                } else {
                    p(.class("mv-end")) { MovieText.end(l) }
                }
            }
            div(.class("mv-bottombar")) {
                a(.classes("mv-bar-item", "mv-bar-compose", "is-wide"), .href(path + "/compose")) { MovieText.writeComment(l) }
            }
        }
    }

    /// The viewer's own held comments on `subject` (a signed-in user's, or this device's anonymous ones).
    func awaitingReview(_ request: Request, _ viewer: Viewer, subject: Subject) throws -> [Comment] {
        if let user = viewer.user { return try comments.awaitingReview(subject, author: .user(id: user.id, name: user.nickname)) }
        guard let device = CommunityDevice.existingID(for: request) else { return [] }
        return try comments.awaitingReview(subject, author: .anonymous(device: device))
    }

    func threadPage(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let review = try store.review(try request.parameter("id", as: Int64.self)),
              var root = try comments.comment(try request.parameter("commentId", as: Int64.self)),
              root.subject == MovieReviewsApp.subject(review.id), root.rootID == nil else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let replies = try comments.replies(root: root.id, cursor: request.query["cursor"], limit: 50)
        root.replies = replies.items
        root.replyCount = 0
        let avatars = try commentExtras([root] + root.replies, viewer: viewer)
        let l = viewer.language
        return self.page(viewer, title: MovieText.replies(l), back: BackLink(href: path + "/comments", label: MovieText.comments(l)), tab: nil, tabs: []) {
            ul(.class("mv-comments"), .role("list")) { commentItem(root, reviewPath: path, viewer: viewer, avatars: avatars) }
            if let next = replies.nextCursor {
                div(.class("mv-more")) {
                    a(.classes("btn", "btn-secondary"), .href(path + "/comments/\(root.id)?cursor=" + next)) { MovieText.moreReplies(l) }
                }
            }
        }
    }

    /// What a list of comments shows beside each: the avatars uploaded in the profile (`/media/…`) of their
    /// authors, the likes, and the viewer's own likes; three queries however many comments.
    struct CommentExtras {
        var avatars: [Int64: String]
        var likes: [Int64: Int]
        var mine: [String: Int]
        /// The comments the viewer has reported: they say 已举报 instead of offering 举报 again (issue 30).
        var reported: Set<Int64> = []
    }

    func commentExtras(_ comments: [Comment], viewer: Viewer) throws -> CommentExtras {
        let users = try authenticator.identity.users.users(ids: comments.compactMap(\.userID))
        let mine = try viewer.user.map { try writes.myVotes(userID: $0.id, target: .comment, items: comments.map { String($0.id) }) } ?? [:]
        return CommentExtras(avatars: users.compactMapValues { $0.avatarPath.map { "/media/" + $0 } }, likes: try writes.likes(comments.map(\.id)),
                             mine: mine, reported: try viewer.user.map { try reports.reported(by: $0.id, among: comments.map(\.id)) } ?? [])
    }

    var reports: ModerationQueue { ModerationQueue(database: comments.database, now: comments.now) }

    func commentItem(_ comment: Comment, reviewPath: String, viewer: Viewer, avatars: CommentExtras) -> Node {
        li(.class("mv-comment"), .id("comment-\(comment.id)")) {
            commentBody(comment, reviewPath: reviewPath, viewer: viewer, avatars: avatars)
            if !comment.replies.isEmpty {
                ul(.class("mv-replies"), .role("list")) {
                    for reply in comment.replies {
                        li(.class("mv-reply"), .id("comment-\(reply.id)")) { commentBody(reply, reviewPath: reviewPath, viewer: viewer, avatars: avatars) }
                    }
                }
            }
            if comment.replyCount > comment.replies.count {
                a(.class("mv-all-replies"), .href(reviewPath + "/comments/\(comment.id)")) { MovieText.allReplies(comment.replyCount)(viewer.language) }
            }
        }
    }

    @HTMLBuilder
    func commentBody(_ comment: Comment, reviewPath: String, viewer: Viewer, avatars: CommentExtras) -> [Node] {
        let l = viewer.language
        if comment.isDeleted {
            p(.class("mv-deleted")) { MovieText.deletedComment(l) }
        } else {
            let author = CommunityText.authorName(comment, l)
            div(.class("mv-comment-head")) {
                if comment.userID == nil {
                    span(.classes("mv-avatar", "mv-avatar-anon"), .ariaHidden) { MovieText.anonymousInitial(l) }
                } else if let userID = comment.userID {
                    img(.class("mv-avatar"), .src(avatars.avatars[userID] ?? Self.avatarURL(author, userID: userID)), .alt(""), .width(28), .height(28))
                }
                span(.class("mv-user")) { author }
                if let name = CommunityText.replyToName(comment, l) { span(.class("mv-reply-to")) { MovieText.replyingTo(name)(l) } }
                span(.class("mv-comment-time")) { BeijingTime.dateTime(comment.createdAt) + (comment.editedAt != nil ? " · " + MovieText.edited(l) : "") }
            }
            a(.class("mv-comment-tap"), .href(reviewPath + "/compose?parent=\(comment.id)"), .ariaLabel(MovieText.replyTo(author)(l))) {
                p(.class("mv-comment-text")) { comment.text }
            }
            div(.class("mv-comment-actions")) {
                a(.class("mv-reply-link"), .href(reviewPath + "/compose?parent=\(comment.id)")) { MovieText.reply(l) }
                likeButton(comment, likes: avatars.likes[comment.id] ?? 0, liked: avatars.mine[String(comment.id)] == 1,
                           back: reviewPath + "/comments#comment-\(comment.id)", viewer: viewer)
                if let user = viewer.user, user.id == comment.userID {
                    a(.class("mv-reply-link"), .href("/movies/comments/\(comment.id)/edit")) { Strings.edit(l) }
                    postForm(action: "/movies/comments/\(comment.id)/delete", csrfToken: viewer.csrfToken, confirm: MovieText.deleteConfirm(l),
                             attributes: [.class("mv-inline-form")]) {
                        input(.type("hidden"), .name("back"), .value(reviewPath + "/comments"))
                        WebUI.button(.class("mv-delete"), .type("submit")) { Strings.delete(l) }
                    }
                } else if avatars.reported.contains(comment.id) {
                    span(.classes("mv-reply-link", "mv-reported")) { CommunityText.reported(l) }
                } else {
                    a(.classes("mv-reply-link", "mv-report-link"), .href(CommunityText.reportPath(comment))) { CommunityText.report(l) }
                }
            }
        }
    }

    /// 赞 with the count: a form for others' comments, the count alone on one's own, a login link signed out.
    func likeButton(_ comment: Comment, likes: Int, liked: Bool, back: String, viewer: Viewer) -> Node {
        let label = MovieText.likes(likes)(viewer.language)
        if viewer.user == nil {
            return a(.classes("mv-reply-link", "mv-like"), .href("/login?next=" + percentEncode(back))) { label }
        }
        if viewer.user?.id == comment.userID { return span(.classes("mv-votes", "mv-like-count")) { label } }
        return postForm(action: "/movies/comments/\(comment.id)/like", csrfToken: viewer.csrfToken, attributes: [.class("mv-inline-form")]) {
            input(.type("hidden"), .name("value"), .value("like"))
            input(.type("hidden"), .name("back"), .value(back))
            WebUI.button(.classes("mv-like", liked ? "is-on" : nil), .type("submit"), .attribute("aria-pressed", liked ? "true" : "false")) { label }
        }
    }

    func composePage(_ request: Request, _ viewer: Viewer, text: String = "", error: String? = nil) throws -> Response {
        guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let path = "/movies/reviews/\(review.id)"
        let parentID = (request.query["parent"] ?? request.form()["parent"]).flatMap { Int64($0) }
        var parent: Comment?
        if let parentID {
            guard viewer.isSignedIn else { return viewer.redirect(to: "/login?next=" + percentEncode(path + "/compose?parent=\(parentID)")) }
            parent = try comments.comment(parentID)
            guard let found = parent, found.subject == MovieReviewsApp.subject(review.id), !found.isDeleted else { throw HTTPError.notFound() }
        }
        let l = viewer.language
        let parentName = parent.map { CommunityText.authorName($0, l) }
        return self.page(viewer, title: (parent == nil ? MovieText.writeComment : MovieText.reply)(l),
                         back: BackLink(href: path + "/comments", label: Strings.cancel(l)), tab: nil,
                         tabs: [], status: error == nil ? .ok : .unprocessableContent) {
            postForm(action: path + "/comments", csrfToken: viewer.csrfToken, attributes: [.class("mv-compose"), .id("compose")]) {
                if let parent, let parentName {
                    input(.type("hidden"), .name("parent"), .value(String(parent.id)))
                    p(.class("mv-compose-parent")) { MovieText.quotedReply(parentName, String(parent.text.prefix(60)))(l) }
                } else {
                    p(.class("mv-compose-parent")) { MovieText.commentOn(review.title)(l) }
                }
                formGroup(footer: viewer.isSignedIn ? nil : MovieText.anonymousNotice(l)) {
                    formField(label: MovieText.comment(l), name: "text", type: .textarea, value: text, error: error,
                              placeholder: parentName.map { MovieText.replyPlaceholder($0)(l) } ?? MovieText.commentPlaceholder(l),
                              required: true, maxLength: 2000, autofocus: true)
                }
                div(.class("mv-compose-actions")) {
                    a(.classes("btn", "btn-secondary", "mv-cancel"), .href(path + "/comments")) { Strings.cancel(l) }
                    WebUI.button(.classes("btn", "btn-primary", "mv-submit"), .type("submit")) { MovieText.post(l) }
                }
            }
        }
    }

    func submitComment(_ request: Request, _ viewer: Viewer) throws -> Response {
        let id = try request.parameter("id", as: Int64.self)
        guard try store.review(id) != nil else { throw HTTPError.notFound() }
        let form = request.form()
        let text = form["text"] ?? ""
        let parentID = form["parent"].flatMap { Int64($0) }
        let path = "/movies/reviews/\(id)"
        if parentID != nil, !viewer.isSignedIn {
            return viewer.redirect(to: "/login?next=" + percentEncode(path + "/compose?parent=\(parentID ?? 0)"))
        }
        let device = CommunityDevice.id(for: request, isSecure: authenticator.usesSecureCookies)
        let author: CommentAuthor = viewer.user.map { .user(id: $0.id, name: $0.nickname) } ?? .anonymous(device: device.id)
        do {
            let comment = try comments.post(MovieReviewsApp.subject(id), author: author, text: text, parentID: parentID,
                                            address: request.clientAddress)
            // A held comment is on no list yet: the comments page shows it to its author as awaiting review.
            var response = viewer.redirect(to: path + "/comments" + (comment.isHeld ? "#awaiting-review" : "#comment-\(comment.id)"),
                                           flash: AwaitingReview.toast(comment, posted: MovieText.posted(viewer.language), viewer.language))
            if viewer.user == nil, let cookie = device.cookie { response.setCookie(cookie) }
            return response
        } catch let error as CommentError {
            var response = try composePage(request, viewer, text: text, error: error.message(viewer.language))
            if viewer.user == nil, let cookie = device.cookie { response.setCookie(cookie) }
            return response
        }
    }

    func deleteComment(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer
        let back = request.form()["back"].flatMap { $0.hasPrefix("/movies/") && !$0.hasPrefix("//") ? $0 : nil } ?? "/movies"
        try comments.delete(try request.parameter("id", as: Int64.self), userID: member.user.id)
        return viewer.redirect(to: back, flash: Toast(MovieText.deleted(viewer.language), kind: .success))
    }

    /// Editing one's own comment: the compose form prefilled; the comment is marked 已编辑.
    func editPage(_ request: Request, _ member: SignedIn, text: String? = nil, error: String? = nil) throws -> Response {
        let viewer = member.viewer
        guard let comment = try comments.comment(try request.parameter("id", as: Int64.self)), !comment.isDeleted,
              comment.subject.app == MovieReviewsApp.id else { throw HTTPError.notFound() }
        let back = "/movies/reviews/\(comment.subject.item)/comments"
        guard member.user.id == comment.userID else { throw CommentError.notYours }
        let l = viewer.language
        return self.page(viewer, title: MovieText.editComment(l), back: BackLink(href: back, label: Strings.cancel(l)), tab: nil, tabs: [],
                         status: error == nil ? .ok : .unprocessableContent) {
            postForm(action: "/movies/comments/\(comment.id)/edit", csrfToken: viewer.csrfToken, attributes: [.class("mv-compose")]) {
                formGroup {
                    formField(label: MovieText.comment(l), name: "text", type: .textarea, value: text ?? comment.text, error: error,
                              required: true, maxLength: 2000, autofocus: true)
                }
                div(.class("mv-compose-actions")) {
                    a(.classes("btn", "btn-secondary", "mv-cancel"), .href(back)) { Strings.cancel(l) }
                    WebUI.button(.classes("btn", "btn-primary", "mv-submit"), .type("submit")) { Strings.save(l) }
                }
            }
        }
    }

    func submitEdit(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer
        let id = try request.parameter("id", as: Int64.self)
        let text = request.form()["text"] ?? ""
        do {
            let comment = try comments.edit(id, userID: member.user.id, text: text)
            return viewer.redirect(to: "/movies/reviews/\(comment.subject.item)/comments#comment-\(id)",
                                   flash: Toast(MovieText.saved(viewer.language), kind: .success))
        } catch let error as CommentError where error != .notYours && error != .notFound {
            return try editPage(request, member, text: text, error: error.message(viewer.language))
        }
    }

    func toggleFavorite(_ request: Request, _ member: SignedIn) throws -> Response {
        let (viewer, user) = (member.viewer, member.user)
        let id = try request.parameter("id", as: Int64.self)
        let path = "/movies/reviews/\(id)"
        let subject = MovieReviewsApp.subject(id)
        if try favorites.contains(subject, userID: user.id) {
            try favorites.remove(subject, userID: user.id)
            return viewer.redirect(to: path, flash: Toast(MovieText.unfavorited(viewer.language)))
        }
        try favorites.add(subject, userID: user.id)
        return viewer.redirect(to: path, flash: Toast(MovieText.favorited(viewer.language), kind: .success))
    }
}

import Community
import Foundation
import HTTPServer
import Identity
import WebUI

/// The pages and forms of writing (issue 18): the mark card on a film page (想看/看过, stars, date, 短评),
/// the review editor with its draft, 有用/没用 and like buttons, and the movie profile. Every form works
/// without JavaScript; movies.js keeps the review editor's title and body in localStorage while typing and puts
/// them back into an editor that opens empty (a refused submit loses nothing).
extension MoviePages {
    func registerWriting(into routes: inout RouteGroup<SessionGuard>) {
        let pages = self
        routes.post("/films/{id}/mark", limit: .content) { request, member in try pages.submitMark(request, member) }
        routes.post("/films/{id}/unmark") { request, member in
            let film = try request.parameter("id")
            try pages.writes.removeMark(userID: member.user.id, filmID: film)
            return member.viewer.redirect(to: "/movies/films/\(percentEncode(film))", flash: Toast(MovieText.markRemoved(member.viewer.language)))
        }
        routes.get("/films/{id}/write") { request, member in try pages.editorPage(request, member) }
        routes.post("/films/{id}/write", limit: .content) { request, member in try pages.submitEditor(request, member) }
        routes.get("/reviews/{id}/edit") { request, member in try pages.editorPage(request, member) }
        routes.post("/reviews/{id}/edit", limit: .content) { request, member in try pages.submitEditor(request, member) }
        routes.post("/reviews/{id}/delete") { request, member in
            try MovieWriteAPI.mapping(member) { try pages.writes.deleteReview(try request.parameter("id", as: Int64.self), userID: member.user.id) }
            return member.viewer.redirect(to: "/movies/me", flash: Toast(MovieText.reviewDeleted(member.viewer.language), kind: .success))
        }
        for (path, target) in [("/reviews/{id}/vote", VoteTarget.review), ("/short-comments/{id}/vote", .short), ("/comments/{id}/like", .comment)] {
            routes.post(path, limit: .reaction) { request, member in try pages.submitVote(request, member, target: target) }
        }
        routes.get("/me") { _, member in member.viewer.redirect(to: "/movies/users/\(member.user.id)") }
        routes.anyone.get("/users/{id}") { request, viewer in try pages.profilePage(request, viewer) }
    }

    /// A textarea's line breaks as the text keeps them: forms send CR LF (HTML's form encoding), the API and
    /// the imported data use LF, and paragraphs are split at LF.
    static func lineFeeds(_ text: String) -> String { text.replacingOccurrences(of: "\r\n", with: "\n") }

    /// Where a form asks to return to: a path in this app, else `fallback`.
    static func back(_ request: Request, fallback: String) -> String {
        request.form()["back"].flatMap { $0.hasPrefix("/movies") && !$0.hasPrefix("//") && !$0.contains("\\") ? $0 : nil } ?? fallback
    }

    // MARK: marks

    /// The mark card on a film page: the viewer's mark as a form, or links to log in first.
    func markCard(film: Film, mark: Mark?, viewer: Viewer, error: String? = nil, values: FormData? = nil) -> Node {
        let l = viewer.language
        let path = "/movies/films/\(percentEncode(film.id))"
        guard viewer.isSignedIn else {
            return div(.classes("mv-mark", "is-signed-out"), .id("mark")) {
                for (label, kind) in [(MovieText.wantToSee(l), "wish"), (MovieText.seenIt(l), "seen"), (MovieText.writeShort(l), "short")] {
                    a(.classes("btn", "btn-secondary", "mv-mark-login"), .href("/login?next=" + percentEncode(path + "#mark")),
                      .attribute("data-mark", kind)) { label }
                }
            }
        }
        let status = values?["status"] ?? mark?.status.rawValue ?? "seen"
        let rating = values?["rating"].flatMap { Int($0) } ?? mark?.rating
        let date = values?["markedOn"] ?? mark?.markedOn ?? ""
        let comment = values?["comment"] ?? mark?.comment?.content ?? ""
        return postForm(action: path + "/mark", csrfToken: viewer.csrfToken, attributes: [.class("mv-mark"), .id("mark")]) {
            p(.class("mv-mark-title")) { mark == nil ? MovieText.markThisFilm(l) : MovieText.yourMark(l) }
            div(.class("mv-status"), .role("radiogroup"), .ariaLabel(MovieText.markThisFilm(l))) {
                for (value, label) in [("wish", MovieText.wantToSee(l)), ("seen", MovieText.seenIt(l))] {
                    input(.class("mv-status-input"), .type("radio"), .id("status-\(value)"), .name("status"), .value(value),
                          Attribute.checked.when(status == value))
                    WebUI.label(.class("mv-status-label"), .for("status-\(value)")) { label }
                }
            }
            div(.class("mv-rate"), .role("radiogroup"), .ariaLabel(MovieText.yourStars(l))) {
                for stars in (1...5).reversed() {
                    input(.class("mv-rate-input"), .type("radio"), .id("rate-\(stars)"), .name("rating"), .value(String(stars)),
                          Attribute.checked.when(rating == stars))
                    WebUI.label(.class("mv-rate-star"), .for("rate-\(stars)"), .title(MovieText.stars(stars)(l)), .ariaLabel(MovieText.stars(stars)(l))) { "★" }
                }
            }
            p(.class("mv-meta")) { MovieText.starsOnTenPoint(l) }
            formGroup {
                formField(label: MovieText.markedOn(l), name: "markedOn", type: .date, value: date)
                formField(label: MovieText.shortComment(l), name: "comment", type: .textarea, value: comment, error: error,
                          placeholder: MovieText.shortPlaceholder(l), maxLength: MovieWrites.shortCommentLimit)
            }
            div(.class("mv-compose-actions")) {
                WebUI.button(.classes("btn", "btn-primary", "mv-submit"), .type("submit")) { Strings.save(l) }
                if mark != nil {
                    WebUI.button(.classes("btn", "btn-secondary"), .type("submit"), .attribute("formaction", path + "/unmark")) { MovieText.removeMark(l) }
                }
            }
            a(.classes("btn", "btn-secondary", "mv-write-review"), .href(path + "/write")) { MovieText.writeReview(l) }
        }
    }

    func submitMark(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer
        let film = try request.parameter("id")
        let form = request.form()
        let (statusText, ratingText) = (form["status"] ?? "", form["rating"] ?? "")
        let status = MarkStatus(rawValue: statusText) ?? .seen
        do {
            // No status means 看过 (stars alone); an unknown status or a rating that is not a number is refused, never
            // read as 看过 or as "no stars" (which would clear the stars already given).
            if !statusText.isEmpty, MarkStatus(rawValue: statusText) == nil { throw MovieError.invalid(field: "status", message: MovieText.markStatus) }
            if !ratingText.isEmpty, Int(ratingText) == nil { throw MovieError.invalid(field: "rating", message: MovieText.ratingRange) }
            let mark = try writes.setMark(userID: member.user.id, name: member.user.nickname, filmID: film, status: status,
                                          rating: status == .seen ? Int(ratingText) : nil, markedOn: form["markedOn"],
                                          comment: form["comment"].map(Self.lineFeeds))
            let saved = Self.replacedNote(mark.rating, mark.replacedRating, viewer.language)
                ?? MovieText.markSaved(viewer.language)
            return viewer.redirect(to: "/movies/films/\(percentEncode(film))?sort=new#mark", flash: Toast(saved, kind: .success))
        } catch let error as MovieError where error != .notFound {
            return try filmPage(request, viewer, markError: error.message(viewer.language), markValues: form)
        }
    }

    // MARK: the review editor

    /// Writing a review of a film (`/films/{id}/write`, prefilled from the draft) or editing one's own
    /// (`/reviews/{id}/edit`).
    func editorPage(_ request: Request, _ member: SignedIn, error: String? = nil, values: FormData? = nil) throws -> Response {
        let viewer = member.viewer
        let l = viewer.language
        var title = "", body = "", rating: Int?, spoiler = false
        let filmID: String, filmTitle: String, action: String
        var savedAt: Int64?
        if request.path.hasPrefix("/movies/reviews/") {
            guard let review = try store.review(try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
            guard review.userID == member.user.id else { throw MovieError.notYours.httpError(l) }
            (filmID, filmTitle, action) = (review.filmID, review.filmTitle, "/movies/reviews/\(review.id)/edit")
            (title, body, rating, spoiler) = (review.title, review.body ?? "", review.rating, review.spoiler)
        } else {
            guard let film = try store.film(try request.parameter("id")) else { throw HTTPError.notFound() }
            (filmID, filmTitle, action) = (film.id, film.title, "/movies/films/\(percentEncode(film.id))/write")
            if let draft = try writes.drafts(userID: member.user.id, filmID: film.id).first {
                (title, body, rating, spoiler, savedAt) = (draft.title, draft.body, draft.rating, draft.spoiler, draft.updatedAt)
            }
        }
        if let values {
            (title, body, rating, spoiler) = (values["title"] ?? "", values["body"] ?? "", values["rating"].flatMap { Int($0) }, values["spoiler"] == "1")
        }
        let isEdit = action.hasSuffix("/edit")
        let back = "/movies/films/\(percentEncode(filmID))"
        let earlier = try writes.mark(userID: member.user.id, filmID: filmID)?.rating
        return self.page(viewer, title: isEdit ? MovieText.editReview(l) : MovieText.writeReview(l), back: BackLink(href: back, label: Strings.cancel(l)),
                         tab: nil, tabs: [], status: error == nil ? .ok : .unprocessableContent) {
            postForm(action: action, csrfToken: viewer.csrfToken,
                     attributes: [.classes("mv-compose", "mv-editor"), .id("editor"), .attribute("data-draft-key", "movies.draft." + filmID)]) {
                p(.class("mv-compose-parent")) { MovieText.reviewOf(filmTitle)(l) }
                if let savedAt { p(.classes("mv-meta", "mv-draft-saved")) { MovieText.draftSavedAt(BeijingTime.dateTime(savedAt))(l) } }
                if let error { p(.classes("field-error", "mv-editor-error"), .role("alert")) { error } }
                formGroup {
                    formField(label: MovieText.reviewTitle(l), name: "title", value: title, maxLength: MovieWrites.titleLimit)
                    formField(label: MovieText.reviewBody(l), name: "body", type: .textarea, value: body, hint: MovieText.paragraphsHint(l),
                              maxLength: MovieWrites.bodyLimit)
                }
                if let earlier { p(.classes("mv-meta", "mv-rating-rule")) { MovieText.ratingCountsLatest(earlier)(l) } }
                div(.class("mv-rate"), .role("radiogroup"), .ariaLabel(MovieText.yourStars(l))) {
                    for stars in (1...5).reversed() {
                        input(.class("mv-rate-input"), .type("radio"), .id("rate-\(stars)"), .name("rating"), .value(String(stars)),
                              Attribute.checked.when(rating == stars))
                        WebUI.label(.class("mv-rate-star"), .for("rate-\(stars)"), .title(MovieText.stars(stars)(l)), .ariaLabel(MovieText.stars(stars)(l))) { "★" }
                    }
                }
                WebUI.label(.class("mv-check")) {
                    input(.type("checkbox"), .name("spoiler"), .value("1"), Attribute.checked.when(spoiler))
                    span { MovieText.hasSpoilers(l) }
                }
                div(.class("mv-compose-actions")) {
                    if !isEdit {
                        WebUI.button(.classes("btn", "btn-secondary", "mv-save-draft"), .type("submit"), .name("action"), .value("draft")) {
                            MovieText.saveDraft(l)
                        }
                    }
                    WebUI.button(.classes("btn", "btn-primary", "mv-submit"), .type("submit"), .name("action"), .value("publish")) {
                        isEdit ? Strings.save(l) : MovieText.publish(l)
                    }
                }
            }
        }
    }

    func submitEditor(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer
        let form = request.form()
        let (title, body) = (form["title"] ?? "", Self.lineFeeds(form["body"] ?? ""))
        let rating = form["rating"].flatMap { Int($0) }
        let spoiler = form["spoiler"] == "1"
        do {
            if request.path.hasPrefix("/movies/reviews/") {
                let id = try request.parameter("id", as: Int64.self)
                let replaced = try writes.editReview(id, userID: member.user.id, title: title, body: body, rating: rating, spoiler: spoiler)
                let saved = Self.replacedNote(rating, replaced, viewer.language) ?? MovieText.saved(viewer.language)
                return viewer.redirect(to: "/movies/reviews/\(id)", flash: Toast(saved, kind: .success))
            }
            let film = try request.parameter("id")
            if form["action"] == "draft" {
                _ = try writes.saveDraft(userID: member.user.id, filmID: film, title: title, body: body, rating: rating, spoiler: spoiler)
                return viewer.redirect(to: "/movies/films/\(percentEncode(film))/write", flash: Toast(MovieText.draftSaved(viewer.language), kind: .success))
            }
            let written = try writes.publishReview(userID: member.user.id, name: member.user.nickname, filmID: film, title: title, body: body,
                                                   rating: rating, spoiler: spoiler)
            let published = Self.replacedNote(rating, written.replacedRating, viewer.language)
                .map { MovieText.reviewPublished(viewer.language) + " " + $0 } ?? MovieText.reviewPublished(viewer.language)
            return viewer.redirect(to: "/movies/reviews/\(written.id)?published=1", flash: Toast(published, kind: .success))
        } catch let error as MovieError {
            if case .invalid = error { return try editorPage(request, member, error: error.message(viewer.language), values: form) }
            throw error.httpError(viewer.language)
        }
    }

    /// The sentence saying which rating counts when `rating` replaced a different `earlier` one; nil otherwise.
    static func replacedNote(_ rating: Int?, _ earlier: Int?, _ l: Language) -> String? {
        guard let rating, let earlier else { return nil }
        return MovieText.ratingReplaced(rating, was: earlier)(l)
    }

    // MARK: votes

    func submitVote(_ request: Request, _ member: SignedIn, target: VoteTarget) throws -> Response {
        let viewer = member.viewer
        let item = try request.parameter("id")
        let form = request.form()
        var fallback = "/movies"
        let owner: Int64?
        switch target {
        case .review:
            guard let id = Int64(item), let review = try store.review(id) else { throw HTTPError.notFound() }
            (owner, fallback) = (review.userID, "/movies/reviews/\(id)")
        case .short:
            guard let comment = try store.shortComment(item) else { throw HTTPError.notFound() }
            owner = comment.userID
        case .comment:
            guard let id = Int64(item), let comment = try comments.comment(id), comment.subject.app == MovieReviewsApp.id, !comment.isDeleted
            else { throw HTTPError.notFound() }
            (owner, fallback) = (comment.userID, "/movies/reviews/\(comment.subject.item)/comments#comment-\(id)")
        }
        let current = try writes.myVotes(userID: member.user.id, target: target, items: [item])[item]
        let asked = MovieWriteAPI.voteValues[form["value"] ?? "useful"] ?? 1
        do {
            // Tapping the vote one already gave takes it back, as on Douban.
            _ = try writes.vote(userID: member.user.id, target: target, item: item, owner: owner, value: current == asked ? nil : asked)
        } catch let error as MovieError {
            return viewer.redirect(to: Self.back(request, fallback: fallback), flash: Toast(error.message(viewer.language), kind: .error))
        }
        return viewer.redirect(to: Self.back(request, fallback: fallback))
    }

    /// 有用 / 没用 buttons (forms), the viewer's choice pressed; links to log in when signed out.
    func voteButtons(action: String, useful: Int, useless: Int?, mine: Int?, back: String, viewer: Viewer) -> Node {
        let l = viewer.language
        return div(.class("mv-votes-bar")) {
            for (value, label, count, on) in [("useful", MovieText.useful(l), useful, mine == 1), ("useless", MovieText.useless(l), useless ?? 0, mine == -1)]
                where value == "useful" || useless != nil {
                if viewer.isSignedIn {
                    postForm(action: action, csrfToken: viewer.csrfToken, attributes: [.class("mv-inline-form")]) {
                        input(.type("hidden"), .name("value"), .value(value))
                        input(.type("hidden"), .name("back"), .value(back))
                        WebUI.button(.classes("mv-vote", on ? "is-on" : nil), .type("submit"), .attribute("aria-pressed", on ? "true" : "false"),
                                     .attribute("data-vote", value)) { "\(label) \(count)" }
                    }
                } else {
                    a(.class("mv-vote"), .href("/login?next=" + percentEncode(back)), .attribute("data-vote", value)) { "\(label) \(count)" }
                }
            }
        }
    }

    // MARK: profile

    func profilePage(_ request: Request, _ viewer: Viewer) throws -> Response {
        guard let user = try authenticator.identity.users.user(id: try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let data = try MovieProfileData.load(user: user, viewer: viewer, store: store, writes: writes, comments: comments)
        let l = viewer.language
        let isMe = viewer.user?.id == user.id
        let bar = try followBar(user: user, viewer: viewer)
        return self.page(viewer, title: isMe ? MovieText.myMovies(l) : user.nickname, back: BackLink(href: "/movies/more", label: MovieText.more(l)),
                         tab: isMe ? "more" : nil) {
            div(.class("mv-profile-head")) {
                img(.class("mv-avatar"), .src(user.avatarPath.map { "/media/" + $0 } ?? Self.avatarURL(user.nickname, userID: user.id)), .alt(""), .width(56), .height(56))
                div {
                    h1(.class("mv-profile-name")) { user.nickname }
                    p(.class("mv-meta")) {
                        MovieText.profileCounts(seen: data.counts.seen, wish: data.counts.wish, rated: data.counts.rated,
                                                reviews: data.counts.reviews, shorts: data.counts.shortComments)(l)
                    }
                }
            }
            bar
            if let drafts = data.drafts, !drafts.isEmpty {
                listGroup(header: MovieText.myDrafts(l)) {
                    for draft in drafts {
                        listCell(title: draft.title.isEmpty ? MovieText.untitled(l) : draft.title,
                                 subtitle: MovieText.filmTitle(draft.filmTitle)(l) + " · " + BeijingTime.dateTime(draft.updatedAt),
                                 href: "/movies/films/\(percentEncode(draft.filmID))/write")
                    }
                }
            }
            listGroup(header: MovieText.seenHeader(data.counts.seen)(l)) {
                if data.seen.isEmpty { listRow { p(.class("mv-meta")) { MovieText.nothingYet(l) } } }
                for mark in data.seen { markRow(mark, l) }
            }
            listGroup(header: MovieText.wishHeader(data.counts.wish)(l)) {
                if data.wish.isEmpty { listRow { p(.class("mv-meta")) { MovieText.nothingYet(l) } } }
                for mark in data.wish { markRow(mark, l) }
            }
            sectionHeader(MovieText.reviewsHeader(data.counts.reviews)(l))
            if data.reviews.isEmpty {
                p(.class("mv-end")) { MovieText.nothingYet(l) }
            } else {
                ul(.class("mv-list"), .role("list")) {
                    for review in data.reviews { reviewCell(review, commentCount: data.commentCounts[review.id] ?? 0, language: l) }
                }
            }
        }
    }

    func markRow(_ mark: Mark, _ l: Language) -> Node {
        li(.class("mv-mark-row")) {
            a(.class("mv-mark-link"), .href("/movies/films/\(percentEncode(mark.filmID))")) {
                img(.class("mv-mark-poster"), .src(Self.posterURL(mark.filmID)), .alt(""), .width(40), .height(56), .loading("lazy"))
                span(.class("mv-mark-main")) {
                    span(.class("mv-user")) { mark.filmTitle }
                    span(.class("mv-meta")) {
                        span { mark.markedOn }
                        if mark.rating != nil { stars(mark.rating, small: true, language: l) }
                    }
                    if let comment = mark.comment { span(.class("mv-mark-comment")) { comment.content } }
                }
            }
        }
    }
}

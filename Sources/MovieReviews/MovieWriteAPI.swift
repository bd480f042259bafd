import AppSuiteAPI
import Community
import HTTPServer
import Identity
import Storage
import WebUI

/// `/api/v1/movies/…` for signed-in writers: marks (想看/看过, stars, 短评), reviews with drafts, votes and
/// likes, and the movie profile of a user.
struct MovieWriteAPI: Sendable {
    let store: MovieStore
    let writes: MovieWrites
    let comments: CommentStore
    let authenticator: Authenticator

    func register(into api: inout RouteGroup<SessionGuard>) {
        let (store, writes, comments, users) = (store, writes, comments, authenticator.identity.users)

        api.put("/films/{id}/mark", limit: .content) { request, member in
            let input = try request.decodeJSON(MovieMarkInput.self)
            guard let status = MarkStatus(rawValue: input.status) else {
                throw MovieError.invalid(field: "status", message: MovieText.markStatus).httpError(member.viewer.language)
            }
            let mark = try Self.mapping(member) {
                try writes.setMark(userID: member.user.id, name: member.user.nickname, filmID: try request.parameter("id"), status: status,
                                   rating: input.rating, markedOn: input.markedOn, comment: input.comment)
            }
            return .json { Self.write(mark, to: &$0) }
        }
        api.delete("/films/{id}/mark") { request, member in
            try writes.removeMark(userID: member.user.id, filmID: try request.parameter("id"))
            return .noContent
        }
        api.post("/films/{id}/reviews", limit: .content) { request, member in
            let input = try request.decodeJSON(MovieReviewInput.self)
            let written = try Self.mapping(member) {
                try writes.publishReview(userID: member.user.id, name: member.user.nickname, filmID: try request.parameter("id"),
                                         title: input.title, body: input.body, rating: input.rating, spoiler: input.spoiler)
            }
            return try MovieAPI.detail(written.id, store: store, comments: comments, writes: writes, viewer: member.viewer, status: .created,
                                       replacedRating: written.replacedRating)
        }
        api.put("/reviews/{id}", limit: .content) { request, member in
            let id = try request.parameter("id", as: Int64.self)
            let input = try request.decodeJSON(MovieReviewInput.self)
            let replaced = try Self.mapping(member) {
                try writes.editReview(id, userID: member.user.id, title: input.title, body: input.body, rating: input.rating, spoiler: input.spoiler)
            }
            return try MovieAPI.detail(id, store: store, comments: comments, writes: writes, viewer: member.viewer, replacedRating: replaced)
        }
        api.delete("/reviews/{id}") { request, member in
            let id = try request.parameter("id", as: Int64.self)
            try Self.mapping(member) { try writes.deleteReview(id, userID: member.user.id) }
            return .noContent
        }
        api.put("/films/{id}/draft", limit: .content) { request, member in
            let input = try request.decodeJSON(MovieReviewInput.self)
            let draft = try Self.mapping(member) {
                try writes.saveDraft(userID: member.user.id, filmID: try request.parameter("id"), title: input.title, body: input.body,
                                     rating: input.rating, spoiler: input.spoiler)
            }
            return .json { Self.write(draft, to: &$0) }
        }
        api.delete("/films/{id}/draft") { request, member in
            try writes.deleteDraft(userID: member.user.id, filmID: try request.parameter("id"))
            return .noContent
        }
        for (path, target) in [("/reviews/{id}/vote", VoteTarget.review), ("/short-comments/{id}/vote", .short), ("/comments/{id}/like", .comment)] {
            api.put(path, limit: .reaction) { request, member in
                let input = try request.decodeJSON(MovieVoteInput.self)
                guard let value = Self.voteValues[input.value], (target == .comment) == (input.value == "like") else {
                    throw MovieError.invalid(field: "value", message: MovieText.voteValue).httpError(member.viewer.language)
                }
                return try Self.vote(request, member, target: target, value: value, store: store, writes: writes, comments: comments)
            }
            api.delete(path, limit: .reaction) { request, member in
                try Self.vote(request, member, target: target, value: nil, store: store, writes: writes, comments: comments)
            }
        }
        api.anyone.get("/users/{id}") { request, viewer in
            let id = try request.parameter("id", as: Int64.self)
            guard let user = try users.user(id: id) else { throw HTTPError.notFound() }
            let profile = try MovieProfileData.load(user: user, viewer: viewer, store: store, writes: writes, comments: comments)
            return .json(capacity: 16 * 1024) { json in
                json.object { json in
                    json.field("userId", user.id)
                    json.field("nickname", user.nickname)
                    json.field("avatarUrl", user.avatarPath.map { "/media/" + $0 })
                    json.object("counts") { json in
                        json.field("wish", profile.counts.wish)
                        json.field("seen", profile.counts.seen)
                        json.field("rated", profile.counts.rated)
                        json.field("reviews", profile.counts.reviews)
                        json.field("shortComments", profile.counts.shortComments)
                    }
                    json.array("seen") { list in for mark in profile.seen { Self.write(mark, to: &list) } }
                    json.array("wish") { list in for mark in profile.wish { Self.write(mark, to: &list) } }
                    json.array("reviews") { list in
                        for review in profile.reviews { MovieAPI.write(review, commentCount: profile.commentCounts[review.id] ?? 0, to: &list) }
                    }
                    if let drafts = profile.drafts {
                        json.array("drafts") { list in for draft in drafts { Self.write(draft, to: &list) } }
                    } else {
                        json.field("drafts", String?.none)
                    }
                }
            }
        }
    }

    static let voteValues = ["useful": 1, "like": 1, "useless": -1]

    /// Runs a write and turns a ``MovieError`` into the caller's language.
    static func mapping<T>(_ member: SignedIn, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as MovieError { throw error.httpError(member.viewer.language) }
    }

    static func vote(_ request: Request, _ member: SignedIn, target: VoteTarget, value: Int?, store: MovieStore, writes: MovieWrites,
                     comments: CommentStore) throws -> Response {
        let item = try request.parameter("id")
        let owner: Int64?
        switch target {
        case .review:
            guard let id = Int64(item), let review = try store.review(id) else { throw HTTPError.notFound() }
            owner = review.userID
        case .short:
            guard let comment = try store.shortComment(item) else { throw HTTPError.notFound() }
            owner = comment.userID
        case .comment:
            guard let id = Int64(item), let comment = try comments.comment(id), comment.subject.app == MovieReviewsApp.id, !comment.isDeleted
            else { throw HTTPError.notFound() }
            owner = comment.userID
        }
        let tally = try mapping(member) { try writes.vote(userID: member.user.id, target: target, item: item, owner: owner, value: value) }
        return .json { json in
            json.object { json in
                json.field("useful", tally.useful)
                json.field("useless", tally.useless)
                json.field("mine", tally.mine.map { $0 == 1 ? (target == .comment ? "like" : "useful") : "useless" })
            }
        }
    }

    static func write(_ mark: Mark, to json: inout JSONWriter) {
        json.object { json in
            MovieAPI.writeFilmReference(id: mark.filmID, title: mark.filmTitle, to: &json)
            json.field("status", mark.status.rawValue)
            json.field("rating", mark.rating)
            json.field("markedOn", mark.markedOn)
            json.field("updatedAt", iso8601(mark.updatedAt))
            if let replaced = mark.replacedRating { json.field("replacedRating", replaced) }
            if let comment = mark.comment {
                json.key("comment")
                MovieAPI.write(comment, to: &json)
            } else {
                json.field("comment", String?.none)
            }
        }
    }

    static func write(_ draft: Draft, to json: inout JSONWriter) {
        json.object { json in
            MovieAPI.writeFilmReference(id: draft.filmID, title: draft.filmTitle, to: &json)
            json.field("title", draft.title)
            json.field("body", draft.body)
            json.field("rating", draft.rating)
            json.field("spoiler", draft.spoiler)
            json.field("updatedAt", iso8601(draft.updatedAt))
        }
    }

    static let operations: [APIOperation] = {
        let film = APIOperation.Parameter("id", in: .path)
        let number = APIOperation.Parameter("id", in: .path, schema: .integer())
        let problem = JSONSchema.reference("Problem")
        func common(_ extra: [APIOperation.Outcome] = []) -> [APIOperation.Outcome] {
            [.init(401, "Not signed in", schema: problem), .init(404, "No such item", schema: problem)] + extra
        }
        let invalid = APIOperation.Outcome(422, "A field the rules refuse (named in errors)", schema: problem)
        let forbidden = APIOperation.Outcome(403, "Someone else's or an imported item", schema: problem)
        var operations = [
            APIOperation(.put, APIPath.Movies.filmMark, summary: "Mark a film 想看/看过 with stars (1–5, one rating per user) and a 短评 (≤ 350)",
                         tag: "Movies", parameters: [film], requestBody: .ref(MovieMarkInput.self),
                         responses: [.init(200, "The mark", schema: .ref(MovieMark.self))] + common([invalid]), requiresAuthentication: true),
            APIOperation(.delete, APIPath.Movies.filmMark, summary: "Remove the caller's mark, stars and 短评 on a film", tag: "Movies",
                         parameters: [film], responses: [.init(204, "Removed"), .init(401, "Not signed in", schema: problem)],
                         requiresAuthentication: true),
            APIOperation(.post, APIPath.Movies.filmReviews, summary: "Publish a review (title, body, stars, spoiler flag); its draft is deleted",
                         tag: "Movies", parameters: [film], requestBody: .ref(MovieReviewInput.self),
                         responses: [.init(201, "The review", schema: .ref(MovieReviewDetail.self))] + common([invalid]), requiresAuthentication: true),
            APIOperation(.put, APIPath.Movies.review, summary: "Edit one's own review", tag: "Movies", parameters: [number],
                         requestBody: .ref(MovieReviewInput.self),
                         responses: [.init(200, "The review", schema: .ref(MovieReviewDetail.self))] + common([forbidden, invalid]),
                         requiresAuthentication: true),
            APIOperation(.delete, APIPath.Movies.review, summary: "Delete one's own review", tag: "Movies", parameters: [number],
                         responses: [.init(204, "Deleted")] + common([forbidden]), requiresAuthentication: true),
            APIOperation(.put, APIPath.Movies.filmDraft, summary: "Keep a draft of a review of the film (fields may be empty)", tag: "Movies",
                         parameters: [film], requestBody: .ref(MovieReviewInput.self),
                         responses: [.init(200, "The draft", schema: .ref(MovieDraft.self))] + common([invalid]), requiresAuthentication: true),
            APIOperation(.delete, APIPath.Movies.filmDraft, summary: "Throw away the caller's draft of a review of the film", tag: "Movies",
                         parameters: [film], responses: [.init(204, "Deleted"), .init(401, "Not signed in", schema: problem)],
                         requiresAuthentication: true),
            APIOperation(.get, APIPath.Movies.profile, summary: "A user's movie profile: counts, 看过/想看 with stars and 短评, reviews; own drafts",
                         tag: "Movies", parameters: [number],
                         responses: [.init(200, "The profile", schema: .ref(MovieProfile.self)), .init(404, "No such user", schema: problem)]),
        ]
        for (path, what, item) in [(APIPath.Movies.reviewVote, "有用/没用 on a review", number), (APIPath.Movies.shortCommentVote, "有用/没用 on a 短评", film),
                                   (APIPath.Movies.commentLike, "a like on a comment under a review", number)] {
            let limited = APIOperation.Outcome(429, "More than 100 votes a minute", schema: problem)
            let own = APIOperation.Outcome(403, "A vote on one's own item", schema: problem)
            operations.append(APIOperation(.put, path, summary: "Vote: " + what + " (one per user, changeable)", tag: "Movies", parameters: [item],
                                           requestBody: .ref(MovieVoteInput.self),
                                           responses: [.init(200, "The votes", schema: .ref(MovieVotes.self))] + common([own, invalid, limited]),
                                           requiresAuthentication: true))
            operations.append(APIOperation(.delete, path, summary: "Withdraw the caller's vote: " + what, tag: "Movies", parameters: [item],
                                           responses: [.init(200, "The votes", schema: .ref(MovieVotes.self))] + common([own, limited]),
                                           requiresAuthentication: true))
        }
        return operations
    }()

    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(MovieMarkInput.self, overriding: [
            "status": .string(description: "wish (想看) or seen (看过)"),
            "rating": .integer(description: "stars, 1–5, only with seen"),
            "markedOn": .string(description: "YYYY-MM-DD (Beijing), not after today; today when absent"),
            "comment": .string(description: "the 短评, at most 350 characters; absent or blank deletes it", maxLength: MovieWrites.shortCommentLimit),
        ]),
        JSONSchema.component(MovieMark.self, overriding: ["rating": .integer(description: "stars, 1–5")]),
        JSONSchema.component(MovieReviewInput.self, overriding: [
            "title": .string(description: "1–100 characters, one line", maxLength: MovieWrites.titleLimit),
            "body": .string(description: "1–50,000 characters; paragraphs separated by line breaks", maxLength: MovieWrites.bodyLimit),
            "rating": .integer(description: "stars, 1–5"),
        ]),
        JSONSchema.component(MovieDraft.self),
        JSONSchema.component(MovieVoteInput.self, overriding: ["value": .string(description: "useful or useless (reviews, 短评); like (comments)")]),
        JSONSchema.component(MovieVotes.self),
        JSONSchema.component(MovieProfile.self),
        JSONSchema.component(MovieProfile.Counts.self),
    ]
}

/// What a movie profile shows, read once for the page and the API.
struct MovieProfileData {
    var counts: (wish: Int, seen: Int, rated: Int, reviews: Int, shortComments: Int)
    var seen: [Mark]
    var wish: [Mark]
    var reviews: [Review]
    var commentCounts: [Int64: Int]
    /// Only on one's own profile.
    var drafts: [Draft]?

    static func load(user: User, viewer: Viewer, store: MovieStore, writes: MovieWrites, comments: CommentStore) throws -> MovieProfileData {
        let reviews = try store.reviews(byUser: user.id, limit: 50)
        let totals = try comments.counts(reviews.map { MovieReviewsApp.subject($0.id) })
        var counts: [Int64: Int] = [:]
        for review in reviews { counts[review.id] = totals[MovieReviewsApp.subject(review.id)] ?? 0 }
        return MovieProfileData(counts: try writes.counts(userID: user.id), seen: try writes.marks(userID: user.id, status: .seen, limit: 50),
                                wish: try writes.marks(userID: user.id, status: .wish, limit: 50), reviews: reviews, commentCounts: counts,
                                drafts: viewer.user?.id == user.id ? try writes.drafts(userID: user.id) : nil)
    }
}

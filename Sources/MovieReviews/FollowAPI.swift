import AppSuiteAPI
import Community
import HTTPServer
import Identity
import WebUI

/// `/api/v1/movies/…` for following (issue 18 item 3): follow and unfollow a user, whom a user follows and
/// who follows them, and the caller's 关注的人 feed.
struct MovieFollowAPI: Sendable {
    let store: MovieStore
    let follows: MovieFollows
    let comments: CommentStore
    let authenticator: Authenticator

    func register(into api: inout RouteGroup<SessionGuard>) {
        let (store, follows, comments, users) = (store, follows, comments, authenticator.identity.users)
        for (method, follow) in [("PUT", true), ("DELETE", false)] {
            let handler: @Sendable (Request, SignedIn) throws -> Response = { request, member in
                let id = try request.parameter("id", as: Int64.self)
                guard try users.user(id: id) != nil else { throw HTTPError.notFound() }
                try MovieWriteAPI.mapping(member) {
                    if follow { try follows.follow(userID: member.user.id, followed: id) } else { try follows.unfollow(userID: member.user.id, followed: id) }
                }
                let counts = try follows.counts(userID: id, viewer: member.user.id)
                return .json { json in
                    json.object { json in
                        json.field("userId", id)
                        json.field("followedByMe", counts.followedByViewer)
                        json.field("following", counts.following)
                        json.field("followers", counts.followers)
                    }
                }
            }
            if method == "PUT" { api.put("/users/{id}/follow", limit: .reaction, handler) } else { api.delete("/users/{id}/follow", limit: .reaction, handler) }
        }
        for (path, followers) in [("/users/{id}/following", false), ("/users/{id}/followers", true)] {
            api.anyone.get(path) { request, _ in
                let id = try request.parameter("id", as: Int64.self)
                guard try users.user(id: id) != nil else { throw HTTPError.notFound() }
                let page = try follows.list(userID: id, followers: followers, cursor: request.query["cursor"])
                let found = try users.users(ids: page.items.map(\.userID))
                return .json(capacity: 8 * 1024) { json in
                    json.object { json in
                        json.array("items") { list in
                            for follow in page.items {
                                guard let user = found[follow.userID] else { continue }
                                list.object { json in
                                    json.field("userId", user.id)
                                    json.field("nickname", user.nickname)
                                    json.field("avatarUrl", user.avatarPath.map { "/media/" + $0 })
                                    json.field("since", iso8601(follow.since))
                                }
                            }
                        }
                        json.field("nextCursor", page.nextCursor)
                    }
                }
            }
        }
        api.get("/following") { request, member in
            _ = try MovieStore.latestCursor(request.query["cursor"])
            let following = try follows.counts(userID: member.user.id, viewer: nil).following
            let page = following > 0 ? try store.latestCards(cursor: request.query["cursor"], limit: MovieFeed.pageSize, followedBy: member.user.id)
                : (cards: [], nextCursor: nil)
            let reviews = page.cards.compactMap { card -> Review? in if case .review(let review) = card { review } else { nil } }
            let totals = try comments.counts(reviews.map { MovieReviewsApp.subject($0.id) })
            return .json(capacity: 16 * 1024) { json in
                json.object { json in
                    json.array("items") { list in
                        for card in page.cards {
                            list.object { json in
                                switch card {
                                case .review(let review):
                                    json.field("kind", "review")
                                    json.field("filmId", review.filmID)
                                    json.field("filmTitle", review.filmTitle)
                                    json.key("review")
                                    MovieAPI.write(review, commentCount: totals[MovieReviewsApp.subject(review.id)] ?? 0, to: &json)
                                    json.field("shortComment", String?.none)
                                case .short(let comment, let filmID, let filmTitle):
                                    json.field("kind", "short")
                                    json.field("filmId", filmID)
                                    json.field("filmTitle", filmTitle)
                                    json.field("review", String?.none)
                                    json.key("shortComment")
                                    MovieAPI.write(comment, to: &json)
                                case .film:
                                    break
                                }
                            }
                        }
                    }
                    json.field("nextCursor", page.nextCursor)
                }
            }
        }
    }

    static let operations: [APIOperation] = {
        let number = APIOperation.Parameter("id", in: .path, schema: .integer())
        let cursor = APIOperation.Parameter("cursor", in: .query)
        let problem = JSONSchema.reference("Problem")
        let signedOut = APIOperation.Outcome(401, "Not signed in", schema: problem)
        let noUser = APIOperation.Outcome(404, "No such user", schema: problem)
        let limited = APIOperation.Outcome(429, "More than \(MovieFollows.changesPerMinute) follows and unfollows a minute; see Retry-After", schema: problem)
        return [
            APIOperation(.put, APIPath.Movies.follow, summary: "Follow a user (not oneself; at most 1,000)", tag: "Movies", parameters: [number],
                         responses: [.init(200, "Following", schema: .ref(MovieFollowState.self)), signedOut, noUser,
                                     .init(422, "Oneself, or past 1,000 follows", schema: problem), limited],
                         requiresAuthentication: true),
            APIOperation(.delete, APIPath.Movies.follow, summary: "Stop following a user", tag: "Movies", parameters: [number],
                         responses: [.init(200, "Not following", schema: .ref(MovieFollowState.self)), signedOut, noUser, limited],
                         requiresAuthentication: true),
            APIOperation(.get, APIPath.Movies.following, summary: "Whom a user follows, newest follow first, 50 a page", tag: "Movies",
                         parameters: [number, cursor], responses: [.init(200, "A page", schema: .ref(MovieFollowPage.self)), noUser]),
            APIOperation(.get, APIPath.Movies.followers, summary: "Who follows a user, newest follow first, 50 a page", tag: "Movies",
                         parameters: [number, cursor], responses: [.init(200, "A page", schema: .ref(MovieFollowPage.self)), noUser]),
            APIOperation(.get, APIPath.Movies.followingFeed, summary: "关注的人: reviews and 短评 of the users the caller follows, newest first",
                         tag: "Movies", parameters: [cursor],
                         responses: [.init(200, "A page", schema: .ref(MovieFollowingFeed.self)), signedOut,
                                     .init(400, "A cursor this list did not give", schema: problem)],
                         requiresAuthentication: true),
        ]
    }()

    static let schemas: [(String, JSONSchema)] = [
        JSONSchema.component(MovieFollowState.self),
        JSONSchema.component(MovieFollowEntry.self),
        JSONSchema.component(MovieFollowPage.self),
        JSONSchema.component(MovieFeedItem.self, overriding: ["kind": .string(description: "review or short")]),
        JSONSchema.component(MovieFollowingFeed.self),
    ]
}

import HTTPServer
import Identity
import WebUI

/// Following (issue 18 item 3): the 关注 / 已关注 button and the counts on a profile, the following and
/// followers lists, and the feed's 关注的人 tab (`/movies?tab=following`): the reviews and 短评 of the users
/// the viewer follows, newest first (``MovieStore/latestCards(cursor:limit:followedBy:)``).
extension MoviePages {
    var follows: MovieFollows { MovieFollows(database: store.database, now: writes.now) }

    func registerFollowing(into routes: inout RouteGroup<SessionGuard>) {
        let pages = self
        for (path, follow) in [("/users/{id}/follow", true), ("/users/{id}/unfollow", false)] {
            routes.post(path, limit: .reaction) { request, member in
                let id = try request.parameter("id", as: Int64.self)
                guard let user = try pages.authenticator.identity.users.user(id: id) else { throw HTTPError.notFound() }
                let l = member.viewer.language
                do {
                    if follow { try pages.follows.follow(userID: member.user.id, followed: id) } else { try pages.follows.unfollow(userID: member.user.id, followed: id) }
                } catch let error as MovieError {
                    return member.viewer.redirect(to: "/movies/users/\(id)", flash: Toast(error.message(l), kind: .error))
                }
                return member.viewer.redirect(to: "/movies/users/\(id)",
                                              flash: Toast((follow ? MovieText.followed(user.nickname) : MovieText.unfollowed(user.nickname))(l), kind: .success))
            }
        }
        routes.anyone.get("/users/{id}/following") { request, viewer in try pages.followList(request, viewer, followers: false) }
        routes.anyone.get("/users/{id}/followers") { request, viewer in try pages.followList(request, viewer, followers: true) }
    }

    /// The counts (linked to the lists) and, on someone else's profile, the follow form.
    func followBar(user: User, viewer: Viewer) throws -> Node {
        let counts = try follows.counts(userID: user.id, viewer: viewer.user?.id)
        let l = viewer.language
        return div(.class("mv-follow")) {
            a(.class("mv-follow-count"), .href("/movies/users/\(user.id)/following")) { MovieText.followingCount(counts.following)(l) }
            a(.class("mv-follow-count"), .href("/movies/users/\(user.id)/followers")) { MovieText.followerCount(counts.followers)(l) }
            if viewer.user?.id != user.id {
                if viewer.isSignedIn {
                    postForm(action: "/movies/users/\(user.id)/\(counts.followedByViewer ? "unfollow" : "follow")", csrfToken: viewer.csrfToken,
                             attributes: [.class("mv-follow-form")]) {
                        // Where a sign-in asked for by this post returns (``SessionGuard``): this profile.
                        input(.type("hidden"), .name("next"), .value("/movies/users/\(user.id)"))
                        WebUI.button(.classes("btn", counts.followedByViewer ? "btn-secondary" : "btn-primary"), .type("submit"),
                               .attribute("data-following", counts.followedByViewer ? "true" : "false")) {
                            counts.followedByViewer ? MovieText.unfollow(l) : MovieText.follow(l)
                        }
                    }
                } else {
                    a(.classes("btn", "btn-primary"), .href("/login?next=" + percentEncode("/movies/users/\(user.id)"))) { MovieText.follow(l) }
                }
            }
        }
    }

    func followList(_ request: Request, _ viewer: Viewer, followers: Bool) throws -> Response {
        let users = authenticator.identity.users
        guard let user = try users.user(id: try request.parameter("id", as: Int64.self)) else { throw HTTPError.notFound() }
        let page = try follows.list(userID: user.id, followers: followers, cursor: request.query["cursor"])
        let found = try users.users(ids: page.items.map(\.userID))
        let l = viewer.language
        let title = (followers ? MovieText.followersOf(user.nickname) : MovieText.followingOf(user.nickname))(l)
        return self.page(viewer, title: title, back: BackLink(href: "/movies/users/\(user.id)", label: user.nickname), tab: nil) {
            if page.items.isEmpty {
                emptyState(icon: .person, title: followers ? MovieText.noFollowers(l) : MovieText.noFollowing(l))
            } else {
                // No list header: the title is in the nav bar, and a list header is drawn in capitals (a nickname's case matters).
                listGroup {
                    for follow in page.items {
                        if let other = found[follow.userID] {
                            listCell(title: other.nickname, subtitle: MovieText.followedSince(BeijingTime.numericDate(follow.since))(l),
                                     href: "/movies/users/\(other.id)")
                        }
                    }
                }
                if let next = page.nextCursor {
                    div(.class("mv-more")) {
                        a(.classes("btn", "btn-secondary"), .href("/movies/users/\(user.id)/\(followers ? "followers" : "following")?cursor=\(next)")) {
                            MovieText.more(l)
                        }
                    }
                }
            }
        }
    }
}

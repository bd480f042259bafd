import AppSuiteAPI
import AppSuiteClient
import AppSuiteTesting
import Foundation
import Testing

/// Movie Reviews and the community on the live server with the real data: paging every list to its end,
/// comments and replies, favourites and share links.
@Suite(.requires(.gaokao), .requires(.movies)) struct MoviesLiveTests {
    @Test func pagingReachesTheEndOfEveryList() async throws {
        let recorder = RecordingTransport()
        let client = try liveServer().client(recorder: recorder)
        let movies = client.movies

        var reviews: [MovieReview] = []
        for try await review in movies.allReviews(pageSize: 40) { reviews.append(review) }
        #expect(reviews.count == 302 && Set(reviews.map(\.id)).count == 302, "reviews.csv holds 302 reviews")
        let featured = reviews.prefix { $0.featured }
        #expect(!featured.isEmpty && reviews.dropFirst(featured.count).allSatisfy { !$0.featured })

        var newest: [MovieReview] = []
        for try await review in movies.allReviews(order: .newest, pageSize: 100) { newest.append(review) }
        #expect(Set(newest.map(\.id)) == Set(reviews.map(\.id)))
        #expect(newest.map(\.publishedAt) == newest.map(\.publishedAt).sorted(by: >))

        let first = try await movies.reviews(limit: 3)
        #expect(first.items.map(\.id) == Array(reviews.prefix(3).map(\.id)))
        let second = try await movies.reviews(limit: 3, cursor: first.nextCursor)
        #expect(second.items.map(\.id) == Array(reviews.dropFirst(3).prefix(3).map(\.id)))

        var filmCount = 0
        for try await _ in movies.allFilms(pageSize: 100) { filmCount += 1 }
        #expect(filmCount == 2_704 + 158, "movies.csv holds 2,704 films, the extra short comments name 158 more")
        let found = try await movies.films(query: "百鸟朝凤")
        #expect(found.items.first?.id == "10831445" && found.items.first?.title == "百鸟朝凤")

        // 阿丽塔：战斗天使 (1652592): comments.csv's 480 short comments (none a duplicate or spam) and 31 of the
        // extra file's (the other 181 it has are the same comments scraped twice).
        let alita = try await movies.film(id: "1652592", limit: 5)
        #expect(alita.comments.total == 511 && alita.comments.items.count == 5 && alita.comments.sort == "hot")
        var hot: [MovieShortComment] = []
        for try await comment in movies.allShortComments(film: "1652592", pageSize: 100) { hot.append(comment) }
        #expect(hot.count == 511 && Set(hot.map(\.id)).count == 511)
        #expect(hot.map { $0.votes ?? 0 } == hot.map { $0.votes ?? 0 }.sorted(by: >))
        var new: [MovieShortComment] = []
        for try await comment in movies.allShortComments(film: "1652592", order: .new, pageSize: 100) { new.append(comment) }
        #expect(Set(new.map(\.id)) == Set(hot.map(\.id)))
        #expect(new.map(\.createdAt) == new.map(\.createdAt).sorted(by: >))

        let missing = await failure { () async throws(AppSuiteError) in try await movies.film(id: "no-such-film") }
        #expect(missing?.status == 404)
        let noReview = await failure { () async throws(AppSuiteError) in try await movies.review(id: 1) }
        #expect(noReview?.status == 404)
        let lists: Set<Route> = [Route("GET", APIPath.Movies.reviews), Route("GET", APIPath.Movies.films),
                                    Route("GET", APIPath.Movies.film), Route("GET", APIPath.Movies.review)]
        #expect(recorder.endpoints == lists)
    }

    @Test func commentsRepliesFavouritesAndShareLinks() async throws {
        let server = try liveServer()
        let recorder = RecordingTransport()
        let alice = server.client(recorder: recorder)
        let bob = server.client(recorder: recorder)
        let visitor = server.client(recorder: recorder)
        try await alice.auth.register(username: uniqueName("alice"), password: TestServer.password)
        try await bob.auth.register(username: uniqueName("bob"), password: TestServer.password)
        // reviews.csv: 7885559 再也不见的唢呐，是从未回头的明天 (百鸟朝凤).
        let id: Int64 = 7_885_559
        let review = try await visitor.movies.review(id: id)
        #expect(review.title == "再也不见的唢呐，是从未回头的明天" && review.film.id == "10831445" && review.favorite == nil)
        #expect(review.body?.contains("百鸟朝凤") == true)

        let root = try await alice.movies.postComment(onReview: id, text: "唢呐一响，泪目。")
        #expect(root.text == "唢呐一响，泪目。" && root.rootId == nil && !root.author.anonymous)
        let reply = try await bob.movies.postComment(onReview: id, text: "同感，结尾太好了。", replyingTo: root.id)
        #expect(reply.rootId == root.id && reply.parentId == root.id)
        let answer = try await alice.movies.postComment(onReview: id, text: "谢谢！", replyingTo: reply.id)
        #expect(answer.rootId == root.id && answer.parentId == reply.id && answer.replyTo == reply.author.name)
        let anonymous = try await visitor.movies.postComment(onReview: id, text: "路过，好片。")
        #expect(anonymous.author.anonymous && anonymous.author.userId == nil)
        let anonymousReply = await failure { () async throws(AppSuiteError) in
            try await visitor.movies.postComment(onReview: id, text: "匿名回复", replyingTo: root.id)
        }
        #expect(anonymousReply?.status == 401)
        let blank = await failure { () async throws(AppSuiteError) in try await bob.movies.postComment(onReview: id, text: "   ") }
        #expect(blank?.status == 422 && blank?.fieldErrors.map(\.field) == ["text"])

        var comments: [CommunityComment] = []
        for try await comment in visitor.movies.allComments(onReview: id, pageSize: 1) { comments.append(comment) }
        let listed = try #require(comments.first { $0.id == root.id })
        #expect(listed.replyCount == 2 && listed.replies?.map(\.id) == [reply.id, answer.id])
        let page = try await visitor.movies.comments(onReview: id, limit: 1)
        #expect(comments.count == page.total - comments.reduce(0) { $0 + ($1.replyCount ?? 0) })
        var replies: [CommunityComment] = []
        for try await reply in visitor.community.allReplies(to: root.id, pageSize: 1) { replies.append(reply) }
        #expect(replies.map(\.id) == [reply.id, answer.id])
        #expect(try await visitor.community.replies(to: root.id).total == 2)

        let edited = try await alice.community.editComment(id: root.id, text: "唢呐一响，泪目（改）。")
        #expect(edited.edited && edited.text == "唢呐一响，泪目（改）。")
        let notYours = await failure { () async throws(AppSuiteError) in try await bob.community.editComment(id: root.id, text: "不是我的") }
        #expect(notYours?.status == 403)
        let notYoursToDelete = await failure { () async throws(AppSuiteError) in try await bob.community.deleteComment(id: root.id) }
        #expect(notYoursToDelete?.status == 403)
        try await alice.community.deleteComment(id: answer.id)
        #expect(try await visitor.community.replies(to: root.id).items.map(\.id) == [reply.id])

        let itemID = String(id)
        #expect(try await alice.community.addFavorite(app: "movies", itemID: itemID).favorite)
        #expect(try await alice.movies.review(id: id).favorite == true)
        var favorites: [CommunityFavorite] = []
        for try await favorite in alice.community.allFavorites(app: "movies") { favorites.append(favorite) }
        #expect(favorites.map(\.itemId) == [itemID] && favorites.first?.title == review.title)
        #expect(try await alice.community.favorites().items.map(\.itemId) == [itemID])
        let unknown = await failure { () async throws(AppSuiteError) in try await alice.community.addFavorite(app: "movies", itemID: "1") }
        #expect(unknown?.status == 404)
        let signedOut = await failure { () async throws(AppSuiteError) in try await visitor.community.addFavorite(app: "movies", itemID: itemID) }
        #expect(signedOut?.status == 401)
        try await alice.community.removeFavorite(app: "movies", itemID: itemID)
        #expect(try await alice.community.favorites(app: "movies").items.isEmpty)
        #expect(try await alice.movies.review(id: id).favorite == false)

        let link = try await alice.community.shareLink(app: "movies", itemID: itemID)
        #expect(link.url == "/s/" + link.code)
        #expect(try await bob.community.shareLink(app: "movies", itemID: itemID) == link, "one stable link per item")

        let expected = AppSuiteClient.routes.filter { $0.path.hasPrefix("/api/v1/favorites") || $0.path.hasPrefix("/api/v1/comments")
            || $0.path.hasPrefix("/api/v1/shares")
            || ([APIPath.Movies.review, APIPath.Movies.reviewComments].contains($0.path) && ["GET", "POST"].contains($0.method)) }
        #expect(expected.count == 10)
        #expect(recorder.endpoints.isSuperset(of: expected), "not called: \(Set(expected).subtracting(recorder.endpoints))")
    }

    /// The Top list (weighted rating, filters) and 猜你喜欢 through the client; the server's 2,065 rated films give
    /// C = 7.46 and m = 175,095 (movies.csv). Other tests add marks on the shared server, which count as votes, so
    /// only the shape and the clear leaders are checked here.
    @Test func topListFiltersAndForYou() async throws {
        let server = try liveServer()
        let recorder = RecordingTransport()
        let visitor = server.client(recorder: recorder)
        let top = try await visitor.movies.top()
        let prior = try #require(top.prior)
        #expect(prior.films == 2_065 && abs(prior.meanRating - 7.462) < 0.001 && prior.minimumVotes == 175_095)
        #expect(top.items.count == 20 && top.items.map(\.place) == Array(1...20) && top.nextCursor == "20")
        #expect(top.items.first?.film.title == "肖申克的救赎")
        #expect(top.items.map(\.weightedRating) == top.items.map(\.weightedRating).sorted(by: >))
        var scifi: [MovieTopEntry] = []
        for try await entry in visitor.movies.allTop(filter: .init(genre: "科幻", decade: 2010, minRating: 8)) { scifi.append(entry) }
        #expect(scifi.count == 29 && scifi.allSatisfy { $0.film.genres.contains("科幻") && ($0.film.rating ?? 0) >= 8 })
        #expect(scifi.prefix(2).map(\.film.title) == ["盗梦空间", "星际穿越"])
        let films = try await visitor.movies.films(filter: .init(genre: "动画"), limit: 50)
        #expect(films.items.count == 50 && films.items.allSatisfy { $0.genres.contains("动画") })
        let bad = await failure { () async throws(AppSuiteError) in try await visitor.movies.top(filter: .init(decade: 2015)) }
        #expect(bad?.status == 400)

        let cold = try await visitor.movies.forYou()
        #expect(cold.source == "top" && cold.rated == 0 && cold.minimumRatings == 5 && cold.items.count == 10)
        let reader = server.client(recorder: recorder)
        try await reader.auth.register(username: uniqueName("foryou"), password: TestServer.password)
        let rated = ["25818101", "1652592", "1291838", "35315950", "1292052"]
        for film in rated { _ = try await reader.movies.mark(film: film, MovieMarkInput(status: "seen", rating: 5)) }
        // The server builds its model in the work pool; until then a reader with five ratings gets `pending`.
        var picks = try await reader.movies.forYou()
        for _ in 0..<3_000 where picks.source == "pending" {
            try await Task.sleep(for: .milliseconds(200))
            picks = try await reader.movies.forYou()
        }
        #expect(picks.source == "ratings" && picks.rated == 5 && picks.items.count == 10)
        #expect(Set(picks.items.map(\.id)).isDisjoint(with: rated))
        let expected: Set<Route> = [Route("GET", APIPath.Movies.top), Route("GET", APIPath.Movies.forYou)]
        #expect(recorder.endpoints.isSuperset(of: expected))
    }
}

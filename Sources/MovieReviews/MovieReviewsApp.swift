public import AppHost
public import Community
import Foundation
public import HTTPServer
import Identity
public import RemoteImages
public import Storage
import WebUI

/// 影评: the movie-review channel. Reviews, films and short comments come from the imported data; comments
/// on reviews, favourites and share links come from the community target (subject `movies/<review id>`).
public struct MovieReviewsApp: MiniApp {
    public static let id = "movies"

    public init() {}

    public var manifest: AppManifest {
        AppManifest(id: Self.id, title: MovieText.appTitle, summary: MovieText.summary,
                    icon: .film, tint: .orange)
    }

    public func migrations() -> [Migration] { MovieSchema.migrations() }

    public func importer(context: AppContext) -> (any DataImporter)? { MovieImporter(database: context.database) }

    public func routes(_ routes: inout AppRoutes, context: AppContext) {
        let assets = AppAssets(appID: Self.id, directory: Bundle.module.resourceURL!.appendingPathComponent("Assets"))
        routes.serve(assets)
        let store = MovieStore(database: context.database)
        let identityClock = context.clock.identityClock
        let comments = CommentStore(database: context.database, now: { identityClock.now() })
        let favorites = FavoriteStore(database: context.database, directory: context.subjects)
        let recommender = MovieRecommender(database: context.database, workPool: context.workPool, now: { identityClock.now() })
        recommender.refresh()
        let feedCache = MovieFeedCache(version: context.dataVersions.version("movies.feed"))
        let topList = TopListCache(database: context.database, version: context.dataVersions.version("movies.ratings"))
        let writes = MovieWrites(database: context.database, now: { identityClock.now() },
                                 ratingsChanged: { recommender.ratingsChanged(); topList.ratingsChanged() }, feedChanged: { feedCache.invalidate() })
        MovieAPI(store: store, comments: comments, writes: writes, recommender: recommender, topList: topList, authenticator: context.authenticator)
            .register(into: &routes.api)
        MovieWriteAPI(store: store, writes: writes, comments: comments, authenticator: context.authenticator).register(into: &routes.api)
        MovieFollowAPI(store: store, follows: MovieFollows(database: context.database, now: { identityClock.now() }), comments: comments,
                       authenticator: context.authenticator).register(into: &routes.api)
        MoviePages(store: store, comments: comments, favorites: favorites, writes: writes, recommender: recommender, feedCache: feedCache, topList: topList,
                   authenticator: context.authenticator, assets: assets).register(into: &routes.pages, files: &routes.files)
    }

    public var apiOperations: [APIOperation] { MovieAPI.operations + MovieWriteAPI.operations + MovieFollowAPI.operations }

    public var apiSchemas: [(String, JSONSchema)] { MovieAPI.schemas + MovieWriteAPI.schemas + MovieFollowAPI.schemas }

    /// How favourites, "my comments" and share links describe a review.
    public var subjects: SubjectResolver? {
        SubjectResolver { db, item in
            guard let id = Int64(item),
                  let row = try db.queryFirst("SELECT r.title, r.summary, r.film_id FROM movies_reviews r WHERE r.id = ?", id) else { return nil }
            let film: String = try row.get("film_id")
            return SubjectInfo(title: try row.get("title"), path: "/movies/reviews/\(id)", summary: try row.get("summary"),
                               imageURL: "/movies/posters/\(percentEncode(film)).svg", commentsPath: "/movies/reviews/\(id)/comments")
        }
    }

    static func subject(_ reviewID: Int64) -> Subject { Subject(app: id, item: String(reviewID)) }

    /// Douban posters through the platform's image cache (item `poster-{film id}`), our drawn poster meanwhile.
    public var remoteImages: RemoteImageSource? {
        RemoteImageSource(hosts: ["img1.doubanio.com", "img2.doubanio.com", "img3.doubanio.com", "img9.doubanio.com"]) { db, item in
            guard item.hasPrefix("poster-") else { return nil }
            let film = String(item.dropFirst(7))
            guard let row = try db.queryFirst("SELECT poster_url FROM movies_films WHERE id = ?", film) else { return nil }
            return (try row.get("poster_url", as: String?.self) ?? "", "/movies/posters/\(percentEncode(film)).svg")
        }
    }
}

public import AppSuiteAPI

extension AppSuiteClient {
    /// What the apps share: favourites, one's comments and their replies, share links. An item is named by its
    /// app's id (`movies`) and its id within the app (a review's id).
    public var community: Community { Community(client: self) }

    /// The methods of ``AppSuiteClient/community``.
    public struct Community: Sendable {
        let client: AppSuiteClient

        static let favorites = Route("GET", APIPath.Community.favorites)
        static let addFavorite = Route("PUT", APIPath.Community.favorite)
        static let removeFavorite = Route("DELETE", APIPath.Community.favorite)
        static let editComment = Route("PATCH", APIPath.Community.comment)
        static let deleteComment = Route("DELETE", APIPath.Community.comment)
        static let replies = Route("GET", APIPath.Community.replies)
        static let shareLink = Route("PUT", APIPath.Community.share)
        static let endpoints = [favorites, addFavorite, removeFavorite, editComment, deleteComment, replies, shareLink]

        /// `GET /api/v1/favorites`: one page of my favourites, newest first.
        /// - Parameters:
        ///   - app: only this app's (`movies`); nil for all.
        ///   - limit: items per page (the server's default when nil).
        ///   - cursor: the previous page's `nextCursor`; nil for the first page.
        public func favorites(app: String? = nil, limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> CommunityFavoritePage {
            try await client.value(.init(Self.favorites, query: [("app", app), ("limit", limit.map(String.init)), ("cursor", cursor)]),
                                   as: CommunityFavoritePage.self)
        }

        /// Every favourite, page by page.
        public func allFavorites(app: String? = nil, pageSize: Int? = nil) -> PagedSequence<CommunityFavorite> {
            PagedSequence { [self] cursor throws(AppSuiteError) in
                let page = try await favorites(app: app, limit: pageSize, cursor: cursor)
                return (page.items, page.nextCursor)
            }
        }

        /// `PUT /api/v1/favorites/{app}/{itemId}`: saves an item (idempotent).
        /// - Throws: a `404` problem for an item the app does not have.
        @discardableResult
        public func addFavorite(app: String, itemID: String) async throws(AppSuiteError) -> FavoriteStatus {
            try await client.value(.init(Self.addFavorite, path: ["app": app, "itemId": itemID]), as: FavoriteStatus.self)
        }

        /// `DELETE /api/v1/favorites/{app}/{itemId}`: forgets an item (no error when it was not saved).
        public func removeFavorite(app: String, itemID: String) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.removeFavorite, path: ["app": app, "itemId": itemID]))
        }

        /// `PATCH /api/v1/comments/{id}`: new text for one of my comments (1–2,000 characters, at most two links).
        /// - Throws: a `403` problem for someone else's comment, `422` for text that is not allowed.
        public func editComment(id: Int64, text: String) async throws(AppSuiteError) -> CommunityComment {
            try await client.value(try AppSuiteClient.Call(Self.editComment, path: ["id": id]).json(CommentEdit(text: text)),
                                   as: CommunityComment.self)
        }

        /// `DELETE /api/v1/comments/{id}`: deletes one of my comments (a placeholder stays while it has replies).
        /// - Throws: a `403` problem for someone else's comment.
        public func deleteComment(id: Int64) async throws(AppSuiteError) {
            try await client.noContent(.init(Self.deleteComment, path: ["id": id]))
        }

        /// `GET /api/v1/comments/{id}/replies`: one page of the replies under a top-level comment, oldest first.
        /// - Throws: a `404` problem when `id` is not a visible top-level comment.
        public func replies(to id: Int64, limit: Int? = nil, cursor: String? = nil) async throws(AppSuiteError) -> CommunityCommentPage {
            try await client.value(.init(Self.replies, path: ["id": id], query: [("limit", limit.map(String.init)), ("cursor", cursor)]),
                                   as: CommunityCommentPage.self)
        }

        /// Every reply under a top-level comment, page by page.
        public func allReplies(to id: Int64, pageSize: Int? = nil) -> PagedSequence<CommunityComment> {
            PagedSequence { [self] cursor throws(AppSuiteError) in
                let page = try await replies(to: id, limit: pageSize, cursor: cursor)
                return (page.items, page.nextCursor)
            }
        }

        /// `PUT /api/v1/shares/{app}/{itemId}`: the item's stable short link (the same every time).
        public func shareLink(app: String, itemID: String) async throws(AppSuiteError) -> ShareLink {
            try await client.value(.init(Self.shareLink, path: ["app": app, "itemId": itemID]), as: ShareLink.self)
        }
    }
}

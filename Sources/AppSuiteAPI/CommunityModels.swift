public import Foundation

/// A comment on an app's item (a movie review …), as `…/comments` lists it. Top-level comments carry
/// `replyCount` and, in lists, their first `replies`; replies carry `rootId` (the top-level comment they are
/// shown under) and, when they answer another reply, `replyTo`.
public struct CommunityComment: Codable, Sendable, Equatable {
    /// Who wrote it; name and user id are nil once the comment is deleted.
    public struct Author: Codable, Sendable, Equatable {
        /// The nickname at the time of writing, `匿名用户` for anonymous comments; nil when deleted.
        public var name: String?
        /// True for a comment written without signing in.
        public var anonymous: Bool
        /// The author's user id; nil when anonymous or deleted.
        public var userId: Int64?

        public init(name: String?, anonymous: Bool, userId: Int64?) {
            self.name = name
            self.anonymous = anonymous
            self.userId = userId
        }
    }

    public var id: Int64
    /// The top-level comment a reply is shown under; nil for a top-level comment.
    public var rootId: Int64?
    /// The comment a reply answers; nil for a top-level comment.
    public var parentId: Int64?
    /// The nickname a reply to a reply answers.
    public var replyTo: String?
    public var author: Author
    /// The text exactly as written (at most 2,000 characters); nil when deleted.
    public var text: String?
    /// A deleted top-level comment stays as a placeholder while it has replies.
    public var deleted: Bool
    /// Held for review by the spam check (too many links, repeated text, a new account's first link): only its author
    /// sees it (in the answer to posting it, status 202, and on the item's page as awaiting review) until a moderator
    /// approves it. `deleted` is true meanwhile.
    public var held: Bool?
    /// True once the author changed the text.
    public var edited: Bool
    public var createdAt: Date
    /// Visible replies under a top-level comment; nil for a reply.
    public var replyCount: Int?
    /// The first replies (oldest first) of a top-level comment in a list; nil for replies and edits.
    public var replies: [CommunityComment]?

    public init(id: Int64, rootId: Int64?, parentId: Int64?, replyTo: String?, author: Author, text: String?, deleted: Bool,
                edited: Bool, createdAt: Date, replyCount: Int?, replies: [CommunityComment]?, held: Bool? = nil) {
        self.id = id
        self.held = held
        self.rootId = rootId
        self.parentId = parentId
        self.replyTo = replyTo
        self.author = author
        self.text = text
        self.deleted = deleted
        self.edited = edited
        self.createdAt = createdAt
        self.replyCount = replyCount
        self.replies = replies
    }
}

/// A keyset page of comments (`?limit=1…100&cursor=`): top-level comments newest first, or the replies
/// under one comment oldest first.
public struct CommunityCommentPage: Codable, Sendable, Equatable {
    public var items: [CommunityComment]
    /// Pass as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?
    /// Visible comments in the whole list, replies included (of a reply list: the replies).
    public var total: Int

    public init(items: [CommunityComment], nextCursor: String?, total: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
    }
}

/// The body of a comment `POST`: a top-level comment (anonymous allowed where the app allows it) or, with
/// `parentId`, a reply (signed in only).
public struct NewComment: Codable, Sendable, Equatable {
    /// 1–2,000 characters, at most two links; no control, bidirectional or invisible characters.
    public var text: String
    /// The comment answered; nil for a top-level comment.
    public var parentId: Int64?

    public init(text: String, parentId: Int64? = nil) {
        self.text = text
        self.parentId = parentId
    }
}

/// The body of `PATCH /api/v1/comments/{id}`: the new text of one's own comment (same rules as ``NewComment``).
public struct CommentEdit: Codable, Sendable, Equatable {
    public var text: String

    public init(text: String) {
        self.text = text
    }
}

/// One of my favourites, in any app.
public struct CommunityFavorite: Codable, Sendable, Equatable {
    /// The app's id (`movies`).
    public var app: String
    /// The item's id within the app.
    public var itemId: String
    public var title: String
    /// The item's page on this server (`/movies/reviews/42`).
    public var url: String
    /// A picture of the item (a path on this server or an absolute URL), nil when it has none.
    public var imageUrl: String?
    /// When it was added.
    public var createdAt: Date

    public init(app: String, itemId: String, title: String, url: String, imageUrl: String?, createdAt: Date) {
        self.app = app
        self.itemId = itemId
        self.title = title
        self.url = url
        self.imageUrl = imageUrl
        self.createdAt = createdAt
    }
}

/// A keyset page of favourites, newest first (`?app=&limit=&cursor=`).
public struct CommunityFavoritePage: Codable, Sendable, Equatable {
    public var items: [CommunityFavorite]
    /// Pass as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    public init(items: [CommunityFavorite], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// Whether an item is one of my favourites (the answer to adding one).
public struct FavoriteStatus: Codable, Sendable, Equatable {
    public var favorite: Bool

    public init(favorite: Bool) {
        self.favorite = favorite
    }
}

/// The stable short link of an item: the same code every time for the same item.
public struct ShareLink: Codable, Sendable, Equatable {
    public var code: String
    /// The link's path on this server (`/s/{code}`), a page with Open Graph tags that forwards to the item.
    public var url: String

    public init(code: String, url: String) {
        self.code = code
        self.url = url
    }
}

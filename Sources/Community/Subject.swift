public import Storage

/// What community features hang off: one item of one app (`movies` + `7885559`).
public struct Subject: Sendable, Hashable, CustomStringConvertible {
    public var app: String
    public var item: String

    public init(app: String, item: String) {
        self.app = app
        self.item = item
    }

    public var description: String { app + "/" + item }
}

/// What an app tells the community target about one of its items, for "my favourites", "my comments" and
/// share links: a title, the page path and an optional picture.
public struct SubjectInfo: Sendable, Hashable {
    public var title: String
    public var path: String
    public var summary: String?
    public var imageURL: String?
    /// The page listing the item's comments, whose elements carry `id="comment-{id}"`; nil when it is `path`.
    public var commentsPath: String?

    public init(title: String, path: String, summary: String? = nil, imageURL: String? = nil, commentsPath: String? = nil) {
        self.title = title
        self.path = path
        self.summary = summary
        self.imageURL = imageURL
        self.commentsPath = commentsPath
    }
}

/// The tables of module `community`: comments (one visible reply level, soft delete), a per-subject
/// counter kept in the same transaction as every change, favourites and share codes.
public enum CommunitySchema {
    public static let module = "community"

    public static func migrations() -> [Migration] {
        [
            Migration(module: module, version: 1, name: "create_community", sql: """
                CREATE TABLE community_comments (
                    id INTEGER PRIMARY KEY,
                    app TEXT NOT NULL,
                    item TEXT NOT NULL,
                    root_id INTEGER REFERENCES community_comments(id),
                    parent_id INTEGER REFERENCES community_comments(id),
                    reply_to_name TEXT,
                    user_id INTEGER,
                    device TEXT,
                    address TEXT,
                    author_name TEXT NOT NULL,
                    body TEXT NOT NULL,
                    body_key TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    edited_at INTEGER,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    reply_count INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX community_comments_top ON community_comments(app, item, id) WHERE root_id IS NULL;
                CREATE INDEX community_comments_replies ON community_comments(root_id, id) WHERE root_id IS NOT NULL;
                CREATE INDEX community_comments_user ON community_comments(user_id, id) WHERE user_id IS NOT NULL;
                CREATE INDEX community_comments_device ON community_comments(device, created_at) WHERE device IS NOT NULL;
                CREATE INDEX community_comments_address ON community_comments(address, created_at) WHERE user_id IS NULL;
                CREATE INDEX community_comments_key ON community_comments(app, item, body_key, created_at);
                CREATE TABLE community_counts (
                    app TEXT NOT NULL,
                    item TEXT NOT NULL,
                    visible INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (app, item)
                );
                CREATE TABLE community_favorites (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL,
                    app TEXT NOT NULL,
                    item TEXT NOT NULL,
                    title TEXT NOT NULL,
                    path TEXT NOT NULL,
                    image_url TEXT,
                    created_at INTEGER NOT NULL,
                    UNIQUE (user_id, app, item)
                );
                CREATE INDEX community_favorites_user ON community_favorites(user_id, id);
                CREATE TABLE community_shares (
                    code TEXT PRIMARY KEY,
                    app TEXT NOT NULL,
                    item TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    UNIQUE (app, item)
                );
                """),
            Migration(module: module, version: 2, name: "ratings", sql: """
                CREATE TABLE community_ratings (
                    app TEXT NOT NULL,
                    item TEXT NOT NULL,
                    user_id INTEGER NOT NULL,
                    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
                    comment_id INTEGER REFERENCES community_comments(id),
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (app, item, user_id)
                );
                CREATE INDEX community_ratings_comment ON community_ratings(comment_id) WHERE comment_id IS NOT NULL;
                CREATE TABLE community_rating_totals (
                    app TEXT NOT NULL,
                    item TEXT NOT NULL,
                    stars1 INTEGER NOT NULL DEFAULT 0,
                    stars2 INTEGER NOT NULL DEFAULT 0,
                    stars3 INTEGER NOT NULL DEFAULT 0,
                    stars4 INTEGER NOT NULL DEFAULT 0,
                    stars5 INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (app, item)
                );
                """),
        ]
    }
}

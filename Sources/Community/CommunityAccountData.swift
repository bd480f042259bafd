public import Identity
import Storage

extension CommentStore {
    /// The name a deleted account's comments show, stored as its Chinese form in `author_name` and translated
    /// when shown (``CommunityText/deletedUser``); issue 11: "the comments of a deleted user show 已注销用户".
    public static let deletedUserName = IdentityService.deletedUserName
}

/// The community's part of "download my data" / "delete my account".
public enum CommunityAccountData {
    /// Exports the user's comments, favourites, ratings and reports. Erasing keeps the comments (others replied
    /// to them) under ``CommentStore/deletedUserName`` with no account, device or address; deletes favourites,
    /// ratings (taking them out of the totals) and reports (taking them out of the open counts); drops the user's
    /// open submissions from the queue and leaves their other queued items without an author (a queued comment's
    /// title, its author's name, becomes ``CommentStore/deletedUserName``).
    public static let part = AccountDataPart(
        name: "community",
        export: { userID, db in
            AccountExport(tables: [
                try AccountExport.rows("comments", "SELECT id, app, item, parent_id, body, created_at, edited_at, deleted FROM community_comments "
                          + "WHERE user_id = ? ORDER BY id", userID: userID, db),
                try AccountExport.rows("favorites", "SELECT app, item, title, path, created_at FROM community_favorites WHERE user_id = ? ORDER BY id",
                          userID: userID, db),
                try AccountExport.rows("ratings", "SELECT app, item, stars, comment_id, created_at FROM community_ratings WHERE user_id = ? "
                          + "ORDER BY created_at", userID: userID, db),
                try AccountExport.rows("reports", "SELECT i.kind, i.app, i.item, r.reason, r.created_at FROM moderation_reports r "
                          + "JOIN moderation_items i ON i.id = r.item_id WHERE r.reporter_id = ? ORDER BY r.created_at", userID: userID, db),
            ])
        },
        erase: { userID, db in
            try db.execute("UPDATE community_comments SET reply_to_name = ? WHERE reply_to_name IS NOT NULL AND parent_id IN "
                           + "(SELECT id FROM community_comments WHERE user_id = ?)", CommentStore.deletedUserName, userID)
            try db.execute("UPDATE community_comments SET user_id = NULL, device = NULL, address = NULL, author_name = ? WHERE user_id = ?",
                           CommentStore.deletedUserName, userID)
            try db.execute("DELETE FROM community_favorites WHERE user_id = ?", userID)
            for rating in try db.query("SELECT app, item, stars FROM community_ratings WHERE user_id = ?", userID) {
                let stars: Int = try rating.get("stars")
                guard (1...5).contains(stars) else { continue }
                try db.execute("UPDATE community_rating_totals SET stars\(stars) = stars\(stars) - 1 WHERE app = ? AND item = ?",
                               try rating.get("app", as: String.self), try rating.get("item", as: String.self))
            }
            try db.execute("DELETE FROM community_ratings WHERE user_id = ?", userID)
            try db.execute("UPDATE moderation_items SET report_count = report_count - 1 WHERE id IN "
                           + "(SELECT item_id FROM moderation_reports WHERE reporter_id = ?)", userID)
            try db.execute("DELETE FROM moderation_reports WHERE reporter_id = ?", userID)
            // An open submission's content is the app's, erased with it: nothing is left to review.
            try db.execute("DELETE FROM moderation_items WHERE author_id = ? AND kind = 'submission' AND state = 'open'", userID)
            try db.execute("UPDATE moderation_items SET title = ? WHERE author_id = ? AND kind = 'comment'", CommentStore.deletedUserName, userID)
            try db.execute("UPDATE moderation_items SET author_id = NULL WHERE author_id = ?", userID)
            return nil
        })
}

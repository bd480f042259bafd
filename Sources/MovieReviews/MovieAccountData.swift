public import AppHost
public import Identity
import Community
import Storage

extension MovieReviewsApp {
    /// The user's marks (想看/看过 with stars), votes, drafts, follows, reviews and short comments. Erasing deletes
    /// marks, drafts, follows (theirs and of them) and votes (taking the votes out of the 有用/没用 counts) and keeps the reviews and short comments
    /// others read and voted on, signed ``CommentStore/deletedUserName`` with no account.
    public func accountData(context: AppContext) -> AccountDataPart? {
        AccountDataPart(
            name: "movies",
            export: { userID, db in
                AccountExport(tables: [
                    try AccountExport.rows("marks", "SELECT film_id, status, rating, marked_on, updated_at FROM movies_marks WHERE user_id = ? ORDER BY updated_at",
                              userID: userID, db),
                    try AccountExport.rows("reviews", "SELECT id, film_id, title, body, rating, spoiler, published_at, edited_at FROM movies_reviews "
                              + "WHERE user_id = ? ORDER BY published_at", userID: userID, db),
                    try AccountExport.rows("shortComments", "SELECT id, film_id, rating, content, created_at, edited_at FROM movies_comments "
                              + "WHERE user_id = ? ORDER BY created_at", userID: userID, db),
                    try AccountExport.rows("drafts", "SELECT film_id, title, body, rating, spoiler, updated_at FROM movies_drafts WHERE user_id = ? ORDER BY updated_at",
                              userID: userID, db),
                    try AccountExport.rows("votes", "SELECT kind, item, value, created_at FROM movies_votes WHERE user_id = ? ORDER BY created_at",
                              userID: userID, db),
                    try AccountExport.rows("following", "SELECT followed_id, created_at FROM movies_follows WHERE user_id = ? ORDER BY created_at",
                              userID: userID, db),
                ])
            },
            erase: { userID, db in
                for vote in try db.query("SELECT kind, item, value FROM movies_votes WHERE user_id = ?", userID) {
                    let (kind, item, value): (String, String, Int) = (try vote.get("kind"), try vote.get("item"), try vote.get("value"))
                    let (up, down) = (value == 1 ? 1 : 0, value == -1 ? 1 : 0)
                    if kind == "review", let id = Int64(item) {
                        try db.execute("UPDATE movies_reviews SET useful_count = coalesce(useful_count, 0) - ?, "
                                       + "useless_count = coalesce(useless_count, 0) - ? WHERE id = ?", up, down, id)
                    } else if kind == "short", up == 1 {
                        try db.execute("UPDATE movies_comments SET votes = coalesce(votes, 0) - 1, hot = hot - 1 WHERE id = ?", item)
                    }
                }
                try db.execute("DELETE FROM movies_votes WHERE user_id = ?", userID)
                try db.execute("DELETE FROM movies_vote_windows WHERE user_id = ?", userID)
                try db.execute("DELETE FROM movies_follow_windows WHERE user_id = ?", userID)
                try db.execute("DELETE FROM movies_drafts WHERE user_id = ?", userID)
                try db.execute("DELETE FROM movies_marks WHERE user_id = ?", userID)
                try db.execute("DELETE FROM movies_follows WHERE user_id = ? OR followed_id = ?", userID, userID)
                try db.execute("UPDATE movies_reviews SET user_id = NULL, author = ? WHERE user_id = ?", CommentStore.deletedUserName, userID)
                try db.execute("UPDATE movies_comments SET user_id = NULL, author = ? WHERE user_id = ?", CommentStore.deletedUserName, userID)
                return nil
            })
    }
}

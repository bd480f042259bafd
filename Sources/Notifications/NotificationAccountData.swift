public import Identity
import Storage

/// The notifications' part of "download my data" / "delete my account".
public enum NotificationAccountData {
    /// Exports the inbox, the per-kind preferences and the push subscriptions (their endpoints; never the
    /// browser's keys). Erasing deletes all three; queued deliveries go with them (`ON DELETE CASCADE`).
    public static let part = AccountDataPart(
        name: "notifications",
        export: { userID, db in
            AccountExport(tables: [
                try AccountExport.rows("inbox", "SELECT kind, actor, body, link, created_at, read_at FROM notifications WHERE user_id = ? ORDER BY id",
                          userID: userID, db),
                try AccountExport.rows("preferences", "SELECT kind, inbox, push FROM notification_prefs WHERE user_id = ? ORDER BY kind", userID: userID, db),
                try AccountExport.rows("pushSubscriptions", "SELECT endpoint, language, created_at FROM push_subscriptions WHERE user_id = ? ORDER BY id",
                          userID: userID, db),
            ])
        },
        erase: { userID, db in
            try db.execute("DELETE FROM push_subscriptions WHERE user_id = ?", userID)
            try db.execute("DELETE FROM notifications WHERE user_id = ?", userID)
            try db.execute("DELETE FROM notification_prefs WHERE user_id = ?", userID)
            return nil
        })
}

public import Storage

/// Tables of module `notifications`. Times are INTEGER UTC seconds. `user_id` names an Identity user; it
/// carries no foreign key so the tables do not depend on the order modules migrate in (an account's deletion
/// deletes its rows explicitly, ``Inbox/deleteAll(userID:db:)``).
public enum NotificationSchema {
    public static let module = "notifications"

    /// Version 1 `create_inbox_and_push`.
    public static func migrations() -> [Migration] {
        [
            Migration(module: module, version: 1, name: "create_inbox_and_push", sql: """
                CREATE TABLE notifications (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,            -- NotificationKind.id
                    actor TEXT NOT NULL,           -- who or what the headline names, verbatim
                    body TEXT NOT NULL,            -- the excerpt or reason, verbatim (at most 200 characters)
                    link TEXT NOT NULL,            -- a same-site path
                    created_at INTEGER NOT NULL,
                    read_at INTEGER
                );
                CREATE INDEX notifications_by_user ON notifications(user_id, id);
                CREATE INDEX notifications_unread ON notifications(user_id) WHERE read_at IS NULL;
                CREATE TABLE notification_prefs (
                    user_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    inbox INTEGER NOT NULL,        -- 1: keep in the inbox
                    push INTEGER NOT NULL,         -- 1: also push to subscribed devices
                    PRIMARY KEY (user_id, kind)
                );
                CREATE TABLE push_subscriptions (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL,
                    endpoint TEXT NOT NULL UNIQUE, -- https URL of the browser's push service
                    p256dh BLOB NOT NULL,          -- the user agent's P-256 public key, 65 bytes uncompressed
                    auth BLOB NOT NULL,            -- the 16-byte authentication secret
                    language TEXT NOT NULL,        -- 'zh' | 'en', of the page that subscribed
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX push_subscriptions_by_user ON push_subscriptions(user_id);
                CREATE TABLE push_deliveries (
                    id INTEGER PRIMARY KEY,
                    subscription_id INTEGER NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
                    notification_id INTEGER NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
                    attempts INTEGER NOT NULL,
                    next_attempt_at INTEGER NOT NULL,
                    last_error TEXT,
                    created_at INTEGER NOT NULL
                );
                CREATE INDEX push_deliveries_due ON push_deliveries(next_attempt_at);
                """),
        ]
    }
}

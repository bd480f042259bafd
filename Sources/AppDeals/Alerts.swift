import Community
import Foundation
import Notifications
import Storage
import WebUI

/// A user's price alert on one of their favourite apps (China store prices).
struct PriceAlert: Sendable, Hashable {
    var appID: Int64
    var trigger: AlertTrigger
    /// UTC seconds.
    var createdAt: Int64
    /// The last time it notified, UTC seconds; nil before the first.
    var lastNotifiedAt: Int64?
}

/// Price alerts (AppShopper's wish-list alerts, issue 12 item 5): one per user and favourite app, in
/// `appdeals_alerts`. The poller raises them when it records a new China-store price
/// (``DealEngine/priceAlert(from:to:)``); they are delivered through the platform inbox (and Web Push) as kind
/// ``DealsApp/dropAlert`` or ``DealsApp/freeAlert``. An alert belongs to a favourite: setting one saves the app,
/// unsaving it on our pages deletes it, and one whose favourite was removed elsewhere is deleted when it would fire.
struct AlertStore: Sendable {
    let database: any Database
    let favorites: FavoriteStore

    /// Creates or changes the user's alert on `appID`, saving the app to their favourites first.
    /// - Throws: `CommentError.notFound` for an app not in the catalogue.
    @discardableResult
    func set(_ trigger: AlertTrigger, appID: Int64, userID: Int64, now: Int64) throws -> PriceAlert {
        try favorites.add(DealsApp.subject(appID), userID: userID)
        return try database.write { db in
            try db.execute("""
                INSERT INTO appdeals_alerts (user_id, app_id, fires_on, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id, app_id) DO UPDATE SET fires_on = excluded.fires_on
                """, userID, appID, trigger.rawValue, now)
            guard let alert = try Self.alert(appID: appID, userID: userID, db: db) else {
                throw StorageError.misuse("an upserted alert is missing")
            }
            return alert
        }
    }

    /// Deletes the user's alert on `appID` (nothing when there is none).
    func remove(appID: Int64, userID: Int64) throws {
        try database.write { db in try db.execute("DELETE FROM appdeals_alerts WHERE user_id = ? AND app_id = ?", userID, appID) }
    }

    func alert(appID: Int64, userID: Int64) throws -> PriceAlert? {
        try database.read { db in try Self.alert(appID: appID, userID: userID, db: db) }
    }

    /// The user's alerts, by app id.
    func alerts(userID: Int64) throws -> [Int64: PriceAlert] {
        try database.read { db in
            var result: [Int64: PriceAlert] = [:]
            for row in try db.query("SELECT app_id, fires_on, created_at, last_notified_at FROM appdeals_alerts WHERE user_id = ?", userID) {
                if let alert = try Self.alert(row) { result[alert.appID] = alert }
            }
            return result
        }
    }

    static func alert(appID: Int64, userID: Int64, db: any SQLExecutor) throws(StorageError) -> PriceAlert? {
        try db.queryFirst("SELECT app_id, fires_on, created_at, last_notified_at FROM appdeals_alerts WHERE user_id = ? AND app_id = ?",
                          userID, appID).flatMap { row throws(StorageError) in try alert(row) }
    }

    private static func alert(_ row: Row) throws(StorageError) -> PriceAlert? {
        guard let trigger = AlertTrigger(rawValue: try row.get(1, as: String.self)) else { return nil }
        return PriceAlert(appID: try row.get(0), trigger: trigger, createdAt: try row.get(2), lastNotifiedAt: try row.get(3))
    }

    /// Notifies every user whose alert on `appID` `event` fires, on `db` inside the transaction that records the
    /// observation (so the notification commits with it): headline "<name> 限免了" or "<name> 降价了", body the
    /// store's prices (`¥15.00 → ¥8.00`, `¥18.00 → 免费`), link the app's page. The recipient's preferences for
    /// the kind apply (``Inbox/deliver(_:db:now:)``).
    /// - Returns: the users notified.
    static func deliver(_ event: PriceAlertEvent, appID: Int64, name: String, currency: Currency, db: any SQLExecutor,
                        now: Int64) throws(StorageError) -> Int {
        let (kind, body): (NotificationKind, String) = switch event {
        case .free(let from): (DealsApp.freeAlert, Money.formatted(from, currency) + " → " + Money.formatted(0, currency))
        case .drop(let from, let to): (DealsApp.dropAlert, Money.formatted(from, currency) + " → " + Money.formatted(to, currency))
        }
        var notified = 0
        for row in try db.query("SELECT user_id, fires_on FROM appdeals_alerts WHERE app_id = ? ORDER BY user_id", appID) {
            let userID: Int64 = try row.get(0)
            guard let trigger = AlertTrigger(rawValue: try row.get(1, as: String.self)), event.fires(trigger) else { continue }
            guard try FavoriteStore.contains(DealsApp.subject(appID), userID: userID, db: db) else {
                try db.execute("DELETE FROM appdeals_alerts WHERE user_id = ? AND app_id = ?", userID, appID)
                continue
            }
            try Inbox.deliver(NewNotification(userID: userID, kind: kind, actor: name, body: body, link: "/appdeals/apps/\(appID)"),
                              db: db, now: now)
            try db.execute("UPDATE appdeals_alerts SET last_notified_at = ? WHERE user_id = ? AND app_id = ?", now, userID, appID)
            notified += 1
        }
        return notified
    }
}

extension DealsApp {
    /// 降价提醒: a favourite with an alert got cheaper; actor = the app's name, body = old → new price.
    static let dropAlert = NotificationKind(
        id: "appdeals.price-drop", name: LocalizedText(zh: "收藏的应用降价", en: "Price drops of my saved apps"),
        headline: { name, l in l == .zh ? "\(name) 降价了" : "\(name) is cheaper now" })
    /// 限免提醒: a favourite with an alert became free; actor = the app's name, body = old price → 免费.
    static let freeAlert = NotificationKind(
        id: "appdeals.free", name: LocalizedText(zh: "收藏的应用限免", en: "My saved apps going free"),
        headline: { name, l in l == .zh ? "\(name) 限免了" : "\(name) is free now" })
}

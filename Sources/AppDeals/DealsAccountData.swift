public import AppHost
public import Identity
import Storage

extension DealsApp {
    /// The user's price alerts and the rounded location cell of 周边 (their favourites are the community's);
    /// erasing deletes both.
    public func accountData(context: AppContext) -> AccountDataPart? {
        AccountDataPart(
            name: "appdeals",
            export: { userID, db in
                AccountExport(tables: [
                    try AccountExport.rows("alerts", "SELECT app_id, fires_on, created_at, last_notified_at FROM appdeals_alerts WHERE user_id = ? "
                              + "ORDER BY created_at", userID: userID, db),
                    try AccountExport.rows("location", "SELECT cell_lat, cell_lon, updated_at FROM appdeals_locations WHERE user_id = ?", userID: userID, db),
                ])
            },
            erase: { userID, db in
                try db.execute("DELETE FROM appdeals_alerts WHERE user_id = ?", userID)
                try db.execute("DELETE FROM appdeals_locations WHERE user_id = ?", userID)
                return nil
            })
    }
}

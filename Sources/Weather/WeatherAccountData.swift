public import AppHost
public import Identity
import Storage

extension WeatherApp {
    /// The places the user saved; erasing deletes them.
    public func accountData(context: AppContext) -> AccountDataPart? {
        AccountDataPart(
            name: "weather",
            export: { userID, db in
                AccountExport(tables: [
                    try AccountExport.rows("savedPlaces", "SELECT adcode, opened_at FROM weather_saved_places WHERE user_id = ? ORDER BY opened_at",
                              userID: userID, db),
                ])
            },
            erase: { userID, db in
                try db.execute("DELETE FROM weather_saved_places WHERE user_id = ?", userID)
                return nil
            })
    }
}

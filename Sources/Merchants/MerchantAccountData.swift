public import AppHost
public import Identity
import Storage

extension MerchantsApp {
    /// The merchants the user submitted (with their review state) and the articles they wrote as an owner; erasing
    /// deletes the submissions and the articles (the owner's own words) and leaves published merchants without an
    /// owner (the place itself is public data).
    public func accountData(context: AppContext) -> AccountDataPart? {
        AccountDataPart(
            name: "merchants",
            export: { userID, db in
                AccountExport(tables: [
                    try AccountExport.rows("submissions", "SELECT id, name, category, lat, lon, address, opening_hours, phone, price_per_person, state, "
                              + "merchant_id, created_at FROM merchants_submissions WHERE user_id = ? ORDER BY id", userID: userID, db),
                    try AccountExport.rows("owned", "SELECT id, name, created_at FROM merchants WHERE owner_id = ? ORDER BY id", userID: userID, db),
                    try AccountExport.rows("articles", "SELECT id, merchant_id, title, body, valid_from, valid_until, created_at, updated_at "
                              + "FROM merchants_articles WHERE author_id = ? ORDER BY id", userID: userID, db),
                ])
            },
            erase: { userID, db in
                try db.execute("DELETE FROM merchants_submissions WHERE user_id = ?", userID)
                try db.execute("DELETE FROM merchants_articles WHERE author_id = ?", userID)
                try db.execute("UPDATE merchants SET owner_id = NULL WHERE owner_id = ?", userID)
                return nil
            })
    }
}

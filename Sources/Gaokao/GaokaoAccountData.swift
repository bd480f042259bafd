public import AppHost
public import Identity
import Storage

extension GaokaoApp {
    /// The user's 考生 profile (province, year, category, score, 选科) and 志愿表 with the profile it was built for;
    /// erasing deletes them.
    public func accountData(context: AppContext) -> AccountDataPart? {
        AccountDataPart(
            name: "gaokao",
            export: { userID, db in
                AccountExport(tables: [
                    try AccountExport.rows("profile", "SELECT province, year, category, batch, score, subjects, updated_at FROM gaokao_profiles WHERE user_id = ?",
                              userID: userID, db),
                    try AccountExport.rows("plan", "SELECT position, school, group_code, added_at FROM gaokao_plan_items WHERE user_id = ? ORDER BY position",
                              userID: userID, db),
                    try AccountExport.rows("plan_profile", "SELECT profile FROM gaokao_plan_profiles WHERE user_id = ?", userID: userID, db),
                ])
            },
            erase: { userID, db in
                try db.execute("DELETE FROM gaokao_plan_items WHERE user_id = ?", userID)
                try db.execute("DELETE FROM gaokao_plan_profiles WHERE user_id = ?", userID)
                try db.execute("DELETE FROM gaokao_profiles WHERE user_id = ?", userID)
                return nil
            })
    }
}

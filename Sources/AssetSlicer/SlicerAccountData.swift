public import AppHost
public import Identity
import Foundation
import Storage

extension AssetSlicerApp {
    /// The user's slicing jobs (design name, state, summary) and each finished job's `Assets.zip`, named
    /// `jobs/<token>.zip`. Erasing deletes the rows and, after the transaction commits, the jobs' folders
    /// (`<data>/apps/slicer/jobs/<token>/`: the upload, the zip and the previews).
    public func accountData(context: AppContext) -> AccountDataPart? {
        let directory = Self.jobsDirectory(context)
        return AccountDataPart(
            name: "slicer",
            export: { userID, db in
                let jobs = try AccountExport.rows(
                    "jobs", "SELECT token, design, created_at, state, done, total, summary, error, updated_at FROM slicer_jobs "
                        + "WHERE user_id = ? ORDER BY id", userID: userID, db)
                let files = try jobs.rows.map { row in
                    let token: String = try row.get("token")
                    return (name: "jobs/\(token).zip", path: directory.appendingPathComponent(token).appendingPathComponent("Assets.zip").path)
                }
                return AccountExport(tables: [jobs], files: files)
            },
            erase: { userID, db in
                let tokens = try db.query("SELECT token FROM slicer_jobs WHERE user_id = ?", userID).map { try $0.get("token", as: String.self) }
                try db.execute("DELETE FROM slicer_jobs WHERE user_id = ?", userID)
                return { for token in tokens { try? FileManager.default.removeItem(at: directory.appendingPathComponent(token)) } }
            })
    }

    /// `<data>/apps/slicer/jobs`: one folder per job, named by its token.
    static func jobsDirectory(_ context: AppContext) -> URL { context.dataDirectory.appendingPathComponent("jobs") }
}

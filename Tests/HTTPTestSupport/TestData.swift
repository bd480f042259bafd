public import Foundation

/// Where tests find the real public data sets: `../shared/data` beside the package root (where CI has
/// it), else the folder `APPSUITE_SHARED_DATA` names (for a checkout elsewhere, e.g. a worktree).
public enum TestData {
    public static let root: URL = {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // HTTPTestSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        let beside = packageRoot.appendingPathComponent("../shared/data").standardizedFileURL
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        if let folder = ProcessInfo.processInfo.environment["APPSUITE_SHARED_DATA"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        return beside
    }()

    /// One data set's folder, e.g. `folder("gaokao")`.
    public static func folder(_ name: String) -> URL { root.appendingPathComponent(name) }
}

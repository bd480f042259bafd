public import Foundation
public import Testing

/// Where tests find the real public data sets: `../shared/data` beside the package root (where CI has
/// it), else the folder `APPSUITE_SHARED_DATA` names (for a checkout elsewhere, e.g. a worktree).
public enum TestData {
    public static let root: URL = {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // AppSuiteTesting
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

/// A data set of `TestData.root` that tests read or import. Tests that need one carry the
/// ``Testing/Trait/requires(_:)`` trait, so a checkout without the data skips them with the reason.
public enum SharedDataSet: String, Sendable, CaseIterable {
    /// Gaokao score tables, lines and schools (`appsuite import gaokao`).
    case gaokao
    /// Films, reviews and comments (`appsuite import movies`).
    case movies
    /// The photo corpus: ordinary, orientation and edge-case files (`appsuite import photos`).
    case photos
    /// Divisions, recorded provider replies and observations (`appsuite import weather`; reads `regions/` beside it).
    case weather
    /// App Store catalogue, price history and Lookup objects (`appsuite import appdeals`).
    case appstore
    /// OpenStreetMap POIs, work-friendly cafés and reviews, Dianping fixtures (`appsuite import merchants`).
    case merchants

    /// The data set's folder.
    public var folder: URL { TestData.folder(rawValue) }

    /// A file inside the folder, e.g. `SharedDataSet.photos.url("edge/tiny_1x1.png")`.
    public func url(_ relative: String) -> URL { folder.appendingPathComponent(relative) }

    /// The id of the app that imports it (`suite.importer(for:)`).
    public var appID: String { self == .appstore ? "appdeals" : rawValue }

    /// True when the folder holds the file every test of the set reads first.
    public var isAvailable: Bool {
        let marker = switch self {
        case .gaokao: "score_rank.csv"
        case .movies: "reviews.csv"
        case .photos: "SOURCES.md"
        case .weather: "observations/five_cities_daily_2010_2015.csv"
        case .appstore: "price_history/cn_price_changes.csv"
        case .merchants: "osm_yangtze_delta_pois.csv"
        }
        return FileManager.default.fileExists(atPath: url(marker).path)
    }

    /// Why a test that needs the set does not run.
    public var missingReason: String {
        "the \(rawValue) data is not at \(folder.path); put shared/data beside the package or set APPSUITE_SHARED_DATA"
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when `data` is there; otherwise it is skipped with
    /// ``SharedDataSet/missingReason`` (a missing data set neither fails nor stops the run).
    public static func requires(_ data: SharedDataSet) -> Self {
        .enabled(if: data.isAvailable, Comment(rawValue: data.missingReason))
    }
}

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
/// ``Testing/Trait/requires(_:)`` trait, so a checkout without the data skips them with the reason, and CI
/// (``TestPrerequisite/sharedData``) fails them instead.
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

/// Something outside the package a test needs — a data set of `../shared/data`, a tool `scripts/test-tools`
/// installs — and the switch that decides what its absence means. Without the switch the test is skipped with the
/// reason (a developer without the data still runs the rest); with it set to `1`, as `scripts/test` (and so CI)
/// sets it, the test fails with the reason, so a run cannot pass by skipping what it was meant to check.
/// `Tests/E2E/e2e_support.py` (`require`) and `scripts/contract`, `scripts/example` read the same variables.
public enum TestPrerequisite: String, Sendable, CaseIterable {
    /// A data set of ``TestData/root`` (``SharedDataSet``).
    case sharedData = "APPSUITE_REQUIRE_SHARED_DATA"
    /// A local server or library from `scripts/test-tools` (``TestTools``), or one from `scripts/bootstrap --test`.
    case testTools = "APPSUITE_REQUIRE_TEST_TOOLS"

    /// The environment variable that makes a missing prerequisite of this kind a failure.
    public var variable: String { rawValue }

    /// True when the variable is `1` in this process's environment.
    public var isRequired: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}

/// A prerequisite that ``TestPrerequisite/isRequired`` and is missing: the reason, as the failure.
public struct MissingPrerequisite: Error, CustomStringConvertible {
    public let description: String
}

extension Trait where Self == ConditionTrait {
    /// The one gate of every test that needs something from outside the package: runs the test or suite when
    /// `isAvailable()` is true; otherwise skips it with `reason`, or, when `kind` ``TestPrerequisite/isRequired``,
    /// fails it with `reason` (the condition throws ``MissingPrerequisite``, which the testing library records as
    /// an issue of the test, or of every test of the suite).
    public static func requires(_ kind: TestPrerequisite, reason: String, sourceLocation: SourceLocation = #_sourceLocation,
                                _ isAvailable: @escaping @Sendable () -> Bool) -> Self {
        .enabled(Comment(rawValue: reason), sourceLocation: sourceLocation) {
            if isAvailable() { return true }
            if kind.isRequired { throw MissingPrerequisite(description: "\(reason) (\(kind.variable)=1 makes this a failure)") }
            return false
        }
    }

    /// Runs the test or suite only when `data` is there; otherwise it is skipped with
    /// ``SharedDataSet/missingReason``, or fails with it under `APPSUITE_REQUIRE_SHARED_DATA=1`
    /// (``TestPrerequisite/sharedData``).
    public static func requires(_ data: SharedDataSet, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .requires(.sharedData, reason: data.missingReason, sourceLocation: sourceLocation) { data.isAvailable }
    }
}

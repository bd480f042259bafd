public import AppHost
public import Storage
import Foundation
import WebUI

/// Asset Slicer 切图: turns a design (PNG exports, SVG, PDF or PSD) into @1x/@2x/@3x slices, an AppIcon
/// set, launch images and a valid Xcode asset catalog, and lints the design rules of the seed's iOS guide.
/// A tool rather than an app with data: its command `appsuite slice` and its page `/slicer`.
public struct AssetSlicerApp: MiniApp {
    public init() {}

    public var manifest: AppManifest {
        AppManifest(
            id: "slicer", title: LocalizedText(zh: "切图", en: "Asset Slicer"),
            summary: LocalizedText(zh: "@1x/@2x/@3x 切图、AppIcon 与设计规范检查", en: "@1x/@2x/@3x slices, AppIcon and a design lint"),
            icon: .grid, tint: .indigo)
    }

    public func migrations() -> [Migration] { SlicerJobStore.migrations }

    /// `--slicer-quota-mb`: what one account's jobs may keep on disk, in MiB.
    public static let quotaMegabytes = AppSetting.positiveNumber(
        "slicer-quota-mb", default: Double(SlicerJobs.defaultQuotaBytes >> 20), maximum: 1_048_576, valueName: "MB",
        help: "bytes one account's 切图 jobs may keep, uploads and results (default 512 MiB)")

    public var settings: [any DeclaredSetting] { [Self.quotaMegabytes] }

    func jobs(_ context: AppContext) -> SlicerJobs {
        SlicerJobs(directory: Self.jobsDirectory(context), pool: context.workPool, database: context.database, clock: context.clock,
                   quotaBytes: Int64(context.settings[Self.quotaMegabytes] * 1_048_576))
    }

    public func routes(_ routes: inout AppRoutes, context: AppContext) {
        routes.serve(SlicerPages.assets)
        SlicerPages(jobs: jobs(context)).register(into: &routes.pages)
    }

    public func storageQuota(context: AppContext) -> StorageQuota? { jobs(context).quota }

    public var commands: [any AppCommand] { [SliceCommand(), SlicerWorkerCommand()] }
}

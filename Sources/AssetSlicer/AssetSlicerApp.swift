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

    public func routes(_ routes: inout AppRoutes, context: AppContext) {
        let jobs = SlicerJobs(directory: Self.jobsDirectory(context), pool: context.workPool,
                              database: context.database, clock: context.clock)
        routes.serve(SlicerPages.assets)
        SlicerPages(jobs: jobs).register(into: &routes.pages)
    }

    public var commands: [any AppCommand] { [SliceCommand()] }
}

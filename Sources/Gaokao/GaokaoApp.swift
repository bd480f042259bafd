public import AppHost
import Foundation
public import HTTPServer
public import Storage
import WebUI

/// 豹考通: 省控线, 投档线, 一分一段 and 等位分, 学校推荐 and 投档线预测 on the imported real data
/// (`appsuite import gaokao ../shared/data/gaokao`).
public struct GaokaoApp: MiniApp {
    public let configuration: PredictionConfiguration

    public init(configuration: PredictionConfiguration = PredictionConfiguration()) {
        self.configuration = configuration
    }

    public var manifest: AppManifest {
        AppManifest(
            id: "gaokao", title: LocalizedText(zh: "豹考通", en: "Gaokao"),
            summary: LocalizedText(zh: "省控线 · 投档线 · 志愿推荐", en: "Lines, ranks, school picks"),
            icon: .school, tint: .orange)
    }

    public func migrations() -> [Migration] { GaokaoSchema.migrations() }

    /// Also starts building the in-memory snapshot when the server starts (``GaokaoStore/data()``: the rank tables,
    /// every school line and the fitted error model, whose conformal widths refit the model once per target year),
    /// so the first reader does not wait for it on a request thread; a request that arrives while it is being built
    /// waits for that build. It runs on a thread of its own at normal priority, not in the niced batch lane: readers
    /// wait on it, and behind batch work on a loaded machine it was starved past 600 s.
    public func routes(_ routes: inout AppRoutes, context: AppContext) {
        let store = GaokaoStore(database: context.database)
        Thread.detachNewThread { _ = try? store.data() }
        GaokaoAPI(store: store, authenticator: context.authenticator, configuration: configuration).register(into: &routes.api)
        let assets = AppAssets(appID: "gaokao", directory: Bundle.module.resourceURL!.appendingPathComponent("Assets"))
        routes.serve(assets)
        GaokaoPages(store: store, authenticator: context.authenticator, assets: assets, configuration: configuration)
            .register(into: &routes.pages)
    }

    public func importer(context: AppContext) -> (any DataImporter)? { GaokaoImporter(database: context.database) }

    public var apiOperations: [APIOperation] { GaokaoOpenAPI.operations }

    public var apiSchemas: [(String, JSONSchema)] { GaokaoOpenAPI.schemas }

    public var commands: [any AppCommand] { [GaokaoCommand()] }
}

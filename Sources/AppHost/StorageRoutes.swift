import AppSuiteAPI
import Foundation
public import HTTPServer
public import Identity
public import Storage
public import WebUI

/// The apps' per-account storage quotas (``StorageQuota``) as the user sees them: `GET /api/v1/me/storage`
/// (``PlatformEndpoints/storage``) and the 存储空间 section of `/me` (``section(_:userID:)``).
public struct StorageRoutes: Sendable {
    public let database: any Database
    public let quotas: [StorageQuota]

    public init(database: any Database, quotas: [StorageQuota]) {
        self.database = database
        self.quotas = quotas
    }

    public func register(into router: inout Router, guard sessionGuard: SessionGuard) {
        var api = RouteGroup(prefix: "", kind: .api, guard: sessionGuard)
        api.handle(PlatformEndpoints.storage) { call in try usage(userID: call.context.user.id, language: call.context.viewer.language) }
        router.mount(api)
    }

    /// Every quota with what `userID` uses of it, in one snapshot.
    func usage(userID: Int64, language: Language) throws -> StorageUsage {
        try database.read { db in
            StorageUsage(items: try quotas.map { quota in
                StorageUsage.App(app: quota.app, title: quota.title(language), usedBytes: try quota.used(userID, db), limitBytes: quota.limitBytes)
            })
        }
    }

    /// The `/me` section: one row per app, "已用 12.5 MB，共 2 GB（1%）"; nil when no app has a quota.
    public func section(_ viewer: Viewer, userID: Int64) throws -> Node? {
        guard !quotas.isEmpty else { return nil }
        let language = viewer.language
        let usage = try usage(userID: userID, language: language)
        return listGroup(header: StorageText.title(language), footer: StorageText.footer(language)) {
            for app in usage.items {
                listCell(title: app.title, subtitle: StorageText.used(app.usedBytes, of: app.limitBytes, language),
                         detail: StorageText.percent(app.usedBytes, of: app.limitBytes), accessory: .none)
            }
        }
    }

    public static let apiSchemas: [(String, JSONSchema)] = [
        JSONSchema.component(StorageUsage.self),
        JSONSchema.component(StorageUsage.App.self),
    ]
}

/// Words of the storage section.
enum StorageText {
    static let title = LocalizedText(zh: "存储空间", en: "Storage")
    static let footer = LocalizedText(zh: "每个账号在各应用中可保存的上传内容有上限；超出时上传会被拒绝，删除一些内容即可继续。",
                                      en: "Each account may keep so much in each app; past it uploads are refused until something is deleted.")

    static func used(_ used: Int64, of limit: Int64, _ language: Language) -> String {
        language == .zh ? "已用 \(ByteCount.text(used))，共 \(ByteCount.text(limit))" : "\(ByteCount.text(used)) of \(ByteCount.text(limit)) used"
    }

    /// "1%", "<1%" for a little, "100%" at the limit.
    static func percent(_ used: Int64, of limit: Int64) -> String {
        guard limit > 0 else { return "" }
        let percent = Double(used) * 100 / Double(limit)
        if used > 0, percent < 1 { return "<1%" }
        return "\(Int(percent.rounded()))%"
    }
}

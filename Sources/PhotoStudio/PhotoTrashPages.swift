import AppHost
import Foundation
import HTTPServer
import Identity
import WebUI

/// Words of 最近删除.
enum TrashText {
    static let title = LocalizedText(zh: "最近删除", en: "Recently deleted")
    static let explain = LocalizedText(zh: "照片删除后在这里保留 \(PhotoLibrary.trashDays) 天，之后永久删除。在此期间仍占用存储空间。",
                                       en: "Deleted photos stay here for \(PhotoLibrary.trashDays) days, then are deleted for good. Until then they count toward your storage.")
    static let empty = LocalizedText(zh: "最近删除里没有照片", en: "Nothing recently deleted")
    static let emptyMessage = LocalizedText(zh: "删除的照片会在这里保留 \(PhotoLibrary.trashDays) 天，可随时恢复。",
                                            en: "Photos you delete stay here for \(PhotoLibrary.trashDays) days; you can restore them until then.")
    static let restore = LocalizedText(zh: "恢复", en: "Restore")
    static let restoreAll = LocalizedText(zh: "全部恢复", en: "Restore all")
    static let emptyTrash = LocalizedText(zh: "清空", en: "Empty")
    static let deleteForever = LocalizedText(zh: "永久删除", en: "Delete forever")
    static let emptyConfirm = LocalizedText(zh: "永久删除最近删除中的所有照片？此操作无法撤销。", en: "Delete every photo here for good? This cannot be undone.")
    static let deleteForeverConfirm = LocalizedText(zh: "永久删除这张照片？此操作无法撤销。", en: "Delete this photo for good? This cannot be undone.")
    static let moved = LocalizedText(zh: "已移到最近删除，\(PhotoLibrary.trashDays) 天内可恢复", en: "Moved to Recently deleted; restore it within \(PhotoLibrary.trashDays) days")
    static let restored = LocalizedText(zh: "照片已恢复", en: "Photo restored")
    static let deletedForever = LocalizedText(zh: "照片已永久删除", en: "Photo deleted for good")

    static func count(_ count: Int, _ language: Language) -> String {
        language == .zh ? "\(count) 张" : (count == 1 ? "1 photo" : "\(count) photos")
    }

    static func restoredAll(_ count: Int, _ language: Language) -> String {
        language == .zh ? "已恢复 \(count) 张照片" : "Restored \(count) photo\(count == 1 ? "" : "s")"
    }

    static func emptied(_ count: Int, _ language: Language) -> String {
        language == .zh ? "已永久删除 \(count) 张照片" : "Deleted \(count) photo\(count == 1 ? "" : "s") for good"
    }

    /// "还剩 12 天" — whole days left before the purge, at least 1 while it is still here.
    static func daysLeft(_ trashedAt: Int64, now: Int64, _ language: Language) -> String {
        let days = max(1, Int((PhotoLibrary.purgeTime(trashedAt: trashedAt) - now + 86_399) / 86_400))
        return language == .zh ? "还剩 \(days) 天" : (days == 1 ? "1 day left" : "\(days) days left")
    }
}

/// `/photos/trash` and the forms that restore, empty and delete for good.
extension PhotoPages {
    func registerTrash(into pages: inout RouteGroup<SessionGuard>) {
        pages.get("/trash") { request, member in
            let cursor = request.query["cursor"].flatMap(PhotoLibrary.TrashCursor.init)
            return try trashPage(member.viewer, userID: member.user.id, cursor: cursor)
        }
        pages.post("/trash/restore") { _, member in
            let count = try library.restoreAll(userID: member.user.id)
            return member.viewer.redirect(to: "/photos", flash: Toast(TrashText.restoredAll(count, member.viewer.language), kind: .success))
        }
        pages.post("/trash/empty") { _, member in
            let count = try library.emptyTrash(userID: member.user.id)
            return member.viewer.redirect(to: "/photos/trash", flash: Toast(TrashText.emptied(count, member.viewer.language), kind: .success))
        }
        pages.post("/{id}/restore") { request, member in
            let photo = try find(request, member.user)
            _ = try library.restore(id: photo.id, userID: photo.userID)
            return member.viewer.redirect(to: "/photos/\(photo.id)", flash: Toast(TrashText.restored(member.viewer.language), kind: .success))
        }
        pages.post("/{id}/purge") { request, member in
            let photo = try find(request, member.user)
            try library.deleteForever(photo)
            return member.viewer.redirect(to: "/photos/trash", flash: Toast(TrashText.deletedForever(member.viewer.language), kind: .success))
        }
    }

    func trashPage(_ viewer: Viewer, userID: Int64, cursor: PhotoLibrary.TrashCursor?) throws -> Response {
        let language = viewer.language
        let page = try library.trashed(userID: userID, limit: Self.pageSize, after: cursor)
        let summary = try library.trashSummary(userID: userID)
        let now = library.nowSeconds
        defer { queue.submit(page.items, kinds: [.thumbnail]) }
        return viewer.page(
            title: TrashText.title(language), back: BackLink(href: "/photos", label: PhotoText.allPhotos(language)), tabs: [],
            bodyClass: "photos-app photo-trash-page", stylesheets: [Self.assets.url("photos.css")], scripts: [Self.assets.url("photos.js")]
        ) {
            p(.class("trash-explain"), .id("trash-explain")) { TrashText.explain(language) }
            sectionHeader(TrashText.title(language) + " · " + TrashText.count(summary.count, language) + " · " + PhotoPages.byteCount(Int(summary.bytes)))
            if page.items.isEmpty, cursor == nil {
                emptyState(icon: .photo, title: TrashText.empty(language), message: TrashText.emptyMessage(language),
                           action: LinkAction(label: PhotoText.allPhotos(language), href: "/photos"))
            } else {
                div(.class("trash-actions")) {
                    postForm(action: "/photos/trash/restore", csrfToken: viewer.csrfToken, attributes: [.id("trash-restore-all")]) {
                        button(TrashText.restoreAll(language), style: .secondary)
                    }
                    postForm(action: "/photos/trash/empty", csrfToken: viewer.csrfToken, confirm: TrashText.emptyConfirm(language),
                             attributes: [.id("trash-empty")]) {
                        button(TrashText.emptyTrash(language), style: .destructive)
                    }
                }
                ul(.class("photo-grid"), .id("trash-grid"), .role("list")) {
                    for photo in page.items {
                        li(.class("photo-cell")) {
                            a(.class("photo-link"), .href("/photos/\(photo.id)"), .attribute("data-photo-id", String(photo.id))) {
                                tile(photo, language)
                                span(.class("trash-days")) { TrashText.daysLeft(photo.trashedAt ?? now, now: now, language) }
                            }
                        }
                    }
                }
                if let next = page.next {
                    div(.class("photo-more-wrap")) {
                        a(.classes("btn", "btn-secondary", "photo-more"), .id("photo-more"), .href("/photos/trash?cursor=\(next.text)")) { PhotoText.more(language) }
                    }
                }
            }
        }
    }

    /// The viewer's actions for a photo in 最近删除: when it goes, restore, delete for good.
    func trashedActions(_ viewer: Viewer, _ photo: Photo) -> Node {
        let language = viewer.language
        return div(.class("viewer-trashed"), .id("photo-trashed")) {
            p(.class("viewer-note")) {
                TrashText.title(language) + " · " + TrashText.daysLeft(photo.trashedAt ?? 0, now: library.nowSeconds, language)
            }
            postForm(action: "/photos/\(photo.id)/restore", csrfToken: viewer.csrfToken, attributes: [.id("restore-form"), .class("form-actions")]) {
                button(TrashText.restore(language))
            }
            postForm(action: "/photos/\(photo.id)/purge", csrfToken: viewer.csrfToken, confirm: TrashText.deleteForeverConfirm(language),
                     attributes: [.id("purge-form"), .class("form-actions")]) {
                button(TrashText.deleteForever(language), style: .destructive)
            }
        }
    }
}

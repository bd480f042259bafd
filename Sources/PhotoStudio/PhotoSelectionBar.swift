import AppHost
import AppSuiteAPI
import Foundation
import Identity
import WebUI

/// Words of the grid's multi-select (issue 29 item 2).
enum SelectText {
    static let select = LocalizedText(zh: "选择", en: "Select")
    static let cancel = LocalizedText(zh: "取消", en: "Cancel")
    /// `{n}` is replaced by photos.js with the number selected.
    static let count = LocalizedText(zh: "已选择 {n} 张", en: "{n} selected")
    static let none = LocalizedText(zh: "轻点照片以选择", en: "Tap photos to select them")
    static let trash = LocalizedText(zh: "删除", en: "Delete")
    static let trashConfirm = LocalizedText(zh: "删除所选的 {n} 张照片？它们会在“最近删除”中保留 \(PhotoLibrary.trashDays) 天。",
                                            en: "Delete the {n} selected photos? They stay in Recently deleted for \(PhotoLibrary.trashDays) days.")
    static let trashed = LocalizedText(zh: "已将 {n} 张照片移到最近删除", en: "Moved {n} photos to Recently deleted")
    static let add = LocalizedText(zh: "加入相册", en: "Add to album")
    static let added = LocalizedText(zh: "已将 {n} 张照片加入「{album}」", en: "Added {n} photos to “{album}”")
    static let remove = LocalizedText(zh: "移出相册", en: "Remove from album")
    static let removed = LocalizedText(zh: "已将 {n} 张照片移出相册", en: "Removed {n} photos from the album")
    static let download = LocalizedText(zh: "下载", en: "Download")
    static let downloadTooMany = LocalizedText(zh: "一次最多下载 \(PhotoDownloadQuery.maximumIDs) 张。", en: "Download at most \(PhotoDownloadQuery.maximumIDs) photos at a time.")
    static let tooMany = LocalizedText(zh: "一次最多选择 \(PhotoBatch.maximumIDs) 张。", en: "Select at most \(PhotoBatch.maximumIDs) photos at a time.")
    static let failed = LocalizedText(zh: "操作失败，没有做任何修改：", en: "Nothing was changed: ")
    static let hint = LocalizedText(zh: "提示：长按照片也可开始选择。", en: "Tip: press and hold a photo to start selecting.")
}

extension PhotoPages {
    /// The 选择 button and the bar of batch actions over the grid. Hidden without JS (`needs-js`): photos.js shows
    /// them and calls `POST /api/v1/photos/batch` and `GET /api/v1/photos/download` with the session's CSRF token.
    func selectionBar(_ viewer: Viewer, albums: [PhotoLibrary.Album], album: PhotoLibrary.Album?) -> Node {
        let language = viewer.language
        let targets = albums.filter { $0.id != album?.id }
        return div(.classes("select-bar", "needs-js"), .id("select-bar"), .attribute("data-csrf", viewer.csrfToken),
                   .attribute("data-album", album.map { String($0.id) } ?? ""), .attribute("data-max", String(PhotoBatch.maximumIDs)),
                   .attribute("data-download-max", String(PhotoDownloadQuery.maximumIDs)),
                   .attribute("data-text-download-too-many", SelectText.downloadTooMany(language)),
                   .attribute("data-text-count", SelectText.count(language)), .attribute("data-text-none", SelectText.none(language)),
                   .attribute("data-text-trash-confirm", SelectText.trashConfirm(language)), .attribute("data-text-trashed", SelectText.trashed(language)),
                   .attribute("data-text-added", SelectText.added(language)), .attribute("data-text-removed", SelectText.removed(language)),
                   .attribute("data-text-too-many", SelectText.tooMany(language)), .attribute("data-text-failed", SelectText.failed(language))) {
            div(.class("select-head")) {
                span(.class("select-count"), .id("select-count"), .role("status")) { SelectText.none(language) }
                WebUI.button(.classes("select-toggle"), .id("select-toggle"), .type("button"), .attribute("aria-pressed", "false"),
                             .attribute("data-label-on", SelectText.cancel(language)), .attribute("data-label-off", SelectText.select(language))) {
                    SelectText.select(language)
                }
            }
            p(.class("select-hint"), .id("select-hint")) { SelectText.hint(language) }
            div(.class("select-actions"), .id("select-actions")) {
                WebUI.button(.classes("select-action", "is-destructive"), .id("select-trash"), .type("button"), Attribute.disabled) { SelectText.trash(language) }
                WebUI.button(.class("select-action"), .id("select-download"), .type("button"), Attribute.disabled) { SelectText.download(language) }
                if album != nil {
                    WebUI.button(.class("select-action"), .id("select-remove"), .type("button"), Attribute.disabled) { SelectText.remove(language) }
                }
                if !targets.isEmpty {
                    div(.class("select-album")) {
                        WebUI.label(.class("visually-hidden"), .for("select-album")) { SelectText.add(language) }
                        select(.class("select-album-choice"), .id("select-album")) {
                            for target in targets { option(.value(String(target.id))) { target.name } }
                        }
                        WebUI.button(.class("select-action"), .id("select-add"), .type("button"), Attribute.disabled) { SelectText.add(language) }
                    }
                }
            }
            p(.class("select-status"), .id("select-status"), .role("status")) {}
        }
    }
}

import AppHost
import Foundation
import HTTPServer
import Identity
import Imaging
import WebUI

/// Words of the viewer's version list (issue 29 item 6).
enum VersionText {
    static let current = LocalizedText(zh: "当前", en: "Showing")
    static let use = LocalizedText(zh: "恢复此版本", en: "Use this version")
    static let used = LocalizedText(zh: "已恢复所选版本", en: "That version is shown again")
    static let undoRevert = LocalizedText(zh: "撤销还原", en: "Undo revert")
    static let revertedUndo = LocalizedText(zh: "已还原为原图，所有版本仍保留，可随时恢复。",
                                            en: "Reverted to the original; every version is kept and can be used again.")

    /// One edit in the reader's words: "旋转 90°", "裁剪 444×444" / "Rotate 90°", "Crop 444×444".
    static func name(_ edit: ImageEdit, _ language: Language) -> String {
        let zh = language == .zh
        switch edit {
        case let .rotate(degrees):
            let turn = ((degrees % 360) + 360) % 360
            if turn == 270 { return zh ? "向左旋转 90°" : "Rotate left 90°" }
            return zh ? "旋转 \(turn)°" : "Rotate \(turn)°"
        case let .flip(horizontal):
            return horizontal ? (zh ? "水平翻转" : "Flip horizontal") : (zh ? "垂直翻转" : "Flip vertical")
        case let .crop(_, _, width, height): return zh ? "裁剪 \(width)×\(height)" : "Crop \(width)×\(height)"
        case let .resize(width, height): return zh ? "缩放至 \(width)×\(height)" : "Resize to \(width)×\(height)"
        }
    }

    /// A version's edits from the original, joined with " · ".
    static func name(_ edits: [ImageEdit], _ language: Language) -> String {
        edits.map { name($0, language) }.joined(separator: " · ")
    }
}

extension PhotoPages {
    func registerVersions(into pages: inout RouteGroup<SessionGuard>) {
        pages.post("/{id}/revert") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let photo = try findInLibrary(request, user)
            let undo = photo.current.map { "?undo=\($0.id)" } ?? ""
            _ = try library.revert(photo)
            return viewer.redirect(to: "/photos/\(photo.id)" + undo, flash: Toast(PhotoText.reverted(viewer.language), kind: .success))
        }
        pages.post("/{id}/versions/{version}/use") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let photo = try findInLibrary(request, user)
            guard let shown = try library.useVersion(photo, versionID: try request.parameter("version", as: Int64.self)) else { throw HTTPError.notFound() }
            queue.submit([shown], kinds: [.thumbnail, .rendition])
            return viewer.redirect(to: "/photos/\(photo.id)", flash: Toast(VersionText.used(viewer.language), kind: .success))
        }
    }

    /// Each version's edits counted from the original (a version based on another adds to that one's).
    static func editsFromOriginal(_ versions: [PhotoVersion]) -> [Int64: [ImageEdit]] {
        var chains: [Int64: [ImageEdit]] = [:]
        for version in versions {
            chains[version.id] = (version.baseVersionID.flatMap { chains[$0] } ?? []) + version.operations
        }
        return chains
    }

    /// The original and every version, newest last, each named in the reader's language; the one shown is marked,
    /// any other can be shown again with one tap. After a revert (`undo`: the version it left) an undo comes first.
    func versionList(_ viewer: Viewer, _ photo: Photo, _ versions: [PhotoVersion], undo: Int64?) -> Node {
        let language = viewer.language
        let chains = Self.editsFromOriginal(versions)
        return div(.class("version-list"), .id("photo-versions")) {
            if photo.current == nil, let undo, versions.contains(where: { $0.id == undo }) {
                postForm(action: "/photos/\(photo.id)/versions/\(undo)/use", csrfToken: viewer.csrfToken, attributes: [.id("undo-revert-form"), .class("version-undo")]) {
                    p(.class("version-undo-text")) { VersionText.revertedUndo(language) }
                    button(VersionText.undoRevert(language), style: .primary, fullWidth: false)
                }
            }
            h2(.class("list-header")) { PhotoText.versions(language) }
            ul(.class("version-rows"), .role("list")) {
                li(.classes("version-row", photo.current == nil ? "is-current" : nil), .id("version-original")) {
                    div(.class("version-text")) {
                        a(.class("version-name"), .href("/api/v1/photos/\(photo.id)/original")) { PhotoText.original(language) }
                        span(.class("version-size")) { "\(photo.width)×\(photo.height)" }
                    }
                    if photo.current == nil {
                        span(.class("version-current")) { VersionText.current(language) }
                    } else {
                        postForm(action: "/photos/\(photo.id)/revert", csrfToken: viewer.csrfToken, attributes: [.id("revert-form")]) {
                            button(PhotoText.revert(language), style: .secondary, fullWidth: false)
                        }
                    }
                }
                for version in versions {
                    let isCurrent = photo.current?.id == version.id
                    li(.classes("version-row", isCurrent ? "is-current" : nil), .attribute("data-version-id", String(version.id))) {
                        div(.class("version-text")) {
                            span(.class("version-name")) { VersionText.name(chains[version.id] ?? version.operations, language) }
                            span(.class("version-size")) { "\(version.width)×\(version.height)" }
                        }
                        if isCurrent {
                            span(.class("version-current")) { VersionText.current(language) }
                        } else {
                            postForm(action: "/photos/\(photo.id)/versions/\(version.id)/use", csrfToken: viewer.csrfToken, attributes: [.class("version-use")]) {
                                button(VersionText.use(language), style: .secondary, fullWidth: false)
                            }
                        }
                    }
                }
            }
        }
    }
}

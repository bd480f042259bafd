import AppHost
import Foundation
import HTTPServer
import Identity
import WebUI

/// Words of an album's own page: rename, cover, delete (issue 29 item 4).
enum AlbumText {
    static let manage = LocalizedText(zh: "管理相册", en: "Manage album")
    static let rename = LocalizedText(zh: "重命名", en: "Rename")
    static let renamed = LocalizedText(zh: "相册已重命名", en: "Album renamed")
    static let cover = LocalizedText(zh: "封面", en: "Cover")
    static let coverHint = LocalizedText(zh: "打开相册中的照片，点“设为封面”即可更换。", en: "Open a photo in the album and tap “Make cover” to change it.")
    static let makeCover = LocalizedText(zh: "设为封面", en: "Make cover")
    static let isCover = LocalizedText(zh: "这是相册封面", en: "This is the album's cover")
    static let coverSet = LocalizedText(zh: "已设为相册封面", en: "Set as the album's cover")
    static let delete = LocalizedText(zh: "删除相册", en: "Delete album")
    static let deleteHint = LocalizedText(zh: "只删除相册，照片仍在“所有照片”中。", en: "Only the album goes; its photos stay in All photos.")
    static let nameTaken = LocalizedText(zh: "已有同名相册。", en: "Another album has that name.")

    static func deleteConfirm(_ name: String, _ language: Language) -> String {
        language == .zh ? "删除相册「\(name)」？照片不会被删除，仍在“所有照片”中。"
            : "Delete the album “\(name)”? Its photos are not deleted; they stay in All photos."
    }

    static func deleted(_ name: String, _ language: Language) -> String {
        language == .zh ? "已删除相册「\(name)」，照片仍保留" : "Deleted the album “\(name)”; its photos are kept"
    }
}

/// The forms of an album's page and of the viewer inside an album: rename, make a photo the cover, delete the
/// album (photos stay). Each posts with the CSRF token and answers with a redirect and a toast.
extension PhotoPages {
    /// 所有照片 and one pill per album ("name count"), in a row that scrolls sideways when they do not fit (photos.css;
    /// photos.js scrolls the selected one into view): every name stays readable however many albums there are.
    func albumSwitcher(_ albums: [PhotoLibrary.Album], selected: Int64?, language: Language) -> Node {
        nav(.classes("segmented", "album-switcher"), .id("album-switcher"), .ariaLabel(PhotoText.albums(language))) {
            a(.classes("segment", selected == nil ? "is-selected" : nil), .href("/photos"), Attribute.ariaCurrent("page").when(selected == nil)) {
                PhotoText.allPhotos(language)
            }
            for album in albums {
                a(.classes("segment", album.id == selected ? "is-selected" : nil), .href("/photos?album=\(album.id)"),
                  Attribute.ariaCurrent("page").when(album.id == selected)) { "\(album.name) \(album.count)" }
            }
        }
    }

    func registerAlbums(into pages: inout RouteGroup<SessionGuard>) {
        pages.post("/albums/{id}/rename") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let id = try request.parameter("id", as: Int64.self)
            let back = "/photos?album=\(id)"
            do {
                guard try library.updateAlbum(id: id, userID: user.id, name: request.form()["name"] ?? "", coverPhotoID: nil) != nil
                else { throw HTTPError.notFound() }
            } catch let error as AlbumNameError {
                return viewer.redirect(to: back, flash: Toast(error.message(viewer.language), kind: .error))
            } catch PhotoLibrary.AlbumChangeError.nameTaken {
                return viewer.redirect(to: back, flash: Toast(AlbumText.nameTaken(viewer.language), kind: .error))
            }
            return viewer.redirect(to: back, flash: Toast(AlbumText.renamed(viewer.language), kind: .success))
        }
        pages.post("/albums/{id}/cover") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let id = try request.parameter("id", as: Int64.self)
            guard let photoID = request.form()["photo"].flatMap({ Int64($0) }) else { throw HTTPError.notFound() }
            do {
                guard try library.updateAlbum(id: id, userID: user.id, name: nil, coverPhotoID: photoID) != nil else { throw HTTPError.notFound() }
            } catch PhotoLibrary.AlbumChangeError.noSuchPhoto, PhotoLibrary.AlbumChangeError.notInAlbum {
                throw HTTPError.notFound()
            }
            return viewer.redirect(to: "/photos/\(photoID)?album=\(id)", flash: Toast(AlbumText.coverSet(viewer.language), kind: .success))
        }
        pages.post("/albums/{id}/delete") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let id = try request.parameter("id", as: Int64.self)
            guard let album = try library.album(id: id, userID: user.id), try library.deleteAlbum(id: id, userID: user.id)
            else { throw HTTPError.notFound() }
            return viewer.redirect(to: "/photos", flash: Toast(AlbumText.deleted(album.name, viewer.language), kind: .success))
        }
    }

    /// Under an album's grid: its cover, a rename form and the delete button (which asks first).
    func albumTools(_ viewer: Viewer, _ album: PhotoLibrary.Album, userID: Int64) throws -> Node {
        let language = viewer.language
        let cover = try album.coverPhotoID.flatMap { try library.photo(id: $0, userID: userID) }
        return div(.class("album-tools"), .id("album-tools")) {
            sectionHeader(AlbumText.manage(language))
            if let cover {
                div(.class("album-cover"), .id("album-cover")) {
                    a(.class("album-cover-link"), .href("/photos/\(cover.id)?album=\(album.id)")) {
                        img(.class("album-cover-img"), .src(Self.thumbnailURL(cover)), .alt(AlbumText.cover(language) + ": " + cover.filename))
                    }
                    div(.class("album-cover-text")) {
                        p(.class("album-cover-title")) { AlbumText.cover(language) }
                        p(.class("album-cover-hint")) { AlbumText.coverHint(language) }
                    }
                }
            }
            postForm(action: "/photos/albums/\(album.id)/rename", csrfToken: viewer.csrfToken, attributes: [.id("album-rename-form")]) {
                formGroup(header: AlbumText.rename(language)) {
                    formField(label: PhotoText.albumName(language), name: "name", value: album.name, required: true, maxLength: 40)
                }
                div(.class("form-actions")) { button(AlbumText.rename(language), style: .secondary) }
            }
            postForm(action: "/photos/albums/\(album.id)/delete", csrfToken: viewer.csrfToken, confirm: AlbumText.deleteConfirm(album.name, language),
                     attributes: [.id("album-delete-form"), .class("form-actions")]) {
                button(AlbumText.delete(language), style: .destructive)
                p(.class("list-footer")) { AlbumText.deleteHint(language) }
            }
        }
    }

    /// In the viewer inside an album: make this photo the cover, or say that it is.
    func coverForm(_ viewer: Viewer, _ photo: Photo, _ album: PhotoLibrary.Album) -> Node {
        if album.coverChosen, album.coverPhotoID == photo.id {
            return p(.class("viewer-note"), .id("album-is-cover")) { AlbumText.isCover(viewer.language) + "「\(album.name)」" }
        }
        return postForm(action: "/photos/albums/\(album.id)/cover", csrfToken: viewer.csrfToken, attributes: [.id("album-cover-form"), .class("form-actions")]) {
            input(.type("hidden"), .name("photo"), .value(String(photo.id)))
            button(AlbumText.makeCover(viewer.language) + "「\(album.name)」", style: .secondary)
        }
    }
}

import AppHost
import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import Imaging
import Maps
import WebUI

/// Words of the Photo Studio pages.
enum PhotoText {
    static let title = LocalizedText(zh: "图片处理器", en: "Photo Studio")
    static let allPhotos = LocalizedText(zh: "所有照片", en: "All photos")
    static let upload = LocalizedText(zh: "上传照片", en: "Upload photos")
    static let chooseFiles = LocalizedText(zh: "选择图片（可多选）", en: "Choose pictures (several at once)")
    static let empty = LocalizedText(zh: "还没有照片", en: "No photos yet")
    static let emptyMessage = LocalizedText(zh: "点上方的“上传照片”，从手机或电脑选择图片，可一次选多张。",
                                            en: "Tap “Upload photos” above and choose pictures from your phone or computer, several at once.")
    static let albums = LocalizedText(zh: "相册", en: "Albums")
    static let newAlbum = LocalizedText(zh: "新建相册", en: "New album")
    static let albumName = LocalizedText(zh: "相册名称", en: "Album name")
    static let addToAlbum = LocalizedText(zh: "加入相册", en: "Add to album")
    static let removeFromAlbum = LocalizedText(zh: "移出此相册", en: "Remove from this album")
    static let albumEmpty = LocalizedText(zh: "这个相册还没有照片", en: "This album is empty")
    static let albumEmptyMessage = LocalizedText(zh: "在照片的全屏页面选择“加入相册”。", en: "Open a photo and choose “Add to album”.")
    static let more = LocalizedText(zh: "加载更多", en: "Load more")
    /// A grid tile whose thumbnail is still being made.
    static let processing = LocalizedText(zh: "处理中…", en: "Processing…")
    /// A grid tile whose original's pixels do not decode.
    static let broken = LocalizedText(zh: "无法显示", en: "Can't display")
    static let previous = LocalizedText(zh: "上一张", en: "Previous")
    static let next = LocalizedText(zh: "下一张", en: "Next")
    static let zoomIn = LocalizedText(zh: "放大", en: "Zoom in")
    static let zoomOut = LocalizedText(zh: "缩小", en: "Zoom out")
    static let edit = LocalizedText(zh: "编辑", en: "Edit")
    static let fullScreen = LocalizedText(zh: "全屏", en: "Full screen")
    static let download = LocalizedText(zh: "保存到相册", en: "Save to device")
    static let delete = LocalizedText(zh: "删除", en: "Delete")
    static let deleteConfirm = LocalizedText(zh: "删除这张照片？它会在“最近删除”中保留 \(PhotoLibrary.trashDays) 天。",
                                             en: "Delete this photo? It stays in Recently deleted for \(PhotoLibrary.trashDays) days.")
    static let info = LocalizedText(zh: "照片信息", en: "Info")
    static let revert = LocalizedText(zh: "还原为原图", en: "Revert to original")
    static let reverted = LocalizedText(zh: "已还原为原图", en: "Reverted to the original")
    static let saved = LocalizedText(zh: "已保存为新版本，原图仍保留", en: "Saved as a new version; the original is kept")
    static let rotateLeft = LocalizedText(zh: "向左旋转", en: "Rotate left")
    static let rotateRight = LocalizedText(zh: "向右旋转", en: "Rotate right")
    static let flipH = LocalizedText(zh: "水平翻转", en: "Flip horizontal")
    static let flipV = LocalizedText(zh: "垂直翻转", en: "Flip vertical")
    static let crop = LocalizedText(zh: "裁剪", en: "Crop")
    static let free = LocalizedText(zh: "自由", en: "Free")
    static let originalRatio = LocalizedText(zh: "原始比例", en: "Original")
    static let resize = LocalizedText(zh: "调整尺寸", en: "Resize")
    static let save = LocalizedText(zh: "保存", en: "Save")
    static let reset = LocalizedText(zh: "重置", en: "Reset")
    static let width = LocalizedText(zh: "宽", en: "Width")
    static let resizeHint = LocalizedText(zh: "只填宽或高，另一边按原比例计算。", en: "Give the width or the height; the other follows the picture's proportions.")
    static let height = LocalizedText(zh: "高", en: "Height")
    static let versions = LocalizedText(zh: "版本", en: "Versions")
    static let original = LocalizedText(zh: "原图", en: "Original")
    static let animated = LocalizedText(zh: "动图：全屏播放动画，缩略图为第一帧。", en: "Animated: plays full screen; the thumbnail is frame 1.")
    static let animatedEdit = LocalizedText(zh: "这是动图：编辑后保存的新版本是静态图（第一帧），原动图保留。",
                                            en: "This is an animation: a saved edit is a still picture (frame 1); the animated original is kept.")
    static let cropHint = LocalizedText(zh: "在图片上拖出裁剪框；拖动框内可移动，拖动四角可调整大小。",
                                        en: "Drag on the picture for a crop box; drag inside it to move it, its corners to resize it.")
    /// Why a file was refused, in Chinese (the English text is the error's own message).
    static func reason(_ error: IngestError) -> String {
        switch error.code {
        case "empty": "空文件（0 字节）"
        case "too-large": "文件太大（上限 \(error.limit.map(megabytes) ?? "已设定的大小")）"
        case "too-many-pixels": "像素太多（上限 \(error.limit.map { pixels($0, .zh) } ?? "已设定的像素")），未解码即拒绝"
        case "unsupported": "不是支持的图片格式（按内容识别，而非扩展名）"
        case "corrupt": "图片已损坏或不完整"
        case "quota": error.quota?.message(.zh) ?? "存储空间已满"
        case "disk-full": "服务器磁盘已满，未保存"
        case "storage": "无法保存，请稍后重试"
        default: "无法读取：" + error.message
        }
    }
    static let noJSHint = LocalizedText(zh: "输入精确数值（坐标以旋转、翻转后的图片为准）",
                                        en: "Enter exact numbers (coordinates in the rotated, flipped picture)")
}

/// The pages under `/photos`: the grid, the full-screen viewer and the editor. Every form posts with a
/// CSRF token and answers with a redirect; the viewer and editor work without JS through links and forms.
struct PhotoPages: Sendable {
    let library: PhotoLibrary
    let queue: DerivativeQueue
    /// 地点's online map when `--map-tile-url` is set (nil: the offline plot).
    let map: MapSetup?
    static let assets = AppAssets(appID: "photos", directory: Bundle.module.resourceURL!.appendingPathComponent("Assets"))
    static let pageSize = 60

    /// Every page needs a signed-in user: a library is private to its account.
    func register(into pages: inout RouteGroup<SessionGuard>) {
        registerTrash(into: &pages)
        pages.get("/places") { _, member in try placesPage(member.viewer, userID: member.user.id) }
        registerAlbums(into: &pages)
        registerVersions(into: &pages)
        pages.get("") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let query = try request.query(as: PhotoTimelineQuery.self, defaults: [("limit", String(Self.pageSize))], chinese: viewer.language == .zh)
            let album = try query.list.album.map { id in
                guard let album = try library.album(id: id, userID: user.id) else { throw HTTPError.notFound() }
                return album
            }
            return try grid(viewer, user: user, album: album, query: query)
        }
        pages.post("/albums") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            do {
                let album = try library.createAlbum(userID: user.id, name: request.form()["name"] ?? "")
                return viewer.redirect(to: "/photos?album=\(album.id)")
            } catch let error as AlbumNameError {
                return viewer.redirect(to: "/photos", flash: Toast(error.message(viewer.language), kind: .error))
            }
        }
        pages.post("/{id}/albums") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let photo = try findInLibrary(request, user)
            let form = request.form()
            guard let albumID = form["album"].flatMap({ Int64($0) }),
                try library.setMembership(photo, albumID: albumID, member: form["remove"] == nil)
            else { throw HTTPError.notFound() }
            if form["remove"] != nil { return viewer.redirect(to: "/photos?album=\(albumID)") }
            return viewer.redirect(to: "/photos/\(photo.id)?album=\(albumID)",
                                   flash: Toast(viewer.language == .zh ? "已加入相册" : "Added to the album", kind: .success))
        }
        pages.post("/upload", limit: .upload) { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let files = request.uploadedFiles.filter { $0.fieldName == "file" && !($0.filename.isEmpty && $0.size == 0) }
            let zh = viewer.language == .zh
            guard !files.isEmpty else {
                return viewer.redirect(to: "/photos", flash: Toast(zh ? "请选择要上传的图片。" : "Choose pictures to upload.", kind: .error))
            }
            let userID = user.id
            // Headers checked and originals stored on the work pool; thumbnails follow there too.
            return .offloaded(key: DerivativeQueue.key(userID: userID), lane: DerivativeQueue.lane(files)) {
                var added: [Photo] = []
                var problems: [String] = []
                for file in files {
                    do throws(IngestError) {
                        let result = try library.add(fileAt: file.temporaryPath, filename: file.filename, userID: userID, check: .header)
                        if result.isRestored {
                            problems.append(PhotoLibrary.cleanFilename(file.filename) + (zh ? "：已从最近删除中恢复" : ": restored from Recently deleted"))
                        } else if !result.isDuplicate { added.append(result.photo) } else {
                            problems.append(PhotoLibrary.cleanFilename(file.filename) + (zh ? "：已在相册中" : ": already in the library"))
                        }
                    } catch {
                        problems.append(PhotoLibrary.cleanFilename(file.filename) + (zh ? "：" + PhotoText.reason(error) : ": " + error.message))
                    }
                }
                queue.submit(added, kinds: [.thumbnail, .rendition])
                let count = added.count
                var message = zh ? "已添加 \(count) 张照片" : "Added \(count) photo\(count == 1 ? "" : "s")"
                if !problems.isEmpty { message += (zh ? "；未添加：" : "; not added: ") + problems.joined(separator: "; ") }
                return viewer.redirect(to: "/photos", flash: Toast(message, kind: problems.isEmpty ? .success : (count > 0 ? .info : .error)))
            }
        }
        pages.get("/{id}") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let photo = try find(request, user)
            let album = try request.query["album"].flatMap { Int64($0) }.flatMap { try library.album(id: $0, userID: user.id) }
            return try viewerPage(viewer, photo, album: album, undo: request.query["undo"].flatMap { Int64($0) })
        }
        pages.get("/{id}/edit") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            return editorPage(viewer, try findInLibrary(request, user))
        }
        pages.post("/{id}/versions") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let photo = try findInLibrary(request, user)
            let form = request.form()
            let back = "/photos/\(photo.id)/edit"
            let edits: [ImageEdit]
            do {
                edits = try Self.edits(from: form, width: photo.displayWidth, height: photo.displayHeight)
                guard !edits.isEmpty else { throw HTTPError.validation([.init(field: "operations", message: viewer.language == .zh ? "没有要保存的修改。" : "Nothing to save.")]) }
            } catch let error as HTTPError {
                return viewer.redirect(to: back, flash: Toast(error.errors.first?.message ?? error.detail ?? error.title, kind: .error))
            }
            return .offloaded(key: DerivativeQueue.key(userID: photo.userID), lane: DerivativeQueue.lane(photo)) {
                do {
                    queue.submit([try library.saveVersion(of: photo, operations: edits)], kinds: [.thumbnail, .rendition])
                } catch let refusal as EditRefusal {
                    return viewer.redirect(to: back, flash: Toast(refusal.message(viewer.language), kind: .error))
                } catch let error as ImagingError {
                    return viewer.redirect(to: back, flash: Toast(error.shownText, kind: .error))
                } catch let error as QuotaExceeded {
                    return viewer.redirect(to: back, flash: Toast(error.message(viewer.language), kind: .error))
                }
                return viewer.redirect(to: "/photos/\(photo.id)", flash: Toast(PhotoText.saved(viewer.language), kind: .success))
            }
        }
        pages.post("/{id}/delete") { request, member in
            let (viewer, user) = (member.viewer, member.user)
            let photo = try find(request, user)
            // In an album's viewer, stay in the album: the next photo there, or the album's grid.
            let album = try request.query["album"].flatMap { Int64($0) }.flatMap { try library.album(id: $0, userID: user.id) }
            let context = album.map { "?album=\($0.id)" } ?? ""
            guard photo.trashedAt == nil else { return viewer.redirect(to: "/photos/\(photo.id)") }
            let position = try library.position(of: photo, album: album?.id)
            _ = try library.trash(photo)
            let target = (position.older ?? position.newer).map { "/photos/\($0)" + context } ?? "/photos" + context
            return viewer.redirect(to: target, flash: Toast(TrashText.moved(viewer.language), kind: .success))
        }
    }

    func find(_ request: Request, _ user: User) throws -> Photo {
        let id = try request.parameter("id", as: Int64.self)
        guard let photo = try library.photo(id: id, userID: user.id) else { throw HTTPError.notFound() }
        return photo
    }

    /// ``find(_:_:)`` for an edit or an album change: a photo in 最近删除 is not found until it is restored.
    func findInLibrary(_ request: Request, _ user: User) throws -> Photo {
        let photo = try find(request, user)
        guard photo.trashedAt == nil else { throw HTTPError.notFound() }
        return photo
    }

    /// The edit list from the editor: the JSON its script fills in, or the plain fields without JS. A resize with
    /// only a width (or a height) keeps the aspect ratio of the picture as rotated and cropped before it, `width` ×
    /// `height` being what the viewer shows now (issue 29 item 6: a width alone was ignored).
    static func edits(from form: FormData, width: Int, height: Int) throws -> [ImageEdit] {
        if let json = form["operations"], !json.trimmingCharacters(in: .whitespaces).isEmpty {
            let operations: [EditCodec.Operation]
            do {
                operations = try JSONDecoder().decode([EditCodec.Operation].self, from: Data(json.utf8))
            } catch {
                throw HTTPError.validation([.init(field: "operations", message: "The edit list is not valid JSON.")])
            }
            return try PhotoAPI.edits(operations, size: (width, height))
        }
        var edits: [ImageEdit] = []
        if let degrees = Int(form["rotate"] ?? ""), degrees % 360 != 0 { edits.append(.rotate(degrees: degrees)) }
        if form["flip_h"] != nil { edits.append(.flip(horizontal: true)) }
        if form["flip_v"] != nil { edits.append(.flip(horizontal: false)) }
        let crop = ["crop_x", "crop_y", "crop_w", "crop_h"].map { Int(form[$0] ?? "") }
        var size = (edits.first.map { if case .rotate(let degrees) = $0, degrees % 180 != 0 { true } else { false } } ?? false)
            ? (width: height, height: width) : (width: width, height: height)
        if let x = crop[0], let y = crop[1], let w = crop[2], let h = crop[3] {
            edits.append(.crop(x: x, y: y, width: w, height: h))
            size = (w, h)
        }
        switch (Int(form["resize_w"] ?? ""), Int(form["resize_h"] ?? "")) {
        case let (w?, h?): edits.append(.resize(width: w, height: h))
        case let (w?, nil) where size.width > 0:
            edits.append(.resize(width: w, height: max(1, Int((Double(w) * Double(size.height) / Double(size.width)).rounded()))))
        case let (nil, h?) where size.height > 0:
            edits.append(.resize(width: max(1, Int((Double(h) * Double(size.width) / Double(size.height)).rounded())), height: h))
        default: break
        }
        return edits
    }

    static func thumbnailURL(_ photo: Photo) -> String {
        "/api/v1/photos/\(photo.id)/thumbnail?v=\(photo.displaySHA.prefix(16))"
    }

    static func screenURL(_ photo: Photo) -> String {
        photo.isAnimated && photo.trashedAt == nil && photo.fileSize <= 8 << 20
            ? "/api/v1/photos/\(photo.id)/original?v=\(photo.sha256.prefix(16))"
            : "/api/v1/photos/\(photo.id)/rendition?v=\(photo.displaySHA.prefix(16))"
    }

    // MARK: grid

    /// The library's timeline (or one album's): `?group=day|month|year`, `?month=yyyy-MM` (the scrubber) or
    /// `?cursor=` (the next page), `?limit=1…200` (default 60), the filter; checked by ``PhotoTimelineQuery``.
    func grid(_ viewer: Viewer, user: User, album: PhotoLibrary.Album?, query: PhotoTimelineQuery) throws -> Response {
        let language = viewer.language
        let zh = language == .zh
        let grouping = query.group
        let cursor = try query.list.cursor == nil ? nil : TimelineCursor.start(query.list, chinese: zh)
        let month = cursor == nil ? query.list.month : nil
        let limit = query.list.limit
        let filter = PhotoFilter(query.list)
        let page = try library.list(userID: user.id, album: album?.id, filter: filter, limit: limit,
                                    after: cursor ?? month.flatMap(TimelineCursor.start(ofMonth:)))
        let months = cursor == nil ? try library.months(userID: user.id, album: album?.id, filter: filter) : []
        let cameras = cursor == nil ? try library.cameras(userID: user.id, album: album?.id) : []
        let albums = try library.albums(userID: user.id)
        let trashCount = cursor == nil && album == nil ? try library.trashSummary(userID: user.id).count : 0
        let context = album.map { "?album=\($0.id)" } ?? ""
        let tools = try album.flatMap { cursor == nil ? try albumTools(viewer, $0, userID: user.id) : nil }
        defer {
            // Thumbnails still missing (an upload a moment ago, or a cache that was cleared) are queued
            // once the page, with its placeholders, is made.
            queue.submit(page.items, kinds: [.thumbnail])
        }
        return viewer.page(
            title: PhotoText.title(language), back: BackLink(href: "/", label: Strings.home(language)), activeTab: "home",
            bodyClass: "photos-app", stylesheets: [Self.assets.url("photos.css")],
            scripts: [Self.assets.url("photos.js"), Self.assets.url("photos-upload.js")]
        ) {
            if cursor == nil {
                postForm(action: "/photos/upload", csrfToken: viewer.csrfToken, multipart: true, attributes: [.id("upload-form"), .class("photo-upload")]) {
                    formGroup(header: PhotoText.upload(language), footer: PhotoText.uploadHint(library.limits, language)) {
                        div(.class("field")) {
                            label(.class("field-label"), .for("photo-files")) { PhotoText.chooseFiles(language) }
                            input(.class("field-input"), .id("photo-files"), .type("file"), .name("file"), .flag("multiple"),
                                  .accept("image/*,.heic,.heif,.avif"))
                        }
                    }
                    div(.class("form-actions")) { button(PhotoText.upload(language), icon: .plus) }
                }
                uploadPanel(language, limits: library.limits)
            }
            if cursor == nil { albumSwitcher(albums, selected: album?.id, language: language) }
            sectionHeader(album?.name ?? PhotoText.allPhotos(language))
            // What an upload changes, from the grouping control to 加载更多: photos-upload.js swaps in this part of a fresh
            // page (the upload list above stays), an empty library's empty state included.
            div(.class("photo-library"), .id("photo-library")) {
                if cursor == nil, !months.isEmpty || !filter.isEmpty {
                    groupingControl(grouping, album: album?.id, filter: filter, language: language)
                    filterForm(filter, cameras: cameras, grouping: grouping, album: album?.id, language: language)
                }
                if month != nil {
                    div(.class("photo-more-wrap")) {
                        a(.classes("btn", "btn-secondary"), .id("timeline-newest"), .href("/photos?" + Self.query(group: grouping, album: album?.id, filter: filter))) {
                            TimelineText.newest(language)
                        }
                    }
                }
                if page.items.isEmpty, cursor == nil, !filter.isEmpty {
                    emptyState(icon: .photo, title: zh ? "没有符合筛选条件的照片" : "No photos match the filter",
                               message: zh ? "换一个日期范围或相机，或清除筛选。" : "Try other days or another camera, or clear the filter.")
                } else if page.items.isEmpty, cursor == nil, month == nil {
                    if album != nil {
                        emptyState(icon: .photo, title: PhotoText.albumEmpty(language), message: PhotoText.albumEmptyMessage(language))
                    } else {
                        emptyState(icon: .photo, title: PhotoText.empty(language), message: PhotoText.emptyMessage(language))
                    }
                } else {
                    if cursor == nil { selectionBar(viewer, albums: albums, album: album) }
                    if cursor == nil, let rail = scrubber(months, grouping: grouping, album: album?.id, filter: filter, language: language) { rail }
                    timeline(page.items, after: cursor, grouping: grouping, context: context, language: language)
                    if let next = page.next {
                        div(.class("photo-more-wrap")) {
                            a(.classes("btn", "btn-secondary", "photo-more"), .id("photo-more"),
                              .href("/photos?" + Self.query(group: grouping, album: album?.id, filter: filter) + "&cursor=\(next.text)"
                                    + (limit == Self.pageSize ? "" : "&limit=\(limit)"))) { PhotoText.more(language) }
                        }
                    }
                }
            }
            if let tools { tools }
            if cursor == nil, album == nil {
                listGroup {
                    listCell(title: PlacesText.title(language), subtitle: PlacesText.link(language), href: "/photos/places",
                             image: .icon(.mapPin, .green))
                    listCell(title: TrashText.title(language), detail: TrashText.count(trashCount, language), href: "/photos/trash")
                }
                postForm(action: "/photos/albums", csrfToken: viewer.csrfToken, attributes: [.id("album-form")]) {
                    formGroup(header: PhotoText.newAlbum(language)) {
                        formField(label: PhotoText.albumName(language), name: "name", required: true, maxLength: 40)
                    }
                    div(.class("form-actions")) { button(PhotoText.newAlbum(language), style: .secondary) }
                }
            }
        }
    }

    /// A grid tile: the thumbnail, or a placeholder until it exists (photos.js swaps the picture in when
    /// it is ready; without JS a reload shows it), or a note that the original's pixels do not decode.
    func tile(_ photo: Photo, _ language: Language) -> Node {
        if library.hasDerivative(.thumbnail, of: photo) {
            return img(.class("photo-thumb"), .src(Self.thumbnailURL(photo)), .alt(photo.filename), .loading("lazy"),
                       .decoding("async"), .width(photo.displayWidth), .height(photo.displayHeight))
        }
        if photo.current == nil, photo.problem != nil {
            return span(.classes("photo-placeholder", "is-broken"), .title(PhotoText.unreadable(photo, language))) {
                span(.class("photo-placeholder-text")) { PhotoText.broken(language) }
                span(.class("photo-placeholder-name")) { photo.filename }
            }
        }
        return span(.class("photo-placeholder"), .attribute("data-pending", Self.thumbnailURL(photo)), .attribute("data-alt", photo.filename),
                    .attribute("data-broken", PhotoText.broken(language))) {
            span(.class("photo-placeholder-text")) { PhotoText.processing(language) }
            span(.class("photo-placeholder-name")) { photo.filename }
        }
    }

    // MARK: viewer

    func viewerPage(_ viewer: Viewer, _ photo: Photo, album: PhotoLibrary.Album?, undo: Int64? = nil) throws -> Response {
        let language = viewer.language
        if photo.trashedAt != nil { return trashedViewer(viewer, photo) }
        let position = try library.position(of: photo, album: album?.id)
        let context = album.map { "?album=\($0.id)" } ?? ""
        let albums = try library.albums(userID: photo.userID)
        let memberOf = Set(try library.albums(of: photo))
        let versions = try library.versions(of: photo)
        let label = "\(position.index)/\(position.total)"
        // Pixels that do not decode (a truncated upload): a note instead of a broken picture, and nothing to edit or save.
        let broken = photo.current == nil && photo.problem != nil
        return viewer.page(
            title: TimelineText.section(String(photo.taken.local.prefix(10)), language),
            back: BackLink(href: "/photos" + context, label: album?.name ?? PhotoText.allPhotos(language)), tabs: [],
            trailing: [navAction(href: "/photos/\(photo.id)/edit", label: PhotoText.edit(language))],
            bodyClass: "photos-app photo-viewer-page", stylesheets: [Self.assets.url("photos.css")], scripts: [Self.assets.url("photos.js")]
        ) {
            div(.class("viewer-top")) {
                span(.class("viewer-index"), .id("photo-index")) { label }
                p(.class("viewer-caption"), .id("photo-caption")) {
                    photo.filename
                    " · " + TimelineText.time(photo.taken)
                }
            }
            div(.class("viewer-stage"), .id("viewer-stage"), .attribute("data-width", String(photo.displayWidth)),
                .attribute("data-height", String(photo.displayHeight))) {
                if !broken {
                    img(.class("viewer-image"), .id("viewer-image"), .src(Self.screenURL(photo)), .alt(photo.filename),
                        .width(photo.displayWidth), .height(photo.displayHeight), .attribute("draggable", "false"))
                }
            }
            if photo.isAnimated { p(.class("viewer-note")) { PhotoText.animated(language) } }
            if broken { p(.classes("viewer-note", "is-broken"), .id("photo-problem")) { PhotoText.unreadable(photo, language) } }
            div(.class("viewer-nav")) {
                navButton(id: "photo-prev", target: position.newer, context: context, label: PhotoText.previous(language), symbol: .chevronLeft)
                div(.class("viewer-zoom")) {
                    WebUI.button(.class("zoom-btn"), .id("zoom-out"), .type("button"), .ariaLabel(PhotoText.zoomOut(language)), .title(PhotoText.zoomOut(language))) { "−" }
                    span(.class("zoom-level"), .id("zoom-level")) { "100%" }
                    WebUI.button(.class("zoom-btn"), .id("zoom-in"), .type("button"), .ariaLabel(PhotoText.zoomIn(language)), .title(PhotoText.zoomIn(language))) { "+" }
                    WebUI.button(.classes("zoom-btn", "needs-js"), .id("viewer-fullscreen"), .type("button"), .ariaLabel(PhotoText.fullScreen(language)),
                                 .title(PhotoText.fullScreen(language))) { span(.class("zoom-text")) { PhotoText.fullScreen(language) } }
                }
                navButton(id: "photo-next", target: position.older, context: context, label: PhotoText.next(language), symbol: .chevronRight)
            }
            if !broken {
                div(.class("viewer-actions")) {
                    a(.classes("btn", "btn-secondary"), .id("photo-edit"), .href("/photos/\(photo.id)/edit")) { PhotoText.edit(language) }
                    a(.classes("btn", "btn-secondary"), .id("photo-download"), .href("/api/v1/photos/\(photo.id)/download"),
                      .attribute("data-filename", PhotoLibrary.downloadName(photo, edited: photo.current != nil))) { PhotoText.download(language) }
                }
            }
            details(.class("viewer-info"), .id("photo-info")) {
                summary { PhotoText.info(language) }
                listGroup {
                    for (name, value) in Self.facts(photo, language) { listCell(title: name, detail: value, accessory: .none) }
                }
            }
            let candidates = albums.filter { !memberOf.contains($0.id) }
            if !candidates.isEmpty {
                postForm(action: "/photos/\(photo.id)/albums", csrfToken: viewer.csrfToken, attributes: [.id("album-add-form"), .class("viewer-album")]) {
                    WebUI.label(.class("visually-hidden"), .for("album-select")) { PhotoText.addToAlbum(language) }
                    select(.class("field-input"), .id("album-select"), .name("album")) {
                        for candidate in candidates { option(.value(String(candidate.id))) { candidate.name } }
                    }
                    button(PhotoText.addToAlbum(language), style: .secondary, fullWidth: false)
                }
            }
            if let album {
                coverForm(viewer, photo, album)
                postForm(action: "/photos/\(photo.id)/albums", csrfToken: viewer.csrfToken, attributes: [.id("album-remove-form"), .class("form-actions")]) {
                    input(.type("hidden"), .name("album"), .value(String(album.id)))
                    input(.type("hidden"), .name("remove"), .value("1"))
                    button(PhotoText.removeFromAlbum(language) + "「\(album.name)」", style: .secondary)
                }
            }
            if !versions.isEmpty {
                versionList(viewer, photo, versions, undo: undo)
            }
            postForm(action: "/photos/\(photo.id)/delete" + context, csrfToken: viewer.csrfToken, confirm: PhotoText.deleteConfirm(language),
                     attributes: [.id("delete-form"), .class("form-actions")]) {
                button(PhotoText.delete(language), style: .destructive)
            }
        }
    }

    /// A photo in 最近删除: the picture, when it goes, restore and delete for good; no edits, albums or neighbours.
    func trashedViewer(_ viewer: Viewer, _ photo: Photo) -> Response {
        let language = viewer.language
        return viewer.page(
            title: TrashText.title(language), back: BackLink(href: "/photos/trash", label: TrashText.title(language)), tabs: [],
            bodyClass: "photos-app photo-viewer-page", stylesheets: [Self.assets.url("photos.css")], scripts: [Self.assets.url("photos.js")]
        ) {
            div(.class("viewer-top")) { p(.class("viewer-caption"), .id("photo-caption")) { photo.filename } }
            div(.class("viewer-stage"), .id("viewer-stage"), .attribute("data-width", String(photo.displayWidth)),
                .attribute("data-height", String(photo.displayHeight))) {
                img(.class("viewer-image"), .id("viewer-image"), .src(Self.screenURL(photo)), .alt(photo.filename),
                    .width(photo.displayWidth), .height(photo.displayHeight), .attribute("draggable", "false"))
            }
            trashedActions(viewer, photo)
        }
    }

    func navButton(id: String, target: Int64?, context: String, label: String, symbol: Icon) -> Node {
        if let target {
            return a(.classes("viewer-nav-btn"), .id(id), .href("/photos/\(target)" + context), .ariaLabel(label), .title(label)) { icon(symbol) }
        }
        return WebUI.button(.classes("viewer-nav-btn"), .id(id), .type("button"), Attribute.disabled, .ariaLabel(label), .title(label)) { icon(symbol) }
    }

    static func facts(_ photo: Photo, _ language: Language) -> [(String, String)] {
        let zh = language == .zh
        var facts: [(String, String)] = [
            (zh ? "文件名" : "File name", photo.filename),
            (zh ? "尺寸" : "Size", "\(photo.width)×\(photo.height)"),
            (zh ? "格式" : "Format", photo.format.uppercased() + (photo.pageCount > 1 ? (zh ? "（\(photo.pageCount) 帧）" : " (\(photo.pageCount) frames)") : "")),
            (zh ? "色彩空间" : "Colour space", photo.colorSpace.uppercased() + (photo.hasAlpha ? " + alpha" : "")),
            (zh ? "方向" : "Orientation", "EXIF \(photo.orientation)"),
            (zh ? "文件大小" : "File size", byteCount(photo.fileSize)),
        ]
        facts.append((zh ? "拍摄时间" : "Taken", takenFact(photo, language)))
        if let camera = photo.camera { facts.append((zh ? "相机" : "Camera", camera)) }
        facts.append((zh ? "地点" : "Place", placeFact(photo.place, language)))
        if let current = photo.current { facts.append((zh ? "当前版本" : "Showing", "\(current.width)×\(current.height)")) }
        return facts
    }

    /// 地点: the EXIF GPS position (WGS-84) to 5 decimals (about 1 m), as 北纬 43.78559°，东经 11.23462° / 43.78559° N,
    /// 11.23462° E; "none" when the file has none.
    static func placeFact(_ place: ExifLocation?, _ language: Language) -> String {
        let degrees = { (value: Double) in String(format: "%.5f°", abs(value)) }
        guard let place else { return language == .zh ? "无（照片没有 GPS 信息）" : "None (the photo has no GPS data)" }
        if language == .zh {
            return (place.latitude < 0 ? "南纬 " : "北纬 ") + degrees(place.latitude) + "，" + (place.longitude < 0 ? "西经 " : "东经 ")
                + degrees(place.longitude) + "（WGS-84，EXIF GPS）"
        }
        return degrees(place.latitude) + (place.latitude < 0 ? " S, " : " N, ") + degrees(place.longitude) + (place.longitude < 0 ? " W" : " E")
            + " (WGS-84, EXIF GPS)"
    }

    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        if bytes >= 1024 { return String(format: "%.0f KB", Double(bytes) / 1024) }
        return "\(bytes) B"
    }

    // MARK: editor

    func editorPage(_ viewer: Viewer, _ photo: Photo) -> Response {
        let language = viewer.language
        let ratios: [(String, String)] = [("free", PhotoText.free(language)), ("1:1", "1:1"), ("4:3", "4:3"), ("16:9", "16:9"),
                                          ("original", PhotoText.originalRatio(language))]
        return viewer.page(
            title: PhotoText.edit(language), back: BackLink(href: "/photos/\(photo.id)", label: PhotoText.title(language)), tabs: [],
            bodyClass: "photos-app photo-editor-page", stylesheets: [Self.assets.url("photos.css")], scripts: [Self.assets.url("photos-editor.js")]
        ) {
            div(.class("editor-stage"), .id("editor-stage"), .attribute("data-src", "/api/v1/photos/\(photo.id)/rendition?v=\(photo.displaySHA.prefix(16))"),
                .attribute("data-width", String(photo.displayWidth)), .attribute("data-height", String(photo.displayHeight))) {
                img(.class("editor-fallback"), .id("editor-fallback"), .src("/api/v1/photos/\(photo.id)/rendition?v=\(photo.displaySHA.prefix(16))"),
                    .alt(photo.filename))
            }
            p(.class("editor-size"), .id("editor-size")) { "\(photo.displayWidth)×\(photo.displayHeight)" }
            div(.class("editor-tools"), .id("editor-tools")) {
                toolButton("rotate-left", "⟲", PhotoText.rotateLeft(language))
                toolButton("rotate-right", "⟳", PhotoText.rotateRight(language))
                toolButton("flip-h", "⇋", PhotoText.flipH(language))
                toolButton("flip-v", "⇵", PhotoText.flipV(language))
                toolButton("edit-reset", "↺", PhotoText.reset(language))
            }
            div(.class("editor-ratios"), .id("editor-ratios"), .role("group"), .ariaLabel(PhotoText.crop(language))) {
                for (value, title) in ratios {
                    WebUI.button(.classes("ratio-btn", value == "free" ? "is-selected" : nil), .type("button"), .attribute("data-ratio", value),
                                 .attribute("aria-pressed", value == "free" ? "true" : "false")) { title }
                }
            }
            p(.class("editor-hint")) { PhotoText.cropHint(language) }
            if photo.current == nil, photo.pageCount > 1 { p(.classes("editor-hint", "editor-warning"), .id("editor-animated")) { PhotoText.animatedEdit(language) } }
            postForm(action: "/photos/\(photo.id)/versions", csrfToken: viewer.csrfToken, attributes: [.id("edit-form")]) {
                input(.type("hidden"), .name("operations"), .id("edit-operations"), .value(""))
                details(.class("editor-manual"), .id("editor-manual")) {
                    summary { PhotoText.noJSHint(language) }
                    formGroup {
                        formField(label: PhotoText.rotateRight(language) + " (0/90/180/270)", name: "rotate", type: .number, value: "0")
                        label(.class("field-check")) { input(.type("checkbox"), .name("flip_h"), .value("1")); PhotoText.flipH(language) }
                        label(.class("field-check")) { input(.type("checkbox"), .name("flip_v"), .value("1")); PhotoText.flipV(language) }
                        formField(label: PhotoText.crop(language) + " x", name: "crop_x", type: .number)
                        formField(label: PhotoText.crop(language) + " y", name: "crop_y", type: .number)
                        formField(label: PhotoText.crop(language) + " " + PhotoText.width(language), name: "crop_w", type: .number)
                        formField(label: PhotoText.crop(language) + " " + PhotoText.height(language), name: "crop_h", type: .number)
                    }
                }
                formGroup(header: PhotoText.resize(language), footer: PhotoText.resizeHint(language)) {
                    formField(label: PhotoText.width(language), name: "resize_w", type: .number, placeholder: String(photo.displayWidth))
                    formField(label: PhotoText.height(language), name: "resize_h", type: .number, placeholder: String(photo.displayHeight))
                }
                div(.class("form-actions")) { button(PhotoText.save(language), icon: .check) }
            }
        }
    }

    func toolButton(_ id: String, _ glyph: String, _ label: String) -> Node {
        WebUI.button(.class("tool-btn"), .id(id), .type("button"), .ariaLabel(label), .title(label)) {
            span(.class("tool-glyph"), .ariaHidden) { glyph }
            span(.class("tool-label")) { label }
        }
    }
}


import AppHost
import AppSuiteAPI
import Community
import Foundation
import HTTPServer
import Identity
import Imaging
import Storage
import WebUI

/// How an upload of merchant photos is checked and turned into HTTP, shared by the API, the merchant page and the
/// add-a-merchant form: a count and quota check on the request thread, the image work offloaded to the work pool.
extension PhotoStore {
    /// The multipart parts named `photo` that carry bytes (a form's empty file input sends one without).
    static func uploads(_ request: Request) -> [UploadedFile] {
        request.uploadedFiles.filter { $0.fieldName == "photo" && ($0.size > 0 || !$0.filename.isEmpty) }
    }

    /// The optional `alt` field: at most ``maxAlt`` characters of one line, blank → nil.
    static func alt(_ request: Request, _ l: Language) throws(HTTPError) -> String? {
        let text = (request.form()["alt"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        guard text.count <= maxAlt, UserText.refusal(text, lines: .single) == nil else { throw Refusal.altTooLong.httpError(l) }
        return text
    }

    /// The cheap checks before any image work: 1–``perUpload`` files, and room in the user's hour.
    func precheck(_ files: [UploadedFile], userID: Int64, now: Int64, _ l: Language) throws {
        do {
            guard !files.isEmpty else { throw Refusal.noPicture }
            guard files.count <= Self.perUpload else { throw Refusal.tooMany(count: files.count) }
            try checkQuota(userID: userID, adding: files.count, now: now)
        } catch let refusal as Refusal {
            throw refusal.httpError(l)
        }
    }

    /// Processes and stores `files` as `merchant`'s photos, each queued for a moderator (slow: on the work pool).
    func add(_ files: [UploadedFile], merchant: Merchant, userID: Int64, alt: String?, now: Int64, _ l: Language) throws -> [Photo] {
        do {
            let pictures = try Self.process(files.map { ($0.temporaryPath, $0.filename) })
            let names = try write(pictures)
            do {
                return try database.write { db in
                    try insert(pictures, files: names, merchant: (merchant.id, merchant.name), submissionID: nil, userID: userID, alt: alt, now: now, db: db)
                }
            } catch {
                discard(names)
                throw error
            }
        } catch let refusal as Refusal {
            throw refusal.httpError(l)
        } catch let error as CommentError {
            throw HTTPError.forbidden(error.message(l))
        } catch let error as QuotaExceeded {
            throw error.httpError(l)
        } catch where DiskFull.isDiskFull(error) {
            throw DiskFull().httpError
        }
    }

    static func model(_ photo: Photo) -> MerchantPhoto {
        MerchantPhoto(id: photo.id, state: photo.state.rawValue, alt: photo.alt, width: photo.width, height: photo.height, url: photo.url(.display),
                      thumbnailUrl: photo.url(.thumbnail), uploadedAt: Date(timeIntervalSince1970: TimeInterval(photo.createdAt)))
    }
}

extension PhotoStore.Refusal {
    /// 422 naming `photo` (or `alt`), 413 for a file over the byte limit, 429 with `Retry-After` past the hour's quota.
    func httpError(_ l: Language) -> HTTPError {
        let zh = l == .zh
        switch self {
        case .noPicture:
            return MerchantsAPI.field("photo", "请选择至少一张照片（multipart 字段 photo）。", "Choose at least one photo (multipart field 'photo').", l)
        case .tooMany(let count):
            return MerchantsAPI.field("photo", "每次最多上传 \(PhotoStore.perUpload) 张照片，这次有 \(count) 张。",
                                      "At most \(PhotoStore.perUpload) photos per upload; this one has \(count).", l)
        case .tooManyThisHour(let retryAfter):
            var headers = HTTPHeaders()
            headers.set("Retry-After", String(retryAfter))
            return HTTPError(.tooManyRequests, detail: zh ? "每小时最多上传 \(PhotoStore.perHour) 张照片，请稍后再试。"
                                                        : "At most \(PhotoStore.perHour) photos an hour; try again later.", headers: headers)
        case .altTooLong:
            return MerchantsAPI.field("alt", "照片说明最多 \(PhotoStore.maxAlt) 个字符，且只能一行。",
                                      "The description has at most \(PhotoStore.maxAlt) characters on one line.", l)
        case .picture(let index, let name, let error):
            let which = zh ? "第 \(index) 张（\(name)）" : "Photo \(index) (\(name))"
            switch error {
            case .tooManyBytes(let size, let limit):
                return HTTPError(.contentTooLarge, title: zh ? "照片太大" : "Photo too large",
                                 detail: zh ? "\(which)有 \(size / 1_048_576) MiB，上限是 \(limit / 1_048_576) MiB。"
                                            : "\(which) has \(size / 1_048_576) MiB; the limit is \(limit / 1_048_576) MiB.")
            case .tooManyPixels(let width, let height, let limit):
                return MerchantsAPI.field("photo", "\(which)像素过多：\(width)×\(height)，上限 \(limit / 1_000_000) 百万像素。",
                                          "\(which) has too many pixels: \(width)×\(height), the limit is \(limit / 1_000_000) megapixels.", l)
            default:
                return MerchantsAPI.field("photo", "\(which)不是可用的图片（支持 JPEG、PNG、WebP、GIF、HEIF/AVIF、TIFF）。",
                                          "\(which) is not a usable picture (JPEG, PNG, WebP, GIF, HEIF/AVIF or TIFF).", l)
            }
        }
    }
}

extension MerchantsAPI {
    /// `GET /api/v1/merchants/{id}/photos`: the approved photos and the viewer's pending ones.
    func photoList(_ request: Request, _ viewer: Viewer) throws -> MerchantPhotoList {
        let merchant = try Self.merchant(request, store: store, viewer.language)
        let found = try photos.photos(merchantID: merchant.id, viewerID: viewer.user?.id)
        return MerchantPhotoList(items: found.approved.map(PhotoStore.model), pending: found.pending.map(PhotoStore.model))
    }

    /// `POST /api/v1/merchants/{id}/photos` (multipart `photo` ×1–9, `alt`): `202` with the held photos.
    func uploadPhotos(_ request: Request, _ member: SignedIn) throws -> Reply<MerchantPhotoUpload> {
        let l = member.viewer.language
        let merchant = try Self.merchant(request, store: store, l)
        let files = PhotoStore.uploads(request)
        let alt = try PhotoStore.alt(request, l)
        let now = Int64(clock.now().timeIntervalSince1970)
        try photos.precheck(files, userID: member.user.id, now: now, l)
        let userID = member.user.id
        return .offloaded(key: "user:\(userID)", lane: .batch) { [photos] in
            MerchantPhotoUpload(items: try photos.add(files, merchant: merchant, userID: userID, alt: alt, now: now, l).map(PhotoStore.model))
        }
    }
}

extension MerchantsPages {
    /// `GET /merchants/photos/{photo}/{thumb|display}.jpg`: an approved photo to anyone; a pending one to its
    /// uploader and moderators; 404 otherwise (rejected photos have no files).
    func photoFile(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let notFound = HTTPError.notFound(l == .zh ? "没有这张照片。" : "No such photo.")
        guard let id = Int64(try request.parameter("photo")), let photo = try photos.photo(id),
              let size = PhotoStore.Size(rawValue: String(try request.parameter("file").dropLast(4))), try request.parameter("file").hasSuffix(".jpg")
        else { throw notFound }
        switch photo.state {
        case .approved: break
        case .pending:
            guard let user = viewer.user else { throw notFound }
            let moderates = try RoleStore(database: store.database).has(.moderate, userID: user.id)
            guard user.id == photo.userID || moderates else { throw notFound }
        case .rejected: throw notFound
        }
        let path = photos.path(photo.file, size).path
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { throw notFound }
        var headers: HTTPHeaders = ["Content-Type": "image/jpeg", "ETag": "\"\(photo.file)\""]
        headers.set("Cache-Control", photo.state == .approved ? "public, max-age=86400" : "private, no-cache")
        headers.set("X-Content-Type-Options", "nosniff")
        if request.headers["If-None-Match"] == "\"\(photo.file)\"" { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: .file(path: path, size: size))
    }

    /// `POST /merchants/{id}/photos` from the merchant page: back to the page with a toast either way.
    func uploadPhotos(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let merchant = try MerchantsAPI.merchant(request, store: store, l)
        let back = "/merchants/\(merchant.id)#photos"
        let files = PhotoStore.uploads(request)
        let now = Int64(clock.now().timeIntervalSince1970)
        do {
            let alt = try PhotoStore.alt(request, l)
            try photos.precheck(files, userID: member.user.id, now: now, l)
            let userID = member.user.id
            return .offloaded(key: "user:\(userID)", lane: .batch) { [photos] in
                do {
                    let added = try photos.add(files, merchant: merchant, userID: userID, alt: alt, now: now, l)
                    return viewer.redirect(to: back, flash: Toast(MerchantsText.photosHeld(added.count, l), kind: .success))
                } catch let error as HTTPError {
                    return viewer.redirect(to: back, flash: Toast(Self.message(error), kind: .error))
                }
            }
        } catch let error as HTTPError {
            return viewer.redirect(to: back, flash: Toast(Self.message(error), kind: .error))
        }
    }

    /// The words of a refusal: its fields' messages, else its detail.
    static func message(_ error: HTTPError) -> String {
        let fields = error.errors.map(\.message).joined(separator: " ")
        return fields.isEmpty ? (error.detail ?? "") : fields
    }

    /// The photo strip (approved photos, each opening a full view; the viewer's own pending ones marked 待审核) and,
    /// signed in, the upload form.
    func photoSection(_ merchant: Merchant, viewer: Viewer) throws -> Node {
        let l = viewer.language
        let found = try photos.photos(merchantID: merchant.id, viewerID: viewer.user?.id)
        let shown = found.pending + found.approved
        return section(.class("mx-photos"), .id("photos")) {
            h2(.class("list-header")) { MerchantsText.photos(l) + (found.approved.isEmpty ? "" : " · \(found.approved.count)") }
            if shown.isEmpty {
                p(.class("mx-empty")) { MerchantsText.noPhotos(l) }
            } else {
                ul(.class("mx-photo-strip")) {
                    for (index, photo) in shown.enumerated() {
                        li(.classes("mx-photo", photo.state == .pending ? "mx-photo-pending" : nil)) {
                            a(.href("#photo-\(photo.id)"), .class("mx-photo-link")) {
                                img(.src(photo.url(.thumbnail)), .alt(Self.alt(photo, merchant, index: index + 1, l)), .width(120), .height(120),
                                    .loading("lazy"), .attribute("decoding", "async"))
                                if photo.state == .pending { span(.class("mx-photo-badge")) { MerchantsText.pending(l) } }
                            }
                        }
                    }
                }
                for (index, photo) in shown.enumerated() {
                    div(.class("mx-photo-view"), .id("photo-\(photo.id)"), .role("dialog"), .ariaLabel(Self.alt(photo, merchant, index: index + 1, l))) {
                        a(.classes("btn", "btn-secondary", "mx-photo-close"), .href("#photos")) { MerchantsText.closePhoto(l) }
                        img(.src(photo.url(.display)), .alt(Self.alt(photo, merchant, index: index + 1, l)), .width(photo.width), .height(photo.height),
                            .loading("lazy"))
                        p(.class("mx-photo-caption")) {
                            (photo.alt.map { $0 + " · " } ?? "") + BeijingTime.date(photo.createdAt, l)
                                + (photo.state == .pending ? " · " + MerchantsText.pendingNote(l) : "")
                        }
                    }
                }
            }
            if viewer.isSignedIn {
                postForm(action: "/merchants/\(merchant.id)/photos", csrfToken: viewer.csrfToken, multipart: true, attributes: [.class("mx-photo-form")]) {
                    label(.class("mx-review-label"), .for("photo-files")) { MerchantsText.addPhotos(l) }
                    input(.id("photo-files"), .type("file"), .name("photo"), .accept("image/*"), .attribute("multiple", ""), Attribute.required)
                    label(.class("mx-review-label"), .for("photo-alt")) { MerchantsText.photoAlt(l) }
                    input(.id("photo-alt"), .type("text"), .name("alt"), .maxlength(PhotoStore.maxAlt))
                    p(.class("mx-photo-hint")) { MerchantsText.photoLimits(l) }
                    WebUI.button(.classes("btn", "btn-primary"), .type("submit")) { MerchantsText.upload(l) }
                }
            }
        }
    }

    /// The uploader's description, else `店名 的照片 2`.
    static func alt(_ photo: PhotoStore.Photo, _ merchant: Merchant, index: Int, _ l: Language) -> String {
        photo.alt ?? (l == .zh ? "\(merchant.name) 的照片 \(index)" : "Photo \(index) of \(merchant.name)")
    }
}

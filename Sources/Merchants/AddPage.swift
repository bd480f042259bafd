import AppHost
import AppSuiteAPI
import Community
import Foundation
import Geo
import HTTPServer
import Identity
import WebUI

extension MerchantsPages {
    // MARK: add a merchant

    /// The form: name, category, the pin (latitude/longitude, prefilled from `lat`/`lon`, which "use my location"
    /// sets), address, hours, phone and 人均. It goes to the moderation queue.
    func addForm(_ request: Request, _ member: SignedIn) throws -> Response {
        let position = (try? Self.position(request, member.viewer.language))?.0 ?? MerchantsApp.shanghai
        return addPage(member.viewer, values: ["lat": String(position.latitude), "lon": String(position.longitude)], error: nil)
    }

    func addPage(_ viewer: Viewer, values: [String: String], error: HTTPError?) -> Response {
        let l = viewer.language
        let fieldError = { (name: String) in error?.errors.first { $0.field == name }?.message }
        return page(viewer, title: MerchantsText.addTitle(l), back: BackLink(href: "/merchants", label: MerchantsText.title(l)), status: error?.status ?? .ok) {
            if let error, error.errors.isEmpty { errorState(language: l, message: error.detail) }
            p(.class("mx-add-note")) { MerchantsText.addNote(l) }
            postForm(action: "/merchants/add", csrfToken: viewer.csrfToken, multipart: true, attributes: [.class("mx-add-form"), .id("merchant-form")]) {
                formGroup {
                    formField(label: MerchantsText.name(l), name: "name", value: values["name"], error: fieldError("name"), required: true, maxLength: 60)
                    label(.class("mx-filter")) {
                        span(.class("mx-filter-label")) { MerchantsText.category(l) }
                        select(.name("category")) {
                            for category in MerchantCategory.all {
                                option(.value(category.id), Attribute.selected.when(values["category"] == category.id)) { category.name(l) }
                            }
                        }
                    }
                    formField(label: MerchantsText.latitude(l), name: "lat", type: .text, value: values["lat"], error: fieldError("lat"),
                              hint: MerchantsText.pinHint(l), required: true, maxLength: 32, inputMode: "decimal")
                    formField(label: MerchantsText.longitude(l), name: "lon", type: .text, value: values["lon"], error: fieldError("lon"),
                              required: true, maxLength: 32, inputMode: "decimal")
                    formField(label: MerchantsText.address(l), name: "address", value: values["address"], error: fieldError("address"), maxLength: 200)
                    formField(label: MerchantsText.hours(l), name: "openingHours", value: values["openingHours"], error: fieldError("openingHours"),
                              hint: MerchantsText.hoursHint(l), maxLength: 255)
                    formField(label: MerchantsText.phone(l), name: "phone", type: .tel, value: values["phone"], error: fieldError("phone"), maxLength: 32)
                    formField(label: MerchantsText.pricePerPersonYuan(l), name: "price", type: .text, value: values["price"], error: fieldError("pricePerPerson"),
                              maxLength: 7, inputMode: "numeric")
                    div(.class("field")) {
                        label(.class("field-label"), .for("field-photo")) { MerchantsText.photos(l) }
                        input(.class("field-input"), .id("field-photo"), .type("file"), .name("photo"), .accept("image/*"), .attribute("multiple", ""),
                              .ariaDescribedBy("field-photo-hint"))
                        if let message = fieldError("photo") { p(.class("field-error")) { message } }
                        p(.class("field-hint"), .id("field-photo-hint")) { MerchantsText.formPhotos(l) }
                    }
                }
                button(.classes("btn", "btn-primary", "mx-apply"), .type("submit")) { MerchantsText.submit(l) }
            }
        }
    }

    func add(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let form = request.form()
        var values: [String: String] = [:]
        for key in ["name", "category", "lat", "lon", "address", "openingHours", "phone", "price"] { values[key] = form[key] ?? "" }
        func blank(_ key: String) -> String? { values[key].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
        do {
            guard let lat = Double(values["lat"] ?? "") else { throw MerchantsAPI.field("lat", "请填写纬度。", "Enter a latitude.", l) }
            guard let lon = Double(values["lon"] ?? "") else { throw MerchantsAPI.field("lon", "请填写经度。", "Enter a longitude.", l) }
            var price: Int64?
            if let text = blank("price") {
                guard let yuan = Int64(text), (0...1_000_000).contains(yuan) else {
                    throw MerchantsAPI.field("pricePerPerson", "人均须为 0 到 1000000 元的整数。", "Price per person: a whole number of yuan up to 1000000.", l)
                }
                price = yuan * 100
            }
            let input = MerchantSubmissionInput(name: values["name"] ?? "", category: values["category"] ?? "", lat: lat, lon: lon,
                                                address: blank("address"), openingHours: blank("openingHours"), phone: blank("phone"), pricePerPerson: price)
            let now = Int64(clock.now().timeIntervalSince1970)
            let files = PhotoStore.uploads(request)
            if files.isEmpty { return try submitted(input, pictures: nil, member, now: now) }
            try photos.precheck(files, userID: member.user.id, now: now, l)
            // The pictures are decoded on the work pool, then the submission and its photos are stored in one transaction.
            return .offloaded(key: "user:\(member.user.id)", lane: .batch) { [self, values] in
                do {
                    let pictures: [PhotoStore.Processed]
                    do {
                        pictures = try PhotoStore.process(files.map { ($0.temporaryPath, $0.filename) })
                    } catch let refusal as PhotoStore.Refusal {
                        throw refusal.httpError(l)
                    }
                    return try submitted(input, pictures: pictures, member, now: now)
                } catch let error as HTTPError {
                    return addPage(viewer, values: values, error: error)
                } catch let error as QuotaExceeded {
                    return addPage(viewer, values: values, error: error.httpError(l))
                } catch where DiskFull.isDiskFull(error) {
                    return addPage(viewer, values: values, error: DiskFull().httpError)
                }
            }
        } catch let error as HTTPError {
            return addPage(viewer, values: values, error: error)
        }
    }

    /// Queues `input` with its processed `pictures` and goes back to the list with a toast (noting a likely duplicate).
    func submitted(_ input: MerchantSubmissionInput, pictures: [PhotoStore.Processed]?, _ member: SignedIn, now: Int64) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let submitted = try MerchantsAPI.submit(input, userID: member.user.id, store: store, now: now, l, photos: pictures.map { (photos, $0) })
        let note = submitted.duplicate.map { " " + MerchantsText.duplicateNote(l) + "\($0.merchant.name)" + (l == .zh ? "（\(MerchantsText.distance($0.distance))）" : " (\(MerchantsText.distance($0.distance)))") } ?? ""
        return viewer.redirect(to: "/merchants", flash: Toast(MerchantsText.submitted(l) + note, kind: .success))
    }

    // MARK: the owner's official reply

    /// The merchant's owner answers a review (a Community reply, shown as 商家回复).
    func ownerReply(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let merchant = try MerchantsAPI.merchant(request, store: store, l)
        guard merchant.ownerID == member.user.id else { throw HTTPError.forbidden(MerchantsText.ownerOnly(l)) }
        let commentID = try request.parameter("comment", as: Int64.self)
        do {
            let reply = try comments.post(MerchantsApp.subject(merchant.id), author: .user(id: member.user.id, name: member.user.nickname),
                                          text: request.form()["text"] ?? "", parentID: commentID)
            return viewer.redirect(to: "/merchants/\(merchant.id)#comment-\(commentID)", flash: AwaitingReview.toast(reply, posted: MerchantsText.replied(l), l))
        } catch let error as CommentError {
            return viewer.redirect(to: "/merchants/\(merchant.id)#comment-\(commentID)", flash: Toast(error.message(l), kind: .error))
        }
    }
}

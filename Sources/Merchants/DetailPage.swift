import AppHost
import AppSuiteAPI
import Community
import Foundation
import Geo
import HTTPServer
import Identity
import WebUI

extension MerchantsPages {
    // MARK: one merchant

    func detail(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let merchant: Merchant
        let near: Coordinate?
        do {
            merchant = try MerchantsAPI.merchant(request, store: store, l)
            near = MerchantsAPI.point(try MerchantsAPI.pageQuery(MerchantPointQuery.self, request, l))
        } catch let error as HTTPError where error.status == .notFound {
            return page(viewer, title: MerchantsText.notFound(l), status: .notFound) {
                emptyState(icon: .mapPin, title: MerchantsText.notFound(l), message: error.detail)
            }
        }
        let model = try api.detailModel(merchant, near: near)
        let subject = MerchantsApp.subject(merchant.id)
        let reviews = try comments.page(subject, cursor: nil, limit: 20)
        let stars = try ratings.stars(forComments: reviews.items.map(\.id))
        let held = try viewer.user.map { try comments.awaitingReview(subject, author: .user(id: $0.id, name: $0.nickname)) } ?? []
        let isFavorite = try viewer.user.map { try favorites.contains(subject, userID: $0.id) } ?? false
        let back = BackLink(href: "/merchants" + (near.map { "?lat=\($0.latitude)&lon=\($0.longitude)" } ?? ""), label: MerchantsText.title(l))
        let gcj = Coordinate(latitude: model.gcj02Lat, longitude: model.gcj02Lon) ?? merchant.position
        let photoStrip = try photoSection(merchant, viewer: viewer)
        let articleList = try articleSection(merchant, viewer: viewer)
        return page(viewer, title: merchant.name, back: back) {
            header(.class("mx-head")) {
                h1(.class("mx-name")) { merchant.name }
                if let english = merchant.nameEn, english != merchant.name { p(.class("mx-name-en")) { english } }
                p(.class("mx-head-meta")) {
                    meta(merchant, standing: Standing(rating: model.merchant.rating, reviewCount: model.merchant.reviewCount, distribution: model.ratingDistribution), l)
                }
                p(.class("mx-head-status")) {
                    openBadge(model.merchant.openNow, l)
                    if let distance = model.merchant.distanceMeters { span(.class("mx-distance")) { "\(MerchantsText.distance(l)) " + MerchantsText.distance(distance) } }
                }
            }
            div(.class("mx-actions")) {
                if viewer.isSignedIn {
                    postForm(action: "/merchants/\(merchant.id)/favorite", csrfToken: viewer.csrfToken) {
                        WebUI.button(.classes("btn", isFavorite ? "btn-secondary" : "btn-primary"), .type("submit")) {
                            (isFavorite ? MerchantsText.unfavorite : MerchantsText.favorite)(l)
                        }
                    }
                    a(.classes("btn", "btn-secondary", "mx-share"), .href("/share/merchants/\(merchant.id)"), .attribute("data-share-title", merchant.name)) {
                        MerchantsText.share(l)
                    }
                } else {
                    a(.classes("btn", "btn-secondary"), .href(viewer.loginURL)) { MerchantsText.loginToAct(l) }
                }
            }
            if let articleList { articleList }
            listGroup {
                // Issue 30: "24/7" was shown raw, and missing hours read "—" beside 营业时间未知 (the same fact twice).
                let hours = merchant.hours
                listCell(title: MerchantsText.hours(l),
                         subtitle: hours?.isAlwaysOpen == true ? MerchantsText.openAllDay(l) : merchant.openingHours ?? MerchantsText.hoursUnknown(l),
                         detail: merchant.openingHours != nil && hours == nil ? MerchantsText.hoursUnknown(l) : nil, image: .icon(.info, .green))
                if let address = merchant.address { listCell(title: MerchantsText.address(l), subtitle: address, image: .icon(.mapPin, .orange)) }
                // A dialable row only for a real number (issue 30: `abc<script>` linked the empty `tel:`); other imported text is shown as given.
                if let phone = merchant.phone {
                    listCell(title: MerchantsText.phone(l), subtitle: phone, href: PhoneNumber(phone)?.telURI, image: .icon(.phone, .blue))
                }
                if let price = merchant.pricePerPerson {
                    listCell(title: MerchantsText.price(l), subtitle: "\(MerchantsText.perPerson(l)) \(MerchantsText.price(price))", image: .icon(.tag, .purple))
                } else if let text = merchant.priceText {
                    listCell(title: MerchantsText.price(l), subtitle: text, image: .icon(.tag, .purple))
                }
            }
            navigation(merchant, gcj: gcj, l)
            if let notes = merchant.notes, case let facts = MerchantFacts.shown(notes, l), !facts.isEmpty {
                details(.class("mx-notes")) {
                    summary { MerchantsText.details(l) }
                    dl {
                        for fact in facts {
                            dt { fact.label }
                            dd { fact.value }
                        }
                    }
                }
            }
            ratingSection(merchant, model.ratingDistribution, l)
            reviewSection(merchant, reviews: reviews, held: held, stars: stars, viewer: viewer)
            if !model.importedReviews.isEmpty {
                section(.class("mx-reviews")) {
                    h2(.class("list-header")) { MerchantsText.importedReviews(l) }
                    for review in model.importedReviews {
                        article(.class("mx-review")) {
                            p(.class("mx-review-author")) { review.author }
                            p(.class("mx-review-text")) { review.text }
                        }
                    }
                }
            }
            // Photos and their upload form after what people came for: the ratings and reviews (issue 30).
            photoStrip
            footer(.class("mx-attribution")) {
                // A user's merchant names no account id (`user:2`): the source is this site's users (issue 30).
                // The licence in the reader's language, and no datum arithmetic (tester 31c #4: `GCJ-02 30.316078, … → WGS-84 …`).
                p { "\(MerchantsText.source(l))\(l == .zh ? "：" : ": ")"
                    + (merchant.source == "user" ? MerchantsText.submittedByUser(l) : "\(merchant.sourceID) · \(MerchantsText.licence(merchant, l))") }
            }
        }
    }

    /// Links that hand the destination to a maps app in the datum it expects: Amap and Apple Maps take GCJ-02 in
    /// mainland China (Apple's China maps are AutoNavi's), Google Maps' `api=1` URLs take WGS-84.
    func navigation(_ merchant: Merchant, gcj: Coordinate, _ l: Language) -> Node {
        let name = percentEncode(merchant.name)
        let wgs = merchant.position
        let amap = "https://uri.amap.com/marker?position=\(gcj.longitude),\(gcj.latitude)&name=\(name)&coordinate=gaode&callnative=1"
        let apple = "https://maps.apple.com/?ll=\(gcj.latitude),\(gcj.longitude)&q=\(name)"
        let google = "https://www.google.com/maps/dir/?api=1&destination=\(wgs.latitude),\(wgs.longitude)"
        return section(.class("mx-navigate")) {
            h2(.class("list-header")) { MerchantsText.navigate(l) }
            div(.class("mx-navigate-links")) {
                a(.classes("btn", "btn-secondary"), .href(amap), .rel("noopener"), .attribute("data-datum", "gcj02")) { MerchantsText.amap(l) }
                a(.classes("btn", "btn-secondary"), .href(apple), .rel("noopener"), .attribute("data-datum", "gcj02")) { MerchantsText.appleMaps(l) }
                a(.classes("btn", "btn-secondary"), .href(google), .rel("noopener"), .attribute("data-datum", "wgs84")) { MerchantsText.googleMaps(l) }
            }
            p(.class("list-footer")) { MerchantsText.navigateNote(l) }
        }
    }

    func ratingSection(_ merchant: Merchant, _ distribution: [Int64], _ l: Language) -> Node {
        let total = distribution.reduce(0, +)
        let summary = RatingSummary(distribution: distribution)
        return section(.class("mx-ratings")) {
            h2(.class("list-header")) { MerchantsText.ratings(l) }
            div(.class("mx-ratings-body")) {
                p(.class("mx-ratings-average")) {
                    if let average = summary.average {
                        strong { String(format: "%.1f", average) }
                        span { " · " + MerchantsText.ratingCount(total, l) }
                    } else {
                        span { MerchantsText.noRating(l) }
                    }
                }
                for stars in (1...5).reversed() {
                    let count = distribution[stars - 1]
                    div(.class("mx-bar")) {
                        span(.class("mx-bar-label")) { MerchantsText.stars(stars, l) }
                        meter(.class("mx-bar-meter"), .min("0"), .max(String(max(total, 1))), .value(String(count))) { String(count) }
                        span(.class("mx-bar-count")) { String(count) }
                    }
                }
                if let score = merchant.sourceRating {
                    p(.class("list-footer")) { "\(MerchantsText.sourceScore(l))\(l == .zh ? "：" : ": ")" + String(format: "%.1f", score) + " · \(merchant.sourceReviewCount)" }
                }
            }
        }
    }

    /// The reviews, with the form to write one when signed in and the viewer's own `held` reviews and replies
    /// (``AwaitingReview``) above the list.
    func reviewSection(_ merchant: Merchant, reviews: CommentPage, held: [Comment], stars: [Int64: Int], viewer: Viewer) -> Node {
        let l = viewer.language
        return section(.class("mx-reviews"), .id("reviews")) {
            h2(.class("list-header")) { MerchantsText.userReviews(l) }
            if viewer.isSignedIn {
                postForm(action: "/merchants/\(merchant.id)/reviews", csrfToken: viewer.csrfToken, attributes: [.class("mx-review-form")]) {
                    fieldset(.class("mx-stars-input")) {
                        legend { MerchantsText.yourRatingOptional(l) }
                        for value in 1...5 {
                            label(.class("mx-star-choice")) {
                                // No star is chosen for the reader (issue 30: ★★★★★ was pre-selected, so a text-only review published 5★).
                                input(.type("radio"), .name("stars"), .value(String(value)))
                                span { String(repeating: "★", count: value) }
                            }
                        }
                    }
                    label(.class("mx-review-label"), .for("review-text")) { MerchantsText.reviewText(l) }
                    textarea(.id("review-text"), .name("text"), .rows(3), .maxlength(2_000), Attribute.required) {}
                    WebUI.button(.classes("btn", "btn-primary"), .type("submit")) { MerchantsText.post(l) }
                }
            }
            if !held.isEmpty { AwaitingReview.notice(held, l) }
            if reviews.items.isEmpty {
                p(.class("mx-empty")) { MerchantsText.noReviews(l) }
            }
            for comment in reviews.items where !comment.isDeleted {
                article(.class("mx-review"), .id("comment-\(comment.id)")) {
                    p(.class("mx-review-author")) {
                        span { comment.authorName }
                        if let given = stars[comment.id] { span(.class("mx-review-stars"), .ariaLabel("\(given)/5")) { String(repeating: "★", count: given) } }
                        span(.class("mx-review-date")) { BeijingTime.date(comment.createdAt, l) }
                    }
                    p(.class("mx-review-text")) { comment.text }
                    if let user = viewer.user, user.id == merchant.ownerID, !comment.replies.contains(where: { $0.userID == user.id }) {
                        postForm(action: "/merchants/\(merchant.id)/reviews/\(comment.id)/reply", csrfToken: viewer.csrfToken, attributes: [.class("mx-reply-form")]) {
                            textarea(.name("text"), .rows(2), .maxlength(2_000), .ariaLabel(MerchantsText.reply(l)), Attribute.required) {}
                            WebUI.button(.classes("btn", "btn-secondary"), .type("submit")) { MerchantsText.reply(l) }
                        }
                    }
                    for reply in comment.replies {
                        div(.classes("mx-reply", reply.userID != nil && reply.userID == merchant.ownerID ? "mx-official" : nil)) {
                            if reply.userID != nil && reply.userID == merchant.ownerID { span(.class("mx-official-badge")) { MerchantsText.official(l) } }
                            span(.class("mx-review-author")) { reply.authorName }
                            p(.class("mx-review-text")) { reply.text }
                        }
                    }
                }
            }
        }
    }

    func review(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let merchant = try MerchantsAPI.merchant(request, store: store, l)
        let form = request.form()
        // Like Movies: a review without chosen stars is saved without a rating; stars that are given must be 1–5.
        let starsText = form["stars"].flatMap { $0.isEmpty ? nil : $0 }
        let stars = starsText.flatMap(Int.init)
        if starsText != nil && !(stars.map { RatingStore.stars.contains($0) } ?? false) {
            return viewer.redirect(to: "/merchants/\(merchant.id)#reviews", flash: Toast(CommentError.invalidRating.message(l), kind: .error))
        }
        do {
            let comment = try comments.post(MerchantsApp.subject(merchant.id), author: .user(id: member.user.id, name: member.user.nickname),
                                            text: form["text"] ?? "", stars: stars)
            return viewer.redirect(to: "/merchants/\(merchant.id)#reviews", flash: AwaitingReview.toast(comment, posted: MerchantsText.posted(l), l))
        } catch let error as CommentError {
            return viewer.redirect(to: "/merchants/\(merchant.id)#reviews", flash: Toast(error.message(l), kind: .error))
        }
    }

    func toggleFavorite(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let merchant = try MerchantsAPI.merchant(request, store: store, l)
        let subject = MerchantsApp.subject(merchant.id)
        if try favorites.contains(subject, userID: member.user.id) {
            try favorites.remove(subject, userID: member.user.id)
            return viewer.redirect(to: "/merchants/\(merchant.id)", flash: Toast(MerchantsText.unfavorited(l)))
        }
        try favorites.add(subject, userID: member.user.id)
        return viewer.redirect(to: "/merchants/\(merchant.id)", flash: Toast(MerchantsText.favorited(l)))
    }
}

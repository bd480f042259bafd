import AppHost
import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import Markdown
import WebUI

/// The owners' articles in the app's shell (the textbook's chapter 13, an HTML5 page inside the app): the list on
/// the merchant page, one article at `/merchants/{id}/articles/{articleID}`, and the editor with a preview step for
/// the owner (or an admin). Forms work without JavaScript and carry the CSRF token.
extension MerchantsPages {
    var articles: ArticleStore { api.articles }

    func registerArticles(into pages: inout RouteGroup<SessionGuard>) {
        pages.anyone.get("/{id}/articles/{articleID}") { request, viewer in try articlePage(request, viewer) }
        pages.get("/{id}/write") { request, member in try articleEditor(request, member, editing: false) }
        pages.post("/{id}/write", limit: .content) { request, member in try postArticle(request, member, editing: false) }
        pages.get("/{id}/articles/{articleID}/edit") { request, member in try articleEditor(request, member, editing: true) }
        pages.post("/{id}/articles/{articleID}/edit", limit: .content) { request, member in try postArticle(request, member, editing: true) }
        pages.post("/{id}/articles/{articleID}/delete") { request, member in try removeArticle(request, member) }
    }

    // MARK: on the merchant page

    /// 商家文章: the articles, newest first, each with its 活动时间 and state; a button to write one for its writers.
    /// Nil when there is nothing to list and the viewer may not write.
    func articleSection(_ merchant: Merchant, viewer: Viewer) throws -> Node? {
        let l = viewer.language
        let list = try articles.articles(merchantID: merchant.id)
        let mayWrite = try viewer.user.map { try articles.mayWrite(userID: $0.id, merchant: merchant) } ?? false
        guard !list.isEmpty || mayWrite else { return nil }
        let today = MerchantsAPI.day(clock.now(), in: merchant.timeZone)
        return section(.class("mx-articles"), .id("articles")) {
            h2(.class("list-header")) { MerchantsText.articles(l) }
            if !list.isEmpty {
                ul(.class("mx-list")) {
                    for article in list {
                        li(.class("mx-item")) {
                            a(.class("mx-item-link"), .href("/merchants/\(merchant.id)/articles/\(article.id)")) {
                                span(.class("mx-item-text")) {
                                    span(.class("mx-item-name")) { article.title }
                                    span(.class("mx-item-meta")) { (try? Markdown.render(article.body).summary) ?? "" }
                                    if let period = period(article, l) { span(.class("mx-item-place")) { period } }
                                }
                                if let state = article.state(today: today) { span(.class("mx-item-side")) { stateBadge(state, l) } }
                            }
                        }
                    }
                }
            }
            if mayWrite {
                a(.classes("btn", "btn-secondary", "mx-more"), .href("/merchants/\(merchant.id)/write")) { MerchantsText.writeArticle(l) }
            }
        }
    }

    /// `2026-12-01 至 2026-12-12`, `2026-12-01 起`, `至 2026-12-12`; nil without dates.
    func period(_ article: Article, _ l: Language) -> String? {
        let label = MerchantsText.period(l) + (l == .zh ? "：" : ": ")
        switch (article.validFrom, article.validUntil) {
        case let (from?, until?): return label + (l == .zh ? "\(from) 至 \(until)" : "\(from) to \(until)")
        case let (from?, nil): return label + (l == .zh ? "\(from) 起" : "from \(from)")
        case let (nil, until?): return label + (l == .zh ? "至 \(until)" : "until \(until)")
        case (nil, nil): return nil
        }
    }

    func stateBadge(_ state: ArticleState, _ l: Language) -> Node {
        switch state {
        case .upcoming: span(.classes("mx-badge", "mx-unknown")) { MerchantsText.upcoming(l) }
        case .running: span(.classes("mx-badge", "mx-open")) { MerchantsText.running(l) }
        case .ended: span(.classes("mx-badge", "mx-closed")) { MerchantsText.ended(l) }
        }
    }

    // MARK: one article

    func articlePage(_ request: Request, _ viewer: Viewer) throws -> Response {
        let l = viewer.language
        let merchant: Merchant
        let article: Article
        do {
            merchant = try MerchantsAPI.merchant(request, store: store, l)
            article = try MerchantsAPI.article(request, of: merchant, articles: articles, l)
        } catch let error as HTTPError where error.status == .notFound {
            return page(viewer, title: MerchantsText.articleNotFound(l), status: .notFound) {
                emptyState(icon: .info, title: MerchantsText.articleNotFound(l), message: error.detail)
            }
        }
        let mayWrite = try viewer.user.map { try articles.mayWrite(userID: $0.id, merchant: merchant) } ?? false
        let mayDelete = try viewer.user.map { try articles.mayDelete(userID: $0.id, merchant: merchant) } ?? false
        let body = try Markdown.render(article.body)
        return page(viewer, title: article.title, back: BackLink(href: "/merchants/\(merchant.id)#articles", label: merchant.name)) {
            articleView(title: article.title, body: body, merchant: merchant, article: article, l)
            if mayWrite || mayDelete {
                div(.class("mx-article-tools")) {
                    if mayWrite {
                        a(.classes("btn", "btn-secondary"), .href("/merchants/\(merchant.id)/articles/\(article.id)/edit")) { MerchantsText.editArticle(l) }
                    }
                    postForm(action: "/merchants/\(merchant.id)/articles/\(article.id)/delete", csrfToken: viewer.csrfToken,
                             confirm: MerchantsText.confirmDelete(l)) {
                        WebUI.button(.classes("btn", "btn-destructive"), .type("submit")) { MerchantsText.deleteArticle(l) }
                    }
                }
            }
        }
    }

    /// The article as readers see it (also the editor's preview, where `article` is nil until saved).
    func articleView(title: String, body: RenderedMarkdown, merchant: Merchant, article: Article?, validFrom: String? = nil,
                     validUntil: String? = nil, _ l: Language) -> Node {
        let shown = article ?? Article(id: 0, merchantID: merchant.id, authorID: 0, title: title, body: "", validFrom: validFrom, validUntil: validUntil,
                                       createdAt: Int64(clock.now().timeIntervalSince1970), updatedAt: Int64(clock.now().timeIntervalSince1970))
        return WebUI.article(.class("mx-article")) {
            header(.class("mx-article-head")) {
                h1(.class("mx-article-title")) { title }
                p(.class("mx-article-meta")) {
                    span(.class("mx-official-badge")) { MerchantsText.byMerchant(l) }
                    span { merchant.name + " · " + BeijingTime.date(shown.createdAt, l) }
                    if shown.updatedAt > shown.createdAt { span { " · " + MerchantsText.updated(l) + " " + BeijingTime.date(shown.updatedAt, l) } }
                }
                if let period = period(shown, l) {
                    p(.class("mx-article-period")) {
                        span { period }
                        if let state = shown.state(today: MerchantsAPI.day(clock.now(), in: merchant.timeZone)) { stateBadge(state, l) }
                    }
                }
            }
            // The one place a page embeds markup it did not build with the DSL: libcmark's safe renderer made it from
            // the rewritten tree (raw HTML omitted, text and attributes escaped, images and unsafe links removed).
            div(.class("mx-article-body")) { Node.unsafeRaw(body.html) }
        }
    }

    // MARK: the editor

    func articleEditor(_ request: Request, _ member: SignedIn, editing: Bool) throws -> Response {
        let l = member.viewer.language
        let merchant = try MerchantsAPI.merchant(request, store: store, l)
        let existing = editing ? try MerchantsAPI.article(request, of: merchant, articles: articles, l) : nil
        try MerchantsAPI.requireWriter(articles, userID: member.user.id, merchant, l)
        var values: [String: String] = [:]
        if let existing {
            values = ["title": existing.title, "markdown": existing.body, "validFrom": existing.validFrom ?? "", "validUntil": existing.validUntil ?? ""]
        }
        return editorPage(member.viewer, merchant: merchant, existing: existing, values: values, error: nil, preview: nil)
    }

    func editorPage(_ viewer: Viewer, merchant: Merchant, existing: Article?, values: [String: String], error: HTTPError?,
                    preview: MerchantsAPI.CheckedArticle?) -> Response {
        let l = viewer.language
        let fieldError = { (name: String) in error?.errors.first { $0.field == name }?.message }
        let action = existing.map { "/merchants/\(merchant.id)/articles/\($0.id)/edit" } ?? "/merchants/\(merchant.id)/write"
        let back = existing.map { BackLink(href: "/merchants/\(merchant.id)/articles/\($0.id)", label: $0.title) }
            ?? BackLink(href: "/merchants/\(merchant.id)", label: merchant.name)
        let bodyError = fieldError("markdown")
        return page(viewer, title: existing == nil ? MerchantsText.writeArticle(l) : MerchantsText.editArticle(l), back: back,
                    status: error?.status ?? .ok) {
            if let error, error.errors.isEmpty { errorState(language: l, message: error.detail) }
            if let preview {
                section(.class("mx-article-preview"), .ariaLabel(MerchantsText.preview(l))) {
                    h2(.class("list-header")) { MerchantsText.previewHeader(l) }
                    articleView(title: preview.title, body: preview.rendered, merchant: merchant, article: nil, validFrom: preview.validFrom,
                                validUntil: preview.validUntil, l)
                }
            }
            postForm(action: action, csrfToken: viewer.csrfToken, attributes: [.class("mx-article-form")]) {
                formGroup(footer: MerchantsText.articleRules(l)) {
                    formField(label: MerchantsText.articleTitle(l), name: "title", value: values["title"], error: fieldError("title"), required: true,
                              maxLength: 60)
                    formField(label: MerchantsText.validFrom(l), name: "validFrom", type: .date, value: values["validFrom"], error: fieldError("validFrom"),
                              hint: MerchantsText.optionalDate(l))
                    formField(label: MerchantsText.validUntil(l), name: "validUntil", type: .date, value: values["validUntil"],
                              error: fieldError("validUntil"))
                    div(.classes("field", "field-multiline", bodyError != nil ? "has-error" : nil)) {
                        label(.class("field-label"), .for("field-markdown")) { MerchantsText.articleBody(l) }
                        textarea(.classes("field-input", "mx-article-source"), .id("field-markdown"), .name("markdown"), .rows(14),
                                 .maxlength(Markdown.maxSourceBytes), Attribute.required, .ariaDescribedBy("field-markdown-hint"),
                                 Attribute("aria-invalid", "true").when(bodyError != nil)) { values["markdown"] ?? "" }
                        if let bodyError { p(.class("field-error")) { bodyError } }
                        p(.class("field-hint"), .id("field-markdown-hint")) { MerchantsText.markdownHint(l) }
                    }
                }
                div(.class("mx-article-buttons")) {
                    WebUI.button(.classes("btn", "btn-secondary"), .type("submit"), .name("action"), .value("preview")) { MerchantsText.preview(l) }
                    WebUI.button(.classes("btn", "btn-primary"), .type("submit"), .name("action"), .value("save")) {
                        existing == nil ? MerchantsText.publish(l) : MerchantsText.save(l)
                    }
                }
            }
        }
    }

    /// Preview (`action=preview`: checked and rendered, not stored) or save; a refused field shows on the form.
    func postArticle(_ request: Request, _ member: SignedIn, editing: Bool) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let merchant = try MerchantsAPI.merchant(request, store: store, l)
        let existing = editing ? try MerchantsAPI.article(request, of: merchant, articles: articles, l) : nil
        try MerchantsAPI.requireWriter(articles, userID: member.user.id, merchant, l)
        let form = request.form()
        var values: [String: String] = [:]
        for key in ["title", "markdown", "validFrom", "validUntil"] { values[key] = form[key] ?? "" }
        do {
            let checked = try MerchantsAPI.check(MerchantArticleInput(title: values["title"] ?? "", markdown: values["markdown"] ?? "",
                                                                      validFrom: values["validFrom"], validUntil: values["validUntil"]), l)
            if form["action"] == "preview" {
                return editorPage(viewer, merchant: merchant, existing: existing, values: values, error: nil, preview: checked)
            }
            let saved = try MerchantsAPI.save(checked, existing: existing?.id, merchant: merchant, user: member.user, articles: articles,
                                              now: Int64(clock.now().timeIntervalSince1970), l)
            return viewer.redirect(to: "/merchants/\(merchant.id)/articles/\(saved.id)",
                                   flash: Toast(existing == nil ? MerchantsText.articlePublished(l) : MerchantsText.articleSaved(l), kind: .success))
        } catch let error as HTTPError {
            return editorPage(viewer, merchant: merchant, existing: existing, values: values, error: error, preview: nil)
        }
    }

    func removeArticle(_ request: Request, _ member: SignedIn) throws -> Response {
        let viewer = member.viewer, l = viewer.language
        let merchant = try MerchantsAPI.merchant(request, store: store, l)
        let article = try MerchantsAPI.article(request, of: merchant, articles: articles, l)
        guard try articles.mayDelete(userID: member.user.id, merchant: merchant) else { throw HTTPError.forbidden(MerchantsText.writersOnly(l)) }
        _ = try articles.delete(article, merchant: merchant, by: member.user, now: Int64(clock.now().timeIntervalSince1970))
        return viewer.redirect(to: "/merchants/\(merchant.id)#articles", flash: Toast(MerchantsText.articleDeleted(l), kind: .success))
    }
}

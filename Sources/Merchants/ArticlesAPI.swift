import AppHost
import AppSuiteAPI
import Foundation
import HTTPServer
import Identity
import Markdown
import WebUI

/// `/api/v1/merchants/{id}/articles…`: anyone reads a merchant's articles; its owner (or an admin) writes, changes
/// and deletes them, a moderator may delete one (``ArticleStore``).
extension MerchantsAPI {
    var articles: ArticleStore { ArticleStore(database: store.database) }

    func registerArticles(into api: inout RouteGroup<SessionGuard>) {
        api.anyone.handle(MerchantEndpoints.articles) { call in try articleList(call.request, call.context) }
        api.anyone.handle(MerchantEndpoints.article) { call in try articleDetail(call.request, call.context) }
        api.handle(MerchantEndpoints.publish) { call in try writeArticle(call.request, call.body, call.context, existing: false) }
        api.handle(MerchantEndpoints.replace) { call in try writeArticle(call.request, call.body, call.context, existing: true) }
        api.handle(MerchantEndpoints.delete) { call in try deleteArticle(call.request, call.context) }
    }

    // MARK: checks (shared with the pages)

    /// A checked article: trimmed title, the source, its rendering and the days.
    struct CheckedArticle: Sendable {
        var title: String
        var body: String
        var rendered: RenderedMarkdown
        var validFrom: String?
        var validUntil: String?
    }

    /// Title 1–60 characters on one line; Markdown 1–20,000 bytes (``Markdown/maxSourceBytes``) without control or
    /// invisible characters (``UserText``) and nested at most 16 deep; days `YYYY-MM-DD` (2000–2100), the first not
    /// after the last. - Throws: `422` naming the field.
    static func check(_ input: MerchantArticleInput, _ l: Language) throws(HTTPError) -> CheckedArticle {
        let title = input.title.trimmingCharacters(in: .whitespacesAndNewlines)
        if let refusal = UserText.refusal(title, lines: .single) { throw field("title", refusal.message.zh, refusal.message.en, l) }
        guard (1...60).contains(title.count) else { throw field("title", "标题须为 1 到 60 个字符。", "The title must have 1 to 60 characters.", l) }
        guard !input.markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw field("markdown", "请填写正文。", "Write the text of the article.", l)
        }
        if let refusal = UserText.refusal(input.markdown, lines: .multiple) { throw field("markdown", refusal.message.zh, refusal.message.en, l) }
        let rendered: RenderedMarkdown
        do {
            rendered = try Markdown.render(input.markdown)
        } catch .tooLong(let bytes, let maximum) {
            throw field("markdown", "正文最多 \(maximum) 字节（UTF-8，一个汉字 3 字节），现在是 \(bytes) 字节。",
                        "The text has at most \(maximum) bytes (UTF-8; a Chinese character is 3); this one has \(bytes).", l)
        } catch .tooDeep(let maximum) {
            throw field("markdown", "引用和列表最多嵌套 \(maximum) 层。", "Quotes and lists nest at most \(maximum) levels deep.", l)
        } catch {
            throw HTTPError(.internalServerError, detail: l == .zh ? "无法排版正文。" : "The text could not be rendered.")
        }
        let from = nonEmpty(input.validFrom?.trimmingCharacters(in: .whitespaces))
        let until = nonEmpty(input.validUntil?.trimmingCharacters(in: .whitespaces))
        for (name, value) in [("validFrom", from), ("validUntil", until)] {
            if let value, !isDay(value) {
                throw field(name, "\(name) 须为 2000 到 2100 年间的日期，如 2026-12-12。", "\(name) must be a date from 2000 to 2100, such as 2026-12-12.", l)
            }
        }
        if let from, let until, from > until {
            throw field("validUntil", "结束日期不能早于开始日期。", "The last day must not be before the first.", l)
        }
        return CheckedArticle(title: title, body: input.markdown, rendered: rendered, validFrom: from, validUntil: until)
    }

    private static func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }

    /// `YYYY-MM-DD`, a real Gregorian day in 2000…2100.
    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (2000...2100).contains(year) else { return false }
        return DateComponents(calendar: Calendar(identifier: .gregorian), year: year, month: month, day: day).isValidDate
    }

    /// `date`'s day in `zone`, `YYYY-MM-DD`.
    static func day(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The article `articleID` of `merchant`. - Throws: `404`.
    static func article(_ request: Request, of merchant: Merchant, articles: ArticleStore, _ l: Language) throws -> Article {
        let text = try request.parameter("articleID")
        guard let id = Int64(text), String(id) == text, let article = try articles.article(id, merchantID: merchant.id) else {
            throw HTTPError.notFound(l == .zh ? "这家商户没有 id 为 \(text.prefix(20)) 的文章。" : "This merchant has no article with the id \(text.prefix(20)).")
        }
        return article
    }

    /// 403 unless `userID` may write `merchant`'s articles.
    static func requireWriter(_ articles: ArticleStore, userID: Int64, _ merchant: Merchant, _ l: Language) throws {
        guard try articles.mayWrite(userID: userID, merchant: merchant) else {
            throw HTTPError.forbidden(MerchantsText.writersOnly(l))
        }
    }

    /// Stores a checked article, new (`existing` nil) or changed, as `user`. - Throws: `404` for a vanished article, `403` for a
    /// banned writer, `409` past ``ArticleStore/perMerchant``, `429` with `Retry-After` past ``ArticleStore/perHour``.
    static func save(_ checked: CheckedArticle, existing: Int64?, merchant: Merchant, user: User, articles: ArticleStore, now: Int64,
                     _ l: Language) throws -> Article {
        do {
            if let existing {
                guard let article = try articles.update(existing, merchant: merchant, editor: user, title: checked.title, body: checked.body,
                                                        validFrom: checked.validFrom, validUntil: checked.validUntil, now: now) else {
                    throw HTTPError.notFound(l == .zh ? "这篇文章已被删除。" : "This article was deleted.")
                }
                return article
            }
            return try articles.create(merchant: merchant, author: user, title: checked.title, body: checked.body,
                                       validFrom: checked.validFrom, validUntil: checked.validUntil, now: now)
        } catch ArticleStore.Refusal.full {
            throw HTTPError(.conflict, detail: l == .zh ? "每家商户最多 \(ArticleStore.perMerchant) 篇文章，请先删除旧的。"
                                                        : "A merchant has at most \(ArticleStore.perMerchant) articles; delete an old one first.")
        } catch ArticleStore.Refusal.tooFast(let retryAfter) {
            var headers = HTTPHeaders()
            headers.set("Retry-After", String(retryAfter))
            throw HTTPError(.tooManyRequests, detail: l == .zh ? "每家商户每小时最多发布 \(ArticleStore.perHour) 篇文章。"
                                                              : "At most \(ArticleStore.perHour) new articles per merchant an hour.", headers: headers)
        } catch ArticleStore.Refusal.banned(let until, let reason) {
            throw HTTPError.forbidden(RoleError.banned(until: until, reason: reason).message(l == .zh))
        }
    }

    // MARK: answers

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    static func summaryModel(_ article: Article, today: String) throws -> MerchantArticleSummary {
        MerchantArticleSummary(id: article.id, merchantId: article.merchantID, title: article.title, summary: try Markdown.render(article.body).summary,
                               validFrom: article.validFrom, validUntil: article.validUntil, state: article.state(today: today)?.rawValue,
                               createdAt: date(article.createdAt), updatedAt: date(article.updatedAt))
    }

    static func model(_ article: Article, merchant: Merchant, today: String) throws -> MerchantArticle {
        let rendered = try Markdown.render(article.body)
        return MerchantArticle(id: article.id, merchantId: merchant.id, merchantName: merchant.name, title: article.title, markdown: article.body,
                               html: rendered.html, summary: rendered.summary, validFrom: article.validFrom, validUntil: article.validUntil,
                               state: article.state(today: today)?.rawValue, createdAt: date(article.createdAt), updatedAt: date(article.updatedAt))
    }

    // MARK: handlers

    func articleList(_ request: Request, _ viewer: Viewer) throws -> MerchantArticleList {
        let merchant = try Self.merchant(request, store: store, viewer.language)
        let today = Self.day(clock.now(), in: merchant.timeZone)
        return MerchantArticleList(items: try articles.articles(merchantID: merchant.id).map { try Self.summaryModel($0, today: today) })
    }

    func articleDetail(_ request: Request, _ viewer: Viewer) throws -> MerchantArticle {
        let l = viewer.language
        let merchant = try Self.merchant(request, store: store, l)
        let article = try Self.article(request, of: merchant, articles: articles, l)
        return try Self.model(article, merchant: merchant, today: Self.day(clock.now(), in: merchant.timeZone))
    }

    /// Publishes (`existing` false, `201`) or replaces an article.
    func writeArticle(_ request: Request, _ input: MerchantArticleInput, _ member: SignedIn, existing: Bool) throws -> MerchantArticle {
        let l = member.viewer.language
        let merchant = try Self.merchant(request, store: store, l)
        let current = existing ? try Self.article(request, of: merchant, articles: articles, l) : nil
        try Self.requireWriter(articles, userID: member.user.id, merchant, l)
        let checked = try Self.check(input, l)
        let saved = try Self.save(checked, existing: current?.id, merchant: merchant, user: member.user, articles: articles,
                                  now: Int64(clock.now().timeIntervalSince1970), l)
        return try Self.model(saved, merchant: merchant, today: Self.day(clock.now(), in: merchant.timeZone))
    }

    func deleteArticle(_ request: Request, _ member: SignedIn) throws -> NoContent {
        let l = member.viewer.language
        let merchant = try Self.merchant(request, store: store, l)
        let article = try Self.article(request, of: merchant, articles: articles, l)
        guard try articles.mayDelete(userID: member.user.id, merchant: merchant) else { throw HTTPError.forbidden(MerchantsText.writersOnly(l)) }
        _ = try articles.delete(article, merchant: merchant, by: member.user, now: Int64(clock.now().timeIntervalSince1970))
        return NoContent()
    }
}

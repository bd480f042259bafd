import HTTPServer
import Identity
import WebUI

/// The friendly page for errors a browser (not an API client) gets: what happened, in the user's language,
/// and a way back. The status line and any `Allow`/`Retry-After` headers stay those of the error.
struct ErrorPage: Sendable {
    let authenticator: Authenticator

    func render(_ error: HTTPError, _ request: Request) -> Response {
        // The error may be the database itself: then the page is rendered as for a signed-out visitor.
        let viewer = (try? authenticator.viewer(for: request)) ?? authenticator.signedOutViewer(for: request)
        let language = viewer.language
        let (title, message) = Self.words(for: error)
        return viewer.page(title: title(language), back: BackLink(href: "/", label: Strings.home(language)), error: error) {
            // A write limit's own detail says which limit and how long to wait, in the viewer's language; an error
            // written in both languages (``HTTPError/details``: too many parts in a form …) says what it is about.
            let ownWords = error.details[language.rawValue] ?? (error.status.code == 429 && error.type == "urn:appsuite:problem:rate-limited" ? error.detail : nil)
            errorState(language: language, title: title(language), message: ownWords ?? message?(language) ?? error.detail,
                       retryHref: error.status.code >= 500 && request.method == .get ? viewer.currentURL : nil)
            div(.class("form-actions")) { button(Strings.home(language), style: .secondary, href: "/") }
        }
    }

    /// A problem+json in the reader's language (lang cookie, else Accept-Language) where the server wrote it in English:
    /// the work pool's 429/503 refusals, which a Chinese page's script shows as they come (issue 30), and a detail
    /// written in both languages by code that did not know the reader's (``HTTPError/details``: tester 30 #14).
    func problemWords(_ error: HTTPError, _ request: Request) -> HTTPError {
        let language = authenticator.signedOutViewer(for: request).language
        if let detail = error.details[language.rawValue] {
            var localized = error
            localized.detail = detail
            return localized
        }
        guard let words = ErrorText.problems[error.type] else { return error }
        var localized = error
        localized.title = words.title(language)
        localized.detail = words.detail(language)
        return localized
    }

    /// The title and message for `error`'s status (a 403 by its type: a failed CSRF check, or not allowed); no
    /// message: the page shows the error's own detail.
    static func words(for error: HTTPError) -> (LocalizedText, LocalizedText?) {
        switch error.status.code {
        case 400: (ErrorText.badRequest, ErrorText.badRequestMessage)
        case 401: (ErrorText.unauthorized, ErrorText.unauthorizedMessage)
        case 403 where error.type == ErrorText.csrfType: (ErrorText.forbidden, ErrorText.csrfMessage)
        case 403: (ErrorText.forbidden, ErrorText.forbiddenMessage)
        case 404: (Strings.notFound, ErrorText.notFoundMessage)
        case 405: (ErrorText.methodNotAllowed, ErrorText.methodNotAllowedMessage)
        case 413: (ErrorText.tooLarge, ErrorText.tooLargeMessage)
        case 429: (ErrorText.tooManyRequests, ErrorText.tooManyRequestsMessage)
        case 431: (ErrorText.headersTooLarge, ErrorText.headersTooLargeMessage)
        case 500...: (Strings.error, ErrorText.serverErrorMessage)
        default: (Strings.error, nil)
        }
    }
}

/// The error page's words, Chinese first.
enum ErrorText {
    static let badRequest = LocalizedText(zh: "请求无效", en: "Bad request")
    static let badRequestMessage = LocalizedText(zh: "地址或表单中有无效的内容，请返回重试。", en: "Something in the address or the form is not valid. Go back and try again.")
    static let unauthorized = LocalizedText(zh: "需要登录", en: "Log in first")
    static let unauthorizedMessage = LocalizedText(zh: "请先登录再继续。", en: "Log in to continue.")
    static let forbidden = LocalizedText(zh: "无法完成操作", en: "Not allowed")
    /// The problem type of a failed CSRF check (`Authenticator.verifyCSRF`): the one 403 that reloading can cure.
    static let csrfType = "urn:appsuite:problem:csrf"
    static let csrfMessage = LocalizedText(zh: "页面已过期或来源不可信，请返回刷新后重试。", en: "The page expired or the request did not come from this site. Go back, reload and try again.")
    /// Any other 403 (tester 31c #6): the account may not see this page or do this, e.g. a plain user on the moderation
    /// queue or editing someone else's review.
    static let forbiddenMessage = LocalizedText(zh: "你没有权限查看这个页面或执行这个操作。", en: "Your account is not allowed to see this page or do this.")
    static let notFoundMessage = LocalizedText(zh: "找不到这个页面，它可能已被删除或地址有误。", en: "This page does not exist. It may have been removed, or the address is wrong.")
    static let methodNotAllowed = LocalizedText(zh: "不支持的操作", en: "Not supported")
    static let methodNotAllowedMessage = LocalizedText(zh: "这个页面不支持这种请求。", en: "This page does not accept this kind of request.")
    static let tooLarge = LocalizedText(zh: "内容太大", en: "Too large")
    static let tooLargeMessage = LocalizedText(zh: "提交的内容或文件超过了大小上限，请换一个更小的文件。", en: "What you sent is larger than the limit. Try a smaller file.")
    static let tooManyRequests = LocalizedText(zh: "操作太频繁", en: "Too many requests")
    static let tooManyRequestsMessage = LocalizedText(zh: "请稍后再试。", en: "Please wait a moment and try again.")
    static let headersTooLarge = LocalizedText(zh: "请求头太大", en: "Headers too large")
    static let headersTooLargeMessage = LocalizedText(zh: "浏览器发送的 Cookie 太多，请清除本站 Cookie 后重试。", en: "Your browser sent too many cookies. Clear this site's cookies and try again.")
    /// The server's own refusals by problem type: title and detail (``WorkPoolError``).
    static let problems: [String: (title: LocalizedText, detail: LocalizedText)] = [
        WorkPoolError.busyType: (LocalizedText(zh: "服务器繁忙", en: "Service Unavailable"),
                                 LocalizedText(zh: "服务器正忙于处理耗时的任务，请过几秒再试。", en: "The server is busy with slow work; try again in a few seconds.")),
        WorkPoolError.waitingType: (LocalizedText(zh: "操作太频繁", en: "Too Many Requests"),
                                    LocalizedText(zh: "你已有不少耗时的请求在排队，请等它们完成后再试。",
                                                  en: "You already have many slow requests waiting; try again when they are done.")),
        WorkPoolError.lateType: (LocalizedText(zh: "服务器繁忙", en: "Service Unavailable"),
                                 LocalizedText(zh: "服务器太忙，没能及时开始处理，请稍后再试。", en: "The server was too busy to start this in time; try again in a moment.")),
    ]
    static let serverErrorMessage = LocalizedText(zh: "服务器暂时无法处理这个请求，请稍后重试。", en: "The server could not handle this request. Please try again in a moment.")
}

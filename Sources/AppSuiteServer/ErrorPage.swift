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
        let (title, message) = Self.text(for: error.status.code, language)
        return viewer.page(title: title, back: BackLink(href: "/", label: Strings.home(language)), status: error.status) {
            errorState(language: language, title: title, message: message ?? error.detail,
                       retryHref: error.status.code >= 500 && request.method == .get ? viewer.currentURL : nil)
            div(.class("form-actions")) { button(Strings.home(language), style: .secondary, href: "/") }
        }
    }

    static func text(for status: Int, _ language: Language) -> (String, String?) {
        let zh = language == .zh
        switch status {
        case 403: return (zh ? "无法完成操作" : "Not allowed", zh ? "页面已过期或来源不可信，请返回刷新后重试。" : "The page expired or the request did not come from this site. Go back, reload and try again.")
        case 404: return (Strings.notFound(language), zh ? "找不到这个页面，它可能已被删除或地址有误。" : "This page does not exist. It may have been removed, or the address is wrong.")
        case 405: return (zh ? "不支持的操作" : "Not supported", zh ? "这个页面不支持这种请求。" : "This page does not accept this kind of request.")
        case 413: return (zh ? "内容太大" : "Too large", zh ? "提交的内容或文件超过了大小上限，请换一个更小的文件。" : "What you sent is larger than the limit. Try a smaller file.")
        case 429: return (zh ? "操作太频繁" : "Too many attempts", zh ? "请稍后再试。" : "Please wait a moment and try again.")
        case 431: return (zh ? "请求头太大" : "Headers too large", zh ? "浏览器发送的 Cookie 太多，请清除本站 Cookie 后重试。" : "Your browser sent too many cookies. Clear this site's cookies and try again.")
        case 500...: return (Strings.error(language), zh ? "服务器暂时无法处理这个请求，请稍后重试。" : "The server could not handle this request. Please try again in a moment.")
        default: return (Strings.error(language), nil)
        }
    }
}

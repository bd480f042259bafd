public import HTTPServer
public import WebUI

extension HTTPError {
    /// `status` with `detail` in both languages, for code that does not know the reader's language (a cursor check in a
    /// store, a query parser): the server answers in the request's (``HTTPError/details``; Chinese when neither).
    public init(_ status: HTTPStatus, localized detail: LocalizedText) {
        self.init(status, detail: detail.zh)
        details = [Language.zh.rawValue: detail.zh, Language.en.rawValue: detail.en]
    }
}

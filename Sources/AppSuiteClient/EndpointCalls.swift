public import AppSuiteAPI
import Foundation

/// The SDK's one way to call any endpoint declared in `AppSuiteAPI`: the path, query, body and answer types come
/// from the declaration, so every endpoint the server serves can be called, and with the types it serves.
///
/// ```swift
/// let page = try await client.call(MerchantEndpoints.nearby, query: .init(lat: 31.23, lon: 121.47))
/// let merchant = try await client.call(MerchantEndpoints.merchant, path: ["id": 1148], query: .init())
/// ```
///
/// Errors: ``AppSuiteError/problem(_:)`` with the server's problem (a `422` names the field, a `429` carries
/// `Retry-After`, which idempotent calls wait out by ``RetryPolicy``), ``AppSuiteError/transport(_:)``, and
/// ``AppSuiteError/invalidRequest(_:)`` for a path without a value for each `{name}`.
extension AppSuiteClient {
    /// Calls `endpoint` with a query and a JSON body.
    public func call<Query, Body, Answer>(_ endpoint: Endpoint<Query, Body, Answer>, path: [String: any CustomStringConvertible & Sendable] = [:],
                                          query: Query, body: Body) async throws(AppSuiteError) -> Answer {
        var call = Call(Route(endpoint), path: path, query: query.queryItems.map { ($0.name, $0.value) })
        if Body.self != NoBody.self { call = try call.json(body) }
        return try await answer(call, as: Answer.self, produces: endpoint.produces)
    }

    /// Calls an endpoint that takes a JSON body and no query.
    public func call<Body, Answer>(_ endpoint: Endpoint<NoQuery, Body, Answer>, path: [String: any CustomStringConvertible & Sendable] = [:],
                                   body: Body) async throws(AppSuiteError) -> Answer {
        try await call(endpoint, path: path, query: NoQuery(), body: body)
    }

    /// Calls an endpoint that takes a query and no body.
    public func call<Query, Answer>(_ endpoint: Endpoint<Query, NoBody, Answer>, path: [String: any CustomStringConvertible & Sendable] = [:],
                                    query: Query) async throws(AppSuiteError) -> Answer {
        try await call(endpoint, path: path, query: query, body: NoBody())
    }

    /// Calls an endpoint that takes neither a query nor a body.
    public func call<Answer>(_ endpoint: Endpoint<NoQuery, NoBody, Answer>,
                             path: [String: any CustomStringConvertible & Sendable] = [:]) async throws(AppSuiteError) -> Answer {
        try await call(endpoint, path: path, query: NoQuery(), body: NoBody())
    }

    /// Every item of a keyset-paged `GET` endpoint: `query` first, then with `cursor` set to each answer's
    /// `nextCursor` until an answer has none (``PagedSequence``: a repeated cursor is an error).
    ///
    /// ```swift
    /// for try await app in client.all(AppDealsEndpoints.apps, query: .init(tab: .hot, limit: 100),
    ///                                 cursor: \.cursor, items: \.items, nextCursor: \.nextCursor) { … }
    /// ```
    public func all<Query, Answer, Item: Sendable>(_ endpoint: Endpoint<Query, NoBody, Answer>,
                                                   path: [String: any CustomStringConvertible & Sendable] = [:], query: Query,
                                                   cursor: any WritableKeyPath<Query, String?> & Sendable,
                                                   items: any KeyPath<Answer, [Item]> & Sendable,
                                                   nextCursor: any KeyPath<Answer, String?> & Sendable) -> PagedSequence<Item> {
        PagedSequence { [self] next throws(AppSuiteError) in
            var query = query
            query[keyPath: cursor] = next
            let page = try await call(endpoint, path: path, query: query)
            return (page[keyPath: items], page[keyPath: nextCursor])
        }
    }

    /// Calls an upload endpoint: `files` under their field names, streamed from disk or memory as a
    /// `multipart/form-data` body, `progress` told as bytes go out.
    public func upload<Query, Form: UploadForm, Answer>(_ endpoint: Endpoint<Query, Form, Answer>,
                                                        path: [String: any CustomStringConvertible & Sendable] = [:], query: Query,
                                                        files: [(field: String, file: UploadFile)], fields: [(name: String, value: String)] = [],
                                                        progress: UploadProgressHandler? = nil) async throws(AppSuiteError) -> Answer {
        let body = try MultipartBody(files, fields: fields)
        defer { try? FileManager.default.removeItem(at: body.file) }
        let call = Call(Route(endpoint), path: path, query: query.queryItems.map { ($0.name, $0.value) })
        return try await answer(call.multipart(body, progress: progress), as: Answer.self, produces: endpoint.produces)
    }

    /// Sends `call` and reads its success as the endpoint's answer: nothing for ``NoContent``, the bytes for a
    /// ``BinaryFile`` (which must be of the media type the endpoint `produces`, else
    /// ``AppSuiteError/unexpectedResponse(_:)``), else the JSON model.
    private func answer<Answer: Decodable>(_ call: Call, as type: Answer.Type, produces: String?) async throws(AppSuiteError) -> Answer {
        var call = call
        if let produces { call.accept = produces + ", application/problem+json" }
        let response = try await response(call)
        if let none = NoContent() as? Answer { return none }
        if Answer.self == BinaryFile.self, let file = Self.file(response) as? Answer {
            guard let produces, response.mediaType == produces else { throw Self.unexpected(response, produces ?? "a file") }
            return file
        }
        return try Self.decode(Answer.self, from: response)
    }

    /// A file answer: its bytes, media type and the name of its `Content-Disposition` (RFC 6266), if any.
    static func file(_ response: HTTPResponse) -> BinaryFile {
        let disposition = response.header("Content-Disposition") ?? ""
        let filename = disposition.range(of: "filename=\"").map { range in
            String(disposition[range.upperBound...].prefix { $0 != "\"" })
        }
        return BinaryFile(data: response.body, contentType: response.mediaType ?? "application/octet-stream", filename: filename)
    }
}

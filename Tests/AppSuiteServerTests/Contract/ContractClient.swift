import AppSuiteAPI
import AppSuiteTesting
import Foundation
import HTTPServer

/// What one contract run saw: every exchange by route, every failure, and the shape of every model met.
struct ContractRun: Sendable {
    /// What an answer was held to.
    enum Answer: Sendable, Equatable {
        /// A JSON body decoded strictly into this component's model.
        case model(String)
        /// An RFC 9457 problem, decoded strictly into `Problem`.
        case problem
        case noContent
        /// Bytes of this media type (images).
        case bytes(String)
        /// The OpenAPI document itself.
        case document
    }

    struct Exchange: Sendable {
        var method: String
        var template: String
        var status: Int
        var answer: Answer
        /// The component of the JSON request body sent, if any.
        var requestModel: String?
        var route: String { "\(method) \(template)" }
    }

    var exchanges: [Exchange]
    var failures: [String]
    var shapes: [String: ModelShape]
    /// `METHOD pattern` of every route the server mounted under `/api/`, and `/healthz`.
    var routes: [String]
    /// `/api/openapi.json` as served.
    var document: [String: Any] { (try? JSONSerialization.jsonObject(with: documentBytes) as? [String: Any]) ?? [:] }
    var documentBytes: Data
}

/// A client for the contract run: sends each request on a fresh connection, checks the status and media type,
/// decodes the body strictly (``StrictJSON``) into the model the call names, and records the exchange.
final class ContractClient {
    enum Body {
        case none
        /// A wire model, sent as `application/json` with ``APICoding``.
        case model(any Encodable)
        /// Bytes as they are, with this `Content-Type` (malformed JSON, another media type).
        case raw([UInt8], contentType: String)
        /// `multipart/form-data` files: field name, file name, bytes.
        case files([(field: String, filename: String, bytes: [UInt8])])
    }

    typealias Values = [String: any CustomStringConvertible & Sendable]

    let server: TestServer
    private(set) var exchanges: [ContractRun.Exchange] = []
    private(set) var failures: [String] = []
    private(set) var shapes: [String: ModelShape] = [:]

    init(server: TestServer) { self.server = server }

    /// Expects `status` (2xx) with a JSON body of `model`; returns the decoded model.
    @discardableResult
    func call<Model: Decodable>(_ method: String, _ template: String, _ values: Values = [:], query: [(String, String)] = [],
                                body: Body = .none, token: String? = nil, status: Int = 200, as model: Model.Type) -> Model? {
        guard let reply = exchange(method, template, values, query: query, body: body, token: token, status: status,
                                   answer: .model(JSONSchema.componentName(model))) else { return nil }
        return decode(model, reply, method, template)
    }

    /// Expects an error `status` answered as an RFC 9457 problem.
    @discardableResult
    func problem(_ method: String, _ template: String, _ values: Values = [:], query: [(String, String)] = [], body: Body = .none,
                 token: String? = nil, status: Int) -> Problem? {
        guard let reply = exchange(method, template, values, query: query, body: body, token: token, status: status, answer: .problem)
        else { return nil }
        guard reply.headers["content-type"]?.hasPrefix("application/problem+json") == true else {
            failures.append("\(method) \(template) \(status): Content-Type \(reply.headers["content-type"] ?? "none"), not application/problem+json")
            return nil
        }
        let problem = decode(Problem.self, reply, method, template)
        if let problem, problem.status != status { failures.append("\(method) \(template): the problem says status \(problem.status), the reply \(status)") }
        return problem
    }

    /// Expects `204 No Content` with an empty body.
    func noContent(_ method: String, _ template: String, _ values: Values = [:], body: Body = .none, token: String? = nil) {
        guard let reply = exchange(method, template, values, query: [], body: body, token: token, status: 204, answer: .noContent) else { return }
        if !reply.body.isEmpty { failures.append("\(method) \(template): 204 with \(reply.body.count) body bytes") }
    }

    /// Expects `200` with a body of a media type starting with `mediaType` (`image/`); a GET unless `method` says otherwise.
    func bytes(_ template: String, _ values: Values, query: [(String, String)] = [], body: Body = .none, token: String?, mediaType: String,
               method: String = "GET") {
        guard let reply = exchange(method, template, values, query: query, body: body, token: token, status: 200, answer: .bytes(mediaType))
        else { return }
        let type = reply.headers["content-type"] ?? ""
        if !type.hasPrefix(mediaType) || reply.body.isEmpty {
            failures.append("\(method) \(template): \(reply.body.count) bytes of \(type), expected \(mediaType)…")
        }
    }

    /// Expects the OpenAPI document; returns its bytes.
    func document() -> Data? {
        guard let reply = exchange("GET", APIPath.openAPI, [:], query: [], body: .none, token: nil, status: 200, answer: .document) else { return nil }
        return Data(reply.body)
    }

    func run(routes: [String], document: Data) -> ContractRun {
        ContractRun(exchanges: exchanges, failures: failures, shapes: shapes, routes: routes, documentBytes: document)
    }

    // MARK: internals

    private func decode<Model: Decodable>(_ model: Model.Type, _ reply: RawHTTPClient.Reply, _ method: String, _ template: String) -> Model? {
        do {
            let value = try StrictJSON.decode(model, from: reply.body)
            ModelShape.collect(value, into: &shapes)
            return value
        } catch {
            failures.append("\(method) \(template) \(reply.status): \(error) — \(reply.text.prefix(400))")
            return nil
        }
    }

    private func exchange(_ method: String, _ template: String, _ values: Values, query: [(String, String)], body: Body, token: String?,
                          status: Int, answer: ContractRun.Answer) -> RawHTTPClient.Reply? {
        var path = APIPath.filled(template, values)
        if !query.isEmpty {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            path += "?" + query.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }.joined(separator: "&")
        }
        var headers = ["Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer " + token }
        var bytes: [UInt8] = []
        var requestModel: String?
        switch body {
        case .none: break
        case .model(let model):
            do { bytes = Array(try APICoding.makeEncoder().encode(model)) } catch {
                failures.append("\(method) \(template): cannot encode the request: \(error)")
                return nil
            }
            headers["Content-Type"] = "application/json"
            requestModel = JSONSchema.componentName(type(of: model))
            ModelShape.collect(model, into: &shapes)
        case .raw(let raw, let contentType):
            bytes = raw
            headers["Content-Type"] = contentType
        case .files(let files):
            let multipart = TestServer.multipart(files.map { MultipartFile(field: $0.field, filename: $0.filename, bytes: $0.bytes) })
            bytes = multipart.body
            headers.merge(multipart.headers) { $1 }
        }
        exchanges.append(ContractRun.Exchange(method: method, template: template, status: status, answer: answer, requestModel: requestModel))
        let reply: RawHTTPClient.Reply
        do {
            reply = try server.request(method, path, headers: headers, body: bytes)
        } catch {
            failures.append("\(method) \(path): no answer (\(error))")
            return nil
        }
        guard reply.status == status else {
            failures.append("\(method) \(path): \(reply.status), expected \(status) — \(reply.text.prefix(400))")
            exchanges.removeLast()
            return nil
        }
        if case .model = answer, reply.headers["content-type"]?.hasPrefix("application/json") != true {
            failures.append("\(method) \(path): Content-Type \(reply.headers["content-type"] ?? "none"), not application/json")
        }
        return reply
    }
}

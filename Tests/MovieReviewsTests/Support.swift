import AppHost
import AppSuiteServer
import Foundation
import HTTPTestSupport
import Testing

/// The real data (see `TestData`).
enum SharedData {
    static var movies: URL { TestData.folder("movies") }

    /// Rows of a CSV file as dictionaries, parsed with Python-free RFC 4180 rules (a tiny independent reader).
    static func rows(_ file: String) throws -> [[String: String]] {
        let data = try Data(contentsOf: movies.appendingPathComponent(file))
        var records: [[String]] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        let bytes = Array(data)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == 34 { if i + 1 < bytes.count && bytes[i + 1] == 34 { field.append(34); i += 1 } else { quoted = false } } else { field.append(b) }
            } else if b == 34 { quoted = true }
            else if b == 44 { fields.append(String(decoding: field, as: UTF8.self)); field = [] }
            else if b == 10 { fields.append(String(decoding: field, as: UTF8.self)); field = []; records.append(fields); fields = [] }
            else if b != 13 { field.append(b) }
            i += 1
        }
        if !field.isEmpty || !fields.isEmpty { fields.append(String(decoding: field, as: UTF8.self)); records.append(fields) }
        let header = records.removeFirst()
        return records.map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }
}

/// One real AppSuite with the movies data imported, shared by the HTTP tests of this target.
final class MovieServer: Sendable {
    static let shared: MovieServer = {
        do { return try MovieServer() } catch { fatalError("cannot start the test server: \(error)") }
    }()

    let suite: AppSuite
    let dataDirectory: String
    var port: UInt16 { suite.port }

    init() throws {
        dataDirectory = NSTemporaryDirectory() + "movies-test-\(UUID().uuidString)"
        var configuration = AppSuiteConfiguration()
        configuration.port = 0
        configuration.dataDirectory = dataDirectory
        configuration.isAccessLogEnabled = false
        suite = try AppSuite(configuration: configuration)
        guard let importer = suite.importer(for: "movies") else { throw TestError("no movies importer") }
        _ = try importer.importData(from: SharedData.movies) { _ in }
        try suite.start()
    }

    func get(_ path: String, token: String? = nil, headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        var all = headers
        if let token { all["Authorization"] = "Bearer " + token }
        return try RawHTTPClient.request(port: port, "GET", path, headers: all)
    }

    func send(_ method: String, _ path: String, json: String, token: String? = nil, headers: [String: String] = [:]) throws -> RawHTTPClient.Reply {
        var all = headers
        all["Content-Type"] = "application/json"
        if let token { all["Authorization"] = "Bearer " + token }
        return try RawHTTPClient.request(port: port, method, path, headers: all, body: Array(json.utf8))
    }

    /// Registers a fresh user over the API and returns the bearer token.
    func register(_ prefix: String) throws -> String {
        let name = prefix + String(UUID().uuidString.prefix(6)).lowercased()
        let reply = try send("POST", "/api/v1/auth/register", json: #"{"username":"\#(name)","password":"correct horse battery"}"#)
        guard reply.status == 201, let token = (try JSON.object(reply))["token"] as? String else {
            throw TestError("register: \(reply.status) \(reply.text)")
        }
        return token
    }
}

enum JSON {
    static func object(_ reply: RawHTTPClient.Reply) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any] else {
            throw TestError("not a JSON object: \(reply.text.prefix(300))")
        }
        return object
    }

    static func string(_ value: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [value], options: [.withoutEscapingSlashes])
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }
}

struct TestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

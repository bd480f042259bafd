import AppSuiteAPI
import Foundation

extension RawHTTPClient.Reply {
    /// The body as a JSON object.
    /// - Throws: ``TestFailure`` quoting the start of the body when it is not one.
    public func json() throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw TestFailure("not a JSON object (\(status)): \(text.prefix(300))")
        }
        return object
    }

    /// The body decoded as the API encodes it (`APICoding`: ISO 8601 dates).
    public func decode<Model: Decodable>(_ type: Model.Type) throws -> Model {
        try APICoding.makeDecoder().decode(type, from: Data(body))
    }
}

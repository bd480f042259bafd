public import Foundation

/// The query of an endpoint that reads none.
public struct NoQuery: QueryDecodable, Equatable {
    public init() {}
    public init(from query: inout QueryReader) throws(QueryError) {}
}

/// The body of an endpoint that reads none.
public struct NoBody: Codable, Sendable, Equatable {
    public init() {}
}

/// The answer of an endpoint that answers `204 No Content`.
public struct NoContent: Codable, Sendable, Equatable {
    public init() {}
}

/// A file answer (a zip export, an original photo): the bytes and their media type. The endpoint names the
/// media type it produces (``Endpoint/produces``).
public struct BinaryFile: Codable, Sendable, Equatable {
    public var data: Data
    /// The answer's `Content-Type`.
    public var contentType: String
    /// The file name of `Content-Disposition`, when the server gave one.
    public var filename: String?

    public init(data: Data, contentType: String, filename: String? = nil) {
        self.data = data
        self.contentType = contentType
        self.filename = filename
    }
}

/// The parts an upload endpoint accepts: a `multipart/form-data` body (RFC 7578) of files and short text
/// fields, described for the OpenAPI document. The client streams the files from disk or memory
/// (`AppSuiteClient.upload`); the server streams them to disk and hands the handler the parsed form.
public protocol UploadForm: Codable, Sendable {
    static var fields: [MultipartField] { get }
}

/// One field of an ``UploadForm``, as the OpenAPI document describes it.
public struct MultipartField: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Up to `maxCount` files under this name, each at most `maxBytes`.
        case files(maxCount: Int, maxBytes: Int)
        /// One text value of at most `maxLength` characters.
        case text(maxLength: Int)
    }

    public let name: String
    public let kind: Kind
    public let isRequired: Bool
    public let description: String

    public init(_ name: String, _ kind: Kind, required: Bool = false, _ description: String) {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.description = description
    }
}

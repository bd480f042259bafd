import APIKit
import CZlib
import Foundation

/// Turns an endpoint handler's ``Reply`` into the response: the JSON answer (or `204`) with the endpoint's
/// status, then its cache policy — `Cache-Control`, and for a cached `GET` a weak `ETag` with `304` when the
/// request's `If-None-Match` names it.
enum EndpointAnswer {
    /// `revalidate` false leaves out the `304` (a ``ResponseCache`` keeping the answer checks `If-None-Match` itself).
    static func response<Query, Body, Answer>(_ reply: Reply<Answer>, for endpoint: Endpoint<Query, Body, Answer>, request: Request,
                                              signedIn: Bool, revalidate: Bool = true) throws -> Response {
        let status = reply.status ?? HTTPStatus.named(endpoint.status)
        switch reply.kind {
        case .answer(let answer):
            var response = try encode(answer, status: status)
            finish(&response, reply.headers, endpoint.cache, request: request, signedIn: signedIn, revalidate: revalidate)
            return response
        case .encoded(let bytes):
            var response = Response.json(bytes, status: status)
            finish(&response, reply.headers, endpoint.cache, request: request, signedIn: signedIn, revalidate: revalidate)
            return response
        case .offloaded(let key, let lane, let work):
            return .offloaded(key: key, lane: lane) {
                var response = try encode(try work(), status: status)
                finish(&response, reply.headers, endpoint.cache, request: request, signedIn: signedIn, revalidate: revalidate)
                return response
            }
        case .response(var response):
            // An offloaded answer from a kept endpoint's handler (``ResponseCache`` made nothing to keep): finished when it runs.
            guard response.offload == nil else { return response }
            finish(&response, reply.headers, endpoint.cache, request: request, signedIn: signedIn, revalidate: revalidate)
            return response
        }
    }

    /// `204` for ``NoContent``, else the answer as JSON (``APICoding``).
    static func encode<Answer: Encodable>(_ answer: Answer, status: HTTPStatus) throws -> Response {
        if Answer.self == NoContent.self { return Response(status: .noContent) }
        return .json(Array(try APICoding.makeEncoder().encode(answer)), status: status)
    }

    private static func finish(_ response: inout Response, _ headers: HTTPHeaders, _ cache: CachePolicy, request: Request, signedIn: Bool,
                               revalidate: Bool) {
        for (name, value) in headers { response.headers.set(name, value) }
        guard !response.headers.contains("Cache-Control") else { return }
        response.headers.set("Cache-Control", cache.cacheControl(signedIn: signedIn))
        guard cache != .noStore, request.method == .get || request.method == .head, response.status == .ok,
              case .bytes(let bytes) = response.body
        else { return }
        let tag = EntityTag.weak(of: bytes)
        response.headers.set("ETag", tag)
        response.headers.add("Vary", "Accept-Language")
        if revalidate, EntityTag.matches(request.headers["If-None-Match"], tag) {
            response.status = .notModified
            response.body = .bytes([])
            response.headers.remove("Content-Type")
        }
    }
}

/// An endpoint's answer encoded as the server sends it (``APICoding``), for a handler that keeps answers it made
/// and sends one again with ``Reply/encoded(_:headers:)``.
public struct EncodedAnswer<Answer>: Sendable {
    /// The JSON bytes.
    public let bytes: [UInt8]

    public init(_ answer: Answer) throws where Answer: Encodable {
        bytes = Array(try APICoding.makeEncoder().encode(answer))
    }
}

/// Entity tags (RFC 9110 §8.8.3) and the `If-None-Match` test (§13.1.2), which uses weak comparison.
enum EntityTag {
    /// `W/"<length>-<crc32>-<adler32>"` of the bytes (zlib's checksums; the tag only has to change when the
    /// bytes do).
    static func weak(of bytes: [UInt8]) -> String {
        let (crc, adler) = bytes.withUnsafeBufferPointer { buffer in
            (crc32(0, buffer.baseAddress, uInt(buffer.count)), adler32(1, buffer.baseAddress, uInt(buffer.count)))
        }
        return "W/\"\(String(bytes.count, radix: 16))-\(String(crc, radix: 16))-\(String(adler, radix: 16))\""
    }

    /// True when `ifNoneMatch` is `*` or lists `tag` (weakly: `W/` ignored on both). A malformed header
    /// matches nothing, so the full answer is sent.
    static func matches(_ ifNoneMatch: String?, _ tag: String) -> Bool {
        guard let ifNoneMatch, ifNoneMatch.utf8.count <= 4_096 else { return false }
        let opaque = tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...]
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingSpaces()
            if trimmed == "*" { return true }
            return (trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed[...]) == opaque
        }
    }
}

extension HTTPStatus {
    /// The status with its standard reason phrase, for codes an endpoint declares.
    static func named(_ code: Int) -> HTTPStatus {
        switch code {
        case 200: .ok
        case 201: .created
        case 202: .accepted
        case 204: .noContent
        default: HTTPStatus(code, "Success")
        }
    }
}

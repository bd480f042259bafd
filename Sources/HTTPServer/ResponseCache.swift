/// How a route keeps its answers, declared where the route is: `pages.anyone.get("", keep: .until(validity))`,
/// `api.anyone.handle(endpoint, keep: .until(validity, maxAge: .seconds(60)))`. The route group then serves a
/// signed-out visitor's `GET` from a ``ResponseCache``: the answer is made once per data version, key and
/// variant (language, and theme for pages: ``RouteGuard/sharedVariant(_:kind:)``), kept with its gzip and ETag,
/// and served as a copy of those bytes, or `304` when the request's `If-None-Match` names the tag.
///
/// Opt a route in only when its answer to a signed-out visitor depends on nothing but the key (path ids, an
/// endpoint's decoded query) and the variant — not on a cookie the handler reads itself (a stored profile), not
/// on the clock beyond ``CacheLimits/maxAge``. Signed-in visitors, visitors with a message to show, and answers
/// that read the visitor's CSRF token (a form) are always made afresh.
public struct Keep: Sendable {
    public var limits: CacheLimits
    public var validity: CacheValidity
    /// The `Cache-Control` of a kept answer; nil keeps the handler's (an endpoint's ``CachePolicy``). Pages use
    /// `private, no-cache`: the browser keeps the page and asks with its ETag each time (a `304` sends nothing).
    public var cacheControl: String?

    public init(limits: CacheLimits, validity: CacheValidity, cacheControl: String? = nil) {
        self.limits = limits
        self.validity = validity
        self.cacheControl = cacheControl
    }

    /// Kept until `validity` changes (or `maxAge` passes): at most `entries` answers and `megabytes` MB.
    public static func until(_ validity: CacheValidity, entries: Int = 256, megabytes: Int = 8, maxAge: Duration? = nil) -> Keep {
        Keep(limits: CacheLimits(entries: entries, bytes: megabytes << 20, maxAge: maxAge), validity: validity)
    }
}

/// An answer as a ``ResponseCache`` keeps it: the headers to send, the body and its gzip (level 9, made once),
/// and its weak entity tag.
struct KeptResponse: Sendable {
    /// Bodies at least this large of a compressible type are kept gzipped too (``ServerConfiguration/compressionMinimumSize``'s default).
    static let compressionMinimumSize = 1024

    let headers: HTTPHeaders
    let body: [UInt8]
    let gzip: [UInt8]?
    let tag: String

    /// The keepable form of `response`: a `200` with bytes in memory that sets no cookie; nil for anything else.
    init?(_ response: Response, cacheControl: String?) {
        guard response.status == .ok, response.offload == nil, case .bytes(let bytes) = response.body,
              !response.headers.contains("Set-Cookie"), !response.headers.contains("Content-Encoding")
        else { return nil }
        var headers = response.headers
        if let cacheControl { headers.set("Cache-Control", cacheControl) }
        let tag = headers["ETag"] ?? EntityTag.weak(of: bytes)
        headers.set("ETag", tag)
        if bytes.count >= Self.compressionMinimumSize, Gzip.isCompressible(headers["Content-Type"]), let compressed = Gzip.compress(bytes, level: 9) {
            gzip = compressed
            headers.add("Vary", "Accept-Encoding")
        } else {
            gzip = nil
        }
        self.headers = headers
        body = bytes
        self.tag = tag
    }

    /// Bytes held: both bodies and the headers.
    var cost: Int { body.count + (gzip?.count ?? 0) + headers.fields.reduce(64) { $0 + $1.name.utf8.count + $1.value.utf8.count + 32 } }

    /// The response to `request`: `304` when its `If-None-Match` names the tag (malformed: ignored), else the
    /// body, gzipped when the client accepts gzip and a gzip is kept.
    func response(to request: Request) -> Response {
        var response = Response(status: .ok, headers: headers, body: .bytes(body))
        if EntityTag.matches(request.headers["If-None-Match"], tag) {
            response.status = .notModified
            response.body = .bytes([])
            response.headers.remove("Content-Type")
        } else if let gzip, Gzip.isAccepted(request.headers["Accept-Encoding"]) {
            response.body = .bytes(gzip)
            response.headers.set("Content-Encoding", "gzip")
        }
        return response
    }
}

/// Answers kept per key and variant for a route (``Keep``): a ``BoundedCache`` of ``KeptResponse``s, so bounded in
/// answers and bytes, invalidated by data versions and stamped before the answer is made.
public final class ResponseCache<Key: Hashable & Sendable>: Sendable {
    private struct Slot: Hashable, Sendable {
        let key: Key
        let variant: String
    }

    private let cache: BoundedCache<Slot, KeptResponse>
    private let cacheControl: String?

    public init(_ name: String, _ keep: Keep) {
        cache = BoundedCache(name, limits: keep.limits, validity: keep.validity, cost: { $0.cost })
        cacheControl = keep.cacheControl
    }

    /// The answer to `request` (a `GET` or `HEAD`) for `key` in `variant`: kept, or made by `make` and kept when
    /// `make` says it may be shared and it is a `200` with an in-memory body and no cookie. Other methods always make.
    public func response(for key: Key, variant: String, request: Request,
                         make: () throws -> (response: Response, shareable: Bool)) rethrows -> Response {
        guard request.method == .get || request.method == .head, let stamp = cache.currentStamp() else { return try make().response }
        let slot = Slot(key: key, variant: variant)
        if let kept = cache.lookup(slot, stamp: stamp) { return kept.response(to: request) }
        let (response, shareable) = try make()
        guard shareable, let kept = KeptResponse(response, cacheControl: cacheControl) else { return response }
        cache.insert(slot, kept, stamp: stamp)
        return kept.response(to: request)
    }

    public var statistics: CacheStatistics { cache.statistics }
}

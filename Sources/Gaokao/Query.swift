import Foundation
import HTTPServer
import Identity
import WebUI

/// Query parsing shared by the API and the pages.
struct Query {
    let request: Request

    func text(_ name: String) -> String? {
        guard let value = request.query[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value != "不限", value != "all" else {
            return nil
        }
        return value
    }

    /// Integer parameters (years, scores, lines, limits) are whole numbers in this range, or absent: nothing
    /// larger means anything here, and the bound keeps arithmetic and loops over years finite (schemathesis:
    /// `year=-9223372036854775808` overflowed `year - 1` and stopped the server; `year=774394` looped for minutes).
    static let integers = 0...100_000

    func int(_ name: String) -> Int? { text(name).flatMap { Int($0) }.flatMap { Self.integers.contains($0) ? $0 : nil } }

    /// A whole number in `range`, nil when absent; a 422 naming `name` when it is present but not such a number
    /// (issue 28, outside test pass: `limit=-1` and `lineYear=1900` were silently ignored).
    func int(_ name: String, in range: ClosedRange<Int>, language: Language) throws(HTTPError) -> Int? {
        guard let raw = text(name) else { return nil }
        guard let value = Int(raw), range.contains(value) else {
            throw Self.invalid(name, zh: "\(name) 须为 \(range.lowerBound)–\(range.upperBound) 之间的整数（收到 \(raw)）。",
                               en: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \(raw)).", language: language)
        }
        return value
    }

    /// One of `allowed`, nil when absent; a 422 naming `name` and the allowed values when it is another value
    /// (`tendency=bogus` was silently "all").
    func choice(_ name: String, from allowed: [String], language: Language) throws(HTTPError) -> String? {
        guard let raw = text(name) else { return nil }
        guard allowed.contains(raw) else {
            throw Self.invalid(name, zh: "\(name) 须为：\(allowed.joined(separator: "、"))（收到 \(raw)）。",
                               en: "\(name) must be one of: \(allowed.joined(separator: ", ")) (got \(raw)).", language: language)
        }
        return raw
    }

    /// The 422 of one field, in the reader's language.
    static func invalid(_ field: String, zh: String, en: String, language: Language) -> HTTPError {
        .validation([.init(field: field, message: language == .zh ? zh : en)])
    }

    /// The longest name or value of one parameter, in characters: the longest school name in the lines has 31
    /// (`山东工艺美术学院(济南市)(按高考文化课成绩录取的艺术类专业)`), a 院校专业组 code or a 选科 list far fewer.
    static let maximumLength = 64
    /// The most parameters one request may carry: the API's longest query (`/recommendations`) has 11 names.
    static let maximumCount = 24

    /// `handler` after ``checkLimits(language:)``, for the API and the pages alike (a 30,000-character `?school=`
    /// took a page 2.2 s before the pages checked it too).
    static func limited(_ handler: @escaping @Sendable (Request, Viewer) throws -> Response) -> @Sendable (Request, Viewer) throws -> Response {
        { request, viewer in
            try Query(request: request).checkLimits(language: viewer.language)
            return try handler(request, viewer)
        }
    }

    /// Checks the request's query against ``maximumCount``, ``maximumLength`` and ``repeatable``; 422 naming the
    /// parameter (or `query` for too many) otherwise, so an attacker's 100 kB `?subjects=` or `?group=` is refused before any
    /// lookup echoes or parses it.
    func checkLimits(language: Language) throws(HTTPError) {
        let pairs = request.query.pairs
        if pairs.count > Self.maximumCount {
            throw .validation([.init(field: "query", message: language == .zh
                ? "查询参数最多 \(Self.maximumCount) 个（收到 \(pairs.count) 个）。"
                : "At most \(Self.maximumCount) query parameters (got \(pairs.count)).")])
        }
        if let long = pairs.first(where: { $0.name.count > Self.maximumLength || $0.value.count > Self.maximumLength }) {
            let field = long.name.count > Self.maximumLength ? "query" : long.name
            throw .validation([.init(field: field, message: language == .zh
                ? "参数 \(field) 的名称和值最长 \(Self.maximumLength) 个字符。"
                : "The parameter \(field) (name and value) is at most \(Self.maximumLength) characters long.")])
        }
        var seen = Set<String>()
        if let repeated = pairs.first(where: { !Self.repeatable.contains($0.name) && !seen.insert($0.name).inserted }) {
            let values = request.query.values(repeated.name).prefix(4)
            throw .validation([.init(field: repeated.name, message: language == .zh
                ? "参数 \(repeated.name) 只能给一次（收到：\(values.joined(separator: "、"))）。"
                : "The parameter \(repeated.name) may be given only once (got: \(values.joined(separator: ", "))).")])
        }
    }

    /// The parameters a query may repeat: the profile form's 选科 checkboxes (`subjects=物理&subjects=化学`).
    /// Any other name given twice is a 422 naming it (tester session 11: `score=600&score=100` silently took 600).
    static let repeatable: Set<String> = ["subjects"]
}

/// The languages pages are written in. Chinese first: it is the default for every visitor who
/// does not clearly prefer English.
public enum Language: String, Sendable, CaseIterable, Hashable {
    case zh = "zh-Hans"
    case en

    /// The value for `<html lang>`.
    public var htmlLang: String { rawValue }

    /// The value of a `lang` cookie or `?lang=` parameter that selects this language.
    public var code: String {
        switch self {
        case .zh: "zh"
        case .en: "en"
        }
    }

    /// The other language, for a switch link.
    public var other: Language { self == .zh ? .en : .zh }

    /// Picks the page language.
    ///
    /// - `override` is the visitor's explicit choice (a `lang` cookie or `?lang=` value). A value
    ///   naming Chinese (`zh`, `zh-Hans`, `zh-CN`, `zh_TW` …) or English (`en`, `en-GB` …) wins;
    ///   anything else is ignored.
    /// - Otherwise `Accept-Language` (RFC 9110 §12.5.4) is parsed with its q-values: the best
    ///   English weight is compared with the best Chinese weight (a `*` counts for Chinese when
    ///   Chinese is not listed). English wins only if it weighs more, or equally but is listed
    ///   first. Entries with a malformed or zero q-value are ignored. No header, an empty or
    ///   unparseable header, or only other languages (`fr`) give Chinese.
    public static func negotiate(acceptLanguage: String?, override: String?) -> Language {
        if let override, let chosen = Language(tag: override) { return chosen }
        guard let header = acceptLanguage, !header.isEmpty else { return .zh }

        // (weight, position) of the best English and Chinese entries; higher weight wins, then earlier position.
        var english: (q: Int, position: Int)?
        var chinese: (q: Int, position: Int)?
        var wildcard: (q: Int, position: Int)?
        var chineseListed = false
        for (position, entry) in header.utf8.prefix(4096).split(separator: UInt8(ascii: ",")).prefix(64).enumerated() {
            let parts = entry.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            let tag = trimmed(String(decoding: parts[0], as: UTF8.self))
            guard !tag.isEmpty else { continue }
            var q = 1000
            var valid = true
            for parameter in parts.dropFirst() {
                let text = trimmed(String(decoding: parameter, as: UTF8.self))
                guard text.hasPrefix("q=") || text.hasPrefix("Q=") else { continue }
                guard let value = parseQuality(text.dropFirst(2)) else {
                    valid = false
                    break
                }
                q = value
            }
            let candidate = (q: q, position: position)
            func better(_ old: (q: Int, position: Int)?) -> (q: Int, position: Int)? {
                guard let old else { return candidate }
                return candidate.q > old.q ? candidate : old
            }
            guard valid else { continue }
            if tag == "*" {
                wildcard = better(wildcard)
                continue
            }
            switch Language(tag: tag) {
            case .en?: english = better(english)
            case .zh?:
                chineseListed = true
                chinese = better(chinese)
            case nil: continue
            }
        }
        if !chineseListed { chinese = wildcard }
        guard let en = english, en.q > 0 else { return .zh }
        guard let zh = chinese, zh.q > 0 else { return .en }
        if en.q != zh.q { return en.q > zh.q ? .en : .zh }
        return en.position < zh.position ? .en : .zh
    }

    /// A language from a tag such as `en-US`, `zh_CN`, `zh-Hant`, `EN`; nil for other languages.
    public init?(tag: String) {
        let primary = trimmed(tag).lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? ""
        switch primary {
        case "zh", "cmn": self = .zh
        case "en": self = .en
        default: return nil
        }
    }
}

/// A q-value (RFC 9110 §12.4.2: `0`, `0.5`, `1.000` …) in thousandths; nil when malformed.
private func parseQuality(_ text: Substring) -> Int? {
    let text = trimmed(String(text))
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
    var fraction = parts.count == 2 ? String(parts[1]) : ""
    guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    if parts.count == 2 && fraction.isEmpty { return nil }
    while fraction.count < 3 { fraction += "0" }
    let thousandths = (whole == "1" ? 1000 : 0) + Int(fraction)!
    return thousandths <= 1000 ? thousandths : nil
}

private func trimmed(_ text: String) -> String {
    var scalars = Substring(text)
    while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
    return String(scalars)
}

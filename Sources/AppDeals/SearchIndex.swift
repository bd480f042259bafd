import Foundation

/// Which apps a search can match, found without reading every app's search key: each Unicode scalar and each pair
/// of adjacent scalars of an app's lower-cased ``AppSummary/searchKey`` maps to the apps holding it, as positions in
/// ``DealSnapshot/byRatings`` (ascending, so rating order is kept). An app containing a query contains every one of
/// its grams, so the apps under the query's rarest gram are a superset of the matches; callers still check each with
/// ``AppSummary/matches(search:)``. A rare Chinese query (旋转: 1 app of 8,179) thus checks a handful of keys instead of
/// scanning all of them on every request. Built with the snapshot: about one entry per scalar of the keys.
struct SearchIndex: Sendable {
    private var postings: [UInt64: [Int32]] = [:]

    init(_ apps: [AppSummary]) {
        for (position, app) in apps.enumerated() {
            let position = Int32(position)
            var previous: UInt32?
            for scalar in String(decoding: app.searchKey, as: UTF8.self).unicodeScalars {
                add(Self.gram(scalar.value), position)
                if let previous { add(Self.gram(previous, scalar.value), position) }
                previous = scalar.value
            }
        }
    }

    private mutating func add(_ gram: UInt64, _ position: Int32) {
        if postings[gram]?.last != position { postings[gram, default: []].append(position) }
    }

    /// Positions (ascending) of the apps that may contain `needle` (lower-cased, not empty): those under its rarest
    /// pair of scalars, or under its only scalar.
    func candidates(_ needle: String) -> [Int32] {
        let scalars = needle.unicodeScalars.map(\.value)
        guard let first = scalars.first else { return [] }
        guard scalars.count > 1 else { return postings[Self.gram(first)] ?? [] }
        var best: [Int32]?
        for index in 1..<scalars.count {
            let list = postings[Self.gram(scalars[index - 1], scalars[index])] ?? []
            if best.map({ list.count < $0.count }) ?? true { best = list }
            if list.isEmpty { break }
        }
        return best ?? []
    }

    /// What search compares, for app keys and queries alike: lower case, punctuation and spaces dropped (PACMAN finds
    /// PAC-MAN Premium, "plants vs zombies" finds Plants vs. Zombies); and for text beyond ASCII, compatibility forms
    /// folded (NFKC: full-width ＧＡＭＥ → game, as Chinese keyboards type it) and Traditional Chinese made Simplified
    /// (ICU's `Traditional-Simplified` transform: 旋轉 → 旋转, 遊戲 → 游戏), so either script finds the other.
    static func fold(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else {
            return String(decoding: text.lowercased().utf8.filter { byte in
                !(byte == 0x20 || (0x09...0x0D).contains(byte) || Self.asciiPunctuation.contains(byte))
            }, as: UTF8.self)
        }
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        let simplified = folded.applyingTransform(StringTransform("Traditional-Simplified"), reverse: false) ?? folded
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: simplified.unicodeScalars.filter { !Self.dropped.contains($0) })
        return String(kept)
    }

    /// Unicode punctuation (P*) and white space, which search ignores.
    private static let dropped = CharacterSet.punctuationCharacters.union(.whitespacesAndNewlines)
    /// The ASCII punctuation marks of ``dropped`` (`!"#%&'()*,-./:;?@[\]_{}`; `$+<=>^`|~` are symbols and stay).
    private static let asciiPunctuation: Set<UInt8> = Set((0x21...0x7E).filter { CharacterSet.punctuationCharacters.contains(Unicode.Scalar(UInt8($0))) }.map { UInt8($0) })

    private static func gram(_ scalar: UInt32) -> UInt64 { UInt64(scalar) }
    private static func gram(_ first: UInt32, _ second: UInt32) -> UInt64 { 1 << 63 | UInt64(first) << 32 | UInt64(second) }
}

import Foundation

/// The folded form names, addresses and queries are compared in: Traditional → Simplified Chinese by ICU's
/// `Traditional-Simplified` transform (Foundation's bundled ICU, the Unicode CLDR mapping: 麥當勞 → 麦当劳),
/// then case, width and diacritics folded (`ＣＯＦＦＥＥ`, `Café` → `coffee`, `cafe`). ICU's mapping is
/// one-way and merges a few distinct characters (乾 → 干), which only ever widens a match.
enum SearchKey {
    static let transform = StringTransform("Traditional-Simplified")

    static func fold(_ text: String) -> String {
        let simplified = text.applyingTransform(transform, reverse: false) ?? text
        return simplified.folding(options: [.caseInsensitive, .widthInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// `%`, `_` and `\` escaped for `LIKE ? ESCAPE '\'`.
    static func likePattern(_ folded: String) -> String {
        var pattern = "%"
        for character in folded {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }
}

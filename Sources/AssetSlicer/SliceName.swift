import Foundation

/// The naming rule for slices from the seed's iOS design guide (第二篇 "IOS设计规范"):
/// `kind_function[_desc]_state` in lower-case English with underscores, never a leading digit or symbol,
/// e.g. `btn_sure_nor` (written `btn_sure_nor@2x.png`).
public struct SliceName: Sendable, Hashable {
    /// The name as the design has it (file base name, layer name or SVG id), scale suffix removed.
    public let raw: String

    /// Kind prefixes the guide and its tools use: button, icon, image, background, tab bar, navigation bar …
    public static let kinds: Set<String> = ["btn", "ico", "icon", "img", "bg", "tab", "nav", "bar", "cell", "line", "logo", "avatar", "launch"]
    /// Control states, each with the spellings accepted for it.
    public static let states: [String: String] = [
        "nor": "nor", "normal": "nor",
        "pressed": "pressed", "press": "pressed", "pre": "pressed", "highlighted": "pressed", "hl": "pressed",
        "selected": "selected", "sel": "selected",
        "disabled": "disabled", "dis": "disabled",
    ]
    /// Kinds that are controls: a slice of one is expected to carry a state, and its states come as a set.
    public static let controlKinds: [String: [String]] = ["btn": ["nor", "pressed"], "tab": ["nor", "selected"]]
    /// Kinds that are tapped, so the guide's 44 × 44 pt minimum applies (Apple HIG, "Buttons").
    public static let tapTargetKinds: Set<String> = ["btn"]
    /// Kinds that are icons: the guide wants PNG for them.
    public static let iconKinds: Set<String> = ["btn", "ico", "icon", "tab", "nav", "logo"]

    public init(_ raw: String) { self.raw = raw }

    /// Whether the name follows the pattern: lower-case ASCII letters and digits in at least two parts
    /// joined by single underscores, starting with a letter.
    public var isWellFormed: Bool {
        let parts = raw.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count >= 2, let first = raw.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    var parts: [String] { raw.split(separator: "_").map(String.init) }

    /// The first part (`btn`), whether known or not.
    public var kind: String { parts.first ?? raw }

    /// The canonical state of the last part (`nor`, `pressed`, `selected`, `disabled`), if it is one.
    public var state: String? {
        guard parts.count >= 2, let last = parts.last else { return nil }
        return Self.states[last]
    }

    /// The name without its state: the control its states belong to (`btn_sure`).
    public var control: String {
        guard state != nil else { return raw }
        return parts.dropLast().joined(separator: "_")
    }

    /// A name that follows the rule, made from this one: lower case, Chinese transliterated to pinyin
    /// without tones, spaces and symbols turned into single underscores, and `img_` in front when the
    /// result would not start with a known kind (so never with a digit). Nil when the name already follows the rule.
    public var suggestion: String? {
        guard !isWellFormed else { return nil }
        var text = raw.applyingTransform(.toLatin, reverse: false) ?? raw
        text = text.applyingTransform(.stripDiacritics, reverse: false) ?? text
        var words: [String] = []
        var word = ""
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        if words.isEmpty { words = ["slice"] }
        if words.count < 2 || !Self.kinds.contains(words[0]) { words.insert("img", at: 0) }
        return words.joined(separator: "_")
    }

    /// The name files are written under: the name itself, or its suggestion when it breaks the rule.
    public var fileName: String { suggestion ?? raw }
}

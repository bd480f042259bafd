import Foundation

/// A merchant's phone number as people write it: digits with spaces, `-`, parentheses and one leading `+`
/// (`021-6217 9797`, `+86 (21) 5065 7391`, `(+852) 2529 9280`, `400 820 8820`), optionally followed by an extension written
/// 分机, 转, `ext` or `x` (`+8657187018888ext1777`, `021-5950 3093 转 8021`). Issue 30: `abc<script>` was
/// accepted and then shown as a tappable row linking the empty `tel:`.
struct PhoneNumber: Sendable, Hashable {
    /// The number's digits with the leading `+` when written: 3 to 15 digits (E.164 allows at most 15; 110 has 3).
    let digits: String
    /// The extension's digits (1 to 6), or nil.
    let extensionDigits: String?

    /// Nil when the text is not one phone number (letters, markup, two numbers, too few or too many digits).
    init?(_ text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var extensionPart: Substring?
        for marker in ["分机", "转", "ext.", "ext", "x"] {
            if let range = rest.range(of: marker, options: .caseInsensitive) {
                extensionPart = rest[range.upperBound...]
                rest = rest[..<range.lowerBound]
                break
            }
        }
        if let part = extensionPart {
            let trimmed = part.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ".:：")))
            guard (1...6).contains(trimmed.count), trimmed.allSatisfy(\.isASCIIDigit) else { return nil }
            extensionDigits = trimmed
        } else {
            extensionDigits = nil
        }
        var number = ""
        for character in rest {
            switch character {
            case "+" where number.isEmpty: number.append(character)  // before the first digit: `(+852) 2529 9280`
            case " ", "-", "(", ")": continue
            case _ where character.isASCIIDigit: number.append(character)
            default: return nil
            }
        }
        guard (3...15).contains(number.filter(\.isASCIIDigit).count) else { return nil }
        digits = number
    }

    /// The `tel:` link (RFC 3966): `tel:+8657187018888;ext=1777`.
    var telURI: String { "tel:" + digits + (extensionDigits.map { ";ext=" + $0 } ?? "") }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

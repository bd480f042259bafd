/// The one character rule for text people type that the server stores and shows to others: comments and
/// replies, nicknames, album names, photo file names and any free text an app adds later. Length and
/// emptiness stay with each field; this rule is about characters that make text show something other than
/// what it holds.
///
/// Refused (issue 8 item 6, after the "Trojan Source" paper, CVE-2021-42574, and Unicode TR 36 §2):
/// - **control characters** (general category Cc, NUL included): not text; NUL cuts strings in C code and
///   logs. Multi-line text may hold line feeds, carriage returns, tabs and the Unicode line and paragraph
///   separators U+2028/U+2029 (one of the 8,026 real Douban comments has them, pasted from a phone);
///   single-line text holds none of these (kind ``Refusal/Kind/lineBreak``).
/// - **bidirectional controls** (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): they reorder how
///   the text around them is displayed, so `invoice‮fdp.exe` shows as `invoiceexe.pdf`.
/// - **invisible characters**: every other format character (Cf: zero-width space, joiners, word joiner,
///   byte-order mark, soft hyphen …) and the blank fillers U+115F, U+1160, U+3164, U+FFA0 and U+2800. They
///   show as nothing, so a text can look empty, or look like another text (`\u{200B}admin`). The zero-width
///   joiner and tag characters inside one emoji (👨‍👩‍👧, 🏴󠁧󠁢󠁳󠁣󠁴󠁿) are kept: there they are part of one visible
///   picture. (This also refuses the zero-width non-joiner some scripts, e.g. Persian, use between letters.)
///
/// Everything else — any script, emoji, punctuation, `<`, quotes — is allowed and stored exactly as typed;
/// pages escape it on output.
public enum UserText {
    /// Whether a field holds one line (names) or several (comments).
    public enum Lines: Sendable {
        case single, multiple
    }

    /// Why a text was refused: the first refused character, its kind and position, and a message that
    /// says what and why in both languages.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public enum Kind: String, Sendable, Hashable {
            case control, lineBreak, bidiControl, invisible
        }

        public var kind: Kind
        public var scalar: Unicode.Scalar
        /// 1-based position of the character (grapheme cluster) that holds ``scalar``.
        public var position: Int

        public init(kind: Kind, scalar: Unicode.Scalar, position: Int) {
            self.kind = kind
            self.scalar = scalar
            self.position = position
        }

        /// `U+202E`: how the messages name the character (it cannot be shown).
        public var codePoint: String {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }

        /// What was refused and why, e.g. "Character 5 is a text-direction control (U+202E), which makes …".
        public var message: LocalizedText {
            let n = position
            let c = codePoint
            switch kind {
            case .control:
                return LocalizedText(
                    zh: "第 \(n) 个字符是控制字符（\(c)），不是可显示的文字，请删除后再试。",
                    en: "Character \(n) is a control character (\(c)), not printable text; remove it and try again.")
            case .lineBreak:
                return LocalizedText(
                    zh: "这里只能填一行：第 \(n) 个字符是换行或制表符（\(c)），请删除后再试。",
                    en: "This field takes a single line: character \(n) is a line break or tab (\(c)); remove it and try again.")
            case .bidiControl:
                return LocalizedText(
                    zh: "第 \(n) 个字符是文字方向控制符（\(c)），它会让文字的显示顺序与实际内容不同，请删除后再试。",
                    en: "Character \(n) is a text-direction control (\(c)), which makes text display in a different order "
                        + "from what it holds; remove it and try again.")
            case .invisible:
                return LocalizedText(
                    zh: "第 \(n) 个字符是不可见字符（\(c)），它会让文字看起来是空的或像别的内容，请删除后再试。",
                    en: "Character \(n) is an invisible character (\(c)), which can make text look empty or like something "
                        + "else; remove it and try again.")
            }
        }

        public var description: String { message.en }
    }

    /// The first character of `text` the rule refuses, or nil when `text` passes. Linear in the text's length.
    public static func refusal(_ text: String, lines: Lines) -> Refusal? {
        var position = 0
        for character in text {
            position += 1
            let isEmoji = isEmojiSequence(character)
            for scalar in character.unicodeScalars {
                if let kind = kind(of: scalar, lines: lines, inEmoji: isEmoji) {
                    return Refusal(kind: kind, scalar: scalar, position: position)
                }
            }
        }
        return nil
    }

    /// Throws the ``Refusal`` for the first refused character of `text`.
    public static func validate(_ text: String, lines: Lines) throws(Refusal) {
        if let refusal = refusal(text, lines: lines) { throw refusal }
    }

    /// `text` without the characters the rule refuses, for names that come from a device rather than a
    /// keyboard (an uploaded file's name), where refusing the whole upload would be out of proportion.
    public static func removingRefused(_ text: String, lines: Lines) -> String {
        var kept = String.UnicodeScalarView()
        for character in text {
            let isEmoji = isEmojiSequence(character)
            kept.append(contentsOf: character.unicodeScalars.filter { kind(of: $0, lines: lines, inEmoji: isEmoji) == nil })
        }
        return String(kept)
    }

    /// The kind of refusal `scalar` earns, or nil when it is allowed.
    static func kind(of scalar: Unicode.Scalar, lines: Lines, inEmoji: Bool) -> Refusal.Kind? {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: return lines == .multiple ? nil : .lineBreak
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return .bidiControl
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800: return .invisible
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control: return .control
        case .format:
            // The zero-width joiner and tag characters build one emoji out of several (👨‍👩‍👧, 🏴󠁧󠁢󠁳󠁣󠁴󠁿).
            if inEmoji, scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value) { return nil }
            return .invisible
        default: return nil
        }
    }

    /// True for a character made of several scalars with an emoji among them, where joiners belong.
    static func isEmojiSequence(_ character: Character) -> Bool {
        character.unicodeScalars.count > 1
            && character.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.properties.isEmoji && $0.value > 0xFF }
    }
}

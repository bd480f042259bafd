import Foundation
import WebUI

/// Username rules and the comparison key (ASVS 5.0 2.2.1: positive validation).
///
/// - Length 3…32 **columns** after Unicode NFC normalisation, where a wide East Asian
///   character (CJK ideograph, kana, Hangul) counts as 2 and every other scalar as 1 — the
///   common convention of Chinese sites, so that `张伟` (4) is allowed but `张` (2) is not,
///   while `ab` is too short. At most 16 Chinese characters or 32 Latin letters.
/// - Allowed: letters of any script (general category L*, which includes CJK ideographs,
///   kana and Hangul), combining marks (M*, never first), ASCII digits `0–9`, and `_` `.` `-`.
///   The first scalar is a letter or digit. No spaces, quotes, angle brackets, semicolons or
///   other punctuation — so `robert'); DROP TABLE users;--` and `<script>` are refused (all
///   SQL is parameterised and all HTML escaped anyway; this is about readable, linkable names).
/// - No compatibility forms: the name must be unchanged by NFKC, which refuses full-width
///   Latin (`ａｄｍｉｎ`), ligatures (`ﬁ`), superscripts and similar look-alikes of other names.
/// - The username is **stored verbatim** as typed; uniqueness and login use ``key(for:)``:
///   NFC, then Unicode default lowercase (a superset of ASCII case-insensitivity that also folds
///   Greek, Cyrillic, full Latin), then NFC again. `Alice`, `ALICE` and `alice` are one account.
///   Confusables across scripts (Latin `a` vs Cyrillic `а`) are not folded.
public enum Username {
    /// Minimum length in columns (CJK counts 2).
    public static let minimumLength = 3
    /// Maximum length in columns (CJK counts 2).
    public static let maximumLength = 32
    /// Input longer than this many UTF-8 bytes is refused before normalising (generous for NFD).
    public static let maximumInputBytes = 256

    /// Throws if `username` breaks a rule above.
    /// - Throws: ``IdentityError/usernameLength(minimum:maximum:)`` or
    ///   ``IdentityError/usernameInvalidCharacters``.
    public static func validate(_ username: String) throws(IdentityError) {
        // Bound the work before normalising attacker-sized input.
        guard username.utf8.count <= maximumInputBytes else {
            throw .usernameLength(minimum: minimumLength, maximum: maximumLength)
        }
        let nfc = username.precomposedStringWithCanonicalMapping
        let scalars = Array(nfc.unicodeScalars)
        let columns = scalars.reduce(0) { $0 + width(of: $1) }
        guard columns >= minimumLength, columns <= maximumLength else {
            throw .usernameLength(minimum: minimumLength, maximum: maximumLength)
        }
        for (index, scalar) in scalars.enumerated() {
            switch classify(scalar) {
            case .letterOrDigit: continue
            case .mark, .punctuation: if index == 0 { throw .usernameInvalidCharacters }
            case .other: throw .usernameInvalidCharacters
            }
        }
        guard nfc.precomposedStringWithCompatibilityMapping == nfc else { throw .usernameInvalidCharacters }
    }

    /// The comparison key stored in `users.username_key` (UNIQUE): NFC → lowercase → NFC.
    /// Defined for any string (also invalid ones, so lookups of garbage simply find nothing).
    public static func key(for username: String) -> String {
        username.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping
    }

    /// 2 for wide East Asian scripts (Unicode East_Asian_Width W/F in these blocks), else 1.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x1100...0x115F,    // Hangul Jamo initials
             0x2E80...0x303E,    // CJK radicals, Kangxi, ideographic description, CJK symbols
             0x3041...0x33FF,    // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compat
             0x3400...0x4DBF,    // CJK Extension A
             0x4E00...0x9FFF,    // CJK Unified Ideographs
             0xA000...0xA4CF,    // Yi
             0xAC00...0xD7A3,    // Hangul syllables
             0xF900...0xFAFF,    // CJK compatibility ideographs
             0x20000...0x3FFFD:  // CJK Extensions B–H
            return 2
        default:
            return 1
        }
    }

    private enum Kind { case letterOrDigit, mark, punctuation, other }

    private static func classify(_ scalar: Unicode.Scalar) -> Kind {
        switch scalar {
        case "0"..."9": return .letterOrDigit
        case "_", ".", "-": return .punctuation
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return .letterOrDigit
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .mark
        default:
            return .other
        }
    }
}

/// Nickname (display name) rules. The nickname is **stored and returned verbatim** — no
/// trimming, no normalisation; pages escape it on output (ASVS 5.0 1.2.1).
///
/// - 1…32 user-perceived characters (grapheme clusters), and at most 128 Unicode scalars;
///   not only whitespace.
/// - The characters of single-line ``UserText``, the rule every stored user text follows: no control
///   characters or line breaks, no bidirectional controls ("Trojan Source": `evil\u{202E}gpj.exe`), no
///   invisible characters (`\u{200F}admin`).
/// - Everything else — emoji, CJK, quotes, `<`, `;` — is allowed and kept as typed.
public enum Nickname {
    public static let maximumLength = 32
    public static let maximumScalars = 128

    /// - Throws: ``IdentityError/nicknameLength(maximum:)`` or
    ///   ``IdentityError/nicknameInvalidCharacters(_:)`` with the first refused character.
    public static func validate(_ nickname: String) throws(IdentityError) {
        guard nickname.utf8.count <= maximumScalars * 4,
              nickname.unicodeScalars.count <= maximumScalars,
              (1...maximumLength).contains(nickname.count),
              !nickname.allSatisfy(\.isWhitespace)
        else { throw .nicknameLength(maximum: maximumLength) }
        if let refusal = UserText.refusal(nickname, lines: .single) { throw .nicknameInvalidCharacters(refusal) }
    }
}

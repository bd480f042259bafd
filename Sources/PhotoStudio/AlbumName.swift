import Foundation
public import WebUI

/// Album name rules: 1–40 characters (grapheme clusters) once surrounding whitespace is trimmed, and the
/// characters of single-line ``UserText`` (no control characters, line breaks, bidirectional controls or
/// invisible characters). The trimmed name is stored; names are unique per account.
public enum AlbumName {
    public static let maximumLength = 40
    /// Input longer than this many UTF-8 bytes is refused before any other work.
    static let maximumInputBytes = 1_024

    /// The name as stored (trimmed).
    /// - Throws: ``AlbumNameError`` saying what is wrong, in Chinese and English.
    public static func validated(_ name: String) throws(AlbumNameError) -> String {
        let length = AlbumNameError(message: LocalizedText(
            zh: "相册名称为 1–\(maximumLength) 个字符。", en: "An album name has 1–\(maximumLength) characters."))
        guard name.utf8.count <= maximumInputBytes else { throw length }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...maximumLength).contains(trimmed.count) else { throw length }
        if let refusal = UserText.refusal(trimmed, lines: .single) {
            throw AlbumNameError(message: LocalizedText(zh: "相册名称：" + refusal.message.zh, en: "Album name: " + refusal.message.en))
        }
        return trimmed
    }
}

/// Why an album name was refused.
public struct AlbumNameError: Error, Sendable, Hashable {
    public var message: LocalizedText
}

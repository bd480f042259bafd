import Foundation
public import WebUI

/// One finding of the design lint: which rule, how serious, about which slice, what to do.
public struct LintFinding: Sendable, Hashable {
    public enum Level: String, Sendable, Hashable, Comparable {
        /// Breaks a rule of the guide: `appsuite slice` exits 1.
        case error
        /// Fixed in the output (padded, flattened) or worth a look.
        case warning

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs == .error && rhs == .warning }
    }

    /// Rule ids, stable for scripts: `name`, `kind`, `state`, `odd-size`, `tap-target`, `tab-size`,
    /// `missing-state`, `not-png`, `icon-alpha`, `icon-corners`, `icon-size`, `upscale`, `design-width`, `read`.
    public var rule: String
    public var level: Level
    /// The slice (or file) it is about; ``wholeDesign`` for a finding about the whole design.
    public var subject: String

    /// The ``subject`` of a finding about the whole design (several slices' enlargements in one), shown in the reader's
    /// words (设计稿 / design, ``subjectName``).
    public static let wholeDesign = "design"

    /// ``subject`` as a page shows it: the slice's file as written, the whole design in `language`'s words.
    public func subjectName(_ language: Language) -> String {
        subject == Self.wholeDesign ? LocalizedText(zh: "设计稿", en: "design")(language) : subject
    }
    /// What is wrong, in Chinese and English (the command line prints the English).
    public var message: LocalizedText
    /// A fix, e.g. the suggested name.
    public var suggestion: String?

    public init(rule: String, level: Level, subject: String, message: LocalizedText, suggestion: String? = nil) {
        self.rule = rule
        self.level = level
        self.subject = subject
        self.message = message
        self.suggestion = suggestion
    }

    /// `error  name      确定按钮: …  → img_que_ding_an_niu`
    public var line: String {
        "\(level.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))"
            + "\(rule.padding(toLength: 14, withPad: " ", startingAt: 0))\(subject): \(message.en)"
            + (suggestion.map { " → \($0)" } ?? "")
    }
}

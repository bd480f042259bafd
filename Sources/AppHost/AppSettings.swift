/// One setting an app declares (DESIGN.md "Configuration"): read from `--name value`, then from
/// `APPSUITE_NAME` (upper case, `-` → `_`), then `defaultValue`. The server resolves every declared
/// setting with its own options before anything starts, so a value `parse` refuses is a usage error
/// (exit 64) naming the setting and `expected`. Names are lower-case words joined by `-`, starting with
/// the app's id (`photos-max-megapixels`) so apps cannot collide.
public struct AppSetting<Value: Sendable>: Sendable, DeclaredSetting {
    public let name: String
    public let defaultValue: Value
    /// The value's placeholder in `appsuite --help`, e.g. `N`.
    public let valueName: String
    /// One line for `appsuite --help`, ending with the default, e.g. "refuse larger pictures (default 100)".
    public let help: String
    /// What a valid value looks like, for the error message: "a number above 0".
    public let expected: String
    /// Secrets (passwords) come from the environment only: a command line is visible to every user of the machine.
    public let isSecret: Bool
    /// The value of a text, or nil when it is not valid.
    public let parse: @Sendable (String) -> Value?

    public init(_ name: String, default defaultValue: Value, valueName: String, help: String, expected: String,
                isSecret: Bool = false, parse: @escaping @Sendable (String) -> Value?) {
        self.name = name
        self.defaultValue = defaultValue
        self.valueName = valueName
        self.help = help
        self.expected = expected
        self.isSecret = isSecret
        self.parse = parse
    }

    public func accepts(_ text: String) -> Bool { parse(text) != nil }
}

extension AppSetting where Value == Double {
    /// A number above 0 and at most `maximum`, e.g. a limit in megabytes.
    public static func positiveNumber(_ name: String, default defaultValue: Double, maximum: Double, valueName: String = "N",
                                      help: String) -> AppSetting {
        AppSetting(name, default: defaultValue, valueName: valueName, help: help,
                   expected: "a number above 0 and at most \(maximum.rounded() == maximum ? String(Int(maximum)) : String(maximum))") { text in
            guard let value = Double(text), value > 0, value <= maximum else { return nil }
            return value
        }
    }
}

extension AppSetting where Value == String {
    /// A non-empty text of at most `maximumLength` characters without control characters.
    public static func text(_ name: String, default defaultValue: String, maximumLength: Int = 256, valueName: String = "TEXT",
                            help: String) -> AppSetting {
        AppSetting(name, default: defaultValue, valueName: valueName, help: help,
                   expected: "1 to \(maximumLength) characters without control characters") { text in
            text.isEmpty || text.count > maximumLength || text.unicodeScalars.contains { $0.properties.generalCategory == .control }
                ? nil : text
        }
    }
}

extension AppSetting where Value == String? {
    /// A secret read from `APPSUITE_NAME` only, never from a flag; nil when unset.
    public static func secret(_ name: String, help: String) -> AppSetting {
        AppSetting(name, default: nil, valueName: "SECRET", help: help, expected: "any text", isSecret: true) { .some($0) }
    }
}

/// What the server needs to know about an ``AppSetting`` whatever its value type.
public protocol DeclaredSetting: Sendable {
    var name: String { get }
    var valueName: String { get }
    var help: String { get }
    var expected: String { get }
    var isSecret: Bool { get }
    /// True when `text` is a valid value.
    func accepts(_ text: String) -> Bool
}

extension DeclaredSetting {
    /// `APPSUITE_` + the name in upper case with `-` as `_`.
    public var environmentName: String {
        "APPSUITE_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}

/// The resolved values of every declared setting (those given by a flag or the environment, already
/// validated); a setting not given reads as its default. Apps get it as ``AppContext/settings``.
public struct AppSettings: Sendable, Equatable {
    private let values: [String: String]

    /// `values`: setting name → a text its setting accepts.
    public init(_ values: [String: String] = [:]) { self.values = values }

    public subscript<Value>(_ setting: AppSetting<Value>) -> Value {
        values[setting.name].flatMap(setting.parse) ?? setting.defaultValue
    }
}

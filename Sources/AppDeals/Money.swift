import AppSuiteAPI
import Foundation

/// A store region the app tracks, with its currency. `cn` is the default: 爱限免 is a China-store tracker.
enum Region: String, Sendable, CaseIterable {
    case cn, us

    var currency: Currency { self == .cn ? .cny : .usd }

    init(_ wire: DealRegion) { self = wire == .cn ? .cn : .us }
}

/// ISO 4217 currencies of the tracked stores, each with two minor digits (fen, cents).
enum Currency: String, Sendable {
    case cny = "CNY"
    case usd = "USD"

    /// The symbol Apple's `formattedPrice` uses in that store: `¥8.00` in the China store, `$4.99` in the
    /// US store (`../shared/research/appdeals.md` §2, "price vs formattedPrice"). Never `$` for CNY.
    var symbol: String { self == .cny ? "¥" : "$" }

    /// What the store calls a price of 0: `免费` in the China store, `Free` in the US store.
    var freeWord: String { self == .cny ? "免费" : "Free" }
}

/// Prices as integer minor units. The iTunes API sends a JSON number (`8`, `23.8`, `0.00`) and the tracker's
/// CSV a decimal text; both are read as exact decimals, never through a binary floating-point rounding.
enum Money {
    /// Minor units of a decimal text with at most two decimals (`"23.8"` → 2380, `"0.00"` → 0); nil for a
    /// negative, malformed or absurd (≥ 10⁹ major units) price.
    static func minorUnits(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.count <= 9,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        while fraction.count > 2 && fraction.hasSuffix("0") { fraction.removeLast() }
        guard fraction.count <= 2, let major = Int64(whole) else { return nil }
        let minor = Int64(fraction.padding(toLength: 2, withPad: "0", startingAt: 0)) ?? 0
        return major * 100 + minor
    }

    /// Minor units of a JSON number as `JSONSerialization` gives it (an `NSNumber`), read through its
    /// shortest decimal text so `23.8` stays 2380.
    static func minorUnits(json value: Any?) -> Int64? {
        switch value {
        case let number as NSNumber:
            return minorUnits(number.stringValue.contains("e") ? String(format: "%.2f", number.doubleValue) : number.stringValue)
        case let text as String:
            return minorUnits(text)
        default:
            return nil
        }
    }

    /// `"8.00"`: the decimal text of the API's `price` fields, in major units with two decimals.
    static func decimal(_ minor: Int64) -> String {
        let sign = minor < 0 ? "-" : ""
        let value = minor.magnitude
        let cents = value % 100
        return sign + String(value / 100) + "." + (cents < 10 ? "0" : "") + String(cents)
    }

    /// The store's own way of showing a price: `¥8.00`, `$4.99`, `免费`, `Free`.
    static func formatted(_ minor: Int64, _ currency: Currency) -> String {
        minor == 0 ? currency.freeWord : currency.symbol + decimal(minor)
    }
}

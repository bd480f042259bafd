@testable import AppDeals
import Foundation
import Testing

@Suite struct MoneyTests {
    @Test func decimalTextsBecomeExactMinorUnits() {
        #expect(Money.minorUnits("23.8") == 2380)
        #expect(Money.minorUnits("0.00") == 0)
        #expect(Money.minorUnits("8") == 800)
        #expect(Money.minorUnits("299.99") == 29999)
        #expect(Money.minorUnits("1.500") == 150)
        #expect(Money.minorUnits("1.505") == nil)
        #expect(Money.minorUnits("-1") == nil)
        #expect(Money.minorUnits("1e3") == nil)
        #expect(Money.minorUnits("") == nil)
        #expect(Money.minorUnits("1234567890") == nil)
        #expect(Money.minorUnits(json: NSNumber(value: 23.8)) == 2380)
        #expect(Money.minorUnits(json: NSNumber(value: 0)) == 0)
    }

    @Test func eachStoreShowsItsOwnSymbolAndFreeWord() {
        #expect(Money.formatted(800, .cny) == "¥8.00")
        #expect(Money.formatted(0, .cny) == "免费")
        #expect(Money.formatted(499, .usd) == "$4.99")
        #expect(Money.formatted(0, .usd) == "Free")
        #expect(Money.decimal(2380) == "23.80")
        #expect(Money.decimal(5) == "0.05")
    }
}

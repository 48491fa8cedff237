import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// The sign: it may stand on zero, survives backspacing, and is reset by clear.
@Suite("sign")
struct SignTests {
    @Test("minus first shows ICU's negative zero; the value stays 0.00")
    func negativeZero() throws {
        var field = try makeField(allowsNegative: true)
        typeAccepted("<neg>", into: &field)
        expectMarked(field, "-$0.00|")
        #expect(field.state.isNegative)
        #expect(field.value == "0.00")
        #expect(field.minorUnits == "0")
        #expect(field.amount == .zero)
        #expect(!field.amount.isNegative)
        // What ICU prints for a negative amount that rounds to zero.
        #expect(field.rendering.display == foundationDisplay("-0.001", locale: "en_US", currency: "USD", fractionDigits: 2))
        expectConsistent(field)
    }

    @Test("minus then digits enters a negative amount; backspacing to zero keeps the sign; clear resets it")
    func signSurvivesBackspace() throws {
        var field = try makeField(typing: "<neg>1234", allowsNegative: true)
        expectMarked(field, "-$12.34|")
        #expect(field.value == "-12.34")
        #expect(field.minorUnits == "-1234")
        #expect(field.amount == ExactDecimal(plain: "-12.34"))
        typeAccepted("<bs><bs><bs><bs>", into: &field)
        expectMarked(field, "-$0.00|")
        #expect(field.state.isNegative)
        #expect(field.value == "0.00")
        typeAccepted("5", into: &field)
        expectMarked(field, "-$0.05|")
        #expect(field.value == "-0.05")
        typeAccepted("<clear>", into: &field)
        expectMarked(field, "$0.00|")
        #expect(!field.state.isNegative)
    }

    @Test("minus toggles and keeps the caret")
    func minusToggles() throws {
        var field = try makeField(typing: "1245<left><left>", allowsNegative: true)
        typeAccepted("<neg>", into: &field)
        expectMarked(field, "-$12|.45")
        typeAccepted("<neg>", into: &field)
        expectMarked(field, "$12|.45")
    }

    @Test("without --allow-negative minus is refused")
    func minusRefused() throws {
        var field = try makeField(typing: "1245")
        expectRefused(.minus, on: &field, .negativeNotAllowed)
    }

    @Test("negative zero in other locales is ICU's own -0", arguments: [
        ("de_DE", "EUR", mode: EntryMode.atm, "-0,00|\u{00A0}€"),
        ("ar_KW", "KWD", mode: EntryMode.atm, "\u{061C}-\u{200F}٠٫٠٠٠|\u{00A0}د.ك.\u{200F}"),
        ("ja_JP", "JPY", mode: EntryMode.atm, "-¥0|"),
        ("en_US", "USD", mode: EntryMode.whole, "-$0|"),
    ])
    func negativeZeroElsewhere(locale: String, currency: String, mode: EntryMode, marked: String) throws {
        let field = try makeField(typing: "<neg>", locale, currency, mode: mode, allowsNegative: true)
        expectMarked(field, marked)
        #expect(try !#require(field.value).hasPrefix("-"))
        #expect(field.minorUnits == "0")
        expectConsistent(field)
    }

    @Test("accounting shows negatives in the locale's accounting form", arguments: [
        ("en_US", "USD", "<neg>1250", "($12.50|)"),
        ("en_US", "USD", "1250", "$12.50|"),
        ("en_GB", "GBP", "<neg>1250<left>", "(£12.5|0)"),
        // de_DE has no separate accounting pattern: the minus sign stays.
        ("de_DE", "EUR", "<neg>1250", "-12,50|\u{00A0}€"),
    ])
    func accounting(locale: String, currency: String, keys: String, marked: String) throws {
        let field = try makeField(typing: keys, locale, currency, allowsNegative: true, accounting: true)
        expectMarked(field, marked)
        let fraction = CurrencyCatalog.fractionDigits(for: currency)
        #expect(field.rendering.display
            == foundationDisplay(try #require(field.value), locale: locale, currency: currency, fractionDigits: fraction, accounting: true))
        expectConsistent(field)
    }

    @Test("an accounting negative zero is what ICU prints for it")
    func accountingNegativeZero() throws {
        let field = try makeField(typing: "<neg>", allowsNegative: true, accounting: true)
        #expect(field.rendering.display
            == foundationDisplay("-0.001", locale: "en_US", currency: "USD", fractionDigits: 2, accounting: true))
        #expect(field.value == "0.00")
        expectConsistent(field)
    }
}

import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// `currency CODE` keeps the amount exactly or refuses; `locale ID` keeps amount and caret.
@Suite("currency and locale changes")
struct CurrencyAndLocaleChangeTests {
    @Test("fraction digits are what ICU applies, not NumberFormatter's 2", arguments: [
        ("JPY", 0), ("KWD", 3), ("BHD", 3), ("CLF", 4), ("USD", 2), ("IDR", 0), ("EUR", 2), ("TND", 3),
    ])
    func fractionDigits(currency: String, digits: Int) throws {
        #expect(CurrencyCatalog.fractionDigits(for: currency) == digits)
        let field = try makeField("en_US", currency)
        #expect(field.configuration.fractionDigits == digits)
        #expect(field.slotCount == digits + 1)
        #expect(field.value == (digits == 0 ? "0" : "0." + String(repeating: "0", count: digits)))
        // The empty field shows exactly f + 1 digit glyphs, which is what ICU prints for zero.
        #expect(FieldReference.digitGlyphs(in: field.rendering.display).count == digits + 1)
        #expect(field.rendering.display == foundationDisplay("0", locale: "en_US", currency: currency, fractionDigits: digits))
    }

    @Test("--decimals overrides f for display, value and minor units", arguments: [
        (decimals: 0, keys: "123", marked: "$123|", value: "123", minor: "123"),
        (decimals: 4, keys: "123", marked: "$0.0123|", value: "0.0123", minor: "123"),
        (decimals: 6, keys: "1", marked: "$0.000001|", value: "0.000001", minor: "1"),
    ])
    func decimalsOverride(decimals: Int, keys: String, marked: String, value: String, minor: String) throws {
        var field = try makeField(decimals: decimals)
        typeAccepted(keys, into: &field)
        #expect(field.configuration.fractionDigits == decimals)
        expectMarked(field, marked)
        #expect(field.value == value)
        #expect(field.minorUnits == minor)
        expectConsistent(field)
    }

    @Test("12.34 USD does not fit JPY: refused, nothing changes")
    func refusedWithoutRound() throws {
        var field = try makeField(typing: "1234<left>")
        expectFieldError(.amountNeedsRounding("12.34", currency: "JPY", allowed: 0), on: &field) { field throws(FieldError) in
            try field.changeCurrency(to: "JPY")
        }
        #expect(field.configuration.currency == "USD")
        let message = FieldError.amountNeedsRounding("12.34", currency: "JPY", allowed: 0).words
        #expect(message == "12.34 does not fit JPY, which takes 0 fraction digits; add --round to round half-even")
    }

    @Test("with round: true the amount is rounded half-even", arguments: [
        ("1250", "12.50", "¥12|", "12"), ("1350", "13.50", "¥14|", "14"), ("1251", "12.51", "¥13|", "13"),
        ("1249", "12.49", "¥12|", "12"), ("50", "0.50", "¥0|", "0"), ("150", "1.50", "¥2|", "2"),
    ])
    func roundHalfEven(keys: String, from: String, marked: String, value: String) throws {
        var field = try makeField(typing: keys)
        let change = try field.changeCurrency(to: "JPY", round: true)
        #expect(change == .rounded(from: from, to: value))
        expectMarked(field, marked)
        #expect(field.value == value)
        #expect(field.configuration.currency == "JPY")
        expectConsistent(field)
    }

    @Test("an amount that fits changes exactly; a caret inside stays by its digit, one at the end stays at the end")
    func exactChanges() throws {
        var field = try makeField(typing: "1200<left><left>")
        expectMarked(field, "$12|.00")
        #expect(try field.changeCurrency(to: "KWD") == .exact)
        expectMarked(field, "KWD\u{00A0}12|.000")
        #expect(field.value == "12.000")
        #expect(field.minorUnits == "12000")
        #expect(try field.changeCurrency(to: "jpy") == .exact)
        expectMarked(field, "¥12|")
        #expect(field.value == "12")
        // ¥12| is also the end: the caret stays at the end, ready to append.
        #expect(try field.changeCurrency(to: "USD") == .exact)
        expectMarked(field, "$12.00|")
        try field.changeCurrency(to: "CLF")
        expectMarked(field, "CLF\u{00A0}12.0000|")
        typeAccepted("<home><right>", into: &field)
        try field.changeCurrency(to: "JPY", round: true)
        expectMarked(field, "¥1|2")
        try field.changeCurrency(to: "BHD")
        expectMarked(field, "BHD\u{00A0}1|2.000")
        expectConsistent(field)
    }

    @Test("a change that needs more digits than --max-digits allows is refused")
    func tooManyDigitsForNewCurrency() throws {
        var field = try makeField(typing: "123456789012", "ja_JP", "JPY")
        expectFieldError(.tooManyDigits("123456789012", limit: 12), on: &field) { field throws(FieldError) in
            try field.changeCurrency(to: "KWD")
        }
    }

    @Test("an unknown currency is refused")
    func unknownCurrency() throws {
        var field = try makeField(typing: "1234")
        let before = field
        #expect(throws: FieldError.unknownCurrency("EUX")) { try field.changeCurrency(to: "EUX") }
        #expect(field == before)
    }

    @Test("whole mode keeps digits; minor units follow the new currency's f")
    func wholeModeCurrencyChange() throws {
        var field = try makeField(typing: "1234", mode: .whole)
        #expect(field.minorUnits == "123400")
        try field.changeCurrency(to: "KWD")
        #expect(field.value == "1234")
        #expect(field.minorUnits == "1234000")
        try field.changeCurrency(to: "JPY")
        #expect(field.minorUnits == "1234")
        expectMarked(field, "¥1,234|")
    }

    @Test("a locale change keeps amount, sign and caret", arguments: [
        ("de_DE", "-12|,45\u{00A0}$"),
        ("fr_FR", "-12|,45\u{00A0}$US"),
        ("ja_JP", "-$12|.45"),
        ("ar_EG@numbers=latn", "\u{200F}\u{200E}-12|.45\u{00A0}US$"),
    ])
    func localeChange(locale: String, marked: String) throws {
        var field = try makeField(typing: "<neg>1245<left><left>", allowsNegative: true)
        let before = field.state
        try field.changeLocale(to: locale)
        #expect(field.state == before)
        #expect(field.value == "-12.45")
        expectMarked(field, marked)
        expectConsistent(field)
    }

    @Test("a failed locale change changes nothing")
    func failedLocaleChange() throws {
        var field = try makeField(typing: "1245<left>")
        let english = LocaleCatalog.identifiers.filter { Locale.Language(identifier: $0).languageCode?.identifier == "en" }
        expectFieldError(.unknownLocale("en_UX", near: .sameLanguage(typed: "en_UX", locales: english)),
                         on: &field) { field throws(FieldError) in
            try field.changeLocale(to: "en_UX")
        }
        #expect(field.configuration.locale == "en_US")
    }
}

import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// `paste` types the digits found in a text; `set` replaces the amount, or fails and changes nothing.
@Suite("paste and set")
struct PasteAndSetTests {
    @Test("paste types the decimal digits it finds, skipping everything else (seed 000's setText)")
    func pasteDigits() throws {
        var field = try makeField()
        let outcome = field.paste("$1,234.56 USD")
        #expect((outcome.typed, outcome.found, outcome.stoppedBy) == (6, 6, nil))
        expectMarked(field, "$1,234.56|")
    }

    @Test("paste types at the caret and keeps it there")
    func pasteAtCaret() throws {
        var field = try makeField(typing: "1245<left><left>")
        _ = field.paste("78")
        expectMarked(field, "$1,278|.45")
    }

    @Test("paste stops at the first refused digit and says how many went in")
    func pasteStops() throws {
        var field = try makeField(maxDigits: 4)
        let outcome = field.paste("123456")
        #expect(outcome.typed == 4)
        #expect(outcome.found == 6)
        #expect(outcome.stoppedBy == .tooManyDigits(limit: 4))
        expectMarked(field, "$12.34|")

        var limited = try makeField(maximum: "50")
        let stopped = limited.paste("4999")
        #expect((stopped.typed, stopped.found, stopped.stoppedBy) == (4, 4, nil))
        let refused = limited.paste("9")
        #expect((refused.typed, refused.found, refused.stoppedBy) == (0, 1, .aboveMaximum("50")))
        expectMarked(limited, "$49.99|")
    }

    @Test("Unicode decimal digits count; other numerals do not", arguments: [
        ("٣٤٥", "$3.45|", 3), ("١٬٢٣٤٫٥٦", "$1,234.56|", 6), ("१२", "$0.12|", 2), ("１２", "$0.12|", 2),
        ("𞥑𞥒", "$0.12|", 2), ("²³½Ⅻ", "$0.00|", 0), ("no digits", "$0.00|", 0),
    ])
    func pasteUnicode(text: String, marked: String, found: Int) throws {
        var field = try makeField()
        let outcome = field.paste(text)
        #expect(outcome.found == found)
        #expect(outcome.typed == found)
        expectMarked(field, marked)
    }

    @Test("set reads plain and locale-formatted amounts; the caret goes to the end", arguments: [
        ("en_US", "USD", "1234.5", "$1,234.50|", "1234.50"),
        ("en_US", "USD", "  42 ", "$42.00|", "42.00"),
        ("en_US", "USD", "$1,234.50", "$1,234.50|", "1234.50"),
        ("en_US", "USD", "-0.05", "-$0.05|", "-0.05"),
        ("en_US", "USD", "($12.50)", "-$12.50|", "-12.50"),
        ("de_DE", "EUR", "1.234,50 €", "1.234,50|\u{00A0}€", "1234.50"),
        ("de_DE", "EUR", "1234.5", "1.234,50|\u{00A0}€", "1234.50"),
        ("fr_FR", "EUR", "1 234,50 €", "1\u{202F}234,50|\u{00A0}€", "1234.50"),
        ("fr_FR", "EUR", "1\u{202F}234,50\u{00A0}€", "1\u{202F}234,50|\u{00A0}€", "1234.50"),
        ("de_CH", "CHF", "CHF 1’234.50", "CHF\u{00A0}1\u{2019}234.50|", "1234.50"),
        ("en_IN", "INR", "₹12,34,567.89", "₹12,34,567.89|", "1234567.89"),
        ("ar_KW", "KWD", "\u{200F}١٢٫٣٤٥\u{00A0}د.ك.\u{200F}", "\u{200F}١٢٫٣٤٥|\u{00A0}د.ك.\u{200F}", "12.345"),
        ("ja_JP", "JPY", "¥1,234", "¥1,234|", "1234"),
        // Symbols that hold the decimal separator: en_CV's decimal point is $ (R$ 1 234$56),
        // ar_AE's is . inside ج.م.; it is the point only between digits.
        ("en_CV", "BRL", "R$\u{00A0}1\u{00A0}234$56", "R$\u{00A0}1\u{00A0}234$56|", "1234.56"),
        ("pt_CV", "USD", "1234$56 US$", "1234$56|\u{00A0}US$", "1234.56"),
        ("pt_CV", "CVE", "1234$56\u{00A0}\u{200B}", "1234$56|\u{00A0}\u{200B}", "1234.56"),
        ("ar_AE", "EGP", "\u{200F}1,234.56\u{00A0}ج.م.\u{200F}", "\u{200F}1,234.56|\u{00A0}ج.م.\u{200F}", "1234.56"),
        ("brx_IN", "ZAR", "जेत.ए.आर 1,234.56", "जेत.ए.आर\u{00A0}1,234.56|", "1234.56"),
        // Separators ICU uses for this currency rather than the locale's number separators.
        ("en_CH", "EUR", "€ 3’468.56", "€\u{00A0}3\u{2019}468.56|", "3468.56"),
        ("en_150", "EUR", "-58.025.525,74 €", "-58.025.525,74|\u{00A0}€", "-58025525.74"),
    ])
    func set(locale: String, currency: String, text: String, marked: String, value: String) throws {
        var field = try makeField(locale, currency, allowsNegative: true)
        typeAccepted("99<home>", into: &field)
        try field.set(text)
        expectMarked(field, marked)
        #expect(field.value == value)
        #expect(field.state.caretSlotsFromEnd == 0)
        expectConsistent(field)
    }

    @Test("a set that fails is an error and changes nothing", arguments: [
        ("12.345", FieldError.tooManyFractionDigits("12.345", allowed: 2, because: .currency("USD"))),
        ("abc", .unreadableAmount("abc", locale: "en_US")),
        ("", .unreadableAmount("", locale: "en_US")),
        ("12.3.4", .unreadableAmount("12.3.4", locale: "en_US")),
        ("$12.34.", .unreadableAmount("$12.34.", locale: "en_US")),
        ("€12", .unreadableAmount("€12", locale: "en_US")),
        ("-5", .negativeNotAllowed("-5")),
        ("12345678901.23", .tooManyDigits("12345678901.23", limit: 12)),
        ("1000.01", .outsideLimits("1000.01", .aboveMaximum("1000"))),
    ])
    func setFails(text: String, error: FieldError) throws {
        var field = try makeField(maximum: "1000")
        typeAccepted("1245<left>", into: &field)
        expectFieldError(error, on: &field) { field throws(FieldError) in try field.set(text) }
    }

    @Test("in whole mode set takes whole units only")
    func setWhole() throws {
        var field = try makeField(mode: .whole)
        try field.set("20000.00")
        expectMarked(field, "$20,000|")
        expectFieldError(.tooManyFractionDigits("12.5", allowed: 0, because: .wholeMode), on: &field) { field throws(FieldError) in
            try field.set("12.5")
        }
    }

    @Test("in de_DE a plain-looking 1.234 is read as the plain decimal 1.234")
    func plainWinsOverLocale() throws {
        // SPEC ambiguity: "1.234" is 1234 in German but 1.234 as a plain decimal; plain is read first.
        var field = try makeField("de_DE", "EUR")
        expectFieldError(.tooManyFractionDigits("1.234", allowed: 2, because: .currency("EUR")), on: &field) { field throws(FieldError) in
            try field.set("1.234")
        }
        try field.set("1.234,00")
        #expect(field.value == "1234.00")
    }

    @Test("set of a minus zero clears the sign")
    func setNegativeZero() throws {
        var field = try makeField(typing: "<neg>5", allowsNegative: true)
        try field.set("-0.00")
        #expect(!field.state.isNegative)
        expectMarked(field, "$0.00|")
    }
}

import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// Displays and caret offsets across locales: separators, symbols, digit glyphs and bidi marks.
///
/// The expected strings are CLDR's formats for these locales written out by hand; each row is
/// also checked against Foundation's `Decimal.FormatStyle.Currency`, the SPEC's reference.
@Suite("locale displays")
struct LocaleDisplayTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let locale: String
        let currency: String
        let keys: String
        let marked: String
        let value: String
        var testDescription: String { "\(locale) \(currency) \(keys)" }
    }

    static let rows: [Row] = [
        Row(locale: "en_US", currency: "USD", keys: "123456789<left><left>",
            marked: "$1,234,567|.89", value: "1234567.89"),
        Row(locale: "en_GB", currency: "GBP", keys: "123456789<left><left>",
            marked: "£1,234,567|.89", value: "1234567.89"),
        Row(locale: "de_DE", currency: "EUR", keys: "123456789<left><left>",
            marked: "1.234.567|,89\u{00A0}€", value: "1234567.89"),
        // fr_FR groups with NARROW NO-BREAK SPACE and puts NO-BREAK SPACE before the symbol.
        Row(locale: "fr_FR", currency: "EUR", keys: "123456789<left><left>",
            marked: "1\u{202F}234\u{202F}567|,89\u{00A0}€", value: "1234567.89"),
        // de_CH groups with RIGHT SINGLE QUOTATION MARK.
        Row(locale: "de_CH", currency: "CHF", keys: "123456789<left><left>",
            marked: "CHF\u{00A0}1\u{2019}234\u{2019}567|.89", value: "1234567.89"),
        // en_ZA: space grouping and a decimal comma.
        Row(locale: "en_ZA", currency: "ZAR", keys: "123456789<left><left>",
            marked: "R\u{00A0}1\u{00A0}234\u{00A0}567|,89", value: "1234567.89"),
        // en_IN groups lakhs and crores: 12,34,567.89.
        Row(locale: "en_IN", currency: "INR", keys: "123456789<left><left>",
            marked: "₹12,34,567|.89", value: "1234567.89"),
        Row(locale: "en_IN", currency: "INR", keys: "123456789012",
            marked: "₹1,23,45,67,890.12|", value: "1234567890.12"),
        // JPY has no fraction: 1 slot, the caret after a grouped digit stops before the separator.
        Row(locale: "ja_JP", currency: "JPY", keys: "1234567<left><left><left>",
            marked: "¥1,234|,567", value: "1234567"),
        Row(locale: "ja_JP", currency: "JPY", keys: "", marked: "¥0|", value: "0"),
        // es_ES groups only from five integer digits (minimum grouping digits 2).
        Row(locale: "es_ES", currency: "EUR", keys: "123456", marked: "1234,56|\u{00A0}€", value: "1234.56"),
        Row(locale: "es_ES", currency: "EUR", keys: "1234567", marked: "12.345,67|\u{00A0}€", value: "12345.67"),
        // ar_KW: Arabic-Indic digits, Arabic separators, RLM marks, 3 fraction digits.
        // UTF-16 offset of the caret: RLM + 9 units for ١٬٢٣٤٬٥٦٧ = 10.
        Row(locale: "ar_KW", currency: "KWD", keys: "1234567891<left><left><left>",
            marked: "\u{200F}١٬٢٣٤٬٥٦٧|٫٨٩١\u{00A0}د.ك.\u{200F}", value: "1234567.891"),
        Row(locale: "ar_KW", currency: "KWD", keys: "5", marked: "\u{200F}٠٫٠٠٥|\u{00A0}د.ك.\u{200F}", value: "0.005"),
        Row(locale: "ar_KW", currency: "KWD", keys: "5<home>", marked: "\u{200F}|٠٫٠٠٥\u{00A0}د.ك.\u{200F}", value: "0.005"),
        // fa_IR: LRM, the symbol first, Extended Arabic-Indic digits, Arabic thousands separator.
        Row(locale: "fa_IR", currency: "IRR", keys: "1234567<left><left>",
            marked: "\u{200E}ریال\u{00A0}۱٬۲۳۴٬۵|۶۷", value: "1234567"),
        // he_IL: RLM first, Latin digits, RLM before the symbol.
        Row(locale: "he_IL", currency: "ILS", keys: "123456789<left><left>",
            marked: "\u{200F}1,234,567|.89\u{00A0}\u{200F}₪", value: "1234567.89"),
        Row(locale: "ar_EG", currency: "EGP", keys: "123456",
            marked: "\u{200F}١٬٢٣٤٫٥٦|\u{00A0}ج.م.\u{200F}", value: "1234.56"),
        Row(locale: "ar_EG@numbers=latn", currency: "EGP", keys: "123456<left><left>",
            marked: "\u{200F}1,234|.56\u{00A0}ج.م.\u{200F}", value: "1234.56"),
        // Adlam digits lie outside the BMP: two UTF-16 units per glyph.
        Row(locale: "ff_Adlm_GN", currency: "GNF", keys: "12345<left><left>",
            marked: "FG\u{00A0}\u{1E951}\u{1E952}\u{2E41}\u{1E953}|\u{1E954}\u{1E955}", value: "12345"),
    ]

    @Test("display, caret and value", arguments: rows)
    func display(row: Row) throws {
        let field = try makeField(typing: row.keys, row.locale, row.currency)
        expectMarked(field, row.marked)
        #expect(field.value == row.value)
        let fraction = CurrencyCatalog.fractionDigits(for: row.currency)
        #expect(field.rendering.display
            == foundationDisplay(row.value, locale: row.locale, currency: row.currency, fractionDigits: fraction))
        expectConsistent(field)
    }

    @Test("the caret offset counts UTF-16 units and sits right after the intended glyph")
    func utf16Offsets() throws {
        var field = try makeField(typing: "12345", "ar_KW", "KWD")
        // ‏١٢٫٣٤٥ د.ك.‏ : RLM(1) ١(2) ٢(3) ٫(4) ٣(5) ٤(6) ٥(7)
        let expectedOffsets = [7, 6, 5, 3, 2, 1]
        for (caret, offset) in expectedOffsets.enumerated() {
            #expect(field.state.caretSlotsFromEnd == caret)
            #expect(field.rendering.caretOffset == offset, "caret \(caret)")
            if caret < 5 { typeAccepted("<left>", into: &field) }
        }

        var adlam = try makeField(typing: "12<home>", "ff_Adlm_GN", "GNF")
        // "FG" + NBSP = 3 units, then 2 units per Adlam digit.
        #expect(adlam.rendering.caretOffset == 3)
        typeAccepted("<right>", into: &adlam)
        #expect(adlam.rendering.caretOffset == 5)
        typeAccepted("<end>", into: &adlam)
        #expect(adlam.rendering.caretOffset == 7)
    }

    @Test("every caret position in a grouped Arabic display follows the digit glyphs", arguments: [
        ("ar_KW", "KWD"), ("fa_IR", "IRR"), ("he_IL", "ILS"), ("en_IN", "INR"), ("fr_FR", "EUR"), ("ff_Adlm_GN", "GNF"),
    ])
    func everyCaretPosition(locale: String, currency: String) throws {
        var field = try makeField(typing: "98765432101", locale, currency)
        for _ in 0...field.slotCount {
            expectConsistent(field, "\(locale) caret \(field.state.caretSlotsFromEnd)")
            _ = try? type("<left>", into: &field)
        }
        #expect(field.state.caretSlotsFromEnd == field.slotCount)
    }
}

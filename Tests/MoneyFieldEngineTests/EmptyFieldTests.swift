import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// SPEC §1's empty fields: `--emptiable last-digit` counts the digit glyphs shown, `clear` and
/// `<neg>` on an empty field, and `--empty-shows symbol`.
@Suite("empty fields")
struct EmptyFieldTests {
    static func field(
        _ mode: EntryMode, _ locale: String = "en_US", _ currency: String = "USD", emptiable: Emptiable? = .lastDigit,
        emptyWhenZero: Bool = false, emptyShows: EmptyShows = .nothing, display: DisplayStyle = .symbol, accounting: Bool = false
    ) throws -> MoneyField {
        MoneyField(try FieldConfiguration(locale: locale, currency: currency) {
            $0.mode = mode
            $0.allowsNegative = true
            $0.accounting = accounting
            $0.display = display
            $0.emptyWhenZero = emptyWhenZero
            $0.emptiable = emptiable
            $0.emptyShows = emptyShows
        })
    }

    @Test("symbol-when-focused: <enter> leaves an empty field showing nothing, and any next key, refused or not, brings the symbol back",
          arguments: [EntryMode.natural, .whole, .atm])
    func symbolWhenFocused(mode: EntryMode) throws {
        var field = try Self.field(mode, emptiable: .atZero, emptyWhenZero: true, emptyShows: .symbolWhenFocused)
        #expect(field.marked == "$|" || field.marked == "|$", "\(field.marked)")
        let focused = field.marked
        try field.press(.enter)
        #expect(field.display == "" && field.isEmpty)
        try field.press(.enter)
        #expect(field.display == "", "leaving twice")
        #expect(throws: Rejection.self) { try field.press(.backspace) }
        #expect(field.marked == focused, "a refused key still comes back into the field")
        try field.press(.enter)
        try field.press(.left)
        #expect(field.marked == focused)
        try field.press(.enter)
        try field.press(.digit(5))
        #expect(field.value != nil && field.display.contains("5"))
        // Only an empty field shows the difference: a filled one left shows its amount.
        try field.press(.enter)
        #expect(field.display.contains("5"))
        // `symbol` shows it whether focused or not.
        var always = try Self.field(mode, emptiable: .atZero, emptyWhenZero: true, emptyShows: .symbol)
        try always.press(.enter)
        #expect(always.marked == focused)
    }

    @Test("last-digit: the delete that takes the last digit glyph shown empties the field, sign and all", arguments: [
        // A shown zero stays, and keeps its sign.
        (EntryMode.whole, "10<left>", Key.backspace, "$|0"),
        (.whole, "<neg>10<left>", .backspace, "-$|0"),
        (.whole, "", .backspace, "|"),
        (.whole, "<neg>", .backspace, "|"),
        (.whole, "5", .backspace, "|"),
        (.whole, "5<home>", .delete, "|"),
        (.whole, "12<selall>", .backspace, "|"),
        (.whole, "12<sleft>", .backspace, "$1|"),
        (.natural, "", .backspace, "|"),
        (.natural, "0<dec>", .backspace, "$0|"),
        (.natural, "5<dec><left>", .backspace, "|"),
        (.natural, "5<dec>", .backspace, "$5|"),
        (.natural, "0<dec>5<selall>", .delete, "|"),
        (.natural, "10<dec>5<left><left><left>", .backspace, "$|0.5"),
        // Atm with fraction digits empties exactly as at-zero.
        (.atm, "5", .backspace, "$0.00|"),
        (.atm, "", .backspace, "|"),
        (.atm, "1234<selall>", .backspace, "$0.00|"),
    ])
    func lastDigit(mode: EntryMode, keys: String, key: Key, marked: String) throws {
        var field = try Self.field(mode)
        typeAccepted(keys, into: &field)
        try field.press(key)
        expectMarked(field, marked)
        #expect(field.isEmpty == (marked == "|"))
        expectConsistent(field)
    }

    @Test("last-digit in atm mode with no fraction digits (JPY) empties as whole mode does")
    func lastDigitWithoutFraction() throws {
        var yen = try Self.field(.atm, "ja_JP", "JPY")
        typeAccepted("10<left>", into: &yen)
        try yen.press(.backspace)
        expectMarked(yen, "¥|0")
        try yen.press(.delete)
        #expect(yen.isEmpty)
    }

    @Test("clear empties an emptiable field that shows zero as empty; <neg> on an empty field is refused (issue 30 #2)")
    func clearAndSignOnEmpty() throws {
        var field = try Self.field(.atm, emptiable: .atZero, emptyWhenZero: true)
        typeAccepted("<clear>", into: &field)
        expectRefused(.minus, on: &field, .fieldEmpty)
        #expect(field.isEmpty && !field.state.isNegative && field.state.isEmptied)
        // A field that only shows zero as empty refuses the sign too, and a field without negatives says so.
        var shownEmpty = try Self.field(.atm, emptiable: nil, emptyWhenZero: true)
        expectRefused(.minus, on: &shownEmpty, .fieldEmpty)
        var noNegatives = MoneyField(try FieldConfiguration { $0.emptyWhenZero = true })
        expectRefused(.minus, on: &noNegatives, .negativeNotAllowed)
        typeAccepted("5", into: &shownEmpty)
        try shownEmpty.press(.minus)
        expectMarked(shownEmpty, "-$0.05|")
    }

    @Test("--empty-shows symbol: the zero's display without its digits, the caret where its first digit stood", arguments: [
        ("en_US", "USD", EntryMode.atm, DisplayStyle.symbol, false, "$|"),
        ("de_DE", "EUR", .atm, .symbol, false, "|\u{A0}€"),
        ("pt_BR", "USD", .atm, .symbol, false, "US$\u{A0}|"),
        ("ar_EG", "EGP", .atm, .symbol, false, "\u{200F}|\u{A0}ج.م.\u{200F}"),
        ("en_US", "USD", .whole, .code, false, "USD\u{A0}|"),
        ("en_US", "CAD", .natural, .narrow, false, "$|"),
        ("en_US", "USD", .atm, .symbol, true, "$|"),
        ("en_US", "USD", .atm, .none, false, "|"),
    ])
    func emptyShowsSymbol(locale: String, currency: String, mode: EntryMode, display: DisplayStyle, accounting: Bool, marked: String) throws {
        var field = try Self.field(mode, locale, currency, emptiable: .atZero, emptyWhenZero: true, emptyShows: .symbol,
                                   display: display, accounting: accounting)
        #expect(field.isEmpty && field.value == nil)
        expectMarked(field, marked)
        expectConsistent(field)
        // Every offset inside the text is the one caret stop: a tap or a selection stays there, an edit fills from it.
        for offset in 0...field.display.utf16.count {
            var tapped = field
            try tapped.tap(atUTF16Offset: offset)
            #expect(tapped == field, "tap at \(offset)")
            var selected = field
            try selected.select(utf16Start: 0, length: offset)
            #expect(selected == field, "select 0 \(offset)")
            var edited = field
            try edited.replace(utf16Range: offset..<offset, with: "7")
            #expect(edited.value == (mode == .atm ? "0.07" : "7" + (mode == .natural ? ".00" : "")), "edit at \(offset)")
        }
        #expect(throws: FieldError.offsetOutsideDisplay(field.display.utf16.count + 1, length: field.display.utf16.count)) {
            try field.tap(atUTF16Offset: field.display.utf16.count + 1)
        }
    }

    @Test("a natural field's decimal separator: the locale's own, ASCII too (en_CV writes $) (issue 30 #3)")
    func asciiDecimalSeparator() throws {
        var field = MoneyField(try FieldConfiguration(locale: "en_CV", currency: "USD") { $0.mode = .natural })
        #expect(field.isDecimalSeparator("$") && field.isDecimalSeparator(".") && field.isDecimalSeparator(","))
        #expect(!field.isDecimalSeparator("a") && !field.isDecimalSeparator("-"))
        typeAccepted("12", into: &field)
        try field.replace(utf16Range: 6..<6, with: "$5")
        expectMarked(field, "US$\u{A0}12$5|")
        let dollars = MoneyField(try FieldConfiguration { $0.mode = .natural })
        #expect(!dollars.isDecimalSeparator("$"))
        let egypt = MoneyField(try FieldConfiguration(locale: "ar_EG", currency: "EGP") { $0.mode = .natural })
        #expect(egypt.isDecimalSeparator("\u{066B}"))
    }

    @Test("a natural field with no fraction digits refuses the point itself (issue 30 #9)")
    func noPointWithoutFraction() throws {
        var yen = MoneyField(try FieldConfiguration(locale: "ja_JP", currency: "JPY") { $0.mode = .natural })
        typeAccepted("12", into: &yen)
        expectRefused(.decimal, on: &yen, .pointWouldOverflowFraction(limit: 0))
        #expect(throws: MoneyField.EditFailure.rejected(.pointWouldOverflowFraction(limit: 0))) { try yen.replace(utf16Range: 3..<3, with: ".5") }
        expectMarked(yen, "¥12|")
        var none = MoneyField(try FieldConfiguration { $0.mode = .natural; $0.decimals = 0 })
        typeAccepted("<selall>", into: &none)
        expectRefused(.decimal, on: &none, .pointWouldOverflowFraction(limit: 0))
    }
}

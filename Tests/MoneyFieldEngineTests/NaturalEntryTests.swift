import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// SPEC §1 "Natural entry", one rule at a time, with the SPEC's own examples.
@Suite("natural entry")
struct NaturalEntryTests {
    func natural(_ script: String = "", _ locale: String = "en_US", _ currency: String = "USD",
                 maxDigits: Int = 12, maximum: String? = nil, allowsNegative: Bool = false) throws -> MoneyField {
        var field = try makeField(locale, currency, mode: .natural, maxDigits: maxDigits, maximum: maximum, allowsNegative: allowsNegative)
        typeAccepted(script, into: &field)
        return field
    }

    @Test("integer digits, the point, then fraction digits: $12. shows the separator alone")
    func typingShowsThePartsAsTyped() throws {
        var field = try natural()
        expectMarked(field, "$0|")
        typeAccepted("12", into: &field)
        expectMarked(field, "$12|")
        typeAccepted("<dec>", into: &field)
        expectMarked(field, "$12.|")
        typeAccepted("3", into: &field)
        expectMarked(field, "$12.3|")
        #expect(field.value == "12.30")
        #expect(field.minorUnits == "1230")
        #expect(field.state.typedFraction == 1)
        typeAccepted("4", into: &field)
        expectRefused(.digit(5), on: &field, .fractionFull(limit: 2))
        expectConsistent(field)
    }

    @Test("the point is a caret stop: before it the integer part, after it the fraction")
    func thePointIsACaretStop() throws {
        var field = try natural("12<dec>34<left><left>")
        expectMarked(field, "$12.|34")
        typeAccepted("<left>", into: &field)
        expectMarked(field, "$12|.34")
        typeAccepted("5", into: &field)
        expectMarked(field, "$125|.34")
        #expect(field.slotCount == 6, "three integer slots, the point, two fraction digits")
        // A tap lands on either side of the separator by distance.
        try field.tap(atUTF16Offset: 4)
        expectMarked(field, "$125|.34")
        try field.tap(atUTF16Offset: 5)
        expectMarked(field, "$125.|34")
    }

    @Test("<dec> without a point splits at the caret; more than f digits after it is refused")
    func decimalKeySplitsAtTheCaret() throws {
        var field = try natural("10005<left><left>")
        typeAccepted("<dec>", into: &field)
        expectMarked(field, "$100.|05")
        var long = try natural("12345<left><left><left>")
        expectRefused(.decimal, on: &long, .pointWouldOverflowFraction(limit: 2))
        // With a point standing, <dec> moves the caret just after it.
        typeAccepted("<home><dec>", into: &field)
        expectMarked(field, "$100.|05")
    }

    @Test("backspace and delete over the point join the parts, unless a limit refuses")
    func deletingThePointJoins() throws {
        let field = try natural("12<dec>34<left><left><bs>")
        expectMarked(field, "$1,2|34")
        #expect(field.state.typedFraction == nil && field.value == "1234.00")
        var forward = try natural("12<dec>34<left><left><left><del>")
        expectMarked(forward, "$1,2|34")
        var capped = try natural("10<dec>99<left><left>", maximum: "100")
        expectRefused(.backspace, on: &capped, .aboveMaximum("100"))
        var short = try natural("12<dec>34<left><left>", maxDigits: 4)
        expectRefused(.backspace, on: &short, .tooManyDigits(limit: 4))
        forward = try natural("1<dec>5", maxDigits: 4)
        // --max-digits counts the amount at f places: two integer digits and two fraction digits.
        typeAccepted("<left><left>2", into: &forward)
        expectRefused(.digit(3), on: &forward, .tooManyDigits(limit: 4))
    }

    @Test("<enter> pads the fraction to f and adds the point; f = 0 drops it; other modes ignore it")
    func enterSettlesTheField() throws {
        var field = try natural("12<home>")
        typeAccepted("<enter>", into: &field)
        expectMarked(field, "$12.00|")
        var partial = try natural("7<dec>5")
        typeAccepted("<enter>", into: &partial)
        expectMarked(partial, "$7.50|")
        // A currency without a fraction refuses the point itself (issue 30 #9), and settles as is.
        var yen = try natural("1234", "ja_JP", "JPY")
        expectRefused(.decimal, on: &yen, .pointWouldOverflowFraction(limit: 0))
        typeAccepted("<enter>", into: &yen)
        expectMarked(yen, "¥1,234|")
        var dinar = try natural("12<dec>5<enter>", "en_US", "KWD")
        #expect(dinar.value == "12.500")
        expectConsistent(dinar)
        typeAccepted("<enter>", into: &dinar)
        var atm = try makeField(typing: "12")
        typeAccepted("<enter>", into: &atm)
        expectMarked(atm, "$0.12|")
        expectRefused(.decimal, on: &atm, .decimalKeyNeedsNaturalMode)
    }

    @Test("selection works on units, the point's glyph included")
    func selectionCoversThePoint() throws {
        var field = try natural("1234<dec>56", "de_DE", "EUR")
        try field.select(utf16Start: 2, length: 5)
        expectMarked(field, "1[.234,5|]6\u{A0}€")
        typeAccepted("0", into: &field)
        expectMarked(field, "10|6\u{A0}€")
        #expect(field.state.typedFraction == nil)
        typeAccepted("<selall><dec>", into: &field)
        expectMarked(field, "0,|\u{A0}€")
    }

    @Test("the edit event types a decimal separator as <dec>")
    func editEventsTypeTheSeparator() throws {
        var field = try natural("106", "de_DE", "EUR")
        try field.replace(utf16Range: 2..<2, with: ",5")
        expectMarked(field, "10,5|6\u{A0}€")
        // Deleting the separator's glyph deletes the point: the parts join (and group).
        try field.replace(utf16Range: 2..<3, with: "")
        expectMarked(field, "1.0|56\u{A0}€")
        #expect(throws: MoneyField.EditFailure.rejected(.notInsertable("1a"))) { try field.replace(utf16Range: 0..<0, with: "1a") }
    }

    @Test("displays are ICU's with the fraction typed, right to left and in native digits")
    func displaysInOtherScripts() throws {
        let egp = try natural("١٢٣<dec>", "ar_EG", "EGP")
        let style = Decimal.FormatStyle.Currency(code: "EGP", locale: Locale(identifier: "ar_EG"))
            .precision(.fractionLength(0)).decimalSeparator(strategy: .always)
        #expect(egp.display == Decimal(123).formatted(style))
        expectConsistent(egp)
        let thai = try natural("50<dec>2", "th_TH@numbers=thai", "THB")
        expectMarked(thai, "฿๕๐.๒|")
        let negative = try natural("<neg><dec>", allowsNegative: true)
        expectMarked(negative, "-$0.|")
        expectConsistent(negative)
    }

    @Test("set and a currency change keep natural mode's point where it can stand")
    func setAndCurrencyChange() throws {
        var field = try natural()
        try field.set("7.5")
        expectMarked(field, "$7.50|")
        var typed = try natural("12<dec>3")
        try typed.changeCurrency(to: "KWD")
        #expect(typed.state.typedFraction == 1 && typed.value == "12.300")
        #expect(throws: FieldError.amountNeedsRounding("12.3", currency: "JPY", allowed: 0)) { try typed.changeCurrency(to: "JPY") }
        try typed.changeCurrency(to: "JPY", round: true)
        expectMarked(typed, "¥12|")
        #expect(typed.state.typedFraction == nil)
    }

    @Test("a full 30-digit field refuses more digits wherever they would go, and never traps")
    func thirtyDigitsAtTheEdge() throws {
        var field = try makeField(mode: .natural, decimals: 0, maxDigits: 30)
        let digits = String(repeating: "9", count: 30)
        typeAccepted(digits + "<home><right>", into: &field)
        expectRefused(.tripleZero, on: &field, .tooManyDigits(limit: 30))
        expectRefused(.doubleZero, on: &field, .tooManyDigits(limit: 30))
        // Zeros at the far left are leading zeros: nothing changes, and nothing is refused.
        typeAccepted("<home><000>", into: &field)
        #expect(field.state.digitString == digits)
        typeAccepted("<selall><000>", into: &field)
        expectMarked(field, "$0|")
        expectConsistent(field)
    }
}

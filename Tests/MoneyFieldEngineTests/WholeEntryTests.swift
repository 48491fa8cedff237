import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// Whole-unit entry, seeds 003 and 004: digits are whole units and grouping appears live.
@Suite("whole entry")
struct WholeEntryTests {
    @Test("20000 groups live: $2 … $20,000 (seed 003)")
    func liveGrouping() throws {
        var field = try makeField(mode: .whole)
        expectMarked(field, "$0|")
        #expect(field.slotCount == 1)
        for (digit, marked) in zip("20000", ["$2|", "$20|", "$200|", "$2,000|", "$20,000|"]) {
            typeAccepted(String(digit), into: &field)
            expectMarked(field, marked)
            expectConsistent(field)
        }
        #expect(field.value == "20000")
        // Minor units keep the currency's f even though whole mode shows none.
        #expect(field.minorUnits == "2000000")
    }

    @Test("backspace regroups around the caret")
    func backspaceRegroups() throws {
        var field = try makeField(typing: "20000<left>", mode: .whole)
        expectMarked(field, "$20,00|0")
        for marked in ["$2,00|0", "$20|0", "$2|0", "$|0"] {
            typeAccepted("<bs>", into: &field)
            expectMarked(field, marked)
            expectConsistent(field)
        }
        #expect(field.state.digits.isEmpty)
        expectRefused(.backspace, on: &field, .nothingToDelete)
    }

    @Test("typing at the far left and in the middle regroups")
    func insertRegroups() throws {
        var field = try makeField(typing: "20000<home>", mode: .whole)
        expectMarked(field, "$|20,000")
        typeAccepted("5", into: &field)
        expectMarked(field, "$5|20,000")
        #expect(field.state.caretSlotsFromEnd == 5, "typing keeps c, so the caret stays right of the new digit")
        typeAccepted("<right><right><right>", into: &field)
        expectMarked(field, "$520,0|00")
        typeAccepted("7", into: &field)
        expectMarked(field, "$5,200,7|00")
    }

    @Test("whole mode in other locales and currencies", arguments: [
        ("de_DE", "EUR", "1234567", "1.234.567|\u{00A0}€", "123456700"),
        ("en_IN", "INR", "1234567", "₹12,34,567|", "123456700"),
        ("ja_JP", "JPY", "1234567", "¥1,234,567|", "1234567"),
        ("en_US", "KWD", "1234", "KWD\u{00A0}1,234|", "1234000"),
        ("fr_FR", "EUR", "20000", "20\u{202F}000|\u{00A0}€", "2000000"),
    ])
    func otherLocales(locale: String, currency: String, keys: String, marked: String, minorUnits: String) throws {
        let field = try makeField(typing: keys, locale, currency, mode: .whole)
        expectMarked(field, marked)
        #expect(field.value == keys)
        #expect(field.minorUnits == minorUnits)
        #expect(field.rendering.display == foundationDisplay(keys, locale: locale, currency: currency, fractionDigits: 0))
        expectConsistent(field)
    }
}

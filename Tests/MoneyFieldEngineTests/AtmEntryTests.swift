import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// ATM ("implied decimal") entry, seeds 000 and 001: every digit goes in as the last minor unit.
@Suite("atm entry")
struct AtmEntryTests {
    @Test("an empty field shows zero with f + 1 slots and the caret at the end")
    func emptyField() throws {
        let field = try makeField()
        expectMarked(field, "$0.00|")
        #expect(field.slotCount == 3)
        #expect(field.value == "0.00")
        #expect(field.minorUnits == "0")
        #expect(field.state.digitString == "")
    }

    @Test("typing 1…5 fills from the right (SPEC §1, seed 000)", arguments: [
        ("en_US", "USD", ["$0.01|", "$0.12|", "$1.23|", "$12.34|", "$123.45|"]),
        ("en_GB", "GBP", ["£0.01|", "£0.12|", "£1.23|", "£12.34|", "£123.45|"]),
    ])
    func typingOneToFive(locale: String, currency: String, expected: [String]) throws {
        var field = try makeField(locale, currency)
        for (digit, marked) in zip("12345", expected) {
            typeAccepted(String(digit), into: &field)
            expectMarked(field, marked)
            expectConsistent(field)
        }
        #expect(field.value == "123.45")
        #expect(field.minorUnits == "12345")
    }

    @Test("backspace right of the decimal point deletes the digit before the point (seed 001)")
    func backspaceAtDecimalPoint() throws {
        var field = try makeField(typing: "12345<left><left>", "en_GB", "GBP")
        expectMarked(field, "£123|.45")
        typeAccepted("<bs>", into: &field)
        expectMarked(field, "£12|.45")
        #expect(field.value == "12.45")
    }

    /// Every caret position of `$123.45` × every editing key, worked out by hand from SPEC §1
    /// (P = 12345, n = 5; the caret `c` counts slots to its right).
    static let keyTable: [(start: String, key: String, expected: String)] = [
        ("$123.45|", "<bs>", "$12.34|"),
        ("$123.45|", "9", "$1,234.59|"),
        ("$123.45|", "<left>", "$123.4|5"),
        ("$123.4|5", "<bs>", "$12.3|5"),
        ("$123.4|5", "<del>", "$12.34|"),
        ("$123.4|5", "9", "$1,234.9|5"),
        ("$123.4|5", "<left>", "$123|.45"),
        ("$123.4|5", "<right>", "$123.45|"),
        ("$123|.45", "<bs>", "$12|.45"),
        ("$123|.45", "<del>", "$12.3|5"),
        ("$123|.45", "9", "$1,239|.45"),
        ("$123|.45", "<left>", "$12|3.45"),
        ("$123|.45", "<right>", "$123.4|5"),
        ("$12|3.45", "<bs>", "$1|3.45"),
        ("$12|3.45", "<del>", "$12|.45"),
        ("$12|3.45", "9", "$1,29|3.45"),
        ("$12|3.45", "<left>", "$1|23.45"),
        ("$12|3.45", "<right>", "$123|.45"),
        ("$1|23.45", "<bs>", "$|23.45"),
        ("$1|23.45", "<del>", "$1|3.45"),
        ("$1|23.45", "9", "$1,9|23.45"),
        ("$1|23.45", "<left>", "$|123.45"),
        ("$1|23.45", "<right>", "$12|3.45"),
        ("$|123.45", "<del>", "$|23.45"),
        ("$|123.45", "9", "$9|,123.45"),
        ("$|123.45", "<right>", "$1|23.45"),
        ("$12|3.45", "<home>", "$|123.45"),
        ("$12|3.45", "<end>", "$123.45|"),
        ("$12|3.45", "0", "$1,20|3.45"),
    ]

    @Test("every caret position × key on $123.45", arguments: keyTable)
    func caretKeyTable(start: String, key: String, expected: String) throws {
        var field = try makeField(typing: "12345")
        let caret = MarkedCaret.parse(start)!
        let moves = FieldReference.digitGlyphs(in: caret.display).filter { $0.lowerBound >= caret.caretOffset }.count
        typeAccepted(String(repeating: "<left>", count: moves), into: &field)
        expectMarked(field, start)
        typeAccepted(key, into: &field)
        expectMarked(field, expected)
        expectConsistent(field)
    }

    @Test("keys with nothing to do are refused and change nothing")
    func refusedAtTheEdges() throws {
        var field = try makeField(typing: "12345")
        expectRefused(.delete, on: &field, .nothingToDeleteForward)
        expectRefused(.right, on: &field, .caretAtEnd)
        typeAccepted("<home>", into: &field)
        expectMarked(field, "$|123.45")
        expectRefused(.backspace, on: &field, .nothingToDelete)
        expectRefused(.left, on: &field, .caretAtStart)
        expectRefused(.minus, on: &field, .negativeNotAllowed)
    }

    @Test("inserting and deleting mid-string keeps the caret by its digit")
    func midStringEditing() throws {
        var field = try makeField(typing: "1245<left><left>")
        expectMarked(field, "$12|.45")
        typeAccepted("9", into: &field)
        expectMarked(field, "$129|.45")
        typeAccepted("9", into: &field)
        expectMarked(field, "$1,299|.45")
        typeAccepted("<bs><bs>", into: &field)
        expectMarked(field, "$12|.45")
        typeAccepted("<del>", into: &field)
        expectMarked(field, "$1.2|5")
        #expect(field.value == "1.25")
    }

    @Test("leading zero slots are real slots: the caret can stand among them")
    func caretAmongPaddingZeros() throws {
        var field = try makeField(typing: "5")
        expectMarked(field, "$0.05|")
        typeAccepted("<left>", into: &field)
        expectMarked(field, "$0.0|5")
        typeAccepted("7", into: &field)
        expectMarked(field, "$0.7|5")
        typeAccepted("<home>", into: &field)
        expectMarked(field, "$|0.75")
        typeAccepted("1", into: &field)
        expectMarked(field, "$1|0.75")
        #expect(field.value == "10.75")
        // Backspacing a padding zero changes nothing at all: refused like backspace at the far left.
        // Deleting one still moves the caret a slot right, as SPEC §1 says (c - 1).
        var padding = try makeField(typing: "5<left><left>")
        expectMarked(padding, "$0|.05")
        expectRefused(.backspace, on: &padding, .nothingToDelete)
        typeAccepted("<del>", into: &padding)
        expectMarked(padding, "$0.0|5")
        typeAccepted("<home><del>", into: &padding)
        expectMarked(padding, "$0|.05")
        var empty = try makeField()
        expectRefused(.backspace, on: &empty, .nothingToDelete)
        // A zero typed before the padding is a leading zero: stripped, nothing moves, but not refused.
        var zero = try makeField(typing: "5<home>")
        typeAccepted("0", into: &zero)
        expectMarked(zero, "$|0.05")
        #expect(zero.state.digitString == "5")
    }

    @Test("backspacing to zero leaves the caret at the end with f + 1 slots")
    func backspaceToZero() throws {
        var field = try makeField(typing: "123")
        typeAccepted("<bs><bs><bs>", into: &field)
        expectMarked(field, "$0.00|")
        #expect(field.state.digits.isEmpty)
        #expect(field.value == "0.00")
    }

    @Test("forward delete from the far left eats the amount and ends among the padding zeros")
    func forwardDeleteFromHome() throws {
        var field = try makeField(typing: "12345<home>")
        let expected = ["$|23.45", "$|3.45", "$0|.45", "$0.0|5", "$0.00|"]
        for marked in expected {
            typeAccepted("<del>", into: &field)
            expectMarked(field, marked)
            expectConsistent(field)
        }
        expectRefused(.delete, on: &field, .nothingToDeleteForward)
    }

    @Test("clear empties the digits and puts the caret at the end")
    func clear() throws {
        var field = try makeField(typing: "12345<left><left>")
        typeAccepted("<clear>", into: &field)
        #expect(field == (try makeField()))
        expectMarked(field, "$0.00|")
    }

    @Test("any Unicode decimal digit types its value")
    func unicodeDigits() throws {
        var field = try makeField()
        typeAccepted("١٢٣", into: &field)
        expectMarked(field, "$1.23|")
        typeAccepted("४５", into: &field)
        expectMarked(field, "$123.45|")
    }
}

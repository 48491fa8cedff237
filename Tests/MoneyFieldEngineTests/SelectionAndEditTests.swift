import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// SPEC §1 Selection, Platform edit events and the keypad keys, written as marked strings:
/// `$1[2.3|]4` has 2 and 3 selected with the caret at the selection's end.
@Suite struct SelectionAndEditTests {
    @Test(arguments: [
        // A caret offset is just after a digit glyph: the selection's left end stands before the point.
        ("1234<sleft><sleft>", "$12.[34|]", "$12[|.34]"),
        ("1234<left><sright>", "$12.3[4|]", "$12.3[4|]"),
        ("1234<shome>", "$[12.34|]", "$[|12.34]"),
        ("1234<home><send>", "$[12.34|]", "$[12.34|]"),
        ("1234<selall>", "$[12.34|]", "$[12.34|]"),
    ])
    func selectionKeysMoveTheCaretAndKeepTheAnchor(script: String, _ unused: String, expected: String) throws {
        let field = try makeField(typing: script)
        expectMarked(field, expected)
    }

    @Test(arguments: [
        ("1234<selall>7", "$0.07|"),
        ("1234<sleft><sleft>9", "$1.29|"),
        ("1234<left><sleft><sleft>5", "$1.5|4"),
        ("1234<sleft><sleft><bs>", "$0.12|"),
        ("1234<home><sright><del>", "$|2.34"),
        ("1234<sleft><sleft><left>", "$12|.34"),
        ("1234<sleft><sleft><right>", "$12.34|"),
        ("1234<sleft><sleft><end>", "$12.34|"),
        ("1234<selall><00>", "$0.00|"),
        ("1234<sleft><000>", "$1,230.00|"),
        ("1234<sleft><sleft><sright><sright>", "$12.34|"),
    ])
    func whatEachKeyDoesToASelection(script: String, expected: String) throws {
        let field = try makeField(typing: script)
        expectMarked(field, expected)
        expectConsistent(field)
    }

    @Test func signKeysKeepTheSelectionAndEnterDropsIt() throws {
        var field = try makeField(typing: "1234<sleft><sleft>", allowsNegative: true)
        typeAccepted("<neg>", into: &field)
        expectMarked(field, "-$12[|.34]")
        typeAccepted("<plus>", into: &field)
        expectMarked(field, "$12[|.34]")
        expectRefused(.plus, on: &field, .alreadyPositive)
        typeAccepted("<enter>", into: &field)
        expectMarked(field, "$12|.34")
    }

    @Test func limitsApplyToWhatReplacesASelection() throws {
        var field = try makeField(maxDigits: 4)
        typeAccepted("1234<sleft>", into: &field)
        expectRefused(.tripleZero, on: &field, .tooManyDigits(limit: 4))
        var capped = try makeField(maximum: "20")
        typeAccepted("1500<selall>", into: &capped)
        typeAccepted("3", into: &capped)
        expectMarked(capped, "$0.03|")
        var again = try makeField(maximum: "20")
        typeAccepted("1999<home><sright>", into: &again)
        expectRefused(.digit(9), on: &again, .aboveMaximum("20"))
    }

    @Test func doubleZeroIsAllOrNothing() throws {
        var field = try makeField(maxDigits: 5)
        typeAccepted("123<00>", into: &field)
        expectMarked(field, "$123.00|")
        expectRefused(.doubleZero, on: &field, .tooManyDigits(limit: 5))
        typeAccepted("<bs><bs>", into: &field)
        expectRefused(.tripleZero, on: &field, .tooManyDigits(limit: 5))
    }

    @Test(arguments: [("en_US", "USD"), ("ar_EG", "EGP"), ("fr_FR", "EUR"), ("hi_IN@numbers=deva", "INR")])
    func selectTakesTheGlyphsInsideARangeInEveryScript(locale: String, currency: String) throws {
        var field = try makeField(locale, currency)
        typeAccepted("123456", into: &field)
        let glyphs = FieldReference.digitGlyphs(in: field.display)
        // The second and third digit glyphs, and whatever lies between them.
        try field.select(utf16Start: glyphs[1].lowerBound, length: glyphs[2].upperBound - glyphs[1].lowerBound)
        #expect(field.state.selectedSlots?.low == 3 && field.state.selectedSlots?.high == 5)
        // Drawn from caret offset to caret offset, so a separator before the first glyph is inside.
        #expect(field.selectionRange == field.caretOffset(forSlot: 5)..<glyphs[2].upperBound)
        try field.replace(utf16Range: field.selectionRange!, with: "9")
        #expect(field.value == "194.56")
        #expect(field.state.digitString == "19456")
    }

    @Test func editEventsAsAPlatformSendsThem() throws {
        var field = try makeField()
        try field.set("1234.56")
        expectMarked(field, "$1,234.56|")
        // Backspace over the grouping separator deletes the digit before it.
        try field.replace(utf16Range: 2..<3, with: "")
        expectMarked(field, "$|234.56")
        // Typing at a caret with nothing selected.
        try field.replace(utf16Range: 4..<4, with: "7")
        expectMarked(field, "$2,347|.56")
        // A minus toggles the sign only where negatives are allowed.
        #expect(throws: MoneyField.EditFailure.rejected(.negativeNotAllowed)) { try field.replace(utf16Range: 0..<0, with: "-") }
        #expect(throws: MoneyField.EditFailure.rejected(.notInsertable("1a"))) { try field.replace(utf16Range: 0..<0, with: "1a") }
        #expect(throws: MoneyField.EditFailure.field(.offsetOutsideDisplay(98, length: 9))) { try field.replace(utf16Range: 98..<99, with: "1") }
        expectMarked(field, "$2,347|.56")
    }

    @Test func aRefusedEditChangesNothingAtAll() throws {
        var field = try makeField(maxDigits: 4)
        typeAccepted("123", into: &field)
        let before = field
        #expect(throws: MoneyField.EditFailure.rejected(.tooManyDigits(limit: 4))) { try field.replace(utf16Range: 5..<5, with: "45") }
        #expect(field == before && field.marked == before.marked)
    }

    @Test func aRangeWithNoDigitPlacesTheCaretAsATap() throws {
        var field = try makeField()
        try field.set("12.34")
        try field.select(utf16Start: 0, length: 1)
        expectMarked(field, "$|12.34")
        try field.select(utf16Start: 3, length: 1)
        expectMarked(field, "$12|.34")
    }
}

@Suite struct EditEventBoundsTests {
    @Test(arguments: [(0, Int.max), (Int.max, 0), (Int.max, Int.max), (-1, 2), (3, -1)])
    func rangesPastTheDisplayAreErrorsNotOverflows(start: Int, length: Int) throws {
        var field = try makeField()
        let before = field
        #expect(throws: FieldError.self) { try field.select(utf16Start: start, length: length) }
        #expect(field == before)
    }
}

/// Starting states written as the prompt draws them.
@Suite struct MarkedStartingStateTests {
    @Test(arguments: [
        ("$1[2.3|]4", "en_US", "USD"), ("$[|12.34]", "en_US", "USD"), ("$0.0|5", "en_US", "USD"), ("$|0.00", "en_US", "USD"),
        ("1.2[34|],50\u{A0}€", "de_DE", "EUR"), ("$1,23[4.0|]0", "en_US", "USD"),
    ])
    func aMarkedStateIsTheFieldItDraws(marked: String, locale: String, currency: String) throws {
        let field = try MoneyField(marked: marked, FieldConfiguration(locale: locale, currency: currency))
        #expect(field.marked == marked)
    }

    @Test func aSelectionKeepsItsAnchorAtTheOtherEnd() throws {
        var field = try MoneyField(marked: "$1[2.3|]4", FieldConfiguration())
        try field.press(.selectLeft)
        #expect(field.marked == "$1[2|].34")
        try field.press(.digit(9))
        #expect(field.marked == "$19|.34")
    }

    @Test(arguments: ["$12.34", "$1|2|.34", "$1|2.3", "$1[2.34|"])
    func aMarkingThatDrawsNoStateIsAnError(marked: String) {
        #expect(throws: (any Error).self) { try MoneyField(marked: marked, FieldConfiguration()) }
    }
}

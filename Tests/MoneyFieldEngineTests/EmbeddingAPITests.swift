import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// What an app that embeds the engine relies on: no state it can build is invalid, and the
/// field speaks Foundation's types and UTF-16 offsets.
@Suite("embedding API") struct EmbeddingAPITests {
    @Test func aStateWithANonDigitIsATypedError() {
        #expect(throws: FieldError.invalidState(.notADigit(value: 12, position: 1))) {
            _ = try FieldState(digits: [1, 12])
        }
    }

    @Test func leadingZerosAreDropped() throws {
        let state = try FieldState(digits: [0, 0, 1])
        #expect(state.digitString == "1")
        let field = MoneyField(try FieldConfiguration(), state: state)
        #expect(field.minorUnits == "1")
        #expect(field.display == "$0.01")
    }

    @Test func moreDigitsThanAFieldHoldsIsATypedError() {
        #expect(throws: FieldError.invalidState(.tooManyDigits(count: 33, limit: 30))) {
            _ = try FieldState(digits: Array(repeating: 1, count: 33))
        }
    }

    @Test func aCaretBeyondTheDigitsIsClamped() throws {
        let field = MoneyField(try FieldConfiguration(), state: try FieldState(digits: [1, 2, 3], caretSlotsFromEnd: 99))
        #expect(field.state.caretSlotsFromEnd == 3)
        expectMarked(field, "$|1.23")
    }

    @Test func aNegativeCaretIsATypedError() {
        #expect(throws: FieldError.invalidState(.negativeCaret(-1))) { _ = try FieldState(digits: [1], caretSlotsFromEnd: -1) }
    }

    @Test func aDigitKeyAboveNineIsRefusedAndChangesNothing() throws {
        var field = try MoneyField(locale: "en_US", currency: "USD")
        #expect(throws: Rejection.notADigit(12)) { try field.press(.digit(12)) }
        #expect(field.display == "$0.00")
    }

    @Test func aFieldFromFoundationTypes() throws {
        var field = try MoneyField(locale: Locale(identifier: "de_DE"), currency: Locale.Currency("EUR"))
        for digit: UInt8 in [1, 2, 3, 4, 5] { try field.press(.digit(digit)) }
        #expect(field.display == "123,45\u{A0}€")
        #expect(field.caretOffset == 6)
        #expect(field.value == "123.45")
        #expect(field.minorUnits == "12345")
        #expect(field.decimalValue == Decimal(string: "123.45", locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test(arguments: [
        (0, "$|12.45"), (1, "$|12.45"), (2, "$1|2.45"), (3, "$12|.45"), (4, "$12.4|5"), (5, "$12.4|5"), (6, "$12.45|"),
    ])
    func aTapGoesToTheNearestSlotBoundary(offset: Int, marked: String) throws {
        var field = try MoneyField(locale: "en_US", currency: "USD")
        try type("1245", into: &field)
        try field.tap(atUTF16Offset: offset)
        expectMarked(field, marked)
    }

    @Test func aTapOutsideTheDisplayIsAnErrorAndChangesNothing() throws {
        var field = try MoneyField(locale: "en_US", currency: "USD")
        #expect(throws: FieldError.offsetOutsideDisplay(6, length: 5)) { try field.tap(atUTF16Offset: 6) }
        #expect(field.state.caretSlotsFromEnd == 0)
    }
}

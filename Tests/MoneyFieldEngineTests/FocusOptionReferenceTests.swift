import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// The focus options behaving as the web fields they model (SPEC §1 "Focus", issue 46 §4):
/// what an empty field left shows, the bare point on leaving, `--point-again step`, and
/// `--while-typing pad` key by key (react-number-format's `fixedDecimalScale`).
@Suite("focus options, as the fields they model")
struct FocusOptionReferenceTests {
    static func field(_ adjust: (inout FieldSettings) -> Void) throws -> MoneyField {
        MoneyField(try FieldConfiguration {
            $0.mode = .natural
            adjust(&$0)
        })
    }

    /// A field padding while typing, with `keys` typed (every one taken).
    static func padded(_ keys: String, pointAgain: PointAgain = .move, sourceLocation: SourceLocation = #_sourceLocation) throws -> MoneyField {
        var field = try Self.field {
            $0.whileTyping = .pad
            $0.pointAgain = pointAgain
        }
        typeAccepted(keys, into: &field, sourceLocation: sourceLocation)
        return field
    }

    @Test("an empty field left shows what --empty-shows says, whatever the padding", arguments: [
        (OnLeave.keep, EmptyShows.symbol, "$"), (.pad, .symbol, "$"), (.keep, .nothing, ""), (.keep, .symbolWhenFocused, ""),
    ])
    func emptyFieldLeft(onLeave: OnLeave, shows: EmptyShows, display: String) throws {
        var field = try Self.field {
            $0.startsEmpty = true
            $0.emptiable = .lastDigit
            $0.emptyShows = shows
            $0.onLeave = onLeave
        }
        try field.press(.enter)
        #expect(field.isEmpty)
        #expect(field.display == display, "\(onLeave) \(shows)")
        expectConsistent(field)
        // Emptied by deleting, then left: the same.
        typeAccepted("5<bs><enter>", into: &field)
        #expect(field.isEmpty && field.display == display)
    }

    @Test("--on-leave keep drops a bare point on leaving and keeps a typed fraction", arguments: [
        ("12<dec>", "$12|", "12.00"), ("0<dec>", "$0|", "0.00"), ("<dec>", "$0|", "0.00"), ("12<dec>3", "$12.3|", "12.30"),
        ("1<dec>50", "$1.50|", "1.50"),
    ])
    func keepDropsABarePoint(keys: String, marked: String, value: String) throws {
        var field = try Self.field { $0.onLeave = .keep }
        typeAccepted(keys + "<enter>", into: &field)
        expectMarked(field, marked)
        #expect(field.value == value)
        expectConsistent(field)
        // The default pads instead.
        var padded = try Self.field { _ in }
        typeAccepted(keys + "<enter>", into: &padded)
        #expect(padded.state.typedFraction == 2)
    }

    @Test("--point-again step: just before the point <dec> steps over it; anywhere else it is refused", arguments: [
        ("12<dec>5<left><left>", "$12.|5"), ("12<dec>5<left><left><left>", nil), ("12<dec>5<left>", nil), ("12<dec>5", nil),
        ("12<dec>5<home>", nil), ("12<dec>", nil), ("12", "$12.|"),
    ])
    func pointAgainStep(keys: String, after: String?) throws {
        var field = try Self.field { $0.pointAgain = .step }
        typeAccepted(keys, into: &field)
        expectPress(.decimal, on: &field, gives: after, orRefuses: .pointAlreadyTyped)
        expectConsistent(field)
    }

    @Test("--point-again step replaces a selection first, then steps from its place")
    func pointAgainStepOverSelection() throws {
        var field = try Self.field { $0.pointAgain = .step }
        typeAccepted("123<dec>5<left><left><sleft>", into: &field)
        expectMarked(field, "$12[|3].5")
        try field.press(.decimal)
        expectMarked(field, "$12.|5")
        var elsewhere = try Self.field { $0.pointAgain = .step }
        typeAccepted("123<dec>5<home><sright>", into: &elsewhere)
        let before = elsewhere
        #expect(throws: Rejection.pointAlreadyTyped) { try elsewhere.press(.decimal) }
        #expect(elsewhere == before, "refused, the selection kept")
    }

    @Test("--while-typing pad: a typed 0 or digit shows the padded fraction, the caret after the integer digits", arguments: [
        ("0", "$0|.00", "0.00"), ("1", "$1|.00", "1.00"), ("<00>", "$0|.00", "0.00"), ("<dec>", "$0.|00", "0.00"),
        ("1<dec>5", "$1.5|0", "1.50"), ("1<dec>57", "$1.57|", "1.57"), ("12<dec>", "$12.|00", "12.00"),
    ])
    func padShows(keys: String, marked: String, value: String) throws {
        let field = try Self.padded(keys)
        expectMarked(field, marked)
        #expect(field.value == value)
        expectConsistent(field)
    }

    @Test("--while-typing pad: End goes after the last zero and a digit there is refused; padding zeros are caret stops")
    func padEnd() throws {
        var field = try Self.padded("1")
        #expect(field.slotCount == 4)
        try field.press(.end)
        expectMarked(field, "$1.00|")
        #expect(throws: Rejection.fractionFull(limit: 2)) { try field.press(.digit(5)) }
        try field.press(.left)
        expectMarked(field, "$1.0|0")
    }

    @Test("--while-typing pad: Backspace over padding or the point moves the caret left and deletes nothing")
    func padBackspace() throws {
        var field = try Self.padded("1<end>")
        for marked in ["$1.0|0", "$1.|00", "$1|.00"] {
            try field.press(.backspace)
            expectMarked(field, marked)
            #expect(field.value == "1.00")
            expectConsistent(field)
        }
        // Over a typed digit it deletes it, and the fraction is padded again.
        var typed = try Self.padded("1<dec>5")
        try typed.press(.backspace)
        expectMarked(typed, "$1.|00")
        var integer = try Self.padded("12")
        try integer.press(.backspace)
        expectMarked(integer, "$1|.00")
    }

    /// Issue 51 §6: under `--emptiable last-digit`, deleting the last typed digit empties the
    /// field, padding or not (react-number-format clears its input); the padding zeros are not
    /// typed digits, so a delete that leaves a typed one keeps the field.
    @Test("--while-typing pad --emptiable last-digit: deleting the last typed digit empties the field", arguments: [
        ("0", Key.backspace, nil), ("5", .backspace, nil), ("0<home>", .delete, nil), ("5<selall>", .backspace, nil),
        ("5<dec>5", .backspace, "$5.|00"), ("0<dec>05", .backspace, "$0.0|0"), ("10<left>", .backspace, "$|0.00"),
        ("0<dec>5", .backspace, "$0.|00"), ("5<end>", .backspace, "$5.0|0"),
    ] as [(String, Key, String?)])
    func padLastDigitEmpties(keys: String, key: Key, marked: String?) throws {
        var field = try Self.field {
            $0.whileTyping = .pad
            $0.emptiable = .lastDigit
        }
        typeAccepted(keys, into: &field)
        try field.press(key)
        if let marked {
            expectMarked(field, marked)
            #expect(!field.isEmpty)
        } else {
            #expect(field.isEmpty, "\(keys) \(key): \(field.marked)")
            #expect(field.display == "")
        }
        expectConsistent(field)
    }

    @Test("--while-typing pad: a digit typed over a padding zero replaces it; in the fraction it pushes the last digit off", arguments: [
        ("1<right>", "5", "$1.5|0"), ("1<right><right>", "5", "$1.05|"), ("1<dec>5<left>", "7", "$1.7|5"), ("1<right>", "<00>", "$1.00|"),
    ])
    func padTypesOver(keys: String, typed: String, marked: String) throws {
        var field = try Self.padded(keys)
        typeAccepted(typed, into: &field)
        expectMarked(field, marked)
        expectConsistent(field)
    }

    @Test("--while-typing pad: Delete over padding or the point does nothing; over a digit it deletes and pads again", arguments: [
        ("1<right>", nil), ("1", nil), ("1<right><right>", nil), ("1<dec>05<left><left>", "$1.|50"), ("12<home>", "$|2.00"),
    ])
    func padDelete(keys: String, after: String?) throws {
        var field = try Self.padded(keys)
        expectPress(.delete, on: &field, gives: after, orRefuses: .nothingToDeleteForward)
        expectConsistent(field)
    }

    @Test("--while-typing pad: <dec> with the padded point standing never moves the point", arguments: [
        (PointAgain.ignore, "11<home><right>", nil), (.move, "11<home><right>", "$11.|00"), (.step, "11<home><right>", nil),
        (.step, "11", "$11.|00"), (.ignore, "11", nil),
    ])
    func padPointAgain(pointAgain: PointAgain, keys: String, after: String?) throws {
        var field = try Self.padded(keys, pointAgain: pointAgain)
        expectPress(.decimal, on: &field, gives: after, orRefuses: .pointAlreadyTyped)
        if after == nil { #expect(field.value == "11.00", "the amount is never cut to 1.10") }
    }

    @Test("--while-typing pad: deleting everything leaves nothing to pad; leaving changes nothing")
    func padClearedAndLeft() throws {
        var field = try Self.padded("12<dec>3<selall>")
        try field.press(.backspace)
        expectMarked(field, "$0|")
        var left = try Self.padded("12<dec>3")
        try left.press(.enter)
        expectMarked(left, "$12.30|")
        // --on-focus trim does not undo the padding as focus comes back.
        var trimmed = try Self.field {
            $0.whileTyping = .pad
            $0.onFocus = .trim
        }
        typeAccepted("10<enter><left>", into: &trimmed)
        expectMarked(trimmed, "$10.0|0")
    }

    @Test("--while-typing pad follows a currency change to the new fraction digits")
    func padCurrencyChange() throws {
        var field = try Self.padded("7")
        try field.changeCurrency(to: "KWD")
        #expect(field.display.hasSuffix("7.000"), "\(field.marked)")
        expectConsistent(field)
    }
}

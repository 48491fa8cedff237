import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// `startsEmpty` (a field made as an input with no value) and `pointAgain` (natural `<dec>` once
/// the point is typed), the two options a web field's documented behaviour asked for.
@Suite("starts empty, point again")
struct StartsEmptyAndPointAgainTests {
    static func field(
        _ mode: EntryMode, startsEmpty: Bool = true, emptiable: Emptiable? = nil, emptyWhenZero: Bool = false,
        emptyShows: EmptyShows = .nothing, pointAgain: PointAgain = .move
    ) throws -> MoneyField {
        MoneyField(try FieldConfiguration {
            $0.mode = mode
            $0.emptyWhenZero = emptyWhenZero
            $0.emptiable = emptiable
            $0.emptyShows = emptyShows
            $0.startsEmpty = startsEmpty
            $0.pointAgain = pointAgain
        })
    }

    @Test("a field that starts empty shows what --empty-shows says, caret 0, no value", arguments: [
        (EntryMode.natural, EmptyShows.nothing, ""), (.natural, .symbol, "$"), (.atm, .nothing, ""), (.whole, .symbol, "$"),
    ])
    func startsEmpty(mode: EntryMode, shows: EmptyShows, display: String) throws {
        let field = try Self.field(mode, emptyShows: shows)
        #expect(field.isEmpty)
        #expect(field.display == display)
        #expect(field.caretOffset == (shows == .symbol ? 1 : 0))
        #expect(field.value == nil && field.minorUnits == nil)
        expectConsistent(field)
        // Without the option the same field starts at zero.
        #expect(try !Self.field(mode, startsEmpty: false, emptyShows: shows).isEmpty)
    }

    @Test("the first digit, zeros or the point fill it; a typed 0 shows zero, unlike --empty-when-zero", arguments: [
        (EntryMode.natural, "0", "$0|"), (.natural, "<00>", "$0|"), (.natural, "<dec>", "$0.|"), (.natural, "5", "$5|"),
        (.whole, "0", "$0|"), (.atm, "0", "$0.00|"), (.atm, "7", "$0.07|"),
    ])
    func fills(mode: EntryMode, keys: String, marked: String) throws {
        var field = try Self.field(mode)
        typeAccepted(keys, into: &field)
        expectMarked(field, marked)
        #expect(!field.isEmpty)
        #expect(field.value != nil)
        var zeroEmpty = try Self.field(mode, startsEmpty: false, emptyWhenZero: true)
        typeAccepted("0", into: &zeroEmpty)
        #expect(zeroEmpty.isEmpty, "--empty-when-zero shows a typed zero as empty")
    }

    @Test("not emptiable: deleting stops at zero; clear empties it again")
    func notEmptiable() throws {
        var field = try Self.field(.natural)
        typeAccepted("5", into: &field)
        try field.press(.backspace)
        expectMarked(field, "$0|")
        #expect(!field.isEmpty)
        #expect(throws: Rejection.nothingToDelete) { try field.press(.backspace) }
        try field.press(.clear)
        #expect(field.isEmpty)
        // Without --starts-empty or --emptiable, clear gives zero.
        var plain = try Self.field(.natural, startsEmpty: false)
        typeAccepted("5", into: &plain)
        try plain.press(.clear)
        #expect(!plain.isEmpty)
        expectMarked(plain, "$0|")
    }

    @Test("with --emptiable last-digit, deleting the last digit empties it again")
    func emptiable() throws {
        var field = try Self.field(.natural, emptiable: .lastDigit, emptyShows: .symbol)
        typeAccepted("5", into: &field)
        try field.press(.backspace)
        #expect(field.isEmpty)
        #expect(field.display == "$")
    }

    @Test("with --empty-when-zero the field is --empty-when-zero's: a typed 0 shows empty")
    func withEmptyWhenZero() throws {
        var field = try Self.field(.natural, emptyWhenZero: true)
        #expect(field.isEmpty)
        typeAccepted("0", into: &field)
        #expect(field.isEmpty)
        typeAccepted("3", into: &field)
        expectMarked(field, "$3|")
    }

    @Test("a changed currency keeps a field that starts empty empty")
    func currencyChangeKeepsEmpty() throws {
        var field = try Self.field(.natural)
        try field.changeCurrency(to: "EUR")
        #expect(field.isEmpty)
    }

    @Test("--point-again move: <dec> with the point typed moves the caret just after it", arguments: [
        ("12<dec>34<home>", "$12.|34"), ("12<dec>34", "$12.|34"), ("12<dec>3<left><left><left><sleft>", "$2.|3"),
    ])
    func pointAgainMove(keys: String, marked: String) throws {
        var field = try Self.field(.natural, startsEmpty: false)
        typeAccepted(keys, into: &field)
        try field.press(.decimal)
        expectMarked(field, marked)
    }

    @Test("--point-again ignore: <dec> with the point typed is refused and changes nothing, selection and all", arguments: [
        "12<dec>34<home>", "12<dec>34", "12<dec>", "12<dec>3<left><left><left><sleft>", "12<dec>3<sleft>",
    ])
    func pointAgainIgnore(keys: String) throws {
        var field = try Self.field(.natural, startsEmpty: false, pointAgain: .ignore)
        typeAccepted(keys, into: &field)
        let before = field
        #expect(throws: Rejection.pointAlreadyTyped) { try field.press(.decimal) }
        #expect(field == before)
        #expect(Rejection.pointAlreadyTyped.description == "the point is already typed")
        #expect(Rejection.pointAlreadyTyped.allowedBy == SettingRemedy(\.pointAgain, "move"))
    }

    @Test("--point-again ignore still types the first point, and a selection holding the point is replaced by it")
    func pointAgainIgnoreFirstPoint() throws {
        var field = try Self.field(.natural, startsEmpty: false, pointAgain: .ignore)
        typeAccepted("1234<left><left><dec>", into: &field)
        expectMarked(field, "$12.|34")
        typeAccepted("<selall><dec>", into: &field)
        expectMarked(field, "$0.|")
    }

    @Test("--point-again changes nothing in atm and whole mode, where <dec> is refused anyway", arguments: [EntryMode.atm, .whole])
    func pointAgainOtherModes(mode: EntryMode) throws {
        for pointAgain in PointAgain.allCases {
            var field = try Self.field(mode, startsEmpty: false, pointAgain: pointAgain)
            typeAccepted("12", into: &field)
            #expect(throws: Rejection.decimalKeyNeedsNaturalMode) { try field.press(.decimal) }
        }
    }
}

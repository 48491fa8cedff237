@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing

/// Issue 46 §1–3: a key that did nothing on the adapter is one cause per place the adapter's own
/// caret stood, whatever the key and whatever moneyfield did instead; the headers that named
/// the wrong cause.
@Suite struct DidNothingTests {
    /// The cause when the adapter answered `adapter` (its caret `caretBefore` before the last key)
    /// to the last of `typed` on a field made with `options`.
    func cause(_ typed: String, _ set: (inout FieldOptions) -> Void = { _ in }, locale: String = "en_US", currency: String = "USD",
               adapter: (FieldAnswer) -> FieldAnswer, caretBefore: (FieldAnswer) -> Int?) throws -> Cause {
        var fieldOptions = FieldOptions()
        set(&fieldOptions)
        fieldOptions[\.locale] = locale
        fieldOptions[\.currency] = currency
        let session = CheckPlan.Session(configuration: CheckPlan.Configuration(fieldOptions), keys: try keys(typed))
        let reference = try FieldAnswer.reference(for: session)
        let step = session.keys.count
        let theirs = adapter(reference[step - 1])
        let configuration = try session.configuration.fieldConfiguration()
        let kind = try #require(reference[step].difference(from: theirs, caret: .slot, units: CaretUnits(configuration)),
                                "the adapter's \(theirs.display) agrees with moneyfield's \(reference[step].display)")
        let difference = Checker.Difference(step: step, adapter: theirs, reference: reference[step], kind: kind,
                                            adapterCaretBefore: caretBefore(reference[step - 1]))
        return Checker.Behaviour(session, difference).cause
    }

    /// The field as it was before the key, the caret at `caret`.
    func unchanged(at caret: @escaping (FieldAnswer) -> Int) -> (FieldAnswer) -> FieldAnswer {
        { before in FieldAnswer(display: before.display, caret: caret(before)) }
    }

    let natural: (inout FieldOptions) -> Void = { $0[\.mode] = .natural }

    func end(_ answer: FieldAnswer) -> Int { answer.display.utf16.count }

    /// (moneyfield refuses a Delete at its end: there the field's caret stood past ` €` after a
    /// tap, moneyfield's two units left.)
    @Test(arguments: ["12<dec>3<end>5", "12<dec>3<end><bs>", "12<dec>3<end><dec>", "12<dec>3<left><left><del>"])
    func pastTheSuffixEveryKeyIsOneCause(_ typed: String) throws {
        // `12,3 €` with the caret past ` €`: whatever is typed there is lost.
        let found = try cause(typed, natural, locale: "de_DE", currency: "EUR",
                              adapter: unchanged(at: end), caretBefore: end)
        #expect(found == .didNothing(.outside), "\(typed): \(found.words)")
    }

    @Test(arguments: ["12<home><del>", "<home><del>"])
    func beforeThePrefixDeleteIsOneCauseEvenWhereMoneyfieldEmpties(_ typed: String) throws {
        // The second: a lone `0` that moneyfield empties (`--emptiable at-zero`), the adapter keeps.
        let found = try cause(typed, { $0[\.mode] = .whole; $0[\.emptiable] = Emptiable.atZero }, adapter: unchanged { _ in 0 }, caretBefore: { _ in 0 })
        #expect(found == .didNothing(.outside), "\(typed): \(found.words)")
    }

    /// After leaving, focus comes back with the key: the caret the adapter answered is where the key found it.
    @Test func afterLeavingTheCaretFocusGaveIsWhereTheKeyFoundIt() throws {
        let found = try cause("12<dec>3<enter><bs>", natural, locale: "de_DE", currency: "EUR",
                              adapter: unchanged(at: end), caretBefore: { _ in nil })
        #expect(found == .didNothing(.outside), "\(found.words)")
    }

    @Test func besideASeparatorAndAmongTheDigitsAreTwoPlaces() throws {
        let beside = try cause("1234<left><left><bs>", adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret })
        let among = try cause("1234<left><bs>", adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret })
        let digit = try cause("1234<left>5", adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret })
        #expect(beside == .didNothing(.separator))
        #expect(among == .didNothing(.digits))
        #expect(digit == among, "a digit and a delete doing nothing among the digits are one cause")
    }

    /// §3: a Delete that did nothing at `$0.0|0` is not "padded the fraction while typing".
    @Test func aDeleteThatDidNothingIsNotPadding() throws {
        let found = try cause("0<dec>00<left><del>", natural, adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret })
        #expect(found == .didNothing(.digits), "\(found.words)")
    }

    /// §3: the decimal key moneyfield took to step its caret past the standing point is not "a key
    /// moneyfield refuses".
    @Test func theDecimalKeyMoneyfieldTookIsNotRefused() throws {
        let found = try cause("12<dec>5<left><left><dec>", natural,
                              adapter: { _ in FieldAnswer(display: "$1.25", caret: 2) }, caretBefore: { $0.caret })
        #expect(found == .digits(.otherSlot, .point), "\(found.words)")
        #expect(!found.words.contains("refuses"))
    }

    /// §3: a point the field blocked after focus came back is not "an edit put the caret at the end":
    /// the adapter answered as moneyfield with `--point-again ignore`.
    @Test func aBlockedPointAfterFocusCameBackIsPointAgain() throws {
        let found = try cause("12<dec>5<enter><dec>", natural, adapter: unchanged(at: end), caretBefore: { _ in nil })
        #expect(found == .pointAgain, "\(found.words)")
    }

    /// §2: a refused digit that moves the caret one place right is one cause, the end included.
    @Test(arguments: ["123<left>", "123<left><left>"])
    func aRefusedDigitMovingTheCaretIsOneCauseWhereverItWent(_ typed: String) throws {
        let found = try cause(typed + "9", { $0[\.maxDigits] = 3 }, adapter: { before in
            let units = CaretUnits.digits
            let right = units.right(of: before.caret!, in: before.display)
            return FieldAnswer(display: before.display, caret: units.offset(unitsRight: right - 1, in: before.display))
        }, caretBefore: { $0.caret })
        #expect(found == .caretMovedOnRefused, "\(typed): \(found.words)")
    }

    /// §2: focus coming back trimmed, then a digit moneyfield refuses with the fraction full: the
    /// trim, not the digit.
    @Test func aTrimAsFocusCameBackIsThatCauseWhateverTheKeyDid() throws {
        let found = try cause("12<dec>3<enter>4", natural,
                              adapter: { _ in FieldAnswer(display: "$12.34", caret: 6) }, caretBefore: { _ in nil })
        #expect(found == .padding(padded: false, .returning), "\(found.words)")
    }

    /// `--while-typing pad` configured, the field not padding: one cause, after leaving too.
    @Test func paddingWhileTypingIsOneCauseAfterLeavingToo() throws {
        let typing = try cause("1", { $0[\.mode] = .natural; $0[\.whileTyping] = .pad },
                               adapter: { _ in FieldAnswer(display: "$1", caret: 2) }, caretBefore: { $0.caret })
        #expect(typing == .padding(padded: false, .typing), "\(typing.words)")
    }
}

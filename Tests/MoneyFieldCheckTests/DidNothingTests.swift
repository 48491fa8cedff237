@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing

/// Issue 46 §1–3, issue 51 §1: a key that did nothing on the adapter (its display and value as
/// they were, wherever its caret went) is judged where the adapter's own caret stood before it,
/// whatever moneyfield did instead; the probes say whether the key, the place or both are the
/// cause; the headers that named the wrong cause.
@Suite struct DidNothingTests {
    /// The cause when the adapter answered `adapter` (its caret `caretBefore` before the last key)
    /// to the last of `typed` on a field made with `options`.
    func cause(_ typed: String, _ set: (inout FieldOptions) -> Void = { _ in }, locale: String = "en_US", currency: String = "USD",
               adapter: (FieldAnswer) -> FieldAnswer, caretBefore: (FieldAnswer) -> Int?, findings: Findings = Findings()) throws -> Cause {
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
        var difference = Checker.Difference(step: step, adapter: theirs, reference: reference[step], kind: kind,
                                            adapterCaretBefore: caretBefore(reference[step - 1]))
        difference.findings = findings
        return Checker.Behaviour(session, difference).cause
    }

    /// The field as it was before the key, the caret at `caret`.
    func unchanged(at caret: @escaping (FieldAnswer) -> Int) -> (FieldAnswer) -> FieldAnswer {
        { before in FieldAnswer(display: before.display, caret: caret(before)) }
    }

    let natural: (inout FieldOptions) -> Void = { $0[\.mode] = .natural }

    func end(_ answer: FieldAnswer) -> Int { answer.display.utf16.count }

    /// The field as it was before the key, its caret snapped back to moneyfield's (a real field's
    /// caret returns into the amount after a key it ignored).
    var snapped: (FieldAnswer) -> FieldAnswer { { before in FieldAnswer(display: before.display, caret: before.caret) } }

    static let placeWide = Findings(placeAnyKey: true)

    /// (moneyfield refuses a Delete at its end: there the field's caret stood past ` €` after a
    /// tap, moneyfield's two units left.)
    @Test(arguments: ["12<dec>3<end>5", "12<dec>3<end><bs>", "12<dec>3<end><dec>", "12<dec>3<left><left><del>"])
    func pastTheSuffixEveryKeyIsOneCauseWhereverTheCaretWent(_ typed: String) throws {
        // `12,3 €` with the caret past ` €`: whatever is typed there is lost, the caret staying or snapping back.
        for answer in [unchanged(at: end), snapped] {
            let found = try cause(typed, natural, locale: "de_DE", currency: "EUR", adapter: answer, caretBefore: end, findings: Self.placeWide)
            #expect(found == .didNothing(.init(.outside, nil)), "\(typed): \(found.words)")
        }
    }

    /// §1: before the probes, the place and the key, but outside the amount the place alone (round
    /// 2: `|$10` reached by Home or by Left is one cause whatever key); a caret that snapped back is
    /// no other cause.
    @Test func beforeTheProbesTheCauseIsThePlaceAndTheKey() throws {
        let still = try cause("12<dec>3<end><bs>", natural, locale: "de_DE", currency: "EUR", adapter: unchanged(at: end), caretBefore: end)
        let snap = try cause("12<dec>3<end><bs>", natural, locale: "de_DE", currency: "EUR", adapter: snapped, caretBefore: end)
        #expect(still == .didNothing(.init(.outside, nil)) && snap == still, "\(still.words) / \(snap.words)")
        let among = try cause("1234<left><bs>", adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret })
        #expect(among == .didNothing(.init(.digits, .delete)), "\(among.words)")
        let anywhere = try cause("12<dec>3<end><bs>", natural, locale: "de_DE", currency: "EUR", adapter: snapped, caretBefore: end,
                                 findings: Findings(keyAnywhere: true))
        #expect(anywhere == .didNothing(.init(nil, .delete)), "\(anywhere.words)")
        let length = try cause("12<dec>3<end>5", natural, locale: "de_DE", currency: "EUR", adapter: snapped, caretBefore: end,
                               findings: Findings(keyAnywhere: true, placeAnyKey: true))
        #expect(length == .didNothing(.init(nil, nil)) && length.code == "did-nothing length", "\(length.code)")
    }

    /// §1: `|$10` Delete → `$|10`, and a lone `0` that moneyfield empties (`--emptiable at-zero`)
    /// the adapter keeps: one cause, the caret staying or snapping back.
    @Test(arguments: ["12<home><del>", "<home><del>"])
    func beforeThePrefixDeleteIsOneCauseEvenWhereMoneyfieldEmpties(_ typed: String) throws {
        for answer in [unchanged { _ in 0 }, { before in FieldAnswer(display: before.display, caret: 1) }] {
            let found = try cause(typed, { $0[\.mode] = .whole; $0[\.emptiable] = Emptiable.atZero }, adapter: answer, caretBefore: { _ in 0 },
                                  findings: Self.placeWide)
            #expect(found == .didNothing(.init(.outside, nil)), "\(typed): \(found.words)")
        }
    }

    /// §1, atm de_DE: `0,01 €|` Backspace → `0,01| €` and `0,00 €|` Backspace (moneyfield empties
    /// at zero): one cause, never padding.
    @Test(arguments: ["1<end><bs>", "0<end><bs>", "0<enter><end><bs>"])
    func atmPastTheSuffixBackspaceIsOneCause(_ typed: String) throws {
        let found = try cause(typed, { $0[\.emptiable] = Emptiable.atZero }, locale: "de_DE", currency: "EUR", adapter: snapped, caretBefore: end,
                              findings: Self.placeWide)
        #expect(found == .didNothing(.init(.outside, nil)), "\(typed): \(found.words)")
    }

    /// §1: `0<enter><end><bs>` in natural de_DE, the caret snapping back: did nothing, not padding.
    @Test func aSnappedBackspaceAfterLeavingIsNotPadding() throws {
        let found = try cause("0<enter><end><bs>", natural, locale: "de_DE", currency: "EUR", adapter: snapped, caretBefore: end)
        #expect(found == .didNothing(.init(.outside, nil)), "\(found.words)")
    }

    /// After leaving, focus comes back with the key: the caret the adapter answered is where the key found it.
    @Test func afterLeavingTheCaretFocusGaveIsWhereTheKeyFoundIt() throws {
        let found = try cause("12<dec>3<enter><bs>", natural, locale: "de_DE", currency: "EUR",
                              adapter: unchanged(at: end), caretBefore: { _ in nil })
        #expect(found == .didNothing(.init(.outside, nil)), "\(found.words)")
    }

    @Test func besideASeparatorAndAmongTheDigitsAreTwoPlaces() throws {
        let beside = try cause("1234<left><left><bs>", adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret }, findings: Self.placeWide)
        let among = try cause("1234<left><bs>", adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret }, findings: Self.placeWide)
        let digit = try cause("1234<left>5", adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret }, findings: Self.placeWide)
        #expect(beside == .didNothing(.init(.separator, nil)))
        #expect(among == .didNothing(.init(.digits, nil)))
        #expect(digit == among, "a digit and a delete doing nothing among the digits, another key doing nothing there, are one cause")
    }

    /// §3: a Delete that did nothing at `$0.0|0` is not "padded the fraction while typing".
    @Test func aDeleteThatDidNothingIsNotPadding() throws {
        let found = try cause("0<dec>00<left><del>", natural, adapter: unchanged(at: { $0.caret! }), caretBefore: { $0.caret })
        #expect(found == .didNothing(.init(.digits, .delete)), "\(found.words)")
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

/// Issue 51 §1 and the zoo it asks for, run in process: the snap-back causes, their still twins,
/// a Delete that does nothing anywhere and select-on-focus are one script each, named by what
/// the probes found.
@Suite struct SnapBackTests {
    static func groups(_ defects: [PlantedDefect], _ mode: EntryMode, _ locale: String, _ currency: String, sessions: Int = 300) -> [Checker.Behaviour] {
        DefectZooTests.run(defects, on: DefectZooTests.configuration(mode, locale, currency), sessions: sessions, steps: 40).groups.map(\.behaviour)
    }

    /// Past ` €`, every key does nothing whether the caret snaps back or stays: one cause, the place.
    @Test(arguments: [EntryMode.atm, .whole, .natural], [PlantedDefect.endPastSuffix, .endPastSuffixStill])
    func pastTheSuffixIsOneScriptThePlace(_ mode: EntryMode, _ defect: PlantedDefect) {
        let found = Self.groups([defect], mode, "de_DE", "EUR")
        #expect(found.map(\.cause) == [.didNothing(.init(.outside, nil))], "\(defect.rawValue) \(mode): \(found.map(\.code))")
    }

    /// Before `$`, snapping back (`|$10` Delete → `$|10`) or staying: one script, outside the
    /// amount, whatever key (the twins are one cause: a digit, the point and Delete do nothing there).
    @Test(arguments: [EntryMode.atm, .whole, .natural], [PlantedDefect.homeBeforePrefix, .homeBeforePrefixStill])
    func beforeThePrefixIsOneScriptThePlace(_ mode: EntryMode, _ defect: PlantedDefect) {
        let found = Self.groups([defect], mode, "en_US", "USD")
        #expect(found.map(\.cause) == [.didNothing(.init(.outside, nil))], "\(defect.rawValue) \(mode): \(found.map(\.code))")
    }

    /// A Delete that does nothing anywhere (Backspace works) is one script in every mode: the key,
    /// never split by the place it showed at. (Not in the zoo: beside a separator it is
    /// `delete-beside-separator` too, and a zoo script shows one defect.)
    @Test(arguments: DefectZooTests.fields)
    func aDeleteThatDoesNothingAnywhereIsOneScriptTheKey(_ mode: EntryMode, _ locale: String, _ currency: String) {
        let configuration = DefectZooTests.configuration(mode, locale, currency)
        let plan = CheckPlan(configurations: [configuration], keys: CheckPlan.defaultKeys(for: mode), sessions: 300, steps: 40, seed: 1)
        let summary = CheckRun(checker: Checker(plan: plan)).run {
            PlantedAdapter { before, key, after in
                key == .delete && after.display != before.display ? FieldAnswer(display: before.display, caret: before.caretOffset) : nil
            }
        }
        let found = summary.groups.map(\.behaviour)
        #expect(found.map(\.cause) == [.didNothing(.init(nil, .delete))], "\(mode) \(locale): \(found.map(\.code))")
    }

    /// Focus coming back with the text selected: one script, named so (never padding).
    @Test(arguments: [DefectZooTests.fields[4], DefectZooTests.fields[5]])
    func selectOnFocusIsOneScript(_ mode: EntryMode, _ locale: String, _ currency: String) {
        let found = Self.groups([.selectsOnFocus], mode, locale, currency, sessions: 600)
        #expect(found.map(\.cause) == [.replacedAmount], "\(mode) \(locale): \(found.map(\.code))")
    }
}

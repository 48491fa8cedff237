@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing

/// Issue 51 §4: a header names an option only where the option explains the session, and then
/// says the field behaves as with it.
@Suite struct HeaderTests {
    let natural: (inout FieldOptions) -> Void = { $0[\.mode] = .natural }

    /// Select-on-focus: ten digits replaced by the one typed as focus came back is not "did not
    /// pad the fraction … as focus came back".
    @Test(arguments: [(EntryMode.natural, "4379258553<enter>4", "$4"), (.atm, "1234<enter>5", "$0.05"), (.natural, "12<dec>5<enter>7", "$7")])
    func aDigitReplacingTheWholeAmountIsNamedSo(_ mode: EntryMode, _ typed: String, _ shown: String) throws {
        let found = try lastKeyCause(typed, { $0[\.mode] = mode; $0[\.maxDigits] = 12 },
                                     adapter: { _, _ in FieldAnswer(display: shown, caret: shown.utf16.count) }, caretBefore: { _ in nil })
        #expect(found == .replacedAmount, "\(typed): \(found.words)")
        #expect(!found.words.contains("pad") && !found.words.contains("--"), "\(found.words)")
    }

    /// `<dec>0<del>` (adapter `$0.`, moneyfield `$0.0`): moneyfield did not pad while typing there.
    @Test func aDeletedDigitIsNotPaddingWhileTyping() throws {
        let refused = try lastKeyCause("<dec>0<del>", natural, adapter: { _, _ in FieldAnswer(display: "$0.", caret: 3) })
        #expect(refused == .tookKey(.delete), "\(refused.words)")
    }

    /// An option's header says the field behaves as with it, the option named with its value.
    @Test func anOptionsHeaderSaysTheFieldBehavesAsWithIt() {
        #expect(Cause.padding(padded: false, .leaving).words.hasSuffix("behaves as with --on-leave keep"))
        #expect(Cause.padding(padded: true, .leaving).words.hasSuffix("behaves as with --on-leave pad"))
        #expect(Cause.padding(padded: false, .returning).words.hasSuffix("behaves as with --on-focus trim"))
        #expect(Cause.padding(padded: true, .returning).words.hasSuffix("behaves as with --on-focus keep"))
        #expect(Cause.padding(padded: true, .typing).words.hasSuffix("behaves as with --while-typing pad"))
        #expect(Cause.padding(padded: false, .typing).words.hasSuffix("behaves as with --while-typing keep"))
    }

    /// A display held at a length (an HTML `maxlength`) is one script, the decimal key at that
    /// length included: never another `--point-again` (the probes find every key doing nothing).
    @Test(arguments: [("en_US", "USD"), ("de_DE", "EUR")])
    func aLengthLimitIsNeverAnOption(_ locale: String, _ currency: String) throws {
        let configuration = DefectZooTests.configuration(.natural, locale, currency)
        let summary = DefectZooTests.run([.displayLength], on: configuration, sessions: 600, steps: 40)
        #expect(summary.groups.map(\.behaviour.cause) == [.didNothing(.init(nil, nil))], "\(summary.groups.map(\.behaviour.code))")
    }

    /// The did-nothing found beside an option's explanation: with the probes finding it wider than
    /// one key at one place, it is the did-nothing, not the option.
    @Test func aDidNothingTheProbesWidenedIsNotAnOption() throws {
        // `12.5` with the caret before the point, `<dec>` ignored: `--point-again ignore` explains one key.
        let alone = try lastKeyCause("12<dec>5<left><left><dec>", natural, adapter: { before, _ in FieldAnswer(display: before.display, caret: before.caret) })
        #expect(alone == .pointAgain, "\(alone.words)")
        let wide = try lastKeyCause("12<dec>5<left><left><dec>", natural, findings: Findings(keyAnywhere: true, placeAnyKey: true),
                                    adapter: { before, _ in FieldAnswer(display: before.display, caret: before.caret) })
        #expect(wide == .didNothing(.init(nil, nil)), "\(wide.words)")
    }

    /// Round 2: a Backspace on a field already empty that the adapter wrote digits into (Inputmask
    /// shows `$0.00`) is not "moneyfield emptied the field": moneyfield refused it; and it is its
    /// own cause, apart from a refused delete that changed the digits held.
    @Test func aFieldEmptyAlreadyIsNotEmptiedByMoneyfield() throws {
        let atZero: (inout FieldOptions) -> Void = { $0[\.mode] = .natural; $0[\.emptiable] = Emptiable.atZero }
        let found = try lastKeyCause("0<bs><bs>", atZero, adapter: { _, _ in FieldAnswer(display: "$0.00", caret: 5) })
        #expect(found == .filledEmpty(.delete), "\(found.words)")
        #expect(!found.words.contains("emptied"), "\(found.words)")
        // A delete moneyfield refuses that changes digits the field held is another cause (Inputmask
        // past 2^53: `…001|.00` Delete → `…000|.94`), not joined with the mask on the empty field.
        let held = try lastKeyCause("1<dec>00<del>", atZero, adapter: { _, _ in FieldAnswer(display: "$0.94", caret: 5) })
        #expect(held == .tookKey(.delete), "\(held.words)")
        // Where moneyfield did empty it, it says so.
        let lastDigit: (inout FieldOptions) -> Void = { $0[\.mode] = .natural; $0[\.emptiable] = Emptiable.lastDigit }
        let emptied = try lastKeyCause("1<bs>", lastDigit, adapter: { _, _ in FieldAnswer(display: "$0.00", caret: 5) })
        #expect(emptied == .emptied(byAdapter: false, .delete), "\(emptied.words)")
    }

    /// Round 2: a Backspace past ` €` that only moves the adapter's caret one left (`12 €|` →
    /// `12 |€`, Inputmask) is the caret outside the amount, not "an edit put the caret at its end".
    @Test func aBackspacePastTheSuffixMovingTheCaretIsThePlace() throws {
        let found = try lastKeyCause("12<home><bs>", natural, locale: "de_DE", currency: "EUR",
                                     adapter: { before, _ in FieldAnswer(display: before.display, caret: before.display.utf16.count - 1) },
                                     caretBefore: { $0.display.utf16.count })
        #expect(found == .didNothing(.init(.outside, nil)), "\(found.words)")
        #expect(!found.words.contains("end"), "\(found.words)")
    }
}

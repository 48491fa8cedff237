@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing

/// The cause of the last of `typed` on a field made with `set`, the adapter answering `adapter`
/// (given moneyfield's answers) with its caret `caretBefore` before the key.
func lastKeyCause(_ typed: String, _ set: (inout FieldOptions) -> Void = { _ in }, locale: String = "en_US", currency: String = "USD",
                  findings: Findings = Findings(), adapter: (_ before: FieldAnswer, _ after: FieldAnswer) throws -> FieldAnswer,
                  caretBefore: (FieldAnswer) -> Int? = { $0.caret }) throws -> Cause {
    var options = FieldOptions()
    set(&options)
    options[\.locale] = locale
    options[\.currency] = currency
    let session = CheckPlan.Session(configuration: CheckPlan.Configuration(options), keys: try keys(typed))
    let reference = try FieldAnswer.reference(for: session)
    let step = session.keys.count
    let theirs = try adapter(reference[step - 1], reference[step])
    let units = CaretUnits(try session.configuration.fieldConfiguration())
    let kind = try #require(reference[step].difference(from: theirs, caret: .slot, units: units),
                            "the adapter's \(theirs.shown) agrees with moneyfield's \(reference[step].shown)")
    var difference = Checker.Difference(step: step, adapter: theirs, reference: reference[step], kind: kind,
                                        adapterCaretBefore: caretBefore(reference[step - 1]))
    difference.findings = findings
    return Checker.Behaviour(session, difference).cause
}

/// Issue 51 §2: one effect, counted apart by what moneyfield held, is one cause.
@Suite struct SameEffectTests {
    let natural: (inout FieldOptions) -> Void = { $0[\.mode] = .natural; $0[\.maxDigits] = 7 }

    /// The answer of a field with no digit limit to the same keys.
    func noLimit(_ typed: String) throws -> (FieldAnswer, FieldAnswer) throws -> FieldAnswer {
        var options = FieldOptions()
        options[\.locale] = "en_US"
        options[\.currency] = "USD"
        options[\.mode] = .natural
        options[\.maxDigits] = 15
        let answers = try FieldAnswer.reference(for: CheckPlan.Session(configuration: CheckPlan.Configuration(options), keys: try keys(typed)))
        let last = try #require(answers.last)
        return { _, _ in FieldAnswer(display: last.display, caret: last.caret) }
    }

    /// (a) A digit refused at the digit limit, taken by the field: typing, and after leaving and
    /// coming back, one cause (the padding leaving showed is no digit typed).
    @Test(arguments: ["12345<left><left>6", "12345<enter><home>6", "12345<enter><left><left><left>6", "12345<dec>1<enter><home>6"])
    func aDigitTakenPastTheDigitLimitIsOneCause(_ typed: String) throws {
        let found = try lastKeyCause(typed, natural, adapter: try noLimit(typed))
        #expect(found == .refusedAtLimit(.digits, .more), "\(typed): \(found.words)")
    }

    /// (b) ATM-style shift at a full fraction (`$1.23|` `4` → `$12.34`): one cause whatever the
    /// integer part and the digit.
    @Test(arguments: [("1<dec>23", "4", "$12.34"), ("<dec>12", "3", "$1.23"), ("1<dec>23", "0", "$12.30"), ("0<dec>05", "7", "$0.57")])
    func aShiftAtAFullFractionIsOneCause(_ typed: String, _ digit: String, _ shown: String) throws {
        let found = try lastKeyCause(typed + digit, natural, adapter: { _, _ in FieldAnswer(display: shown, caret: shown.utf16.count) })
        #expect(found == .refusedAtLimit(.fraction, .more), "\(typed)\(digit): \(found.words)")
    }

    /// A digit typed into a full fraction in place of its last one is another cause than the shift.
    @Test func aDigitReplacingTheLastOfAFullFractionIsAnother() throws {
        let found = try lastKeyCause("1<dec>23<left>5", natural, adapter: { _, _ in FieldAnswer(display: "$1.25", caret: 5) })
        #expect(found == .refusedAtLimit(.fraction, .replaced), "\(found.words)")
    }

    /// (c) Arrows skipping the typed point: Left and Right are one cause (the point is no caret stop).
    @Test func leftAndRightSkippingThePointAreOneCause() throws {
        // `$1.|5` Left → `$1|.5` skipping the stop after the point: the adapter at `$|1.5`.
        let left = try lastKeyCause("1<dec>5<left><left>", natural, adapter: { _, after in FieldAnswer(display: after.display, caret: 1) })
        // `$1|.5` Right → `$1.|5`: the adapter past the 5.
        let right = try lastKeyCause("1<dec>5<left><left><right>", natural, adapter: { _, after in FieldAnswer(display: after.display, caret: 4) })
        #expect(left == .moveOff && right == left, "\(left.words) / \(right.words)")
        // An arrow that did not move the caret is the same cause too.
        let still = try lastKeyCause("1<dec>5<left>", natural, adapter: { before, _ in FieldAnswer(display: before.display, caret: before.caret) })
        #expect(still == .moveOff, "\(still.words)")
    }
}

@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing

/// A real field whose caret stands outside the amount, as Inputmask's, react-currency-input-field's
/// and cleave.js's do: Home, or Left at the amount's start, puts it before `$` (`|$10`); End puts it
/// past ` €` (`10 €|`). What a key does there varies, as it does across those fields: a digit 0 or 1
/// does nothing, the caret staying; 2 to 4 do nothing, the caret snapping back into the amount; 5 to
/// 9 are written at the amount's edge, the caret left outside; Backspace and Left past ` €` move the
/// caret one left, deleting nothing; Delete before `$` does nothing, the caret stepping inside.
final class OutsideCaretAdapter: FieldAdapter {
    private var field: MoneyField?
    /// The caret's UTF-16 offset while it stands outside the amount.
    private var outside: Int?
    private(set) var replies = 0
    var takes: Set<OptionalRequest> { [] }

    func ask(_ request: AdapterRequest) throws(Adapter.Failure) -> Adapter.Reply {
        replies += 1
        switch request {
        case .new(let configuration):
            field = MoneyField(configuration)
            outside = nil
            return .answer(FieldAnswer(field!, rejected: false))
        case .key(let key):
            guard let before = field else { throw .broke(request: request.line, problem: .unasked("no field"), stderr: "") }
            var after = before
            var rejected = false
            do throws(Rejection) { try after.press(key) } catch { rejected = true }
            field = after
            if let caret = outside { return .answer(answer(to: key, at: caret, before, after, rejected: rejected)) }
            var answer = FieldAnswer(after, rejected: rejected)
            if key == .home || key == .left && rejected, Self.hasPrefix(after.display) {
                outside = 0
                answer.caret = 0
            } else if key == .end, Self.hasSuffix(after.display) {
                outside = after.display.utf16.count
                answer.caret = outside
            }
            return .answer(answer)
        case .tap, .quit:
            return .unsupported
        }
    }

    private func answer(to key: Key, at caret: Int, _ before: MoneyField, _ after: MoneyField, rejected: Bool) -> FieldAnswer {
        let display = before.display
        let past = caret > 0
        switch key {
        case .digit(5...9):
            outside = past ? after.display.utf16.count : 0
            return FieldAnswer(display: after.display, caret: outside)
        case .digit(2...4), .decimal:
            outside = nil
            return FieldAnswer(display: display, caret: before.caretOffset)
        case .backspace where past, .left where past && caret == display.utf16.count:
            outside = caret - 1
            return FieldAnswer(display: display, caret: caret - 1)
        case .delete where !past:
            outside = nil
            return FieldAnswer(display: display, caret: 1)
        case .digit, .backspace, .delete:
            return FieldAnswer(display: display, caret: caret)
        default:
            outside = nil
            return FieldAnswer(after, rejected: rejected)
        }
    }

    func stop() {}

    static func hasPrefix(_ display: String) -> Bool { display.hasPrefix("$") && hasDigit(display) }

    static func hasSuffix(_ display: String) -> Bool { display.hasSuffix("€") && hasDigit(display) }

    static func hasDigit(_ display: String) -> Bool { display.unicodeScalars.contains { Key.digitValue(of: $0) != nil } }
}

/// react-currency-input-field de_DE as focus comes back (/work/realfields, its replies): `<enter>`
/// answers no caret; the click that brings focus back puts it past ` €` (`0,00 €|`), where
/// Backspace and Left put it before the space (`0,00| €`), the display as it was, and Right and
/// End leave it. Any other key acts as moneyfield's.
final class ReturningAdapter: FieldAdapter {
    private var field: MoneyField?
    private var returning = false
    private(set) var replies = 0
    var takes: Set<OptionalRequest> { [] }

    func ask(_ request: AdapterRequest) throws(Adapter.Failure) -> Adapter.Reply {
        replies += 1
        switch request {
        case .new(let configuration):
            field = MoneyField(configuration)
            returning = false
            return .answer(FieldAnswer(field!, rejected: false))
        case .key(let key):
            guard let before = field else { throw .broke(request: request.line, problem: .unasked("no field"), stderr: "") }
            var after = before
            var rejected = false
            do throws(Rejection) { try after.press(key) } catch { rejected = true }
            defer { returning = key == .enter }
            let end = before.display.utf16.count
            if returning, OutsideCaretAdapter.hasSuffix(before.display) {
                switch key {
                case .backspace, .left: return .answer(FieldAnswer(display: before.display, caret: end - 2))
                case .right, .end: return .answer(FieldAnswer(display: before.display, caret: end))
                default: break
                }
            }
            field = after
            var answer = FieldAnswer(after, rejected: rejected)
            if key == .enter { answer.caret = nil }
            return .answer(answer)
        case .tap, .quit:
            return .unsupported
        }
    }

    func stop() {}
}

/// Issue 51, round 2: causes real fields showed written twice in one run, planted as they behave,
/// each one script.
@Suite struct RealRepeatTests {
    static func groups(on configuration: CheckPlan.Configuration, sessions: Int = 300, steps: Int = 30,
                       _ adapter: @escaping @Sendable () -> any FieldAdapter) -> [CheckRun.Group] {
        let mode = (try? configuration.fieldConfiguration().mode) ?? .atm
        let plan = CheckPlan(configurations: [configuration], keys: CheckPlan.defaultKeys(for: mode), sessions: sessions, steps: steps, seed: 1)
        return CheckRun(checker: Checker(plan: plan)).run(makeAdapter: adapter).groups
    }

    /// Repeats 1, 5, 6 and the header "an edit put the caret at its end": the caret before `$`
    /// (reached by Home or by Left) or past ` €`, whatever a key did there (nothing, the caret
    /// staying or snapping back; written at the edge; the caret moved past `€` alone), is one
    /// cause, the place.
    @Test(arguments: [EntryMode.atm, .natural], [("en_US", "USD"), ("de_DE", "EUR")])
    func aCaretOutsideTheAmountIsOneScriptWhateverAKeyDidThere(_ mode: EntryMode, _ money: (String, String)) {
        let found = Self.groups(on: DefectZooTests.configuration(mode, money.0, money.1)) { OutsideCaretAdapter() }
        #expect(found.map(\.behaviour.cause) == [.didNothing(.init(.outside, nil))], "\(mode) \(money.0): \(Self.words(found))")
    }

    /// Repeat 2: a field that overwrites the digit right of its caret (Inputmask's overwrite:
    /// `$1|2.00` then `2` → `$12|.00`, its display as it was) is one script, never "did nothing"
    /// beside what another digit typed over shows.
    static let overwrites: PlantedAdapter.Defect = { before, key, after in
        guard case .digit(let typed) = key, after.display != before.display, before.state.caretSlotsFromEnd > 0 else { return nil }
        var digits = before.state.digits
        let index = digits.count - before.state.caretSlotsFromEnd
        guard index >= 0 else { return nil }
        digits[index] = typed
        guard let state = try? FieldState(digits: digits, caretSlotsFromEnd: before.state.caretSlotsFromEnd - 1) else { return nil }
        let overwritten = MoneyField(before.configuration, state: state)
        return FieldAnswer(display: overwritten.display, caret: overwritten.caretOffset)
    }

    @Test(arguments: [("en_US", "USD"), ("de_DE", "EUR")])
    func aFieldThatOverwritesIsOneScript(_ locale: String, _ currency: String) {
        // Room for every digit typed: at the digit limit moneyfield refuses, another cause (below, not done).
        var options = FieldOptions()
        options[\.locale] = locale
        options[\.currency] = currency
        options[\.maxDigits] = 15
        let found = Self.groups(on: CheckPlan.Configuration(options), steps: 12) { PlantedAdapter(defect: Self.overwrites) }
        #expect(found.map(\.behaviour.cause) == [.overwrote], "\(locale): \(Self.words(found))")
    }

    /// Repeat 4, maskMoney in ATM entry: Backspace deletes the last digit wherever the caret
    /// stands (the caret left at the end): one script whatever the digits' values.
    static let deletesLast: PlantedAdapter.Defect = { before, key, after in
        guard key == .backspace, before.state.caretSlotsFromEnd > 0, after.display != before.display else { return nil }
        guard let state = try? FieldState(digits: Array(before.state.digits.dropLast()), caretSlotsFromEnd: 0) else { return nil }
        let shortened = MoneyField(before.configuration, state: state)
        return FieldAnswer(display: shortened.display, caret: shortened.caretOffset)
    }

    @Test(arguments: [("en_US", "USD"), ("de_DE", "EUR")])
    func backspaceDeletingTheLastDigitAnywhereIsOneScript(_ locale: String, _ currency: String) {
        let found = Self.groups(on: DefectZooTests.configuration(.atm, locale, currency)) { PlantedAdapter(defect: Self.deletesLast) }
        #expect(found.map(\.behaviour.cause) == [.digits(.otherSlot, .delete)], "\(locale): \(Self.words(found))")
    }

    /// Repeat 3, Inputmask de_DE (RealRepliesTests' replies): Backspace with the caret after the
    /// first fraction digit clears the whole fraction, the caret before the comma (`0,1|2 €` →
    /// `0|,00 €`, `0,0|0 €` → `0|,00 €`): one script whether moneyfield's display then differs or
    /// only its caret (the digit after the caret a `0`).
    static let clearsFraction: PlantedAdapter.Defect = { before, key, _ in
        let display = Array(before.display.utf16)
        guard key == .backspace, let comma = display.firstIndex(of: UInt16(UInt8(ascii: ","))), before.caretOffset == comma + 2,
              display.count > comma + 2 else { return nil }
        // Every digit after the comma a `0`, the caret before the comma.
        let zeroed = display.enumerated().map { index, unit -> UInt16 in
            index > comma && Key.digitValue(of: Unicode.Scalar(unit) ?? " ") != nil ? UInt16(UInt8(ascii: "0")) : unit
        }
        return FieldAnswer(display: String(decoding: zeroed, as: UTF16.self), caret: comma)
    }

    @Test func aBackspaceClearingTheFractionIsOneScript() {
        var options = FieldOptions()
        RealRepliesTests.inputmask(&options)
        options[\.locale] = "de_DE"
        options[\.currency] = "EUR"
        let found = Self.groups(on: CheckPlan.Configuration(options), steps: 12) { PlantedAdapter(defect: Self.clearsFraction) }
        #expect(found.map(\.behaviour.cause) == [.digits(.replaced, .delete)], "\(Self.words(found))")
    }

    /// Repeat 5, react-currency-input-field de_DE: Backspace and Left as focus comes back past
    /// ` €` (`0 <enter> <bs>`, `0 <enter> <left>`), the adapter's caret before the key unknown:
    /// one script, the place outside the amount (as Right there shows it), never "among the digits".
    @Test func keysAsFocusComesBackPastTheEuroAreOneScript() {
        var options = FieldOptions()
        RealRepliesTests.rcif(&options)
        options[\.locale] = "de_DE"
        options[\.currency] = "EUR"
        let found = Self.groups(on: CheckPlan.Configuration(options), steps: 12) { ReturningAdapter() }
        #expect(found.map(\.behaviour.cause) == [.didNothing(.init(.outside, nil))], "\(Self.words(found))")
    }

    static func words(_ groups: [CheckRun.Group]) -> [String] {
        groups.map { "\($0.behaviour.code): \(KeyScript.text(for: $0.example.keys))" }
    }
}

/// The repeats the real-field bench measured (/work/realfields, FINDINGS-main), replayed key by key
/// with the real field's answers: each pair is one cause.
@Suite struct RealRepliesTests {
    static let inputmask: @Sendable (inout FieldOptions) -> Void = {
        $0[\.mode] = .natural; $0[\.maxDigits] = 30; $0[\.startsEmpty] = true; $0[\.whileTyping] = .pad
    }
    static let maskMoney: @Sendable (inout FieldOptions) -> Void = { $0[\.mode] = .atm; $0[\.maxDigits] = 30 }
    static let cleave: @Sendable (inout FieldOptions) -> Void = {
        $0[\.mode] = .natural; $0[\.maxDigits] = 30; $0[\.startsEmpty] = true; $0[\.emptiable] = Emptiable.lastDigit
        $0[\.emptyShows] = .symbol; $0[\.onLeave] = .keep; $0[\.pointAgain] = .step
    }
    static let rcif: @Sendable (inout FieldOptions) -> Void = {
        $0[\.mode] = .natural; $0[\.maxDigits] = 30; $0[\.startsEmpty] = true; $0[\.emptiable] = Emptiable.lastDigit; $0[\.pointAgain] = .ignore
    }

    /// The adapter's answer: `shown` with `|` its caret.
    static func answer(_ shown: String) -> FieldAnswer {
        let caret = shown.utf16.distance(from: shown.utf16.startIndex, to: shown.firstIndex(of: "|")!.samePosition(in: shown.utf16)!)
        return FieldAnswer(display: shown.replacingOccurrences(of: "|", with: ""), caret: caret)
    }

    static func cause(_ typed: String, _ set: @escaping @Sendable (inout FieldOptions) -> Void, _ locale: String, from: String, to: String) throws -> Cause {
        let before = answer(from)
        return try lastKeyCause(typed, set, locale: locale, currency: locale == "de_DE" ? "EUR" : "USD",
                                adapter: { _, _ in answer(to) }, caretBefore: { _ in before.caret })
    }

    /// Inputmask en_US, a digit before `$` reached by Home or by Left Left; react-currency-input-field,
    /// a digit before `$` that lands elsewhere each time; maskMoney's Backspace there sending the
    /// caret to the end: the place, one cause.
    @Test(arguments: [
        ("inputmask", "0<home>1", "|$0.00", "|$0.00"), ("inputmask", "0<left><left>1", "|$0.00", "|$0.00"),
        ("rcif", "1<home>0", "|$1", "$|10"), ("rcif", "0<home>1", "|$0", "|$1"), ("rcif", "1<home>1", "|$1", "$|11"),
        ("rcif", "0<dec>00<home>1", "|$0.00", "|$0.00"), ("rcif", "0<enter><bs><home>0", "|$0.0", "$|0.00"),
        ("maskmoney", "<home><bs>", "|$0.00", "$0.00|"),
    ])
    func beforeTheDollarIsOneCause(_ library: String, _ typed: String, _ from: String, _ to: String) throws {
        let set = ["inputmask": Self.inputmask, "rcif": Self.rcif, "maskmoney": Self.maskMoney][library]!
        let found = try Self.cause(typed, set, "en_US", from: from, to: to)
        #expect(found == .didNothing(.init(.outside, nil)), "\(library) \(typed): \(found.words)")
        #expect(!found.words.contains("pad") && !found.words.contains("end"), "\(found.words)")
    }

    /// cleave.js de_DE: Left from past ` €`, typed or as focus came back (its caret before unknown).
    @Test func leftFromPastTheEuroIsOneCause() throws {
        let typed = try Self.cause("0<left>", Self.cleave, "de_DE", from: "0\u{A0}€|", to: "0\u{A0}|€")
        let returning = try lastKeyCause("0<enter><left>", Self.cleave, locale: "de_DE", currency: "EUR",
                                         adapter: { _, _ in Self.answer("0\u{A0}|€") }, caretBefore: { _ in nil })
        #expect(typed == .didNothing(.init(.outside, nil)) && returning == typed, "\(typed.words) / \(returning.words)")
    }

    /// Inputmask: the fraction overtyped, over the same digit (the display as it was) and over another.
    @Test(arguments: [("en_US", "$0.|10", "$0.1|0", "$0.0|0"), ("de_DE", "0,|10\u{A0}€", "0,1|0\u{A0}€", "0,0|0\u{A0}€")])
    func anOvertypedFractionIsOneCause(_ locale: String, _ from: String, _ same: String, _ other: String) throws {
        let overSame = try Self.cause("0<right>1<dec>1", Self.inputmask, locale, from: from, to: same)
        let overOther = try Self.cause("0<right>1<dec>0", Self.inputmask, locale, from: from, to: other)
        #expect(overSame == .overwrote && overOther == overSame, "\(overSame.words) / \(overOther.words)")
    }

    /// Inputmask de_DE: Backspace right after the comma clears the fraction and puts the caret
    /// before it, over a `0` (the display as it was) and over a `1`.
    @Test func aBackspaceAfterTheCommaIsOneCause() throws {
        let overZero = try Self.cause("<dec>0<bs>", Self.inputmask, "de_DE", from: "0,0|0\u{A0}€", to: "0|,00\u{A0}€")
        let overOne = try Self.cause("<dec>1<bs>", Self.inputmask, "de_DE", from: "0,1|0\u{A0}€", to: "0|,00\u{A0}€")
        #expect(overZero == overOne, "\(overZero.words) / \(overOne.words)")
        #expect(overOne == .caretOff(left: true, .delete), "\(overOne.words)")
    }

    /// cleave.js de_DE, whose caret rests past ` €` after every digit: a digit moneyfield refuses
    /// at `--max-digits` that the field writes is the limit's cause, not the place outside.
    @Test func aDigitPastTheLimitTypedPastTheEuroIsTheLimit() throws {
        let found = try lastKeyCause("1234", { Self.cleave(&$0); $0[\.maxDigits] = 3 }, locale: "de_DE", currency: "EUR",
                                     adapter: { _, _ in Self.answer("1.234\u{A0}€|") }, caretBefore: { $0.display.utf16.count })
        #expect(found == .refusedAtLimit(.digits, .more), "\(found.words)")
    }

    /// maskMoney de_DE: Backspace deletes the last digit, moneyfield refusing it (its caret at the
    /// start) or deleting another.
    @Test func maskMoneysBackspaceIsOneCause() throws {
        let refused = try Self.cause("1<home><bs>", Self.maskMoney, "de_DE", from: "|0,01\u{A0}€", to: "0,00|\u{A0}€")
        let other = try Self.cause("12<left><bs>", Self.maskMoney, "de_DE", from: "0,1|2\u{A0}€", to: "0,01|\u{A0}€")
        #expect(refused == .digits(.otherSlot, .delete) && other == refused, "\(refused.words) / \(other.words)")
    }
}

/// Issue 51: a cause planted for the first time (not in the zoo before, not in the issue) is one
/// script: cleave.js's and react-currency-input-field's point typed among the digits, cutting the
/// amount (/work/realfields BEHAVIOURS 18).
@Suite struct NewCauseTests {
    @Test(arguments: [DefectZooTests.fields[4], DefectZooTests.fields[5]])
    func aPointCuttingTheAmountIsOneScript(_ mode: EntryMode, _ locale: String, _ currency: String) {
        let found = SnapBackTests.groups([.pointCutsAmount], mode, locale, currency, sessions: 600)
        #expect(found.map(\.cause) == [.tookKey(.point)], "\(locale): \(found.map(\.code))")
    }
}

import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// `moneyfield check`'s judgement of one session: plays it on an adapter, compares every reply
/// with the engine, shrinks a disagreement (fewest keys, smallest digits, simplest
/// configuration) and names its behaviour, the group it falls in.
@_spi(Tools) public struct Checker: Sendable {
    package let plan: CheckPlan
    package var caret: CaretComparison
    /// Adapter sessions one shrink may spend; 0 writes sessions unshrunk.
    package var shrinkBudget = 400
    /// Adapter sessions the probes may spend after one shrink (`Probe`): at most six places and
    /// three keys, and a digit's nine.
    static let probeBudget = 24
    /// The most keys a shrunk session has for the shrinker to try removing two keys apart
    /// (105 candidates at most).
    static let spreadPairLimit = 16
    /// Asked before every request: true ends the session with `.interrupted`.
    package var shouldStop: @Sendable () -> Bool = { false }

    package init(plan: CheckPlan, caret: CaretComparison = .slot) {
        self.plan = plan
        self.caret = caret
    }

    /// Where a session first disagrees: the step (0 is the field as made, k after the k-th key),
    /// both answers and what kind of difference it is.
    package struct Difference: Sendable, Equatable {
        package let step: Int
        package let adapter: FieldAnswer
        package let reference: FieldAnswer
        package let kind: DifferenceKind
        /// The adapter's answer before the last key (display, caret and value): the effect of
        /// the key on it (`Effect`). Not part of what a difference is (nor of its equality).
        package var adapterBefore: FieldAnswer?
        /// The adapter's caret before the last key, where it answered one (known alone where the
        /// rest of its answer is not: then the display both sides agreed on stands for its own).
        package var adapterCaretBefore: Int?
        /// What the probes found after shrinking (`Probe`).
        package var findings = Findings()
        /// The taps played before it (after earlier caret differences, or a script's): its
        /// script writes each as `caret N`. Not part of its equality either.
        package var taps: [CheckPlan.Tap] = []
        /// The offset tapped, when the difference is in the answer to a script's tap, not a key's.
        package var tapped: Int?

        package init(step: Int, adapter: FieldAnswer, reference: FieldAnswer, kind: DifferenceKind, adapterBefore: FieldAnswer? = nil,
                     adapterCaretBefore: Int? = nil, taps: [CheckPlan.Tap] = []) {
            self.step = step
            self.adapter = adapter
            self.reference = reference
            self.kind = kind
            self.adapterBefore = adapterBefore
            self.adapterCaretBefore = adapterCaretBefore ?? adapterBefore?.caret
            self.taps = taps
        }

        package static func == (lhs: Difference, rhs: Difference) -> Bool {
            (lhs.step, lhs.adapter, lhs.reference, lhs.kind) == (rhs.step, rhs.adapter, rhs.reference, rhs.kind)
        }
    }

    package enum Outcome: Equatable, Sendable {
        case agrees
        /// The adapter answered `{"unsupported":true}` to this `new` request (or moneyfield
        /// cannot make the field).
        case unsupported(request: String)
        case differs(Difference)
    }

    /// A key in words, digits as any digit: the key's own declaration.
    static func words(for key: Key) -> String { KeyTable.named(for: key).words }

    /// One session as the run judged it.
    package struct SessionResult: Sendable {
        package enum Verdict: Sendable {
            case agrees
            case unsupported(request: String)
            /// Shrunk to `example`, which shows `difference`; `behaviour` is its group; `foundAt`
            /// the key and situation where the session itself first disagreed; `signature` that
            /// first disagreement's (`Checker.signature`). Not `shrunk` when an earlier session
            /// with the same signature gave the group: then `example` and `difference` are the
            /// session's own, cut at its first disagreement.
            case differs(example: CheckPlan.Session, difference: Difference, behaviour: Behaviour, foundAt: CheckPlan.Steer?,
                         signature: String, shrunk: Bool)
        }
        package let index: Int
        package let session: CheckPlan.Session
        package let verdict: Verdict
        /// The differences after the first, past caret differences tapped over: each `.differs`.
        package var further: [Verdict] = []
        /// The keys played (not those after the difference that ended the session).
        package var keysPlayed = 0

        /// Every verdict on the session: its first, then the further ones.
        package var verdicts: [Verdict] { [verdict] + further }
    }

    /// A session as played: its first difference (the outcome), every difference in order and
    /// the keys played.
    package struct Trace: Sendable {
        package var outcome: Outcome
        /// With an adapter that answers `tap`, a difference in the caret alone is tapped over (the
        /// adapter's caret put where moneyfield's stands) and the session goes on: every
        /// difference but the last is such a one.
        package var differences: [Difference] = []
        /// The keys played: all of them, or up to the difference that ended the session.
        package var keysPlayed = 0
        /// Whether the adapter's caret was tapped back after a difference and the session went on.
        package var tappedOver = false
    }

    /// Plays `session` on `adapter`; its first disagreement (`trace` says what followed).
    package func play(_ session: CheckPlan.Session, on adapter: any FieldAdapter, confirming: Bool = true) throws(Adapter.Failure) -> Outcome {
        try trace(session, on: adapter, confirming: confirming).outcome
    }

    /// Plays `session` on `adapter` up to a difference that ends it: one in more than the caret,
    /// or any where the adapter does not take `tap` (its reply to `new` does not list it) or
    /// answers it `{"unsupported":true}` (SPEC §4). The session's own taps (a
    /// script's `caret N`) are played on both sides and compared as keys are.
    /// `confirming` a difference checks first that the adapter is in step, the first time this
    /// adapter shows the difference's signature: the session shrunk for a group is the first of
    /// its signature on the adapter that played it (each job plays its sessions in order). Not in
    /// shrinking, whose adapter was confirmed when its session was played.
    package func trace(_ session: CheckPlan.Session, on adapter: any FieldAdapter, confirming: Bool = true) throws(Adapter.Failure) -> Trace {
        var field: MoneyField
        do { field = MoneyField(try session.configuration.fieldConfiguration()) } catch {
            return Trace(outcome: .unsupported(request: session.configuration.newCommand))
        }
        let new = AdapterRequest.new(field.configuration)
        if shouldStop() { throw .interrupted }
        guard case .answer(let made) = try adapter.ask(new) else {
            let reason = adapter.reasonForRefusing()
            return Trace(outcome: .unsupported(request: new.line + (reason.isEmpty ? "" : " (its stderr: \(Self.quoted(reason)))")))
        }
        let units = CaretUnits(field.configuration)
        var differences: [Difference] = []
        var tapped: [CheckPlan.Tap] = []
        var previous: FieldAnswer? = nil
        var tappedOver = false
        func ended(_ keys: Int) -> Trace {
            Trace(outcome: differences.first.map(Outcome.differs) ?? .agrees, differences: differences, keysPlayed: keys, tappedOver: tappedOver)
        }
        // Compares an answer with moneyfield's field; whether the session goes on after it.
        func goesOn(after answer: FieldAnswer, _ ours: FieldAnswer, step: Int, tap: Int? = nil) throws(Adapter.Failure) -> Bool {
            let answerBefore = previous
            previous = answer
            guard let kind = ours.difference(from: answer, caret: caret, units: units) else { return true }
            var difference = Difference(step: step, adapter: answer, reference: ours, kind: kind, adapterBefore: answerBefore, taps: tapped)
            difference.tapped = tap
            if confirming { try adapter.confirmInStep(signature: Self.signature(session, difference)) }
            differences.append(difference)
            // The caret alone, moneyfield's with no selection (a tap cannot make one): tap the
            // adapter's caret to where moneyfield's stands and go on; a script that taps here does
            // that itself.
            guard kind == .caret, tap == nil, let offset = ours.caret, answer.caret != nil, ours.selection == nil else { return false }
            if session.taps.contains(where: { $0.afterKeys == step }) { return true }
            var tappedField = field
            do throws(FieldError) { try tappedField.tap(atUTF16Offset: offset) } catch { return false }
            // Only where the tap leaves moneyfield's field as it is: its sessions stay the keys alone;
            // and only to an adapter that said it takes tap (SPEC §4: offered, never imposed).
            guard tappedField == field, adapter.takes.contains(.tap), case .answer(let back) = try adapter.ask(.tap(offset)) else { return false }
            previous = back
            guard FieldAnswer(field, rejected: false).difference(from: back, caret: caret, units: units) == nil else { return false }
            tapped.append(CheckPlan.Tap(afterKeys: step, offset: offset))
            tappedOver = true
            return true
        }
        // The session's own taps after `count` keys; nil while it goes on.
        func scriptTaps(after count: Int) throws(Adapter.Failure) -> Trace? {
            for tap in session.taps where tap.afterKeys == count {
                if shouldStop() { throw .interrupted }
                do throws(FieldError) { try field.tap(atUTF16Offset: tap.offset) } catch {
                    return Trace(outcome: .unsupported(request: "caret \(tap.offset) (outside moneyfield's display)"))
                }
                // A script that taps cannot be played on an adapter that does not take tap: it is
                // never sent one, and the script is unsupported there, a skip (SPEC §4).
                guard adapter.takes.contains(.tap) else {
                    return Trace(outcome: .unsupported(request: "caret \(tap.offset) (the adapter's reply to new does not list \"takes\":[\"tap\"])"))
                }
                guard case .answer(let answer) = try adapter.ask(.tap(tap.offset)) else {
                    return Trace(outcome: .unsupported(request: AdapterRequest.tap(tap.offset).line))
                }
                tapped.append(tap)
                guard try goesOn(after: answer, FieldAnswer(field, rejected: false), step: count, tap: tap.offset) else { return ended(count) }
            }
            return nil
        }
        guard try goesOn(after: made, FieldAnswer(field, rejected: false), step: 0) else { return ended(0) }
        if let trace = try scriptTaps(after: 0) { return trace }
        for (index, key) in session.keys.enumerated() {
            if shouldStop() { throw .interrupted }
            guard case .answer(let answer) = try adapter.ask(.key(key)) else { return Trace(outcome: .unsupported(request: new.line)) }
            var rejected = false
            do throws(Rejection) { try field.press(key) } catch { rejected = true }
            guard try goesOn(after: answer, FieldAnswer(field, rejected: rejected), step: index + 1) else { return ended(index + 1) }
            if let trace = try scriptTaps(after: index + 1) { return trace }
        }
        return ended(session.keys.count)
    }

    /// What a session's first disagreement looks like before any shrinking: its kind and cause,
    /// and where only a probe can tell the cause, the last key (any digit) and the situation it
    /// was pressed in (`Behaviour.signature`). Sessions with one
    /// signature nearly always shrink to one group, so only the first of them is shrunk, and the
    /// rest join it as found.
    package static func signature(_ session: CheckPlan.Session, _ difference: Difference) -> String {
        Behaviour(session, difference).signature
    }

    /// A session played, not yet shrunk.
    package struct Played: Sendable {
        package let index: Int
        package let session: CheckPlan.Session
        package let outcome: Outcome
        /// Every difference in order (the outcome's is the first).
        package let differences: [Difference]
        package let keysPlayed: Int
        package let tappedOver: Bool

        package init(index: Int, session: CheckPlan.Session, trace: Trace) {
            self.index = index
            self.session = session
            outcome = trace.outcome
            differences = trace.differences
            keysPlayed = trace.keysPlayed
            tappedOver = trace.tappedOver
        }
    }

    /// Session `index`, steered around `avoiding`, played up to a difference that ends it.
    package func play(_ index: Int, avoiding: Set<CheckPlan.Steer>, on adapter: any FieldAdapter) throws(Adapter.Failure) -> Played {
        let session = plan.session(index, avoiding: avoiding)
        return Played(index: index, session: session, trace: try trace(session, on: adapter))
    }

    /// The verdict on a played session, one per difference: shrunk to `shrunk[n]` (the n-th
    /// difference) when it is the first of its signature, else joining the group the first one
    /// shrank to (`group(signature)`), cut at that difference. Nil for a difference with neither
    /// (a run stopped before its shrink).
    package static func result(of played: Played, shrunk: [Int: (CheckPlan.Session, Difference)], group: (String) -> Behaviour?) -> SessionResult? {
        switch played.outcome {
        case .agrees:
            return SessionResult(index: played.index, session: played.session, verdict: .agrees, keysPlayed: played.keysPlayed)
        case .unsupported(let request):
            return SessionResult(index: played.index, session: played.session, verdict: .unsupported(request: request))
        case .differs:
            var verdicts: [SessionResult.Verdict] = []
            for (position, difference) in played.differences.enumerated() {
                // One replay of the session for both: the cause is the signature, its evidence where it was found.
                let found = Behaviour(played.session, difference)
                let signature = found.signature
                let foundAt = found.steer
                if let (example, exampleDifference) = shrunk[position] {
                    verdicts.append(.differs(example: example, difference: exampleDifference, behaviour: Behaviour(example, exampleDifference),
                                             foundAt: foundAt, signature: signature, shrunk: true))
                    continue
                }
                guard let group = group(signature) else { return nil }
                verdicts.append(.differs(example: cut(played.session, at: difference), difference: difference, behaviour: group, foundAt: foundAt,
                                         signature: signature, shrunk: false))
            }
            return SessionResult(index: played.index, session: played.session, verdict: verdicts[0], further: Array(verdicts.dropFirst()),
                                 keysPlayed: played.keysPlayed)
        }
    }

    /// `session` up to `difference`, with the taps played before it: what shows it.
    package static func cut(_ session: CheckPlan.Session, at difference: Difference) -> CheckPlan.Session {
        CheckPlan.Session(configuration: session.configuration, keys: Array(session.keys.prefix(difference.step)), taps: difference.taps)
    }

    /// `disagreement: en_US/USD 4<left>0 — adapter "…", moneyfield "…" (display)`.
    package static func line(example: CheckPlan.Session, difference: Difference) -> String {
        let configuration = example.configuration
        let keys = keysText(Array(example.keys.prefix(difference.step)), taps: difference.taps)
        var options = configuration.options
        options[\.locale] = nil
        options[\.currency] = nil
        let extra = options.words.isEmpty ? "" : " " + options.words.joined(separator: " ")
        return "disagreement: \(configuration.locale)/\(configuration.currency)\(extra) "
            + "\(keys.isEmpty ? "(as made)" : keys) — \(shownPair(adapter: difference.adapter.shown, moneyfield: difference.reference.shown)) "
            + "(\(difference.kind.rawValue))"
    }

    /// Keys in `type`'s language with each tap between them as `caret N`:
    /// `0<dec>1<left> caret 3 <left><del>`.
    package static func keysText(_ keys: [Key], taps: [CheckPlan.Tap]) -> String {
        var parts: [String] = []
        var start = 0
        for tap in taps where tap.afterKeys >= start && tap.afterKeys <= keys.count {
            parts.append(KeyScript.text(for: Array(keys[start..<tap.afterKeys])))
            parts.append("caret \(tap.offset)")
            start = tap.afterKeys
        }
        parts.append(KeyScript.text(for: Array(keys[start...])))
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Text from the adapter or the field, quoted and escaped: a newline or a control character
    /// in it can never start a line of a script or reach a terminal raw.
    @_spi(Tools) public static func quoted(_ text: String) -> String { "\"" + VisibleText.escaped(text, .terminalUnsafe) + "\"" }

    /// `adapter "…", moneyfield "…"`: the two displays of a difference, each quoted. Where they
    /// differ only in characters a terminal shows alike (U+00A0 against a space), both are written
    /// with those escaped (`\u{00A0}`), so the reader sees what differs.
    package static func shownPair(adapter: String, moneyfield: String) -> String {
        func lookalike(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.map { VisibleText.needsEscape($0, .invisible) ? " " : $0 }))
        }
        guard adapter != moneyfield, lookalike(adapter) == lookalike(moneyfield) else {
            return "adapter \(quoted(adapter)), moneyfield \(quoted(moneyfield))"
        }
        return "adapter \(VisibleText.quoted(adapter)), moneyfield \(VisibleText.quoted(moneyfield))"
    }
}

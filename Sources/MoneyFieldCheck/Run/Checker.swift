import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// What `check` plays sessions on: the adapter process, or (in tests) a field in this process.
package protocol FieldAdapter: AnyObject {
    /// Sends a request and returns its checked reply.
    func ask(_ request: AdapterRequest) throws(Adapter.Failure) -> Adapter.Reply
    /// Replies read so far: none means it never started talking.
    var replies: Int { get }
    /// Ends it (its whole process group, for a process).
    func stop()
    /// Throws when it is out of step: a line came that nobody asked for (checked before a
    /// difference of a new `signature` counts; the signature is worked out only if it is asked).
    func confirmInStep(signature: @autoclosure () -> String) throws(Adapter.Failure)
    /// What it said (on stderr) when it refused a `new`, if anything.
    func reasonForRefusing() -> String
}

extension FieldAdapter {
    package func confirmInStep(signature: @autoclosure () -> String) throws(Adapter.Failure) {}
    package func reasonForRefusing() -> String { "" }
}

extension Adapter: FieldAdapter {}

/// `moneyfield check`'s judgement of one session: plays it on an adapter, compares every reply
/// with the engine, shrinks a disagreement (fewest keys, smallest digits, simplest
/// configuration) and names its behaviour, the group it falls in.
@_spi(Tools) public struct Checker: Sendable {
    package let plan: CheckPlan
    package var caret: CaretComparison
    /// Adapter sessions one shrink may spend; 0 writes sessions unshrunk.
    package var shrinkBudget = 400
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
        /// The adapter's caret before the last key, where it answered one: whether an arrow
        /// moved it at all. Not part of what a difference is (nor of its equality).
        package var adapterCaretBefore: Int?
        /// Set by the shrinker: the last key did nothing on the adapter at the field's other caret
        /// places too, where moneyfield takes it and its display grows as much (a length limit).
        package var didNothingEverywhere = false
        /// Set by the shrinker: a refused key that moved the adapter's caret one place, to the end,
        /// sent it to the end from two places away too (a field that rewrites itself).
        package var jumpsToEnd = false
        /// The taps played before it (after earlier caret differences, or a script's): its
        /// script writes each as `caret N`. Not part of its equality either.
        package var taps: [CheckPlan.Tap] = []
        /// The offset tapped, when the difference is in the answer to a script's tap, not a key's.
        package var tapped: Int?

        package init(step: Int, adapter: FieldAnswer, reference: FieldAnswer, kind: DifferenceKind, adapterCaretBefore: Int? = nil,
                     taps: [CheckPlan.Tap] = []) {
            self.step = step
            self.adapter = adapter
            self.reference = reference
            self.kind = kind
            self.adapterCaretBefore = adapterCaretBefore
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

    /// What makes shrunk sessions one defect (SPEC §4): the cause, the effect of the last key on
    /// each side read against the field before it (`Cause`). The last key and the situation it
    /// was pressed in (what stood beside moneyfield's caret, how full the field was) are
    /// evidence: written in the script's header and steered around, never part of the group.
    package struct Behaviour: Hashable, Sendable {
        /// Which limit moneyfield refused a key at.
        package enum Limit: String, Hashable, Sendable {
            /// `--max-digits`.
            case digits
            /// Natural entry's fraction, typed full.
            case fraction
            /// `--min`, `--max`.
            case range

            init?(_ rejection: Rejection) {
                switch rejection {
                case .tooManyDigits: self = .digits
                case .fractionFull: self = .fraction
                case .aboveMaximum, .belowMinimum: self = .range
                case .nothingToDelete, .nothingToDeleteForward, .caretAtStart, .caretAtEnd, .negativeNotAllowed, .notADigit,
                     .alreadyPositive, .notInsertable, .decimalKeyNeedsNaturalMode, .fieldEmpty, .pointAlreadyTyped, .pointWouldOverflowFraction:
                    return nil
                }
            }

            var words: String {
                switch self {
                case .digits: "at its digit limit"
                case .fraction: "with the fraction full"
                case .range: "outside its \(FieldOption[\.minimum].name) and \(FieldOption[\.maximum].name)"
                }
            }
        }

        package let kind: DifferenceKind
        package let cause: Cause
        /// Evidence: the last key (any digit as `0`) and moneyfield's field before it.
        package let key: Key?
        package let situation: Situation?

        package init(kind: DifferenceKind, cause: Cause, key: Key?, situation: Situation?) {
            self.kind = kind
            self.cause = cause
            self.key = key.map(CheckPlan.Steer.anyDigit)
            self.situation = situation
        }

        package static func == (lhs: Behaviour, rhs: Behaviour) -> Bool { lhs.cause == rhs.cause }
        package func hash(into hasher: inout Hasher) { hasher.combine(cause) }

        /// The behaviour of a session's first disagreement: the cause of its last key.
        package init(_ session: CheckPlan.Session, _ difference: Difference) {
            guard difference.step > 0, let configuration = try? session.configuration.fieldConfiguration() else {
                self.init(kind: difference.kind, cause: .asMade, key: nil, situation: nil)
                return
            }
            let key = session.keys[difference.step - 1]
            var field = MoneyField(configuration)
            // moneyfield's answers up to the key, where an option changed could answer otherwise.
            let natural = configuration.mode == .natural
            var answers = natural ? [FieldAnswer(field, rejected: false)] : []
            for key in session.keys.prefix(difference.step - 1) {
                var rejected = false
                do throws(Rejection) { try field.press(key) } catch { rejected = true }
                if natural { answers.append(FieldAnswer(field, rejected: rejected)) }
            }
            let behavesAs = natural
                ? OptionAlternative.cause(of: session, step: difference.step, adapter: difference.adapter,
                                          reference: answers + [difference.reference], configuration: configuration)
                : nil
            let cause = Cause.of(difference.kind, key: key, before: field, adapter: difference.adapter, reference: difference.reference,
                                 theirsBefore: difference.adapterCaretBefore,
                                 afterLeaving: difference.step >= 2 && session.keys[difference.step - 2] == .enter,
                                 behavesAs: behavesAs, didNothingEverywhere: difference.didNothingEverywhere,
                                 jumpsToEnd: difference.jumpsToEnd)
            self.init(kind: difference.kind, cause: cause, key: key, situation: Situation(field))
        }

        /// The limit moneyfield refuses `key` at in `field`, if it refuses it at one.
        static func limit(refusing key: Key, in field: MoneyField) -> Limit? {
            var field = field
            do throws(Rejection) {
                try field.press(key)
                return nil
            } catch {
                return Limit(error)
            }
        }

        /// Whether `theirs` is `ours` with one or more zeros before its integer digits.
        package static func hasLeadingZeros(_ theirs: String, beyond ours: String, configuration: FieldConfiguration) -> Bool {
            let their = Situation.digits(of: theirs, configuration: configuration)
            let our = Situation.digits(of: ours, configuration: configuration)
            let extra = their.integer.count - our.integer.count
            return extra > 0 && !our.integer.isEmpty && their.fraction == our.fraction
                && their.integer.prefix(extra).allSatisfy { $0 == 0 } && Array(their.integer.dropFirst(extra)) == our.integer
        }

        /// Keys that change the amount (not the caret or the selection alone).
        package static func edits(_ key: Key) -> Bool { KeyTable.named(for: key).edits }

        /// The group in words, then where its example showed it.
        package var words: String { cause.words }

        /// Where the example showed it: `backspace with a group separator left of the caret …`.
        package var evidence: String {
            guard let key, let situation else { return "the field as made" }
            return Checker.words(for: key) + " with " + situation.words
        }

        /// A stable spelling for the record: `display did-nothing outside`.
        package var code: String { kind.rawValue + " " + cause.code }

        /// What sessions share to be shrunk once (`Checker.signature`): the code, and for a key
        /// that did nothing among the digits or beside a separator also the key and where it was
        /// pressed, since only the shrinker's probe tells a length limit from a place.
        package var signature: String {
            guard case .didNothing(let spot) = cause, spot != .outside, let key, let situation else { return code }
            return code + " " + Checker.words(for: key) + " " + situation.code
        }

        /// What `--max-hits` steers away from once this group is full: its key where it was found.
        package var steer: CheckPlan.Steer? {
            guard let key, let situation else { return nil }
            return CheckPlan.Steer(key: key, situation: situation)
        }
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
    /// or any where the adapter does not answer `tap` (SPEC §4). The session's own taps (a
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
            let caretBefore = previous?.caret
            previous = answer
            guard let kind = ours.difference(from: answer, caret: caret, units: units) else { return true }
            var difference = Difference(step: step, adapter: answer, reference: ours, kind: kind, adapterCaretBefore: caretBefore, taps: tapped)
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
            // Only where the tap leaves moneyfield's field as it is: its sessions stay the keys alone.
            guard tappedField == field, case .answer(let back) = try adapter.ask(.tap(offset)) else { return false }
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

    /// What a session's first disagreement looks like before any shrinking: its configuration,
    /// the kind, the last key (any digit) and the situation it was pressed in. Sessions with one
    /// signature nearly always shrink to one group, so only the first of them is shrunk. A
    /// behaviour that is one group wherever it shows (a `Behaviour.Rule`) is one signature: its
    /// first session is shrunk, and the rest join it as found.
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

    /// The fewest keys, then the smallest digits, then the simplest configuration, that still
    /// show the same kind of difference on the same key with the same glyphs beside the caret.
    package func shrink(_ session: CheckPlan.Session, _ difference: Difference, on adapter: any FieldAdapter) throws(Adapter.Failure) -> (CheckPlan.Session, Difference) {
        var budget = shrinkBudget
        // Candidates are keys alone: the taps are played again wherever a caret differs.
        var best = session
        var bestDifference = difference
        best.keys = Array(best.keys.prefix(difference.step))
        best.taps = []
        guard budget > 0 else { return (Self.cut(session, at: difference), bestDifference) }

        // A smaller case must show the same cause on the same key (at its last key when
        // `atEnd`): otherwise shrinking trades the defect found for another, shallower one, and
        // the sessions of its signature (its cause) join a group not theirs. Where the caret
        // stood and how full the field is may change: that is what shrinking takes away.
        let wanted = Behaviour(best, difference)
        let refused = if case .refusedAtLimit(let limit, _) = wanted.cause { limit } else { Behaviour.Limit?.none }
        func kept(_ candidate: CheckPlan.Session, _ found: Difference) -> Bool {
            let behaviour = Behaviour(candidate, found)
            return behaviour == wanted && behaviour.key == wanted.key
        }
        // Candidates already played and found wanting (with `atEnd`, or without): shrinking
        // passes meet some again.
        var wanting = (configuration: best.configuration, keys: Set<[Key]>(), atEnd: Set<[Key]>())
        func stillDiffers(_ candidate: CheckPlan.Session, atEnd: Bool = false) throws(Adapter.Failure) -> Difference? {
            // Only a candidate that presses the wanted key (refused at the wanted limit, for a limit)
            // can show the cause, and only up to the last such key: moneyfield's field tells which
            // without the adapter, so the rest are never played (a browser takes ~20 ms a candidate).
            guard budget > 0, let playing = Self.cut(candidate, reaching: wanted, refused: refused, atEnd: atEnd) else { return nil }
            if playing.configuration != wanting.configuration { wanting = (playing.configuration, [], []) }
            guard !(atEnd ? wanting.atEnd : wanting.keys).contains(playing.keys) else { return nil }
            budget -= 1
            // Past caret differences tapped over, the first that shows the cause.
            let found = try trace(playing, on: adapter, confirming: false).differences.first { found in
                found.kind == difference.kind && (!atEnd || found.step == candidate.keys.count) && kept(playing, found)
            }
            guard let found else {
                if atEnd { wanting.atEnd.insert(playing.keys) } else { wanting.keys.insert(playing.keys) }
                return nil
            }
            return found
        }

        // Removes `width` keys at each place, left to right, moving on by `step` where they must
        // stay (`step` 1 with `width` 2: adjacent pairs at every place, a key and the one that
        // undoes it, `<bs>0`); whether any went.
        func removeRuns(of width: Int, step: Int? = nil) throws(Adapter.Failure) -> Bool {
            var start = 0
            var removed = false
            while start + (step == nil ? 0 : width - 1) < best.keys.count {
                var candidate = best
                candidate.keys.removeSubrange(start..<min(start + width, candidate.keys.count))
                if let found = try stillDiffers(candidate) {
                    candidate.keys = Array(candidate.keys.prefix(found.step))
                    best = candidate
                    bestDifference = found
                    removed = true
                } else {
                    start += step ?? width
                }
            }
            return removed
        }

        // Removes two keys apart (not adjacent) at once, the first pair that still shows it: a
        // digit and the arrow that crossed it (`10000<home><right><right><del>`, Delete beside
        // the group separator, is `1000<home><right><del>`); whether a pair went. Only in a
        // session of `spreadPairLimit` keys or fewer: the pairs grow as its square.
        func removeSpreadPair() throws(Adapter.Failure) -> Bool {
            guard best.keys.count <= Self.spreadPairLimit else { return false }
            for first in best.keys.indices {
                for second in best.keys.indices where second > first + 1 {
                    var candidate = best
                    candidate.keys.remove(at: second)
                    candidate.keys.remove(at: first)
                    if let found = try stillDiffers(candidate) {
                        candidate.keys = Array(candidate.keys.prefix(found.step))
                        best = candidate
                        bestDifference = found
                        return true
                    }
                }
            }
            return false
        }

        func shrinkKeys() throws(Adapter.Failure) {
            // Halves, quarters … down to single keys once; then single keys and adjacent pairs
            // until neither can go, then two keys apart, and again.
            var width = best.keys.count / 2
            while width > 1 {
                _ = try removeRuns(of: width)
                width /= 2
            }
            while true {
                let singles = try removeRuns(of: 1)
                let pairs = try removeRuns(of: 2, step: 1)
                if !singles && !pairs, try !removeSpreadPair() { return }
            }
        }

        // Every digit to one value at once; whether that still shows the difference.
        func allDigits(to value: UInt8) throws(Adapter.Failure) -> Bool {
            var candidate = best
            candidate.keys = candidate.keys.map { if case .digit(let digit) = $0, digit > value { .digit(value) } else { $0 } }
            guard candidate != best, let found = try stillDiffers(candidate, atEnd: true) else { return false }
            best = candidate
            bestDifference = found
            return true
        }

        // All digits to 0, else all to 1; then each to the smallest that shows the same kind.
        func simplifyDigits() throws(Adapter.Failure) {
            if try !allDigits(to: 0) { _ = try allDigits(to: 1) }
            for index in best.keys.indices {
                guard case .digit(let value) = best.keys[index], value > 0 else { continue }
                for smaller in 0..<value {
                    var candidate = best
                    candidate.keys[index] = .digit(smaller)
                    if let found = try stillDiffers(candidate, atEnd: true) {
                        best = candidate
                        bestDifference = found
                        break
                    }
                }
            }
        }

        // A digit moneyfield refuses at a limit whose difference is only the caret: the adapter
        // took it and dropped the same digit (autoNumeric's fraction cut, `$0.0|0` then `0`).
        // Another digit shows the display it changes: that is the cause, as its other sessions show it.
        func strongestDigitKind() throws(Adapter.Failure) {
            guard bestDifference.kind == .caret, let last = best.keys.last, case .digit(let typed) = last,
                  let configuration = try? best.configuration.fieldConfiguration() else { return }
            var field = MoneyField(configuration)
            for key in best.keys.dropLast() { do throws(Rejection) { try field.press(key) } catch {} }
            guard let limit = Behaviour.limit(refusing: last, in: field) else { return }
            // Only digits refused at the same limit: another digit taken is another cause.
            for other in UInt8(0)...9 where other != typed && Behaviour.limit(refusing: .digit(other), in: field) == limit {
                guard budget > 0 else { return }
                budget -= 1
                var candidate = best
                candidate.keys[candidate.keys.count - 1] = .digit(other)
                if let found = try trace(candidate, on: adapter, confirming: false).differences.last, found.kind == .display,
                   found.step == candidate.keys.count {
                    best = candidate
                    bestDifference = found
                    return
                }
            }
        }

        try shrinkKeys()
        try simplifyDigits()
        // Simpler configurations, simplest first; the first that still disagrees is kept.
        for configuration in best.configuration.simpler {
            var candidate = best
            candidate.configuration = configuration
            if let found = try stillDiffers(candidate, atEnd: true) {
                best = candidate
                bestDifference = found
                try shrinkKeys()
                try simplifyDigits()
                break
            }
        }
        try strongestDigitKind()
        if try doesNothingEverywhere(best, bestDifference, on: adapter, budget: &budget) { bestDifference.didNothingEverywhere = true }
        if try jumpsToEnd(best, bestDifference, on: adapter, budget: &budget) { bestDifference.jumpsToEnd = true }
        return (Self.cut(best, at: bestDifference), bestDifference)
    }

    /// Whether the last key of `example`, refused by moneyfield at a limit and sending the adapter's
    /// caret from one place before the end to the end, does so from two places away too: a field
    /// that rewrites itself after every key, not one that moves its caret as if the key were typed.
    func jumpsToEnd(_ example: CheckPlan.Session, _ difference: Difference, on adapter: any FieldAdapter,
                    budget: inout Int) throws(Adapter.Failure) -> Bool {
        guard case .caretMovedOnRefused = Behaviour(example, difference).cause, difference.kind == .caret,
              let last = example.keys.last, difference.step == example.keys.count, budget > 0,
              let configuration = try? example.configuration.fieldConfiguration() else { return false }
        let units = CaretUnits(configuration)
        guard let theirs = difference.adapter.caret, units.right(of: theirs, in: difference.adapter.display) == 0 else { return false }
        var probe = example
        probe.keys = Array(example.keys.dropLast()) + [.left, last]
        guard let answers = try? FieldAnswer.reference(for: probe), let before = answers.dropLast().last, let after = answers.last,
              after.rejected == true, let caret = before.caret, units.right(of: caret, in: before.display) == 2 else { return false }
        budget -= 1
        guard case .differs(let found) = try play(probe, on: adapter, confirming: false), found.step == probe.keys.count,
              let moved = found.adapter.caret else { return false }
        return units.right(of: moved, in: found.adapter.display) == 0
    }

    /// Whether the last key of `example`, which did nothing on the adapter among the digits or
    /// beside a separator, is a display held at a length (an HTML `maxlength` counting the symbol
    /// and separators), not a place: whether that key, or a `1`, also does nothing at the field's
    /// other caret places, reached from the same keys by Home, End, Home then Right or End then
    /// Left, wherever moneyfield takes it and its display grows at least as much. One place
    /// where the adapter takes it is a place; one that shows nothing either way is passed over.
    func doesNothingEverywhere(_ example: CheckPlan.Session, _ difference: Difference, on adapter: any FieldAdapter,
                               budget: inout Int) throws(Adapter.Failure) -> Bool {
        guard case .didNothing(let spot) = Behaviour(example, difference).cause, spot == .digits || spot == .separator,
              let last = example.keys.last, difference.step == example.keys.count,
              let configuration = try? example.configuration.fieldConfiguration() else { return false }
        let units = CaretUnits(configuration)
        func lastKey(of keys: [Key]) -> (before: FieldAnswer, after: FieldAnswer)? {
            var probe = example
            probe.keys = keys
            guard let answers = try? FieldAnswer.reference(for: probe), answers.count >= 2 else { return nil }
            return (answers[answers.count - 2], answers[answers.count - 1])
        }
        func growth(_ pair: (before: FieldAnswer, after: FieldAnswer)) -> Int { pair.after.display.utf16.count - pair.before.display.utf16.count }
        func place(_ answer: FieldAnswer) -> Int? { answer.caret.map { units.right(of: $0, in: answer.display) } }
        guard let found = lastKey(of: example.keys), growth(found) > 0 else { return false }
        var elsewhere = 0
        for key in last == .digit(1) ? [last] : [last, .digit(1)] {
            for moves: [Key] in [[.home], [.end], [.home, .right], [.end, .left]] {
                let keys = Array(example.keys.dropLast()) + moves + [key]
                guard let probe = lastKey(of: keys), probe.before.display == found.before.display, growth(probe) >= growth(found),
                      key != last || place(probe.before) != place(found.before) else { continue }
                guard budget > 0 else { return elsewhere > 0 }
                budget -= 1
                var session = example
                session.keys = keys
                switch try play(session, on: adapter, confirming: false) {
                case .differs(let other) where other.step == keys.count:
                    // Taken otherwise than moneyfield takes it: a place where the adapter does something.
                    guard other.adapter.display == probe.before.display else { return false }
                    elsewhere += 1
                case .agrees:
                    return false
                case .differs, .unsupported:
                    continue
                }
            }
        }
        return elsewhere > 0
    }

    /// `candidate` up to its last press of `behaviour`'s key, refused there at the limit
    /// `refused` if one is given; nil when there is none (when `atEnd`: unless its last key is
    /// one). The field as made (no key) needs none.
    static func cut(_ candidate: CheckPlan.Session, reaching behaviour: Behaviour, refused: Behaviour.Limit?, atEnd: Bool) -> CheckPlan.Session? {
        guard let key = behaviour.key, let configuration = try? candidate.configuration.fieldConfiguration() else { return candidate }
        var field = MoneyField(configuration)
        var last: Int?
        for (index, pressed) in candidate.keys.enumerated() {
            if CheckPlan.Steer.anyDigit(pressed) == key, refused == nil || Behaviour.limit(refusing: pressed, in: field) == refused {
                last = index
            }
            do throws(Rejection) { try field.press(pressed) } catch {}
        }
        guard let last, !atEnd || last == candidate.keys.count - 1 else { return nil }
        var cut = candidate
        cut.keys = Array(candidate.keys.prefix(last + 1))
        return cut
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
            + "\(keys.isEmpty ? "(as made)" : keys) — adapter \(quoted(difference.adapter.shown)), "
            + "moneyfield \(quoted(difference.reference.shown)) (\(difference.kind.rawValue))"
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
}

/// `moneyfield vectors`: the plan's sessions as JSON Lines test vectors.
package enum CheckVectors {
    package static func line(for session: CheckPlan.Session) throws(CommandError) -> String {
        let answers = try FieldAnswer.reference(for: session)
        let configuration = "{" + AdapterRequest.fields(of: try session.configuration.fieldConfiguration()) + "}"
        return "{\"config\":\(configuration),\"keys\":[\(session.keys.map { JSON.string($0.protocolName) }.joined(separator: ","))],"
            + "\"initial\":\(answers[0].json),\"expected\":[\(answers.dropFirst().map(\.json).joined(separator: ","))]}"
    }
}

/// `check --replay`: session scripts played on the adapter, each compared with the engine.
package enum Replay {
    /// The sessions a script describes: each `new` and the keys typed after it, and `caret N`
    /// as a tap between them. Commands that only look are passed over; any other change has no
    /// request in the protocol.
    package static func sessions(in transcript: Transcript) throws(CommandError) -> [CheckPlan.Session] {
        var sessions: [CheckPlan.Session] = []
        // Keys or taps before any `new` go to the session's starting field, as `test` plays them.
        func startIfNone() {
            guard sessions.isEmpty else { return }
            sessions.append(CheckPlan.Session(configuration: CheckPlan.Configuration(locale: LocaleCatalog.defaultIdentifier,
                                                                                     currency: CurrencyCatalog.defaultCode), keys: []))
        }
        for step in transcript.steps {
            let invocation: Invocation?
            do throws(CommandError) { invocation = try Commands.parse(step.command, reading: .plain) } catch {
                throw CommandError("line \(step.line): \(error.message)")
            }
            guard let invocation else { continue }
            // The commands played are named; any other's declaration says whether it is passed
            // over or refused (`Command.replay`).
            switch invocation {
            case .new(_, let options):
                sessions.append(CheckPlan.Session(configuration: CheckPlan.Configuration(options), keys: []))
            case .press(let press):
                startIfNone()
                sessions[sessions.count - 1].keys += press.keys
            case .caret(let offset):
                startIfNone()
                sessions[sessions.count - 1].taps.append(CheckPlan.Tap(afterKeys: sessions[sessions.count - 1].keys.count, offset: offset))
            default:
                switch invocation.declaration.replay {
                case .passedOver:
                    continue
                case .refused(let reason):
                    throw CommandError("line \(step.line): `\(invocation.scriptLine)` is not replayed: \(reason)")
                case .played:
                    throw CommandError("line \(step.line): `\(invocation.scriptLine)` is declared played, and check has no request to play it with")
                }
            }
        }
        guard !sessions.isEmpty else { throw CommandError("no `new` in it: nothing to play on the adapter") }
        return sessions
    }
}

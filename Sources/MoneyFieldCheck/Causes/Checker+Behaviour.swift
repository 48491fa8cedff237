import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

extension Checker {
    /// What makes shrunk sessions one defect (SPEC §4): the cause (`Cause.of`, a lookup of the
    /// effect of the last key on each side, its class and the probes' findings). The last key and
    /// the situation it was pressed in (what stood beside moneyfield's caret, how full the field
    /// was) are evidence: written in the script's header and steered around, never part of the group.
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
                                          reference: answers + [difference.reference], configuration: configuration,
                                          tapped: !difference.taps.isEmpty)
                : nil
            let cause = Cause.of(difference.kind, key: key, before: field, adapter: difference.adapter, reference: difference.reference,
                                 adapterBefore: difference.adapterBefore, adapterCaretBefore: difference.adapterCaretBefore,
                                 afterLeaving: difference.step >= 2 && session.keys[difference.step - 2] == .enter,
                                 behavesAs: behavesAs, findings: difference.findings)
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

        /// The group in words (`evidence` says where its example showed it).
        package var words: String { cause.words }

        /// Where the example showed it: `backspace with a group separator left of the caret …`.
        package var evidence: String {
            guard let key, let situation else { return "the field as made" }
            return Checker.words(for: key) + " with " + situation.words
        }

        /// A stable spelling for the record: `display did-nothing outside`.
        package var code: String { kind.rawValue + " " + cause.code }

        /// What sessions share to be shrunk once (`Checker.signature`): the code, and for a key
        /// that did nothing also the key and where it was pressed, since only the probes tell a
        /// key from a place and a length (`Findings`).
        package var signature: String {
            guard case .didNothing = cause, let key, let situation else { return code }
            return code + " " + Checker.words(for: key) + " " + situation.code
        }

        /// What `--max-hits` steers away from once this group is full: its key where it was found.
        package var steer: CheckPlan.Steer? {
            guard let key, let situation else { return nil }
            return CheckPlan.Steer(key: key, situation: situation)
        }
    }
}

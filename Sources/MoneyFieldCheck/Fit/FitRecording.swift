import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// What `fit` plays on the adapter once, and every reply: the probes, then the plan's seeded
/// sessions. The search replays it on moneyfield's engine, never on the adapter again.
package struct FitRecording: Sendable {
    package struct Session: Sendable {
        /// The field asked for: the options given, and the locale and currency.
        package let configuration: CheckPlan.Configuration
        package let keys: [Key]
        /// The field as made, then the answer to each key (fewer when the adapter stopped answering).
        package var answers: [FieldAnswer]
        /// A probe of `fit`'s own, not one of the plan's sessions.
        package let isProbe: Bool
    }

    package var sessions: [Session] = []
    /// The `new` requests refused, each with its session's number (from 1) and the adapter's words.
    package var refused: [(session: Int, request: String)] = []

    /// The steps recorded: the field as made and every key answered.
    package var steps: Int { sessions.reduce(0) { $0 + $1.answers.count } }

    /// The keys `fit` presses: every key `check` may press in any mode (natural's decimal key and
    /// leaving the field too), as `check`'s default list names them.
    package static let keys = CheckPlan.defaultKeys(for: .natural)

    /// The probes each configuration gets before the plan's sessions, as `type`'s language: a run
    /// of digits past any limit, a second point, leaving and coming back, emptying.
    package static let probeScripts: [String] = [
        String(repeating: "1234567890", count: 3) + "12",
        "12<dec>3<dec>4<left><left><left><dec>5<enter>",
        "1<dec>5<enter>7<enter><bs><bs>",
        "1<dec>50<enter><end>3<enter>",
        "<dec>5<enter><bs><bs><bs><enter>",
        "1<bs><bs><del>2<bs><enter>",
        "0<enter><bs>3<home><del><enter>",
        "12<dec><dec><bs>4<enter>",
        // A second point just before the point and away from it, reached without Left: a field
        // whose Left misbehaves still tells --point-again's values apart.
        "1<dec>5<home><right><dec><home><dec><enter>",
        // Leaving the field as made (an empty one may hide its symbol), and the digit before a
        // lone point deleted (the last digit: whether that empties it), then leaving.
        "<enter><bs><enter>",
        "<dec><left><bs><enter>1<enter>",
    ]

    package static let probes: [[Key]] = probeScripts.map { (try? KeyScript.parse($0)) ?? [] }

    /// The configurations `fit` asks for: `check`'s for the options given (one field when a locale
    /// is given, else its hard locales), each asking for the options given only: under `fit` the
    /// adapter is a field that is what it is. Duplicates (the hard list's whole-mode pairs) go.
    package static func configurations(pinned: FieldOptions) throws(CommandError) -> [CheckPlan.Configuration] {
        var seen: [CheckPlan.Configuration] = []
        for var configuration in try CheckPlan.configurations(for: pinned) {
            if pinned[\.mode] == nil { configuration.options[\.mode] = nil }
            if !seen.contains(configuration) { seen.append(configuration) }
        }
        return seen
    }

    /// The sessions to record: each configuration's probes, then `plan`'s sessions (its keys,
    /// counts and seed; its configurations should be `configurations(pinned:)`).
    package static func sessions(plan: CheckPlan) -> [(CheckPlan.Session, isProbe: Bool)] {
        let probing: [(CheckPlan.Session, isProbe: Bool)] = plan.configurations.flatMap { configuration in
            Self.probes.map { (CheckPlan.Session(configuration: configuration, keys: $0), true) }
        }
        return probing + plan.sessionIndexes.map { (plan.session($0), false) }
    }

    /// Plays `sessions` on `adapter`, recording every reply. A refused `new` skips its session; a
    /// key refused as unsupported ends it there.
    package static func record(_ sessions: [(CheckPlan.Session, isProbe: Bool)], on adapter: any FieldAdapter,
                               shouldStop: () -> Bool = { false }) throws(Adapter.Failure) -> FitRecording {
        var recording = FitRecording()
        for (number, (session, isProbe)) in sessions.enumerated() {
            guard let configuration = try? session.configuration.fieldConfiguration() else { continue }
            if shouldStop() { throw .interrupted }
            let new = AdapterRequest.new(configuration)
            guard case .answer(let made) = try adapter.ask(new) else {
                let reason = adapter.reasonForRefusing()
                recording.refused.append((number + 1, new.line + (reason.isEmpty ? "" : " (its stderr: \(Checker.quoted(reason)))")))
                continue
            }
            var answers = [made]
            for key in session.keys {
                if shouldStop() { throw .interrupted }
                guard case .answer(let answer) = try adapter.ask(.key(key)) else { break }
                answers.append(answer)
            }
            recording.sessions.append(Session(configuration: session.configuration, keys: session.keys, answers: answers, isProbe: isProbe))
        }
        return recording
    }
}

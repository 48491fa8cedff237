import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

/// `moneyfield check`'s run: the plan's sessions on `jobs` adapters side by side, judged, shrunk
/// and gathered into groups, the same for every `jobs`. Sessions go in fixed epochs of
/// `epochSize` indexes; the groups of earlier epochs say what a later epoch steers around
/// (`--max-hits`), so the steering never depends on which adapter finished first.
package struct CheckRun: Sendable {
    package let checker: Checker
    package var jobs = 1
    package var maxHits = 20
    /// Sessions per epoch: fixed, so a run's report does not depend on `jobs`.
    package static let epochSize = 64
    /// The signal that asked moneyfield to stop (0: none); the executable's handler sets it.
    package var interruption: @Sendable () -> Int32 = { 0 }
    /// Wakes a job's thread blocked on its adapter once `interruption` says stop: the executable
    /// passes the signal on to it (a library sends none).
    package var wake: @Sendable (pthread_t, Int32) -> Void = { _, _ in }

    package init(checker: Checker) { self.checker = checker }

    /// Sessions that show one behaviour: one defect, one script.
    package struct Group: Sendable {
        /// The first shrunk session found, the one written out.
        package let example: CheckPlan.Session
        package let difference: Checker.Difference
        package let behaviour: Checker.Behaviour
        package let firstSession: Int
        package let originalKeyCount: Int
        package var sessions: [Int]
        /// Where its sessions first disagreed, before shrinking: a full group steers around
        /// each of these as well as its own key and situation.
        package var foundAt: Set<CheckPlan.Steer> = []

        package init(example: CheckPlan.Session, difference: Checker.Difference, behaviour: Checker.Behaviour,
                    firstSession: Int, originalKeyCount: Int, sessions: [Int]) {
            self.example = example
            self.difference = difference
            self.behaviour = behaviour
            self.firstSession = firstSession
            self.originalKeyCount = originalKeyCount
            self.sessions = sessions
        }
    }

    /// How a run ended.
    package enum Ending: Sendable, Equatable {
        case completed
        /// A signal (SIGINT, SIGTERM) asked moneyfield to stop; SIGPIPE, its report could not be written.
        case interrupted(signal: Int32)
        /// An adapter broke; `neverStarted` when it had not replied once and died or closed.
        case broke(Adapter.Failure, neverStarted: Bool)
    }

    package struct Summary: Sendable {
        /// Sessions in this run's plan (its shard's).
        package var planned = 0
        package var played = 0
        package var checked = 0
        package var keys = 0
        package var unsupported = 0
        package var disagreements = 0
        package var groups: [Group] = []
        /// Each session judged, in index order (for JUnit).
        package var results: [Checker.SessionResult] = []
        /// The first session the adapter refused, and its request.
        package var refused: (session: Int, request: String)?
        package var ending = Ending.completed
        /// The signature of each shrunk session's first disagreement and the group it shrank to:
        /// every later session with that signature joins the group unshrunk.
        package var known: [String: Checker.Behaviour] = [:]
        /// How often each key (any digit as `0`) was pressed in each situation with the adapter
        /// agreeing after it: where a key agrees often, the situation does not tell a defect,
        /// and steering does not avoid it there (`steering(maxHits:)`).
        package var agreed: [CheckPlan.Steer: Int] = [:]
        /// The adapter answered `tap` and sessions went on past a caret difference: a caret
        /// group then ends no session, and steering around it would hide what lies behind it.
        package var tapsOver = false

        package init(planned: Int = 0) { self.planned = planned }

        /// The keys a session played on which the adapter agreed (past a caret difference tapped
        /// over too), each counted in `agreed` in the situation moneyfield's field was in.
        package mutating func countAgreeing(_ played: Checker.Played) {
            if case .unsupported = played.outcome { return }
            if played.tappedOver { tapsOver = true }
            let differing = Set(played.differences.map(\.step))
            guard played.keysPlayed > 0, let configuration = try? played.session.configuration.fieldConfiguration() else { return }
            var field = MoneyField(configuration)
            for (index, key) in played.session.keys.prefix(played.keysPlayed).enumerated() {
                if !differing.contains(index + 1) { agreed[CheckPlan.Steer(key: key, situation: Situation(field)), default: 0] += 1 }
                do throws(Rejection) { try field.press(key) } catch {}
            }
        }

        /// A judged session counted (its keys as played) and each of its differences placed in its group.
        package mutating func add(_ result: Checker.SessionResult) {
            played += 1
            results.append(result)
            switch result.verdict {
            case .agrees, .differs:
                checked += 1
                keys += result.keysPlayed
            case .unsupported(let request):
                unsupported += 1
                if refused == nil { refused = (result.index, request) }
            }
            for verdict in result.verdicts {
                guard case .differs(let example, let difference, let behaviour, let foundAt, let signature, let shrunk) = verdict else { continue }
                if shrunk && known[signature] == nil { known[signature] = behaviour }
                disagreements += 1
                let number: Int
                if let found = groups.firstIndex(where: { $0.behaviour == behaviour }) {
                    number = found
                    // A session tapped past one caret difference may show the cause again.
                    if groups[number].sessions.last != result.index { groups[number].sessions.append(result.index) }
                } else {
                    number = groups.count
                    groups.append(Group(example: example, difference: difference, behaviour: behaviour, firstSession: result.index,
                                        originalKeyCount: result.session.keys.count, sessions: [result.index]))
                }
                if let foundAt { groups[number].foundAt.insert(foundAt) }
            }
        }

        /// The groups hit `maxHits` times or more: later sessions steer around their key in their
        /// situation, and in each situation their sessions were found in before shrinking (a
        /// defect that shows wherever its key is pressed shrinks to one situation).
        package func steering(maxHits: Int) -> Set<CheckPlan.Steer> {
            var steer: Set<CheckPlan.Steer> = []
            for group in groups where group.sessions.count >= maxHits && !(tapsOver && group.behaviour.kind == .caret) {
                if let own = group.behaviour.steer { steer.insert(own) }
                steer.formUnion(group.foundAt)
                let cause = group.behaviour.cause
                if !cause.isAtLimit {
                    // A cause shows wherever its key is pressed however full the field (not one at
                    // a limit: how full the field is makes it).
                    for found in group.foundAt {
                        for fill in Situation.Fill.allCases {
                            let situation = Situation(left: found.situation.left, right: found.situation.right, fill: fill,
                                                      selecting: found.situation.selecting)
                            steer.insert(CheckPlan.Steer(key: found.key, situation: situation))
                        }
                    }
                }
                // Where each cause shows whatever the situation, steered around there too: a caret
                // sent to the end on edits among the digits, an arrow beside a non-digit; the rest
                // is still explored. Not a limit's digits: a field may take a digit at its limit in
                // one place and drop one in another, two causes. Only the keys its sessions met it
                // on: a field that sends the caret to the end after a Backspace may not after a
                // Delete, and a Delete or a point before the digits is where other defects show
                // (`$|1.05` Delete, an amount below one).
                let keys = Set(group.foundAt.map(\.key) + (group.behaviour.key.map { [$0] } ?? []))
                switch cause {
                case .caretToEnd: steer.formUnion(CheckPlan.Steer.editsAmongDigits.filter { keys.contains($0.key) })
                case .caretPastNoUnit: steer.formUnion(CheckPlan.Steer.arrowsBesideNonDigits.filter { keys.contains($0.key) })
                default: break
                }
            }
            // A key that agreed `maxHits` times in a situation is not avoided there: the defect
            // hangs on more than the situation (End past a suffix, then a digit typed at the
            // digits' end, where digits are typed all the time), and avoiding the key there would
            // keep sessions from filling the field and from what shows only then. Sessions that
            // meet the defect there still join its group.
            return steer.filter { agreed[$0, default: 0] < maxHits }
        }
    }

    /// The epochs of this run: its sessions, cut where the index crosses a multiple of `epochSize`.
    var epochs: [[Int]] {
        var epochs: [[Int]] = []
        for index in checker.plan.sessionIndexes {
            if let last = epochs.last?.last, last / Self.epochSize == index / Self.epochSize {
                epochs[epochs.count - 1].append(index)
            } else {
                epochs.append([index])
            }
        }
        return epochs
    }

    /// Plays every session; on a signal or a broken adapter, stops and returns what was found so
    /// far with the ending said. `makeAdapter` runs on each job's own thread; `progress` hears
    /// (on the caller's thread) the summary after each epoch and the count of sessions played.
    /// An epoch is played first, then only the first session of each new signature is shrunk
    /// (the others join its group): the choice never depends on which job finished first.
    package func run(makeAdapter: @escaping @Sendable () throws(Adapter.Failure) -> any FieldAdapter,
                    progress: (Summary, Int) -> Void = { _, _ in }) -> Summary {
        var summary = Summary(planned: checker.plan.sessionIndexes.underestimatedCount)
        let pool = WorkerPool()
        var checker = self.checker
        let interruption = self.interruption
        checker.shouldStop = { [pool] in interruption() != 0 || pool.failed.load(ordering: .relaxed) }
        for _ in 0..<max(1, jobs) { pool.startWorker(makeAdapter: makeAdapter) }
        defer { pool.shutDown() }
        for epoch in epochs {
            let avoiding = summary.steering(maxHits: maxHits)
            let playing = pool.play(epoch, interruption: interruption, wake: wake, progress: { played in
                progress(summary, summary.played + played)
            }) { [checker] index, adapter throws(Adapter.Failure) in .played(try checker.play(index, avoiding: avoiding, on: adapter)) }
            let played = playing.results.compactMap { if case .played(let played) = $0 { played } else { nil } }
            for session in played { summary.countAgreeing(session) }
            // The lowest difference (session, then place in it) of each signature no earlier epoch shrank.
            var first: [String: (session: Checker.Played, position: Int)] = [:]
            for session in played {
                for (position, difference) in session.differences.enumerated() {
                    let signature = Checker.signature(session.session, difference)
                    if summary.known[signature] == nil && first[signature] == nil { first[signature] = (session, position) }
                }
            }
            // Keyed by session index, then the difference's place in the session.
            var shrunk: [Int: [Int: (CheckPlan.Session, Checker.Difference)]] = [:]
            var ending = playing.ending
            if ending == nil {
                let toShrink = first.values.sorted { ($0.session.index, $0.position) < ($1.session.index, $1.position) }
                let shrinking = pool.play(Array(toShrink.indices), interruption: interruption, wake: wake, progress: { _ in }) { [checker] item, adapter throws(Adapter.Failure) in
                    let (session, position) = toShrink[item]
                    let (example, found) = try checker.shrink(session.session, session.differences[position], on: adapter)
                    return .shrunk(index: item, example: example, difference: found)
                }
                for case .shrunk(let item, let example, let difference) in shrinking.results {
                    shrunk[toShrink[item].session.index, default: [:]][toShrink[item].position] = (example, difference)
                }
                ending = shrinking.ending
            }
            var groupOf = summary.known
            for (signature, (session, position)) in first {
                let difference = session.differences[position]
                // A stop before its shrink: the session is kept as found, cut at its disagreement.
                if shrunk[session.index]?[position] == nil {
                    shrunk[session.index, default: [:]][position] = (Checker.cut(session.session, at: difference), difference)
                }
                if let (example, found) = shrunk[session.index]?[position] { groupOf[signature] = Checker.Behaviour(example, found) }
            }
            for session in played {
                if let result = Checker.result(of: session, shrunk: shrunk[session.index] ?? [:], group: { groupOf[$0] }) { summary.add(result) }
            }
            if let ending {
                summary.ending = ending
                break
            }
            progress(summary, summary.played)
        }
        return summary
    }
}

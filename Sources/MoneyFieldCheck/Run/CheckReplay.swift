import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// `check --replay`: session scripts played on the adapter, each reported as agreeing or not.
package enum CheckReplay {
    package struct Tally: Sendable, Equatable {
        package var agreeing = 0
        package var disagreeing = 0
        /// Scripts the adapter answered `{"unsupported":true}` for: skipped, not failed.
        package var unsupported = 0
        package var unplayable = 0
        package var scripts = 0

        /// `replayed 3 scripts: 1 agree, 2 disagree, 1 unsupported by the adapter`.
        package var line: String {
            "replayed \(English.count(scripts, "script")): \(agreeing) agree, \(disagreeing) disagree"
                + (unsupported > 0 ? ", \(unsupported) unsupported by the adapter" : "")
                + (unplayable > 0 ? ", \(unplayable) cannot be played" : "")
        }

        /// Exit 0 only when every script played agrees, and one was played at all.
        package var passed: Bool { disagreeing + unplayable == 0 && agreeing > 0 }
    }

    /// Plays each script; `report` hears a verdict line per script, `complain` why one cannot
    /// be played (both escaped for a terminal).
    package static func run(_ scripts: [(url: URL, display: String)], checker: Checker, on adapter: any FieldAdapter,
                           report: (String) -> Void, complain: (String) -> Void) throws(Adapter.Failure) -> Tally {
        var tally = Tally(scripts: scripts.count)
        for script in scripts {
            let sessions: [CheckPlan.Session]
            do {
                sessions = try Replay.sessions(in: try Transcript(contentsOf: script.url, displayPath: script.display))
            } catch let error as CommandError {
                tally.unplayable += 1
                complain(VisibleText.terminalSafe("\(script.display): \(error.message)"))
                continue
            } catch {
                tally.unplayable += 1
                complain(VisibleText.terminalSafe((error as? ScriptError)?.errorDescription ?? "\(script.display): \(error)"))
                continue
            }
            var verdict = "agrees"
            var unsupported = false
            for session in sessions {
                let trace = try checker.trace(session, on: adapter)
                switch trace.outcome {
                case .agrees: continue
                case .unsupported(let request):
                    // A script that taps, on an adapter that does not take tap, says so: the
                    // skip is the protocol's, not the field's.
                    unsupported = true
                    verdict = "unsupported by the adapter" + (request.hasPrefix("caret ") ? ": \(request)" : "")
                case .differs:
                    // Each difference, past caret differences the adapter's caret was tapped over.
                    verdict = "disagrees " + trace.differences.map { difference in
                        let keys = Checker.keysText(Array(session.keys.prefix(difference.step)), taps: difference.taps)
                        return "after \(keys.isEmpty ? "the field is made" : keys): "
                            + "\(Checker.shownPair(adapter: difference.adapter.shown, moneyfield: difference.reference.shown)) (\(difference.kind.rawValue))"
                    }.joined(separator: "; then ")
                }
                break
            }
            if unsupported {
                tally.unsupported += 1
            } else if verdict == "agrees" {
                tally.agreeing += 1
            } else {
                tally.disagreeing += 1
            }
            report(VisibleText.terminalSafe("\(script.display): \(verdict)"))
        }
        return tally
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

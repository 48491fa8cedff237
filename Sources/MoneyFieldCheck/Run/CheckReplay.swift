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
            for session in sessions {
                let trace = try checker.trace(session, on: adapter)
                switch trace.outcome {
                case .agrees: continue
                case .unsupported: verdict = "unsupported by the adapter"
                case .differs:
                    // Each difference, past caret differences the adapter's caret was tapped over.
                    verdict = "disagrees " + trace.differences.map { difference in
                        let keys = Checker.keysText(Array(session.keys.prefix(difference.step)), taps: difference.taps)
                        return "after \(keys.isEmpty ? "the field is made" : keys): adapter \(Checker.quoted(difference.adapter.shown)), "
                            + "moneyfield \(Checker.quoted(difference.reference.shown)) (\(difference.kind.rawValue))"
                    }.joined(separator: "; then ")
                }
                break
            }
            switch verdict {
            case "agrees": tally.agreeing += 1
            case "unsupported by the adapter": tally.unsupported += 1
            default: tally.disagreeing += 1
            }
            report(VisibleText.terminalSafe("\(script.display): \(verdict)"))
        }
        return tally
    }
}

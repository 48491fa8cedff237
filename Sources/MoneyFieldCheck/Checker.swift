import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// `moneyfield check`: plays a plan's sessions on an adapter, compares every reply with the
/// engine, shrinks each disagreement to the fewest keys and simplest configuration that still
/// disagree, and writes it as a session script.
public struct Checker {
    public let plan: CheckPlan
    public let adapter: Adapter
    /// Adapter sessions one shrink may spend.
    public var shrinkBudget = 400

    public init(plan: CheckPlan, adapter: Adapter) {
        self.plan = plan
        self.adapter = adapter
    }

    /// Where a session first disagrees: the step (0 is the field as made, k after the k-th key),
    /// both answers and what differs.
    public struct Difference: Sendable, Equatable {
        public let step: Int
        public let adapter: FieldAnswer
        public let reference: FieldAnswer
        public let what: String
    }

    public enum Outcome: Equatable, Sendable {
        case agrees
        case unsupported
        case differs(Difference)
    }

    public struct Disagreement: Sendable {
        public let sessionIndex: Int
        public let original: CheckPlan.Session
        public let shrunk: CheckPlan.Session
        public let difference: Difference
    }

    public struct Summary: Sendable {
        public var sessions = 0
        public var keys = 0
        public var unsupported = 0
        public var disagreements: [Disagreement] = []
        /// Per session: its index and whether it agreed (for JUnit).
        public var results: [(index: Int, session: CheckPlan.Session, disagreement: Int?)] = []
    }

    /// Plays `session` on the adapter up to its first disagreement.
    public func play(_ session: CheckPlan.Session) throws(Adapter.Failure) -> Outcome {
        let reference: [FieldAnswer]
        let request: String
        do {
            reference = try FieldAnswer.reference(for: session)
            request = try session.configuration.request()
        } catch {
            return .unsupported
        }
        guard case .answer(let made) = try adapter.ask(request) else { return .unsupported }
        if let what = reference[0].difference(from: made) { return .differs(Difference(step: 0, adapter: made, reference: reference[0], what: what)) }
        for (index, key) in session.keys.enumerated() {
            guard case .answer(let answer) = try adapter.ask("{\"op\":\"key\",\"key\":\(JSON.string(key.protocolName))}") else {
                return .unsupported
            }
            if let what = reference[index + 1].difference(from: answer) {
                return .differs(Difference(step: index + 1, adapter: answer, reference: reference[index + 1], what: what))
            }
        }
        return .agrees
    }

    /// Every session of the plan; `progress` hears after each one.
    public func run(progress: (Int, Summary) -> Void = { _, _ in }) throws(Adapter.Failure) -> Summary {
        var summary = Summary()
        for index in 0..<plan.sessionCount {
            let session = plan.session(index)
            summary.sessions += 1
            summary.keys += session.keys.count
            switch try play(session) {
            case .agrees: summary.results.append((index, session, nil))
            case .unsupported:
                summary.unsupported += 1
                summary.results.append((index, session, nil))
            case .differs(let difference):
                let (shrunk, shrunkDifference) = try shrink(session, difference)
                summary.results.append((index, session, summary.disagreements.count))
                summary.disagreements.append(Disagreement(sessionIndex: index, original: session, shrunk: shrunk, difference: shrunkDifference))
            }
            progress(index + 1, summary)
        }
        return summary
    }

    /// The fewest keys, then the simplest configuration, that still disagree.
    func shrink(_ session: CheckPlan.Session, _ difference: Difference) throws(Adapter.Failure) -> (CheckPlan.Session, Difference) {
        var budget = shrinkBudget
        var best = session
        var bestDifference = difference
        best.keys = Array(best.keys.prefix(difference.step))

        // A smaller case must show the same kind of disagreement (display, caret …), and a simpler
        // configuration must still need every key: otherwise shrinking would trade the bug found
        // for another, shallower one.
        func stillDiffers(_ candidate: CheckPlan.Session, atEnd: Bool = false) throws(Adapter.Failure) -> Difference? {
            guard budget > 0 else { return nil }
            budget -= 1
            guard case .differs(let found) = try play(candidate), found.what == difference.what else { return nil }
            return !atEnd || found.step == candidate.keys.count ? found : nil
        }

        func shrinkKeys() throws(Adapter.Failure) {
            // Remove halves, then quarters … then single keys, until no single key can go.
            var chunk = max(1, best.keys.count / 2)
            while !best.keys.isEmpty {
                var start = 0
                var removedAny = false
                while start < best.keys.count {
                    var candidate = best
                    candidate.keys.removeSubrange(start..<min(start + chunk, candidate.keys.count))
                    if let found = try stillDiffers(candidate) {
                        candidate.keys = Array(candidate.keys.prefix(found.step))
                        best = candidate
                        bestDifference = found
                        removedAny = true
                    } else {
                        start += chunk
                    }
                }
                if chunk == 1 && !removedAny { return }
                chunk = max(1, chunk / 2)
            }
        }

        try shrinkKeys()
        // Simpler configurations, simplest first; the first that still disagrees is kept.
        let original = best.configuration
        var candidates = [
            CheckPlan.Configuration(locale: "en_US", currency: "USD", mode: original.mode),
            CheckPlan.Configuration(locale: "en_US", currency: original.currency, mode: original.mode),
            CheckPlan.Configuration(locale: original.locale, currency: "USD", mode: original.mode),
            CheckPlan.Configuration(locale: original.locale, currency: original.currency, mode: original.mode),
        ].filter { $0.simplicity < original.simplicity }
        candidates.sort { $0.simplicity < $1.simplicity }
        for configuration in candidates {
            var candidate = best
            candidate.configuration = configuration
            if let found = try stillDiffers(candidate, atEnd: true) {
                best = candidate
                bestDifference = found
                try shrinkKeys()
                break
            }
        }
        return (best, bestDifference)
    }

    /// The disagreement as a session script: moneyfield's expectations, the adapter's answer in a comment.
    public func script(for disagreement: Disagreement, adapterCommand: String) -> String {
        let session = disagreement.shrunk
        let difference = disagreement.difference
        var commands = [session.configuration.newCommand] + session.keys.map { "type " + KeyTable.scriptText(for: $0) }
        commands = Array(commands.prefix(difference.step + 1))
        var lines = [
            "# moneyfield check: this field disagrees with moneyfield (session \(disagreement.sessionIndex) of seed \(plan.seed), shrunk from \(disagreement.original.keys.count) keys).",
            "# Adapter: \(VisibleText.escaped(adapterCommand, .terminalUnsafe))",
            "# Expectations below are moneyfield's; replay with: moneyfield test FILE",
        ]
        guard let replay = try? Session() else { return "" }
        for (index, command) in commands.enumerated() {
            if index == difference.step {
                lines.append("# The adapter showed \(quoted(difference.adapter.shown))"
                    + (difference.adapter.value.map { ", value \($0)" } ?? "")
                    + (difference.adapter.rejected.map { $0 ? ", rejected" : "" } ?? "")
                    + " here; moneyfield shows \(quoted(difference.reference.shown)) (the \(difference.what) differs).")
            }
            lines.append(Transcript.commandPrefix + command)
            lines += replay.handle(command).lines.map(\.text)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `disagreement: KEYS — adapter "…", moneyfield "…"`.
    public func line(for disagreement: Disagreement) -> String {
        let configuration = disagreement.shrunk.configuration
        let keys = KeyScript.text(for: Array(disagreement.shrunk.keys.prefix(disagreement.difference.step)))
        return "disagreement: \(configuration.locale)/\(configuration.currency)\(configuration.mode == .atm ? "" : " " + configuration.mode.rawValue) "
            + "\(keys.isEmpty ? "(as made)" : keys) — adapter \(quoted(disagreement.difference.adapter.shown)), "
            + "moneyfield \(quoted(disagreement.difference.reference.shown)) (\(disagreement.difference.what))"
    }

    private func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// A JUnit report: one testcase per session.
    public func junit(_ summary: Summary) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"moneyfield check\" tests=\"\(summary.sessions)\" failures=\"\(summary.disagreements.count)\">\n"
        xml += "<testsuite name=\"moneyfield check\" tests=\"\(summary.sessions)\" failures=\"\(summary.disagreements.count)\" errors=\"0\">\n"
        for result in summary.results {
            let name = "session \(result.index) \(result.session.configuration.locale)/\(result.session.configuration.currency)"
            if let number = result.disagreement {
                let message = line(for: summary.disagreements[number])
                xml += "  <testcase classname=\"moneyfield.check\" name=\(XML.attribute(name))>"
                    + "<failure message=\(XML.attribute(message)) type=\"disagreement\">\(XML.text(message))</failure></testcase>\n"
            } else {
                xml += "  <testcase classname=\"moneyfield.check\" name=\(XML.attribute(name))/>\n"
            }
        }
        return xml + "</testsuite>\n</testsuites>\n"
    }
}

/// `moneyfield vectors`: the plan's sessions as JSON Lines test vectors.
public enum CheckVectors {
    public static func line(for session: CheckPlan.Session) throws(FieldError) -> String {
        let answers = try FieldAnswer.reference(for: session)
        let configuration = try session.configuration.request().replacingOccurrences(of: "{\"op\":\"new\",", with: "{")
        return "{\"config\":\(configuration),\"keys\":[\(session.keys.map { JSON.string($0.protocolName) }.joined(separator: ","))],"
            + "\"initial\":\(answers[0].json),\"expected\":[\(answers.dropFirst().map(\.json).joined(separator: ","))]}"
    }
}

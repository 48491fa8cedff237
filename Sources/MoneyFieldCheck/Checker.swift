import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// `moneyfield check`: plays a plan's sessions on an adapter, compares every reply with the
/// engine, shrinks each disagreement (fewest keys, smallest digits, simplest configuration) and
/// gathers the shrunk ones into groups: one defect, one case.
public struct Checker {
    public let plan: CheckPlan
    public let adapter: Adapter
    public var caret: CaretComparison
    /// Adapter sessions one shrink may spend.
    public var shrinkBudget = 400

    public init(plan: CheckPlan, adapter: Adapter, caret: CaretComparison = .slot) {
        self.plan = plan
        self.adapter = adapter
        self.caret = caret
    }

    /// Where a session first disagrees: the step (0 is the field as made, k after the k-th key),
    /// both answers and what kind of difference it is.
    public struct Difference: Sendable, Equatable {
        public let step: Int
        public let adapter: FieldAnswer
        public let reference: FieldAnswer
        public let kind: DifferenceKind
    }

    public enum Outcome: Equatable, Sendable {
        case agrees
        case unsupported
        case differs(Difference)
    }

    /// Sessions that show the same kind of difference after the same shape of keys: one defect.
    public struct Group: Sendable {
        /// The first shrunk session found, the one written out.
        public let example: CheckPlan.Session
        public let difference: Difference
        public let firstSession: Int
        public let originalKeyCount: Int
        public var sessions: [Int]
    }

    public struct Summary: Sendable {
        public var sessions = 0
        public var keys = 0
        public var unsupported = 0
        public var disagreements = 0
        public var groups: [Group] = []
        /// Per session: its index and the group it fell in (for JUnit).
        public var results: [(index: Int, session: CheckPlan.Session, group: Int?)] = []
    }

    /// Plays `session` on the adapter up to its first disagreement.
    public func play(_ session: CheckPlan.Session) throws(Adapter.Failure) -> Outcome {
        let reference: [FieldAnswer]
        let configuration: FieldConfiguration
        do {
            reference = try FieldAnswer.reference(for: session)
            configuration = try session.configuration.fieldConfiguration()
        } catch {
            return .unsupported
        }
        guard case .answer(let made) = try adapter.ask(.new(configuration)) else { return .unsupported }
        if let kind = reference[0].difference(from: made, caret: caret) {
            return .differs(Difference(step: 0, adapter: made, reference: reference[0], kind: kind))
        }
        for (index, key) in session.keys.enumerated() {
            guard case .answer(let answer) = try adapter.ask(.key(key)) else { return .unsupported }
            if let kind = reference[index + 1].difference(from: answer, caret: caret) {
                return .differs(Difference(step: index + 1, adapter: answer, reference: reference[index + 1], kind: kind))
            }
        }
        return .agrees
    }

    /// The sessions of the plan (one shard's, with `--shard`); `progress` hears after each one.
    public func run(progress: (Int, Summary) -> Void = { _, _ in }) throws(Adapter.Failure) -> Summary {
        var summary = Summary()
        for index in plan.sessionIndexes {
            let session = plan.session(index)
            summary.sessions += 1
            summary.keys += session.keys.count
            switch try play(session) {
            case .agrees: summary.results.append((index, session, nil))
            case .unsupported:
                summary.unsupported += 1
                summary.results.append((index, session, nil))
            case .differs(let difference):
                summary.disagreements += 1
                let (shrunk, shrunkDifference) = try shrink(session, difference)
                let key = Self.groupKey(shrunk, shrunkDifference)
                if let number = summary.groups.firstIndex(where: { Self.groupKey($0.example, $0.difference) == key }) {
                    summary.groups[number].sessions.append(index)
                    summary.results.append((index, session, number))
                } else {
                    summary.groups.append(Group(example: shrunk, difference: shrunkDifference, firstSession: index,
                                                originalKeyCount: session.keys.count, sessions: [index]))
                    summary.results.append((index, session, summary.groups.count - 1))
                }
            }
            progress(summary.sessions, summary)
        }
        return summary
    }

    /// What makes two shrunk sessions one defect: the kind of difference and the keys up to it,
    /// each digit standing for any digit.
    static func groupKey(_ session: CheckPlan.Session, _ difference: Difference) -> String {
        difference.kind.rawValue + " " + shape(Array(session.keys.prefix(difference.step)))
    }

    /// `##<left>#`: the keys with each digit written `#`.
    public static func shape(_ keys: [Key]) -> String {
        keys.map { if case .digit = $0 { "#" } else { "<\($0.protocolName)>" } }.joined()
    }

    /// The fewest keys, then the smallest digits, then the simplest configuration, that still
    /// show the same kind of difference.
    func shrink(_ session: CheckPlan.Session, _ difference: Difference) throws(Adapter.Failure) -> (CheckPlan.Session, Difference) {
        var budget = shrinkBudget
        var best = session
        var bestDifference = difference
        best.keys = Array(best.keys.prefix(difference.step))

        // A smaller case must show the same kind of difference, at its last key: otherwise
        // shrinking would trade the defect found for another, shallower one.
        func stillDiffers(_ candidate: CheckPlan.Session, atEnd: Bool = false) throws(Adapter.Failure) -> Difference? {
            guard budget > 0 else { return nil }
            budget -= 1
            guard case .differs(let found) = try play(candidate), found.kind == difference.kind else { return nil }
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

        // Each digit to the smallest that shows the same kind of difference at the same step.
        func simplifyDigits() throws(Adapter.Failure) {
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
        return (best, bestDifference)
    }

    /// A group as a session script: moneyfield's expectations, the adapter's answer only in a
    /// comment (escaped, so its text never becomes a command), and how many sessions hit it.
    public func script(for group: Group, number: Int, of count: Int, adapterCommand: String) -> String {
        let session = group.example
        let difference = group.difference
        let commands = [session.configuration.newCommand] + session.keys.prefix(difference.step).map { "type " + KeyTable.scriptText(for: $0) }
        let hits = group.sessions.count
        var lines = [
            "# moneyfield check, group \(number) of \(count): \(hits) session\(hits == 1 ? "" : "s") of seed \(plan.seed) showed this \(difference.kind.rawValue) difference;",
            "# written from session \(group.firstSession), shrunk from \(group.originalKeyCount) keys.",
            "# Adapter: \(VisibleText.escaped(adapterCommand, .terminalUnsafe))",
            "# Expectations below are moneyfield's. Replay on the adapter: moneyfield check --replay FILE --adapter CMD",
        ]
        guard let replay = try? Session() else { return "" }
        for (index, command) in commands.enumerated() {
            if index == difference.step {
                lines.append("# The adapter showed \(Self.quoted(difference.adapter.shown))"
                    + (difference.adapter.value.map { ", value \(Self.quoted($0))" } ?? "")
                    + (difference.adapter.rejected.map { $0 ? ", rejected" : "" } ?? "")
                    + " here; moneyfield shows \(Self.quoted(difference.reference.shown)) (\(difference.kind.rawValue) differs).")
            }
            lines.append(Transcript.commandPrefix + command)
            lines += replay.handle(command).lines.map(\.text)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `disagreement: en_US/USD 4<left>0 — adapter "…", moneyfield "…" (display)`.
    public func line(for group: Group) -> String {
        let configuration = group.example.configuration
        let keys = KeyScript.text(for: Array(group.example.keys.prefix(group.difference.step)))
        var options = configuration.options
        options.locale = nil
        options.currency = nil
        let extra = options.words.isEmpty ? "" : " " + options.words.joined(separator: " ")
        return "disagreement: \(configuration.locale)/\(configuration.currency)\(extra) "
            + "\(keys.isEmpty ? "(as made)" : keys) — adapter \(Self.quoted(group.difference.adapter.shown)), "
            + "moneyfield \(Self.quoted(group.difference.reference.shown)) (\(group.difference.kind.rawValue))"
    }

    /// Text from the adapter or the field, quoted and escaped: a newline or a control character
    /// in it can never start a line of a script or reach a terminal raw.
    public static func quoted(_ text: String) -> String { "\"" + VisibleText.escaped(text, .terminalUnsafe) + "\"" }

    /// A JUnit report: one testcase per session.
    public func junit(_ summary: Summary) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"moneyfield check\" tests=\"\(summary.sessions)\" failures=\"\(summary.disagreements)\">\n"
        xml += "<testsuite name=\"moneyfield check\" tests=\"\(summary.sessions)\" failures=\"\(summary.disagreements)\" errors=\"0\">\n"
        for result in summary.results {
            let name = "session \(result.index) \(result.session.configuration.locale)/\(result.session.configuration.currency)"
            if let number = result.group {
                let message = line(for: summary.groups[number])
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
    public static func line(for session: CheckPlan.Session) throws(CommandError) -> String {
        let answers = try FieldAnswer.reference(for: session)
        let configuration = "{" + AdapterRequest.fields(of: try session.configuration.fieldConfiguration()) + "}"
        return "{\"config\":\(configuration),\"keys\":[\(session.keys.map { JSON.string($0.protocolName) }.joined(separator: ","))],"
            + "\"initial\":\(answers[0].json),\"expected\":[\(answers.dropFirst().map(\.json).joined(separator: ","))]}"
    }
}

/// `check --replay`: session scripts played on the adapter, each compared with the engine.
public enum Replay {
    /// The sessions a script describes: each `new` and the keys typed after it. Commands that
    /// only look are passed over; any other change has no request in the protocol.
    public static func sessions(in transcript: Transcript) throws(CommandError) -> [CheckPlan.Session] {
        var sessions: [CheckPlan.Session] = []
        for step in transcript.steps {
            let invocation: Invocation?
            do throws(CommandError) { invocation = try Commands.parse(step.command, reading: .plain) } catch {
                throw CommandError("line \(step.line): \(error.message)")
            }
            switch invocation {
            case .new(_, let options)?:
                sessions.append(CheckPlan.Session(configuration: CheckPlan.Configuration(options), keys: []))
            case .press(let press)?:
                guard !sessions.isEmpty else { throw CommandError("line \(step.line): keys before any `new`; the adapter's field is made by new") }
                sessions[sessions.count - 1].keys += press.keys
            case nil, .show?, .value?, .minor?, .inspect?, .fields?, .help?, .locales?, .currencies?:
                continue
            case let other?:
                throw CommandError("line \(step.line): `\(other.scriptLine)` has no request in the adapter protocol (only new and keys do)")
            }
        }
        guard !sessions.isEmpty else { throw CommandError("no `new` in it: nothing to play on the adapter") }
        return sessions
    }
}

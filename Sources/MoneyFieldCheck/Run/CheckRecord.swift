import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// What one `check` run (or a merge of shards) found, as its `--out` folder keeps it in the
/// manifest `.moneyfield-check` (JSON): the options that decide the sessions, the counts, and
/// each group with its example and sessions. `check --merge` joins these.
@_spi(Tools) public struct CheckRecord: Codable, Equatable, Sendable {
    package var format = 1
    package var adapter: String
    package var seed: UInt64
    package var sessions: Int
    package var steps: Int
    package var keys: [String]
    /// Each configuration as `new`'s words.
    package var configurations: [[String]]
    package var caret: String
    package var maxHits: Int
    package var shrinkBudget: Int
    /// `I/N`; a merge of every shard is `1/1`, as the unsharded run.
    package var shard: String
    /// `completed`, `interrupted`, `broken adapter` or `report unwritable`.
    package var ending: String
    package var played: Int
    package var checked: Int
    package var keysPressed: Int
    package var unsupported: Int
    package var disagreements: Int
    package var refused: Refusal?
    @_spi(Tools) public var groups: [GroupRecord]
    /// The scripts written, one per group, in order.
    @_spi(Tools) public var files: [String]
    /// Each disagreeing session, in order: what a merge recomputes the groups from.
    package var disagreeing: [Disagreement]?

    /// A disagreeing session: the signature of its first disagreement (`Checker.signature`) and,
    /// when it was shrunk, what it shrank to, as a group of its own; nil when it joined the group
    /// the lowest session with its signature shrank to.
    package struct Disagreement: Codable, Equatable, Sendable {
        package var session: Int
        package var signature: String
        package var shrunk: GroupRecord?
    }

    package struct Refusal: Codable, Equatable, Sendable {
        package var session: Int
        package var request: String
    }

    package struct Answer: Codable, Equatable, Sendable {
        package var display: String
        package var caret: Int?
        package var value: String?
        package var rejected: Bool?
        /// `[start, end]` when a selection was made (older records have none).
        package var selection: [Int]?

        init(_ answer: FieldAnswer) {
            display = answer.display
            caret = answer.caret
            value = answer.value
            rejected = answer.rejected
            selection = answer.selection.map { [$0.lowerBound, $0.upperBound] }
        }

        var answer: FieldAnswer {
            var answer = FieldAnswer(display: display, caret: caret, value: value, rejected: rejected)
            // Read from a file: only a selection inside the display is one.
            if let selection { _ = answer.reportSelection(bounds: selection) }
            return answer
        }
    }

    @_spi(Tools) public struct GroupRecord: Codable, Equatable, Sendable {
        /// `display did-nothing outside`: what makes two sessions one group, its cause.
        package var behaviour: String
        package var words: String
        /// Where its example showed it: the key and what stood beside moneyfield's caret.
        package var evidence: String?
        package var configuration: [String]
        package var keys: [String]
        /// `[after keys, offset]` of each tap played before the difference (`caret N`); absent
        /// when none (and in older records).
        package var taps: [[Int]]?
        package var step: Int
        package var kind: String
        package var adapterAnswer: Answer
        package var moneyfieldAnswer: Answer
        package var firstSession: Int
        package var originalKeyCount: Int
        package var sessions: [Int]

        init(example: CheckPlan.Session, difference: Checker.Difference, behaviour: Checker.Behaviour, firstSession: Int,
             originalKeyCount: Int, sessions: [Int]) {
            self.behaviour = behaviour.code
            words = behaviour.words
            evidence = behaviour.evidence
            configuration = example.configuration.options.words
            keys = example.keys.map(\.protocolName)
            taps = difference.taps.isEmpty ? nil : difference.taps.map { [$0.afterKeys, $0.offset] }
            step = difference.step
            kind = difference.kind.rawValue
            adapterAnswer = Answer(difference.adapter)
            moneyfieldAnswer = Answer(difference.reference)
            self.firstSession = firstSession
            self.originalKeyCount = originalKeyCount
            self.sessions = sessions
        }
    }

    /// The record of a run: its plan's options and what its summary found.
    package init(run: CheckRun, summary: CheckRun.Summary, adapter: String) {
        let plan = run.checker.plan
        self.adapter = adapter
        seed = plan.seed
        sessions = plan.sessionCount
        steps = plan.stepCount
        keys = plan.keys.map(\.protocolName)
        configurations = plan.configurations.map(\.options.words)
        caret = run.checker.caret.rawValue
        maxHits = run.maxHits
        shrinkBudget = run.checker.shrinkBudget
        shard = plan.shard.text
        switch summary.ending {
        case .completed: ending = "completed"
        // SIGPIPE is how `check` stops a run whose report could not be written (a closed pipe, a full disk).
        case .interrupted(let signal): ending = signal == SIGPIPE ? "report unwritable" : "interrupted"
        case .broke: ending = "broken adapter"
        }
        played = summary.played
        checked = summary.checked
        keysPressed = summary.keys
        unsupported = summary.unsupported
        disagreements = summary.disagreements
        refused = summary.refused.map { Refusal(session: $0.session, request: $0.request) }
        let groups = summary.groups.map { group in
            GroupRecord(example: group.example, difference: group.difference, behaviour: group.behaviour, firstSession: group.firstSession,
                        originalKeyCount: group.originalKeyCount, sessions: group.sessions)
        }
        let ordered = Self.ordered(groups)
        self.groups = ordered
        files = ordered.indices.map { Self.fileName(number: $0 + 1, group: ordered[$0]) }
        // Each difference of a session (past caret differences tapped over, more than one), in order.
        disagreeing = summary.results.flatMap { result in
            result.verdicts.compactMap { verdict in
                guard case .differs(let example, let difference, let behaviour, _, let signature, let shrunk) = verdict else { return nil }
                return Disagreement(session: result.index, signature: signature,
                                    shrunk: shrunk ? GroupRecord(example: example, difference: difference, behaviour: behaviour, firstSession: result.index,
                                                                 originalKeyCount: result.session.keys.count, sessions: [result.index]) : nil)
            }
        }
    }

    /// `001-display-en_US-USD.session`.
    static func fileName(number: Int, group: GroupRecord) -> String {
        let options = (try? FieldOptions(parsing: group.configuration)) ?? FieldOptions()
        let configuration = CheckPlan.Configuration(options)
        return String(number).leftPadded(to: 3) + "-" + group.kind + "-"
            + configuration.locale.replacing("@", with: "-").replacing("=", with: "-") + "-" + configuration.currency + ".session"
    }

    /// The shards of one run joined into one record, as the unsharded run of the same seed
    /// writes it: groups by behaviour, each with the example of its first session and every
    /// session that hit it; counts summed. Refused unless they are the shards 1…N of one plan.
    @_spi(Tools) public static func merged(_ records: [CheckRecord]) throws(CommandError) -> CheckRecord {
        guard let first = records.first else { throw CommandError("--merge names no folder") }
        for record in records.dropFirst() {
            var plan = record
            plan.shard = first.shard
            plan.ending = first.ending
            (plan.played, plan.checked, plan.keysPressed, plan.unsupported, plan.disagreements) =
                (first.played, first.checked, first.keysPressed, first.unsupported, first.disagreements)
            (plan.refused, plan.groups, plan.files, plan.disagreeing) = (first.refused, first.groups, first.files, first.disagreeing)
            guard plan == first else {
                throw CommandError("the folders are not shards of one run: their adapter, seed, sessions, steps, keys, field options, --caret, --max-hits or --shrink-budget differ")
            }
        }
        let shards = records.map { Shard($0.shard) }
        guard let count = shards.first??.count, shards.allSatisfy({ $0?.count == count }) else {
            throw CommandError("the folders' shards do not split one run the same way (\(records.map(\.shard).joined(separator: ", ")))")
        }
        let present = Set(shards.compactMap { $0?.index })
        guard present.count == records.count else { throw CommandError("a shard is given twice (\(records.map(\.shard).joined(separator: ", ")))") }
        // Every shard given, each once: as many as the run has. Only then are the missing ones
        // named (at most a few), never by walking a count a record may make up.
        guard present.count != count else { return try joined(records) }
        let absent = count - present.count
        let missing = (1...count).lazy.filter { !present.contains($0) }.prefix(5).map { "\($0)/\(count)" }.joined(separator: ", ")
        throw CommandError("shard\(absent == 1 ? "" : "s") \(missing)\(absent > 5 ? " and \(absent - 5) more" : "") missing: merge every shard of the run")
    }

    /// The records of every shard of one run, joined.
    private static func joined(_ records: [CheckRecord]) throws(CommandError) -> CheckRecord {
        var merged = records[0]
        merged.shard = Shard.whole.text
        merged.ending = records.first { $0.ending != "completed" }?.ending ?? "completed"
        merged.played = records.reduce(0) { $0 + $1.played }
        merged.checked = records.reduce(0) { $0 + $1.checked }
        merged.keysPressed = records.reduce(0) { $0 + $1.keysPressed }
        merged.unsupported = records.reduce(0) { $0 + $1.unsupported }
        merged.disagreements = records.reduce(0) { $0 + $1.disagreements }
        merged.refused = records.compactMap(\.refused).min { $0.session < $1.session }
        (merged.groups, merged.disagreeing) = try regrouped(records)
        merged.groups = ordered(merged.groups)
        merged.files = merged.groups.indices.map { fileName(number: $0 + 1, group: merged.groups[$0]) }
        return merged
    }

    /// The groups of the shards' sessions as the unsharded run makes them. A shard knows only its
    /// own sessions, so it shrank some that the whole run joins to a group unshrunk: a session
    /// joins the group of the lowest session with its signature, which its shard shrank as the
    /// whole run did.
    static func regrouped(_ records: [CheckRecord]) throws(CommandError) -> ([GroupRecord], [Disagreement]) {
        var all: [Disagreement] = []
        for record in records {
            guard let disagreeing = record.disagreeing else {
                throw CommandError("shard \(record.shard)'s record lists no sessions (an older moneyfield wrote it): run that shard again")
            }
            all += disagreeing
        }
        var known: [String: String] = [:]
        var groups: [GroupRecord] = []
        var kept: [Disagreement] = []
        // Stable: a session's differences stay in the order it showed them.
        let sorted = all.enumerated().sorted { ($0.element.session, $0.offset) < ($1.element.session, $1.offset) }.map(\.element)
        for var entry in sorted {
            if let behaviour = known[entry.signature] {
                entry.shrunk = nil
                guard let number = groups.firstIndex(where: { $0.behaviour == behaviour }) else {
                    throw CommandError("session \(entry.session)'s group is missing from the shards' records")
                }
                if groups[number].sessions.last != entry.session { groups[number].sessions.append(entry.session) }
            } else {
                guard let shrunk = entry.shrunk else {
                    throw CommandError("session \(entry.session) joined a group no shard shrank a session to: the folders are not one run's shards")
                }
                known[entry.signature] = shrunk.behaviour
                if let number = groups.firstIndex(where: { $0.behaviour == shrunk.behaviour }) {
                    if groups[number].sessions.last != entry.session { groups[number].sessions.append(entry.session) }
                } else {
                    groups.append(shrunk)
                }
            }
            kept.append(entry)
        }
        return (groups, kept)
    }

    /// The groups, the most different first ("Taming Compiler Fuzzers", PLDI 2013): the most hit
    /// one, then each time the one whose cause shares the fewest features (kind, cause, key
    /// class) with the nearest already listed, the most hit of those, the earliest found.
    static func ordered(_ groups: [GroupRecord]) -> [GroupRecord] {
        func features(_ group: GroupRecord) -> [Substring] { Array(group.behaviour.split(separator: " ").prefix(3)) }
        func distance(_ a: [Substring], _ b: [Substring]) -> Int {
            (0..<max(a.count, b.count)).filter { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] }.count
        }
        var left = groups
        var listed: [GroupRecord] = []
        while !left.isEmpty {
            let scored = left.indices.map { index in
                (index: index, far: listed.map { distance(features($0), features(left[index])) }.min() ?? Int.max,
                 hits: left[index].sessions.count, first: left[index].firstSession)
            }
            let best = scored.min { ($1.far, $1.hits, -$1.first) < ($0.far, $0.hits, -$0.first) }!
            listed.append(left.remove(at: best.index))
        }
        return listed
    }

    /// The manifest's text: keys sorted, so the same record is the same bytes.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The sessions this record's plan asked for (its shard's).
    package var planned: Int { Shard(shard).map { $0.count(below: sessions) } ?? sessions }

    /// `checked 48 of 50 sessions, 1920 keys: 3 disagreements in 2 groups (2 sessions unsupported by the adapter)`.
    @_spi(Tools) public var lastLine: String {
        let groupsText = disagreements > 0 ? " in \(English.count(groups.count, "group"))" : ""
        let skipped = unsupported > 0 ? " (\(English.count(unsupported, "session")) unsupported by the adapter)" : ""
        return "checked \(checked) of \(English.count(planned, "session")), \(English.count(keysPressed, "key")): "
            + "\(English.count(disagreements, "disagreement"))\(groupsText)\(skipped)"
    }

    /// What a run prints when it ends: each group with its script, then the last line.
    @_spi(Tools) public func closingLines(written: [String], out: String) -> [String] {
        var lines: [String] = []
        if !groups.isEmpty {
            lines.append("\(English.count(groups.count, "kind")) of disagreement:")
            for (group, path) in zip(groups, written) {
                lines.append("  \(group.kind): \(group.words) — \(English.count(group.sessions.count, "session")) → \(path)")
            }
            lines.append("replay them on your adapter while you fix it: moneyfield check --replay \(out) --adapter …")
        }
        return lines + [lastLine]
    }

    /// Why fewer than `minChecked` sessions checked fails the run, naming the request refused; nil when enough were.
    package func shortfall(minChecked: Int) -> String? {
        let minChecked = max(minChecked, 1)
        guard checked < minChecked else { return nil }
        let refusal = refused.map { " — the adapter answered {\"unsupported\":true} to session \($0.session)'s request \($0.request)" } ?? ""
        return "only \(checked) of \(played) sessions were checked, fewer than --min-checked \(minChecked)\(refusal)"
    }

    /// Each group as the session it was written from and the difference it shows.
    func example(of group: GroupRecord) throws(CommandError) -> (CheckPlan.Session, Checker.Difference) {
        let options = try FieldOptions(parsing: group.configuration)
        var keys: [Key] = []
        for name in group.keys {
            guard let key = Key(protocolName: name) else { throw CommandError("the manifest names an unknown key \(VisibleText.quoted(name))") }
            keys.append(key)
        }
        guard let kind = DifferenceKind(rawValue: group.kind) else { throw CommandError("the manifest names an unknown kind \(VisibleText.quoted(group.kind))") }
        guard (0...keys.count).contains(group.step) else {
            throw CommandError("the manifest's group differs at step \(group.step) of a session of \(keys.count) keys; the folder is not one check wrote")
        }
        var taps: [CheckPlan.Tap] = []
        for tap in group.taps ?? [] {
            guard tap.count == 2, (0...group.step).contains(tap[0]), tap[1] >= 0, tap[0] >= (taps.last?.afterKeys ?? 0) else {
                throw CommandError("the manifest names a tap \(tap) that is not [after keys, offset] before its difference; the folder is not one check wrote")
            }
            taps.append(CheckPlan.Tap(afterKeys: tap[0], offset: tap[1]))
        }
        return (CheckPlan.Session(configuration: CheckPlan.Configuration(options), keys: keys, taps: taps),
                Checker.Difference(step: group.step, adapter: group.adapterAnswer.answer, reference: group.moneyfieldAnswer.answer, kind: kind, taps: taps))
    }

    /// The `disagreement: …` line of a group.
    package func line(for group: GroupRecord) -> String {
        guard let (example, difference) = try? example(of: group) else { return "disagreement: " + group.words }
        return Checker.line(example: example, difference: difference)
    }

    /// A group as a session script: moneyfield's expectations, the adapter's answer only in a
    /// comment (escaped, so its text never becomes a command), its behaviour in words and how
    /// many sessions hit it.
    @_spi(Tools) public func script(number: Int) throws(CommandError) -> String {
        let group = groups[number - 1]
        let (session, difference) = try example(of: group)
        // Each key a `type` line, each tap played before the difference a `caret N` after the
        // keys it followed; the difference is at the last command.
        var commands = [session.configuration.newCommand]
        for (index, key) in session.keys.prefix(difference.step).enumerated() {
            for tap in session.taps where tap.afterKeys == index { commands.append("caret \(tap.offset)") }
            commands.append("type " + KeyTable.scriptText(for: key))
        }
        let hits = group.sessions.count
        var lines = [
            "# moneyfield check, group \(number) of \(groups.count), \(English.count(hits, "session")) of seed \(seed): \(VisibleText.escaped(group.words, .terminalUnsafe)).",
            "# Seen here on \(VisibleText.escaped(group.evidence ?? "the last key", .terminalUnsafe)); the \(group.kind) differs.",
            "# Written from session \(group.firstSession), shrunk from \(group.originalKeyCount) keys.",
            "# Adapter: \(VisibleText.escaped(adapter, .terminalUnsafe))",
            "# Expectations below are moneyfield's. Replay on the adapter: moneyfield check --replay FILE --adapter CMD",
        ]
        let replay: Session
        do { replay = try Session() } catch { throw CommandError("cannot start a session to write the script: \(error)") }
        for (index, command) in commands.enumerated() {
            if command.hasPrefix("caret ") {
                lines.append("# The adapter's caret differed here (a difference of its own); check taps it to where moneyfield's stands:")
            }
            if index == commands.count - 1 {
                lines.append("# The adapter showed \(Checker.quoted(difference.adapter.shown))"
                    + (difference.adapter.value.map { ", value \(Checker.quoted($0))" } ?? "")
                    + (difference.adapter.rejected.map { $0 ? ", rejected" : "" } ?? "")
                    + " here; moneyfield shows \(Checker.quoted(difference.reference.shown)) (\(group.kind) differs).")
            }
            lines.append(Transcript.commandPrefix + command)
            lines += replay.handle(command).lines.map(\.text)
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

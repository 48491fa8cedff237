import Foundation
import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// `moneyfield check` against the example adapters (Examples/Adapters, Python 3), moneyfield's
/// own engine, and adapters that crash, hang or talk nonsense.
@Suite(.serialized) struct CheckTests {
    static let adapters = BuiltProgram.packageRoot.appendingPathComponent("Examples/Adapters")

    func check(_ adapter: String, _ options: [String], in folder: TemporaryFolder) throws -> BuiltProgram.Outcome {
        try BuiltProgram.run(["check", "--adapter", adapter] + options, directory: folder.url, timeout: 120)
    }

    func python(_ name: String) -> String { "python3 " + Self.adapters.appendingPathComponent(name).path }

    /// The shrunk scripts written to check-failures/, each replayed by `moneyfield test`.
    func shrunkScriptsReplayGreen(in folder: TemporaryFolder) throws -> [String] {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("check-failures").path)
        let replay = try BuiltProgram.run(["test", "check-failures"], directory: folder.url)
        #expect(replay.status == 0, "\(replay.stdout)")
        return scripts
    }

    @Test func moneyfieldsOwnEngineAgreesEverywhere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let outcome = try check("\(binary.path) adapter", ["--sessions", "300", "--steps", "40", "--keys", "0-9,bs,del,left,right,home,end,neg,clear,00,plus,sleft,selall"], in: folder)
        #expect(outcome.stdout == "checked 300 of 300 sessions, 12000 keys: 0 disagreements\n", "\(outcome.stderr)")
        #expect(outcome.status == 0)
    }

    @Test func pythonsOwnFormattingAgreesWhereItGoes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try check(python("python_format.py"), ["--locale", "en_US", "--currency", "USD", "--sessions", "100"], in: folder)
        #expect(outcome.stdout == "checked 100 of 100 sessions, 4000 keys: 0 disagreements\n", "\(outcome.stderr)")
        let whole = try check(python("python_format.py"), ["--locale", "en_US", "--mode", "whole", "--sessions", "50"], in: folder)
        #expect(whole.status == 0, "\(whole.stdout)")
    }

    @Test func seed000sNineDigitLimitShrinksToTenDigits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try check(python("seed000_double.py"), ["--locale", "en_US", "--keys", "1,2,3", "--sessions", "5", "--steps", "30"], in: folder)
        #expect(outcome.status == 1)
        let lines = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("disagreement:") }
        // One defect, one group: every session shrinks to ten digits, the tenth refused by the
        // seed's field and taken by moneyfield.
        #expect(lines.count == 1, "one group: \(outcome.stdout)")
        for line in lines {
            let keys = String(line.split(separator: " ")[2])
            #expect(keys.count == 10 && keys.allSatisfy(\.isNumber), "\(line)")
        }
        // Nine digits, wherever the caret stands: the shrinker's probe calls it a length.
        #expect(outcome.stdout.contains("display: a key did nothing on the adapter, wherever its caret stood: the display at a length it does not pass, where moneyfield changed the field — 5 sessions"), "\(outcome.stdout)")
        _ = try shrunkScriptsReplayGreen(in: folder)
    }

    @Test func seed000IgnoresTheCaretAndShowsUSFormattingEverywhere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let caret = try check(python("seed000_double.py"), ["--locale", "en_US", "--sessions", "20"], in: folder)
        let caretLines = caret.stdout.split(separator: "\n").filter { $0.hasPrefix("disagreement:") }
        #expect(caretLines.contains { $0.contains("<left>") || $0.contains("<home>") }, "\(caret.stdout)")
        #expect(caretLines.allSatisfy { $0.split(separator: " ")[2].count <= 16 }, "shrunk to a handful of keys")
        let german = try check(python("seed000_double.py"), ["--locale", "de_DE", "--currency", "EUR", "--sessions", "3"], in: folder)
        #expect(german.stdout.contains("disagreement: en_US/EUR (as made) — adapter \"$0.00\", moneyfield \"€0.00|\" (display)")
            || german.stdout.contains("(as made)"), "\(german.stdout)")
        _ = try shrunkScriptsReplayGreen(in: folder)
    }

    @Test func seed001sBackspaceRightOfThePointIsFound() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try check(python("seed001_gbp.py"), ["--locale", "en_GB", "--currency", "GBP", "--keys", "0-9,bs", "--sessions", "10"], in: folder)
        #expect(outcome.status == 1)
        let lines = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("disagreement:") }
        // A digit, then backspace: moneyfield deletes it, the seed's field does nothing.
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("/GBP") && $0.contains("<bs> — adapter") }, "\(outcome.stdout)")
        #expect(lines.contains { $0.split(separator: " ")[2].count == 5 }, "one digit and <bs>: \(outcome.stdout)")
        _ = try shrunkScriptsReplayGreen(in: folder)
    }

    @Test func seed003sCaretJumpsAndGroupingAreFound() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let jump = try check(python("seed003_whole.py"), ["--locale", "en_US", "--mode", "whole", "--keys", "0-9,left", "--sessions", "10"], in: folder)
        let jumps = jump.stdout.split(separator: "\n").filter { $0.contains("(caret)") }
        #expect(!jumps.isEmpty && jumps.allSatisfy { $0.contains("<left>") && $0.split(separator: " ")[3].count <= 14 }, "\(jump.stdout)")
        let lakh = try check(python("seed003_whole.py"), ["--locale", "en_IN", "--currency", "INR", "--mode", "whole", "--keys", "0-9", "--sessions", "5"], in: folder)
        #expect(lakh.stdout.contains("(display)"), "lakh grouping: \(lakh.stdout)")
        _ = try shrunkScriptsReplayGreen(in: folder)
    }

    @Test(arguments: [
        ("nosuchcommand-xyz", Int32(2), "error: the adapter could not start"),
        ("exit 3", Int32(2), "error: the adapter could not start: it"),
        // (No first reply within --start-timeout: aSlowStartHasItsOwnDeadline.)
        ("read line; echo hello; cat >/dev/null", Int32(1), "error: the adapter is broken: its reply \"hello\" is not one JSON object"),
        // A line before any request: seen as unasked when it arrives before the first request is
        // sent, else as that request's reply, which is no JSON object. Broken either way.
        ("echo hello; cat >/dev/null", Int32(1), "error: the adapter is broken: "),
        ("read line; echo '{\"caret\":1}'; cat >/dev/null", Int32(1), "error: the adapter is broken: its reply \"{\"caret\":1}\" has no \"display\" string"),
        ("read line; echo '{\"display\":\"$0.00\",\"caret\":4}'; exit 0", Int32(1), "error: the adapter is broken: it exited (status 0)"),
        ("read line; r='{\"display\":\"$0.00\",\"caret\":5}'; printf '%s\\n%s\\n' \"$r\" \"$r\"; cat >/dev/null", Int32(1), "error: the adapter is broken: it sent a line nobody asked for"),
        ("read line; printf '{\"display\":\"\\377\"}\\n'; cat >/dev/null", Int32(1), "error: the adapter is broken: its reply is not UTF-8"),
        ("read line; echo '{\"display\":\"$0.00\",\"caret\":9}'; cat >/dev/null", Int32(1), "error: the adapter is broken: its caret 9 is outside its display (0 to 5)"),
        ("read line; echo '{\"display\":\"$0.00\",\"value\":5}'; cat >/dev/null", Int32(1), "error: the adapter is broken: its reply \"{\"display\":\"$0.00\",\"value\":5}\" has a \"value\" that is not a string"),
        ("read line; echo '{\"display\":\"$0.00\",\"rejected\":\"yes\"}'; cat >/dev/null", Int32(1), "error: the adapter is broken: its reply \"{\"display\":\"$0.00\",\"rejected\":\"yes\"}\" has a \"rejected\" that is not true or false"),
        ("read line; echo '{\"display\":\"$0.00\",\"caret\":true}'; cat >/dev/null", Int32(1), "error: the adapter is broken: its reply \"{\"display\":\"$0.00\",\"caret\":true}\" has a \"caret\" that is not a whole number or null"),
        // Closes its output and goes on running: reported as it happens, not at a deadline.
        ("exec 1>&-; exec " + ProcessGroups.runUntilEnded + " >/dev/null", Int32(2), "error: the adapter could not start: it closed its standard output"),
    ])
    func brokenAdaptersAreReportedWithTheirRequest(adapter: String, status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Deadlines no busy machine reaches: what is reported is the fault, never a clock.
        let outcome = try check(Self.noting(adapter), ["--timeout", "30", "--start-timeout", "30", "--sessions", "2", "--locale", "en_US"], in: folder)
        #expect(outcome.status == status, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix(message), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("  request: {\"op\":"))
        try Self.expectGroupsEnded(in: folder)
    }

    /// The adapter's shell writes the id of its process group to `groups` first: its own PID,
    /// once `kill -0 -PID` finds a group of that id (else a line that says it leads none).
    static func noting(_ adapter: String) -> String {
        "{ kill -0 -$$ 2>/dev/null && echo $$ || echo \"$$ leads no group of its own\"; } >> groups; " + adapter
    }

    /// Every process group the adapters of this test ran in has ended: only the groups this test
    /// started are asked about, by their ids, on every platform. Waited for (an orphan counts
    /// until init reaps it) with a deadline that fails loudly.
    static func expectGroupsEnded(in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = (try? String(contentsOf: folder.url.appendingPathComponent("groups"), encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        let groups = Set(lines.compactMap { pid_t($0) })
        #expect(!groups.isEmpty, "the adapter never started", sourceLocation: sourceLocation)
        let strays = lines.filter { pid_t($0) == nil }
        #expect(strays.isEmpty, "not a group's id: \(strays)", sourceLocation: sourceLocation)
        let left = ProcessGroups.leftRunning(groups)
        #expect(left.isEmpty, "adapter groups still running after 30 s: \(left)", sourceLocation: sourceLocation)
    }

    /// Session i depends on the seed and i alone: no session is another shifted by a key, and
    /// the shards of a run are its sessions, each once.
    @Test func sessionsAreIndependentAndShardsSplitThem() throws {
        func vectors(_ extra: [String]) throws -> [String] {
            try BuiltProgram.run(["vectors", "--sessions", "60", "--steps", "10", "--seed", "5"] + extra).stdout
                .split(separator: "\n").map(String.init)
        }
        let all = try vectors([])
        #expect(all.count == 60)
        let keys = try all.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["keys"] as? [String] ?? []
        }
        let shifted = zip(keys, keys.dropFirst()).filter { Array($0.dropFirst()) == Array($1.dropLast()) }.count
        #expect(shifted == 0, "\(shifted) sessions are the one before shifted by a key")
        let shards = try (1...3).map { try vectors(["--shard", "\($0)/3"]) }
        #expect(shards.map(\.count) == [20, 20, 20])
        #expect(Set(shards.flatMap { $0 }) == Set(all))
        #expect(try vectors([]) == all, "the same seed plays the same sessions")
    }

    /// Real adapters start helpers, ignore signals and flood stderr: check still ends, and ends
    /// their whole group.
    @Test func aHelperInTheBackgroundAndAnInterruptLeaveNoProcess() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let helper = try check(Self.noting("\(ProcessGroups.runUntilEnded) & exec \(binary.path) adapter"), ["--sessions", "5", "--jobs", "2"], in: folder)
        #expect(helper.stdout.hasSuffix("checked 5 of 5 sessions, 200 keys: 0 disagreements\n"), "\(helper.stdout)\(helper.stderr)")
        try Self.expectGroupsEnded(in: folder)
        // SIGTERM once an adapter has its first request (a file says so), not after a guessed sleep;
        // with two jobs, each blocked reading its own adapter.
        let stuckOnceAsked = Self.noting("read line; : > asked; exec \(ProcessGroups.runUntilEnded)")
        let interrupted = try BuiltProgram.bash("""
            "$B" check --adapter '\(stuckOnceAsked)' --sessions 4 --jobs 2 --timeout 60 & pid=$!
            for i in $(seq 1 6000); do [ -e asked ] && break; sleep 0.01; done
            [ -e asked ] || echo "the adapter was never asked within 60 s"
            kill -TERM $pid; wait $pid; echo "exit $?"
            """, in: folder.url, timeout: 120)
        #expect(interrupted.stdout.hasSuffix("exit 143\n") && !interrupted.stdout.contains("never asked"), "\(interrupted.stdout)\(interrupted.stderr)")
        #expect(interrupted.stderr.contains("interrupted after 0 of 4 sessions"), "\(interrupted.stderr)")
        try Self.expectGroupsEnded(in: folder)
    }

    /// SIGTERM mid-run: the groups found so far are written and summarised, then exit 143.
    @Test func anInterruptedRunWritesTheGroupsItFound() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("my_field.py", try Self.readmeAdapter())
        let outcome = try BuiltProgram.bash("""
            "$B" check --adapter '\(Self.noting("exec python3 my_field.py"))' --locale en_US --sessions 1000000 > out.txt 2> err.txt & pid=$!
            for i in $(seq 1 6000); do grep -q '^disagreement:' out.txt && break; sleep 0.01; done
            grep -q '^disagreement:' out.txt || echo "no disagreement within 60 s"
            kill -TERM $pid; wait $pid; echo "exit $?"
            """, in: folder.url, timeout: 120)
        #expect(outcome.stdout == "exit 143\n", "\(outcome.stdout)\(outcome.stderr)")
        let stdout = try String(contentsOf: folder.url.appendingPathComponent("out.txt"), encoding: .utf8)
        let stderr = try String(contentsOf: folder.url.appendingPathComponent("err.txt"), encoding: .utf8)
        #expect(stdout.contains("kind") && stdout.contains(" of 1000000 sessions, "), "\(stdout)")
        #expect(stderr.contains("interrupted after "), "\(stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("check-failures").path)
        #expect(files.contains { $0.hasSuffix(".session") } && files.contains(".moneyfield-check"), "\(files)")
        let record = try String(contentsOf: folder.url.appendingPathComponent("check-failures/.moneyfield-check"), encoding: .utf8)
        #expect(record.contains("\"ending\" : \"interrupted\""), "\(record)")
        try Self.expectGroupsEnded(in: folder)
    }

    /// The adapter in twenty lines of the check guide (docs/check.md), which the README runs.
    static func readmeAdapter() throws -> String {
        let guide = try String(contentsOf: BuiltProgram.packageRoot.appendingPathComponent("docs/check.md"), encoding: .utf8)
        return try #require(guide.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "```").first)
    }

    @Test func nothingCheckedIsNotAPassAndUnsupportedSessionsAreSkipped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The reason's line is finished only after the reply: check waits for the whole line.
        let refusing = "while read line; do printf 'no field ' >&2; echo '{\"unsupported\":true}'; echo 'for this locale' >&2; done"
        let outcome = try check(refusing, ["--sessions", "4", "--junit", "check.xml"], in: folder)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "checked 0 of 4 sessions, 0 keys: 0 disagreements (4 sessions unsupported by the adapter)\n", "\(outcome.stdout)")
        #expect(outcome.stderr.contains("fewer than --min-checked 2 — the adapter answered {\"unsupported\":true} to session 0's request {\"op\":\"new\""), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("(its stderr: \"no field for this locale\")"), "the adapter's reason: \(outcome.stderr)")
        // One of twenty checked is not a pass either: the default is half of the sessions asked for.
        let oneOnly = "read line; echo '{\"display\":\"$0.00\",\"caret\":5}'; while read line; do case $line in *new*) echo '{\"unsupported\":true}';; "
            + "*) echo '{\"display\":\"$0.00\",\"caret\":5}';; esac; done"
        let few = try check(oneOnly, ["--sessions", "20", "--steps", "1", "--keys", "end", "--out", "few"], in: folder)
        #expect(few.status == 1 && few.stderr.contains("only 1 of 20 sessions were checked, fewer than --min-checked 10"), "\(few.status) \(few.stderr)")
        _ = try folder.file("read.py", """
            import xml.etree.ElementTree as ET
            cases = ET.parse("check.xml").getroot().findall("testsuite/testcase")
            print(len(cases), sum(1 for c in cases if c.find("skipped") is not None))
            """)
        #expect(try BuiltProgram.bash("python3 read.py", in: folder.url).stdout == "4 4\n")
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let some = try check("\(binary.path) adapter", ["--sessions", "4", "--min-checked", "5", "--out", "m"], in: folder)
        #expect(some.status == 1 && some.stderr.contains("only 4 of 4 sessions were checked, fewer than --min-checked 5"), "\(some.status) \(some.stderr)")
    }

    @Test(arguments: [("", "--out is empty"), ("/dev/null/sub", "/dev/null is not a folder"), ("mine", "holds files check did not write (notes.txt)")])
    func anUnusableOutIsRefusedBeforeTheAdapterStarts(out: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("mine/notes.txt", "notes")
        let outcome = try check(": > started; cat", ["--sessions", "2", "--out", out], in: folder)
        #expect(outcome.status == 2 && outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("started").path), "no adapter was started")
    }

    /// Each file of an out folder and its bytes.
    static func files(in folder: TemporaryFolder, _ name: String) throws -> [String: Data] {
        let url = folder.url.appendingPathComponent(name)
        var files: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            files[file] = try Data(contentsOf: url.appendingPathComponent(file))
        }
        return files
    }

    /// An adapter slow to start (a browser) has --start-timeout for its first reply, apart from
    /// --timeout. Decided by states, never by a sleep that must land between two deadlines:
    /// - hasty: an adapter that never replies is given up at --start-timeout (0.3 s), though
    ///   --timeout is 60 s;
    /// - patient: once asked, the adapter holds its first reply until the hasty run, started
    ///   after that, has given up at its 0.3 s. More than the patient run's --timeout (0.3 s)
    ///   has then passed on moneyfield's own clock, and the reply still counts: its deadline
    ///   was --start-timeout (60 s). Its run's first request (of two: --steps 1) is that reply.
    @Test func aSlowStartHasItsOwnDeadline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        // Released through the FIFO, it hands the request it read to moneyfield's own adapter.
        _ = try folder.file("patient.sh", Self.noting(
            "read -r line; : > asked; read -r go < release; { printf '%s\\n' \"$line\"; exec cat; } | exec \(binary.path) adapter"))
        _ = try folder.file("hasty.sh", Self.noting("exec \(ProcessGroups.runUntilEnded)"))
        // The FIFO's writer waits for the patient adapter to open it; were that adapter ended
        // instead, the writer is ended after the run.
        let outcome = try BuiltProgram.bash("""
            mkfifo release
            "$B" check --adapter 'exec sh patient.sh' --sessions 1 --steps 1 --timeout 0.3 --start-timeout 60 --out patient > patient.txt 2>&1 & patient=$!
            for i in $(seq 1 6000); do [ -e asked ] && break; sleep 0.01; done
            [ -e asked ] || echo "the patient adapter was never asked within 60 s"
            "$B" check --adapter 'exec sh hasty.sh' --sessions 1 --timeout 60 --start-timeout 0.3 --out hasty > hasty.txt 2>&1; echo "hasty: exit $?"
            echo go > release & releasing=$!
            wait $patient; echo "patient: exit $?"
            kill $releasing 2>/dev/null
            """, in: folder.url, timeout: 120)
        #expect(outcome.stdout == "hasty: exit 2\npatient: exit 0\n", "\(outcome.stdout)\(outcome.stderr)")
        let hasty = try String(contentsOf: folder.url.appendingPathComponent("hasty.txt"), encoding: .utf8)
        #expect(hasty.hasPrefix("error: the adapter could not start: no reply within 300 ms (--start-timeout)"), "\(hasty)")
        #expect(hasty.contains("  request: {\"op\":"), "\(hasty)")
        let patient = try String(contentsOf: folder.url.appendingPathComponent("patient.txt"), encoding: .utf8)
        #expect(patient == "checked 1 of 1 session, 1 key: 0 disagreements\n", "\(patient)")
        try Self.expectGroupsEnded(in: folder)
    }

    @Test func debuggingOnStderrIsIgnored() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let noisy = "while read line; do echo \"debug: $line\" >&2; echo \"$line\"; done | \(binary.path) adapter"
        let outcome = try check(noisy, ["--sessions", "20"], in: folder)
        #expect(outcome.stdout == "checked 20 of 20 sessions, 800 keys: 0 disagreements\n", "\(outcome.stderr)")
    }

    @Test func junitHasOneTestcasePerSession() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try check(python("seed003_whole.py"), ["--locale", "en_US", "--mode", "whole", "--sessions", "6", "--junit", "check.xml"], in: folder)
        _ = try folder.file("read.py", """
            import xml.etree.ElementTree as ET
            cases = ET.parse("check.xml").getroot().findall("testsuite/testcase")
            print(len(cases), sum(1 for c in cases if c.find("failure") is not None) > 0)
            """)
        #expect(try BuiltProgram.bash("python3 read.py", in: folder.url).stdout == "6 True\n")
    }

    @Test func vectorsAreJSONLinesTheEngineAgreesWith() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try BuiltProgram.run(["vectors", "--sessions", "25", "--steps", "12"], directory: folder.url)
        #expect(outcome.status == 0)
        _ = try folder.file("vectors.jsonl", outcome.stdout)
        _ = try folder.file("read.py", """
            import json
            vectors = [json.loads(line) for line in open("vectors.jsonl", encoding="utf-8")]
            ok = all(len(v["expected"]) == len(v["keys"]) == 12 and "display" in v["initial"] and
                     all(set(e) >= {"display", "caret", "value"} for e in v["expected"]) for v in vectors)
            print(len(vectors), ok)
            """)
        #expect(try BuiltProgram.bash("python3 read.py", in: folder.url).stdout == "25 True\n")
        // Played back through the protocol, moneyfield's own adapter gives the same answers.
        let first = try #require(outcome.stdout.split(separator: "\n").first)
        let vector = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let config = try #require(vector["config"] as? [String: Any])
        var requests = ["{\"op\":\"new\",\"locale\":\"\(config["locale"]!)\",\"currency\":\"\(config["currency"]!)\",\"mode\":\"\(config["mode"]!)\",\"maxDigits\":12}"]
        requests += (vector["keys"] as? [String] ?? []).map { "{\"op\":\"key\",\"key\":\"\($0)\"}" }
        let played = try BuiltProgram.run(["adapter"], input: Data((requests.joined(separator: "\n") + "\n").utf8))
        let displays = played.stdout.split(separator: "\n").dropFirst().compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["display"] as? String
        }
        #expect(displays == (vector["expected"] as? [[String: Any]] ?? []).compactMap { $0["display"] as? String })
    }
}

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
        #expect(outcome.stdout == "checked 300 sessions, 12000 keys: 0 disagreements\n", "\(outcome.stderr)")
        #expect(outcome.status == 0)
    }

    @Test func pythonsOwnFormattingAgreesWhereItGoes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try check(python("python_format.py"), ["--locale", "en_US", "--currency", "USD", "--sessions", "100"], in: folder)
        #expect(outcome.stdout == "checked 100 sessions, 4000 keys: 0 disagreements\n", "\(outcome.stderr)")
        let whole = try check(python("python_format.py"), ["--locale", "en_US", "--mode", "whole", "--sessions", "50"], in: folder)
        #expect(whole.status == 0, "\(whole.stdout)")
    }

    @Test func seed000sNineDigitLimitShrinksToTenDigits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try check(python("seed000_double.py"), ["--locale", "en_US", "--keys", "1,2,3", "--sessions", "5", "--steps", "30"], in: folder)
        #expect(outcome.status == 1)
        let lines = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("disagreement:") }
        #expect(lines.count == 5, "each session: \(outcome.stdout)")
        // Ten digits: the tenth is refused by the seed's field and taken by moneyfield.
        for line in lines {
            let keys = String(line.split(separator: " ")[2])
            #expect(keys.count == 10 && keys.allSatisfy(\.isNumber), "\(line)")
        }
        _ = try shrunkScriptsReplayGreen(in: folder)
    }

    @Test func seed000IgnoresTheCaretAndShowsUSFormattingEverywhere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let caret = try check(python("seed000_double.py"), ["--locale", "en_US", "--sessions", "20"], in: folder)
        let caretLines = caret.stdout.split(separator: "\n").filter { $0.hasPrefix("disagreement:") }
        #expect(caretLines.contains { $0.contains("<left>") }, "\(caret.stdout)")
        #expect(caretLines.allSatisfy { $0.split(separator: " ")[2].count <= 12 }, "shrunk to a handful of keys")
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

    @Test func theSameSeedPlaysTheSameSessions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try check(python("seed003_whole.py"), ["--sessions", "30", "--seed", "7", "--out", "a"], in: folder)
        let second = try check(python("seed003_whole.py"), ["--sessions", "30", "--seed", "7", "--out", "a"], in: folder)
        #expect(first.stdout == second.stdout)
    }

    @Test(arguments: [
        ("nosuchcommand-xyz", Int32(2), "error: the adapter could not start"),
        ("exit 3", Int32(2), "error: the adapter could not start: it"),
        ("sleep 30", Int32(1), "error: the adapter failed: no reply within 0.5 seconds (--timeout)"),
        ("echo hello; cat >/dev/null", Int32(1), "error: the adapter failed: its reply is not a JSON object: \"hello\""),
        ("read line; echo '{\"caret\":1}'; cat >/dev/null", Int32(1), "error: the adapter failed: its reply has no \"display\" string"),
        ("read line; echo '{\"display\":\"$0.00\",\"caret\":4}'; exit 0", Int32(1), "error: the adapter failed: it"),
    ])
    func brokenAdaptersAreReportedWithTheirRequest(adapter: String, status: Int32, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let started = Date()
        let outcome = try check(adapter, ["--timeout", "0.5", "--sessions", "2", "--locale", "en_US"], in: folder)
        #expect(outcome.status == status, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix(message), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("  request: {\"op\":"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func debuggingOnStderrIsIgnored() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let noisy = "while read line; do echo \"debug: $line\" >&2; echo \"$line\"; done | \(binary.path) adapter"
        let outcome = try check(noisy, ["--sessions", "20"], in: folder)
        #expect(outcome.stdout == "checked 20 sessions, 800 keys: 0 disagreements\n", "\(outcome.stderr)")
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

import Foundation
import MoneyFieldTestSupport
import Testing

/// `check` as issue 34 left it, through the built program: the zoo as a real adapter, replay's
/// skips and starting field, and replies out of step.
@Suite struct CheckByCauseTests {
    static func binary() throws -> String {
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        return binary.path
    }

    /// The zoo as a process: one planted cause, one script, replayed red on its adapter and green on
    /// the reference; `enter` answers no caret (the field has lost focus).
    @Test func aPlantedDefectIsOneScriptThatReplays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let zoo = "\(try Self.binary()) adapter --plant caret-to-end"
        let outcome = try BuiltProgram.run(["check", "--adapter", zoo, "--sessions", "100", "--steps", "30", "--locale", "en_US", "--currency", "USD"],
                                           directory: folder.url, timeout: 120)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.contains("1 kind of disagreement:\n  caret: an edit put the adapter's caret at its display's end — "), "\(outcome.stdout)")
        let red = try BuiltProgram.run(["check", "--replay", "check-failures", "--adapter", zoo], directory: folder.url)
        #expect(red.status == 1 && red.stdout.hasSuffix("replayed 1 script: 0 agree, 1 disagree\n"), "\(red.stdout)")
        let green = try BuiltProgram.run(["check", "--replay", "check-failures", "--adapter", "\(try Self.binary()) adapter"], directory: folder.url)
        #expect(green.status == 0, "\(green.stdout)")
        let enter = try BuiltProgram.run(["adapter"], input: Data("{\"op\":\"new\",\"mode\":\"natural\"}\n{\"op\":\"key\",\"key\":\"enter\",\"id\":4}\n".utf8))
        #expect(enter.stdout.split(separator: "\n").last == "{\"display\":\"$0.00\",\"caret\":null,\"value\":\"0.00\",\"rejected\":false,\"id\":4}")
    }

    /// A script the adapter does not support is skipped, not failed; a script that types before any
    /// `new` plays on the session's starting field, as `test` plays it.
    @Test func replaySkipsUnsupportedScriptsAndPlaysKeysOnTheStartingField() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("scripts/plain.session", "> type 12\namount: $0.12|\n")
        _ = try folder.file("scripts/yen.session", "> new y --locale ja_JP --currency JPY\ny: ￥0|\n> type 5\ny: ￥5|\n")
        // A real adapter that refuses JPY: the reference adapter behind a filter.
        _ = try folder.file("us_only.py", """
            import json, subprocess, sys
            ref = subprocess.Popen([\(String(reflecting: try Self.binary())), "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for line in sys.stdin:
                request = json.loads(line)
                if request.get("op") == "new" and request.get("currency") == "JPY":
                    print(json.dumps({"unsupported": True}), flush=True)
                    continue
                ref.stdin.write(line); ref.stdin.flush()
                if request.get("op") == "quit":
                    break
                print(ref.stdout.readline().strip(), flush=True)
            """)
        let outcome = try BuiltProgram.run(["check", "--replay", "scripts", "--adapter", "python3 us_only.py"], directory: folder.url)
        #expect(outcome.status == 0, "\(outcome.stdout) \(outcome.stderr)")
        #expect(outcome.stdout.contains("scripts/plain.session: agrees"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("scripts/yen.session: unsupported by the adapter"), "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("replayed 2 scripts: 1 agree, 0 disagree, 1 unsupported by the adapter\n"), "\(outcome.stdout)")
        // None played is not a pass.
        let none = try BuiltProgram.run(["check", "--replay", "scripts/yen.session", "--adapter", "python3 us_only.py"], directory: folder.url)
        #expect(none.status == 1, "\(none.stdout)")
    }

    /// An adapter that sends every reply twice is out of step: reported broken every time, never
    /// a script written from the extra line taken for the next answer — with the request id
    /// echoed (matched exactly) and without it (a reply sent after the one read).
    @Test(arguments: [true, false])
    func aReplySentTwiceIsAlwaysBroken(echoingIDs: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("twice.py", """
            import json, subprocess, sys
            ref = subprocess.Popen([\(String(reflecting: try Self.binary())), "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for line in sys.stdin:
                ref.stdin.write(line); ref.stdin.flush()
                if json.loads(line).get("op") == "quit":
                    break
                reply = json.loads(ref.stdout.readline())
                if not \(echoingIDs ? "True" : "False"):
                    reply.pop("id", None)
                text = json.dumps(reply, ensure_ascii=False)
                print(text, flush=True)
                print(text, flush=True)
            """)
        for run in 0..<20 {
            let outcome = try BuiltProgram.run(["check", "--adapter", "python3 twice.py", "--sessions", "3", "--steps", "10", "--locale", "en_US",
                                                "--currency", "USD", "--out", "out\(run)"], directory: folder.url, timeout: 120)
            #expect(outcome.status == 1 && outcome.stderr.contains("it sent a line nobody asked for"), "run \(run): \(outcome.stdout) \(outcome.stderr)")
            let scripts = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("out\(run)").path)) ?? []
            #expect(!scripts.contains { $0.hasSuffix(".session") }, "run \(run) wrote \(scripts)")
        }
    }

    /// A field with a real defect that sends one reply twice, late in the run: confirming a
    /// signature once per adapter still reports it broken, and every script written before is the
    /// planted defect (it disagrees on that defect's adapter, none from the extra line).
    @Test func aReplySentTwiceAfterRealDifferencesWritesOnlyThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let binary = try Self.binary()
        _ = try folder.file("once.py", """
            import json, subprocess, sys
            ref = subprocess.Popen([\(String(reflecting: binary)), "adapter", "--plant", "caret-to-end"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            asked = 0
            for line in sys.stdin:
                ref.stdin.write(line); ref.stdin.flush()
                if json.loads(line).get("op") == "quit":
                    break
                reply = json.loads(ref.stdout.readline())
                reply.pop("id", None)
                asked += 1
                for _ in range(2 if asked == 1500 else 1):
                    print(json.dumps(reply, ensure_ascii=False), flush=True)
            """)
        let outcome = try BuiltProgram.run(["check", "--adapter", "python3 once.py", "--sessions", "200", "--steps", "20", "--locale", "en_US",
                                            "--currency", "USD", "--max-hits", "100000", "--out", "out"], directory: folder.url, timeout: 120)
        #expect(outcome.status == 1 && outcome.stderr.contains("it sent a line nobody asked for"), "\(outcome.stdout) \(outcome.stderr)")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("out").path).filter { $0.hasSuffix(".session") }
        #expect(!scripts.isEmpty, "\(outcome.stdout)")
        for script in scripts {
            let replay = try BuiltProgram.run(["check", "--replay", "out/\(script)", "--adapter", "\(binary) adapter --plant caret-to-end"],
                                              directory: folder.url)
            #expect(replay.status == 1, "\(script) is not the planted defect: \(replay.stdout)")
        }
    }
}

/// SPEC §1 "Focus" against adapters that behave each way: moneyfield configured as the field
/// behaves agrees; configured otherwise, the behaviour is one script.
@Suite struct FocusOptionTests {
    /// `moneyfield adapter` with `set` forced into every `new` request, whatever check asked.
    func adapter(_ set: [String: String], in folder: TemporaryFolder) throws -> String {
        let binary = try CheckByCauseTests.binary()
        _ = try folder.file("forced.py", """
            import json, subprocess, sys
            forced = json.loads(sys.argv[1])
            ref = subprocess.Popen([\(String(reflecting: binary)), "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for line in sys.stdin:
                request = json.loads(line)
                if request.get("op") == "new":
                    for key, value in forced.items():
                        if value is None:
                            request.pop(key, None)
                        else:
                            request[key] = value
                ref.stdin.write(json.dumps(request) + "\\n"); ref.stdin.flush()
                if request.get("op") == "quit":
                    break
                print(ref.stdout.readline().strip(), flush=True)
            """)
        let json = "{" + set.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        return "python3 forced.py '\(json)'"
    }

    func groups(_ options: [String], adapter: String, in folder: TemporaryFolder, out: String) throws -> (Int32, [String]) {
        let outcome = try BuiltProgram.run(["check", "--adapter", adapter, "--mode", "natural", "--locale", "en_US", "--currency", "USD",
                                            "--sessions", "150", "--steps", "30", "--out", out] + options, directory: folder.url, timeout: 120)
        let groups = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains("→") }.map(String.init)
        return (outcome.status, groups)
    }

    @Test(arguments: [
        (["--on-leave", "keep"], ["onLeave": "\"keep\""], "did not pad the fraction where moneyfield did, on leaving"),
        (["--on-focus", "trim"], ["onFocus": "\"trim\""], "as focus came back after leaving"),
        (["--on-leave", "keep", "--on-focus", "trim"], ["onLeave": "\"keep\"", "onFocus": "\"trim\""], "on leaving"),
        (["--while-typing", "pad"], ["whileTyping": "\"pad\""], "padded the fraction with zeros where moneyfield did not, while typing"),
        (["--point-again", "step"], ["pointAgain": "\"step\""], "the decimal key"),
    ])
    func eachFocusBehaviourAgreesWhenConfiguredAndIsOneScriptWhenNot(options: [String], behaves: [String: String], words: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let field = try adapter(behaves, in: folder)
        let same = try groups(options, adapter: field, in: folder, out: "same")
        #expect(same.0 == 0 && same.1.isEmpty, "\(options): \(same.1)")
        // moneyfield left at the defaults, the field behaving so: its focus behaviour is one group.
        let unconfigured = try groups([], adapter: field, in: folder, out: "unconfigured")
        // Both at once: the fraction left unpadded shows first, and a trim only after a fraction
        // typed to its last digit with a zero: one group or two, never more.
        #expect(unconfigured.0 == 1, "\(options): \(unconfigured.0) \(unconfigured.1)")
        #expect(unconfigured.1.contains { $0.contains(words) }, "\(unconfigured.1)")
        // Each option one group (issue 46 §4: the adapter answering as moneyfield with it set
        // otherwise), whatever key showed it; both leaving options at once, one or two.
        #expect((1...behaves.count).contains(unconfigured.1.count), "\(options): \(unconfigured.1)")
    }
}

import Foundation
import MoneyFieldTestSupport
import Testing

/// `check` through the built program (issue 46 §5, §6): past a caret difference with `tap`, and
/// the field the user gave kept.
@Suite struct CheckTapTests {
    static func binary() throws -> String {
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        return binary.path
    }

    /// A natural field whose Left skips the typed point (the zoo's left-skips-point, behind this
    /// filter) and whose Delete before the point, once a Left has skipped it, keeps a zero integer
    /// as a leading zero (`$0|.1` → `$01`) and does nothing before any other.
    static let behindLeftSkip = #"""
        import json, re, subprocess, sys
        ref = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        last, skipped = None, False
        for line in sys.stdin:
            request = json.loads(line)
            ref.stdin.write(line); ref.stdin.flush()
            if request.get("op") == "quit":
                break
            reply = json.loads(ref.stdout.readline())
            if request.get("op") == "new":
                skipped = False
            shown = re.fullmatch(r"\$([\d,]+)\.(\d+)", last.get("display", "")) if last else None
            point = last["display"].index(".") if shown else None
            if request.get("key") == "left" and shown and reply.get("caret") == point and last.get("caret") == point + 2:
                skipped = True
            if request.get("key") == "del" and skipped and shown and last.get("caret") == point:
                display = "$0" + shown.group(2) if shown.group(1) == "0" else last["display"]
                reply = {"display": display, "caret": point, "id": reply.get("id")}
            last = reply
            print(json.dumps(reply, ensure_ascii=False), flush=True)
        """#

    /// With tap the defect behind the caret defect is found, its script taps with `caret N`, and
    /// `--replay` plays that as a tap; with `--no-tap` only the caret defect is.
    @Test func aDefectBehindACaretDefectIsFoundWithTapAndReplays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("behind.py", Self.behindLeftSkip)
        let zoo = "python3 behind.py \(try Self.binary()) adapter"
        let options = ["--mode", "natural", "--locale", "en_US", "--keys", "1,dec,left,del", "--sessions", "100", "--steps", "20", "--seed", "1"]
        let tapping = try BuiltProgram.run(["check", "--adapter", zoo + " --plant left-skips-point", "--out", "tap"] + options,
                                           directory: folder.url, timeout: 120)
        #expect(tapping.stdout.contains("display: the adapter shows leading zeros moneyfield strips"), "\(tapping.stdout)")
        #expect(tapping.stdout.contains("caret 3 <left><del> — adapter \"$0|0\", moneyfield \"$|0\" (display)"), "\(tapping.stdout)")
        let ending = try BuiltProgram.run(["check", "--adapter", zoo + " --no-tap --plant left-skips-point", "--out", "no-tap"] + options,
                                          directory: folder.url, timeout: 120)
        #expect(ending.stdout.contains("1 kind of disagreement:\n  caret: "), "\(ending.stdout)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("tap").path).filter { $0.hasSuffix(".session") }
        let scripts = try written.map { try String(contentsOf: folder.url.appendingPathComponent("tap/" + $0), encoding: .utf8) }
        #expect(scripts.contains { $0.contains("\n> caret 3\nfield: $0.|0\n") }, "\(scripts)")
        let replayed = try BuiltProgram.run(["check", "--replay", "tap", "--adapter", zoo + " --plant left-skips-point"], directory: folder.url)
        #expect(replayed.stdout.contains("; then after <dec>0<left> caret 3 <left><del>: adapter \"$0|0\", moneyfield \"$|0\" (display)"), "\(replayed.stdout)")
        // An adapter that cannot tap cannot play a script that taps: a skip, not a pass.
        let refused = try BuiltProgram.run(["check", "--replay", "tap", "--adapter", zoo + " --no-tap --plant left-skips-point"], directory: folder.url)
        #expect(refused.stdout.contains("unsupported by the adapter: caret 3 (the adapter's reply to new does not list \"takes\":[\"tap\"])"),
                "\(refused.stdout)")
        // moneyfield itself agrees with every script, taps and all.
        let green = try BuiltProgram.run(["test", "tap"], directory: folder.url)
        #expect(green.status == 0, "\(green.stdout)")
    }

    /// SPEC §4, "optional requests are offered, never imposed": a tap goes only to an adapter
    /// whose reply to `new` lists `"takes":["tap"]`. One that does not list it (`--no-tap`, or one
    /// written before tap that would exit on an op it does not know) is never sent one and checks
    /// as before, a session ending at its first difference. One that lists it and then answers a
    /// tap with something that is no reply is broken, told what to do.
    @Test(arguments: ["--no-tap", "unlisted", "listed"])
    func tapGoesOnlyToAnAdapterThatListsIt(_ adapterKind: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("old.py", """
            import json, subprocess, sys
            ref = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for line in sys.stdin:
                request = json.loads(line)
                if request.get("op") == "tap":
                    if sys.argv[1] == "unlisted":
                        sys.exit(1)
                    print(json.dumps({"error": "unknown op"}), flush=True)
                    continue
                ref.stdin.write(line); ref.stdin.flush()
                if request.get("op") == "quit":
                    break
                reply = json.loads(ref.stdout.readline())
                if sys.argv[1] == "unlisted":
                    reply.pop("takes", None)
                print(json.dumps(reply), flush=True)
            """)
        let zoo = "\(try Self.binary()) adapter --plant caret-to-end"
        let adapter = "tee -a requests.log | " + (adapterKind == "--no-tap" ? zoo + " --no-tap" : "python3 old.py \(adapterKind) " + zoo)
        let outcome = try BuiltProgram.run(["check", "--adapter", adapter, "--locale", "en_US", "--sessions", "50"], directory: folder.url, timeout: 120)
        let requests = try String(contentsOf: folder.url.appendingPathComponent("requests.log"), encoding: .utf8)
        let taps = requests.split(separator: "\n").filter { $0.contains("\"op\":\"tap\"") }.count
        if adapterKind == "listed" {
            #expect(outcome.status == 1 && outcome.stderr.hasPrefix("error: the adapter is broken: ") && outcome.stderr.contains("\n  request: {\"op\":\"tap\""),
                    "\(outcome.stderr)")
            #expect(outcome.stderr.contains("it listed tap in its reply to new"), "\(outcome.stderr)")
            #expect(taps == 1)
            return
        }
        #expect(!outcome.stderr.contains("broken"), "\(outcome.stderr)")
        #expect(outcome.stdout.contains("caret: an edit put the adapter's caret at its display's end"), "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.hasSuffix("disagreements in 1 group\n") && outcome.stdout.contains("checked 50 of 50 sessions"), "\(outcome.stdout)")
        #expect(taps == 0, "\(requests)")
    }

    /// Last month's README adapter (Tests/Fixtures/readme_adapter_v1.py, the twenty lines the
    /// guide gave before tap: `request["key"]` read for every request but `new`) checks unchanged
    /// on a field whose caret differs: its differences are reported, it is never broken, and it is
    /// never sent a request it did not ask for.
    @Test func lastMonthsReadmeAdapterChecksUnchanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fixture = BuiltProgram.packageRoot.appendingPathComponent("Tests/Fixtures/readme_adapter_v1.py").path
        let outcome = try BuiltProgram.run(["check", "--adapter", "tee -a requests.log | python3 \(fixture)", "--locale", "en_US", "--sessions", "40"],
                                           directory: folder.url, timeout: 120)
        #expect(outcome.status == 1 && !outcome.stderr.contains("broken"), "\(outcome.stderr)")
        // Its caret stands at the end whatever the key: a caret difference, shrunk and grouped.
        #expect(outcome.stdout.contains("disagreement: en_US/USD ") && outcome.stdout.contains("(caret)"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("checked 40 of 40 sessions"), "\(outcome.stdout)")
        let requests = try String(contentsOf: folder.url.appendingPathComponent("requests.log"), encoding: .utf8)
        #expect(!requests.contains("\"op\":\"tap\""))
        // Its script, replayed on it, disagrees as found: nothing about tap in the way.
        let replayed = try BuiltProgram.run(["check", "--replay", "check-failures", "--adapter", "python3 \(fixture)"], directory: folder.url)
        #expect(replayed.stdout.contains(" disagree") && !replayed.stdout.contains("unsupported") && !replayed.stderr.contains("broken"),
                "\(replayed.stdout)\(replayed.stderr)")
    }

    /// `--locale de_DE` against an adapter that supports only de_DE: the script and the report
    /// name the field it holds (de_DE/EUR); against one that takes everything, the locale given
    /// is never simplified away; and the keys counted are those played.
    @Test func theFieldTheUserGaveIsKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("de_only.py", """
            import json, subprocess, sys
            ref = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for line in sys.stdin:
                request = json.loads(line)
                if request.get("op") == "new" and request.get("locale") != "de_DE":
                    print(json.dumps({"unsupported": True}), flush=True)
                    continue
                ref.stdin.write(line); ref.stdin.flush()
                if request.get("op") == "quit":
                    break
                print(ref.stdout.readline().strip(), flush=True)
            """)
        let german = try BuiltProgram.run(["check", "--adapter", "python3 de_only.py \(try Self.binary()) adapter --no-tap --plant caret-to-end",
                                           "--locale", "de_DE", "--sessions", "200", "--out", "de"], directory: folder.url, timeout: 120)
        #expect(german.stdout.contains("disagreement: de_DE/EUR "), "\(german.stdout)")
        #expect(german.stdout.contains("→ de/001-caret-de_DE-EUR.session"), "\(german.stdout)")
        // Sessions end at their difference without tap: fewer keys played than 200 × 40.
        let keys = try #require(german.stdout.split(separator: "\n").last.flatMap { $0.firstMatch(of: /sessions, (\d+) keys/) }.flatMap { Int($0.1) })
        #expect(keys < 8000, "\(german.stdout)")
        for locale in ["de_DE", "ja_JP"] {
            let any = try BuiltProgram.run(["check", "--adapter", "\(try Self.binary()) adapter --plant caret-to-end,delete-beside-separator",
                                            "--locale", locale, "--sessions", "100", "--out", locale], directory: folder.url, timeout: 120)
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(locale).path).filter { $0.hasSuffix(".session") }
            #expect(!written.isEmpty, "\(any.stdout)")
            for name in written {
                let script = try String(contentsOf: folder.url.appendingPathComponent(locale + "/" + name), encoding: .utf8)
                #expect(script.contains("\n> new field --locale \(locale)\n") && name.contains(locale), "\(name): \(script)")
            }
        }
    }
}

import Foundation
import MoneyFieldTestSupport
import Testing

/// `moneyfield check`'s reports on whole runs that keep both cores busy: the guide's adapter,
/// natural entry, jobs and shards, a report nobody reads. Apart from `CheckTests` (each suite
/// plays its tests one at a time) so the two chains run side by side.
@Suite(.serialized) struct CheckReportTests {
    let base = CheckTests()

    func check(_ adapter: String, _ options: [String], in folder: TemporaryFolder) throws -> BuiltProgram.Outcome {
        try base.check(adapter, options, in: folder)
    }

    func python(_ name: String) -> String { base.python(name) }

    func shrunkScriptsReplayGreen(in folder: TemporaryFolder) throws -> [String] { try base.shrunkScriptsReplayGreen(in: folder) }

    @Test func theSameSeedPlaysTheSameSessions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try check(python("seed003_whole.py"), ["--sessions", "30", "--seed", "7", "--out", "a"], in: folder)
        let second = try check(python("seed003_whole.py"), ["--sessions", "30", "--seed", "7", "--out", "a"], in: folder)
        // The second run also says that it emptied the first one's folder, on the line before its last.
        var lines = first.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("a").path).filter { $0.hasSuffix(".session") }.count
        lines.insert("removed \(scripts == 1 ? "1 script" : "\(scripts) scripts") of the previous run from a/", at: lines.count - 2)
        #expect(scripts > 0 && second.stdout == lines.joined(separator: "\n"), "\(second.stdout)")
    }

    /// The README's own adapter and command: every session differs from the others, the defects
    /// come out as a handful of groups, each a script that `test` replays green, that fails on
    /// that adapter with --replay and passes on a correct one.
    @Test func theReadmesAdapterGivesOneGroupPerDefectAndTheReplayLoop() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("my_field.py", try CheckTests.readmeAdapter())
        let outcome = try check("python3 my_field.py", ["--locale", "en_US", "--sessions", "1000", "--steps", "40"], in: folder)
        #expect(outcome.status == 1)
        let groups = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("disagreement:") }
        #expect((2...8).contains(groups.count), "\(outcome.stdout)")
        #expect(Set(groups).count == groups.count)
        #expect(outcome.stdout.contains("\(groups.count) kind\(groups.count == 1 ? "" : "s") of disagreement:"))
        // Every session of this adapter disagrees somewhere; --max-hits steers later sessions
        // around the defects found, so some play to their end.
        let last = String(outcome.stdout.split(separator: "\n").last ?? "")
        let disagreements = Int(last.split(separator: " ")[7]) ?? -1
        let keys = Int(last.split(separator: " ")[5]) ?? -1
        #expect(last == "checked 1000 of 1000 sessions, \(keys) keys: \(disagreements) disagreements in \(groups.count) groups", "\(outcome.stdout)")
        #expect((1..<1000).contains(disagreements), "\(last)")
        // The keys played: none after a session's difference (the adapter answers no tap).
        #expect((1..<40000).contains(keys), "\(last)")
        _ = try shrunkScriptsReplayGreen(in: folder)
        let failing = try BuiltProgram.run(["check", "--replay", "check-failures", "--adapter", "python3 my_field.py"], directory: folder.url)
        #expect(failing.status == 1)
        #expect(failing.stdout.hasSuffix("replayed \(groups.count) scripts: 0 agree, \(groups.count) disagree\n"), "\(failing.stdout)")
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let fixed = try BuiltProgram.run(["check", "--replay", "check-failures", "--adapter", "\(binary.path) adapter"], directory: folder.url)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        // A second run clears what the first wrote, and nothing else.
        let again = try check("python3 my_field.py", ["--locale", "en_US", "--sessions", "20", "--steps", "3", "--keys", "left"], in: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("check-failures").path)
        #expect(files.contains(".moneyfield-check"))
        #expect(files.filter { $0.hasSuffix(".session") }.count == again.stdout.split(separator: "\n").filter { $0.hasPrefix("disagreement:") }.count)
        _ = try folder.file("check-failures/mine.txt", "notes")
        let refused = try check("python3 my_field.py", ["--locale", "en_US", "--sessions", "2"], in: folder)
        #expect(refused.status == 2 && refused.stderr.contains("holds files check did not write (mine.txt)"), "\(refused.stderr)")
    }

    /// The same seed gives the same report and the same folder, byte for byte, for every --jobs;
    /// a sharded run merged is the unsharded run.
    @Test func jobsAndShardsChangeNothingButTheTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("my_field.py", try CheckTests.readmeAdapter())
        let options = ["--sessions", "150", "--steps", "20", "--max-hits", "100000", "--seed", "9"]
        let one = try check("python3 my_field.py", options + ["--out", "one"], in: folder)
        let two = try check("python3 my_field.py", options + ["--out", "two", "--jobs", "2"], in: folder)
        #expect(one.status == 1 && one.stdout.replacing("one/", with: "two/").replacing("--replay one ", with: "--replay two ") == two.stdout,
                "\(one.stdout)\n\(two.stdout)")
        #expect(try CheckTests.files(in: folder, "one") == CheckTests.files(in: folder, "two"))
        for shard in 1...2 {
            let part = try check("python3 my_field.py", options + ["--out", "shard\(shard)", "--shard", "\(shard)/2"], in: folder)
            #expect(part.status == 1, "\(part.stderr)")
        }
        let merged = try BuiltProgram.run(["check", "--merge", "shard1", "shard2", "--out", "merged"], directory: folder.url)
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(merged.stdout.hasSuffix(one.stdout.split(separator: "\n").last.map { String($0) + "\n" } ?? "-"), "\(merged.stdout)")
        #expect(try CheckTests.files(in: folder, "merged") == CheckTests.files(in: folder, "one"))
        let partial = try BuiltProgram.run(["check", "--merge", "shard1", "--out", "partial"], directory: folder.url)
        #expect(partial.status == 2 && partial.stderr.contains("shard 2/2 missing"), "\(partial.stderr)")
    }

    /// Natural entry: moneyfield agrees with itself; a planted bug is one shrunk script.
    @Test func naturalEntryIsChecked() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let own = try check("\(binary.path) adapter", ["--mode", "natural", "--sessions", "1000", "--steps", "30", "--jobs", "2"], in: folder)
        #expect(own.status == 0 && own.stdout == "checked 1000 of 1000 sessions, 30000 keys: 0 disagreements\n", "\(own.stdout)\(own.stderr)")
        let vectors = try BuiltProgram.run(["vectors", "--mode", "natural", "--sessions", "50", "--steps", "30"])
        #expect(vectors.status == 0 && vectors.stdout.contains("\"dec\""), "\(vectors.stderr)")
        let buggy = try check(python("natural_bug.py"), ["--mode", "natural", "--locale", "en_US", "--sessions", "400", "--steps", "30", "--out", "bug"], in: folder)
        #expect(buggy.status == 1)
        let lines = buggy.stdout.split(separator: "\n").filter { $0.hasPrefix("disagreement:") }
        #expect(lines.count == 1, "one defect, one script: \(buggy.stdout)")
        let keys = lines.first.map { String($0.split(separator: " ")[4]) } ?? ""
        #expect(keys.hasSuffix("<bs>") && keys.count <= "<dec>0<bs>".count, "\(buggy.stdout)")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("bug").path).filter { $0.hasSuffix(".session") }
        #expect(scripts.count == 1)
        let replay = try BuiltProgram.run(["test", "bug"], directory: folder.url)
        #expect(replay.status == 0, "\(replay.stdout)")
    }

    /// A report nobody can read (a full disk, a reader gone) stops the run as a signal does: the
    /// groups found are written to --out, then check ends with exit 1 (quietly on a closed pipe).
    @Test func aFailedReportStillWritesTheGroups() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let adapter = python("natural_bug.py")
        let options = "--mode natural --locale en_US --currency USD --sessions 300 --steps 30"
        let full = try BuiltProgram.bash("$B check --adapter '\(adapter)' \(options) --out full >/dev/full", in: folder.url, timeout: 120)
        #expect(full.status == 1 && full.stderr.contains("No space left on device"), "\(full.stderr)")
        let piped = try BuiltProgram.bash("$B check --adapter '\(adapter)' \(options) --out piped | head -c 1 >/dev/null; echo \"${PIPESTATUS[0]}\"",
                                          in: folder.url, timeout: 120)
        #expect(piped.stdout == "1\n" && piped.stderr.isEmpty, "\(piped.stdout)\(piped.stderr)")
        for out in ["full", "piped"] {
            let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(out).path).filter { $0.hasSuffix(".session") }
            #expect(scripts.count == 1, "\(out): \(scripts)")
        }
        let record = try String(contentsOf: folder.url.appendingPathComponent("full/.moneyfield-check"), encoding: .utf8)
        #expect(record.contains("\"ending\" : \"report unwritable\""), "\(record.prefix(400))")
    }
}

import Foundation
import MoneyFieldTestSupport
import Testing

/// Files and input a new user hands the program (issue 53): a folder with no script, one script
/// named thrice, a folder it may not write in, a previous run's folder, binary input, a huge
/// argument.
@Suite struct FileAndInputEdgeTests {
    /// `check --replay` of a folder with no script says so before any adapter starts.
    @Test func replayingAFolderWithNoScriptSaysWhy() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("emptydir"), withIntermediateDirectories: true)
        let outcome = try BuiltProgram.run(["check", "--replay", "emptydir", "--adapter", ": > started; cat"], directory: folder.url)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: no *.session scripts in emptydir to replay; give scripts or folders that hold them"), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty, "not `replayed 0 scripts`: \(outcome.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("started").path), "no adapter was started")
    }

    /// One file named three times (and through a hard link) is played, and updated, once.
    @Test func aScriptNamedTwiceIsPlayedOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("b.session", "> type 12\namount: $9.99|\n")
        let link = folder.url.appendingPathComponent("same.session")
        try FileManager.default.linkItem(at: folder.url.appendingPathComponent("b.session"), to: link)
        let dry = try BuiltProgram.run(["test", "b.session", "b.session", "./b.session", "same.session"], directory: folder.url)
        #expect(dry.stdout.hasSuffix("0 passed, 1 failed\n"), "\(dry.stdout)")
        let updated = try BuiltProgram.run(["test", "--update", "-j", "4", "b.session", "b.session", "./b.session", "same.session"], directory: folder.url)
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.components(separatedBy: "b.session").count == 2 + 1, "named once in the diff and once as updated? \(updated.stdout)")
        #expect(!updated.stdout.contains("same.session"), "\(updated.stdout)")
        #expect(try BuiltProgram.run(["test", "b.session", "./b.session"], directory: folder.url).stdout == "1 passed, 0 failed\n")
        // A folder and a script in it: the script once, where the folder found it.
        _ = try folder.file("suite/c.session", "> type 1\namount: $0.01|\n")
        #expect(try BuiltProgram.run(["test", "suite", "suite/c.session"], directory: folder.url).stdout == "1 passed, 0 failed\n")
    }

    /// A folder that refuses a write is named, in one wording, by `test --update` and `check --out`
    /// alike (not Foundation's "You don't have permission"). As root the program runs as nobody,
    /// for whom the test's folder is not writable; otherwise the folder is made read-only.
    @Test func aFolderThatRefusesAWriteIsNamed() throws {
        let folder = try TemporaryFolder()
        defer {
            _ = try? BuiltProgram.bash("chmod -R u+w ro", in: folder.url)
            folder.remove()
        }
        _ = try folder.file("ro/bad.session", "> type 12\namount: $9.99|\n")
        let outcome = try BuiltProgram.bash("""
            chmod 666 ro/bad.session
            if [ "$(id -u)" = 0 ]; then as="setpriv --reuid=65534 --regid=65534 --clear-groups"; else chmod 555 ro; as=; fi
            $as "$B" test --update ro/bad.session; echo "test: exit $?"
            $as "$B" check --adapter cat --sessions 1 --out ro/cf; echo "check: exit $?"
            $as "$B" check --adapter cat --sessions 1 --out ro/cf/deeper; echo "check: exit $?"
            """, in: folder.url)
        #expect(outcome.stdout.contains("test: exit 1\ncheck: exit 2\ncheck: exit 2\n"), "\(outcome.stdout)\(outcome.stderr)")
        let wording = "cannot write in its folder ro (permission denied); make the folder writable or write elsewhere"
        // The report, with the script's error in it, is test's standard output.
        #expect(outcome.stdout.contains("error: cannot update ro/bad.session: \(wording)\n"), "\(outcome.stdout)")
        #expect(outcome.stderr.contains("error: cannot make --out ro/cf: \(wording)\n"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("error: cannot make --out ro/cf/deeper: ro/cf: \(wording)\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("You don"), "\(outcome.stderr)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("ro/bad.session"), encoding: .utf8) == "> type 12\namount: $9.99|\n")
    }

    /// A clean run after one that found groups says that it emptied the previous run's folder.
    @Test func aCleanRunSaysItEmptiedThePreviousRunsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let first = try BuiltProgram.run(
            ["check", "--adapter", "\(binary.path) adapter --plant all", "--sessions", "30", "--locale", "en_US", "--currency", "USD"],
            directory: folder.url)
        #expect(first.status == 1, "\(first.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("check-failures").path)
            .filter { $0.hasSuffix(".session") }
        #expect(!written.isEmpty)
        let clean = try BuiltProgram.run(
            ["check", "--adapter", "\(binary.path) adapter", "--sessions", "2", "--locale", "en_US", "--currency", "USD"], directory: folder.url)
        #expect(clean.status == 0, "\(clean.stderr)")
        let scripts = written.count == 1 ? "1 script" : "\(written.count) scripts"
        #expect(clean.stdout == "removed \(scripts) of the previous run from check-failures/\nchecked 2 of 2 sessions, 80 keys: 0 disagreements\n", "\(clean.stdout)")
    }

    /// Binary input without a terminal: one error with the count and the lines, no terminal advice.
    @Test func linesThatAreNotUTF8AreSaidOnceWithTheirCount() throws {
        var input = Data("1\n".utf8)
        for _ in 0..<12 { input.append(contentsOf: [0xFF, 0xFE, 0x00, 0x80, 0x0A]) }
        input.append(contentsOf: Array("2\n".utf8))
        let outcome = try BuiltProgram.run([], input: input)
        #expect(outcome.stdout == "amount: $0.01|\namount: $0.12|\n")
        #expect(outcome.status == 1)
        #expect(outcome.stderr == """
            error: 12 lines were not valid UTF-8 and were skipped (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …); \
            commands are read as UTF-8: convert the input first (iconv -f ITS-ENCODING -t UTF-8)
             --> stdin:2

            """, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("terminal"))
        // --bail stops at the first.
        let bail = try BuiltProgram.run(["--bail"], input: input)
        #expect(bail.status == 1 && bail.stdout == "amount: $0.01|\n")
        #expect(bail.stderr.hasPrefix("error: line 2 was not valid UTF-8 and was skipped; "), "\(bail.stderr)")
    }

    /// A huge argument is echoed around its place, cut with `…`, its `^` under what is shown.
    @Test func aHugeArgumentIsEchoedAroundItsPlace() throws {
        let digits = String(repeating: "1", count: 4000)
        let outcome = try BuiltProgram.run(["--bail"], input: Data("set \(digits)\n".utf8))
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(outcome.status == 1)
        #expect(lines.allSatisfy { $0.utf8.count <= 200 }, "\(lines.map { $0.utf8.count })")
        let echo = try #require(lines.first { $0.hasPrefix("1 | ") })
        #expect(echo.hasPrefix("1 | set 111") && echo.hasSuffix("…"), "\(echo)")
        let carets = try #require(lines.last { $0.contains("^") })
        #expect(carets.filter { $0 == "^" }.count < 100 && carets.filter { $0 == "^" }.count > 50, "\(carets)")
    }
}

import Foundation
import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// `moneyfield test` for people and for CI: the first mismatch per script, the failing files,
/// JUnit and TAP that real parsers read, shards that split a suite exactly.
@Suite(.serialized) struct TestReportTests {
    /// A folder of scripts: two pass, one fails at three steps (one cause), one is empty.
    func suite() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        _ = try folder.file("pass/a.session", "> type 1\namount: $0.01|\n")
        _ = try folder.file("pass/b.session", "> show\namount: $0.00|\n")
        _ = try folder.file("fail.session", "> type 2\namount: $0.03|\n> type 4\namount: $0.34|\n> type 5\namount: $3.45|\n")
        _ = try folder.file("empty.session", "# a comment, no command\n")
        return folder
    }

    /// Parses with Python's own modules (an independent reader) and prints what it found.
    func python(_ code: String, in folder: URL) throws -> BuiltProgram.Outcome {
        _ = try TemporaryFolder.write(code, to: folder.appendingPathComponent("read.py"))
        return try BuiltProgram.bash("python3 read.py", in: folder)
    }

    @Test func theTextReportShowsTheFirstMismatchAndNamesFailingFiles() throws {
        let folder = try suite()
        defer { folder.remove() }
        let outcome = try BuiltProgram.run(["test", "."], directory: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == """
            error: ./empty.session: holds no command (lines starting "> "); nothing to test
            ./fail.session:1: output differs
              > type 2
              - amount: $0.03|
              + amount: $0.02|
              … and 2 later steps also differ (often from this one; --all-mismatches shows them)
            (- expected, + actual; moneyfield test --update rewrites expectations)
            failed:
              ./empty.session
              ./fail.session
            2 passed, 2 failed

            """)
        let all = try BuiltProgram.run(["test", "--all-mismatches", "fail.session"], directory: folder.url)
        #expect(all.stdout.components(separatedBy: "output differs").count == 4)
    }

    @Test func junitParsesWithOneTestcasePerScriptAndTheRightFailures() throws {
        let folder = try suite()
        defer { folder.remove() }
        _ = try BuiltProgram.run(["test", "--junit", "report.xml", "."], directory: folder.url)
        let outcome = try python("""
            import xml.etree.ElementTree as ET
            root = ET.parse("report.xml").getroot()
            suite = root.find("testsuite")
            print(suite.get("tests"), suite.get("failures"), suite.get("errors"))
            for case in suite.findall("testcase"):
                failure, error = case.find("failure"), case.find("error")
                kind = "failure" if failure is not None else "error" if error is not None else "pass"
                detail = failure.get("message") if failure is not None else ""
                print(case.get("name"), kind, detail)
            """, in: folder.url)
        #expect(outcome.stdout == """
            4 1 1
            ./empty.session error 
            ./fail.session failure ./fail.session:1: output differs (3 steps)
            ./pass/a.session pass 
            ./pass/b.session pass 

            """, "\(outcome.stderr)")
    }

    @Test func junitEscapesWhatXMLCannotHold() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("x.session", "> bogus <&\"\u{1B}[2J\namount\n")
        _ = try BuiltProgram.run(["test", "--junit", "report.xml", "x.session"], directory: folder.url)
        let outcome = try python("""
            import xml.etree.ElementTree as ET
            print(ET.parse("report.xml").getroot().find("testsuite/testcase/failure").text.splitlines()[1])
            """, in: folder.url)
        #expect(outcome.stdout == "  > bogus <&\"\\u{001B}[2J\n", "\(outcome.stderr)")
    }

    @Test func tapVersion13ParsesWithAPlanAndOnePointPerScript() throws {
        let folder = try suite()
        defer { folder.remove() }
        let run = try BuiltProgram.run(["test", "--tap", "."], directory: folder.url)
        #expect(run.status == 1)
        _ = try TemporaryFolder.write(run.stdout, to: folder.url.appendingPathComponent("out.tap"))
        // A small TAP 13 reader: version line, plan, points numbered in order, YAML blocks indented.
        let outcome = try python("""
            import re
            lines = open("out.tap").read().splitlines()
            assert lines[0] == "TAP version 13", lines[0]
            first, last = map(int, re.fullmatch(r"(\\d+)\\.\\.(\\d+)", lines[1]).groups())
            points, inside = [], False
            for line in lines[2:]:
                if line == "  ---": inside = True; continue
                if line == "  ...": inside = False; continue
                if inside: assert line.startswith("  "), line; continue
                m = re.fullmatch(r"(ok|not ok) (\\d+) - (.*)", line)
                assert m, line
                points.append((int(m.group(2)), m.group(1), m.group(3)))
            assert [p[0] for p in points] == list(range(first, last + 1))
            for p in points: print(p[1], p[2])
            """, in: folder.url)
        #expect(outcome.stdout == "not ok ./empty.session\nnot ok ./fail.session\nok ./pass/a.session\nok ./pass/b.session\n", "\(outcome.stderr)")
    }

    /// TAP gives every step that differs, as JUnit does, not the first alone (issue 36).
    @Test func tapShowsEveryDifference() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("two.session", "> type 1\nwrong\n> type 2\nwrong too\n")
        let run = try BuiltProgram.run(["test", "--tap", "two.session"], directory: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("    two.session:1: > type 1\n      - wrong\n      + amount: $0.01|\n"), "\(run.stdout)")
        #expect(run.stdout.contains("    two.session:3: > type 2\n      - wrong too\n      + amount: $0.12|\n"), "\(run.stdout)")
    }

    @Test(arguments: [1, 2, 3, 5])
    func shardsAreDisjointAndCoverEveryScript(count: Int) throws {
        let paths = (0..<40).map { "scripts/s\($0).session" }
        var seen: [String: Int] = [:]
        for index in 1...count {
            let shard = try #require(Shard("\(index)/\(count)"))
            for path in paths where shard.contains(path) { seen[path, default: 0] += 1 }
        }
        #expect(seen.count == paths.count && seen.values.allSatisfy { $0 == 1 })
    }

    @Test(arguments: ["0/2", "3/2", "1/0", "a/b", "1", "1/2/3"])
    func badShardsAreRefused(text: String) throws {
        #expect(Shard(text) == nil)
        let outcome = try BuiltProgram.run(["test", "--shard", text])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("--shard takes I/N"))
    }

    @Test func shardsOfTheBinaryRunEachScriptOnce() throws {
        let folder = try suite()
        defer { folder.remove() }
        var names: [String] = []
        for index in 1...3 {
            let outcome = try BuiltProgram.run(["test", "--tap", "--shard", "\(index)/3", "."], directory: folder.url)
            for line in outcome.stdout.split(separator: "\n") where line.hasPrefix("ok ") || line.hasPrefix("not ok ") {
                if let dash = line.range(of: " - ") { names.append(String(line[dash.upperBound...])) }
            }
        }
        #expect(names.sorted() == ["./empty.session", "./fail.session", "./pass/a.session", "./pass/b.session"])
    }

    @Test func aScriptOnStandardInputIsRead() throws {
        let outcome = try BuiltProgram.run(["test", "-"], input: Data("> type 7\namount: $0.07|\n".utf8))
        #expect(outcome.stdout == "1 passed, 0 failed\n")
        let failing = try BuiltProgram.run(["test", "-"], input: Data("> type 7\namount: $0.08|\n".utf8))
        #expect(failing.stdout.hasPrefix("stdin:1: output differs"))
    }

    @Test func dryRunShowsTheDiffAndWritesNothing() throws {
        let folder = try suite()
        defer { folder.remove() }
        let before = try String(contentsOf: folder.url.appendingPathComponent("fail.session"), encoding: .utf8)
        let outcome = try BuiltProgram.run(["test", "--update", "--dry-run", "fail.session"], directory: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("would update fail.session (3 steps):\n  fail.session:1: output differs\n"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent("fail.session"), encoding: .utf8) == before)
    }

    /// A JUnit path that cannot be written is refused before any script runs (exit 2): the
    /// script below would have made a file.
    @Test func anUnwritableJUnitPathIsRefusedBeforeAnyScriptRuns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("r.session", "> record made.session\nrecording to made.session\n")
        _ = try folder.file("sub/keep", "")
        for (path, reason) in [("/nonexistent/r.xml", "there is no folder /nonexistent to write it in; make it first"),
                               ("sub", "is a folder; give a file name in it"),
                               ("sub/keep/r.xml", "sub/keep is not a folder")] {
            let outcome = try BuiltProgram.run(["test", "--allow-write", "--junit", path, "r.session"], directory: folder.url)
            #expect(outcome.status == 2, "\(path)")
            #expect(outcome.stderr == "error: --junit \(path): \(reason)\n")
            #expect(outcome.stdout.isEmpty, "no script ran: \(outcome.stdout)")
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("made.session").path))
        }
        let fine = try BuiltProgram.run(["test", "--allow-write", "--junit", "sub/r.xml", "r.session"], directory: folder.url)
        #expect(fine.status == 0, "\(fine.stdout)\(fine.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("sub/r.xml").path))
    }
}

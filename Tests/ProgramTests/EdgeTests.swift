import Foundation
import MoneyFieldTestSupport
import Testing

/// The edges a newcomer or a hostile input finds, each as the user meets it.
@Suite struct EdgeTests {
    @Test func testOutsideTheRepositorySaysToNameTheScripts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try BuiltProgram.run(["test"], directory: folder.url)
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "error: no scripts/ folder here to run; give the scripts: moneyfield test FILE.session or FOLDER …\n")
    }

    @Test func aFolderNamedLikeAScriptIsSearchedNotRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("s/x.session"), withIntermediateDirectories: true)
        _ = try folder.file("s/x.session/a.session", "> type 1\namount: $0.01|\n")
        let outcome = try BuiltProgram.run(["test", "s"], directory: folder.url)
        #expect(outcome.stdout == "1 passed, 0 failed\n")
    }

    @Test func anOutputIsNeverOneOfTheInputs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = "> type 1\namount: $0.01|\n"
        _ = try folder.file("x.session", script)
        let cast = try BuiltProgram.run(["demo", "x.session", "--cast", "x.session"], directory: folder.url)
        let junit = try BuiltProgram.run(["test", "--junit", "x.session", "x.session"], directory: folder.url)
        let empty = try BuiltProgram.run(["demo", "x.session", "--cast", ""], directory: folder.url)
        #expect([cast.status, junit.status, empty.status] == [2, 2, 2])
        #expect(try String(contentsOf: folder.url.appendingPathComponent("x.session"), encoding: .utf8) == script)
    }

    /// `--junit` naming a folder says so, not that the folder is one of the scripts to run.
    @Test func aJUnitReportNamedAsAFolderIsSaidToBeAFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("suite/x.session", "> type 1\namount: $0.01|\n")
        let outcome = try BuiltProgram.run(["test", "--junit", "suite", "suite"], directory: folder.url)
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "error: --junit suite: is a folder; give a file name in it\n", "\(outcome.stderr)")
    }

    /// An invisible character in a command is shown escaped in the message and in the line the
    /// diagnostic echoes, the `^` under its escape (issue 47 item 9).
    @Test func anInvisibleCharacterIsShownInTheMessageAndTheEchoedLine() throws {
        let outcome = try BuiltProgram.run([], input: Data("type 5\u{200B}\n".utf8))
        #expect(outcome.stderr == """
            error: cannot type "\\u{200B}": type takes digits and <bs> <del> <left> <right> <home> <end> <neg> <clear> <00> <000> <plus> <dec> <enter> <sleft> <sright> <shome> <send> <selall>
             --> stdin:1:7
              |
            1 | type 5\\u{200B}
              |       ^^^^^^^^

            """)
    }

    @Test func quitInTheStartupCommandsEndsCleanly() throws {
        #expect(try BuiltProgram.run(["--cmd", "type 1", "--cmd", "quit"]).status == 0)
        #expect(try BuiltProgram.run(["--cmd", "nope", "--cmd", "quit"]).status == 1)
    }

    @Test func messagesSayWhatIsWrong() throws {
        let outcome = try BuiltProgram.run(["-c", "paste hello world; record /nonexistent/x.session; type <lfet>"])
        #expect(outcome.stderr.contains("error: there is no digit in \"hello world\" to paste"))
        #expect(outcome.stderr.contains("error: there is no folder /nonexistent to record into"))
        #expect(outcome.stderr.contains("error: unknown key <lfet>; did you mean <left>?\n"), "no list of every key after a suggestion")
    }

    /// Argument errors start `error:` as every other error does, whoever found them (the
    /// argument parser's own start is `Error:`), with the usage after them and exit status 2.
    @Test(arguments: [["test", "-j", "0"], ["--bogus"], ["check", "--adapter", ""], ["check", "--sessions", "0"], ["demo"]])
    func argumentErrorsStartAsEveryErrorDoes(arguments: [String]) throws {
        let outcome = try BuiltProgram.run(arguments)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("error: "), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("Error:"), "\(outcome.stderr)")
    }

    @Test func installSaysHowToUseIt() throws {
        let root = BuiltProgram.packageRoot.path
        let help = try BuiltProgram.bash("'\(root)/scripts/install' --help", in: URL(fileURLWithPath: root))
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: scripts/install [PREFIX]"))
        let bad = try BuiltProgram.bash("'\(root)/scripts/install' --bogus", in: URL(fileURLWithPath: root))
        #expect(bad.status == 2 && bad.stderr.contains("unknown option --bogus"))
    }

    /// A recording that tries to source itself still replays, and a folder is no recording file.
    @Test func aRecordingThatSourcesItselfReplaysAndAFolderIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try BuiltProgram.run(["-c", "record rec.session; type 1; source rec.session; record off"], directory: folder.url)
        #expect(try BuiltProgram.run(["test", "rec.session"], directory: folder.url).stdout == "1 passed, 0 failed\n")
        let toFolder = try BuiltProgram.run(["--record", folder.url.path + "/", "-c", "type 1"], directory: folder.url)
        #expect(toFolder.status == 1 && toFolder.stderr.contains("is a folder; record to a file in it"), "\(toFolder.stderr)")
    }

    /// A script whose name is not UTF-8 runs as `cat` would read it, found by `test .` or named
    /// on the command line; reports show the bad byte as `\xFF`, and `--update` says to rename it
    /// rather than write another file.
    @Test func aScriptNamedInAnotherEncodingRunsAndIsShownEscaped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let made = try BuiltProgram.bash("""
            printf '> type 1\\namount: $0.01|\\n' > "$(printf 'caf\\351.session')"
            printf '> type 1\\namount: $9.01|\\n' > "$(printf 'bad\\377.session')"
            """, in: folder.url)
        #expect(made.status == 0, "\(made.stderr)")
        let walked = try BuiltProgram.run(["test", "."], directory: folder.url)
        #expect(walked.status == 1)
        #expect(walked.stdout.hasPrefix("./bad\\xFF.session:1: output differs\n"), "\(walked.stdout)")
        #expect(walked.stdout.hasSuffix("failed:\n  ./bad\\xFF.session\n1 passed, 1 failed\n"), "\(walked.stdout)")
        let named = try BuiltProgram.bash("\"$B\" test \"$(printf 'caf\\351.session')\"", in: folder.url)
        #expect(named.status == 0 && named.stdout == "1 passed, 0 failed\n", "\(named.stdout)\(named.stderr)")
        let update = try BuiltProgram.run(["test", "--update", "."], directory: folder.url)
        #expect(update.stdout.contains("error: cannot update ./bad\\xFF.session: its name is not UTF-8, so it is not rewritten; rename it (mv) to update it"),
                "\(update.stdout)")
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(listed.count == 2, "no file written under another name: \(listed)")
    }
}

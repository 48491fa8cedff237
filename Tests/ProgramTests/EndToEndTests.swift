import Foundation
@_spi(Tools) import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// The built `moneyfield` binary, driven as a pipe: batch mode, exit statuses, `test`, `record`, `demo`.
@Suite(.serialized) struct EndToEndTests {
    func run(_ arguments: [String], input: String = "", in folder: URL? = nil) throws -> BuiltProgram.Outcome {
        try BuiltProgram.run(arguments, input: Data(input.utf8), directory: folder)
    }

    @Test func batchModeReadsCommandsWithoutPrompts() throws {
        let outcome = try run([], input: "type 12345<left><left>\ntype <bs>\nvalue\n")
        #expect(outcome.stdout == "amount: $123|.45\namount: $12|.45\n12.45\n")
        #expect(outcome.status == 0)
    }

    @Test func batchModeGoesOnAfterAnErrorButExitsOne() throws {
        let outcome = try run([], input: "bogus\n12\n")
        #expect(outcome.stdout == "amount: $0.12|\n")
        #expect(outcome.stderr == """
            error: unknown command "bogus" (help lists the commands)
             --> stdin:1:1
              |
            1 | bogus
              | ^^^^^

            """, "errors on stderr with their place and a ^ under the word")
        #expect(outcome.status == 1)
    }

    @Test func bailStopsAtTheFirstError() throws {
        let outcome = try run(["--bail"], input: "1\nbogus\n2\n")
        #expect(outcome.stdout == "amount: $0.01|\n")
        #expect(outcome.stderr.hasPrefix("error: unknown command \"bogus\" (help lists the commands)\n --> stdin:2:1\n"))
        #expect(outcome.status == 1)
    }

    /// A piped line runs its commands at `;` outside quotes, as `-c` does: each its own undo step,
    /// an error at its column of the line, `--bail` stopping at the failing command itself.
    @Test func aPipedLineRunsEachCommandBetweenSemicolons() throws {
        let outcome = try run([], input: "type 1; type 2; undo; value; bogus 1; paste \"3;4\"\n")
        #expect(outcome.stdout == "amount: $0.01|\namount: $0.12|\namount: $0.01|\n0.01\npasted 2 digits; left out \";\"\namount: $1.34|\n")
        #expect(outcome.stderr.hasPrefix("error: unknown command \"bogus\" (help lists the commands)\n --> stdin:1:30\n"), "\(outcome.stderr)")
        let bailed = try run(["--bail"], input: "type 1; bogus; type 2\ntype 3\n")
        #expect(bailed.stdout == "amount: $0.01|\n")
        #expect(bailed.status == 1)
        #expect(try run(["--echo"], input: "type 1; value\n").stdout == "amount> type 1\namount: $0.01|\namount> value\n0.01\n")
        // Checked whole: a control character's column counts in the line, not in its command.
        let control = try run([], input: "type 1; type 2\u{7}\n")
        #expect(control.stdout.isEmpty)
        #expect(control.stderr.contains("at column 15") && control.stderr.contains("stdin:1:15"), "\(control.stderr)")
    }

    @Test func rejectedKeysAreNotFailures() throws {
        #expect(try run(["--bail"], input: "<bs>\n1\n").status == 0)
    }

    @Test func commandsFromTheCommandLine() throws {
        let outcome = try run(["--locale", "de_DE", "--currency", "EUR", "-c", "type 123456; value"])
        #expect(outcome.stdout == "amount: 1.234,56|\u{00A0}€\n1234.56\n")
        #expect(outcome.status == 0)
    }

    @Test func aSecondDashCRunsAfterTheFirstRatherThanReplacingIt() throws {
        let outcome = try run(["-c", "new t --mode natural", "-c", "type 12.5; value"])
        #expect(outcome.stdout == "t: $0|\nt: $12.5|\n12.50\n")
        #expect(outcome.status == 0)
    }

    @Test func invalidUTF8NulAndAMegabyteLineAreErrorsAndTheSessionGoesOn() throws {
        var input = Data("1\n".utf8)
        input.append(contentsOf: [0x74, 0xC3, 0x28, 0x0A])
        input.append(contentsOf: Array("type 1\u{0}2\n".utf8))
        input.append(Data(repeating: 0x31, count: 1 << 20))
        input.append(contentsOf: Array("\n2\n".utf8))
        let outcome = try BuiltProgram.run([], input: input)
        #expect(outcome.stdout.split(separator: "\n") == ["amount: $0.01|", "amount: $0.12|"])
        // Lines that are not UTF-8 are said once, when the input ends, without terminal advice (issue 53).
        #expect(outcome.stderr.split(separator: "\n") == [
            "error: control character U+0000 at column 7; type keys by name instead (<bs>, <left> …)", " --> stdin:3:7",
            "  |", "3 | type 1\\u{0000}2", "  |       ^^^^^^^^",
            "error: the line is 1048576 bytes long; commands are at most 4096 bytes", " --> stdin:4",
            "error: line 2 was not valid UTF-8 and was skipped; commands are read as UTF-8: convert the input first (iconv -f ITS-ENCODING -t UTF-8)",
            " --> stdin:2",
        ])
    }

    @Test func startupCommandsRunFirstAndTheSessionGoesOn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("init.txt", "# fields for today\nnew till --locale de_DE --currency EUR\n")
        let outcome = try run(["--init", "init.txt", "--cmd", "type 12", "--cmd", "nope", "--echo"], input: "5\n", in: folder.url)
        #expect(outcome.stdout == """
            amount> # fields for today
            amount> new till --locale de_DE --currency EUR
            till: 0,00|\u{00A0}€
            till> type 12
            till: 0,12|\u{00A0}€
            till> nope
            till> 5
            till: 1,25|\u{00A0}€

            """)
        #expect(outcome.stderr.hasPrefix("error: unknown command \"nope\" (help lists the commands)\n --> --cmd:2:1\n"))
        #expect(outcome.status == 1)
        let missing = try run(["--init", "nosuch.txt"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: --init nosuch.txt: no such file"))
        #expect(try run(["--interactive", "--batch"]).status == 2)
    }

    @Test func unusableArgumentsExitTwo() throws {
        let unknownLocale = try run(["--locale", "zz_QQ", "-c", "show"])
        #expect(unknownLocale.status == 2)
        #expect(unknownLocale.stderr.contains("unknown locale \"zz_QQ\""))
        #expect(try run(["--no-such-flag"]).status == 2)
        #expect(try run(["test", "no/such/dir"]).status == 2)
        #expect(try run(["demo", "--pace", "-5", "x.session"]).status == 2)
    }

    @Test(arguments: [[], ["shell"], ["test"], ["demo"]])
    func everyCommandHasHelp(_ command: [String]) throws {
        let outcome = try run(command + ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("USAGE: moneyfield"))
    }

    @Test func versionIsPrinted() throws {
        #expect(try run(["--version"]).stdout == "0.1.0\n")
    }

    @Test func testPassesOnTheCorpusAndEndsWithTheCount() throws {
        let outcome = try run(["test", "scripts"], in: BuiltProgram.packageRoot)
        #expect(outcome.status == 0, "\(outcome.stdout)")
        let count = try ScriptRunner.scripts(in: ["scripts"], base: BuiltProgram.packageRoot).count
        #expect(outcome.stdout.hasSuffix("\(count) passed, 0 failed\n"))
    }

    @Test func aChangedExpectationFailsReadablyAndUpdateRestoresIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let original = try String(contentsOf: BuiltProgram.packageRoot.appendingPathComponent("scripts/seeds/gbp-caret-restore.session"), encoding: .utf8)
        let broken = original.replacingOccurrences(of: "price: £1,29|3.45", with: "price: £1,93|2.45")
        #expect(broken != original)
        let script = try folder.file("gbp.session", broken)
        let failing = try run(["test", "gbp.session", "other.session"], in: folder.url)
        #expect(failing.status == 2, "a missing path is an unusable argument")
        let outcome = try run(["test", "gbp.session"], in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == """
            gbp.session:8: output differs
              > type 9
              - price: £1,93|2.45
              + price: £1,29|3.45
            (- expected, + actual; moneyfield test --update rewrites expectations)
            failed:
              gbp.session
            0 passed, 1 failed

            """)
        let update = try run(["test", "--update", "gbp.session"], in: folder.url)
        #expect(update.stdout == """
            updated gbp.session (1 step):
              gbp.session:8: output differs
                > type 9
                - price: £1,93|2.45
                + price: £1,29|3.45
            1 passed, 0 failed

            """)
        #expect(try String(contentsOf: script, encoding: .utf8) == original)
        #expect(try run(["test", "gbp.session"], in: folder.url).status == 0)
    }

    @Test func parallelRunsReportTheSameAsSerialOnes() throws {
        let serial = try run(["test", "-j", "1", "scripts"], in: BuiltProgram.packageRoot)
        let parallel = try run(["test", "-j", "4", "scripts"], in: BuiltProgram.packageRoot)
        #expect(serial.stdout == parallel.stdout)
    }

    @Test func aRecordedSessionReplaysClean() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try run(["--record", "live.session"], input: "type 1234<left>\nnew k --locale ar_KW --currency KWD\ntype ٣٤٥\ninspect --json\nbogus\n", in: folder.url)
        #expect(outcome.status == 1)
        let replay = try run(["test", "live.session"], in: folder.url)
        #expect(replay.stdout == "1 passed, 0 failed\n", "\(replay.stdout)")
    }

    @Test func recordOnTheCommandLineKeepsAnExistingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let existing = try folder.file("keep.session", "# precious\n")
        let outcome = try run(["--record", "keep.session"], input: "1\n", in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("keep.session exists; record to another file, or replace it (`record FILE --force` at the prompt, `--record FILE --force-record` on the command line)"))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "# precious\n")
    }

    @Test func killingTheProcessWhileRecordingLeavesAValidScript() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--record", "crash.session"]
        process.currentDirectoryURL = folder.url
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data("type 12\nnew eur --locale de_DE --currency EUR\ntype 345\n".utf8))
        let script = folder.url.appendingPathComponent("crash.session")
        // Killed once the last command is on disk, never before: a bounded wait that says so.
        let deadline = Date().addingTimeInterval(120)
        while (try? String(contentsOf: script, encoding: .utf8))?.contains("eur: 3,45") != true {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("the recording never held the third command within 120 s")
                return
            }
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let text = try String(contentsOf: script, encoding: .utf8)
        #expect(text.hasSuffix("> type 345\neur: 3,45|\u{00A0}€\n\n"))
        #expect(try run(["test", "crash.session"], in: folder.url).stdout == "1 passed, 0 failed\n")
    }

    @Test(arguments: (try? ScriptRunner.scripts(in: ["scripts/demos"], base: BuiltProgram.packageRoot).map(\.display)) ?? [])
    func everyDemoRunsAtPaceZero(_ path: String) throws {
        // --strict: a demo is judged as `test` judges it (escapes read), so every demo passes both.
        let outcome = try run(["demo", "--strict", "--pace", "0", "--hold", "0", path], in: BuiltProgram.packageRoot)
        #expect(outcome.status == 0)
        let transcript = try Transcript(contentsOf: BuiltProgram.packageRoot.appendingPathComponent(path), displayPath: path)
        // How the run ended is status, on stderr (issue 53 #19); stdout is the demo alone.
        #expect(outcome.stderr.hasSuffix("demo finished: \(transcript.steps.count) steps from \(path)\n"), "every demo has several steps")
        #expect(!outcome.stdout.contains("demo finished"))
        #expect(outcome.stdout.contains("┌"), "the kiosk screen is drawn")
        for step in transcript.steps { #expect(outcome.stdout.contains("> " + step.command + "\n")) }
        #expect(!outcome.stdout.contains("\u{1B}["), "plain text when not on a terminal")
    }

    @Test func demoShowsCommentsAsCaptionsAndTheKioskScreen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("d.session", "# Type one dollar.\n> type 100\namount: $1.00|\n")
        let outcome = try run(["demo", "--pace", "0", "--hold", "0", "d.session"], in: folder.url)
        #expect(outcome.stdout == """
            Type one dollar.

            ┌──────────────────────────────────────┐
            │ amount                   en_US · USD │
            │                                      │
            │                               $1.00| │
            │                                      │
            └──────────────────────────────────────┘

            amount> type 100
            amount: $1.00|

            """)
        #expect(outcome.stderr == "demo finished: 1 step from d.session\n")
    }
}

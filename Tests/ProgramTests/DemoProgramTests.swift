import Foundation
import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// `moneyfield demo` as a program: the cast it writes and its exit status.
@Suite struct DemoProgramTests {
    static let script = SampleScripts.demo

    @Test func theCastIsValidAsciicastV2() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("d.session", Self.script)
        let outcome = try BuiltProgram.run(["demo", "--pace", "20", "--hold", "700", "--cast", "d.cast", "d.session"], directory: folder.url)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        _ = try folder.file("read.py", """
            import json
            lines = open("d.cast", encoding="utf-8").read().splitlines()
            header = json.loads(lines[0])
            assert header["version"] == 2 and header["width"] >= 20 and header["height"] >= 5, header
            events = [json.loads(line) for line in lines[1:]]
            times = [e[0] for e in events]
            assert all(e[1] == "o" and isinstance(e[2], str) for e in events)
            assert times == sorted(times) and times[0] == 0, times
            print(len(events), round(times[-2], 3), round(times[-1], 3))
            print("$0.10" in events[-2][2], "That was the demo." in events[-2][2], events[-1][2] == "\\x1b[%d;1H" % header["height"])
            """)
        let read = try BuiltProgram.bash("python3 read.py", in: folder.url)
        // Step one: the empty line and three keys, then the result; step two: two keys; then the
        // closing caption, which starts after 7 key frames of 20 ms and 2 results of 700; last,
        // the cursor put on the spare row below the screen when the caption's hold is over, with
        // no line feed that would scroll the screen at the header's size (issue 53 #3).
        #expect(read.stdout == "11 1.54 2.24\nTrue True True\n", "\(read.stderr)")
    }

    @Test func strictFailsOnADifferenceAndPlainTextSaysWhere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("d.session", "> type 12\namount: $9.99|\n")
        let plain = try BuiltProgram.run(["demo", "--pace", "0", "--hold", "0", "d.session"], directory: folder.url)
        #expect(plain.status == 0)
        // How the demo ended, then what differed: both on stderr (issue 53 #19).
        #expect(plain.stderr.hasPrefix("demo finished: 1 step from d.session\nwarning: d.session:1: the output differs from what the script expects\n"),
                "\(plain.stderr)")
        let strict = try BuiltProgram.run(["demo", "--strict", "--pace", "0", "--hold", "0", "d.session"], directory: folder.url)
        #expect(strict.status == 1)
    }

    /// `demo` judges a script as `test` does: an expected line written with `\u{00A0}` passes
    /// both, and a wrong escape fails both.
    @Test func escapesInExpectationsPassDemoStrictAsTheyPassTest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("good.session", "> new till --locale de_DE --currency EUR\ntill: 0,00|\\u{00A0}€\n> type 5\ntill: 0,05|\\u{A0}€\n")
        _ = try folder.file("bad.session", "> new till --locale de_DE --currency EUR\ntill: 0,00|\\u{202F}€\n")
        for (name, status) in [("good.session", Int32(0)), ("bad.session", 1)] {
            let test = try BuiltProgram.run(["test", name], directory: folder.url)
            #expect(test.status == status, "test \(name): \(test.stdout)")
            let demo = try BuiltProgram.run(["demo", "--strict", "--pace", "0", "--hold", "0", name], directory: folder.url)
            #expect(demo.status == status, "demo --strict \(name): \(demo.stderr)")
            #expect(demo.stdout.contains("⚠ the script expects") == (status != 0), "\(demo.stdout)")
        }
    }

    /// A cast is as wide as its widest screen in display columns: a selection's reverse video
    /// takes none (it counted 7, and a 40-column cast said 47).
    @Test func aCastsWidthCountsDisplayColumnsNotEscapes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("b.session", "> type <selall>9\namount: $0.09|\n")
        let outcome = try BuiltProgram.run(["demo", "b.session", "--cast", "b.cast", "--columns", "40"], directory: folder.url)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let cast = try String(contentsOf: folder.url.appendingPathComponent("b.cast"), encoding: .utf8)
        #expect(cast.contains("\\u001b[7m"), "the selection is drawn in reverse video")
        #expect(cast.hasPrefix("{\"version\":2,\"width\":40,"), "\(cast.prefix(80))")
    }

    /// A signal during the last step lets it finish, as between steps, and the run still says
    /// it was interrupted and ends 130/143, as `test` does.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringTheLastStepIsReported(signal: Int32) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        _ = try folder.file("one.session", "> type 1\namount: $0.01|\n")
        let process = Process()
        process.executableURL = binary
        // The hold is long: the signal comes while the only step's result is on screen.
        process.arguments = ["demo", "--pace", "200", "--hold", "60000", "one.session"]
        process.currentDirectoryURL = folder.url
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        var printed = Data()
        let deadline = Date().addingTimeInterval(60)
        while !String(decoding: printed, as: UTF8.self).contains("amount: $0.01|") {
            let chunk = stdout.fileHandleForReading.availableData
            guard !chunk.isEmpty, Date() < deadline else {
                process.terminate()
                Issue.record("the step's result never came: \(String(decoding: printed, as: UTF8.self))")
                return
            }
            printed += chunk
        }
        kill(process.processIdentifier, signal)
        printed += stdout.fileHandleForReading.readDataToEndOfFile()
        let status = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let text = String(decoding: printed, as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal, "\(process.terminationStatus)")
        // Status on stderr, as `test` says its interruption (issue 53 #19); stdout is the demo.
        #expect(status == "demo interrupted after step 1, the last of 1 step, from one.session\n", "\(status)")
        #expect(!text.contains("demo interrupted") && !text.contains("demo finished"), "\(text)")
    }

    /// One rule with `test`: a script with no command (empty, or captions only) is an error,
    /// with the same exit status, and no cast is written.
    @Test(arguments: ["", "# Only a caption.\n"])
    func aScriptWithNoCommandIsAnErrorAsInTest(text: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("empty.session", text)
        let test = try BuiltProgram.run(["test", "empty.session"], directory: folder.url)
        let demo = try BuiltProgram.run(["demo", "--pace", "0", "--hold", "0", "empty.session"], directory: folder.url)
        #expect(test.status == 1 && demo.status == test.status, "test \(test.status), demo \(demo.status)")
        #expect(demo.stderr == "error: empty.session: holds no command (lines starting \"> \"); nothing to show\n", "\(demo.stderr)")
        #expect(demo.stdout.isEmpty, "\(demo.stdout)")
        let cast = try BuiltProgram.run(["demo", "empty.session", "--cast", "e.cast"], directory: folder.url)
        #expect(cast.status == 1 && cast.stderr == demo.stderr)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("e.cast").path), "a cast was written")
    }

    /// A cast path that cannot be written is refused before the demo is worked out: exit 2.
    @Test func anUnwritableCastPathIsRefusedFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("d.session", "> type 1\namount: $0.01|\n")
        let missing = try BuiltProgram.run(["demo", "--cast", "no/such/d.cast", "d.session"], directory: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: --cast no/such/d.cast: there is no folder no/such to write it in; make it first\n")
        #expect(missing.stdout.isEmpty)
        let isFolder = try BuiltProgram.run(["demo", "--cast", ".", "d.session"], directory: folder.url)
        #expect(isFolder.status == 2)
        #expect(isFolder.stderr.contains("is a folder"), "\(isFolder.stderr)")
    }
}

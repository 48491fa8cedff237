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
            print("$0.10" in events[-2][2], "That was the demo." in events[-2][2], events[-1][2].endswith("\\r\\n"))
            """)
        let read = try BuiltProgram.bash("python3 read.py", in: folder.url)
        // Step one: the empty line and three keys, then the result; step two: two keys; then the
        // closing caption, which starts after 7 key frames of 20 ms and 2 results of 700; last,
        // the cursor put below the screen when the caption's hold is over.
        #expect(read.stdout == "11 1.54 2.24\nTrue True True\n", "\(read.stderr)")
    }

    @Test func strictFailsOnADifferenceAndPlainTextSaysWhere() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("d.session", "> type 12\namount: $9.99|\n")
        let plain = try BuiltProgram.run(["demo", "--pace", "0", "--hold", "0", "d.session"], directory: folder.url)
        #expect(plain.status == 0)
        #expect(plain.stderr.hasPrefix("warning: d.session:1: the output differs from what the script expects\n"))
        let strict = try BuiltProgram.run(["demo", "--strict", "--pace", "0", "--hold", "0", "d.session"], directory: folder.url)
        #expect(strict.status == 1)
    }
}

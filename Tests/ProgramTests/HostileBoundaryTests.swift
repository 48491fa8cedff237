import Foundation
import MoneyFieldEngine
import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// The built binary against a hostile outside world, one table per class of fault: output that
/// cannot be written, files that are not what they seem, processes killed mid-write, and text
/// that would drive the terminal. Each row says the exit status and message a user gets.
@Suite(.serialized) struct HostileBoundaryTests {
    static let okScript = "> show\namount: $0.00|\n"

    /// A folder holding `ok.session`, for the scripts below to run in.
    func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        _ = try folder.file("ok.session", Self.okScript)
        return folder
    }

    /// No write error ever traps (status 132/133 and a backtrace): it ends with a message and 1,
    /// or with 2 for unusable arguments. `nil` expects stderr silent (closed, full, or a broken pipe).
    @Test(arguments: [
        ("printf 'show\\n' | \"$B\" >/dev/full", 1, "cannot write to standard output: No space left on device"),
        ("\"$B\" test ok.session >/dev/full", 1, "cannot write to standard output: No space left on device"),
        ("\"$B\" demo --pace 0 ok.session >/dev/full", 1, "cannot write to standard output: No space left on device"),
        ("\"$B\" --help >/dev/full", 1, "cannot write to standard output: No space left on device"),
        ("\"$B\" test --help >/dev/full", 1, "cannot write to standard output: No space left on device"),
        ("printf 'show\\n' | \"$B\" >&-", 1, "cannot write to standard output: Bad file descriptor"),
        ("\"$B\" test ok.session >&-", 1, "cannot write to standard output: Bad file descriptor"),
        ("\"$B\" --locale zz_ZZ -c show 2>&-", 2, nil),
        ("\"$B\" --locale zz_ZZ -c show 2>/dev/full", 2, nil),
        ("\"$B\" -c bogus >/dev/full 2>&-", 1, nil),
        ("\"$B\" test nosuch.session 2>/dev/full", 2, nil),
        // SIGPIPE ignored by the caller: the write fails with EPIPE and the program ends quietly.
        ("trap '' PIPE; yes show 2>/dev/null | head -200000 2>/dev/null | \"$B\" 2>err | head -1 >/dev/null; "
            + "status=${PIPESTATUS[2]}; cat err >&2; exit $status", 1, nil),
    ] as [(String, Int32, String?)])
    func outputThatCannotBeWritten(script: String, status: Int32, message: String?) throws {
        let folder = try folder()
        defer { folder.remove() }
        let outcome = try BuiltProgram.bash(script, in: folder.url)
        #expect(outcome.status == status, "stderr: \(outcome.stderr)")
        #expect(!outcome.stderr.contains("Fatal error") && !outcome.stderr.contains("Backtrace"))
        if let message {
            #expect(outcome.stderr == "error: \(message)\n")
        } else {
            #expect(outcome.stderr.isEmpty)
        }
    }

    /// Paths that are not scripts: refused at once, by what they are, and nothing is read whole.
    @Test(arguments: [
        ("mkdir dir.session", "dir.session", 2, "no *.session scripts in dir.session; give script files or folders that hold them"),
        ("mkfifo fifo.session", "fifo.session", 1, "fifo.session: is not a regular file (a FIFO, socket or device); give a file"),
        ("true", "/dev/null", 1, "/dev/null: is not a regular file (a FIFO, socket or device); give a file"),
        ("ln -s b.session a.session; ln -s a.session b.session", "a.session", 2, "a.session: a loop of symbolic links; point the link at a real file"),
        ("truncate -s 512M sparse.session", "sparse.session", 1, "sparse.session: is 536870912 bytes; scripts are at most 16 MiB"),
        ("true", "nosuch.session", 2, "nosuch.session: no such file or folder"),
        ("printf '> show\\n\\377\\n' > binary.session", "binary.session", 1, "binary.session: it is not UTF-8 text (binary, or another encoding); save it as UTF-8"),
    ] as [(String, String, Int32, String)])
    func scriptsThatAreNotScripts(setUp: String, path: String, status: Int32, message: String) throws {
        let folder = try folder()
        defer { folder.remove() }
        let started = Date()
        let outcome = try BuiltProgram.bash("\(setUp) && \"$B\" test \(path)", in: folder.url, timeout: 20)
        #expect(outcome.status == status)
        // A script that cannot run is part of the report (stdout); an unusable path ends it (stderr).
        #expect((outcome.stdout + outcome.stderr).hasPrefix("error: \(message)\n"), "\(outcome.stdout)\(outcome.stderr)")
        #expect(Date().timeIntervalSince(started) < 10, "refused without reading or waiting")
    }

    @Test func recordingToAFIFOIsRefusedWithoutWaitingForAReader() throws {
        let folder = try folder()
        defer { folder.remove() }
        for script in ["\"$B\" -c 'record fifo.session --force'", "\"$B\" --record fifo.session --force-record -c show"] {
            let outcome = try BuiltProgram.bash("mkfifo fifo.session 2>/dev/null; \(script)", in: folder.url, timeout: 10)
            #expect(outcome.status == 1)
            #expect(outcome.stderr.contains("cannot record to fifo.session: is a FIFO or device with nothing on the other end")
                || outcome.stdout.contains("cannot record to fifo.session: is a FIFO or device with nothing on the other end"))
        }
    }

    /// `--update` writes through a link to its target, keeps the mode, and leaves no temporary behind.
    @Test func updateWritesAtALinksTargetKeepingItsPermissions() throws {
        let folder = try folder()
        defer { folder.remove() }
        let outcome = try BuiltProgram.bash("""
            mkdir real && printf '> type 12\\nwrong\\n' > real/a.session && chmod 600 real/a.session
            ln -s real/a.session link.session && "$B" test --update link.session
            """, in: folder.url)
        #expect(outcome.status == 0)
        let link = folder.url.appendingPathComponent("link.session").path
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/a.session")
        let target = folder.url.appendingPathComponent("real/a.session")
        #expect(try String(contentsOf: target, encoding: .utf8) == "> type 12\namount: $0.12|\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("real").path) == ["a.session"])
    }

    @Test func updateRefusesWhatItCouldNotReadBack() throws {
        let folder = try folder()
        defer { folder.remove() }
        // `help type` prints about 1.3 kB: the updated script would pass the 16 MiB limit.
        let script = String(repeating: "> help type\n", count: 16_000)
        let file = try folder.file("big.session", script)
        let outcome = try BuiltProgram.run(["test", "--update", "big.session"], directory: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix("error: cannot update big.session: would be "), "\(outcome.stdout.prefix(300))")
        #expect(outcome.stdout.contains(" bytes, more than the 16 MiB a script may have; not written"))
        #expect(try String(contentsOf: file, encoding: .utf8) == script, "the script is untouched")
    }

    /// Killed at any point of `--update`, the script is its old text or its new text, never a mix;
    /// SIGTERM and SIGINT also remove the temporary file.
    @Test(arguments: [SIGKILL, SIGTERM, SIGINT])
    func updateKilledAtRandomPointsLosesNothing(signal: Int32) throws {
        let folder = try folder()
        defer { folder.remove() }
        let old = String(repeating: "> help\nwrong\n", count: 3_000)
        let file = try folder.file("big.session", old)
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        // Seeded, and the seed said: a failure at one kill point can be played again with
        // MONEYFIELD_KILL_SEED=<seed>.
        let seed = ProcessInfo.processInfo.environment["MONEYFIELD_KILL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("updateKilledAtRandomPointsLosesNothing(\(signal)): kill points from MONEYFIELD_KILL_SEED=\(seed)")
        var generator = SplitMix64(seed: seed)
        var new: String?
        for _ in 0..<6 {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["test", "--update", "big.session"]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0..<400_000, using: &generator))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let text = try String(contentsOf: file, encoding: .utf8)
            if text != old {
                #expect(text.hasPrefix("> help\ncommands (help COMMAND") && text.hasSuffix("\n") && !text.contains("wrong"),
                        "a whole new script (MONEYFIELD_KILL_SEED=\(seed))")
                if let new { #expect(text == new) }
                new = text
                try old.write(to: file, atomically: false, encoding: .utf8)
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".big.session.") }
            if signal == SIGKILL {
                for leftover in leftovers { try FileManager.default.removeItem(at: folder.url.appendingPathComponent(leftover)) }
            } else {
                #expect(leftovers.isEmpty, "temporary left after signal \(signal)")
            }
        }
    }

    /// A recording on a disk that fills (a file-size limit, SIGXFSZ ignored so writes fail with
    /// EFBIG) stops with a message, and what it kept replays clean.
    @Test func aRecordingOnAFullDiskKeepsItsWholeCommands() throws {
        let folder = try folder()
        defer { folder.remove() }
        let commands = (0..<200).map { "clear\ntype \($0)\nhelp" }.joined(separator: "\n")
        _ = try folder.file("input.txt", commands + "\n")
        let outcome = try BuiltProgram.bash(
            "trap '' XFSZ; ulimit -f 16; \"$B\" --record full.session < input.txt", in: folder.url)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("error: recording to full.session stopped: File too large; the file holds every command before this one"))
        let size = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("full.session").path)[.size] as? Int
        #expect((size ?? 0) > 0 && (size ?? 0) <= 16 * 1024, "bash counts ulimit -f in KiB")
        let replay = try BuiltProgram.run(["test", "full.session"], directory: folder.url)
        #expect(replay.stdout == "1 passed, 0 failed\n", "\(replay.stdout)\(replay.stderr)")
    }

    /// Text from outside reaches the terminal with controls and bidi overrides escaped.
    @Test(arguments: [
        ("printf '> show\\033]0;PWNED\\007\\033[2K\\nexpected \\033[2J\\n' > esc.session", "\"$B\" test esc.session"),
        ("printf '# caption \\033[2J \\342\\200\\256 evil\\n> show\\namount: $0.00|\\n' > cap.session", "\"$B\" demo --pace 0 cap.session"),
        ("cp ok.session \"$(printf 'bad\\033name.session')\"; printf '> bogus\\n' >> \"$(printf 'bad\\033name.session')\"",
         "\"$B\" test \"$(printf 'bad\\033name.session')\""),
        ("true", "\"$B\" -c \"$(printf 'frob\\342\\200\\256evil\\342\\201\\246')\""),
        ("true", "\"$B\" test \"$(printf 'no\\033]0;x\\007such.session')\""),
        ("true", "\"$B\" --locale \"$(printf 'x\\033[31m')\" -c show"),
    ] as [(String, String)])
    func nothingRawReachesTheTerminal(setUp: String, command: String) throws {
        let folder = try folder()
        defer { folder.remove() }
        let outcome = try BuiltProgram.bash("\(setUp); \(command)", in: folder.url)
        let printed = outcome.stdout + outcome.stderr
        #expect(!printed.isEmpty)
        let raw = printed.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) }) in \(printed.debugDescription)")
        #expect(printed.contains("\\u{"), "shown escaped")
    }
}

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
        // Refused without reading or waiting: a wait would be a hang, cut at 60 s and said so.
        let outcome = try BuiltProgram.bash("\(setUp) && \"$B\" test \(path)", in: folder.url, timeout: 60)
        #expect(!outcome.timedOut, "it waited on \(path) instead of refusing it")
        #expect(outcome.status == status)
        // A script that cannot run is part of the report (stdout); an unusable path ends it (stderr).
        #expect((outcome.stdout + outcome.stderr).hasPrefix("error: \(message)\n"), "\(outcome.stdout)\(outcome.stderr)")
    }

    @Test func recordingToAFIFOIsRefusedWithoutWaitingForAReader() throws {
        let folder = try folder()
        defer { folder.remove() }
        for script in ["\"$B\" -c 'record fifo.session --force'", "\"$B\" --record fifo.session --force-record -c show"] {
            let outcome = try BuiltProgram.bash("mkfifo fifo.session 2>/dev/null; \(script)", in: folder.url, timeout: 60)
            #expect(!outcome.timedOut, "it waited for a reader of the FIFO")
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

    /// Signalled at a random point of `--update` over a few hundred scripts, each script is its
    /// old text or its new text, never a mix, and the updated ones are the first N in order. SIGINT
    /// and SIGTERM end it with 130/143 and "interrupted after D of 200 scripts; N updated", N the
    /// scripts actually rewritten, and no temporary file; SIGKILL may leave one (nothing can
    /// remove it), never a half-written script. Each signal is sent once the program reached a
    /// known state (the K-th script rewritten, K random), never at its start.
    @Test(arguments: [(SIGINT, 50), (SIGTERM, 50), (SIGKILL, 6)] as [(Int32, Int)])
    func updateKilledAtRandomPointsLosesNothing(signal: Int32, points: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let count = 200
        let names = (0..<count).map { String(format: "s%03d.session", $0) }
        let old = (0..<count).map { "# script \($0)\n> type 12\nwrong\n> type 3\nwrong too\n" }
        let new = (0..<count).map { "# script \($0)\n> type 12\namount: $0.12|\n> type 3\namount: $1.23|\n" }
        let urls = names.map { folder.url.appendingPathComponent("upd/" + $0) }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("upd"), withIntermediateDirectories: true)
        // Seeded, and the seed said: a failure at one kill point can be played again with
        // MONEYFIELD_KILL_SEED=<seed>.
        let seed = ProcessInfo.processInfo.environment["MONEYFIELD_KILL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("updateKilledAtRandomPointsLosesNothing(\(signal)): kill points from MONEYFIELD_KILL_SEED=\(seed)")
        var generator = SplitMix64(seed: seed)
        var landed = 0
        for point in 0..<points {
            for (url, text) in zip(urls, old) { try Self.overwrite(url.path, text) }
            let process = Process()
            process.executableURL = binary
            process.arguments = ["test", "--update", "upd"]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            let stderr = Pipe()
            process.standardError = stderr
            try process.run()
            // The state to signal at: the K-th script rewritten (scripts are written in order).
            let target = Int(generator.next() % UInt64(count / 2))
            let deadline = Date().addingTimeInterval(120)
            var exitedFirst = false
            while (try? String(contentsOf: urls[target], encoding: .utf8)) == old[target] {
                guard process.isRunning else { exitedFirst = true; break }
                guard Date() < deadline else {
                    process.terminate()
                    Issue.record("script \(target) was not rewritten within 120 s (MONEYFIELD_KILL_SEED=\(seed))")
                    return
                }
                usleep(500)
            }
            if !exitedFirst { kill(process.processIdentifier, signal) }
            process.waitUntilExit()
            let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let texts = try urls.map { try String(contentsOf: $0, encoding: .utf8) }
            let updated = texts.indices.filter { texts[$0] == new[$0] }
            let place = "kill point \(point), after script \(target) (MONEYFIELD_KILL_SEED=\(seed))"
            #expect(texts.indices.allSatisfy { texts[$0] == old[$0] || texts[$0] == new[$0] }, "a script half written, \(place)")
            #expect(updated == Array(0..<updated.count), "the updated scripts are the first ones, \(place)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("upd").path)
                .filter { $0.hasPrefix(".") }
            if process.terminationReason == .exit && process.terminationStatus == 0 {
                // It finished between the state and the signal: every script rewritten.
                #expect(updated.count == count, "\(place): \(message)")
                continue
            }
            landed += 1
            if signal == SIGKILL {
                #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
                for leftover in leftovers { try FileManager.default.removeItem(at: folder.url.appendingPathComponent("upd/" + leftover)) }
                continue
            }
            #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal, "\(place): \(message)")
            #expect(updated.count > target, "\(place)")
            let head = message.split(separator: "\n").first.map(String.init) ?? ""
            #expect(head.hasPrefix("interrupted after ") && head.hasSuffix(" of \(count) scripts; \(updated.count) updated:"),
                    "\(place): \(message)")
            // The first of them by name, every one a file that was rewritten.
            let names = Set(updated.map { "upd/" + urls[$0].lastPathComponent })
            for line in message.split(separator: "\n").dropFirst().prefix(10) where !line.hasPrefix("  …") {
                #expect(names.contains(String(line.dropFirst(2))), "\(place): \(line) was not updated")
            }
            #expect(leftovers.isEmpty, "temporary left, \(place): \(leftovers)")
        }
        // Only a finish between the state and the signal is not a kill point: rare, never most.
        #expect(landed * 10 >= points * 9, "only \(landed) of \(points) signals landed before the end")
    }

    /// SIGINT or SIGTERM while `demo --cast` makes its cast: it says so, ends 130/143, and leaves
    /// neither a cast nor a temporary. The signal goes once the demo is under way: the script
    /// records itself (`record`), and the recording has grown.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedCastSaysSoAndLeavesNothing(signal: Int32) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        _ = try folder.file("long.session", "> record rec.session\n" + String(repeating: "> type 1\n> clear\n", count: 20_000))
        let process = Process()
        process.executableURL = binary
        process.arguments = ["demo", "--allow-write", "--cast", "out.cast", "long.session"]
        process.currentDirectoryURL = folder.url
        process.standardOutput = FileHandle.nullDevice
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let recording = folder.url.appendingPathComponent("rec.session").path
        let deadline = Date().addingTimeInterval(120)
        while ((try? FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int) ?? 0) < 4096 {
            guard process.isRunning, Date() < deadline else {
                process.terminate()
                Issue.record("the demo never reached its recording's fourth KiB")
                return
            }
            usleep(1_000)
        }
        kill(process.processIdentifier, signal)
        // Read while it runs: its warnings (the script expects nothing) fill a pipe.
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
        #expect(message.hasPrefix("demo --cast interrupted at step ") && message.hasSuffix(" of 40001, before out.cast was written; it is unchanged\n"),
                "\(message.suffix(300))")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!files.contains("out.cast") && !files.contains { $0.hasPrefix(".out.cast.") }, "\(files)")
    }

    /// SIGINT or SIGTERM while `--record` reads its commands: it stops between commands, says the
    /// last one it ran, ends 130/143, and the recording replays green. Signalled once the third
    /// command's block is on disk, while the shell waits for a fourth.
    @Test(arguments: [(SIGINT, false), (SIGTERM, false), (SIGTERM, true), (SIGHUP, true)] as [(Int32, Bool)])
    func anInterruptedRecordingSaysWhereItStopped(signal: Int32, atThePrompt: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let process = Process()
        process.executableURL = binary
        // At the prompt (line editing), Ctrl-C abandons a line: there SIGTERM and SIGHUP stop it.
        process.arguments = (atThePrompt ? ["--interactive"] : []) + ["--record", "rec.session"]
        process.currentDirectoryURL = folder.url
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data("type 12\nnew eur --locale de_DE --currency EUR\ntype 345\n".utf8))
        let recording = folder.url.appendingPathComponent("rec.session")
        let deadline = Date().addingTimeInterval(120)
        while (try? String(contentsOf: recording, encoding: .utf8))?.hasSuffix("eur: 3,45|\u{00A0}€\n\n") != true {
            guard Date() < deadline else {
                process.terminate()
                Issue.record("the recording never held the third command within 120 s")
                return
            }
            usleep(5_000)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal, "\(message)")
        #expect(message == (atThePrompt ? "\ninterrupted after `type 345`; the recording rec.session holds every command up to there, whole\n"
            : "interrupted after stdin:3; rec.session holds every command recorded up to there, whole\n"))
        let replay = try BuiltProgram.run(["test", "rec.session"], directory: folder.url)
        #expect(replay.stdout == "1 passed, 0 failed\n", "\(replay.stdout)\(replay.stderr)")
    }

    /// SIGTERM at the prompt with no recording running says so, rather than "if one was running".
    /// Signalled once the shell has answered its one command.
    @Test func anInterruptedPromptWithoutARecordingSaysThereWasNone() throws {
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--interactive"]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data("type 123\n".utf8))
        let descriptor = stdout.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var seen = [UInt8]()
        let deadline = Date().addingTimeInterval(120)
        while !String(decoding: seen, as: UTF8.self).contains("amount: $1.23|") {
            guard Date() < deadline else {
                process.terminate()
                Issue.record("the shell never answered `type 123` within 120 s: \(String(decoding: seen, as: UTF8.self))")
                return
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { seen += buffer[..<count] } else { usleep(5_000) }
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 128 + SIGTERM, "\(message)")
        #expect(message == "\ninterrupted after `type 123`; no recording was running\n")
    }

    /// Puts `text` in the file at `path` with plain POSIX calls (Foundation's writes are slow here).
    static func overwrite(_ path: String, _ text: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
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

import Foundation
import MoneyFieldTestSupport
import Testing

/// Ctrl-C is reported everywhere (issue 35): in the batch shell without a recording, and inside
/// one long script, not only between scripts. Each test waits for a state it can see, then
/// signals the process it started, and nothing else.
@Suite struct InterruptEverywhereTests {
    static func start(_ arguments: [String], in folder: URL, input: Pipe? = nil) throws -> (Process, Pipe) {
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        let stderr = Pipe()
        process.standardError = stderr
        if let input { process.standardInput = input }
        try process.run()
        return (process, stderr)
    }

    /// Polls `condition` until it holds; fails loudly after 60 s.
    static func wait(for what: String, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("timed out waiting for \(what)")
                return
            }
            usleep(2_000)
        }
    }

    @Test func theBatchShellSaysWhereItStopped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = Pipe()
        let (process, stderr) = try Self.start(["--record", "r.session"], in: folder.url, input: input)
        try input.fileHandleForWriting.write(contentsOf: Data("type 1\ntype 2\ntype 3\n".utf8))
        let recording = folder.url.appendingPathComponent("r.session")
        // The state: the third command recorded (the recording is flushed per command).
        Self.wait(for: "three commands recorded") {
            ((try? String(contentsOf: recording, encoding: .utf8)) ?? "").contains("> type 3")
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(message.hasPrefix("interrupted after stdin:3"), "\(message)")
        try? input.fileHandleForWriting.close()
    }

    @Test func theBatchShellWithoutARecordingSaysSoToo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = Pipe()
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let process = Process()
        process.executableURL = binary
        process.currentDirectoryURL = folder.url
        let stdout = Pipe()
        process.standardOutput = stdout
        let stderr = Pipe()
        process.standardError = stderr
        process.standardInput = input
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data("type 1\ntype 2\n".utf8))
        // The state: the second command's output read back.
        var seen = ""
        Self.wait(for: "two field lines") {
            seen += String(decoding: stdout.fileHandleForReading.availableData, as: UTF8.self)
            return seen.contains("amount: $0.12|")
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(message == "interrupted after stdin:2\n", "\(message)")
        try? input.fileHandleForWriting.close()
    }

    /// A script of 300,001 commands: the signal is seen between two of its commands.
    @Test func aLongScriptStopsBetweenItsCommands() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var text = "> record started.session\nrecording to started.session\n"
        text += String(repeating: "> value\n0.00\n", count: 300_000)
        _ = try folder.file("long.session", text)
        let (process, stderr) = try Self.start(["test", "--allow-write", "long.session"], in: folder.url)
        // The state: the script's first command ran (it made its recording).
        let started = folder.url.appendingPathComponent("started.session")
        Self.wait(for: "the script's first command") { FileManager.default.fileExists(atPath: started.path) || !process.isRunning }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(message)")
        // Where it stopped: the line of the first command not run (a command's line is 3 + 2k
        // for the k-th after the first), and how many had run.
        let words = try #require(message.wholeMatch(of: /interrupted after 0 of 1 script; long\.session stopped before line ([0-9,]+), ([0-9,]+) of its 300,001 commands run\n/),
                                 "\(message)")
        let line = Int(words.1.replacing(",", with: "")) ?? 0
        let run = Int(words.2.replacing(",", with: "")) ?? 0
        #expect(run >= 1 && run < 300_001 && line == 1 + 2 * run, "\(message)")
    }
}

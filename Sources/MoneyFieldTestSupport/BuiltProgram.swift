import Foundation

/// Runs the built `moneyfield` executable the way a user or CI would, for end-to-end tests.
package enum BuiltProgram {
    /// The package's root folder, found from this source file.
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `moneyfield` binary beside the running test bundle (same build folder and configuration).
    package static var moneyfield: URL? {
        var candidates = [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in candidates {
            var probe = folder
            for _ in 0..<4 {
                let binary = probe.appendingPathComponent("moneyfield")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                probe = probe.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// What a finished run printed, and how it ended.
    package struct Outcome: Sendable {
        package let status: Int32
        package let stdout: String
        package let stderr: String
        /// It outlived its timeout and was ended (stderr then ends with a line that says so).
        package var timedOut = false
    }

    /// Runs `moneyfield` with `arguments`, feeding `input` on standard input; bounded by `timeout`.
    package static func run(
        _ arguments: [String], input: Data = Data(), directory: URL? = nil,
        environment: [String: String] = [:], timeout: TimeInterval = 60
    ) throws -> Outcome {
        guard let binary = moneyfield else { throw MissingBinary() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = "1"
        merged.merge(environment) { $1 }
        process.environment = merged
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        return collect(process, stdout: stdout, stderr: stderr, timeout: timeout)
    }

    /// Runs a bash script with `$B` set to the binary, for redirections a `Process` cannot make
    /// (`>/dev/full`, `>&-`, `ulimit`, ignored signals).
    package static func bash(_ script: String, in directory: URL, timeout: TimeInterval = 60) throws -> Outcome {
        guard let binary = moneyfield else { throw MissingBinary() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["B"] = binary.path
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        return collect(process, stdout: stdout, stderr: stderr, timeout: timeout)
    }

    /// Waits for a started process (stopping it at `timeout`), reading both pipes to their ends.
    private static func collect(_ process: Process, stdout: Pipe, stderr: Pipe, timeout: TimeInterval) -> Outcome {
        let outData = Collector(stdout.fileHandleForReading)
        let errData = Collector(stderr.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        // A hang is cut and said so, in the outcome a test looks at.
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: outData.wait(), as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self) + (timedOut ? "\n[timed out after \(Int(timeout)) s and was ended]\n" : ""),
            timedOut: timedOut)
    }

    package struct MissingBinary: Error, CustomStringConvertible {
        package init() {}
        package var description: String { "the moneyfield binary is not built; run `swift build` first" }
    }

    /// Reads a pipe to its end on a thread of its own, so a full pipe never blocks the child.
    final class Collector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)
        init(_ handle: FileHandle) {
            Thread {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }.start()
        }
        func wait() -> Data {
            done.wait()
            return data
        }
    }
}

/// A fresh temporary folder, removed by `remove()`.
package struct TemporaryFolder {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("moneyfield-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func file(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    @discardableResult
    package static func write(_ text: String, to url: URL) throws -> URL {
        try Data(text.utf8).write(to: url)
        return url
    }

    package func remove() { try? FileManager.default.removeItem(at: url) }
}

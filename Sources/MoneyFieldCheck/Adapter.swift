import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// The user's field behind `sh -c CMD`, spoken to in JSON Lines: one request line in, one reply
/// line out, each reply awaited at most `timeout`. Its stderr is kept (the last few KiB) for the
/// report when it fails, never mixed into moneyfield's output.
public final class Adapter {
    public enum Failure: Error, Equatable, Sendable {
        /// It could not be started at all (exit 2).
        case cannotStart(String)
        /// It exited, hung or answered something unreadable, in reply to `request`.
        case broke(request: String, problem: String, stderr: String)
    }

    public enum Reply: Equatable, Sendable {
        case answer(FieldAnswer)
        case unsupported
    }

    let command: String
    let timeout: Duration
    private var process: Process?
    private var inputHandle: FileHandle?
    private var input: Int32 = -1
    private var output: Int32 = -1
    private var pending: [UInt8] = []
    private let errors = ErrorTail()
    /// Replies read so far: none means it never started talking.
    public private(set) var replies = 0

    public init(command: String, timeout: Duration) {
        self.command = command
        self.timeout = timeout
    }

    deinit { stop() }

    public func start() throws(Failure) {
        // A write to an adapter that died must fail with EPIPE, not end moneyfield.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch { throw .cannotStart("cannot run sh -c \(command): \(error.localizedDescription)") }
        self.process = process
        inputHandle = stdin.fileHandleForWriting
        input = stdin.fileHandleForWriting.fileDescriptor
        output = stdout.fileHandleForReading.fileDescriptor
        pending = []
        errors.follow(stderr.fileHandleForReading)
    }

    public func stop() {
        guard let process else { return }
        if input >= 0 { _ = try? send("{\"op\":\"quit\"}") }
        // End of input too, then a moment to leave on its own; then its whole group is ended.
        try? inputHandle?.close()
        inputHandle = nil
        let group = process.processIdentifier
        for signal in [Int32(0), SIGTERM, SIGKILL] {
            if signal != 0 { kill(-group, signal) }
            let deadline = Date().addingTimeInterval(0.3)
            while process.isRunning && Date() < deadline { usleep(2_000) }
            if !process.isRunning { break }
        }
        process.waitUntilExit()
        self.process = nil
        input = -1
        output = -1
    }

    /// Sends a request and reads its reply.
    public func ask(_ request: String) throws(Failure) -> Reply {
        try send(request)
        let line = try readLine(for: request)
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw broke(request, "its reply is not a JSON object: \(Self.quoted(line))")
        }
        if object["unsupported"] as? Bool == true { return .unsupported }
        guard let display = object["display"] as? String else {
            throw broke(request, "its reply has no \"display\" string: \(Self.quoted(line))")
        }
        let caret = object["caret"] as? Int
        if object["caret"] != nil, !(object["caret"] is NSNull), caret == nil {
            throw broke(request, "its \"caret\" is not a whole number: \(Self.quoted(line))")
        }
        return .answer(FieldAnswer(display: display, caret: caret, value: object["value"] as? String, rejected: object["rejected"] as? Bool))
    }

    private func send(_ request: String) throws(Failure) {
        let bytes = Array((request + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw broke(request, "it stopped reading (\(String(cString: strerror(errno))))")
            }
            sent += count
        }
    }

    private func readLine(for request: String) throws(Failure) -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                replies += 1
                return line.hasSuffix("\r") ? String(line.dropLast()) : line
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw broke(request, "no reply within \(timeout) (--timeout)") }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 600_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                process?.waitUntilExit()
                let status = process.map { $0.terminationReason == .uncaughtSignal ? "signal \($0.terminationStatus)" : "status \($0.terminationStatus)" } ?? "?"
                throw broke(request, "it exited (\(status)) without replying")
            }
            pending += chunk[..<count]
            if pending.count > 1 << 20 { throw broke(request, "its reply is over 1 MiB without a newline") }
        }
    }

    private func broke(_ request: String, _ problem: String) -> Failure {
        usleep(20_000)  // what it wrote to stderr as it failed
        return .broke(request: request, problem: problem, stderr: errors.text)
    }

    static func quoted(_ line: String) -> String {
        "\"" + VisibleText.escaped(String(line.prefix(200)), .terminalUnsafe) + (line.count > 200 ? "…" : "") + "\""
    }
}

/// The last few KiB an adapter wrote to stderr, read on a thread of its own.
final class ErrorTail: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()

    func follow(_ handle: FileHandle) {
        lock.withLock { data = Data() }
        Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                self.lock.withLock {
                    self.data.append(chunk)
                    if self.data.count > 4096 { self.data = self.data.suffix(4096) }
                }
            }
        }.start()
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

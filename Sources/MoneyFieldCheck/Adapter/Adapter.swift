import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

/// The user's field behind `sh -c CMD`, spoken to in JSON Lines: one request line in, one reply
/// line out, each reply awaited at most `timeout` (the first, `startTimeout`), taken only as the
/// answer to the request it follows, and checked before it counts as an answer. It
/// runs in a process group of its own with only its three pipes; the last 64 KiB of its stderr
/// are kept for the report, never mixed into moneyfield's output.
@_spi(Tools) public final class Adapter {
    package enum Failure: Error, Equatable, Sendable {
        /// It could not be started at all (exit 2).
        case cannotStart(String)
        /// It exited, hung or answered something that is not a reply, to `request`.
        case broke(request: String, problem: Problem, stderr: String)
        /// moneyfield was interrupted (Ctrl-C, SIGTERM) while waiting for it.
        case interrupted
    }

    /// What was wrong with the adapter, as data; `words` says it.
    @_spi(Tools) public enum Problem: Error, Equatable, Sendable {
        case exited(String)
        case closedOutput
        case stoppedReading(String)
        /// `starting`: no reply yet, so the deadline was `--start-timeout`'s.
        case timedOut(seconds: Double, starting: Bool = false)
        case tooLong
        case notUTF8(String)
        case notAReply(String, why: String)
        case caretOutside(Int, length: Int, reply: String)
        case selectionOutside(length: Int, reply: String)
        case unasked(String)
        case unsupportedKey(String)

        /// Before any reply, these mean it never got going (a wrong command, no interpreter).
        package var isFailureToStart: Bool {
            switch self {
            case .exited, .closedOutput, .stoppedReading: true
            case .timedOut(_, let starting): starting
            case .tooLong, .notUTF8, .notAReply, .caretOutside, .selectionOutside, .unasked, .unsupportedKey: false
            }
        }

        package var words: String {
            switch self {
            case .exited(let status): "it exited (\(status)) without replying"
            case .closedOutput: "it closed its standard output without replying"
            case .stoppedReading(let reason): "it stopped reading its standard input (\(reason))"
            case .timedOut(let seconds, let starting): "no reply within \(Self.seconds(seconds)) (\(starting ? "--start-timeout" : "--timeout"))"
            case .tooLong: "its reply is over 1 MiB without a newline"
            case .notUTF8(let reply): "its reply is not UTF-8: \(reply)"
            case .notAReply(let reply, let why): "its reply \(reply) \(why)"
            case .caretOutside(let caret, let length, let reply): "its caret \(caret) is outside its display (0 to \(length)): \(reply)"
            case .selectionOutside(let length, let reply): "its selection is not [start, end] with 0 ≤ start ≤ end ≤ \(length), its display's length: \(reply)"
            case .unasked(let line): "it sent a line nobody asked for (a second reply, or one before the request): \(line)"
            case .unsupportedKey(let reply): "it answered a key with {\"unsupported\":true}, which only answers new and tap: \(reply)"
            }
        }

        static func seconds(_ value: Double) -> String {
            value >= 1 ? "\(value.formatted(.number.precision(.fractionLength(0...3)))) s"
                : "\((value * 1000).formatted(.number.precision(.fractionLength(0...3)))) ms"
        }
    }

    @_spi(Tools) public enum Reply: Equatable, Sendable {
        case answer(FieldAnswer)
        case unsupported
    }

    let command: String
    let timeout: Double
    /// The deadline for its first reply: a browser's start is slower than any answer.
    let startTimeout: Double
    /// Whether moneyfield has been asked to stop: checked whenever a wait is interrupted.
    let isInterrupted: @Sendable () -> Bool
    private var child: ChildProcess?
    private var pending: [UInt8] = []
    /// The line in `pending` began before the request sent last was read.
    private var startedLineEarly = false
    private let errors = ErrorTail()
    /// Replies read so far: none means it never started talking.
    package private(set) var replies = 0
    /// The id the next request carries (SPEC §4: an adapter may echo it).
    private var nextID = 1
    /// It has echoed an id: every reply is matched to its request exactly.
    private var echoesIDs = false
    private var gaveReason = false
    /// The signatures of the differences this process was confirmed in step at.
    private var confirmedSignatures: Set<String> = []
    /// The optional requests its reply to the last `new` listed (`"takes"`): the only ones sent.
    package private(set) var takes: Set<OptionalRequest> = []
    /// How much it had written to stderr when the last `new` was sent: its reason for refusing
    /// that request is what follows.
    private var errorsBeforeNew = 0

    package init(command: String, timeout: Double, startTimeout: Double = 30, isInterrupted: @escaping @Sendable () -> Bool = { false }) {
        self.command = command
        self.timeout = timeout
        self.startTimeout = startTimeout
        self.isInterrupted = isInterrupted
    }

    deinit { stop() }

    package func start() throws(Failure) {
        do { child = try ChildProcess(shellCommand: command) } catch {
            guard case .failed(let reason) = error else { throw .cannotStart("cannot run the adapter") }
            throw .cannotStart(reason)
        }
        pending = []
        confirmedSignatures = []
        startedLineEarly = false
        replies = 0
        nextID = 1
        echoesIDs = false
        takes = []
        errors.follow(child!.takeErrorOutput())
    }

    /// Says goodbye, then ends its whole group (TERM, then KILL after a grace period).
    package func stop() {
        guard let child else { return }
        if child.input >= 0 { _ = try? send(AdapterRequest.quit.line) }
        child.end()
        self.child = nil
    }

    /// Sends a request and reads its reply, checked (SPEC §4) before it counts. An optional
    /// request (`tap`) is the caller's to send only when `takes` lists it.
    package func ask(_ request: AdapterRequest) throws(Failure) -> Reply {
        try exchange(request)
    }

    /// Sends a request and reads its reply.
    private func exchange(_ request: AdapterRequest) throws(Failure) -> Reply {
        // Key and tap requests carry an id an adapter may echo; `new` does not, as adapters that
        // match their configuration by its keys expect (an echo seen there is checked all the same).
        let id = nextID
        nextID += 1
        let line = request.carriesID ? String(request.line.dropLast()) + ",\"id\":\(id)}" : request.line
        try refuseUnasked(before: line)
        if case .new = request { errorsBeforeNew = errors.written }
        try send(line)
        let bytes = try readLine(for: line)
        switch Self.reply(bytes, answering: request, id: id) {
        case .success(let (reply, takes, echoed)):
            if echoed { echoesIDs = true }
            if case .new = request { self.takes = takes }
            return reply
        case .failure(let problem): throw broke(line, problem)
        }
    }

    /// The last line it wrote to stderr for the `new` it refused, the first time it is asked;
    /// empty after that, or when it wrote none: why it refused. The line is waited for until it
    /// is whole or stderr closes, at most a quarter of a second (an adapter may say nothing).
    package func reasonForRefusing() -> String {
        guard !gaveReason else { return "" }
        gaveReason = true
        errors.waitForLine(after: errorsBeforeNew, within: .milliseconds(250))
        return errors.text(after: errorsBeforeNew).split(separator: "\n").last.map { String($0.prefix(300)) } ?? ""
    }

    /// Before a difference of a signature this process has not shown counts: with no id echoed,
    /// a line it writes within a moment after the reply (a reply sent twice, the second taken for
    /// the next answer) means the replies were out of step, and it is broken rather than
    /// different. Once per signature: a run where most sessions differ waited that moment for
    /// each of them (15 s in 150 sessions).
    package func confirmInStep(signature: @autoclosure () -> String) throws(Failure) {
        guard !echoesIDs, let child, confirmedSignatures.insert(signature()).inserted else { return }
        let deadline = ContinuousClock.now + .milliseconds(Int64(min(timeout, 0.1) * 1000))
        while pending.isEmpty {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return }
            var descriptor = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
            let ready = Foundation.poll(&descriptor, 1, Int32(max(1, left / .milliseconds(1))))
            if ready < 0 && errno == EINTR {
                if isInterrupted() { throw .interrupted }
                continue
            }
            guard ready > 0, readChunk(from: child.output) > 0 else { return }
        }
        throw broke("(after its last reply)", .unasked(Self.quoted(String(decoding: pending[..<(pending.firstIndex(of: 10) ?? pending.endIndex)], as: UTF8.self))))
    }

    /// `reply(_:answering:)` for a request that carried `id`: a reply that echoes another id
    /// answers another request. Also the optional requests it takes and whether it echoed an id.
    static func reply(_ bytes: ArraySlice<UInt8>, answering request: AdapterRequest, id: Int) -> Result<(Reply, Set<OptionalRequest>, Bool), Problem> {
        let echoed = (try? JSONDecoder().decode(EchoedID.self, from: Data(bytes)))?.id
        if let echoed, echoed != id, request.carriesID {
            return .failure(.unasked(quoted(String(decoding: bytes, as: UTF8.self)) + " (it answers request \(echoed), not \(id))"))
        }
        return decoded(bytes, answering: request).map { ($0.0, $0.1, echoed != nil) }
    }

    private struct EchoedID: Decodable { var id: Int? }

    /// A reply line checked (SPEC §4) as the answer to `request`, or what is wrong with it: the
    /// one reader of adapters' bytes, apart from the process so it can be fuzzed.
    @_spi(Tools) public static func reply(_ bytes: ArraySlice<UInt8>, answering request: AdapterRequest) -> Result<Reply, Problem> {
        decoded(bytes, answering: request).map(\.0)
    }

    /// `reply(_:answering:)` and the optional requests a reply to `new` says it takes (`"takes"`,
    /// a list of names, unknown ones passed over; none for any other request).
    package static func decoded(_ bytes: ArraySlice<UInt8>, answering request: AdapterRequest) -> Result<(Reply, Set<OptionalRequest>), Problem> {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(.notUTF8(quoted(String(decoding: bytes, as: UTF8.self))))
        }
        let reply: AdapterReply
        do {
            guard text.first == "{" else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not an object")) }
            reply = try JSONDecoder().decode(AdapterReply.self, from: Data(text.utf8))
        } catch {
            return .failure(.notAReply(quoted(text), why: why(error)))
        }
        if reply.unsupported == true {
            guard request.mayBeUnsupported else { return .failure(.unsupportedKey(quoted(text))) }
            return .success((.unsupported, []))
        }
        guard let display = reply.display else { return .failure(.notAReply(quoted(text), why: "has no \"display\" string")) }
        if let caret = reply.caret, !(0...display.utf16.count).contains(caret) {
            return .failure(.caretOutside(caret, length: display.utf16.count, reply: quoted(text)))
        }
        var answer = FieldAnswer(display: display, caret: reply.caret, value: reply.value, rejected: reply.rejected)
        if reply.reportsSelection {
            if let bounds = reply.selection {
                guard answer.reportSelection(bounds: bounds) else {
                    return .failure(.selectionOutside(length: display.utf16.count, reply: quoted(text)))
                }
            } else {
                answer.reportSelection(nil)
            }
        }
        var takes: Set<OptionalRequest> = []
        if case .new = request { takes = OptionalRequest.taken(reply.takes ?? []) }
        return .success((.answer(answer), takes))
    }

    /// What a strict decoder found wrong, in the protocol's words.
    static func why(_ error: Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            let key = context.codingPath.first?.stringValue ?? "?"
            let expected = ["display": "a string", "value": "a string", "caret": "a whole number or null", "rejected": "true or false",
                            "unsupported": "true", "selection": "[start, end] or null",
                            "takes": "a list of request names ([\"tap\"])"][key] ?? "of another type"
            return "has a \"\(key)\" that is not \(expected)"
        default:
            return "is not one JSON object"
        }
    }

    /// Anything it wrote since its last reply, before this request is sent, answers nothing that
    /// was asked: a second reply, or a line before the first request. Read without waiting.
    private func refuseUnasked(before request: String) throws(Failure) {
        guard let child else { return }
        while pending.count <= 1 << 20 {
            var descriptor = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
            guard Foundation.poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0, readChunk(from: child.output) > 0 else { break }
        }
        guard !pending.isEmpty else { return }
        throw broke(request, .unasked(Self.quoted(String(decoding: pending[..<(pending.firstIndex(of: 10) ?? pending.endIndex)], as: UTF8.self))))
    }

    private func send(_ line: String) throws(Failure) {
        guard let child else { throw .cannotStart("the adapter is not running") }
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { child.writeInput($0) }
            if count < 0 {
                if errno == EINTR {
                    if isInterrupted() { throw .interrupted }
                    continue
                }
                let reason = String(cString: strerror(errno))
                // Its stdin closes as it exits: a moment to tell an exit from a closed stdin.
                if child.waitForExit(milliseconds: 200) { throw broke(line, .exited(child.exitDescription)) }
                throw broke(line, .stoppedReading(reason))
            }
            sent += count
        }
        startedLineEarly = false
    }

    @discardableResult
    private func readChunk(from descriptor: Int32) -> Int {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 { pending += chunk[..<count] }
        return count
    }

    /// Reads the reply to `request`: the first line it writes after reading the request. Waits
    /// `startTimeout` for the first reply of its life, `timeout` for the others, and no longer
    /// once it has exited.
    private func readLine(for request: String) throws(Failure) -> ArraySlice<UInt8> {
        guard let child else { throw .cannotStart("the adapter is not running") }
        let limit = replies == 0 ? startTimeout : timeout
        let deadline = ContinuousClock.now + .nanoseconds(Int64(limit * 1e9))
        var watchingInput = true
        while true {
            if let newline = pending.firstIndex(of: 10) {
                var line = pending[..<newline]
                pending.removeFirst(newline + 1)
                if startedLineEarly {
                    throw broke(request, .unasked(Self.quoted(String(decoding: line, as: UTF8.self))))
                }
                replies += 1
                if line.last == 13 { line = line.dropLast() }
                return ArraySlice(Array(line))
            }
            if pending.count > 1 << 20 { throw broke(request, .tooLong) }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw broke(request, .timedOut(seconds: limit, starting: replies == 0)) }
            // poll counts whole milliseconds: round up, so a short timeout still waits.
            let milliseconds = Int32(min(600_000, (left / .milliseconds(1)).rounded(.up)))
            switch child.waitForOutput(milliseconds: max(1, milliseconds), watchingInput: watchingInput) {
            case .timedOut:
                continue
            case .interrupted:
                if isInterrupted() { throw .interrupted }
                continue
            case .inputClosed:
                // It closed its stdin with the request unread: it will never answer. Read, it
                // may still answer: then only its output and its exit are watched.
                if child.unreadInput > 1 { throw broke(request, .stoppedReading(String(cString: strerror(EPIPE)))) }
                watchingInput = false
            case .exited:
                // What it wrote before it exited still counts; nothing more can come.
                try readWhatIsLeft(for: request)
                if pending.contains(10) { continue }
                throw broke(request, .exited(child.exitDescription))
            case .readable:
                let count = readChunk(from: child.output)
                if count < 0 {
                    if errno == EINTR, isInterrupted() { throw .interrupted }
                    continue
                }
                if count == 0 {
                    // End of its output: a moment (never past the deadline) to say how it ended.
                    let settle = Int32(max(0, min(200, (deadline - ContinuousClock.now) / .milliseconds(1))))
                    throw broke(request, child.waitForExit(milliseconds: settle) ? .exited(child.exitDescription) : .closedOutput)
                }
                noteEarlyBytes()
            }
        }
    }

    /// A reply is written after its request was read: bytes read while the request still sits
    /// unread in its stdin began a line nobody asked for (a line written before it was asked).
    /// An adapter that reads up to the object's `}` and leaves the newline for later has read it.
    private func noteEarlyBytes() {
        if let child, !pending.isEmpty, child.unreadInput > 1 { startedLineEarly = true }
    }

    /// Reads what its output holds now, without waiting.
    private func readWhatIsLeft(for request: String) throws(Failure) {
        guard let child else { return }
        while pending.count <= 1 << 20 {
            var descriptor = pollfd(fd: child.output, events: Int16(POLLIN), revents: 0)
            guard Foundation.poll(&descriptor, 1, 0) > 0, readChunk(from: child.output) > 0 else { return }
            noteEarlyBytes()
        }
    }

    private func broke(_ request: String, _ problem: Problem) -> Failure {
        // What it wrote to stderr as it failed: all of it once it has exited and closed stderr.
        errors.waitForEnd(within: .milliseconds(250))
        return .broke(request: request, problem: problem, stderr: errors.text)
    }

    static func quoted(_ line: String) -> String {
        "\"" + VisibleText.escaped(String(line.prefix(200)), .terminalUnsafe) + (line.count > 200 ? "…" : "") + "\""
    }
}

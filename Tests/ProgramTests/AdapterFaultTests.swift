import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
@_spi(Tools) import MoneyFieldCheck

/// `Adapter` driven in-process against small `sh` adapters that break the protocol one way each
/// (SPEC §4 "Replies are checked before they are compared"), and against `moneyfield adapter`,
/// which must never be taken for broken.
@Suite struct AdapterFaultTests {
    static func binary() throws -> String {
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        return binary.path
    }

    /// The `new` every session opens with (a constant the engine always accepts).
    static let new: AdapterRequest = {
        guard let configuration = try? FieldConfiguration(locale: "en_US", currency: "USD") else { preconditionFailure("en_US/USD is built in") }
        return .new(configuration)
    }()

    /// The problem `adapter` is reported with for `requests`, or nil when every request was answered;
    /// `whenStarted` runs between its start and the first request (to wait for a state of its).
    static func problem(of command: String, _ requests: [AdapterRequest] = [new], timeout: Double = 20, startTimeout: Double = 20,
                        whenStarted: () -> Void = {}) throws -> (problem: Adapter.Problem?, replies: Int)
    {
        let adapter = Adapter(command: command, timeout: timeout, startTimeout: startTimeout)
        defer { adapter.stop() }
        try adapter.start()
        whenStarted()
        do {
            for request in requests { _ = try adapter.ask(request) }
        } catch {
            guard case .broke(_, let problem, _) = error else {
                Issue.record("not a broken adapter: \(error)")
                return (nil, adapter.replies)
            }
            return (problem, adapter.replies)
        }
        return (nil, adapter.replies)
    }

    /// Waits until an adapter has made `file`, the state it reports; fails loudly after 60 s.
    static func waitUntilExists(_ file: URL) {
        let deadline = ContinuousClock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: file.path) {
            guard ContinuousClock.now < deadline else {
                Issue.record("the adapter never made \(file.lastPathComponent) within 60 s")
                return
            }
            usleep(2_000)
        }
    }

    static func keys(_ count: Int) -> [AdapterRequest] {
        var random = SystemRandomNumberGenerator()
        let names = ["1", "2", "0", "bs", "del", "left", "right", "home", "end"]
        return [new] + (0..<count).map { _ in .key(Key(protocolName: names.randomElement(using: &random)!)!) }
    }

    @Test func theReferenceAdapterIsNeverTakenForBroken() throws {
        let outcome = try Self.problem(of: "exec \(try Self.binary()) adapter", Self.keys(2000))
        #expect(outcome.problem == nil)
        #expect(outcome.replies == 2001)
    }

    /// A line written before the request was read answers nothing, whenever it arrives: it is
    /// never compared as the reply, and the session does not shift by one. Both moments are made
    /// by states, not by sleeps: before the request is sent (the adapter has said it wrote the
    /// line), and after, while the request sits unread (written once select sees the request,
    /// which reads nothing, and never read).
    @Test(arguments: [false, true])
    func aLineWrittenBeforeItWasAskedIsUnasked(afterTheRequestWasSent: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let line = #"{"display":"$0.00","caret":5}"#
        let written = folder.url.appendingPathComponent("written")
        let command: String
        if afterTheRequestWasSent {
            let script = try folder.file("early.py", """
                import os, select, signal
                select.select([0], [], [])
                os.write(1, b'\(line)\\n')
                signal.pause()
                """)
            command = "exec python3 '\(script.path)'"
        } else {
            command = "echo '\(line)'; : > '\(written.path)'; exec \(try Self.binary()) adapter"
        }
        let outcome = try Self.problem(of: command, Self.keys(20)) {
            if !afterTheRequestWasSent { Self.waitUntilExists(written) }
        }
        guard case .unasked(let unasked)? = outcome.problem else {
            Issue.record("not reported as unasked: \(String(describing: outcome.problem)) after \(outcome.replies) replies")
            return
        }
        #expect(unasked == "\"\(line)\"")
        #expect(outcome.replies == 0)
        #expect(outcome.problem?.words.hasPrefix("it sent a line nobody asked for") == true)
    }

    /// An adapter that reads a request up to its `}` (dd, one byte at a time) and answers before
    /// it reads the newline has read the request: its replies are answers.
    @Test func aReplyBeforeTheRequestsNewlineWasReadCounts() throws {
        let reply = "{\"display\":\"$0.00\",\"caret\":5}"
        let command = "while :; do r=''; while c=$(dd bs=1 count=1 2>/dev/null) && [ -n \"$c\" ]; do r=\"$r$c\"; [ \"$c\" = '}' ] && break; done; "
            + "[ -z \"$r\" ] && exit 0; echo '\(reply)'; dd bs=1 count=1 >/dev/null 2>&1; done"
        let outcome = try Self.problem(of: command, [Self.new, .key(.digit(1)), .key(.digit(2))])
        #expect(outcome.problem == nil)
        #expect(outcome.replies == 3)
    }

    @Test func aSecondReplyIsUnasked() throws {
        let command = "read line; r='{\"display\":\"$0.00\",\"caret\":5}'; printf '%s\\n%s\\n' \"$r\" \"$r\"; cat >/dev/null"
        let outcome = try Self.problem(of: command, [Self.new, .key(.digit(1))])
        guard case .unasked? = outcome.problem else { Issue.record("\(String(describing: outcome.problem))"); return }
        #expect(outcome.replies == 1)
    }

    @Test(arguments: ["4.5", "99999999999999999999", "-1e30", "\"5\"", "true", "[5]"])
    func aCaretThatIsNotAWholeNumberIsSaidSo(caret: String) throws {
        let reply = "{\"display\":\"$0.00\",\"caret\":\(caret)}"
        let outcome = try Self.problem(of: "read line; echo '\(reply)'; cat >/dev/null")
        guard case .notAReply(_, let why)? = outcome.problem else { Issue.record("\(String(describing: outcome.problem))"); return }
        #expect(why == "has a \"caret\" that is not a whole number or null")
    }

    @Test(arguments: [
        ("{\"display\":\"$0.00\",\"value\":5}", "has a \"value\" that is not a string"),
        ("{\"display\":\"$0.00\",\"rejected\":\"yes\"}", "has a \"rejected\" that is not true or false"),
        ("{\"display\":5}", "has a \"display\" that is not a string"),
        ("{\"display\":\"$0.00\"", "is not one JSON object"),
        ("[1]", "is not one JSON object"),
    ])
    func otherBrokenRepliesKeepTheirWords(reply: String, why expected: String) throws {
        let outcome = try Self.problem(of: "read line; echo '\(reply)'; cat >/dev/null")
        guard case .notAReply(_, let why)? = outcome.problem else { Issue.record("\(String(describing: outcome.problem))"); return }
        #expect(why == expected)
    }

    /// The shell exits at once; its background child keeps stdout open until its group is ended.
    /// The exit is seen as it happens, every time: it never started, not "no reply".
    @Test func anAdapterThatExitedIsSeenAsExitedWhileItsChildHoldsItsOutput() throws {
        for _ in 0..<6 {
            let outcome = try Self.problem(of: "\(ProcessGroups.runUntilEnded) & exit 0")
            #expect(outcome.replies == 0)
            switch outcome.problem {
            case .exited(let status)?: #expect(status == "status 0")
            // Its stdin closes with it: a request written after that fails to be read.
            case .stoppedReading?: break
            default: Issue.record("not seen as exited: \(String(describing: outcome.problem))")
            }
            #expect(outcome.problem?.isFailureToStart == true)
        }
    }

    /// A reply written just before it exits is still its reply; the next request finds it gone.
    @Test func aReplyWrittenBeforeExitingCounts() throws {
        let outcome = try Self.problem(of: "read line; echo '{\"display\":\"$0.00\",\"caret\":5}'; \(ProcessGroups.runUntilEnded) & exit 0", [Self.new, .key(.digit(1))])
        #expect(outcome.replies == 1)
        switch outcome.problem {
        case .exited?, .stoppedReading?: break
        default: Issue.record("not seen as exited: \(String(describing: outcome.problem))")
        }
    }

    /// The first reply has `startTimeout`, the later ones `timeout`, each named in its words. The
    /// adapters never send the reply waited for, so only which deadline applies decides.
    @Test func theFirstReplyHasItsOwnDeadline() throws {
        let silent = try Self.problem(of: "exec \(ProcessGroups.runUntilEnded)", timeout: 20, startTimeout: 0.3)
        #expect(silent.problem == .timedOut(seconds: 0.3, starting: true))
        #expect(silent.problem?.words == "no reply within 300 ms (--start-timeout)")
        #expect(silent.problem?.isFailureToStart == true)
        let slowLater = try Self.problem(of: "read line; echo '{\"display\":\"$0.00\",\"caret\":5}'; exec \(ProcessGroups.runUntilEnded)", [Self.new, .key(.digit(1))],
                                         timeout: 0.3, startTimeout: 20)
        #expect(slowLater.problem == .timedOut(seconds: 0.3, starting: false))
        #expect(slowLater.problem?.words == "no reply within 300 ms (--timeout)")
        #expect(slowLater.replies == 1)
    }

    /// An adapter that closed its stdin: the write fails with EPIPE and no SIGPIPE ends the tests.
    /// The request goes once it has said its stdin is closed, never while it may still be open.
    @Test func aClosedInputIsAProblemNotASignal() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let closed = folder.url.appendingPathComponent("closed")
        let outcome = try Self.problem(of: "exec 0<&-; : > '\(closed.path)'; exec \(ProcessGroups.runUntilEnded)") { Self.waitUntilExists(closed) }
        #expect(outcome.problem == .stoppedReading(String(cString: strerror(EPIPE))))
    }
}

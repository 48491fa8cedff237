import CLibEdit
import CProcess
import Foundation
import MoneyFieldIO

/// SIGINT, SIGTERM and SIGHUP for the whole program: the libraries install no handler, they are
/// asked `isInterrupted` and report what they did as data. By default such a signal ends
/// moneyfield as it would have, after removing the temporary file an atomic write has open; a
/// command that stops between its steps and says how far it got (`test`, `demo --cast`) asks
/// for `stopBetweenSteps` instead.
///
/// Handlers can only reach globals: the state is one word, made before any handler runs.
enum Interrupts {
    /// The signals this facility answers: those not ignored when moneyfield started (`nohup`
    /// and a shell's background jobs ignore some, and must keep doing so).
    private nonisolated(unsafe) static var endingSignals: [Int32] = []

    /// At start, before any command runs.
    static func install() {
        _ = caughtSignal
        _ = wakePipe
        // A parent may start us with them blocked (a thread of a pool that blocks every signal
        // spawns us, as Foundation's Process does from a dispatch worker): they are ours to take.
        var ours = sigset_t()
        sigemptyset(&ours)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&ours, signal) }
        sigprocmask(SIG_UNBLOCK, &ours, nil)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var previous = sigaction()
            moneyfield_catch_signal(signal, removeTemporariesAndResend, &previous)
            if isIgnore(previous) {
                moneyfield_restore_signal(signal, &previous)
            } else {
                endingSignals.append(signal)
            }
        }
    }

    /// From now on the first such signal is only noted: the command looks at `isInterrupted`
    /// between its steps, finishes the one under way (a file being replaced is replaced whole)
    /// and says where it stopped. A second signal ends it at once, as by default.
    static func stopBetweenSteps(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        for signal in endingSignals where signals.contains(signal) {
            moneyfield_catch_signal(signal, noteSignal, nil)
            if !notedSignals.contains(signal) { notedSignals.append(signal) }
        }
    }

    /// The signals `stopBetweenSteps` notes: the terminal taken key by key (`RawTerminal`, the
    /// kiosk and the demo) keeps noting them, so the loop gives the terminal back and the
    /// command says where it stopped (the recording, the demo's step).
    private(set) nonisolated(unsafe) static var notedSignals: [Int32] = []

    /// Every such signal is only noted, the second too: `check` sends the signal again to each
    /// job's thread to end its wait on an adapter, and its adapters must be ended before it leaves.
    static func noteEverySignal(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        for signal in endingSignals where signals.contains(signal) { moneyfield_catch_signal(signal, noteOnly, nil) }
    }

    private static func isIgnore(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        let handler = action.__sigaction_u.__sa_handler
        #else
        let handler = action.__sigaction_handler.sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == 1  // SIG_IGN
    }

    /// The signal noted, or 0.
    static var caught: Int32 { caughtSignal.pointee }

    static let isInterrupted: @Sendable () -> Bool = { caughtSignal.pointee != 0 }

    /// The shell's habit for a process a signal stopped: 128 + its number (130 for SIGINT, 143 for SIGTERM).
    static var exitStatus: Int32 { 128 + caught }

    /// The read end of a pipe that a noted signal writes a byte to, for a reader waiting on input
    /// (`LineReader.wakeDescriptor`): a blocking read would miss a signal that lands just before it.
    static var wakeDescriptor: Int32 { wakePipe[0] }

    /// Made at start, before any handler runs; both ends non-blocking, so a handler never waits.
    fileprivate nonisolated(unsafe) static let wakePipe: UnsafeMutablePointer<Int32> = {
        let ends = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        ends.initialize(repeating: -1, count: 2)
        if moneyfield_cloexec_pipe(ends) == 0 {
            for end in 0..<2 { _ = fcntl(ends[end], F_SETFL, fcntl(ends[end], F_GETFL) | O_NONBLOCK) }
        }
        return ends
    }()

    fileprivate nonisolated(unsafe) static let caughtSignal: UnsafeMutablePointer<sig_atomic_t> = {
        let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }()
}

/// Removes any temporary an atomic write has open, then lets the signal do what it would have.
private func removeTemporariesAndResend(_ signal: Int32) {
    removePendingTemporaries()
    resendWithDefaultAction(signal)
}

/// Inside a handler: the signal again, with its default action (end, or stop for SIGTSTP).
func resendWithDefaultAction(_ signal: Int32) {
    moneyfield_catch_signal(signal, nil, nil)
    // The signal is blocked while its handler runs; unblocked, it acts at once.
    var pending = sigset_t()
    sigemptyset(&pending)
    sigaddset(&pending, signal)
    sigprocmask(SIG_UNBLOCK, &pending, nil)
    raise(signal)
}

private func noteOnly(_ signal: Int32) {
    if Interrupts.caughtSignal.pointee == 0 { Interrupts.caughtSignal.pointee = signal }
    wake()
}

/// Inside a handler: the first signal noted, a second one ending the program as by default.
func noteSignal(_ signal: Int32) {
    guard Interrupts.caughtSignal.pointee == 0 else { return removeTemporariesAndResend(signal) }
    Interrupts.caughtSignal.pointee = signal
    wake()
}

/// Inside a handler: one byte down the wake pipe (write is async-signal-safe; a full pipe already wakes).
private func wake() {
    let saved = errno
    var byte: UInt8 = 1
    _ = write(Interrupts.wakePipe[1], &byte, 1)
    errno = saved
}

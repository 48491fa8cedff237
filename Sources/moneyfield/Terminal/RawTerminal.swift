import CLibEdit
import Foundation

/// The terminal key by key: no echo, no line editing, no signals from Ctrl-C or Ctrl-Z, drawn on
/// the alternate screen with a bar cursor. The terminal is put back on `restore()`, at exit, and
/// when a signal ends or stops the process; after SIGCONT it is taken again.
///
/// Signal handlers can only reach globals, so the state lives in a few of them; there is only
/// one terminal.
enum RawTerminal {
    /// What the signal handlers saw, for the kiosk loop to act on.
    struct Events {
        var interrupted = false
        var resized = false
        var continued = false
    }

    /// Takes the terminal; false if standard input is not one.
    static func enter() -> Bool {
        // Touch every global a handler uses, so none is first made inside a handler.
        _ = takeEvents()
        _ = (isRaw, previousHandlers, enterScreen, leaveScreen)
        guard tcgetattr(STDIN_FILENO, savedSettings) == 0 else { return false }
        var raw = savedSettings.pointee
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        rawSettings.pointee = raw
        if !atExitRegistered {
            atexit(restoreAtExit)
            atExitRegistered = true
        }
        for signal in endingSignals {
            // A signal the command stops between steps for is noted, for the loop to leave by.
            if Interrupts.notedSignals.contains(signal) {
                moneyfield_catch_signal(signal, noteWhileRaw, previousHandlers + Int(signal))
            } else {
                moneyfield_catch_signal(signal, restoreAndResend, previousHandlers + Int(signal))
            }
        }
        moneyfield_catch_signal(SIGTSTP, restoreAndResend, previousHandlers + Int(SIGTSTP))
        moneyfield_catch_signal(SIGCONT, takeAgain, previousHandlers + Int(SIGCONT))
        moneyfield_catch_signal(SIGINT, noteInterrupt, previousHandlers + Int(SIGINT))
        moneyfield_catch_signal(SIGWINCH, noteResize, previousHandlers + Int(SIGWINCH))
        take()
        return true
    }

    /// Gives the terminal back as it was and the signal handlers before.
    static func restore() {
        giveBack()
        for signal in endingSignals + [SIGTSTP, SIGCONT, SIGINT, SIGWINCH] {
            moneyfield_restore_signal(signal, previousHandlers + Int(signal))
        }
    }

    /// Stops the process as Ctrl-Z would in a normal terminal (the terminal is given back first).
    static func suspend() {
        kill(getpid(), SIGTSTP)
    }

    /// The signals seen since the last call.
    static func takeEvents() -> Events {
        let events = Events(interrupted: interruptFlag.pointee != 0, resized: resizeFlag.pointee != 0, continued: continueFlag.pointee != 0)
        interruptFlag.pointee = 0
        resizeFlag.pointee = 0
        continueFlag.pointee = 0
        return events
    }

    // MARK: State the signal handlers share (allocated once, before any handler runs)

    fileprivate nonisolated(unsafe) static let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    fileprivate nonisolated(unsafe) static let rawSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    fileprivate nonisolated(unsafe) static let isRaw = flag()
    fileprivate nonisolated(unsafe) static let interruptFlag = flag()
    fileprivate nonisolated(unsafe) static let resizeFlag = flag()
    fileprivate nonisolated(unsafe) static let continueFlag = flag()
    /// The handlers before `enter`, by signal number.
    private nonisolated(unsafe) static let previousHandlers: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        pointer.initialize(repeating: sigaction(), count: Int(NSIG))
        return pointer
    }()
    private nonisolated(unsafe) static var atExitRegistered = false
    fileprivate static let endingSignals = [SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE]

    private static func flag() -> UnsafeMutablePointer<sig_atomic_t> {
        let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return pointer
    }

    /// Alternate screen, bar cursor; leaving puts back the screen and the terminal's own cursor.
    fileprivate static let enterScreen: StaticString = "\u{1B}[?1049h\u{1B}[6 q"
    fileprivate static let leaveScreen: StaticString = "\u{1B}[0 q\u{1B}[?25h\u{1B}[?1049l"

    /// Only what is safe in a signal handler: tcsetattr and write.
    fileprivate static func take() {
        tcsetattr(STDIN_FILENO, TCSADRAIN, rawSettings)
        _ = write(STDOUT_FILENO, enterScreen.utf8Start, enterScreen.utf8CodeUnitCount)
        isRaw.pointee = 1
    }

    fileprivate static func giveBack() {
        guard isRaw.pointee != 0 else { return }
        isRaw.pointee = 0
        _ = write(STDOUT_FILENO, leaveScreen.utf8Start, leaveScreen.utf8CodeUnitCount)
        tcsetattr(STDIN_FILENO, TCSADRAIN, savedSettings)
    }
}

private func restoreAtExit() {
    RawTerminal.giveBack()
}

/// Gives the terminal back, then lets the signal do what it would have done (end or stop).
private func restoreAndResend(_ signal: Int32) {
    let wasRaw = RawTerminal.isRaw.pointee != 0
    RawTerminal.giveBack()
    resendWithDefaultAction(signal)
    // Still here: the signal stopped the process and it was continued (SIGCONT takes the
    // terminal again), or a fault returns into the code that faults again, now unhandled.
    if signal == SIGTSTP, wasRaw {
        moneyfield_catch_signal(SIGTSTP, restoreAndResend, nil)
    }
}

/// A signal the command stops for (SIGTERM in the kiosk or a demo): noted, and the loop reading
/// keys leaves, gives the terminal back and says where it stopped; a second one ends the program
/// at once, the terminal given back first.
private func noteWhileRaw(_ signal: Int32) {
    guard Interrupts.caught == 0 else { return restoreAndResend(signal) }
    noteSignal(signal)
}

private func takeAgain(_ signal: Int32) {
    RawTerminal.continueFlag.pointee = 1
    if RawTerminal.isRaw.pointee == 0 { RawTerminal.take() }
}

private func noteInterrupt(_ signal: Int32) { RawTerminal.interruptFlag.pointee = 1 }
private func noteResize(_ signal: Int32) { RawTerminal.resizeFlag.pointee = 1 }

import Foundation
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// The shell at a terminal: libedit prompt naming the active field, history, Tab completion,
/// the bell on refused keys, and kiosk mode when `kiosk` asks for the terminal.
struct InteractiveShell {
    let session: Session
    let console: Console

    func run() throws {
        TerminalLocale.adopt()
        let session = self.session
        let editor = try LineEditor(historyFile: HistoryFile.forThisProcess, useColor: console.useColor) { line in
            Completer.complete(line, session: session)
        }
        // SIGTERM and SIGHUP stop between commands, so a recording is left with what it said
        // and the shell says where it stopped; Ctrl-C stays the prompt's (it abandons the line).
        Interrupts.stopBetweenSteps([SIGTERM, SIGHUP])
        var lastCommand: String?
        while true {
            if Interrupts.caught != 0 { stopped(after: lastCommand) }
            editor.setPrompt(session.prompt)
            switch editor.readLine() {
            case .end:
                // A signal may cut the read short as an end of input.
                if Interrupts.caught != 0 { stopped(after: lastCommand) }
                // Ctrl-D leaves the cursor after the prompt; the next shell prompt wants a line of its own.
                Output.write("\n")
                return
            case .interrupted:
                if Interrupts.caught != 0 { stopped(after: lastCommand) }
                Output.write("^C\n")
            case .line(let bytes):
                editor.remember(bytes)
                // A line's commands (`type 1; kiosk; value`) run in turn, each seen through before the next.
                let commands: [String]
                switch Session.commands(inLine: bytes) {
                case .success(let split): commands = split.map(\.command)
                case .failure(let error):
                    console.write(CommandResult(lines: [.error(error)]), wrappingAt: TerminalSize.current().columns)
                    continue
                }
                for command in commands {
                    if Interrupts.caught != 0 { stopped(after: lastCommand) }
                    lastCommand = command
                    let result = session.handle(command)
                    // Wrapped to the terminal as it is now (it may have been resized).
                    console.write(result, wrappingAt: TerminalSize.current().columns)
                    if result.rangBell { Output.write("\u{7}") }
                    if result.kioskField != nil {
                        KioskMode(session: session, console: console).run()
                        if Interrupts.caught != 0 { Self.stoppedInKiosk(session) }
                    }
                    if result.quits { return }
                }
            }
        }
    }

    /// Ends the shell a signal stopped, saying after which command (a recording holds every
    /// command up to it, whole). To stderr, which may be gone with the terminal (SIGHUP).
    private func stopped(after command: String?) -> Never {
        let place = command.map { "after `\(VisibleText.terminalSafe($0))`" } ?? "before the first command"
        let recording = session.recordingPath.map { "the recording \(VisibleText.terminalSafe($0)) holds every command up to there, whole" }
            ?? "no recording was running"
        Output.writeError("\ninterrupted \(place); \(recording)\n")
        Foundation.exit(Interrupts.exitStatus)
    }

    /// Ends the shell a signal stopped in the kiosk (which gave the terminal back): the field as
    /// it was left, and the recording, which holds every key typed there (each recorded as it
    /// was pressed). To stderr, as at the prompt.
    static func stoppedInKiosk(_ session: Session) -> Never {
        let field = session.activeFieldLine.map { " with \(VisibleText.terminalSafe($0.text))" } ?? ""
        let recording = session.recordingPath.map { "the recording \(VisibleText.terminalSafe($0)) holds every command and key up to there, whole" }
            ?? "no recording was running"
        Output.writeError("interrupted in the kiosk\(field); \(recording)\n")
        Foundation.exit(Interrupts.exitStatus)
    }
}

import Foundation
import MoneyFieldShell
import MoneyFieldIO
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
        while true {
            editor.setPrompt(session.prompt)
            switch editor.readLine() {
            case .end:
                // Ctrl-D leaves the cursor after the prompt; the next shell prompt wants a line of its own.
                Output.write("\n")
                return
            case .interrupted:
                Output.write("^C\n")
            case .line(let bytes):
                editor.remember(bytes)
                let result = session.handle(bytes: bytes)
                // Wrapped to the terminal as it is now (it may have been resized).
                console.write(result, wrappingAt: TerminalSize.current().columns)
                if result.rangBell { Output.write("\u{7}") }
                if result.kioskField != nil { KioskMode(session: session, console: console).run() }
                if result.quits { return }
            }
        }
    }
}

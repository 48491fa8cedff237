import Foundation
import MoneyFieldIO
import MoneyFieldShell

/// Commands without prompts or history (stdin, -c, --cmd, --init): outputs on stdout, errors on
/// stderr with their place (`stdin:3:`) as compilers and sqlite3 write them.
struct BatchRunner {
    let session: Session
    let console: Console
    let bail: Bool
    let echo: Bool
    private(set) var failed = false
    private var stopped = false
    /// Where the last line run came from (`stdin:12`), for a message when a signal stops the run.
    private(set) var lastPlace: String?

    init(session: Session, console: Console, bail: Bool, echo: Bool) {
        self.session = session
        self.console = console
        self.bail = bail
        self.echo = echo
    }

    /// Runs the lines; false once the session should end (`quit`, or an error under `--bail`).
    mutating func run(_ lines: some Sequence<LineReader.Line>, place: String) -> Bool {
        guard !stopped else { return false }
        for (index, line) in lines.enumerated() {
            // Ctrl-C or SIGTERM (when the command asked to be stopped between steps).
            if Interrupts.caught != 0 {
                stopped = true
                return false
            }
            lastPlace = "\(place):\(index + 1)"
            if echo, case .bytes(let bytes) = line {
                Output.write(VisibleText.terminalSafe(session.prompt + String(decoding: bytes, as: UTF8.self)) + "\n")
            }
            let result: CommandResult
            switch line {
            case .bytes(let bytes): result = session.handle(bytes: bytes)
            case .tooLong(let count): result = CommandResult(lines: [.error(Session.tooLong(count))])
            }
            let text: String? = if case .bytes(let bytes) = line { String(validating: bytes, as: UTF8.self) } else { nil }
            console.write(result, place: Diagnostic.Place(source: place, line: index + 1, text: text))
            failed = failed || result.failed
            if result.quits || (bail && result.failed) {
                stopped = true
                return false
            }
        }
        return true
    }
}

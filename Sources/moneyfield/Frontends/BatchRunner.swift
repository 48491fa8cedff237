import Foundation
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

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
    /// Takes the terminal for `kiosk` (`--cmd kiosk` before an interactive session); nil where
    /// there is no terminal, and the session already refused it.
    var openKiosk: (() -> Void)?

    init(session: Session, console: Console, bail: Bool, echo: Bool) {
        self.session = session
        self.console = console
        self.bail = bail
        self.echo = echo
    }

    /// Runs the lines; false once the session should end (`quit`, or an error under `--bail`).
    /// `-c` arguments: each split at `;` outside quotes, every command placed at its own column
    /// of its argument (`-c:1:9`).
    mutating func run(commandLines arguments: [String], place: String) -> Bool {
        var commands: [(line: LineReader.Line, origin: Origin)] = []
        for (number, argument) in arguments.enumerated() {
            for (command, offset) in Commands.split(commandLine: argument) {
                commands.append((.bytes(Array(command.utf8)), Origin(line: number + 1, text: argument, offset: offset)))
            }
        }
        return run(commands.map(\.line), place: place, origins: commands.map(\.origin))
    }

    /// Where a command stands when it is part of a longer line: its line and column offset.
    struct Origin {
        var line: Int
        var text: String
        var offset: Int
    }

    mutating func run(_ lines: some Sequence<LineReader.Line>, place: String, origins: [Origin]? = nil) -> Bool {
        guard !stopped else { return false }
        for (index, line) in lines.enumerated() {
            // Ctrl-C or SIGTERM (when the command asked to be stopped between steps).
            if Interrupts.caught != 0 {
                stopped = true
                return false
            }
            let origin = origins.flatMap { index < $0.count ? $0[index] : nil }
            lastPlace = "\(place):\(origin?.line ?? index + 1)"
            if echo, case .bytes(let bytes) = line {
                Output.write(VisibleText.terminalSafe(session.prompt + String(decoding: bytes, as: UTF8.self)) + "\n")
            }
            let result: CommandResult
            switch line {
            case .bytes(let bytes): result = session.handle(bytes: bytes)
            case .tooLong(let count): result = CommandResult(lines: [.error(Session.tooLong(count))])
            }
            let text: String? = if case .bytes(let bytes) = line { String(validating: bytes, as: UTF8.self) } else { nil }
            console.write(result, place: Diagnostic.Place(source: place, line: origin?.line ?? index + 1, text: origin?.text ?? text,
                                                          offset: origin?.offset ?? 0))
            failed = failed || result.failed
            if result.kioskField != nil { openKiosk?() }
            if result.quits || (bail && result.failed) {
                stopped = true
                return false
            }
        }
        return true
    }
}

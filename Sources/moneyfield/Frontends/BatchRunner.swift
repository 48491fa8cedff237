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
    /// `-c` arguments are lines 1, 2 … of the place `-c`.
    mutating func run(commandLines arguments: [String], place: String) -> Bool {
        run(arguments.map { .bytes(Array($0.utf8)) }, place: place)
    }

    /// Each line's commands (split at `;` outside quotes) in turn, each placed at its own column
    /// of its line (`stdin:1:9`); interrupts, `--bail`, `quit` and `kiosk` are seen after each.
    mutating func run(_ lines: some Sequence<LineReader.Line>, place: String) -> Bool {
        guard !stopped else { return false }
        let session = session
        // Lines that are not UTF-8 (a binary file piped in): said once, with their count, when
        // the run of these lines ends; there is no terminal to retype them at.
        var notUTF8: [Int] = []
        defer { reportNotUTF8(notUTF8, place: place) }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            switch line {
            case .tooLong(let count):
                guard step(echoing: nil, at: Diagnostic.Place(source: place, line: number), { CommandResult(lines: [.error(Session.tooLong(count))]) })
                else { return false }
            case .bytes(let bytes):
                let text = String(validating: bytes, as: UTF8.self)
                if text == nil {
                    notUTF8.append(number)
                    failed = true
                    // --bail stops at the first error: this line.
                    if bail {
                        stopped = true
                        return false
                    }
                    continue
                }
                switch Session.commands(inLine: bytes) {
                case .failure(let error):
                    guard step(echoing: text, at: Diagnostic.Place(source: place, line: number, text: text), { CommandResult(lines: [.error(error)]) })
                    else { return false }
                case .success(let commands):
                    for (command, offset) in commands {
                        let at = Diagnostic.Place(source: place, line: number, text: text, offset: offset)
                        guard step(echoing: command, at: at, { session.handle(command) }) else { return false }
                    }
                }
            }
        }
        return true
    }

    /// The lines of `place` that were not UTF-8, said as one error at the first of them.
    private func reportNotUTF8(_ numbers: [Int], place: String) {
        guard let first = numbers.first else { return }
        let shown = numbers.prefix(10).map(String.init).joined(separator: ", ") + (numbers.count > 10 ? ", …" : "")
        let what = numbers.count == 1
            ? "line \(first) was not valid UTF-8 and was skipped"
            : "\(numbers.count) lines were not valid UTF-8 and were skipped (lines \(shown))"
        let message = "\(what); commands are read as UTF-8: convert the input first (iconv -f ITS-ENCODING -t UTF-8)"
        console.report(Diagnostic(.error, message, at: Diagnostic.Place(source: place, line: first)))
    }

    /// Runs one command (or reports why a line was not run), then says whether to go on.
    private mutating func step(echoing command: String?, at place: Diagnostic.Place, _ run: () -> CommandResult) -> Bool {
        // Ctrl-C or SIGTERM (when the command asked to be stopped between steps).
        if Interrupts.caught != 0 {
            stopped = true
            return false
        }
        lastPlace = "\(place.source):\(place.line)"
        if echo, let command {
            // The second command of `type 1; value` is echoed as typed alone, without its space.
            Output.write(VisibleText.terminalSafe(session.prompt + command.drop { $0 == " " || $0 == "\t" }) + "\n")
        }
        let result = run()
        console.write(result, place: place)
        failed = failed || result.failed
        if result.kioskField != nil { openKiosk?() }
        if result.quits || (bail && result.failed) {
            stopped = true
            return false
        }
        return true
    }
}

import Foundation
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// Every byte the executable prints goes through here: checked, so a full disk, a closed stream or
/// a reader that went away ends the program with a message and exit status 1, never a trap.
enum Output {
    /// Ignores SIGPIPE (a write to a closed pipe then fails with EPIPE, which is checked) and puts
    /// /dev/null behind a closed standard stream, so a file opened later cannot take its number
    /// and writes to the stream fail as they should.
    static func prepareStandardStreams() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            // Opened read-only on purpose: a write to a closed stdout still fails (EBADF).
            let placeholder = open("/dev/null", O_RDONLY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }

    /// Writes to standard output; a failure ends the program.
    static func write(_ text: String) {
        do throws(WriteFailure) { try CheckedWriter.standardOutput.write(text) } catch { end(error) }
    }

    /// Writes to standard error; when that fails too there is nobody left to tell, and the exit
    /// status still says what happened.
    static func writeError(_ text: String) {
        try? CheckedWriter.standardError.write(text)
    }

    /// Ends the program after a failed write: a broken pipe quietly (the reader has gone, as with
    /// `| head`), anything else with the reason on standard error. Exit status 1 either way.
    static func end(_ failure: WriteFailure) -> Never {
        if !failure.isBrokenPipe { try? CheckedWriter.standardError.write("error: \(failure.message)\n") }
        exit(1)
    }
}

/// Writes session output to the terminal or a pipe; colour only on a terminal and never with NO_COLOR.
struct Console {
    let useColor: Bool

    init(descriptor: Int32 = STDOUT_FILENO) {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
        useColor = isatty(descriptor) == 1 && !noColor && !dumb
    }

    /// Prints the lines of a result; text that came from outside is escaped so no raw control or
    /// bidi-override character reaches the terminal.
    func write(_ result: CommandResult) {
        guard !result.lines.isEmpty else { return }
        Output.write(result.lines.map { styled($0) + "\n" }.joined())
    }

    /// Prints a result for a person at a terminal `columns` wide: a line longer than that is
    /// broken at spaces and continued under its own indent and two more spaces (`help new` at 60
    /// columns), so no word is split by the terminal's own wrapping. A word longer than the line
    /// (an `inspect --json` line) is kept whole. Scripts and pipes never come here: their lines stay.
    func write(_ result: CommandResult, wrappingAt columns: Int) {
        guard !result.lines.isEmpty else { return }
        var text = ""
        for line in result.lines {
            guard TerminalWidth.of(line.text) > columns, columns >= 20 else {
                text += styled(line) + "\n"
                continue
            }
            let leading = line.text.prefix { $0 == " " }.count
            let indent = String(repeating: " ", count: min(leading + 2, columns / 3))
            for piece in TerminalWidth.wrapped(line.text, to: columns, indent: indent, cutsLongWords: false) {
                text += styled(OutputLine(line.kind, piece)) + "\n"
            }
        }
        Output.write(text)
    }

    /// Prints a result read without a prompt: its errors go to standard error as diagnostics at
    /// their place (`--> stdin:3:6`, the line and a `^` under the word); everything else to
    /// standard output, in order.
    func write(_ result: CommandResult, place: Diagnostic.Place) {
        for line in result.lines {
            if line.kind == .error {
                var place = place
                place.span = line.span.map { ($0.lowerBound + place.offset)..<($0.upperBound + place.offset) }
                report(Diagnostic(.error, line.message, at: place))
            } else {
                Output.write(styled(line) + "\n")
            }
        }
    }

    /// The one printer of diagnostics: on standard error, coloured only on a terminal.
    func report(_ diagnostic: Diagnostic) {
        let colour = useColor && isatty(STDERR_FILENO) == 1
        Output.writeError(diagnostic.lines(colour: colour).map { $0 + "\n" }.joined())
    }

    func styled(_ line: OutputLine, descriptor: Int32 = STDOUT_FILENO) -> String {
        let text = VisibleText.terminalSafe(line.text)
        guard useColor, descriptor == STDOUT_FILENO || isatty(descriptor) == 1 else { return text }
        switch line.kind {
        case .plain: return text
        case .field: return "\u{1B}[1m\(text)\u{1B}[0m"
        case .rejected: return "\u{1B}[33m\(text)\u{1B}[0m"
        case .error: return "\u{1B}[31m\(text)\u{1B}[0m"
        }
    }

    static func error(_ message: String) {
        Output.writeError("error: \(VisibleText.terminalSafe(message))\n")
    }
}

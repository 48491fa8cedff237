import Foundation
import MoneyFieldShell

/// Writes session output to the terminal or a pipe; colour only on a terminal and never with NO_COLOR.
struct Console {
    let useColor: Bool

    init(descriptor: Int32 = STDOUT_FILENO) {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
        useColor = isatty(descriptor) == 1 && !noColor && !dumb
    }

    func write(_ result: CommandResult) {
        guard !result.lines.isEmpty else { return }
        let text = result.lines.map(styled).map { $0 + "\n" }.joined()
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func styled(_ line: OutputLine) -> String {
        guard useColor else { return line.text }
        switch line.kind {
        case .plain: return line.text
        case .field: return "\u{1B}[1m\(line.text)\u{1B}[0m"
        case .rejected: return "\u{1B}[33m\(line.text)\u{1B}[0m"
        case .error: return "\u{1B}[31m\(line.text)\u{1B}[0m"
        }
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}

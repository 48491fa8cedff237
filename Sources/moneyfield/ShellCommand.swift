import ArgumentParser
import Foundation
import MoneyFieldEngine
import MoneyFieldShell

struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Open the shell (the default): a prompt with named money fields.",
        discussion: "Interactive on a terminal (line editing, history, tab completion, kiosk mode); otherwise reads commands from standard input without prompts.")

    @Option(help: "Locale of the starting `amount` field (an ICU ID such as de_DE or ar-EG-u-nu-latn).")
    var locale = LocaleCatalog.defaultIdentifier

    @Option(help: "Currency of the starting `amount` field (ISO 4217).")
    var currency = CurrencyCatalog.defaultCode

    @Option(name: .customShort("c"), help: "Run these commands (separated by ;) and exit.")
    var commands: String?

    @Flag(help: "Stop at the first error, with exit status 1.")
    var bail = false

    @Option(help: "Record the session to this script file (as the `record` command does).")
    var record: String?

    @Flag(help: "Replace the --record file if it exists.")
    var forceRecord = false

    func validate() throws {
        do {
            _ = try FieldConfiguration(locale: locale, currency: currency)
        } catch {
            throw ValidationError(error.words)
        }
    }

    func run() throws {
        let interactive = commands == nil && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let session = try Session(options: SessionOptions(locale: locale, currency: currency, isInteractive: interactive))
        let console = Console()
        if let record {
            let result = session.startRecording(to: record, replacing: forceRecord)
            console.write(result)
            if result.failed { throw ExitCode.failure }
        }
        if let commands {
            let lines = commands.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            try runBatch(session, console: console, lines: lines.map { .bytes(Array($0.utf8)) })
        } else if interactive {
            try InteractiveShell(session: session, console: console).run()
        } else {
            var reader = LineReader(descriptor: STDIN_FILENO, limit: Session.maximumLineBytes)
            try runBatch(session, console: console, lines: AnySequence { AnyIterator { reader.next() } })
        }
    }

    /// No prompts, no history: each line run in order; the exit status says whether any failed.
    private func runBatch(_ session: Session, console: Console, lines: some Sequence<LineReader.Line>) throws {
        var failed = false
        for line in lines {
            let result: CommandResult
            switch line {
            case .bytes(let bytes): result = session.handle(bytes: bytes)
            case .tooLong(let count):
                result = CommandResult(lines: [.error(Session.tooLong(count))])
            }
            console.write(result)
            failed = failed || result.failed
            if result.quits || (bail && result.failed) { break }
        }
        if failed { throw ExitCode.failure }
    }
}

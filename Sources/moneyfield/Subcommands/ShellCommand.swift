import ArgumentParser
import Synchronization
import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
@_spi(Tools) import MoneyFieldCheck

/// `moneyfield shell`, the same as `moneyfield` with no subcommand.
struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell", _superCommandName: Moneyfield.name,
        abstract: "Open the shell (the default): a prompt with named money fields.",
        discussion: "Interactive on a terminal (line editing, history, tab completion, kiosk mode); otherwise reads commands from standard input without prompts.")

    @OptionGroup var options: ShellOptions

    func run() throws { try options.run() }
}

/// The word lists a completion script offers for the starting locale and currency, made only while a
/// completion script is written: the argument parser builds every option's completion when it
/// parses, and ICU's list of a thousand locales would otherwise cost every such start.
enum CompletionLists {
    static let areWanted = Atomic<Bool>(false)

    static var locales: [String] { areWanted.load(ordering: .relaxed) ? LocaleCatalog.identifiers : [] }
    static var currencies: [String] { areWanted.load(ordering: .relaxed) ? CurrencyCatalog.codes : [] }
}

/// The shell's start-up options, in one type, filled by the argument parser: the root command's
/// own options, so `--help` and completion show them, and `shell`'s.
///
/// The locale and currency are `new`'s options for the starting field: their names, value
/// names and help are read from `new`'s option table. The argument parser still needs them
/// declared here, as property wrappers it finds by reflection, to parse them and to write them
/// into `--help` and the completion scripts.
struct ShellOptions: ParsableArguments {
    @Option(name: .customLong(StartingField.locale.longName),
            help: StartingField.locale.help("Locale of the starting `amount` field", default: LocaleCatalog.defaultIdentifier),
            completion: .list(CompletionLists.locales))
    var locale: String?

    @Option(name: .customLong(StartingField.currency.longName),
            help: StartingField.currency.help("Currency of the starting `amount` field", default: CurrencyCatalog.defaultCode),
            completion: .list(CompletionLists.currencies))
    var currency: String?

    /// Each `-c`'s commands, in order; none for a session that reads standard input.
    @Option(name: .customShort("c"), help: ArgumentHelp("Run these commands (separated by ;) and exit (repeatable: each -c after the one before).", valueName: "commands"))
    var commands: [String] = []

    @Option(name: .customLong("init"), help: ArgumentHelp("Run the commands in FILE (one a line, # comments) first, then go on.", valueName: "FILE"), completion: .file())
    var initFile: String?

    @Option(name: .customLong("cmd"), help: ArgumentHelp("Run this command first, then go on (repeatable; after --init).", valueName: "command"))
    var startupCommands: [String] = []

    @Flag(help: "Stop at the first error, with exit status 1.")
    var bail = false

    @Flag(help: "Print each command before its output when not interactive (for logs).")
    var echo = false

    @Flag(help: "Prompt, line editing and history even when standard input is not a terminal.")
    var interactive = false

    @Flag(help: "Read commands without prompts even on a terminal.")
    var batch = false

    @Option(help: ArgumentHelp("Record the session to this script file (as the `record` command does).", valueName: "FILE"),
            completion: .file(extensions: ["session"]))
    var record: String?

    @Flag(help: "Replace the --record file if it exists.")
    var forceRecord = false

    func validate() throws {
        if interactive && batch { throw ValidationError("--interactive and --batch exclude each other; give one") }
        if !commands.isEmpty && interactive { throw ValidationError("-c runs its commands and exits; use --cmd to run commands before an interactive session") }
        _ = try startingField()
    }

    /// The starting field's configuration, read as `new amount` reads its locale and currency options.
    func startingField() throws -> FieldConfiguration {
        var options = FieldOptions()
        options[\.locale] = locale
        options[\.currency] = currency
        do throws(CommandError) {
            return try options.configuration(defaults: (LocaleCatalog.defaultIdentifier, CurrencyCatalog.defaultCode), place: .commandLine)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        // A person at the keyboard gets a prompt even when the output goes on to a pipe (`| tee log`).
        let interactive = self.interactive || (!batch && commands.isEmpty && isatty(STDIN_FILENO) == 1)
        let field = try startingField()
        let session = try Session(options: SessionOptions(locale: field.locale, currency: field.currency, isInteractive: interactive))
        let console = Console()
        var batch = BatchRunner(session: session, console: console, bail: bail, echo: echo && !interactive)
        if interactive {
            batch.openKiosk = {
                KioskMode(session: session, console: console).run()
                if Interrupts.caught != 0 { InteractiveShell.stoppedInKiosk(session) }
            }
        }
        // Without a person at the prompt, a signal stops between commands and says how far it got;
        // with one, SIGTERM and SIGHUP do (the prompt's Ctrl-C abandons a line), the kiosk of
        // `--cmd kiosk` included.
        Interrupts.stopBetweenSteps(interactive ? [SIGTERM, SIGHUP] : [SIGINT, SIGTERM, SIGHUP])
        if let record {
            let result = session.startRecording(to: record, replacing: forceRecord)
            // An error about an argument goes where errors go: standard error.
            if result.failed {
                for line in result.lines where line.kind == .error { Console.error(line.message) }
                throw ExitCode.failure
            }
            console.write(result)
        }
        if let initFile {
            let bytes: [UInt8]
            do { bytes = try TextFile.read(URL(fileURLWithPath: initFile), displayPath: initFile) } catch {
                throw UnusableInput("--init \(error.message)")
            }
            var reader = LineReader(bytes: bytes, limit: Session.maximumLineBytes)
            // A quit there ends the session as it would anywhere: the status says whether anything failed.
            guard batch.run(AnySequence { AnyIterator { reader.next() } }, place: initFile) || Interrupts.caught != 0 else {
                throw batch.failed ? ExitCode.failure : ExitCode.success
            }
        }
        // One sequence, so `--cmd:2:` names the second --cmd.
        if !startupCommands.isEmpty, Interrupts.caught == 0, !batch.run(startupCommands.map { .bytes(Array($0.utf8)) }, place: "--cmd"),
           Interrupts.caught == 0 {
            throw batch.failed ? ExitCode.failure : ExitCode.success
        }
        // A signal during --init or --cmd is said below, as after any command.
        if Interrupts.caught == 0 {
            if !commands.isEmpty {
                _ = batch.run(commandLines: commands, place: "-c")
            } else if interactive {
                try InteractiveShell(session: session, console: console).run()
            } else {
                var reader = LineReader(descriptor: STDIN_FILENO, limit: Session.maximumLineBytes)
                reader.stopsWhenInterrupted = Interrupts.isInterrupted
                reader.wakeDescriptor = Interrupts.wakeDescriptor
                _ = batch.run(AnySequence { AnyIterator { reader.next() } }, place: "stdin")
            }
        }
        if Interrupts.caught != 0 {
            let place = batch.lastPlace.map { "after \($0)" } ?? "before the first command"
            // The session's recording, whether --record or a `record` command started it.
            let recording = session.recordingPath.map { "; \(VisibleText.terminalSafe($0)) holds every command recorded up to there, whole" } ?? ""
            Output.writeError("interrupted \(place)\(recording)\n")
            throw ExitCode(Interrupts.exitStatus)
        }
        if batch.failed { throw ExitCode.failure }
    }
}

/// `new`'s options that the command line gives the starting field, read from the option table.
enum StartingField {
    case locale, currency

    /// The table's row.
    var option: FieldOption {
        switch self {
        case .locale: FieldOption[\.locale]
        case .currency: FieldOption[\.currency]
        }
    }

    /// The flag without its dashes, as the argument parser names a long option.
    var longName: String { String(option.name.drop { $0 == "-" }) }

    /// `what`, then the row's help and the default.
    func help(_ what: String, default value: String) -> ArgumentHelp {
        ArgumentHelp("\(what), as `new \(option.name)` takes it: \(option.help) (default \(value)).", valueName: option.valueName)
    }
}

import ArgumentParser
import Foundation
import MoneyFieldEngine
import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

@main
struct Moneyfield: ParsableCommand {
    static let name = "moneyfield"
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: name,
        abstract: "Simulate the money-entry field of banking apps, ATMs and kiosks.",
        discussion: """
            With no subcommand, opens the shell: one field, `amount`, in en_US/USD. Type digits to \
            see $0.01, $0.12, $1.23 …; `help` lists the commands. When standard input is not a \
            terminal, commands are read from it without prompts.

            Exit status: 0 success, 1 a command or script failed, 2 unusable arguments.
            """,
        version: version,
        subcommands: subcommands,
        defaultSubcommand: ShellCommand.self)

    static let subcommands: [any ParsableCommand.Type] = [
        ShellCommand.self, TestCommand.self, DemoCommand.self, CheckCommand.self, FitCommand.self, VectorsCommand.self, AdapterCommand.self, ManualCommand.self,
    ]
    /// Runs the command; exit status 2 for anything wrong with the arguments, as the shells' habit is.
    /// Every message goes through the checked writer: `--help >/dev/full` is an error, not a silent 0.
    static func main() {
        Output.prepareStandardStreams()
        Interrupts.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }) {
            CompletionLists.areWanted.store(true, ordering: .relaxed)
        }
        if arguments.count == 2, arguments[0] == "--generate-completion-script", let shell = CompletionShell(rawValue: arguments[1]) {
            Output.write(CompletionRoot.completionScript(for: shell))
            Foundation.exit(0)
        }
        run(arguments)
    }

    /// Parses `arguments` and runs the command they name; `retried`: the arguments are already
    /// rewritten once (a negative number joined to its option), and are not again.
    static func run(_ arguments: [String], retried: Bool = false) -> Never {
        var parsing = true
        do {
            if arguments.first == TestCommand.configuration.commandName,
               let options = TestCommand.optionsWithoutParsing(Array(arguments.dropFirst())) {
                parsing = false
                try TestCommand.run(options)
            } else {
                var command = try parsedSubcommand(arguments) ?? parseAsRoot(arguments)
                parsing = false
                try command.run()
            }
            Foundation.exit(0)
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error)
            // Every error this program writes starts `error:`, as its own do (and git's, swift's):
            // the argument parser's own start `Error:`.
            if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
            if code == .success {
                // --help and --version: what was asked for, so to standard output. The root's help
                // also shows the shell's options: the shell is what runs with no subcommand.
                var text = message
                if ["-h", "--help", "help"].contains(arguments.first ?? ""), arguments.count == 1,
                   let options = ShellCommand.helpMessage(columns: nil).components(separatedBy: "OPTIONS:\n").last {
                    text += "\n\nSHELL OPTIONS (moneyfield [shell] …):\n" + options.trimming(while: \.isNewline)
                }
                if !text.isEmpty { Output.write(text + "\n") }
                Foundation.exit(0)
            }
            if let mistyped = mistypedSubcommand(arguments) {
                Console.error(mistyped)
                Foundation.exit(2)
            }
            // The parser's slips in the words every other error of this program uses.
            if parsing, let unknown = ArgumentSlips.unknownOption(in: arguments) {
                Console.error(unknown)
                Foundation.exit(2)
            }
            if parsing, !retried, let joined = ArgumentSlips.joiningNegativeValues(arguments) { run(joined, retried: true) }
            if let unusable = error as? UnusableInput {
                Console.error(unusable.message)
                Foundation.exit(2)
            }
            // Refused while running, the arguments having parsed: said alone, without the root's
            // usage that the parser would add (`Usage: moneyfield <subcommand>` is no help there).
            if !parsing, let refusal = error as? ValidationError {
                Console.error(refusal.message)
                Foundation.exit(2)
            }
            if !message.isEmpty {
                Output.writeError(message.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { VisibleText.terminalSafe(String($0)) + "\n" }.joined())
            }
            let status = code == .validationFailure || error is ValidationError ? 2 : code.rawValue
            Foundation.exit(status)
        }
    }
}

extension Moneyfield {
    /// The argument parser reads a mistyped subcommand (`tset`) as the shell's arguments ("2
    /// unexpected arguments"): the words that say which subcommand it looks like instead, or nil.
    static func mistypedSubcommand(_ arguments: [String]) -> String? {
        let names = subcommands.compactMap { $0.configuration.commandName }
        guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) else { return nil }
        let close = Suggestions.closest(to: first, in: names)
        guard !close.isEmpty else { return nil }
        return "unknown subcommand \(VisibleText.quoted(first))\(Suggestions.didYouMean(close)) (moneyfield --help lists them)"
    }

    /// The subcommand the command line names, parsed by its own declaration alone: the argument
    /// parser then reflects that one command, not the tree and the shell's options behind the
    /// default subcommand. nil for anything it does not take (help, a wrong option): the root
    /// parses those again and says them as always.
    ///
    /// Each subcommand names `moneyfield` as its super-command (`_superCommandName`), so that
    /// parsed alone it is not checked for `--generate-completion-script`, which only the root
    /// answers: the check reflects two more commands, about a third of `moneyfield test
    /// ONE.session`'s parse. Its own help then says `moneyfield test`, as the manual shows it.
    static func parsedSubcommand(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first, let subcommand = subcommands.first(where: { $0.configuration.commandName == name }),
              let parsed = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
              type(of: parsed) == subcommand  // not its help, which the root says with the full command name
        else { return nil }
        return parsed
    }
}

/// The command line as completion scripts see it: the root itself (its configuration, so its
/// name, subcommands and `--version`), and the shell's options at the top level, since the shell
/// is what runs with no subcommand. Only the scripts are made from it: parsing the real command
/// line this way would give `check`'s own locale option to the shell.
struct CompletionRoot: ParsableCommand {
    static let configuration = Moneyfield.configuration

    @OptionGroup var shell: ShellOptions
}

/// Input that names no usable file or value, though the arguments themselves parsed: said as
/// `error: …` without the usage line (the arguments were fine), exit status 2.
struct UnusableInput: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

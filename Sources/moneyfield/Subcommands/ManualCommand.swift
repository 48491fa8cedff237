import ArgumentParser
import Foundation
import MoneyFieldShell
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// `moneyfield manual`: the man page, moneyfield(1), written from the same declarations as
/// `--help` and the shell's `help`, so it covers the shell commands, keys and script format too.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual", _superCommandName: Moneyfield.name,
        abstract: "Print the man page (roff) for moneyfield(1): moneyfield manual | man -l - (scripts/install puts it in place).")

    func run() throws {
        // roff is for man(1), not for reading: on a terminal, say how to read it.
        guard isatty(STDOUT_FILENO) == 0 else {
            Console.error("the man page is roff for man(1): read it with `moneyfield manual | man -l -`, or after scripts/install with `man moneyfield`")
            return
        }
        Output.write(Self.page())
    }

    static func page() -> String {
        // Every subcommand that --help lists, `manual` included, from the same declarations.
        let subcommands = Moneyfield.configuration.subcommands.filter { $0.configuration.shouldDisplay && $0 != ShellCommand.self }
        var roff = [
            ".TH MONEYFIELD 1 \"\" \"moneyfield \(Moneyfield.version)\" \"User Commands\"",
            ".SH NAME", "moneyfield \\- " + escaped(Moneyfield.configuration.abstract),
            ".SH SYNOPSIS",
            ".B moneyfield", "[\\fIshell-options\\fR]",
        ]
        for command in subcommands {
            roff += [".br", ".B moneyfield \(command._commandName)", "[\\fIoptions\\fR]"]
        }
        roff += [".SH DESCRIPTION", escaped(Moneyfield.configuration.discussion)]
        roff += [".SH SHELL", ".nf"] + helpLines(ShellCommand.self) + [".fi"]
        for command in subcommands {
            roff += [".SH \(command._commandName.uppercased())", ".nf"] + helpLines(command) + [".fi"]
        }
        roff += [".SH SHELL COMMANDS", escaped("One per line, or several on a line separated by ; outside quotes, as sh reads them; a line of digits and <key> names types them.")]
        for command in Commands.all {
            roff += [".TP", ".B " + escaped(command.usage), escaped(command.summary)]
            for detail in command.details { roff += [".br", escaped(detail)] }
        }
        // Each option of `new` (and of check and vectors) with its help, from the option table.
        roff += [".SH FIELD OPTIONS", "What \\fBnew\\fR, \\fBcheck\\fR and \\fBvectors\\fR take to make a field."]
        for option in FieldOption.all {
            roff += [".TP", ".B " + escaped(option.name + (option.valueName.map { " " + $0 } ?? "")), escaped(option.help)]
        }
        roff += [".SH KEYS", "Written in angle brackets after \\fBtype\\fR and in scripts; digits stand for themselves."]
        for named in KeyTable.all {
            let kiosk = named.kiosk.isEmpty ? "" : " (kiosk: \(named.kioskLabel))"
            roff += [".TP", ".B <\(named.name)>", escaped(named.help + kiosk)]
        }
        roff += [
            ".SH SESSION SCRIPTS",
            "A session script (\\fI*.session\\fR) is a transcript: lines starting with \\(oq> \\(cq are commands, the lines after one",
            "are its expected output, \\(oq#\\(cq lines are comments. \\fBmoneyfield test\\fR replays each in a fresh session and",
            "compares; \\fB\\-\\-update\\fR rewrites the expectations, \\fBrecord FILE\\fR writes a live session in this format.",
            ".PP", ".nf",
            "# ATM entry in GBP",
            "> new price \\-\\-locale en_GB \\-\\-currency GBP",
            "price: \\[u00A3]0.00|",
            "> type 12345<left><left>",
            "price: \\[u00A3]123|.45",
            ".fi",
            ".SH EXIT STATUS", "0 success, 1 a command or script failed, 2 unusable arguments.",
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR", "Set and not empty: no colour.",
            ".TP", ".B MONEYFIELD_HISTORY", "The shell's history file.",
            ".TP", ".B XDG_STATE_HOME", "History goes to \\fI$XDG_STATE_HOME/moneyfield/history\\fR (default \\fI~/.local/state\\fR).",
        ]
        return roff.joined(separator: "\n") + "\n"
    }

    /// A subcommand's `--help`, as roff lines.
    static func helpLines(_ command: any ParsableCommand.Type) -> [String] {
        command.helpMessage(columns: 80).split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
    }

    /// Text as roff shows it literally: backslashes doubled, a leading `.` or `'` made inert.
    static func escaped(_ text: String) -> String {
        var line = text.replacingScalars { $0 == "\\" ? "\\e" : $0 == "-" ? "\\-" : nil }
        if line.hasPrefix(".") || line.hasPrefix("'") { line = "\\&" + line }
        return line
    }
}

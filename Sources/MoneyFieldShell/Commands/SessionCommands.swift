import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

extension Commands {
    static let sessionCommands = [kiosk, help, quit]

    static let kiosk = Command(
        "kiosk", [.optional("NAME", .field)],
        journal: .keeps, replay: .refused(because: "the kiosk reads a terminal key by key; its keys come back in a recording as `type` lines"), summary: "take the terminal key by key, drawn as a kiosk screen (Enter or Esc leaves)",
        details: ["Keys: digits type; " + KeyTable.all.filter { !$0.kiosk.isEmpty }.map { "\($0.kioskLabel) \($0.name)" }.joined(separator: ", ")
                  + "; Enter or Esc leaves.",
                  "Tab leaves the field as <enter> does where leaving can show (natural mode, \(FieldOption[\.emptyShows].name) symbol-when-focused): "
                  + "the fraction settles, and the next key comes back.",
                  "With several fields the kiosk is a form: Tab and Shift-Tab move between them."]
    ) { arguments in .kiosk(arguments.word(0)) }
    static let help = Command("help", [.optional("COMMAND", .command)], journal: .passes, replay: .passedOver, summary: "list commands, or explain one") { arguments in .help(arguments.word(0)) }
    static let quit = Command("quit", aliases: ["exit"], journal: .keeps, replay: .noRequest, summary: "leave (Ctrl-D too)", invocation: .quit)
}

extension Session {
    func help(_ name: String?) throws(CommandError) -> CommandResult {
        guard let name else {
            // The names by group, wrapped: the list fits a small terminal; `help NAME` says more.
            let width = Commands.groups.map(\.title.count).max()!
            var lines: [OutputLine] = [.plain("commands (help COMMAND explains one; a line of digits types them):")]
            for group in Commands.groups {
                var line = "  " + group.title.rightPadded(to: width) + " "
                for command in group.commands {
                    if line.count + 1 + command.name.count > 78 {
                        lines.append(.plain(line))
                        line = String(repeating: " ", count: width + 3)
                    }
                    line += " " + command.name
                }
                lines.append(.plain(line))
            }
            lines.append(.plain("several on one line run in turn when ; separates them: type 123; value"))
            return CommandResult(lines: lines)
        }
        guard let spec = Commands.named(name) else { throw CommandError(Self.noCommand(name)).about(.argument(0)) }
        return CommandResult(lines: (["usage: " + spec.usage, spec.summary] + spec.details).map(OutputLine.plain))
    }

    /// What `help NAME` says of a name that is no command: where an option's or a key's name is
    /// explained (`help grouping` → `help new`, `help selall` → `help type`), read from the option
    /// table, the commands' flags and the key table; else the nearest commands.
    static func noCommand(_ name: String) -> String {
        let quoted = VisibleText.quoted(name)
        let bare = String(name.drop { $0 == "-" })
        if !bare.isEmpty {
            let option = "--" + bare
            if FieldOption.named(option) != nil {
                let takers = Commands.all.filter(\.takesFieldOptions).map(\.name)
                return "no command \(quoted); \(option) is an option of \(English.list(takers)): help \(takers.first ?? "new") says what it takes"
            }
            let flagged = Commands.all.filter { $0.flags.contains(option) }.map(\.name)
            if let first = flagged.first {
                let pointer = flagged.count == 1 ? "help \(first) says what it does" : "help COMMAND with one of them says what it does (help \(first))"
                return "no command \(quoted); \(option) is an option of \(English.list(flagged)): \(pointer)"
            }
        }
        let keyName = name.hasPrefix("<") && name.hasSuffix(">") && name.count > 2 ? String(name.dropFirst().dropLast()) : name
        if KeyTable.key(named: keyName) != nil {
            return "no command \(quoted); <\(keyName)> is a key: help type lists the keys (type <\(keyName)> presses it)"
        }
        let close = Suggestions.closest(to: name, in: Commands.names, limit: 2)
        return "no command \(quoted)\(Suggestions.didYouMean(close)) (help lists the commands)"
    }

    /// Checks a `kiosk` request; the executable takes the terminal when `kioskField` is set.
    func kiosk(_ name: String?) throws(CommandError) -> CommandResult {
        guard options.isInteractive else {
            throw CommandError("kiosk needs an interactive terminal; in scripts use type, or `moneyfield demo` to show a script as a kiosk")
        }
        if let name { activeName = fields[try existing(name)].name }
        let entry = try active()
        var result = CommandResult()
        result.kioskField = entry.name
        return result
    }
}

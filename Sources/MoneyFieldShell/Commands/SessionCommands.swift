import MoneyFieldEngine

extension Commands {
    static let sessionControl: [Command] = [
        Command(
            "kiosk", usage: "kiosk [NAME]",
            summary: "take the terminal key by key, drawn as a kiosk screen (Enter or Esc leaves)",
            details: ["Keys: digits type; " + KeyTable.all.filter { !$0.kiosk.isEmpty }.map { "\($0.kioskLabel) \($0.name)" }.joined(separator: ", ")
                      + "; Enter or Esc leaves.", "With several fields the kiosk is a form: Tab and Shift-Tab move between them."],
            arguments: [.field]) { session, rest throws(CommandError) in try session.kiosk(rest) },
        Command("help", usage: "help [COMMAND]", summary: "list commands, or explain one", arguments: [.command]) {
            session, rest throws(CommandError) in try session.help(rest)
        },
        .bare("quit", aliases: ["exit"], summary: "leave (Ctrl-D too)") { _ in CommandResult(quits: true) },
    ]
}

extension Session {
    func help(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        switch words.count {
        case 0:
            let width = Commands.names.map(\.count).max()!
            var lines = Commands.all.map { OutputLine.plain("  " + $0.name.rightPadded(to: width) + "  " + $0.summary) }
            lines.insert(.plain("commands (help COMMAND for more; a line of digits types them):"), at: 0)
            return CommandResult(lines: lines)
        case 1:
            guard let spec = Commands.named(words[0]) else {
                let close = Suggestions.closest(to: words[0], in: Commands.names, limit: 2)
                throw CommandError("no command \"\(words[0])\"\(Suggestions.didYouMean(close)) (help lists the commands)")
            }
            return CommandResult(lines: (["usage: " + spec.usage, spec.summary] + spec.details).map(OutputLine.plain))
        default:
            throw CommandError(usage("help"))
        }
    }

    /// Checks a `kiosk` request; the executable takes the terminal when `kioskField` is set.
    func kiosk(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.count <= 1 else { throw CommandError(usage("kiosk")) }
        guard options.isInteractive else {
            throw CommandError("kiosk needs an interactive terminal; in scripts use type, or `moneyfield demo` to show a script as a kiosk")
        }
        if let name = words.first { activeName = fields[try existing(name)].name }
        let entry = try active()
        var result = CommandResult()
        result.kioskField = entry.name
        return result
    }
}

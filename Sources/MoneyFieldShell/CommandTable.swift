/// Every shell command's name, usage and help, in one place for dispatch, `help` and completion.
public struct CommandSpec: Sendable {
    public let name: String
    public let usage: String
    public let summary: String
    public let details: [String]

    init(_ name: String, _ usage: String, _ summary: String, _ details: [String] = []) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.details = details
    }
}

public enum CommandTable {
    public static let all: [CommandSpec] = [
        CommandSpec("new", "new NAME [--locale L] [--currency C] [--mode atm|whole] [--decimals N] [--max-digits N] [--max A] [--min A] [--allow-negative] [--accounting]",
                    "make a field and make it active", [
                        "NAME: a letter or _, then up to 31 letters, digits, _ or -.",
                        "--mode atm (default): digits are minor units, 1 2 3 shows $1.23.",
                        "--mode whole: digits are whole units, grouped live: 20000 shows $20,000.",
                        "--decimals N (0-6) overrides the currency's fraction digits; --max-digits N (1-30, default 12).",
                        "--max/--min take plain amounts (1000, -250.50); --allow-negative enables <neg>.",
                    ]),
        CommandSpec("use", "use NAME", "make another field active"),
        CommandSpec("fields", "fields", "list the fields, the active one marked *"),
        CommandSpec("drop", "drop NAME", "remove a field"),
        CommandSpec("rename", "rename OLD NEW", "rename a field"),
        CommandSpec("type", "type KEYS", "press keys: digits and <bs> <del> <left> <right> <home> <end> <neg> <clear>", [
            "A line of only digits types them too: `123` is `type 123`.",
            "Any Unicode decimal digit counts (٣ is 3). Typing stops at the first refused key.",
        ]),
        CommandSpec("bs", "bs [N]", "backspace N times (default 1)"),
        CommandSpec("del", "del [N]", "delete forward N times (default 1)"),
        CommandSpec("left", "left [N]", "move the caret left N digit slots"),
        CommandSpec("right", "right [N]", "move the caret right N digit slots"),
        CommandSpec("home", "home", "caret before the first digit"),
        CommandSpec("end", "end", "caret after the last digit"),
        CommandSpec("neg", "neg", "toggle the sign (fields made with --allow-negative)"),
        CommandSpec("clear", "clear", "zero, positive, caret at the end"),
        CommandSpec("paste", "paste TEXT", "type the decimal digits found in TEXT at the caret"),
        CommandSpec("set", "set AMOUNT", "set the amount: plain (1234.5, -0.05) or as the locale writes it (1.234,50 €)"),
        CommandSpec("locale", "locale ID", "show the same amount in another locale (de_DE, ar-EG-u-nu-latn)"),
        CommandSpec("currency", "currency CODE [--round]", "keep the amount in another currency; --round rounds half-even when it does not fit"),
        CommandSpec("undo", "undo", "undo the last change to the active field"),
        CommandSpec("redo", "redo", "redo what undo took back"),
        CommandSpec("show", "show", "the display with the caret drawn as |"),
        CommandSpec("value", "value", "the plain amount: 1234.50"),
        CommandSpec("minor", "minor", "the amount in minor units: 123450"),
        CommandSpec("inspect", "inspect [--json]", "everything about the active field; --json on one line"),
        CommandSpec("locales", "locales [FILTER]", "locale IDs ICU knows, with a sample display"),
        CommandSpec("currencies", "currencies [FILTER]", "ISO 4217 codes with fraction digits and a sample display"),
        CommandSpec("kiosk", "kiosk [NAME]", "take the terminal key by key, drawn as a kiosk screen (Enter or Esc leaves)"),
        CommandSpec("record", "record FILE | record off", "write this session to FILE as a replayable script"),
        CommandSpec("source", "source FILE", "run a script's commands here (its expected output is ignored)"),
        CommandSpec("help", "help [COMMAND]", "list commands, or explain one"),
        CommandSpec("quit", "quit", "leave (Ctrl-D too)"),
    ]

    public static let names: [String] = all.map(\.name)

    public static func spec(named name: String) -> CommandSpec? { all.first { $0.name == name } }
}

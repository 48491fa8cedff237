/// What Tab offers for one argument of a command.
public enum ArgumentKind: Sendable, Equatable {
    /// The name of an existing field.
    case field
    /// A name for something new: nothing to offer.
    case newName
    /// A command name.
    case command
    /// Digits and `<named>` keys.
    case keys
    case locale
    case currency
    /// A script file or a folder.
    case file
    /// Free text (an amount, a count, a filter): nothing to offer.
    case text
    /// One of these words.
    case choice([String])
    /// The field options of `new` (`--locale L`, `--mode M` …), each with its own values.
    case fieldOptions
}

/// One shell command, declared once: dispatch, `help` and completion all read this.
public struct Command: Sendable {
    /// What a command does with the rest of its line.
    typealias Action = @Sendable (Session, Substring) throws(CommandError) -> CommandResult

    public let name: String
    /// Other names it answers to (`exit` for `quit`).
    public let aliases: [String]
    public let usage: String
    public let summary: String
    public let details: [String]
    /// What each positional argument is, in order, for completion.
    public let arguments: [ArgumentKind]
    /// Flags it takes anywhere after its name (`--json`, `--round`).
    public let flags: [String]
    let action: Action

    init(
        _ name: String, aliases: [String] = [], usage: String, summary: String, details: [String] = [],
        arguments: [ArgumentKind] = [], flags: [String] = [], action: @escaping Action
    ) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.flags = flags
        self.action = action
    }

    /// A command that takes no arguments at all.
    static func bare(
        _ name: String, aliases: [String] = [], summary: String, details: [String] = [],
        action: @escaping @Sendable (Session) throws(CommandError) -> CommandResult
    ) -> Command {
        Command(name, aliases: aliases, usage: name, summary: summary, details: details) { session, rest throws(CommandError) in
            guard rest.isEmpty else { throw CommandError("\(name) takes no arguments; usage: \(name)") }
            return try action(session)
        }
    }
}

/// Every command, in the order `help` lists them.
public enum Commands {
    public static let all: [Command] = fields + editing + looking + scripting + sessionControl

    public static let names: [String] = all.map(\.name)

    private static let byName: [String: Command] = Dictionary(
        all.flatMap { command in ([command.name] + command.aliases).map { ($0, command) } },
        uniquingKeysWith: { first, _ in first })

    /// Commands that only look or explain: a session's journal leaves them out.
    static let changingNothing: Set<String> = Set(looking.map(\.name) + ["help", "fields"])

    /// The command called `name` or one of its aliases.
    public static func named(_ name: String) -> Command? { byName[name] }
}

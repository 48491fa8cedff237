import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

/// What a positional argument is: how it reads and what Tab offers for it.
package enum ArgumentKind: Sendable, Equatable {
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
    /// A repeat count, 1 to 1000.
    case count
    /// A UTF-16 offset or length, 0 or more.
    case offset
    /// Free text (an amount, a filter): nothing to offer.
    case text
    /// One of these words.
    case choice([String])
}

/// One positional argument of a command.
package struct Parameter: Sendable, Equatable {
    /// How usage writes it: `NAME`, `KEYS`.
    package let placeholder: String
    package let kind: ArgumentKind
    package let isOptional: Bool
    /// It takes the rest of the line as it stands, spaces included (`paste 1 234,50 €`).
    package let isRestOfLine: Bool

    package static func required(_ placeholder: String, _ kind: ArgumentKind) -> Parameter {
        Parameter(placeholder: placeholder, kind: kind, isOptional: false, isRestOfLine: false)
    }

    package static func optional(_ placeholder: String, _ kind: ArgumentKind) -> Parameter {
        Parameter(placeholder: placeholder, kind: kind, isOptional: true, isRestOfLine: false)
    }

    package static func restOfLine(_ placeholder: String, _ kind: ArgumentKind) -> Parameter {
        Parameter(placeholder: placeholder, kind: kind, isOptional: false, isRestOfLine: true)
    }

    var usage: String { isOptional ? "[\(placeholder)]" : placeholder }
}

/// One shell command, declared once as data: parsing, usage, `help`, completion, the man page
/// and the README's table read this; `make` turns the parsed words into a typed `Invocation`.
package struct Command: Sendable {
    package let name: String
    /// Other names it answers to (`exit` for `quit`).
    package let aliases: [String]
    /// The line `help` shows; made when read, like `details`: a replay builds the command table
    /// to find its commands by name, and `neg`'s summary would build `new`'s option table.
    package var summary: String { summaryLine() }
    private let summaryLine: @Sendable () -> String
    /// Lines `help NAME` adds; built when asked, so a replay never builds `new`'s option table for them.
    package var details: [String] { detailLines() }
    private let detailLines: @Sendable () -> [String]
    package let parameters: [Parameter]
    /// Flags it takes anywhere after its name (`--json`, `--round`), as written.
    package var flags: [String] { takes.map(\.spelling) }
    let takes: [CommandFlag]
    /// It takes `new`'s field options after its positional arguments.
    package let takesFieldOptions: Bool
    /// Another form usage shows after the main one (`record off`).
    let alternative: String?
    /// What a session's journal (and so a recording started later) does with it.
    package let journal: Journaling
    /// What `check --replay` does with it in a script.
    package let replay: Replaying
    let make: @Sendable (Arguments) throws(CommandError) -> Invocation

    /// What a session's journal does with a command: declared, not defaulted, so a new command
    /// says whether the fields a later recording rebuilds would miss it.
    package enum Journaling: Sendable, Equatable {
        /// It may change a field or the session: the journal keeps it (when it did not fail).
        case keeps
        /// It only looks: the journal passes over it.
        case passes
        /// Its effect cannot be replayed from the journal (`source` reads a file that may change): the journal ends.
        case ends
        /// It starts or stops the recording itself: neither the journal nor a recording writes it.
        case leftOut
    }

    /// What `check --replay` does with a command: the protocol has requests for a new field and
    /// for keys alone, so anything else that changes state is refused, with the reason.
    package enum Replaying: Sendable, Equatable {
        /// Played on the adapter (`new`, keys).
        case played
        /// It only looks: passed over.
        case passedOver
        /// Refused, and the script with it; the reason ends the message.
        case refused(because: String)

        /// The reason of most refusals.
        static let noRequest = refused(because: "the adapter protocol has no request for it (only new, keys and caret have)")
        /// The reason of the commands that move between fields.
        static let oneFieldAtATime = refused(because: "the protocol plays each field from its own `new`, one after another")
    }

    init(
        _ name: String, aliases: [String] = [], _ parameters: [Parameter] = [], flags: [CommandFlag] = [], fieldOptions: Bool = false,
        alternative: String? = nil, journal: Journaling, replay: Replaying, summary: @autoclosure @escaping @Sendable () -> String,
        details: @autoclosure @escaping @Sendable () -> [String] = [],
        make: @escaping @Sendable (Arguments) throws(CommandError) -> Invocation
    ) {
        self.name = name
        self.aliases = aliases
        self.parameters = parameters
        self.takes = flags
        self.takesFieldOptions = fieldOptions
        self.alternative = alternative
        self.journal = journal
        self.replay = replay
        self.summaryLine = summary
        self.detailLines = details
        self.make = make
    }

    /// A command that takes no arguments.
    init(_ name: String, aliases: [String] = [], journal: Journaling, replay: Replaying, summary: @autoclosure @escaping @Sendable () -> String,
         details: @autoclosure @escaping @Sendable () -> [String] = [], invocation: Invocation) {
        self.init(name, aliases: aliases, journal: journal, replay: replay, summary: summary(), details: details()) { _ in invocation }
    }

    /// `currency CODE [--round]`, `new NAME` and its field options.
    package var usage: String {
        var words = [name] + parameters.map(\.usage) + flags.map { "[\($0)]" }
        if takesFieldOptions { words.append(FieldOption.usage) }
        return words.joined(separator: " ") + (alternative.map { " | " + $0 } ?? "")
    }

    /// An invocation's arguments as its command reads them: what a recording writes back, as
    /// text only here, quoted by each parameter's declaration (`Invocation.written`).
    package struct Written: Sendable {
        /// The positional arguments, in declared order; trailing optional ones may be left out.
        var arguments: [String]
        var flags: Set<CommandFlag>
        var options: FieldOptions?

        init(_ arguments: String..., flags: Set<CommandFlag> = [], options: FieldOptions? = nil) {
            self.arguments = arguments
            self.flags = flags
            self.options = options
        }
    }

    /// The line that reads back into `written`: the name, each argument quoted as its parameter
    /// reads it, the flags given, the field options.
    func line(_ written: Written) -> String {
        var words = [name]
        for (parameter, text) in zip(parameters, written.arguments) {
            words.append(parameter.isRestOfLine ? Tokenizer.restOfLine(text) : Tokenizer.quoted(text))
        }
        words += takes.filter(written.flags.contains).map(\.spelling)
        if let options = written.options { words += options.words.map(Tokenizer.quoted) }
        return words.joined(separator: " ")
    }

    /// The words after the command's name, read by its declaration.
    package struct Arguments: Sendable {
        package let command: Command
        /// The positional arguments, each with where it stands in the line (for errors).
        var words: [Tokenizer.Word] = []
        package var flags: Set<String> = []
        package var fieldOptions = FieldOptions()
        /// Where the field options stand, from the first to the last.
        var optionsSpan: Range<Int>?
        /// How keys read for the active field (a natural field's `.` is `<dec>`).
        package var reading = KeyReading.plain

        /// Where the words stand, kept with the invocation for errors raised while it runs.
        var spans: WordSpans { WordSpans(arguments: words.lazy.map(\.span), options: optionsSpan) }

        /// The positional arguments' texts.
        package var positionals: Positionals { Positionals(words: words) }

        /// The positional argument at `index`, if given.
        func word(_ index: Int) -> String? { index < words.count ? String(words[index].text) : nil }

        func span(_ index: Int) -> Range<Int>? { index < words.count ? words[index].span : nil }

        /// A count from 1 to 1000 at `index`; 1 when not given.
        func count(_ index: Int) throws(CommandError) -> Int {
            guard let text = word(index) else { return 1 }
            guard let count = Int(text), (1...1000).contains(count) else {
                throw CommandError("\(command.name) takes a count from 1 to 1000, not \(VisibleText.quoted(text)); usage: \(command.usage)", at: span(index))
            }
            return count
        }

        /// The keys at `index`: at least one.
        func keys(_ index: Int) throws(CommandError) -> [Key] {
            // Read from the line in place: a replay's keys are most of its words.
            let keys = try reading.keys(index < words.count ? words[index].text : "", from: span(index)?.lowerBound ?? 0)
            guard !keys.isEmpty else { throw CommandError("usage: \(command.usage)") }
            return keys
        }

        /// A UTF-16 offset or length at `index`.
        func offset(_ index: Int) throws(CommandError) -> Int {
            let text = word(index) ?? ""
            guard let number = Int(text), number >= 0 else {
                throw CommandError("\(command.name) takes UTF-16 offsets and lengths (0, 1, 2 …), not \(VisibleText.quoted(text)); usage: \(command.usage)", at: span(index))
            }
            return number
        }
    }

    /// The texts of the positional arguments, read in place.
    package struct Positionals: RandomAccessCollection, Sendable {
        let words: [Tokenizer.Word]
        package var startIndex: Int { words.startIndex }
        package var endIndex: Int { words.endIndex }
        package subscript(index: Int) -> String { String(words[index].text) }
    }

    /// Reads the rest of a line by this declaration into an invocation; `offset` is where the
    /// rest starts in the line, so errors point at the word they are about.
    func parse(_ rest: Substring, reading: KeyReading, offset: Int = 0) throws(CommandError) -> ParsedLine {
        var arguments = Arguments(command: self, reading: reading)
        var extra: Range<Int>?
        if let last = parameters.last, last.isRestOfLine {
            let text = rest.trimmingSpaces()
            if !text.isEmpty {
                let start = offset + rest[..<text.startIndex].characterCount
                if last.kind == .text, text.first == "\"" || text.first == "'" {
                    // Quoted as sh quotes it (`paste "1,234.5"`, `paste ""`): one word, quotes off.
                    let words = try Tokenizer.spannedWords(text, from: start)
                    guard words.count == 1 else {
                        throw CommandError("quote all of \(last.placeholder) once, or none of it; usage: \(usage)", at: words.dropFirst().first?.span)
                    }
                    arguments.words = words
                } else {
                    arguments.words = [Tokenizer.Word(text: text, span: start..<(start + text.characterCount))]
                }
            }
        } else {
            let words = try Tokenizer.spannedWords(rest, from: offset)
            // Field options come after the positional arguments, and everything after them is theirs.
            let optionsStart = takesFieldOptions ? words.firstIndex { $0.text.hasPrefix("--") } ?? words.endIndex : words.endIndex
            arguments.words.reserveCapacity(optionsStart)
            for word in words[..<optionsStart] {
                if flags.contains(where: { $0 == word.text }) {
                    arguments.flags.insert(String(word.text))
                } else if word.text.hasPrefix("--") && word.text.count > 2 {
                    let close = Suggestions.closest(to: String(word.text), in: flags, limit: 2)
                    throw CommandError("unknown option \(VisibleText.quoted(word.text))\(Suggestions.didYouMean(close)); usage: \(usage)", at: word.span)
                } else {
                    arguments.words.append(word)
                }
            }
            if takesFieldOptions {
                arguments.fieldOptions = try FieldOptions(parsing: Array(words[optionsStart...]), usage: usage)
                if let first = words[optionsStart...].first, let last = words.last { arguments.optionsSpan = first.span.lowerBound..<last.span.upperBound }
            }
            extra = arguments.words.dropFirst(parameters.count).first?.span
        }
        let required = parameters.count(where: { !$0.isOptional })
        guard (required...parameters.count).contains(arguments.words.count) else {
            throw CommandError(parameters.isEmpty && flags.isEmpty ? "\(name) takes no arguments; usage: \(usage)" : "usage: \(usage)", at: extra)
        }
        return ParsedLine(try make(arguments), spans: arguments.spans)
    }
}

/// Every command, in the order `help` lists them.
package enum Commands {
    package static let all: [Command] = groups.flatMap(\.commands)

    /// The commands by what they are for, as `help` lists them.
    package static let groups: [(title: String, commands: [Command])] = [
        ("fields", fieldCommands), ("editing", editingCommands), ("looking", lookingCommands), ("scripts", scriptCommands), ("session", sessionCommands),
    ]

    package static let names: [String] = all.map(\.name)

    private static let byName: [String: Command] = Dictionary(
        all.flatMap { command in ([command.name] + command.aliases).map { ($0, command) } },
        uniquingKeysWith: { first, _ in first })

    /// The command called `name` or one of its aliases.
    package static func named(_ name: String) -> Command? { byName[name] }

    /// Where the command's name ends: at the first space, found by bytes while the name is ASCII.
    private static func nameEnd(in line: Substring) -> Substring.Index {
        var index = line.utf8.startIndex
        while index < line.utf8.endIndex {
            let byte = line.utf8[index]
            // Other text, and CR (CR LF is one Character, and a space-like one), by Characters.
            if !byte.isLoneASCIICharacter { return line.firstIndex(where: \.isSpaceLike) ?? line.endIndex }
            if byte.isSpaceOrTab { return index }
            index = line.utf8.index(after: index)
        }
        return line.endIndex
    }

    /// A line with its spaces cut is a comment: `#` then ASCII at a glance; `#` with a combining
    /// mark is asked of Characters.
    private static func isComment(trimmed: Substring) -> Bool {
        let utf8 = trimmed.utf8
        return utf8.first == 0x23 && ((utf8.dropFirst().first ?? 0) < 0x80 || trimmed.hasPrefix("#"))
    }

    /// The commands of a line, each with where it starts, read by the line's tokenizer: split at
    /// `;` outside quotes; a comment, or a line with no `;` byte at all, is one command.
    package static func split(commandLine text: String) -> [(command: String, offset: Int)] {
        guard text.utf8.contains(UInt8(ascii: ";")), !isComment(trimmed: text.trimmingSpaces()) else { return [(text, 0)] }
        return Tokenizer.commands(in: text)
    }

    /// Reads one line into what it asks for; nil for a blank line or a comment.
    package static func parse(_ line: String, reading: KeyReading) throws(CommandError) -> Invocation? {
        try read(line, reading: reading)?.invocation
    }

    /// Reads one line into what it asks for and where its words stand, once; nil for a blank line
    /// or a comment. A line that starts with a digit or `<` types keys (`123<left>9`), read as
    /// `reading` says.
    package static func read(_ line: String, reading: KeyReading) throws(CommandError) -> ParsedLine? {
        let trimmed = line.trimmingSpaces()
        if trimmed.utf8.isEmpty || isComment(trimmed: trimmed) { return nil }
        let start = line[..<trimmed.startIndex].characterCount
        if KeyScript.startsKeys(trimmed, reading: reading) {
            return ParsedLine(.press(KeyPress(try reading.keys(trimmed, from: start), spelling: .bare)))
        }
        let nameEnd = Self.nameEnd(in: trimmed)
        let name = String(trimmed[..<nameEnd])
        let nameSpan = start..<(start + name[...].characterCount)
        guard let command = named(name) else {
            if name.hasPrefix(">") {
                throw CommandError("lines starting \"> \" are a session script's; replay a script with `moneyfield test FILE`, or run its commands here with `source FILE`", at: nameSpan)
            }
            let close = Suggestions.closest(to: name, in: names, limit: 2)
            throw CommandError("unknown command \(VisibleText.quoted(name))\(Suggestions.didYouMean(close)) (help lists the commands)", at: nameSpan)
        }
        return try command.parse(trimmed[nameEnd...], reading: reading, offset: nameSpan.upperBound)
    }
}

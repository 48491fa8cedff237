import MoneyFieldEngine

/// A command line read once into typed values. The session runs it, the journal keeps it, the
/// kiosk and the demo make and read it; only a recording turns it into text, to write a script.
package enum Invocation: Equatable, Sendable {
    case new(name: String, options: FieldOptions)
    case use(String)
    case fields(json: Bool)
    case drop(String)
    case rename(String, to: String)
    case press(KeyPress)
    case paste(String)
    case set(String)
    case caret(Int)
    case select(start: Int, length: Int)
    case edit(start: Int, length: Int, text: String)
    case locale(String)
    case currency(String, round: Bool)
    case undo
    case redo
    case show
    case value
    case minor
    case inspect(json: Bool)
    case locales(filter: String, json: Bool)
    case currencies(filter: String, json: Bool)
    case record(String, force: Bool)
    case recordOff
    case source(String)
    case kiosk(String?)
    case help(String?)
    case quit

    /// The line a script writes for it: its declaration writes it from the arguments.
    package var scriptLine: String {
        if case .press(let press) = self, press.spelling != .type { return press.scriptLine }
        let (command, arguments) = written
        return command.line(arguments)
    }

    /// The declaration that reads this invocation: what the journal and `check --replay` do with
    /// it is that declaration's.
    package var declaration: Command { written.command }

    /// The declaration that reads this invocation and the arguments it reads it from: the one
    /// place a typed invocation turns back into what a line said. Exhaustive, so a new command
    /// does not compile until it says how it is written; the text itself is the declaration's.
    var written: (command: Command, arguments: Command.Written) {
        switch self {
        case .new(let name, let options): (Commands.new, .init(name, options: options))
        case .use(let name): (Commands.use, .init(name))
        case .fields(let json): (Commands.fields, .init(flags: json ? [.json] : []))
        case .drop(let name): (Commands.drop, .init(name))
        case .rename(let old, let new): (Commands.rename, .init(old, new))
        case .press(let press): (Commands.type, .init(KeyScript.text(for: press.keys)))
        case .paste(let text): (Commands.paste, .init(text))
        case .set(let amount): (Commands.set, .init(amount))
        case .caret(let offset): (Commands.caret, .init(String(offset)))
        case .select(let start, let length): (Commands.select, .init(String(start), String(length)))
        case .edit(let start, let length, let text):
            (Commands.edit, text.isEmpty ? .init(String(start), String(length)) : .init(String(start), String(length), text))
        case .locale(let identifier): (Commands.locale, .init(identifier))
        case .currency(let code, let round): (Commands.currency, .init(code, flags: round ? [.round] : []))
        case .undo: (Commands.undo, .init())
        case .redo: (Commands.redo, .init())
        case .show: (Commands.show, .init())
        case .value: (Commands.value, .init())
        case .minor: (Commands.minor, .init())
        case .inspect(let json): (Commands.inspect, .init(flags: json ? [.json] : []))
        case .locales(let filter, let json): (Commands.locales, filter.isEmpty ? .init(flags: json ? [.json] : []) : .init(filter, flags: json ? [.json] : []))
        case .currencies(let filter, let json):
            (Commands.currencies, filter.isEmpty ? .init(flags: json ? [.json] : []) : .init(filter, flags: json ? [.json] : []))
        case .record(let path, let force): (Commands.record, .init(path, flags: force ? [.force] : []))
        case .recordOff: (Commands.record, .init("off"))
        case .source(let path): (Commands.source, .init(path))
        case .kiosk(let name): (Commands.kiosk, name.map { .init($0) } ?? .init())
        case .help(let command): (Commands.help, command.map { .init($0) } ?? .init())
        case .quit: (Commands.quit, .init())
        }
    }
}

/// A line read once: what it asks for, and where its words stand, so that an error raised while it
/// runs (`locale xx`: no such locale) points at its word as a parse error does.
package struct ParsedLine: Equatable, Sendable {
    package let invocation: Invocation
    package let spans: WordSpans

    package init(_ invocation: Invocation, spans: WordSpans = WordSpans()) {
        self.invocation = invocation
        self.spans = spans
    }
}

/// Where a line's words stand, in characters from 0: its positional arguments (a command takes
/// at most three) and `new`'s field options. Held inline: a replayed line of keys pays no
/// allocation for it.
package struct WordSpans: Equatable, Sendable {
    private var first: Range<Int>?
    private var second: Range<Int>?
    private var third: Range<Int>?
    /// From the first field option to the last.
    var options: Range<Int>?

    package init() {}

    init(arguments: some Collection<Range<Int>>, options: Range<Int>?) {
        precondition(arguments.count <= 3, "a command takes at most three positional arguments")
        var spans = arguments.makeIterator()
        first = spans.next()
        second = spans.next()
        third = spans.next()
        self.options = options
    }

    /// The span of the positional argument at `index`, if given.
    package subscript(argument index: Int) -> Range<Int>? {
        switch index {
        case 0: first
        case 1: second
        case 2: third
        default: nil
        }
    }

    /// Where the words an error is about stand: from the first given to the last.
    func span(of word: CommandError.Word) -> Range<Int>? {
        let spans: [Range<Int>] = switch word {
        case .argument(let index): [self[argument: index]].compactMap { $0 }
        case .arguments(let indices): indices.compactMap { self[argument: $0] }
        case .options: [options].compactMap { $0 }
        }
        guard let low = spans.first?.lowerBound, let high = spans.last?.upperBound else { return nil }
        return low..<high
    }
}

/// Keys pressed on the active field, and how the line asked for them, so a recording writes
/// them back the same way (`type 12<bs>`, `12`, `bs 3`).
package struct KeyPress: Equatable, Sendable {
    package enum Spelling: Equatable, Sendable {
        /// `type KEYS`.
        case type
        /// A line of keys alone: `123<left>`.
        case bare
        /// A key command, with a count when more than one: `bs 3`, `home`.
        case command(String)
    }

    package var keys: [Key]
    package var spelling: Spelling

    package init(_ keys: [Key], spelling: Spelling = .type) {
        self.keys = keys
        self.spelling = spelling
    }

    /// `key` pressed `count` times as its own command writes it (`bs 3`, `home`), or typed
    /// (`type <enter>`) when the key has no command or no count.
    package static func command(_ key: Key, count: Int = 1) -> KeyPress {
        let named = KeyTable.named(for: key)
        let keys = Array(repeating: key, count: count)
        return switch named.command {
        case .repeated: KeyPress(keys, spelling: .command(named.name))
        case .once where count == 1: KeyPress(keys, spelling: .command(named.name))
        case .once, nil: KeyPress(keys, spelling: .type)
        }
    }

    /// Written as keys (`type 12<bs>` or `12<bs>`), not as a key command (`bs 3`).
    package var isTyped: Bool { spelling == .type || spelling == .bare }

    package var scriptLine: String {
        switch spelling {
        case .type: Invocation.press(self).scriptLine
        case .bare: KeyScript.text(for: keys)
        case .command(let name): keys.count == 1 ? name : "\(name) \(keys.count)"
        }
    }
}

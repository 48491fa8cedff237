import Foundation
import MoneyFieldEngine

extension Commands {
    static let fields: [Command] = [
        Command(
            "new", usage: FieldOptions.usage,
            summary: "make a field and make it active",
            details: [
                "NAME: a letter or _, then up to 31 letters, digits, _ or -.",
                "--mode atm (default): digits are minor units, 1 2 3 shows $1.23.",
                "--mode whole: digits are whole units, grouped live: 20000 shows $20,000.",
                "--decimals N (0-6) overrides the currency's fraction digits; --max-digits N (1-30, default 12).",
                "--max/--min take plain amounts (1000, -250.50); --allow-negative enables <neg>.",
                "--locale L without --currency takes L's own currency (ja_JP: JPY); --accounting shows ($12.50).",
                "--display symbol|narrow|code|name: $12.50, $12.50, USD 12.50, 12.50 US dollars (as ICU writes them).",
                "--empty-when-zero: a positive zero shows nothing, and value and minor print nothing.",
            ],
            arguments: [.newName, .fieldOptions]) { session, rest throws(CommandError) in try session.newField(rest) },
        Command("use", usage: "use NAME", summary: "make another field active", arguments: [.field]) { session, rest throws(CommandError) in
            try session.useField(rest)
        },
        Command("fields", usage: "fields [--json]", summary: "list the fields, the active one marked *", flags: ["--json"]) {
            session, rest throws(CommandError) in try session.listFields(rest)
        },
        Command("drop", usage: "drop NAME", summary: "remove a field", arguments: [.field]) { session, rest throws(CommandError) in
            try session.dropField(rest)
        },
        Command("rename", usage: "rename OLD NEW", summary: "rename a field", arguments: [.field, .newName]) { session, rest throws(CommandError) in
            try session.renameField(rest)
        },
    ]
}

extension Session {
    static func isValidFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 32, name.allSatisfy(\.isASCII),
              first == "_" || (first.properties.isAlphabetic && first.isASCII)
        else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
    }

    func validatedNewName(_ name: String) throws(CommandError) -> String {
        guard Self.isValidFieldName(name) else {
            throw CommandError("\"\(name)\" is not a field name: start with a letter or _, then up to 31 letters, digits, _ or -")
        }
        guard index(of: name) == nil else { throw CommandError("a field named \(name) exists already; `use \(name)` or pick another name") }
        return name
    }

    func existing(_ name: String) throws(CommandError) -> Int {
        guard let index = index(of: name) else {
            let close = Suggestions.closest(to: name, in: fields.map(\.name))
            throw CommandError("no field named \"\(name)\"\(Suggestions.didYouMean(close)) (fields lists them)")
        }
        return index
    }

    func newField(_ rest: Substring) throws(CommandError) -> CommandResult {
        var words = try Tokenizer.words(rest)
        guard !words.isEmpty else { throw CommandError(usage("new")) }
        let name = try validatedNewName(words.removeFirst())
        let configuration = try FieldOptions.parse(words, defaults: (defaultLocale, defaultCurrency))
        fields.append(FieldEntry(name: name, field: MoneyField(configuration)))
        activeName = name
        return CommandResult(lines: [fieldLine(fields[fields.count - 1])])
    }

    func useField(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.count == 1 else { throw CommandError(usage("use")) }
        return makeActive(try existing(words[0]))
    }

    func makeActive(_ index: Int) -> CommandResult {
        activeName = fields[index].name
        return CommandResult(lines: [fieldLine(fields[index])])
    }

    func dropField(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.count == 1 else { throw CommandError(usage("drop")) }
        let index = try existing(words[0])
        let dropped = fields.remove(at: index).name
        var result = CommandResult(lines: [.plain("dropped \(dropped)")])
        if activeName == dropped {
            activeName = fields.isEmpty ? nil : fields[max(0, index - 1)].name
            if activeIndex != nil { result.append(try fieldLine()) }
        }
        return result
    }

    func renameField(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.count == 2 else { throw CommandError(usage("rename")) }
        let index = try existing(words[0])
        let newName = try validatedNewName(words[1])
        if activeName == fields[index].name { activeName = newName }
        fields[index].name = newName
        return CommandResult(lines: [fieldLine(fields[index])])
    }

    func listFields(_ rest: Substring) throws(CommandError) -> CommandResult {
        let arguments = try ListingArguments(try Tokenizer.words(rest), usage: usage("fields"))
        guard arguments.filter.isEmpty else { throw CommandError(usage("fields")) }
        guard !fields.isEmpty || arguments.json else { return CommandResult(lines: [.plain("no fields; make one with `new NAME`")]) }
        var listing = Listing(columns: [
            .init(heading: " ", key: "active", isLiteral: arguments.json), .init(heading: "NAME", key: "name"),
            .init(heading: "LOCALE", key: "locale"), .init(heading: "CURRENCY", key: "currency"), .init(heading: "MODE", key: "mode"),
            .init(heading: "DISPLAY", key: "display"), .init(heading: "VALUE", key: "value"),
        ])
        listing.rows = fields.map { entry in
            let configuration = entry.field.configuration
            return [entry.name == activeName ? (arguments.json ? "true" : "*") : (arguments.json ? "false" : " "), entry.name,
                    configuration.locale, configuration.currency, configuration.mode.rawValue, entry.field.rendering.display, entry.field.value]
        }
        return CommandResult(lines: listing.lines(json: arguments.json))
    }
}

/// Options of `new` (and of the command line's starting field), read into a configuration.
enum FieldOptions {
    static let usage = "new NAME [--locale L] [--currency C] [--mode atm|whole|natural] [--decimals N] [--max-digits N] [--max A] [--min A] [--allow-negative] [--accounting] [--display symbol|narrow|code|name] [--empty-when-zero]"

    /// Every option of `new`, for parsing, messages and completion.
    static let all = ["--locale", "--currency", "--mode", "--decimals", "--max-digits", "--max", "--min", "--allow-negative", "--accounting",
                      "--display", "--empty-when-zero"]
    /// The options followed by a value.
    static let takingValues: Set = ["--locale", "--currency", "--mode", "--decimals", "--max-digits", "--max", "--min", "--display"]

    static func parse(_ words: [String], defaults: (locale: String, currency: String)) throws(CommandError) -> FieldConfiguration {
        var locale = defaults.locale
        var currency = defaults.currency
        var localeGiven = false, currencyGiven = false
        var mode = EntryMode.atm
        var decimals: Int?
        var maxDigits = FieldConfiguration.defaultMaxDigits
        var maximum: String?
        var minimum: String?
        var allowsNegative = false
        var accounting = false
        var display = DisplayStyle.symbol
        var emptyWhenZero = false
        var index = 0
        func value(_ option: String) throws(CommandError) -> String {
            index += 1
            guard index < words.count else { throw CommandError("\(option) needs a value; usage: \(FieldOptions.usage)") }
            return words[index]
        }
        func number(_ option: String) throws(CommandError) -> Int {
            let text = try value(option)
            guard let number = Int(text) else { throw CommandError("\(option) takes a whole number, not \"\(text)\"") }
            return number
        }
        while index < words.count {
            let word = words[index]
            // --option=value is accepted as well as --option value.
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                let option = String(word[..<equals])
                if all.contains(option), !takingValues.contains(option) {
                    throw CommandError("\(option) takes no value; write \(option) alone")
                }
                var split = words
                split.replaceSubrange(index...index, with: [String(word[..<equals]), String(word[word.index(after: equals)...])])
                return try parse(split, defaults: defaults)
            }
            switch word {
            case "--locale":
                locale = try value(word)
                localeGiven = true
            case "--currency":
                currency = try value(word)
                currencyGiven = true
            case "--mode":
                let text = try value(word)
                guard let parsed = EntryMode(rawValue: text) else { throw CommandError("--mode takes atm, whole or natural, not \"\(text)\"") }
                mode = parsed
            case "--decimals": decimals = try number(word)
            case "--max-digits": maxDigits = try number(word)
            case "--max": maximum = try value(word)
            case "--min": minimum = try value(word)
            case "--allow-negative": allowsNegative = true
            case "--accounting": accounting = true
            case "--empty-when-zero": emptyWhenZero = true
            case "--display":
                let text = try value(word)
                guard let parsed = DisplayStyle(rawValue: text) else {
                    throw CommandError("--display takes symbol, narrow, code or name, not \"\(text)\"")
                }
                display = parsed
            default:
                throw CommandError("unknown option \"\(word)\"\(Suggestions.didYouMean(Suggestions.closest(to: word, in: all, limit: 2))); usage: \(FieldOptions.usage)")
            }
            index += 1
        }
        if localeGiven && !currencyGiven {
            // A locale without a currency takes its own, as ICU gives it (ja_JP → JPY).
            let canonical: String
            do { canonical = try LocaleCatalog.canonical(locale) } catch { throw CommandError(error) }
            guard let code = Locale(identifier: canonical).currency?.identifier, let own = try? CurrencyCatalog.canonical(code) else {
                throw CommandError("ICU gives \(canonical) no currency of its own; add --currency CODE")
            }
            currency = own
        }
        do {
            return try FieldConfiguration(
                locale: locale, currency: currency, mode: mode, decimals: decimals, maxDigits: maxDigits,
                maximum: maximum, minimum: minimum, allowsNegative: allowsNegative, accounting: accounting,
                display: display, emptyWhenZero: emptyWhenZero)
        } catch {
            throw CommandError(error)
        }
    }

    /// The `new` options that recreate `configuration`, defaults left out.
    static func arguments(for configuration: FieldConfiguration) -> [String] {
        var words = ["--locale", configuration.locale, "--currency", configuration.currency]
        if configuration.mode != .atm { words += ["--mode", configuration.mode.rawValue] }
        if let decimals = configuration.decimalsOverride { words += ["--decimals", String(decimals)] }
        if configuration.maxDigits != FieldConfiguration.defaultMaxDigits { words += ["--max-digits", String(configuration.maxDigits)] }
        if let maximum = configuration.maximum { words += ["--max", maximum.description] }
        if let minimum = configuration.minimum { words += ["--min", minimum.description] }
        if configuration.allowsNegative { words.append("--allow-negative") }
        if configuration.accounting { words.append("--accounting") }
        if configuration.display != .symbol { words += ["--display", configuration.display.rawValue] }
        if configuration.emptyWhenZero { words.append("--empty-when-zero") }
        return words
    }
}

/// Left-aligned columns, two spaces apart.
enum TextTable {
    static func render(header: [String], rows: [[String]]) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.rightPadded(to: widths[column])
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

import Foundation
import MoneyFieldEngine

/// The options of `new`, read into typed values: what a `new` line, the command line's starting
/// field and `check` all hold. nil or false is the option's default.
package struct FieldOptions: Equatable, Sendable {
    package var locale: String?
    package var currency: String?
    package var mode: EntryMode?
    package var decimals: Int?
    package var maxDigits: Int?
    package var maximum: String?
    package var minimum: String?
    package var allowsNegative = false
    package var accounting = false
    package var display: DisplayStyle?
    package var emptyWhenZero = false
    package var emptiable: Emptiable?
    package var emptyShows: EmptyShows?
    package var startsEmpty = false
    package var pointAgain: PointAgain?
    package var onLeave: OnLeave?
    package var onFocus: OnFocus?
    package var whileTyping: WhileTyping?

    package init() {}

    /// The options that make `configuration` again, defaults left out (locale and currency always
    /// given); with `keepingDefaults`, every choice and number given too, as `inspect --json` lists them.
    package init(_ configuration: FieldConfiguration, keepingDefaults: Bool = false) {
        // One case per setting and no `default:`: a new setting does not compile until it is written back.
        for setting in FieldSetting.allCases {
            switch setting {
            case .locale: locale = configuration.locale
            case .currency: currency = configuration.currency
            case .mode: mode = configuration.mode == .atm && !keepingDefaults ? nil : configuration.mode
            case .decimals: decimals = configuration.decimalsOverride
            case .maxDigits:
                maxDigits = configuration.maxDigits == FieldConfiguration.defaultMaxDigits && !keepingDefaults ? nil : configuration.maxDigits
            case .maximum: maximum = configuration.maximum?.description
            case .minimum: minimum = configuration.minimum?.description
            case .allowsNegative: allowsNegative = configuration.allowsNegative
            case .accounting: accounting = configuration.accounting
            case .display: display = configuration.display == .symbol && !keepingDefaults ? nil : configuration.display
            case .emptyWhenZero: emptyWhenZero = configuration.emptyWhenZero
            case .emptiable: emptiable = configuration.emptiable
            case .emptyShows: emptyShows = configuration.emptyShows == .nothing && !keepingDefaults ? nil : configuration.emptyShows
            case .startsEmpty: startsEmpty = configuration.startsEmpty
            case .pointAgain: pointAgain = configuration.pointAgain == .move && !keepingDefaults ? nil : configuration.pointAgain
            case .onLeave: onLeave = configuration.onLeave == .pad && !keepingDefaults ? nil : configuration.onLeave
            case .onFocus: onFocus = configuration.onFocus == .keep && !keepingDefaults ? nil : configuration.onFocus
            case .whileTyping: whileTyping = configuration.whileTyping == .keep && !keepingDefaults ? nil : configuration.whileTyping
            }
        }
    }

    /// Reads `--locale L --mode whole …` (also `--locale=L`); every option at most once. `usage`
    /// ends the messages that say what to write instead.
    package init(
        parsing words: some Sequence<String>, usage: @autoclosure () -> String = "new NAME " + FieldOption.usage
    ) throws(CommandError) {
        try self.init(parsing: words.map { Tokenizer.Word(text: $0[...], span: 0..<0) }, usage: usage())
    }

    /// The same, from words that know where they stand in the line, so an error points at its word.
    init(parsing spanned: [Tokenizer.Word], usage: @autoclosure () -> String) throws(CommandError) {
        var words = spanned.map { String($0.text) }[...]
        var spans = spanned.map { $0.span.isEmpty ? nil : $0.span }[...]
        var given: Set<String> = []
        while let word = words.popFirst() {
            let wordSpan = spans.popFirst() ?? nil
            do throws(CommandError) {
                try read(word, wordSpan: wordSpan, rest: &words, spans: &spans, given: &given, usage: usage())
            } catch {
                throw error.at(wordSpan)
            }
        }
    }

    private mutating func read(
        _ word: String, wordSpan: Range<Int>?, rest words: inout ArraySlice<String>, spans: inout ArraySlice<Range<Int>?>,
        given: inout Set<String>, usage: @autoclosure () -> String
    ) throws(CommandError) {
        var name = word
        var attached: String?
        if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
            name = String(word[..<equals])
            attached = String(word[word.index(after: equals)...])
        }
        guard let option = FieldOption.named(name) else {
            let close = Suggestions.closest(to: name, in: FieldOption.all.map(\.name), limit: 2)
            let what = name.hasPrefix("-") ? "unknown option \"\(name)\"" : "\"\(name)\" is not an option"
            // A likely meaning is enough; the whole usage only when there is none.
            throw CommandError(close.isEmpty ? "\(what); usage: \(usage())" : "\(what)\(Suggestions.didYouMean(close)) (help new lists the options)")
        }
        guard given.insert(option.name).inserted else { throw CommandError("\(option.name) is given twice; give it once") }
        if option.valueName == nil {
            if attached != nil { throw CommandError("\(option.name) takes no value; write \(option.name) alone") }
            try option.read(&self, "")
        } else if let attached {
            try option.read(&self, attached)
        } else {
            guard let value = words.popFirst() else { throw CommandError("\(option.name) needs a value; usage: \(usage())") }
            let valueSpan = spans.popFirst() ?? nil
            do throws(CommandError) { try option.read(&self, value) } catch { throw error.at(valueSpan) }
        }
    }

    /// The options as `new` writes them, in the table's order.
    package var words: [String] {
        FieldOption.all.flatMap { option in option.written(self).map { [option.name] + $0 } ?? [] }
    }

    /// The field these options make; what is not given comes from `defaults` (a session's own
    /// locale and currency). A locale without a currency takes the locale's own, as ICU gives it.
    /// `place`: where the error is read, which decides how it names the listing commands.
    package func configuration(defaults: (locale: String, currency: String), place: FieldError.Place = .prompt) throws(CommandError) -> FieldConfiguration {
        var currency = currency ?? defaults.currency
        if let locale, self.currency == nil { currency = try Self.ownCurrency(of: locale, place: place) }
        do {
            // The engine's initializer with every setting and no default: a new one does not
            // compile until it is passed here.
            return try FieldConfiguration(
                everySetting: locale ?? defaults.locale, currency: currency, mode: mode ?? .atm, decimals: decimals,
                maxDigits: maxDigits ?? FieldConfiguration.defaultMaxDigits, maximum: maximum, minimum: minimum,
                allowsNegative: allowsNegative, accounting: accounting, display: display ?? .symbol, emptyWhenZero: emptyWhenZero,
                emptiable: emptiable, emptyShows: emptyShows ?? .nothing, startsEmpty: startsEmpty, pointAgain: pointAgain ?? .move,
                onLeave: onLeave ?? .pad, onFocus: onFocus ?? .keep, whileTyping: whileTyping ?? .keep)
        } catch {
            throw CommandError(error.words(at: place))
        }
    }

    /// The currency ICU gives `locale`: read from the ID as typed (`no_NO` has NOK), then from
    /// the canonical ID it resolves to.
    static func ownCurrency(of locale: String, place: FieldError.Place = .prompt) throws(CommandError) -> String {
        let canonical: String
        do { canonical = try LocaleCatalog.canonical(locale) } catch { throw CommandError(error.words(at: place)) }
        for identifier in [locale, canonical] {
            if let code = Locale(identifier: identifier).currency?.identifier, let own = try? CurrencyCatalog.canonical(code) {
                return own
            }
        }
        throw CommandError("ICU gives \(canonical) no currency of its own; add --currency CODE")
    }
}

/// One option of `new`, declared once: parsing, writing back, usage, help and completion read it.
/// Its identity is the engine's `FieldSetting` it sets, one row per case (`row(for:)`).
package struct FieldOption: Sendable {
    package typealias ID = FieldSetting

    package let name: String
    /// The field setting it sets: what an engine error names when this option would allow it.
    package let setting: FieldSetting
    /// `L`, `N`, `atm|whole|natural`; nil for a flag.
    package let valueName: String?
    /// What Tab offers for the value.
    package let values: ArgumentKind
    package var help: String { describe() }
    /// Made when read, not with the table: `--display`'s renders amounts through ICU, a cost no
    /// start-up should pay.
    private let describe: @Sendable () -> String
    /// What its value is, for machine-read forms (JSON numbers, strings, `true`).
    package let kind: Kind
    let read: @Sendable (inout FieldOptions, String) throws(CommandError) -> Void
    /// The value words when the option is given (`[]` for a flag), else nil.
    package let written: @Sendable (FieldOptions) -> [String]?

    package enum Kind: Sendable {
        case flag, number, text
    }

    /// The name in JSON: `--empty-when-zero` is `emptyWhenZero`.
    package var jsonKey: String {
        let words = name.drop { $0 == "-" }.split(separator: "-")
        return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// Every option, in the order usage and help list them (`FieldSetting`'s order).
    package static let all: [FieldOption] = FieldSetting.allCases.map(row(for:))

    /// The table: each setting's row, in one switch with no `default:`, so a new setting does not
    /// compile until it has its row. The one place a flag of `new` is spelled.
    private static func row(for setting: FieldSetting) -> FieldOption {
        switch setting {
        case .locale:
            text(setting, "--locale", "L", \.locale, values: .locale,
                help: "an ICU locale (de_DE, ar-EG-u-nu-latn); without --currency, the locale's own currency (ja_JP: JPY)")
        case .currency:
            text(setting, "--currency", "C", \.currency, values: .currency, help: "an ISO 4217 code")
        case .mode:
            choice(setting, "--mode", \.mode, help: "atm (default): digits are minor units, 1 2 3 shows $1.23; whole: whole units, 20000 shows $20,000; natural: digits, <dec>, fraction digits, as web inputs take them")
        case .decimals:
            number(setting, "--decimals", \.decimals, help: "0-6, overrides the currency's fraction digits")
        case .maxDigits:
            number(setting, "--max-digits", \.maxDigits, help: "1-30 digits at most (default 12)")
        case .maximum:
            text(setting, "--max", "A", \.maximum, values: .text, help: "the largest amount, plain (1000, 99.95)")
        case .minimum:
            text(setting, "--min", "A", \.minimum, values: .text, help: "the smallest amount, plain (-250.50)")
        case .allowsNegative:
            flag(setting, "--allow-negative", \.allowsNegative, help: "<neg> changes the sign")
        case .accounting:
            flag(setting, "--accounting", \.accounting, help: "the locale's accounting form: ($12.50)")
        case .display:
            choice(setting, "--display", \.display, help: displayHelp)
        case .emptyWhenZero:
            flag(setting, "--empty-when-zero", \.emptyWhenZero, help: "a positive zero shows nothing, and value and minor print nothing")
        case .emptiable:
            choice(setting, "--emptiable", \.emptiable, help: "deleting empties the field, as web inputs do: at-zero, a delete on zero; last-digit, the delete that takes the last digit glyph shown")
        case .emptyShows:
            choice(setting, "--empty-shows", \.emptyShows, help: "what an empty field shows: nothing (default); symbol, what ICU writes around the zero's digits ($ for $0.00); symbol-when-focused, the symbol until <enter> leaves the field, as autoNumeric")
        case .startsEmpty:
            flag(setting, "--starts-empty", \.startsEmpty, help: "the field starts empty, as an input with no value, and clear empties it; a typed 0 then shows $0 (unlike --empty-when-zero)")
        case .pointAgain:
            choice(setting, "--point-again", \.pointAgain, help: "natural mode's <dec> once the point is typed: move (default), the caret goes just after the point; ignore, the key is refused (atm and whole refuse <dec> anyway)")
        case .onLeave:
            choice(setting, "--on-leave", \.onLeave, help: "natural mode's <enter>, the field losing focus: pad (default), the fraction padded to its digits ($12.3 → $12.30); keep, as typed (react-number-format without fixedDecimalScale)")
        case .onFocus:
            choice(setting, "--on-focus", \.onFocus, help: "natural mode when the next key comes back after <enter>: keep (default); trim, zeros ending the fraction dropped ($10.00 → $10, vue-currency-input)")
        case .whileTyping:
            choice(setting, "--while-typing", \.whileTyping, help: "natural mode's display while typing: keep (default), the fraction as typed; pad, padded from the first digit ($1.00 after 1) and typed over, the caret among the digits typed (react-number-format's fixedDecimalScale)")
        }
    }

    /// `--display`'s help with ICU's own writing of one amount in each style, in a currency whose
    /// symbol and narrow symbol differ (CAD in en_US: `CA$12.50`, `$12.50`).
    private static let displayHelp: String = {
        func shown(_ display: DisplayStyle) -> String {
            guard let configuration = try? FieldConfiguration(locale: "en_US", currency: "CAD", display: display) else { return "?" }
            var field = MoneyField(configuration)
            try? field.set("12.50")
            // Help is read, not compared: ICU's no-break spaces print as spaces.
            return String(field.display.map { $0.isWhitespace ? " " : $0 })
        }
        return "CAD in en_US: symbol \(shown(.symbol)), narrow \(shown(.narrow)), code \(shown(.code)), name \(shown(.name)) (as ICU writes them); "
            + "none \(shown(.none)), the currency shown beside the field"
    }()

    private static let byName: [String: FieldOption] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    package static func named(_ name: String) -> FieldOption? { byName[name] }

    private static let bySetting: [FieldSetting: FieldOption] = Dictionary(uniqueKeysWithValues: all.map { ($0.setting, $0) })

    /// The option that sets `setting`: every setting has its row (`all` is made from every case).
    package static func option(for setting: FieldSetting) -> FieldOption { bySetting[setting]! }

    /// `[--locale L] [--currency C] …`
    package static let usage = all.map(\.usage).joined(separator: " ")

    package var usage: String { "[" + name + (valueName.map { " " + $0 } ?? "") + "]" }

    private static func text(
        _ setting: FieldSetting, _ name: String, _ valueName: String, _ path: WritableKeyPath<FieldOptions, String?> & Sendable, values: ArgumentKind,
        help: @autoclosure @escaping @Sendable () -> String
    ) -> FieldOption {
        FieldOption(name: name, setting: setting, valueName: valueName, values: values, describe: help, kind: .text,
                    read: { options, value throws(CommandError) in options[keyPath: path] = value },
                    written: { options in options[keyPath: path].map { [$0] } })
    }

    private static func number(_ setting: FieldSetting, _ name: String, _ path: WritableKeyPath<FieldOptions, Int?> & Sendable, help: @autoclosure @escaping @Sendable () -> String) -> FieldOption {
        FieldOption(name: name, setting: setting, valueName: "N", values: .text, describe: help, kind: .number,
                    read: { options, value throws(CommandError) in
                        guard let number = Int(value) else { throw CommandError("\(name) takes a whole number, not \"\(value)\"") }
                        options[keyPath: path] = number
                    },
                    written: { options in options[keyPath: path].map { [String($0)] } })
    }

    private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ setting: FieldSetting, _ name: String, _ path: WritableKeyPath<FieldOptions, Choice?> & Sendable, help: @autoclosure @escaping @Sendable () -> String
    ) -> FieldOption where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        return FieldOption(name: name, setting: setting, valueName: names.joined(separator: "|"), values: .choice(names), describe: help, kind: .text,
                           read: { options, value throws(CommandError) in
                               guard let parsed = Choice(rawValue: value) else {
                                   throw CommandError("\(name) takes \(Listing.either(names)), not \"\(value)\"")
                               }
                               options[keyPath: path] = parsed
                           },
                           written: { options in options[keyPath: path].map { [$0.rawValue] } })
    }

    private static func flag(_ setting: FieldSetting, _ name: String, _ path: WritableKeyPath<FieldOptions, Bool> & Sendable, help: @autoclosure @escaping @Sendable () -> String) -> FieldOption {
        FieldOption(name: name, setting: setting, valueName: nil, values: .text, describe: help, kind: .flag,
                    read: { options, _ throws(CommandError) in options[keyPath: path] = true },
                    written: { options in options[keyPath: path] ? [] : nil })
    }
}

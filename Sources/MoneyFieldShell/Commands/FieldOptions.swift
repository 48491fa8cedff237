import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

/// The options of `new`, read into typed values: what a `new` line, the command line's starting
/// field and `check` all hold. Every option's value is in `settings` (the engine's, at its default
/// where not given); `given` says which options were given, which is what a `new` line writes back.
package struct FieldOptions: Equatable, Sendable {
    package fileprivate(set) var settings = FieldSettings()
    package fileprivate(set) var given: Set<FieldSetting> = []

    package init() {}

    /// An option's value when given, else nil (`options[\.mode]`); setting it gives it, nil takes it back.
    package subscript<Value>(_ path: WritableKeyPath<FieldSettings, Value> & Sendable) -> Value? {
        get { given.contains(FieldSetting(path)) ? settings[keyPath: path] : nil }
        set {
            let setting = FieldSetting(path)
            settings[keyPath: path] = newValue ?? FieldSettings()[keyPath: path]
            if newValue == nil { given.remove(setting) } else { given.insert(setting) }
        }
    }

    /// The options that make `configuration` again, defaults left out (locale and currency always
    /// given); with `keepingDefaults`, every option given, as `inspect --json` lists them.
    package init(_ configuration: FieldConfiguration, keepingDefaults: Bool = false) {
        settings = configuration.settings
        given = Set(FieldOption.all.filter { keepingDefaults || !$0.isDefault(settings) }.map(\.setting)).union([FieldSetting(\.locale), FieldSetting(\.currency)])
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
            let what = name.hasPrefix("-") ? "unknown option \(VisibleText.quoted(name))" : "\(VisibleText.quoted(name)) is not an option"
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
        var settings = settings
        let localeGiven = given.contains(FieldSetting(\.locale))
        if !localeGiven { settings.locale = defaults.locale }
        if !given.contains(FieldSetting(\.currency)) {
            settings.currency = localeGiven ? try Self.ownCurrency(of: settings.locale, place: place) : defaults.currency
        }
        do { return try FieldConfiguration(settings) } catch { throw CommandError(error.words(at: place)) }
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

/// One option of `new`, declared once: parsing, writing back, usage, help, completion, `inspect`,
/// and the adapter protocol's `new` request read it. Its identity is the engine's setting it
/// reads and writes through its key path: the row in `all` is the one line a new setting adds here.
package struct FieldOption: Sendable {
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
    /// Whether it changes how an amount is written: then it is part of the engine's `FormatKey`
    /// (a coverage test holds the two together).
    package let changesFormat: Bool
    /// Whether the protocol's `new` request always carries it, at its default too (SPEC §4's
    /// keys); the others are sent when not at their default.
    package let inEveryRequest: Bool
    let read: @Sendable (inout FieldOptions, String) throws(CommandError) -> Void
    /// The value words of a setting (`[]` for a flag that is on), nil for none (a flag off, no limit).
    let words: @Sendable (FieldSettings) -> [String]?
    /// Whether the setting is at its default.
    package let isDefault: @Sendable (FieldSettings) -> Bool
    /// What `inspect` adds after the value (`(French (France))`), if anything.
    let gloss: @Sendable (FieldConfiguration) -> String?
    /// Sets this setting in the first settings to its value in the second: how `fit` builds a
    /// candidate field from the values it tries, with no text read back.
    package let copy: @Sendable (inout FieldSettings, FieldSettings) -> Void

    package enum Kind: Sendable {
        case flag, number, text
    }

    /// The value words when the option is given (`[]` for a flag), else nil.
    package func written(_ options: FieldOptions) -> [String]? {
        options.given.contains(setting) ? words(options.settings) : nil
    }

    /// The name in JSON and in the protocol's `new` request: `--empty-when-zero` is `emptyWhenZero`.
    package var jsonKey: String {
        let words = name.drop { $0 == "-" }.split(separator: "-")
        return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// The setting's value in JSON, as `inspect --json` and the protocol's `new` request write it:
    /// `true`, `12`, `"de_DE"`, or `null` for none.
    package func json(_ settings: FieldSettings) -> String {
        let value = words(settings)
        return switch kind {
        case .flag: String(value != nil)
        case .number: value?.first ?? "null"
        case .text: value.map { JSON.string($0.first ?? "") } ?? "null"
        }
    }

    /// `inspect`'s line: the option and the field's value of it (`--max: none`).
    package func inspectLine(_ configuration: FieldConfiguration) -> String {
        let value = switch kind {
        case .flag: words(configuration.settings) == nil ? "no" : "yes"
        case .number, .text: words(configuration.settings)?.joined(separator: " ") ?? "none"
        }
        return "\(name): \(value)" + (gloss(configuration).map { " " + $0 } ?? "")
    }

    /// Every option, in the order usage and help list them: one row per stored property of the
    /// engine's `FieldSettings` (`everySettingHasOneOption` fails by name on a setting without
    /// one). The one place a flag of `new` is spelled.
    package static let all: [FieldOption] = [
        text("--locale", "L", \.locale, values: .locale, changesFormat: true, inEveryRequest: true,
             gloss: { "(" + (Locale(identifier: "en").localizedString(forIdentifier: $0.locale) ?? "?") + ")" },
             help: "an ICU locale (de_DE, ar-EG-u-nu-latn); without --currency, the locale's own currency (ja_JP: JPY)"),
        text("--currency", "C", \.currency, values: .currency, changesFormat: true, inEveryRequest: true,
             gloss: { "(" + CurrencyCatalog.name(of: $0.currency) + ")" }, help: "an ISO 4217 code"),
        choice("--mode", \.mode, changesFormat: true, inEveryRequest: true, help: "atm (default): digits are minor units, 1 2 3 shows $1.23; whole: whole units, 20000 shows $20,000; natural: digits, <dec>, fraction digits, as web inputs take them"),
        number("--decimals", \.decimals, changesFormat: true,
               gloss: { $0.decimals == nil ? "(\($0.currency)'s own \(CurrencyCatalog.fractionDigits(for: $0.currency)))" : nil },
               help: "0-6, overrides the currency's fraction digits"),
        number("--max-digits", \.maxDigits, inEveryRequest: true, help: "1-30 digits at most (default 12)"),
        text("--max", "A", \.maximum, values: .text, help: "the largest amount, plain (1000, 99.95)"),
        text("--min", "A", \.minimum, values: .text, help: "the smallest amount, plain (-250.50)"),
        flag("--allow-negative", \.allowsNegative, inEveryRequest: true, help: "<neg> changes the sign"),
        flag("--accounting", \.accounting, changesFormat: true, help: "the locale's accounting form: ($12.50)"),
        choice("--display", \.display, changesFormat: true, help: displayHelp),
        choice("--grouping", \.grouping, changesFormat: true, help: "on (default): the locale's group separators ($1,234.56); off, none ($1234.56), as ATM screens show"),
        flag("--empty-when-zero", \.emptyWhenZero, help: "a positive zero shows nothing, and value and minor print nothing"),
        choice("--emptiable", \.emptiable, help: "deleting empties the field, as web inputs do: at-zero, a delete on zero; last-digit, the delete that takes the last digit glyph shown"),
        choice("--empty-shows", \.emptyShows, help: "what an empty field shows: nothing (default); symbol, what ICU writes around the zero's digits ($ for $0.00); symbol-when-focused, the symbol until <enter> leaves the field, as autoNumeric"),
        flag("--starts-empty", \.startsEmpty, help: "the field starts empty, as an input with no value, and clear empties it; a typed 0 then shows $0 (unlike --empty-when-zero)"),
        choice("--point-again", \.pointAgain, help: "natural mode's <dec> once the point is typed: move (default), the caret goes just after the point; ignore, the key is refused; step, typed just before the point it steps over it ($12|.5 → $12.|5) and is refused elsewhere, as autoNumeric and react-number-format (atm and whole refuse <dec> anyway)"),
        choice("--on-leave", \.onLeave, help: "natural mode's <enter>, the field losing focus: pad (default), the fraction padded to its digits ($12.3 → $12.30); keep, as typed, a bare point dropped ($12. → $12: react-number-format without fixedDecimalScale)"),
        choice("--on-focus", \.onFocus, help: "natural mode when the next key comes back after <enter>: keep (default); trim, zeros ending the fraction dropped ($10.00 → $10, vue-currency-input)"),
        choice("--while-typing", \.whileTyping, help: "natural mode while typing: keep (default), the fraction as typed; pad, padded from the first digit ($1.00 after 1 or 0), the point standing and each padding zero a caret stop, typed over; Backspace over padding or the point only moves the caret (react-number-format's fixedDecimalScale)"),
    ]

    /// `--display`'s help with ICU's own writing of one amount in each style, in a currency whose
    /// symbol and narrow symbol differ (CAD in en_US: `CA$12.50`, `$12.50`).
    private static let displayHelp: String = {
        func shown(_ display: DisplayStyle) -> String {
            guard let configuration = try? FieldConfiguration(locale: "en_US", currency: "CAD", { $0.display = display }) else { return "?" }
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

    /// The option that sets `setting`; nil for a key path that is no stored setting (an embedder
    /// may make one: `FieldSetting(\.locale.identifier)`), which the engine's errors never name,
    /// since every stored setting has its row (`everySettingHasOneOption`).
    package static func option(for setting: FieldSetting) -> FieldOption? { bySetting[setting] }

    /// The option that sets the stored setting at `path` (`FieldOption[\.mode].name` is `--mode`):
    /// for the literal paths of this package's own text, each read by a test.
    package static subscript(_ path: PartialKeyPath<FieldSettings> & Sendable) -> FieldOption {
        guard let option = option(for: FieldSetting(path)) else { preconditionFailure("no option sets \(FieldSetting(path))") }
        return option
    }

    /// `[--locale L] [--currency C] …`
    package static let usage = all.map(\.usage).joined(separator: " ")

    package var usage: String { "[" + name + (valueName.map { " " + $0 } ?? "") + "]" }

    /// A row from its parts: `parse` reads a value word, `words` writes a value back (nil for none).
    private static func row<Value: Equatable & Sendable>(
        _ name: String, _ valueName: String?, _ path: WritableKeyPath<FieldSettings, Value> & Sendable,
        values: ArgumentKind, kind: Kind, changesFormat: Bool, inEveryRequest: Bool,
        gloss: @escaping @Sendable (FieldConfiguration) -> String? = { _ in nil }, help: @escaping @Sendable () -> String,
        parse: @escaping @Sendable (String) throws(CommandError) -> Value, words: @escaping @Sendable (Value) -> [String]?
    ) -> FieldOption {
        let setting = FieldSetting(path)
        return FieldOption(name: name, setting: setting, valueName: valueName, values: values, describe: help, kind: kind,
                    changesFormat: changesFormat, inEveryRequest: inEveryRequest,
                    read: { options, text throws(CommandError) in
                        options.settings[keyPath: path] = try parse(text)
                        options.given.insert(setting)
                    },
                    words: { words($0[keyPath: path]) },
                    isDefault: { $0[keyPath: path] == FieldSettings()[keyPath: path] },
                    gloss: gloss, copy: { $0[keyPath: path] = $1[keyPath: path] })
    }

    private static func text<Value: Equatable & Sendable>(
        _ name: String, _ valueName: String, _ path: WritableKeyPath<FieldSettings, Value> & Sendable, values: ArgumentKind,
        changesFormat: Bool = false, inEveryRequest: Bool = false, gloss: @escaping @Sendable (FieldConfiguration) -> String? = { _ in nil },
        help: @autoclosure @escaping @Sendable () -> String
    ) -> FieldOption where Value: OptionalOrNot, Value.Wrapped == String {
        row(name, valueName, path, values: values, kind: .text, changesFormat: changesFormat, inEveryRequest: inEveryRequest,
            gloss: gloss, help: help, parse: { Value(wrapping: $0) }, words: { $0.unwrapped.map { [$0] } })
    }

    private static func number<Value: Equatable & Sendable>(
        _ name: String, _ path: WritableKeyPath<FieldSettings, Value> & Sendable, changesFormat: Bool = false,
        inEveryRequest: Bool = false, gloss: @escaping @Sendable (FieldConfiguration) -> String? = { _ in nil },
        help: @autoclosure @escaping @Sendable () -> String
    ) -> FieldOption where Value: OptionalOrNot, Value.Wrapped == Int {
        row(name, "N", path, values: .text, kind: .number, changesFormat: changesFormat, inEveryRequest: inEveryRequest,
            gloss: gloss, help: help,
            parse: { text throws(CommandError) in
                guard let number = Int(text) else { throw CommandError("\(name) takes a whole number, not \(VisibleText.quoted(text))") }
                return Value(wrapping: number)
            },
            words: { $0.unwrapped.map { [String($0)] } })
    }

    private static func choice<Value: Equatable & Sendable>(
        _ name: String, _ path: WritableKeyPath<FieldSettings, Value> & Sendable, changesFormat: Bool = false,
        inEveryRequest: Bool = false, help: @autoclosure @escaping @Sendable () -> String
    ) -> FieldOption where Value: OptionalOrNot, Value.Wrapped: RawRepresentable & CaseIterable & Sendable, Value.Wrapped.RawValue == String {
        let names = Value.Wrapped.allCases.map(\.rawValue)
        return row(name, names.joined(separator: "|"), path, values: .choice(names), kind: .text, changesFormat: changesFormat,
                   inEveryRequest: inEveryRequest, help: help,
                   parse: { text throws(CommandError) in
                       guard let parsed = Value.Wrapped(rawValue: text) else {
                           throw CommandError("\(name) takes \(Listing.either(names)), not \(VisibleText.quoted(text))")
                       }
                       return Value(wrapping: parsed)
                   },
                   words: { $0.unwrapped.map { [$0.rawValue] } })
    }

    private static func flag(
        _ name: String, _ path: WritableKeyPath<FieldSettings, Bool> & Sendable, changesFormat: Bool = false,
        inEveryRequest: Bool = false, help: @autoclosure @escaping @Sendable () -> String
    ) -> FieldOption {
        row(name, nil, path, values: .text, kind: .flag, changesFormat: changesFormat, inEveryRequest: inEveryRequest, help: help,
            parse: { _ in true }, words: { $0 ? [] : nil })
    }
}

/// A setting's value type with or without a "none" (`String` and `String?`), so one row helper
/// reads and writes both.
protocol OptionalOrNot {
    associatedtype Wrapped
    init(wrapping: Wrapped)
    var unwrapped: Wrapped? { get }
}

extension Optional: OptionalOrNot {
    init(wrapping value: Wrapped) { self = .some(value) }
    var unwrapped: Wrapped? { self }
}

extension OptionalOrNot where Wrapped == Self {
    init(wrapping value: Self) { self = value }
    var unwrapped: Self? { self }
}

// A value that always has one: its own wrapped value. A setting of a new type does not compile
// until its type is listed here.
extension String: OptionalOrNot { typealias Wrapped = String }
extension Int: OptionalOrNot { typealias Wrapped = Int }
extension EntryMode: OptionalOrNot { typealias Wrapped = EntryMode }
extension DisplayStyle: OptionalOrNot { typealias Wrapped = DisplayStyle }
extension Grouping: OptionalOrNot { typealias Wrapped = Grouping }
extension EmptyShows: OptionalOrNot { typealias Wrapped = EmptyShows }
extension PointAgain: OptionalOrNot { typealias Wrapped = PointAgain }
extension OnLeave: OptionalOrNot { typealias Wrapped = OnLeave }
extension OnFocus: OptionalOrNot { typealias Wrapped = OnFocus }
extension WhileTyping: OptionalOrNot { typealias Wrapped = WhileTyping }

import Foundation
import MoneyField

extension Session {
    func inspect(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.isEmpty || words == ["--json"] else { throw CommandError(usage("inspect")) }
        let entry = try active()
        if words == ["--json"] { return CommandResult(lines: [.plain(FieldReport(entry).json)]) }
        return CommandResult(lines: FieldReport(entry).lines.map(OutputLine.plain))
    }

    func listLocales(filter: Substring) -> CommandResult {
        let needle = filter.trimmingCharacters(in: .whitespaces).lowercased()
        let english = Locale(identifier: "en")
        var rows: [[String]] = []
        for identifier in LocaleCatalog.identifiers {
            let name = english.localizedString(forIdentifier: identifier) ?? ""
            guard needle.isEmpty || identifier.lowercased().contains(needle) || name.lowercased().contains(needle) else { continue }
            let currency = Locale(identifier: identifier).currency?.identifier ?? "USD"
            let sample = (try? FieldConfiguration(locale: identifier, currency: currency))
                .map { Self.sample(in: $0) } ?? ""
            rows.append([identifier, name, currency, sample])
        }
        guard !rows.isEmpty else { return CommandResult(lines: [.plain("no locale matches \"\(needle)\"")]) }
        return CommandResult(lines: TextTable.render(header: ["ID", "NAME", "CURRENCY", "SAMPLE"], rows: rows).map(OutputLine.plain))
    }

    func listCurrencies(filter: Substring) throws(CommandError) -> CommandResult {
        let needle = filter.trimmingCharacters(in: .whitespaces).lowercased()
        let locale = activeField?.configuration.locale ?? defaultLocale
        var rows: [[String]] = []
        for code in CurrencyCatalog.codes {
            let name = CurrencyCatalog.name(of: code)
            guard needle.isEmpty || code.lowercased().contains(needle) || name.lowercased().contains(needle) else { continue }
            let sample = (try? FieldConfiguration(locale: locale, currency: code)).map { Self.sample(in: $0) } ?? ""
            rows.append([code, String(CurrencyCatalog.fractionDigits(for: code)), name, sample])
        }
        guard !rows.isEmpty else { return CommandResult(lines: [.plain("no currency matches \"\(needle)\"")]) }
        return CommandResult(lines: TextTable.render(header: ["CODE", "DIGITS", "NAME", "SAMPLE (\(locale))"], rows: rows).map(OutputLine.plain))
    }

    /// 1234 and as many fraction digits as the currency has (`1234.5678` for CLF).
    static func sample(in configuration: FieldConfiguration) -> String {
        var field = MoneyField(configuration)
        _ = field.paste("1234" + String("5678".prefix(configuration.shownFractionDigits)))
        return field.rendering.display
    }

    func help(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        switch words.count {
        case 0:
            let width = CommandTable.names.map(\.count).max()!
            var lines = CommandTable.all.map { OutputLine.plain("  " + $0.name.rightPadded(to: width) + "  " + $0.summary) }
            lines.insert(.plain("commands (help COMMAND for more; a line of digits types them):"), at: 0)
            return CommandResult(lines: lines)
        case 1:
            guard let spec = CommandTable.spec(named: words[0]) else {
                let close = Suggestions.closest(to: words[0], in: CommandTable.names, limit: 2)
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

/// Everything about one field, as `inspect` lines and as `inspect --json`.
struct FieldReport {
    let name: String
    let field: MoneyField

    init(_ entry: FieldEntry) {
        name = entry.name
        field = entry.field
    }

    var lines: [String] {
        let configuration = field.configuration
        let rendering = field.rendering
        let limits = [configuration.minimum.map { "min \($0)" }, configuration.maximum.map { "max \($0)" }].compactMap { $0 }
        return [
            "field: \(name)",
            "locale: \(configuration.locale) (\(Locale(identifier: "en").localizedString(forIdentifier: configuration.locale) ?? "?"))",
            "currency: \(configuration.currency) (\(CurrencyCatalog.name(of: configuration.currency)))",
            "mode: \(configuration.mode.rawValue)",
            "fraction digits: \(configuration.fractionDigits)" + (configuration.decimalsOverride != nil ? " (--decimals)" : ""),
            "display: \(rendering.display)",
            "escaped: \(VisibleText.escaped(rendering.display))",
            "caret: \(rendering.caretOffset) UTF-16 units, \(field.state.caretSlotsFromEnd) digit slots from the end: \(VisibleText.escaped(rendering.marked()))",
            "value: \(field.value)",
            "minor units: \(field.minorUnits)",
            "negative: \(field.state.isNegative)",
            "digits: \(field.state.digitString)",
            "max digits: \(configuration.maxDigits)",
            "limits: \(limits.isEmpty ? "none" : limits.joined(separator: ", "))",
            "negatives: \(configuration.allowsNegative ? "allowed" : "not allowed")",
            "accounting: \(configuration.accounting ? "yes" : "no")",
            "format: \(field.isCompiledFormat ? "compiled from ICU" : "ICU formatter (could not be compiled)")",
        ]
    }

    var json: String {
        let configuration = field.configuration
        let rendering = field.rendering
        var members: [(String, String)] = [
            ("field", JSON.string(name)),
            ("locale", JSON.string(configuration.locale)),
            ("currency", JSON.string(configuration.currency)),
            ("mode", JSON.string(configuration.mode.rawValue)),
            ("fractionDigits", String(configuration.fractionDigits)),
            ("display", JSON.string(rendering.display)),
            ("caret", String(rendering.caretOffset)),
            ("value", JSON.string(field.value)),
            ("minorUnits", field.minorUnits),
            ("negative", String(field.state.isNegative)),
            ("digits", JSON.string(field.state.digitString)),
            ("maxDigits", String(configuration.maxDigits)),
            ("caretSlots", String(field.state.caretSlotsFromEnd)),
            ("allowNegative", String(configuration.allowsNegative)),
            ("accounting", String(configuration.accounting)),
        ]
        if let maximum = configuration.maximum { members.append(("max", JSON.string(maximum.description))) }
        if let minimum = configuration.minimum { members.append(("min", JSON.string(minimum.description))) }
        return "{" + members.map { JSON.string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}

/// Just enough JSON writing for one-line reports whose key order is part of the contract.
enum JSON {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

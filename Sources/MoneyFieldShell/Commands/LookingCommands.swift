import Foundation
import MoneyFieldEngine

extension Commands {
    static let looking: [Command] = [
        .bare("show", summary: "the display with the caret drawn as |") { session throws(CommandError) in
            CommandResult(lines: [try session.fieldLine()])
        },
        .bare("value", summary: "the plain amount: 1234.50") { session throws(CommandError) in
            CommandResult(lines: [.plain(try session.active().field.value)])
        },
        .bare("minor", summary: "the amount in minor units: 123450") { session throws(CommandError) in
            CommandResult(lines: [.plain(try session.active().field.minorUnits)])
        },
        Command(
            "inspect", usage: "inspect [--json]", summary: "everything about the active field; --json on one line",
            flags: ["--json"]) { session, rest throws(CommandError) in try session.inspect(rest) },
        Command(
            "locales", usage: "locales [FILTER]", summary: "locale IDs ICU knows, with a sample display",
            arguments: [.text]) { session, rest throws(CommandError) in session.listLocales(filter: rest) },
        Command(
            "currencies", usage: "currencies [FILTER]", summary: "ISO 4217 codes with fraction digits and a sample display",
            arguments: [.text]) { session, rest throws(CommandError) in try session.listCurrencies(filter: rest) },
    ]
}

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
}

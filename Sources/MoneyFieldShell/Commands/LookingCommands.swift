import Foundation
import MoneyFieldEngine

extension Commands {
    static let looking: [Command] = [
        .bare("show", summary: "the display with the caret drawn as |") { session throws(CommandError) in
            CommandResult(lines: [try session.fieldLine()])
        },
        .bare("value", summary: "the plain amount: 1234.50") { session throws(CommandError) in
            let field = try session.active().field
            return CommandResult(lines: field.isEmpty ? [] : [.plain(field.value)])
        },
        .bare("minor", summary: "the amount in minor units: 123450") { session throws(CommandError) in
            let field = try session.active().field
            return CommandResult(lines: field.isEmpty ? [] : [.plain(field.minorUnits)])
        },
        Command(
            "inspect", usage: "inspect [--json]", summary: "everything about the active field; --json on one line",
            flags: ["--json"]) { session, rest throws(CommandError) in try session.inspect(rest) },
        Command(
            "locales", usage: "locales [FILTER] [--json]", summary: "locale IDs ICU knows, with a sample display; best matches first",
            arguments: [.text], flags: ["--json"]) { session, rest throws(CommandError) in try session.listLocales(rest) },
        Command(
            "currencies", usage: "currencies [FILTER] [--json]", summary: "ISO 4217 codes with fraction digits and a sample display",
            arguments: [.text], flags: ["--json"]) { session, rest throws(CommandError) in try session.listCurrencies(rest) },
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

    func listLocales(_ rest: Substring) throws(CommandError) -> CommandResult {
        let arguments = try ListingArguments(try Tokenizer.words(rest), usage: usage("locales"))
        let english = Locale(identifier: "en")
        var ranked: [(rank: Int, row: [String])] = []
        for identifier in LocaleCatalog.identifiers {
            let name = english.localizedString(forIdentifier: identifier) ?? ""
            guard let rank = Listing.rank(arguments.filter, code: identifier, name: name) else { continue }
            let currency = Locale(identifier: identifier).currency?.identifier ?? "USD"
            let sample = (try? FieldConfiguration(locale: identifier, currency: currency)).map { Self.sample(in: $0) } ?? ""
            ranked.append((rank, [identifier, name, currency, sample]))
        }
        guard !ranked.isEmpty || arguments.json else { return CommandResult(lines: [.plain("no locale matches \"\(arguments.filter)\"")]) }
        var listing = Listing(columns: [.init(heading: "ID", key: "id"), .init(heading: "NAME", key: "name"),
                                        .init(heading: "CURRENCY", key: "currency"), .init(heading: "SAMPLE", key: "sample")])
        listing.rows = Listing.bestFirst(ranked)
        return CommandResult(lines: listing.lines(json: arguments.json))
    }

    func listCurrencies(_ rest: Substring) throws(CommandError) -> CommandResult {
        let arguments = try ListingArguments(try Tokenizer.words(rest), usage: usage("currencies"))
        let locale = activeField?.configuration.locale ?? defaultLocale
        var ranked: [(rank: Int, row: [String])] = []
        for code in CurrencyCatalog.codes {
            let name = CurrencyCatalog.name(of: code)
            guard let rank = Listing.rank(arguments.filter, code: code, name: name) else { continue }
            let sample = (try? FieldConfiguration(locale: locale, currency: code)).map { Self.sample(in: $0) } ?? ""
            ranked.append((rank, [code, String(CurrencyCatalog.fractionDigits(for: code)), name, sample]))
        }
        guard !ranked.isEmpty || arguments.json else { return CommandResult(lines: [.plain("no currency matches \"\(arguments.filter)\"")]) }
        var listing = Listing(columns: [.init(heading: "CODE", key: "code"), .init(heading: "DIGITS", key: "fractionDigits", isLiteral: true),
                                        .init(heading: "NAME", key: "name"), .init(heading: "SAMPLE (\(locale))", key: "sample")])
        listing.rows = Listing.bestFirst(ranked)
        return CommandResult(lines: listing.lines(json: arguments.json))
    }

    /// 1234 and as many fraction digits as the currency has (`1234.5678` for CLF).
    static func sample(in configuration: FieldConfiguration) -> String {
        var field = MoneyField(configuration)
        _ = field.paste("1234" + String("5678".prefix(configuration.shownFractionDigits)))
        return field.rendering.display
    }
}

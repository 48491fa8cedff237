import Foundation
import MoneyFieldEngine

extension Commands {
    static let looking: [Command] = [
        Command("show", summary: "the display with the caret drawn as |", invocation: .show),
        Command("value", summary: "the plain amount: 1234.50", invocation: .value),
        Command("minor", summary: "the amount in minor units: 123450", invocation: .minor),
        Command("inspect", flags: ["--json"], summary: "everything about the active field; --json on one line") { arguments in
            .inspect(json: arguments.flags.contains("--json"))
        },
        Command(
            "locales", [.optional("FILTER", .text)], flags: ["--json"], summary: "locale IDs ICU knows, with a sample display; best matches first"
        ) { arguments in .locales(filter: arguments.word(0) ?? "", json: arguments.flags.contains("--json")) },
        Command(
            "currencies", [.optional("FILTER", .text)], flags: ["--json"], summary: "ISO 4217 codes with fraction digits and a sample display"
        ) { arguments in .currencies(filter: arguments.word(0) ?? "", json: arguments.flags.contains("--json")) },
    ]
}

extension Session {
    func inspect(json: Bool) throws(CommandError) -> CommandResult {
        let entry = try active()
        if json { return CommandResult(lines: [.plain(FieldReport(entry).json)]) }
        return CommandResult(lines: FieldReport(entry).lines.map(OutputLine.plain))
    }

    func listLocales(filter: String, json: Bool) -> CommandResult {
        let filter = filter.lowercased()
        let english = Locale(identifier: "en")
        var ranked: [(rank: Int, row: [String])] = []
        for identifier in LocaleCatalog.identifiers {
            let name = english.localizedString(forIdentifier: identifier) ?? ""
            guard let rank = Listing.rank(filter, code: identifier, name: name) else { continue }
            let currency = Locale(identifier: identifier).currency?.identifier ?? "USD"
            let sample = (try? FieldConfiguration(locale: identifier, currency: currency)).map { Self.sample(in: $0) } ?? ""
            ranked.append((rank, [identifier, name, currency, sample]))
        }
        guard !ranked.isEmpty || json else { return CommandResult(lines: [.plain("no locale matches \"\(filter)\"")]) }
        var listing = Listing(columns: [.init(heading: "ID", key: "id"), .init(heading: "NAME", key: "name"),
                                        .init(heading: "CURRENCY", key: "currency"), .init(heading: "SAMPLE", key: "sample")])
        listing.rows = Listing.bestFirst(ranked)
        return CommandResult(lines: listing.lines(json: json))
    }

    func listCurrencies(filter: String, json: Bool) -> CommandResult {
        let filter = filter.lowercased()
        let locale = activeField?.configuration.locale ?? defaultLocale
        var ranked: [(rank: Int, row: [String])] = []
        for code in CurrencyCatalog.codes {
            let name = CurrencyCatalog.name(of: code)
            guard let rank = Listing.rank(filter, code: code, name: name) else { continue }
            let sample = (try? FieldConfiguration(locale: locale, currency: code)).map { Self.sample(in: $0) } ?? ""
            ranked.append((rank, [code, String(CurrencyCatalog.fractionDigits(for: code)), name, sample]))
        }
        guard !ranked.isEmpty || json else { return CommandResult(lines: [.plain("no currency matches \"\(filter)\"")]) }
        var listing = Listing(columns: [.init(heading: "CODE", key: "code"), .init(heading: "DIGITS", key: "fractionDigits", isLiteral: true),
                                        .init(heading: "NAME", key: "name"), .init(heading: "SAMPLE (\(locale))", key: "sample")])
        listing.rows = Listing.bestFirst(ranked)
        return CommandResult(lines: listing.lines(json: json))
    }

    /// 1234 and as many fraction digits as the currency has (`1234.5678` for CLF).
    static func sample(in configuration: FieldConfiguration) -> String {
        var field = MoneyField(configuration)
        _ = try? field.paste("1234" + String("5678".prefix(configuration.shownFractionDigits)))
        return field.rendering.display
    }
}

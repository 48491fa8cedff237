import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

extension Commands {
    static let lookingCommands = [show, value, minor, inspect, locales, currencies]

    static let show = Command("show", journal: .passes, replay: .passedOver, summary: "the display with the caret drawn as |", invocation: .show)
    static let value = Command("value", journal: .passes, replay: .passedOver, summary: "the plain amount: 1234.50", invocation: .value)
    static let minor = Command("minor", journal: .passes, replay: .passedOver, summary: "the amount in minor units: 123450", invocation: .minor)
    static let inspect = Command("inspect", flags: [.json], journal: .passes, replay: .passedOver, summary: "everything about the active field, a line each: its state, then every setting as new takes it; \(CommandFlag.json.spelling) on one line") { arguments in
        .inspect(json: arguments.has(.json))
    }
    static let locales = Command(
        "locales", [.optional("FILTER", .text)], flags: [.json], journal: .passes, replay: .passedOver, summary: "locale IDs ICU knows, with a sample display; best matches first"
    ) { arguments in .locales(filter: arguments.word(0) ?? "", json: arguments.has(.json)) }
    static let currencies = Command(
        "currencies", [.optional("FILTER", .text)], flags: [.json], journal: .passes, replay: .passedOver, summary: "ISO 4217 codes with fraction digits and a sample display"
    ) { arguments in .currencies(filter: arguments.word(0) ?? "", json: arguments.has(.json)) }
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
        func row(_ identifier: String, _ name: String) -> [String] {
            // ICU gives a language without a region (hi, ar) no currency: listed as none, never a
            // made-up USD; `new` with locale hi asks for a currency too.
            guard let currency = Locale(identifier: identifier).currency?.identifier,
                  let configuration = try? FieldConfiguration(locale: identifier, currency: currency)
            else { return [identifier, name, json ? "null" : "none", json ? "null" : "(add \(FieldOption[\.currency].name))"] }
            return [identifier, name, json ? JSON.string(currency) : currency, json ? JSON.string(Self.sample(in: configuration)) : Self.sample(in: configuration)]
        }
        var listed = Set<String>()
        for identifier in LocaleCatalog.identifiers {
            let name = english.localizedString(forIdentifier: identifier) ?? ""
            guard let rank = Listing.rank(filter, code: identifier, name: name) else { continue }
            ranked.append((rank, row(identifier, name)))
            listed.insert(identifier)
        }
        // A filter that names a numbering system (deva, devanagari, arab) also finds the locales
        // that offer it: `hi_IN@numbers=deva`, as `new` takes a locale; a locale whose own digits
        // they are, as it stands.
        if let system = Self.numberingSystem(named: filter) {
            for identifier in LocaleCatalog.identifiers {
                let locale = Locale(identifier: identifier)
                let own = locale.numberingSystem.identifier == system
                // Latin digits are nearly every locale's own: only the variants that add them.
                guard !(own && system == "latn"), locale.availableNumberingSystems.contains(where: { $0.identifier == system }) else { continue }
                let variant = own ? identifier : identifier + "@numbers=" + system
                guard !listed.contains(variant), (try? LocaleCatalog.canonical(variant)) != nil else { continue }
                ranked.append((3, row(variant, english.localizedString(forIdentifier: variant) ?? "")))
                listed.insert(variant)
            }
        }
        guard !ranked.isEmpty || json else { return CommandResult(lines: [.plain("no locale matches \(VisibleText.quoted(filter))")]) }
        var listing = Listing(columns: [.init(heading: "ID", key: "id"), .init(heading: "NAME", key: "name"),
                                        .init(heading: "CURRENCY", key: "currency", isLiteral: json), .init(heading: "SAMPLE", key: "sample", isLiteral: json)])
        listing.rows = Listing.bestFirst(ranked)
        return CommandResult(lines: listing.lines(json: json))
    }

    /// The numbering system a locale filter names: its identifier (`deva`), `numbers=deva`, or a
    /// word it begins (`devanagari`, `arabic`, `thai`); nil for any other filter.
    static func numberingSystem(named filter: String) -> String? {
        let word = filter.split(separator: "=").last.map(String.init) ?? filter
        guard word.count >= 3, word.allSatisfy(\.isLetter) else { return nil }
        let systems = Locale.NumberingSystem.availableNumberingSystems.map(\.identifier)
        return systems.first { $0 == word } ?? systems.filter { $0.count >= 4 && word.hasPrefix($0) }.max { $0.count < $1.count }
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
        guard !ranked.isEmpty || json else { return CommandResult(lines: [.plain("no currency matches \(VisibleText.quoted(filter))")]) }
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

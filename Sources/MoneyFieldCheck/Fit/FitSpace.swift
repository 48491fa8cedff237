import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// What `fit` searches: each behaviour option of `new`'s table (`FieldOption.all`) with every
/// value it takes, read off the table's row, and the other options with why they are not
/// searched. A new row of the table is in neither until someone decides (`FitSpaceTests` fails
/// by the option's name).
package struct FitSpace: Sendable {
    /// One searched option and the values tried, its default first.
    package struct Dimension: Sendable {
        package let option: FieldOption
        package let values: [Value]

        package struct Value: Sendable {
            /// The option's value words (`["natural"]`, `[]` for a flag that is on), nil for not given.
            package let words: [String]?
            /// The settings with this value (the rest at their defaults): the source a candidate copies it from.
            package let settings: FieldSettings
            /// Whether it is the option's default: left out of the line to paste.
            package let isDefault: Bool
        }

        /// The option's name and one value, as the line to paste writes it (`--mode natural`, `--starts-empty`).
        package func written(_ index: Int) -> [String] {
            guard let words = values[index].words else { return [] }
            return [option.name] + words
        }

        /// A value as said alone (`keep`, `on`, `off`, `none`).
        package func said(_ index: Int) -> String {
            let value = values[index]
            switch option.kind {
            case .flag: return value.words == nil ? "off" : "on"
            case .number, .text: return value.words?.joined(separator: " ") ?? "none"
            }
        }
    }

    package let dimensions: [Dimension]

    /// The options the search tries, by setting. A `new` option of behaviour belongs here or in
    /// `notSearched`, with the reason.
    package static let searchedSettings: [FieldSetting] = [
        FieldSetting(\.mode), FieldSetting(\.emptiable), FieldSetting(\.emptyShows), FieldSetting(\.startsEmpty),
        FieldSetting(\.pointAgain), FieldSetting(\.onLeave), FieldSetting(\.onFocus), FieldSetting(\.whileTyping),
        FieldSetting(\.grouping), FieldSetting(\.display), FieldSetting(\.maxDigits), FieldSetting(\.emptyWhenZero),
    ]

    /// The options `fit` leaves as given (or at their default), and why: said in `--help` and the guide.
    package static let notSearched: [(setting: FieldSetting, why: String)] = [
        (FieldSetting(\.locale), "the field's locale: given, or check's list of hard locales"),
        (FieldSetting(\.currency), "the field's currency: given, or each hard locale's own"),
        (FieldSetting(\.decimals), "the currency's own fraction digits unless given: a field that shows others says so in its currency"),
        (FieldSetting(\.maximum), "a largest amount: no session types toward one; give it"),
        (FieldSetting(\.minimum), "a smallest amount: no session types toward one; give it"),
        (FieldSetting(\.allowsNegative), "no key of fit's sessions makes an amount negative; give it"),
        (FieldSetting(\.accounting), "only a negative amount shows it, which no session makes; give it"),
    ]

    /// The numbers a number option takes, where it is searched: the engine's own range.
    package static let numberRanges: [FieldSetting: ClosedRange<Int>] = [FieldSetting(\.maxDigits): FieldConfiguration.maxDigitsRange]

    /// Every searched option not pinned (`pinned` are the options the user gave).
    package init(pinned: FieldOptions) {
        self.init(settings: Self.searchedSettings.filter { !pinned.given.contains($0) })
    }

    /// The options of `settings`, each with every value the table gives it; `limit` keeps each
    /// option's first values only (a small space for a test that searches it by brute force).
    package init(settings: [FieldSetting], limit: Int = .max, only: [FieldSetting: [[String]?]] = [:]) {
        dimensions = settings.map { setting in
            let option = FieldOption[setting.path]
            let words = only[setting] ?? Self.valueWords(of: option)
            var values = words.map { words in
                var options = FieldOptions()
                // Every value comes from the option's own row: parsing it cannot fail.
                if let words { options = (try? FieldOptions(parsing: [option.name] + words)) ?? options }
                return Dimension.Value(words: words, settings: options.settings, isDefault: option.isDefault(options.settings))
            }
            // The default first: the simplest line is tried first and wins a tie.
            values.sort { $0.isDefault && !$1.isDefault }
            if values.count > limit { values = Array(values.prefix(limit)) }
            return Dimension(option: option, values: values)
        }
    }

    /// Every value an option takes, as words: a flag off or on; each choice (and none, where the
    /// default is none); each number of its range.
    static func valueWords(of option: FieldOption) -> [[String]?] {
        switch option.kind {
        case .flag: return [nil, []]
        case .number:
            return (numberRanges[option.setting] ?? 0...(-1)).map { [String($0)] }
        case .text:
            guard case .choice(let names) = option.values else { return [nil] }
            let choices: [[String]?] = names.map { [$0] }
            let defaultIsAChoice = choices.contains { words in
                (try? FieldOptions(parsing: [option.name] + (words ?? []))).map { option.isDefault($0.settings) } ?? false
            }
            return (defaultIsAChoice ? [] : [nil]) + choices
        }
    }

    /// How many combinations the space holds.
    package var count: Int { dimensions.reduce(1) { $0 * $1.values.count } }

    /// One combination: a value index per dimension.
    package typealias Candidate = [Int]

    /// `base` (a session's settings) with a combination's values.
    package func settings(_ candidate: Candidate, on base: FieldSettings) -> FieldSettings {
        var settings = base
        for (dimension, index) in zip(dimensions, candidate) { dimension.option.copy(&settings, dimension.values[index].settings) }
        return settings
    }

    /// How far from the defaults a combination is: options not at their default. A tie goes to
    /// the fewer, then to the earlier in the table's order and each option's values.
    func rank(_ candidate: Candidate) -> (Int, Candidate) {
        (zip(dimensions, candidate).filter { !$0.0.values[$0.1].isDefault }.count, candidate)
    }

    /// Whether `a` wins a tie over `b`.
    static func precedes(_ a: (Int, Candidate), _ b: (Int, Candidate)) -> Bool {
        a.0 != b.0 ? a.0 < b.0 : a.1.lexicographicallyPrecedes(b.1)
    }

    /// The combination's words, defaults left out, in the table's order.
    package func words(_ candidate: Candidate) -> [String] {
        let byOption = Dictionary(uniqueKeysWithValues: zip(dimensions, candidate).map { ($0.0.option.name, $0.0.written($0.1)) })
        return FieldOption.all.flatMap { option in
            guard let written = byOption[option.name], let index = dimensions.firstIndex(where: { $0.option.name == option.name }),
                  !dimensions[index].values[candidate[index]].isDefault else { return [String]() }
            return written
        }
    }

    /// `pinned` with the combination's options given (those at their default left out).
    package func options(_ candidate: Candidate, pinned: FieldOptions) -> FieldOptions {
        // Every word comes from the table's rows and the options given: parsing them cannot fail.
        (try? FieldOptions(parsing: pinned.words + words(candidate))) ?? pinned
    }
}

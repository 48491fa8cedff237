import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// What `check` and `vectors` play: seeded, operator-like sessions on a set of configurations.
package struct CheckPlan: Sendable {
    /// One field configuration: the options of `new`, read by the one option table.
    package struct Configuration: Sendable, Equatable {
        package var options: FieldOptions
        /// What `check` chose itself, which the shrinker may make simpler; what the user gave on
        /// the command line it never changes (`configurations(for:)` says which is which).
        package var chosen: Chosen = [.locale, .currency]

        package struct Chosen: OptionSet, Sendable {
            package let rawValue: Int
            package init(rawValue: Int) { self.rawValue = rawValue }
            package static let locale = Chosen(rawValue: 1)
            package static let currency = Chosen(rawValue: 2)
        }

        package init(_ options: FieldOptions) { self.options = options }

        package init(locale: String, currency: String, mode: EntryMode = .atm) {
            options = FieldOptions()
            options[\.locale] = locale
            options[\.currency] = currency
            options[\.mode] = mode == .atm ? nil : mode
        }

        /// The same field: what was chosen by whom does not make another.
        package static func == (lhs: Configuration, rhs: Configuration) -> Bool { lhs.options == rhs.options }

        package var locale: String { options.settings.locale }
        /// The field's currency: the one given, else the locale's own (`de_DE` alone is EUR).
        package var currency: String {
            guard options[\.currency] == nil, options[\.locale] != nil else { return options.settings.currency }
            return (try? fieldConfiguration().currency) ?? options.settings.currency
        }
        package var mode: EntryMode { options.settings.mode }

        package func fieldConfiguration() throws(CommandError) -> FieldConfiguration {
            try options.configuration(defaults: (LocaleCatalog.defaultIdentifier, CurrencyCatalog.defaultCode))
        }

        /// The `new` request (SPEC §4).
        package func request() throws(CommandError) -> String { AdapterRequest.new(try fieldConfiguration()).line }

        /// The shell command that makes this field, for a written-out script.
        package var newCommand: String { Invocation.new(name: "field", options: options).scriptLine }

        /// Simpler configurations first: en_US/USD before others, fewer options before more.
        var simplicity: Int {
            var plain = options
            plain[\.locale] = nil
            plain[\.currency] = nil
            return (locale == "en_US" ? 0 : 4) + (currency == "USD" ? 0 : 2) + plain.words.count
        }

        /// The same field with one difference fewer from the plainest: en_US, USD, or one option
        /// back at its default; the options that make the field what it is (its mode) stay.
        var simpler: [Configuration] {
            var candidates: [Configuration] = []
            for (change, plainest, choice) in [(\FieldSettings.locale, "en_US", Chosen.locale), (\FieldSettings.currency, "USD", .currency)]
            where chosen.contains(choice) {
                var simpler = self
                simpler.options[change] = plainest
                if simpler != self { candidates.append(simpler) }
            }
            return candidates.filter { $0.simplicity < simplicity }.sorted { $0.simplicity < $1.simplicity }
        }
    }

    /// Hard cases for a field: grouping (lakhs, spaces, apostrophes), comma decimals, native digits
    /// and bidi marks, 0, 3 and 4 fraction digits, whole units.
    package static let hardConfigurations: [Configuration] = [
        Configuration(locale: "en_US", currency: "USD"),
        Configuration(locale: "de_DE", currency: "EUR"),
        Configuration(locale: "fr_FR", currency: "EUR"),
        Configuration(locale: "en_IN", currency: "INR"),
        Configuration(locale: "en_ZA", currency: "ZAR"),
        Configuration(locale: "de_CH", currency: "CHF"),
        Configuration(locale: "ar_EG", currency: "EGP"),
        Configuration(locale: "he_IL", currency: "ILS"),
        Configuration(locale: "ja_JP", currency: "JPY"),
        Configuration(locale: "ar_KW", currency: "KWD"),
        Configuration(locale: "en_US", currency: "CLF"),
        Configuration(locale: "hi_IN@numbers=deva", currency: "INR"),
        Configuration(locale: "en_GB", currency: "GBP"),
        Configuration(locale: "en_US", currency: "USD", mode: .whole),
        Configuration(locale: "en_IN", currency: "INR", mode: .whole),
    ]

    /// The keys a session may press by default (SPEC §4).
    package static let defaultKeys: [Key] = (0...9).map { Key.digit(UInt8($0)) } + [.backspace, .delete, .left, .right, .home, .end]

    /// The default keys for `mode`: natural fields also get the decimal key and leaving the field.
    package static func defaultKeys(for mode: EntryMode?) -> [Key] {
        switch mode {
        case .natural?: defaultKeys + [.decimal, .enter]
        case .atm?, .whole?, nil: defaultKeys
        }
    }

    package struct Session: Sendable, Equatable {
        package var configuration: Configuration
        package var keys: [Key]
        /// Taps (the shell's `caret N`) played between the keys: a script's, or those `check`
        /// played to bring the adapter's caret back to moneyfield's before the difference it was
        /// written for. The plan's sessions have none.
        package var taps: [Tap] = []

        package init(configuration: Configuration, keys: [Key], taps: [Tap] = []) {
            self.configuration = configuration
            self.keys = keys
            self.taps = taps
        }
    }

    /// The caret put at a UTF-16 offset, as a click there (the protocol's `tap`, the shell's
    /// `caret N`), after a number of the session's keys.
    package struct Tap: Sendable, Hashable {
        package let afterKeys: Int
        package let offset: Int

        package init(afterKeys: Int, offset: Int) {
            self.afterKeys = afterKeys
            self.offset = offset
        }
    }

    /// A key pressed in a situation: what `--max-hits` steers sessions away from once a group
    /// has been hit often. Digits stand for any digit.
    package struct Steer: Hashable, Sendable {
        package let key: Key
        package let situation: Situation

        package init(key: Key, situation: Situation) {
            self.key = Self.anyDigit(key)
            self.situation = situation
        }

        /// Every edit (`Checker.Behaviour.edits`) pressed with a digit right of moneyfield's caret
        /// and no separator beside it: where a caret sent to the end shows, and nothing else is
        /// likely to. Beside a separator, where edits have defects of their own (Backspace after
        /// the point deleting nothing), an edit is steered around only where the jump was seen.
        package static let editsAmongDigits: Set<Steer> = {
            let edits = ([.digit(0)] + Key.editingKeys).filter(Checker.Behaviour.edits)
            let separators: Set<Situation.Neighbour> = [.group, .decimal]
            let situations = everySituation { $0.right == .digit && !separators.contains($0.left) }
            return Set(edits.flatMap { key in situations.map { Steer(key: key, situation: $0) } })
        }()

        /// Every situation, with a filter: the steering of a behaviour that shows wherever it can.
        package static func everySituation(where include: (Situation) -> Bool) -> [Situation] {
            var all: [Situation] = []
            for left in Situation.Neighbour.allCases {
                for right in Situation.Neighbour.allCases {
                    for fill in Situation.Fill.allCases {
                        for selecting in [false, true] {
                            let situation = Situation(left: left, right: right, fill: fill, selecting: selecting)
                            if include(situation) { all.append(situation) }
                        }
                    }
                }
            }
            return all
        }

        /// The arrows pressed with a separator, sign or symbol beside moneyfield's caret: where a
        /// field whose caret stops beside every non-digit shows it.
        package static let arrowsBesideNonDigits: Set<Steer> = {
            let nonDigits: Set<Situation.Neighbour> = [.group, .decimal, .currency, .sign]
            let situations = everySituation { nonDigits.contains($0.left) || nonDigits.contains($0.right) }
            return Set([Key.left, .right, .selectLeft, .selectRight].flatMap { key in situations.map { Steer(key: key, situation: $0) } })
        }()

        /// A digit typed with the field `fill` (full, or its fraction full), wherever the caret.
        package static func digits(when fill: Situation.Fill) -> Set<Steer> {
            Set(everySituation { $0.fill == fill }.map { Steer(key: .digit(0), situation: $0) })
        }

        /// A digit as `.digit(0)`: groups do not count digits.
        package static func anyDigit(_ key: Key) -> Key {
            if case .digit = key { return .digit(0) }
            return key
        }
    }

    package let configurations: [Configuration]
    package let keys: [Key]
    package let sessionCount: Int
    package let stepCount: Int
    package let seed: UInt64
    /// `--shard I/N`: only the sessions whose index is I-1 modulo N.
    package let shard: Shard

    package init(configurations: [Configuration], keys: [Key] = defaultKeys, sessions: Int, steps: Int, seed: UInt64,
                shard: Shard = .whole) {
        self.configurations = configurations
        self.keys = keys
        sessionCount = sessions
        stepCount = steps
        self.seed = seed
        self.shard = shard
    }

    /// The indexes this run plays: all of them, or one shard's.
    package var sessionIndexes: StrideTo<Int> { shard.numbers(below: sessionCount) }

    /// How much rarer steering makes a key in a situation it avoids: drawn there, it is drawn
    /// again (from the keys not avoided) `steeredRarity - 1` times in `steeredRarity`, and kept
    /// the rest. Never unreachable: a cause reached only through a full group's key (a field that
    /// strips zeros on leaving and selects everything when focus comes back) is still found.
    /// (A test sets `.max`, the key never kept, to see what an unreachable key hid.)
    package var steeredRarity: UInt64 = 8

    /// Session `index`: a function of (seed, index) alone, the same on every machine, and no
    /// session a shifted copy of another (each has a generator seeded by mixing both). A key
    /// that would be pressed in a situation in `avoiding` is made rarer there (`steeredRarity`):
    /// mostly drawn again, from the keys not avoided there, by the same generator, so a steered
    /// session is a function of (seed, index, avoiding).
    package func session(_ index: Int, avoiding: Set<Steer> = []) -> Session {
        var random = SplitMix64(seed: seed, stream: UInt64(index))
        let configuration = configurations[Int(random.next() % UInt64(configurations.count))]
        let weighted = keys.map { ($0, Self.weight(of: $0)) }
        let total = weighted.reduce(0) { $0 + $1.1 }
        func draw() -> Key {
            var roll = Int(random.next() % UInt64(total))
            for (key, weight) in weighted {
                if roll < weight { return key }
                roll -= weight
            }
            return weighted[weighted.count - 1].0
        }
        // The engine follows the session only when there is something to steer around.
        var field = avoiding.isEmpty ? nil : (try? configuration.fieldConfiguration()).map { MoneyField($0) }
        var sessionKeys: [Key] = []
        for _ in 0..<stepCount {
            var key = draw()
            if var current = field {
                let situation = Situation(current)
                if avoiding.contains(Steer(key: key, situation: situation)), random.next() % steeredRarity != 0 {
                    // Another key, drawn from those not avoided here (if any is left).
                    let allowed = weighted.filter { !avoiding.contains(Steer(key: $0.0, situation: situation)) }
                    let allowedTotal = allowed.reduce(0) { $0 + $1.1 }
                    if allowedTotal > 0 {
                        var roll = Int(random.next() % UInt64(allowedTotal))
                        for (candidate, weight) in allowed {
                            if roll < weight { key = candidate; break }
                            roll -= weight
                        }
                    }
                }
                do throws(Rejection) { try current.press(key) } catch {}
                field = current
            }
            sessionKeys.append(key)
        }
        return Session(configuration: configuration, keys: sessionKeys)
    }

    /// How often the plan draws `key`: its row's weight (an operator's mix).
    package static func weight(of key: Key) -> Int { KeyTable.named(for: key).weight }
}

extension CheckPlan {
    /// The configurations `check` and `vectors` play for the field options given: that field,
    /// or (without a locale) each hard case with the options given, in the currency if one is given.
    package static func configurations(for options: FieldOptions) throws(CommandError) -> [Configuration] {
        var configurations: [Configuration]
        if options[\.locale] != nil {
            // The user's field: its locale, and its currency (given, or the locale's own), stay.
            var given = Configuration(options)
            given.chosen = []
            configurations = [given]
        } else {
            configurations = hardConfigurations.map { hard in
                var each = options
                each[\.locale] = hard.options[\.locale]
                each[\.currency] = options[\.currency] ?? hard.options[\.currency]
                each[\.mode] = options[\.mode] ?? hard.options[\.mode]
                var configuration = Configuration(each)
                configuration.chosen = options[\.currency] == nil ? [.locale, .currency] : [.locale]
                return configuration
            }
        }
        for configuration in configurations {
            _ = try configuration.options.configuration(defaults: (LocaleCatalog.defaultIdentifier, CurrencyCatalog.defaultCode), place: .commandLine)
        }
        return configurations
    }

    /// `--keys 0-9,bs,dec`: the keys by their protocol names, `0-9` for every digit. `weight` is
    /// the rows' own; a test gives another to see a key of weight 0 refused.
    package static func keys(parsing list: String, weight: (Key) -> Int = weight(of:)) throws(CommandError) -> [Key] {
        var chosen: [Key] = []
        for name in list.split(separator: ",").map({ String($0.trimmingSpaces()) }) {
            let keys: [Key]
            if name == "0-9" {
                keys = (0...9).map { Key.digit(UInt8($0)) }
            } else if let key = Key(protocolName: name) {
                keys = [key]
            } else {
                throw CommandError("--keys: unknown key \(VisibleText.quoted(name)); keys: 0-9 and \(KeyTable.all.map(\.name).joined(separator: ", "))")
            }
            // The plan draws keys by weight (and divides by their sum): a key it never draws cannot be asked for.
            if let never = keys.first(where: { weight($0) <= 0 }) {
                throw CommandError("--keys: \(never.protocolName) has a weight of 0 in check's mix, so no session would press it; leave it out")
            }
            chosen += keys
        }
        guard !chosen.isEmpty else { throw CommandError("--keys names no key") }
        return chosen
    }
}

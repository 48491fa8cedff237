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
        static func everySituation(where include: (Situation) -> Bool) -> [Situation] {
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

    /// Session `index`: a function of (seed, index) alone, the same on every machine, and no
    /// session a shifted copy of another (each has a generator seeded by mixing both). A key
    /// that would be pressed in a situation in `avoiding` is drawn again, from the keys not
    /// avoided there, by the same generator: a steered session is a function of (seed, index, avoiding).
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
                if avoiding.contains(Steer(key: key, situation: situation)) {
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


/// How `check` compares carets (SPEC §4): the UTF-16 offset, the digit slot, or not at all.
package enum CaretComparison: String, Sendable, CaseIterable {
    case exact, slot, none
}

/// What differs between the adapter's field and moneyfield's.
package enum DifferenceKind: String, Sendable, CaseIterable {
    case display, caret, value, rejected, emptied
}

/// What the reference field shows after each step, as the protocol compares it.
@_spi(Tools) public struct FieldAnswer: Sendable, Equatable {
    @_spi(Tools) public var display: String
    @_spi(Tools) public var caret: Int?
    package var value: String?
    package var rejected: Bool?
    /// The selected UTF-16 range, nil when nothing is selected; compared only when the adapter
    /// reports it (`reportsSelection`).
    @_spi(Tools) public private(set) var selection: Range<Int>?
    package private(set) var reportsSelection = false

    /// The adapter's selection (nil: none), which it reports: it is compared.
    package mutating func reportSelection(_ range: Range<Int>?) {
        selection = range
        reportsSelection = true
    }

    /// `[start, end]` read from outside (a reply, a record) as this answer's selection: false,
    /// and nothing reported, unless they are two offsets 0 ≤ start ≤ end ≤ the display's
    /// length; an empty range is no selection.
    mutating func reportSelection(bounds: [Int]) -> Bool {
        guard bounds.count == 2, 0 <= bounds[0], bounds[0] <= bounds[1], bounds[1] <= display.utf16.count else { return false }
        reportSelection(bounds[0] < bounds[1] ? bounds[0]..<bounds[1] : nil)
        return true
    }

    package init(display: String, caret: Int?, value: String? = nil, rejected: Bool? = nil) {
        self.display = display
        self.caret = caret
        self.value = value
        self.rejected = rejected
    }

    /// The engine's answers: the field made, then after each key.
    package static func reference(for session: CheckPlan.Session) throws(CommandError) -> [FieldAnswer] {
        var field = MoneyField(try session.configuration.fieldConfiguration())
        var answers = [FieldAnswer(field, rejected: false)]
        for key in session.keys {
            var rejected = false
            do throws(Rejection) { try field.press(key) } catch { rejected = true }
            answers.append(FieldAnswer(field, rejected: rejected))
        }
        return answers
    }

    package init(_ field: MoneyField, rejected: Bool) {
        self.init(display: field.display, caret: field.caretOffset, value: field.isEmpty ? nil : field.value, rejected: rejected)
        reportSelection(field.selectionRange)
    }

    /// What kind of difference `adapter` shows from this answer (the reference), or nil: a side
    /// with no digit at all is emptied; then the display; the caret as `caret` compares it;
    /// value and rejected only when the adapter gives them.
    /// `units` counts the carets in slot comparison (the typed point is one in natural entry).
    package func difference(from adapter: FieldAnswer, caret comparison: CaretComparison, units: CaretUnits = .digits) -> DifferenceKind? {
        if Self.hasDigit(adapter.display) != Self.hasDigit(display) { return .emptied }
        if adapter.display != display { return .display }
        if let theirs = adapter.caret, let ours = caret {
            switch comparison {
            case .exact: if theirs != ours { return .caret }
            case .slot: if units.right(of: theirs, in: adapter.display) != units.right(of: ours, in: display) { return .caret }
            case .none: break
            }
            // A selection is the caret's other end: the next key replaces it. In slots, one that
            // holds no digit (the `$` alone) is still a selection, which moneyfield never makes.
            if adapter.reportsSelection && (adapter.selection != nil || selection != nil) {
                switch comparison {
                case .exact: if adapter.selection != selection { return .caret }
                case .slot: if slots(of: adapter.selection, in: adapter.display, units) != slots(of: selection, in: display, units) { return .caret }
                case .none: break
                }
            }
        }
        if let value = adapter.value, value != self.value ?? "" { return .value }
        if let rejected = adapter.rejected, rejected != self.rejected { return .rejected }
        return nil
    }

    /// A selection as the digits right of each end, or nil for none.
    private func slots(of selection: Range<Int>?, in display: String, _ units: CaretUnits) -> [Int]? {
        selection.map { [units.right(of: $0.lowerBound, in: display), units.right(of: $0.upperBound, in: display)] }
    }

    static func hasDigit(_ display: String) -> Bool { display.unicodeScalars.contains { Key.digitValue(of: $0) != nil } }


    /// `"$12.34"` with `|` at the caret when there is one.
    @_spi(Tools) public var shown: String {
        guard let caret, caret >= 0, caret <= display.utf16.count else { return display }
        // A selection drawn `$[0|]`, and one with no digit too: `[|$]0`.
        guard let selection, selection.contains(caret) || selection.upperBound == caret else { return FieldView(display: display, caretOffset: caret).marked }
        return FieldView.marked(display, caretOffset: caret, selection: selection)
    }

    /// The JSON object `vectors` writes.
    package var json: String {
        "{\"display\":\(JSON.string(display)),\"caret\":\(caret.map(String.init) ?? "null"),\"value\":\(value.map(JSON.string) ?? "null")"
            + (rejected.map { ",\"rejected\":\($0)" } ?? "")
            + (selection.map { ",\"selection\":[\($0.lowerBound),\($0.upperBound)]" } ?? "") + "}"
    }
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

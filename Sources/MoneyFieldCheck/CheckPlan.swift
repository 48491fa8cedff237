import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// What `check` and `vectors` play: seeded, operator-like sessions on a set of configurations.
public struct CheckPlan: Sendable {
    /// One field configuration as the adapter protocol sends it.
    public struct Configuration: Sendable, Equatable {
        public var locale: String
        public var currency: String
        public var mode: EntryMode
        public var maxDigits: Int = FieldConfiguration.defaultMaxDigits
        public var allowsNegative = false

        public init(locale: String, currency: String, mode: EntryMode = .atm, maxDigits: Int = FieldConfiguration.defaultMaxDigits,
                    allowsNegative: Bool = false) {
            self.locale = locale
            self.currency = currency
            self.mode = mode
            self.maxDigits = maxDigits
            self.allowsNegative = allowsNegative
        }

        public func fieldConfiguration() throws(FieldError) -> FieldConfiguration {
            try FieldConfiguration(locale: locale, currency: currency, mode: mode, maxDigits: maxDigits, allowsNegative: allowsNegative)
        }

        /// The `new` request (SPEC §4).
        public func request() throws(FieldError) -> String {
            let configuration = try fieldConfiguration()
            return "{\"op\":\"new\",\"locale\":\(JSON.string(configuration.locale)),\"currency\":\(JSON.string(configuration.currency)),"
                + "\"mode\":\(JSON.string(mode.rawValue)),\"fractionDigits\":\(configuration.shownFractionDigits),"
                + "\"maxDigits\":\(maxDigits),\"allowNegative\":\(allowsNegative)}"
        }

        /// The shell command that makes this field, for a written-out failure.
        public var newCommand: String {
            var words = ["new", "field", "--locale", locale, "--currency", currency]
            if mode != .atm { words += ["--mode", mode.rawValue] }
            if maxDigits != FieldConfiguration.defaultMaxDigits { words += ["--max-digits", String(maxDigits)] }
            if allowsNegative { words.append("--allow-negative") }
            return words.joined(separator: " ")
        }

        /// Simpler configurations first: en_US/USD before others, fewer options before more.
        var simplicity: Int {
            (locale == "en_US" ? 0 : 4) + (currency == "USD" ? 0 : 2) + (mode == .atm ? 0 : 1)
                + (allowsNegative ? 1 : 0) + (maxDigits == FieldConfiguration.defaultMaxDigits ? 0 : 1)
        }
    }

    /// Hard cases for a field: grouping (lakhs, spaces, apostrophes), comma decimals, native digits
    /// and bidi marks, 0, 3 and 4 fraction digits, whole units.
    public static let hardConfigurations: [Configuration] = [
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
    public static let defaultKeys: [Key] = (0...9).map { Key.digit(UInt8($0)) } + [.backspace, .delete, .left, .right, .home, .end]

    public struct Session: Sendable, Equatable {
        public var configuration: Configuration
        public var keys: [Key]
    }

    public let configurations: [Configuration]
    public let keys: [Key]
    public let sessionCount: Int
    public let stepCount: Int
    public let seed: UInt64

    public init(configurations: [Configuration], keys: [Key] = defaultKeys, sessions: Int, steps: Int, seed: UInt64) {
        self.configurations = configurations
        self.keys = keys
        sessionCount = sessions
        stepCount = steps
        self.seed = seed
    }

    /// Session `index`, the same for a seed on every machine.
    public func session(_ index: Int) -> Session {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let configuration = configurations[Int(random.next() % UInt64(configurations.count))]
        let weighted = keys.map { ($0, Self.weight(of: $0)) }
        let total = weighted.reduce(0) { $0 + $1.1 }
        var sessionKeys: [Key] = []
        for _ in 0..<stepCount {
            var roll = Int(random.next() % UInt64(total))
            for (key, weight) in weighted {
                if roll < weight { sessionKeys.append(key); break }
                roll -= weight
            }
        }
        return Session(configuration: configuration, keys: sessionKeys)
    }

    /// An operator's mix: mostly digits, some corrections, a little caret movement.
    static func weight(of key: Key) -> Int {
        switch key {
        case .digit: 10
        case .backspace: 14
        case .left: 8
        case .right, .delete: 5
        default: 3
        }
    }
}


/// What the reference field shows after each step, as the protocol compares it.
public struct FieldAnswer: Sendable, Equatable {
    public var display: String
    public var caret: Int?
    public var value: String?
    public var rejected: Bool?

    public init(display: String, caret: Int?, value: String? = nil, rejected: Bool? = nil) {
        self.display = display
        self.caret = caret
        self.value = value
        self.rejected = rejected
    }

    /// The engine's answers: the field made, then after each key.
    public static func reference(for session: CheckPlan.Session) throws(FieldError) -> [FieldAnswer] {
        var field = MoneyField(try session.configuration.fieldConfiguration())
        var answers = [FieldAnswer(display: field.display, caret: field.caretOffset, value: field.value, rejected: false)]
        for key in session.keys {
            var rejected = false
            do throws(Rejection) { try field.press(key) } catch { rejected = true }
            answers.append(FieldAnswer(display: field.display, caret: field.caretOffset, value: field.value, rejected: rejected))
        }
        return answers
    }

    /// How `adapter` differs from this (the reference), or nil: display always; caret, value and
    /// rejected only when the adapter gives them.
    public func difference(from adapter: FieldAnswer) -> String? {
        if adapter.display != display { return "display" }
        if let caret = adapter.caret, caret != self.caret { return "caret" }
        if let value = adapter.value, value != self.value { return "value" }
        if let rejected = adapter.rejected, rejected != self.rejected { return "rejected" }
        return nil
    }

    /// `"$12.34"` with `|` at the caret when there is one.
    public var shown: String {
        guard let caret, caret >= 0, caret <= display.utf16.count else { return display }
        let utf16 = Array(display.utf16)
        return String(decoding: utf16[..<caret], as: UTF16.self) + "|" + String(decoding: utf16[caret...], as: UTF16.self)
    }

    /// The JSON object `vectors` writes.
    public var json: String {
        "{\"display\":\(JSON.string(display)),\"caret\":\(caret.map(String.init) ?? "null"),\"value\":\(value.map(JSON.string) ?? "null")"
            + (rejected.map { ",\"rejected\":\($0)" } ?? "") + "}"
    }
}

extension Key {
    /// The protocol's name for a key: `"7"`, `"bs"` (the `type` names without brackets).
    public var protocolName: String {
        if case .digit(let value) = self { return String(value) }
        return KeyTable.all.first { $0.key == self }?.name ?? "?"
    }

    /// The key a protocol name stands for (`"7"`, `"bs"`), or nil.
    public init?(protocolName name: String) {
        guard let key = name.count == 1 ? name.first.flatMap(Key.init(digit:)) : KeyTable.key(named: name) else { return nil }
        self = key
    }
}

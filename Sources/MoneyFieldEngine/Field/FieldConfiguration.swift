import Foundation

/// How digits become an amount.
public enum EntryMode: String, Sendable, CaseIterable, Codable {
    /// Implied decimal: the digits are minor units (`123` is `$1.23`).
    case atm
    /// The digits are whole units, grouped live (`20000` is `$20,000`).
    case whole
    /// Integer digits, the decimal key, then up to `f` fraction digits, as most web inputs take them.
    case natural
}

/// How a field becomes empty by deleting, as web money inputs do.
public enum Emptiable: String, Sendable, CaseIterable {
    /// A delete on zero empties it (the inputs that show a zero until it is deleted).
    case atZero = "at-zero"
    /// The delete that takes the last digit empties it.
    case lastDigit = "last-digit"
}

/// What an empty field shows (SPEC §1, `emptyShows`).
public enum EmptyShows: String, Sendable, CaseIterable {
    /// An empty display.
    case nothing
    /// What ICU writes around the digits of the field's own zero (`$`, ` €`), as web inputs that
    /// keep their prefix or suffix in an empty field do.
    case symbol
    /// `symbol` while the field has focus, nothing once `<enter>` has left it (autoNumeric
    /// writes its sign into an empty input on focus and clears it on blur); the next key,
    /// taken or refused, comes back into the field.
    case symbolWhenFocused = "symbol-when-focused"
}

/// Natural mode's decimal key once the point is typed (SPEC §1 moves the caret just after it).
public enum PointAgain: String, Sendable, CaseIterable {
    /// The caret goes just after the point, as SPEC §1 says.
    case move
    /// The key is refused, nothing changes (web inputs that drop a second point).
    case ignore
    /// Typed just before the point, the caret steps over it (`$12|.5` → `$12.|5`); anywhere else the
    /// key is refused (autoNumeric, react-number-format).
    case step
}

/// Natural mode on `<enter>`, the field losing focus (SPEC §1 "Focus").
public enum OnLeave: String, Sendable, CaseIterable {
    /// The fraction padded to `f` digits, as SPEC §1 says.
    case pad
    /// Kept as typed (`$12.3` stays): react-number-format without `fixedDecimalScale`,
    /// autoNumeric with `allowDecimalPadding: false`.
    case keep
}

/// Natural mode when focus comes back after `<enter>` (SPEC §1 "Focus").
public enum OnFocus: String, Sendable, CaseIterable {
    /// What leaving showed stays.
    case keep
    /// Zeros ending the fraction are dropped, the point too when no digit follows it (`$10.00`
    /// → `$10`): vue-currency-input's `hideNegligibleDecimalDigitsOnFocus`.
    case trim
}

/// Natural mode while typing (SPEC §1 "Focus").
public enum WhileTyping: String, Sendable, CaseIterable {
    /// The fraction shows as typed (`$1` after `1`).
    case keep
    /// The fraction shows padded to `f` from the first digit (`$1.00` after `1`, `$0.00` after `0`),
    /// react-number-format's `fixedDecimalScale`: the point stands from then on and the padding
    /// zeros are caret stops, typed over; Backspace over one (or the point) only moves the caret.
    case pad
}

/// How the currency is shown: ICU's presentations (`$`, narrow `$`, `USD`, `US dollars`), or not
/// at all (`none`: the amount as the locale writes numbers, the currency shown beside the field).
public enum DisplayStyle: String, Sendable, CaseIterable {
    /// The currency's symbol: `$12.34`, `12,34 €`.
    case symbol
    /// The narrow symbol: `$` where the symbol is `US$` (en_CA).
    case narrow
    /// The ISO 4217 code: `USD 12.34`.
    case code
    /// The currency's name as the locale writes it: `12.34 US dollars`.
    case name
    /// No currency: the amount as the locale writes numbers (`12.34`).
    case none
}

/// Whether the integer digits are grouped: `$1,234.56`, or `$1234.56` as ATM screens show
/// (autoNumeric's `digitGroupSeparator: ''`, Intl's `useGrouping: false`).
public enum Grouping: String, Sendable, CaseIterable {
    /// The locale's grouping, as ICU writes it (`1,234.56`, en_IN's `1,23,456.78`).
    case on
    /// No group separators (`1234.56`).
    case off
}

/// Every setting of a field, each at its default until set: what `FieldConfiguration` checks,
/// and the one place a setting and its default are declared. The shell's option table gives
/// each one its row (name, parsing, help, `inspect` line) by key path; a coverage test finds a setting without one.
public struct FieldSettings: Sendable, Hashable {
    /// An ICU locale identifier (`de_DE`, `ar_EG@numbers=latn`); canonical once checked.
    public var locale = LocaleCatalog.defaultIdentifier
    /// An ISO 4217 code; upper-case once checked.
    public var currency = CurrencyCatalog.defaultCode
    /// How digits become an amount.
    public var mode = EntryMode.atm
    /// Replaces the currency's own fraction digits (0 to 6).
    public var decimals: Int? = nil
    /// The most digits the field holds (`12345.67` has 7), 1 to 30.
    public var maxDigits = 12
    /// The largest amount the field takes, plain (`1000`, `99.95`); nil for none.
    public var maximum: String? = nil
    /// The smallest amount the field takes, plain (`-250.50`); nil for none.
    public var minimum: String? = nil
    /// Whether the field takes negative amounts (the minus key, a negative `set`).
    public var allowsNegative = false
    /// Negative amounts in ICU's accounting form (`($12.50)` in en_US).
    public var accounting = false
    /// How the currency is shown (`$12.34`, `USD 12.34`, or no currency).
    public var display = DisplayStyle.symbol
    /// Whether the integer digits are grouped (`1,234.56`) or not (`1234.56`).
    public var grouping = Grouping.on
    /// A positive zero shows nothing: an empty field, as forms want before anything is typed.
    public var emptyWhenZero = false
    /// Deleting can empty the field; nil: a delete on zero is refused.
    public var emptiable: Emptiable? = nil
    /// What an empty field shows.
    public var emptyShows = EmptyShows.nothing
    /// A new field (and a cleared one) is empty, as an input with no value; a typed zero shows zero.
    public var startsEmpty = false
    /// Natural mode's decimal key once the point is typed; atm and whole refuse the key anyway.
    public var pointAgain = PointAgain.move
    /// Natural mode: what `<enter>` does to the fraction.
    public var onLeave = OnLeave.pad
    /// Natural mode: what focus coming back after `<enter>` does to the fraction.
    public var onFocus = OnFocus.keep
    /// Natural mode: whether the fraction shows padded while typing.
    public var whileTyping = WhileTyping.keep

    /// Every setting at its default: en_US, USD, atm.
    public init() {}
}

/// Everything about a field except what has been typed into it: its settings, checked. Each
/// setting reads as a property of its own (`configuration.mode`).
@dynamicMemberLookup
public struct FieldConfiguration: Sendable, Equatable {
    /// The `maxDigits` a field can have: 1 to 30.
    public static let maxDigitsRange = 1...30
    /// The `maxDigits` of a field that sets none.
    public static var defaultMaxDigits: Int { FieldSettings().maxDigits }
    /// The `decimals` a field can set: 0 to 6 fraction digits.
    public static let decimalsRange = 0...6

    /// The settings, checked: the locale canonical, the currency upper-case, the limits plain.
    public internal(set) var settings: FieldSettings
    /// The largest amount the field takes; nil for none.
    public let maximum: ExactDecimal?
    /// The smallest amount the field takes; nil for none.
    public let minimum: ExactDecimal?

    /// A setting (`configuration.mode`, `configuration.decimals`).
    public subscript<Value>(dynamicMember path: KeyPath<FieldSettings, Value>) -> Value { settings[keyPath: path] }

    /// A configuration from ICU identifiers and plain limits, with what `adjust` sets on top of the
    /// defaults: `FieldConfiguration(locale: "de_DE", currency: "EUR") { $0.mode = .natural }`.
    public init(
        locale: String = LocaleCatalog.defaultIdentifier, currency: String = CurrencyCatalog.defaultCode,
        _ adjust: (inout FieldSettings) -> Void = { _ in }
    ) throws(FieldError) {
        var settings = FieldSettings()
        settings.locale = locale
        settings.currency = currency
        adjust(&settings)
        try self.init(settings)
    }

    /// A configuration from Foundation's own types, as an app holds them (`Locale.current`,
    /// `Locale.Currency("EUR")`), with what `adjust` sets on top of the defaults.
    public init(locale: Locale, currency: Locale.Currency, _ adjust: (inout FieldSettings) -> Void = { _ in }) throws(FieldError) {
        try self.init(locale: locale.identifier, currency: currency.identifier, adjust)
    }

    /// `settings`, checked: an unknown locale or currency, a setting out of its range, an
    /// unreadable limit or limits no amount fits between are errors.
    public init(_ settings: FieldSettings) throws(FieldError) {
        // A number format has no accounting form: ICU's `($12.50)` is a currency pattern.
        if settings.display == .none && settings.accounting { throw .accountingNeedsCurrency }
        var checked = settings
        checked.locale = try LocaleCatalog.canonical(settings.locale)
        checked.currency = try CurrencyCatalog.canonical(settings.currency)
        if let decimals = settings.decimals, !Self.decimalsRange.contains(decimals) {
            throw .settingOutOfRange(FieldSetting(\.decimals), value: decimals, allowed: Self.decimalsRange)
        }
        guard Self.maxDigitsRange.contains(settings.maxDigits) else {
            throw .settingOutOfRange(FieldSetting(\.maxDigits), value: settings.maxDigits, allowed: Self.maxDigitsRange)
        }
        // The setting is named only when it is at fault: a key path is made at its first use, a
        // cost every field's creation would pay otherwise.
        func limit(_ text: String?, _ setting: @autoclosure () -> FieldSetting) throws(FieldError) -> ExactDecimal? {
            guard let text else { return nil }
            guard let value = ExactDecimal(plain: text) else { throw .unreadableLimit(setting(), text) }
            return value
        }
        maximum = try limit(settings.maximum, FieldSetting(\.maximum))
        minimum = try limit(settings.minimum, FieldSetting(\.minimum))
        checked.maximum = maximum?.description
        checked.minimum = minimum?.description
        self.settings = checked
        if let low = minimum, let high = maximum, low > high {
            throw .minimumAboveMaximum(minimum: low.description, maximum: high.description)
        }
        try checkLimitsHoldAnAmount()
    }

    /// `f`: the fraction digits of the amount (the override, else what ICU uses for the currency).
    public var fractionDigits: Int { settings.decimals ?? CurrencyCatalog.fractionDigits(for: settings.currency) }

    /// Fraction digits the amount may carry: `f`, none in whole mode (natural mode shows those typed).
    public var shownFractionDigits: Int { self.mode == .whole ? 0 : fractionDigits }

    /// Whether `<enter>`, the field losing focus, can change what it shows: natural mode settles
    /// its fraction, and `emptyShows` `.symbolWhenFocused` clears an empty field's symbol. (Whether
    /// focus *coming back* can show is narrower; `press(_:)` tracks that on its own fast path.)
    public var leavingCanShow: Bool { self.mode == .natural || self.emptyShows == .symbolWhenFocused }

    /// What sets `shownFractionDigits`, for messages.
    package var fractionDigitsRule: FractionDigitsRule {
        self.mode == .whole ? .wholeMode : settings.decimals != nil ? .decimalsSetting : .currency(self.currency)
    }

    /// The format this field's amounts are written in: `FormatKey(_:fractionDigits:)` picks the
    /// settings that change how an amount is written (the option table's `changesFormat`, held to
    /// it by a coverage test); mode and decimals act through the fraction digits shown.
    @_spi(Benchmarks) public var formatKey: FormatKey {
        FormatKey(settings, fractionDigits: shownFractionDigits)
    }
}

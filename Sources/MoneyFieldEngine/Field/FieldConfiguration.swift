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
    /// The fraction shows padded to `f` from the first digit (`$1.00` after `1`), fraction digits
    /// typed over the padding: react-number-format's `fixedDecimalScale`. Only the display: the
    /// caret stays among the units typed.
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

/// Everything about a field except what has been typed into it.
public struct FieldConfiguration: Sendable, Equatable {
    /// The `maxDigits` a field can have: 1 to 30.
    public static let maxDigitsRange = 1...30
    /// The `maxDigits` of a field that sets none.
    public static let defaultMaxDigits = 12
    /// The `decimals` a field can set: 0 to 6 fraction digits.
    public static let decimalsRange = 0...6

    /// A canonical ICU identifier (`de_DE`, `ar_EG@numbers=latn`).
    public internal(set) var locale: String
    /// An upper-case ISO 4217 code.
    public internal(set) var currency: String
    /// How digits become an amount (`atm` unless set).
    public let mode: EntryMode
    /// Replaces the currency's own fraction digits.
    public let decimalsOverride: Int?
    /// The most digits the field holds (`12345.67` has 7).
    public let maxDigits: Int
    /// The largest amount the field takes; nil for none.
    public let maximum: ExactDecimal?
    /// The smallest amount the field takes; nil for none.
    public let minimum: ExactDecimal?
    /// Whether the field takes negative amounts (the minus key, a negative `set`).
    public let allowsNegative: Bool
    /// Negative amounts in ICU's accounting form (`($12.50)` in en_US).
    public let accounting: Bool
    /// How the currency is shown (`$12.34`, `USD 12.34`, or no currency).
    public let display: DisplayStyle
    /// A positive zero shows nothing: an empty field, as forms want before anything is typed.
    public let emptyWhenZero: Bool
    /// Deleting can empty the field; nil: a delete on zero is refused.
    public let emptiable: Emptiable?
    /// What an empty field shows.
    public let emptyShows: EmptyShows
    /// A new field (and a cleared one) is empty, as an input with no value; a typed zero shows zero.
    public let startsEmpty: Bool
    /// Natural mode's decimal key once the point is typed; atm and whole refuse the key anyway.
    public let pointAgain: PointAgain
    /// Natural mode: what `<enter>` does to the fraction.
    public let onLeave: OnLeave
    /// Natural mode: what focus coming back after `<enter>` does to the fraction.
    public let onFocus: OnFocus
    /// Natural mode: whether the fraction shows padded while typing.
    public let whileTyping: WhileTyping

    /// A configuration from ICU identifiers (`de_DE`, `EUR`) and limits as plain text (`1000`, `99.95`).
    public init(
        locale: String = LocaleCatalog.defaultIdentifier, currency: String = CurrencyCatalog.defaultCode, mode: EntryMode = .atm, decimals: Int? = nil,
        maxDigits: Int = defaultMaxDigits, maximum: String? = nil, minimum: String? = nil,
        allowsNegative: Bool = false, accounting: Bool = false, display: DisplayStyle = .symbol, emptyWhenZero: Bool = false,
        emptiable: Emptiable? = nil, emptyShows: EmptyShows = .nothing, startsEmpty: Bool = false, pointAgain: PointAgain = .move,
        onLeave: OnLeave = .pad, onFocus: OnFocus = .keep, whileTyping: WhileTyping = .keep
    ) throws(FieldError) {
        try self.init(
            everySetting: locale, currency: currency, mode: mode, decimals: decimals, maxDigits: maxDigits, maximum: maximum,
            minimum: minimum, allowsNegative: allowsNegative, accounting: accounting, display: display,
            emptyWhenZero: emptyWhenZero, emptiable: emptiable, emptyShows: emptyShows, startsEmpty: startsEmpty, pointAgain: pointAgain,
            onLeave: onLeave, onFocus: onFocus, whileTyping: whileTyping)
    }

    /// The designated initializer: every setting and no default, so a new setting does not compile
    /// until each caller passes it (the public initializers, and the shell's option table).
    package init(
        everySetting locale: String, currency: String, mode: EntryMode, decimals: Int?, maxDigits: Int, maximum: String?,
        minimum: String?, allowsNegative: Bool, accounting: Bool, display: DisplayStyle, emptyWhenZero: Bool,
        emptiable: Emptiable?, emptyShows: EmptyShows, startsEmpty: Bool, pointAgain: PointAgain, onLeave: OnLeave, onFocus: OnFocus,
        whileTyping: WhileTyping
    ) throws(FieldError) {
        // A number format has no accounting form: ICU's `($12.50)` is a currency pattern.
        if display == .none && accounting { throw .accountingNeedsCurrency }
        self.display = display
        self.emptyWhenZero = emptyWhenZero
        self.emptiable = emptiable
        self.emptyShows = emptyShows
        self.startsEmpty = startsEmpty
        self.pointAgain = pointAgain
        self.onLeave = onLeave
        self.onFocus = onFocus
        self.whileTyping = whileTyping
        self.locale = try LocaleCatalog.canonical(locale)
        self.currency = try CurrencyCatalog.canonical(currency)
        self.mode = mode
        if let decimals, !Self.decimalsRange.contains(decimals) {
            throw .settingOutOfRange(.decimals, value: decimals, allowed: Self.decimalsRange)
        }
        self.decimalsOverride = decimals
        guard Self.maxDigitsRange.contains(maxDigits) else {
            throw .settingOutOfRange(.maxDigits, value: maxDigits, allowed: Self.maxDigitsRange)
        }
        self.maxDigits = maxDigits
        self.allowsNegative = allowsNegative
        self.accounting = accounting
        func limit(_ text: String?, _ setting: FieldSetting) throws(FieldError) -> ExactDecimal? {
            guard let text else { return nil }
            guard let value = ExactDecimal(plain: text) else { throw .unreadableLimit(setting, text) }
            return value
        }
        self.maximum = try limit(maximum, .maximum)
        self.minimum = try limit(minimum, .minimum)
        if let low = self.minimum, let high = self.maximum, low > high {
            throw .minimumAboveMaximum(minimum: low.description, maximum: high.description)
        }
        try checkLimitsHoldAnAmount()
    }

    /// A configuration from Foundation's own types, as an app holds them (`Locale.current`,
    /// `Locale.Currency("EUR")`, limits as `Decimal`s), with every option a field has.
    public init(
        locale: Locale, currency: Locale.Currency, mode: EntryMode = .atm, decimals: Int? = nil,
        maxDigits: Int = defaultMaxDigits, maximum: Decimal? = nil, minimum: Decimal? = nil,
        allowsNegative: Bool = false, accounting: Bool = false, display: DisplayStyle = .symbol, emptyWhenZero: Bool = false,
        emptiable: Emptiable? = nil, emptyShows: EmptyShows = .nothing, startsEmpty: Bool = false, pointAgain: PointAgain = .move,
        onLeave: OnLeave = .pad, onFocus: OnFocus = .keep, whileTyping: WhileTyping = .keep
    ) throws(FieldError) {
        // `Decimal.description` is plain and locale-free (`-250.5`); NaN is an unreadable limit.
        try self.init(
            everySetting: locale.identifier, currency: currency.identifier, mode: mode, decimals: decimals, maxDigits: maxDigits,
            maximum: maximum.map(\.description), minimum: minimum.map(\.description),
            allowsNegative: allowsNegative, accounting: accounting, display: display, emptyWhenZero: emptyWhenZero,
            emptiable: emptiable, emptyShows: emptyShows, startsEmpty: startsEmpty, pointAgain: pointAgain,
            onLeave: onLeave, onFocus: onFocus, whileTyping: whileTyping)
    }

    /// `f`: the fraction digits of the amount (the override, else what ICU uses for the currency).
    public var fractionDigits: Int { decimalsOverride ?? CurrencyCatalog.fractionDigits(for: currency) }

    /// Fraction digits the amount may carry: `f`, none in whole mode (natural mode shows those typed).
    public var shownFractionDigits: Int { mode == .whole ? 0 : fractionDigits }

    /// What sets `shownFractionDigits`, for messages.
    package var fractionDigitsRule: FractionDigitsRule {
        mode == .whole ? .wholeMode : decimalsOverride != nil ? .decimalsSetting : .currency(currency)
    }

    var formatKey: FormatKey {
        FormatKey(locale: locale, currency: currency, fractionDigits: shownFractionDigits, accounting: accounting, display: display)
    }
}

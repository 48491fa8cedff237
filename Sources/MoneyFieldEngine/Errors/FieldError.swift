/// Why a key was refused; the state stays exactly as it was.
///
/// Data with English text (`description`, `errorDescription`) that names no shell flag: what
/// setting would have allowed it is `allowedBy`, for a caller to say in its own terms.
public enum Rejection: Error, Equatable, Sendable {
    /// The key would make more digits than `maxDigits` (`limit`) allows.
    case tooManyDigits(limit: Int)
    /// The key would take the amount above the maximum, given as plain text (`1000`).
    case aboveMaximum(String)
    /// The key would take the amount below the minimum, given as plain text (`10`).
    case belowMinimum(String)
    /// Backspace with no digit left of the caret to delete.
    case nothingToDelete
    /// Delete with the caret at the end: no digit right of it to delete.
    case nothingToDeleteForward
    /// A move left with the caret already at the start.
    case caretAtStart
    /// A move right with the caret already at the end.
    case caretAtEnd
    /// A minus in a field that takes no negative amounts (`allowsNegative` is off).
    case negativeNotAllowed
    /// `.digit(v)` with `v` above 9: no such key.
    case notADigit(UInt8)
    /// `<plus>` on an amount that is not negative.
    case alreadyPositive
    /// An edit event's text holds something other than digits or one minus sign.
    case notInsertable(String)
    /// Natural mode: more fraction digits after the point than the field takes.
    case fractionFull(limit: Int)
    /// The decimal key in a field whose point is implied (atm) or absent (whole).
    case decimalKeyNeedsNaturalMode
    /// A sign on a field emptied by deleting: there is no amount to sign.
    case fieldEmpty
    /// Natural mode with `pointAgain` `.ignore`: the decimal key once the point is typed.
    case pointAlreadyTyped
    /// Natural mode: a point typed with more digits right of the caret than the fraction takes
    /// (or in a field with no fraction digits, JPY): no fraction was typed, the point was.
    case pointWouldOverflowFraction(limit: Int)
}

/// A change to a field that cannot be made; the field stays as it was.
public enum FieldError: Error, Equatable, Sendable {
    /// An identifier that names no locale ICU lists; `near` is what the catalog knows it may mean.
    case unknownLocale(String, near: LocaleCandidates)
    /// A `numbers=` keyword naming no numbering system ICU knows (`LocaleCatalog.numberingSystems`).
    case unknownNumberingSystem(String)
    /// A numbering system that writes no decimal digits (`roman`), which currency formats ignore.
    case algorithmicNumberingSystem(String)
    /// No ISO 4217 code ICU lists (`CurrencyCatalog.codes`).
    case unknownCurrency(String)
    /// Text that reads as no amount, neither plain (`1234.50`) nor as `locale` formats it.
    case unreadableAmount(String, locale: String)
    /// An amount with more fraction digits than the field takes (`allowed`); `because` says what sets them.
    case tooManyFractionDigits(String, allowed: Int, because: FractionDigitsRule)
    /// A currency change the amount does not fit unrounded (`12.34` into JPY's 0 fraction digits).
    case amountNeedsRounding(String, currency: String, allowed: Int)
    /// An amount that needs more digits than `maxDigits` (`limit`) allows.
    case tooManyDigits(String, limit: Int)
    /// A plain amount (`1.234`) whose point the locale writes as grouping (de_DE): more fraction
    /// digits than the field takes; `asGrouped` writes the amount it looks like, in the locale and plain.
    case pointReadAsDecimal(String, allowed: Int, because: FractionDigitsRule, asGrouped: [String])
    /// An amount above the maximum or below the minimum; the `Rejection` says which.
    case outsideLimits(String, Rejection)
    /// A negative amount for a field that takes none (`allowsNegative` is off).
    case negativeNotAllowed(String)
    /// A numeric setting outside what a field supports.
    case settingOutOfRange(FieldSetting, value: Int, allowed: ClosedRange<Int>)
    /// A maximum or minimum given as something other than a plain amount.
    case unreadableLimit(FieldSetting, String)
    /// A minimum above the maximum, both as plain text (`100`, `10`).
    case minimumAboveMaximum(minimum: String, maximum: String)
    /// `accounting` with a `.none` display: the accounting form belongs to currency formats.
    case accountingNeedsCurrency
    /// No amount with this many fraction digits (and the field's digit limit) lies within the limits.
    case noAmountWithinLimits(minimum: String?, maximum: String?, fractionDigits: Int)
    /// A `FieldState` built from values no field can hold; `InvalidState` says which.
    case invalidState(InvalidState)
    /// A pasted amount (text with a separator, a sign or a currency) into a field that holds one
    /// and is not wholly selected: an amount is read whole, never typed digit by digit.
    case amountIntoAmount(String)
    /// `set(_: Decimal)` with NaN: a `Decimal` that is no amount at all.
    case notAFiniteAmount
    /// A UTF-16 offset (a tap, a selection) beyond the display.
    case offsetOutsideDisplay(Int, length: Int)
}

/// What an unknown locale identifier may have meant, as the catalog knows it: data, not a guess.
/// Ranking names by spelling is a caller's choice; the shell makes it.
public enum LocaleCandidates: Equatable, Sendable {
    /// Nothing to point at: not an identifier, or the root locale.
    case none
    /// The one identifier that would be read as meant: `en_US@numbers=latn` for `en_US@numbers`.
    case exactly(String)
    /// The listed locales of the typed identifier's language under likely subtags (`zh_XX` → the
    /// Chinese ones); `typed` is the identifier as ICU spells it.
    case sameLanguage(typed: String, locales: [String])
    /// A language no listed locale has: any listed locale may be meant.
    case anyLanguage(typed: String)
}

/// What sets how many fraction digits a field takes.
public enum FractionDigitsRule: Equatable, Sendable {
    /// The currency's own minor units (ISO 4217 through ICU).
    case currency(String)
    /// A `decimals` setting that overrides the currency's.
    case decimalsSetting
    /// Whole mode, which takes whole units only.
    case wholeMode
}

/// A field's setting, by where `FieldSettings` declares it (`FieldSetting(\.maxDigits)`): what an
/// error names, the one at fault or the one that would allow it. `FieldSettings` is the list of
/// them; nothing else repeats it.
public struct FieldSetting: Hashable, Sendable, CustomStringConvertible {
    /// The setting's place in `FieldSettings`.
    public let path: PartialKeyPath<FieldSettings> & Sendable

    /// The setting at `path`, a stored property of `FieldSettings` (`\.maxDigits`).
    public init(_ path: PartialKeyPath<FieldSettings> & Sendable) { self.path = path }

    /// The property's name as `FieldSettings` declares it (`maxDigits`).
    public var description: String {
        let written = String(describing: path as AnyKeyPath)
        return written.split(separator: ".").last.map(String.init) ?? written
    }

    /// The same setting: the same key path.
    public static func == (left: Self, right: Self) -> Bool { left.path as AnyKeyPath == right.path as AnyKeyPath }
    /// Hashes the key path, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(path as AnyKeyPath) }
}

/// The setting (and, where it takes one, the value) that would have allowed what was refused.
public struct SettingRemedy: Sendable, Equatable {
    /// The setting to change (`allowsNegative`).
    public let setting: FieldSetting
    /// The value to give it, where it takes one (`natural` for `.mode`); nil when naming it is enough.
    public let value: String?

    /// A remedy naming `setting` and, where it takes one, its `value`.
    public init(_ setting: PartialKeyPath<FieldSettings> & Sendable, _ value: String? = nil) {
        self.setting = FieldSetting(setting)
        self.value = value
    }
}

/// What is wrong with a `FieldState` built from outside.
public enum InvalidState: Equatable, Sendable {
    /// A digit value above 9 (`value`) at index `position` of the digits.
    case notADigit(value: Int, position: Int)
    /// More significant digits (`count`) than any field holds (`limit`, the top of `maxDigitsRange`).
    case tooManyDigits(count: Int, limit: Int)
    /// A `caretSlotsFromEnd` below 0, where no caret can stand.
    case negativeCaret(Int)
}

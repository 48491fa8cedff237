/// Why a key was refused; the state stays exactly as it was.
///
/// Data with English text (`description`, `errorDescription`) that names no shell flag: what
/// setting would have allowed it is `allowedBy`, for a caller to say in its own terms.
public enum Rejection: Error, Equatable, Sendable {
    case tooManyDigits(limit: Int)
    case aboveMaximum(String)
    case belowMinimum(String)
    case nothingToDelete
    case nothingToDeleteForward
    case caretAtStart
    case caretAtEnd
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
    case unreadableAmount(String, locale: String)
    case tooManyFractionDigits(String, allowed: Int, because: FractionDigitsRule)
    case amountNeedsRounding(String, currency: String, allowed: Int)
    case tooManyDigits(String, limit: Int)
    /// A plain amount (`1.234`) whose point the locale writes as grouping (de_DE): more fraction
    /// digits than the field takes; `asGrouped` writes the amount it looks like, in the locale and plain.
    case pointReadAsDecimal(String, allowed: Int, because: FractionDigitsRule, asGrouped: [String])
    case outsideLimits(String, Rejection)
    case negativeNotAllowed(String)
    /// A numeric setting outside what a field supports.
    case settingOutOfRange(FieldSetting, value: Int, allowed: ClosedRange<Int>)
    /// A maximum or minimum given as something other than a plain amount.
    case unreadableLimit(FieldSetting, String)
    case minimumAboveMaximum(minimum: String, maximum: String)
    /// `accounting` with a `.none` display: the accounting form belongs to currency formats.
    case accountingNeedsCurrency
    /// No amount with this many fraction digits (and the field's digit limit) lies within the limits.
    case noAmountWithinLimits(minimum: String?, maximum: String?, fractionDigits: Int)
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

/// A field's settings, so an error can name the one at fault or the one that would allow it.
public enum FieldSetting: String, Sendable, Equatable, CaseIterable {
    case locale, currency, mode, decimals, maxDigits, maximum, minimum, allowsNegative, accounting, display
    case emptyWhenZero, emptiable, emptyShows, startsEmpty, pointAgain, onLeave, onFocus
}

/// The setting (and, where it takes one, the value) that would have allowed what was refused.
public struct SettingRemedy: Sendable, Equatable {
    public let setting: FieldSetting
    public let value: String?

    public init(_ setting: FieldSetting, _ value: String? = nil) {
        self.setting = setting
        self.value = value
    }
}

/// What is wrong with a `FieldState` built from outside.
public enum InvalidState: Equatable, Sendable {
    case notADigit(value: Int, position: Int)
    case tooManyDigits(count: Int, limit: Int)
    case negativeCaret(Int)
}

import Foundation

// The engine's errors in English, for `print(error)` in an app and for the shell: one set of
// sentences, each naming a setting by what the reader knows it as (`text(naming:)`): here the
// initializer's parameter (`maxDigits`), in the shell the option (`--max-digits`). The shell adds
// the option that would allow it (`allowedBy`) and its own commands. No shell flag is named here.

extension Rejection: CustomStringConvertible, LocalizedError {
    /// English text for the user: `at most 12 digits`.
    public var description: String { text(showing: { $0 }) }

    /// The English text, each piece of the user's text written by `visible` (the shell makes
    /// invisible characters visible there).
    public func text(showing visible: (String) -> String) -> String {
        switch self {
        case .tooManyDigits(let limit): "at most \(limit) digits"
        case .aboveMaximum(let maximum): "above the maximum \(maximum)"
        case .belowMinimum(let minimum): "below the minimum \(minimum)"
        case .nothingToDelete: "nothing to delete left of the caret"
        case .nothingToDeleteForward: "nothing to delete right of the caret"
        case .caretAtStart: "the caret is already at the start"
        case .caretAtEnd: "the caret is already at the end"
        case .negativeNotAllowed: "this field takes no negative amounts"
        case .notADigit(let value): "\(value) is not a digit"
        case .alreadyPositive: "the amount is already positive"
        case .notInsertable(let text):
            "\"\(visible(text))\" cannot go into the field: only digits (in natural mode also a decimal separator), or one minus sign to change the sign"
        case .fractionFull(let limit):
            "the fraction is full: \(limit) digit\(limit == 1 ? "" : "s") after the point at most"
        case .pointWouldOverflowFraction(let limit):
            limit == 0 ? "this field has no fraction digits: it takes no decimal point"
                : "a point here would leave more than \(limit) digit\(limit == 1 ? "" : "s") after it: type it at most \(limit) from the end"
        case .decimalKeyNeedsNaturalMode: "the decimal key needs a natural-mode field; this one places the point itself"
        case .fieldEmpty: "the field is empty: type a digit before the sign"
        case .pointAlreadyTyped: "the point is already typed"
        }
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// The setting that would have let the key in, if one would.
    public var allowedBy: SettingRemedy? {
        switch self {
        case .tooManyDigits: SettingRemedy(\.maxDigits)
        case .aboveMaximum: SettingRemedy(\.maximum)
        case .belowMinimum: SettingRemedy(\.minimum)
        case .negativeNotAllowed: SettingRemedy(\.allowsNegative)
        case .decimalKeyNeedsNaturalMode: SettingRemedy(\.mode, EntryMode.natural.rawValue)
        case .pointAlreadyTyped: SettingRemedy(\.pointAgain, PointAgain.move.rawValue)
        case .nothingToDelete, .nothingToDeleteForward, .caretAtStart, .caretAtEnd, .notADigit, .alreadyPositive,
             .notInsertable, .fractionFull, .fieldEmpty, .pointWouldOverflowFraction:
            nil
        }
    }
}

extension FieldError: CustomStringConvertible, LocalizedError {
    /// English text for the user: `unknown currency "XYZ"`; a setting named as `FieldConfiguration`'s
    /// initializer names it (`minimum 5 is above maximum 3`).
    public var description: String { text(naming: \.description) }

    /// The English text, each setting named by `name` (the shell passes its option's spelling),
    /// each piece of the user's text written by `visible` (the shell makes invisible characters visible).
    public func text(naming name: (FieldSetting) -> String, showing visible: (String) -> String = { $0 }) -> String {
        switch self {
        case .unknownLocale(let input, _): "unknown locale \"\(visible(input))\""
        case .unknownNumberingSystem(let input): "unknown numbering system \"\(visible(input))\""
        case .algorithmicNumberingSystem(let system):
            "the numbering system \"\(visible(system))\" has no decimal digits, and currency formats ignore it; use one with digits (latn, arab, thai, hanidec …)"
        case .unknownCurrency(let input): "unknown currency \"\(visible(input))\""
        case .unreadableAmount(let input, let locale):
            "cannot read \"\(visible(input))\" as an amount; write it plain (1234.50, -0.05) or as \(locale) formats it"
        case .tooManyFractionDigits(let input, let allowed, let rule):
            switch rule {
            case .currency(let currency): "\(visible(input)) has more fraction digits than \(currency) takes (\(allowed))"
            case .decimalsSetting: "\(visible(input)) has more fraction digits than this field's \(name(FieldSetting(\.decimals))) \(allowed)"
            case .wholeMode: "\(visible(input)) has a fraction, and a whole-mode field takes whole units only"
            }
        case .pointReadAsDecimal(let input, let allowed, let rule, let asGrouped):
            FieldError.tooManyFractionDigits(input, allowed: allowed, because: rule).text(naming: name, showing: visible)
                + "; a plain amount uses . as the decimal point"
                + (asGrouped.isEmpty ? "" : ": write \(asGrouped.dropLast().joined(separator: ", ")) or \(asGrouped.last!)")
        case .amountNeedsRounding(let amount, let currency, let allowed):
            "\(amount) does not fit \(currency), which takes \(allowed) fraction digit\(allowed == 1 ? "" : "s"); round it (half-even) to change anyway"
        case .tooManyDigits(let amount, let limit):
            "\(amount) needs more than \(limit) digits"
        case .outsideLimits(let amount, let reason):
            "\(amount) is \(reason.description)"
        case .negativeNotAllowed(let amount):
            "\(amount) is negative; this field takes no negative amounts"
        case .settingOutOfRange(let setting, let value, let allowed):
            "\(name(setting)) takes \(allowed.lowerBound) to \(allowed.upperBound), not \(value)"
        case .unreadableLimit(let setting, let text):
            "\(name(setting)) takes a plain amount such as 1000 or 99.95, not \"\(visible(text))\""
        case .minimumAboveMaximum(let minimum, let maximum):
            "\(name(FieldSetting(\.minimum))) \(minimum) is above \(name(FieldSetting(\.maximum))) \(maximum); swap them"
        case .accountingNeedsCurrency:
            "\(name(FieldSetting(\.accounting))) needs a currency display: ICU's accounting form is a currency pattern; leave out \(name(FieldSetting(\.display))) none or \(name(FieldSetting(\.accounting)))"
        case .noAmountWithinLimits(let minimum, let maximum, let fractionDigits):
            "no amount with \(fractionDigits) fraction digit\(fractionDigits == 1 ? "" : "s") lies within "
                + [minimum.map { "\(name(FieldSetting(\.minimum))) \($0)" }, maximum.map { "\(name(FieldSetting(\.maximum))) \($0)" }].compactMap { $0 }.joined(separator: " and ")
                + "; widen the limits, or give \(name(FieldSetting(\.decimals))) or \(name(FieldSetting(\.allowsNegative)))"
        case .invalidState(let problem):
            switch problem {
            case .notADigit(let value, let position): "digit \(position) is \(value), not a digit 0-9"
            case .tooManyDigits(let count, let limit): "\(count) digits; a field holds at most \(limit)"
            case .negativeCaret(let caret): "caret \(caret) is before the end of the digits"
            }
        case .offsetOutsideDisplay(let offset, let length):
            "offset \(offset) is outside the display (0 to \(length) UTF-16 units)"
        case .notAFiniteAmount:
            "the Decimal is NaN, not an amount; set a finite Decimal"
        case .amountIntoAmount(let text):
            "\"\(visible(text))\" is an amount, which pastes whole into a zero or wholly selected field only (its digits typed here would change its size); select all first, or set it"
        }
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }

    /// The setting that would have allowed the change, if one would.
    public var allowedBy: SettingRemedy? {
        switch self {
        case .tooManyDigits: SettingRemedy(\.maxDigits)
        case .outsideLimits(_, let reason): reason.allowedBy
        case .negativeNotAllowed: SettingRemedy(\.allowsNegative)
        case .unknownLocale, .unknownNumberingSystem, .algorithmicNumberingSystem, .unknownCurrency, .unreadableAmount,
             .tooManyFractionDigits, .pointReadAsDecimal, .amountNeedsRounding, .settingOutOfRange, .unreadableLimit,
             .minimumAboveMaximum, .accountingNeedsCurrency, .noAmountWithinLimits, .invalidState, .offsetOutsideDisplay, .amountIntoAmount, .notAFiniteAmount:
            nil
        }
    }
}

extension MoneyField.EditFailure: CustomStringConvertible, LocalizedError {
    /// The English text of the error or rejection inside (`at most 12 digits`).
    public var description: String {
        switch self {
        case .field(let error): error.description
        case .rejected(let rejection): rejection.description
        }
    }

    /// The same text as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}

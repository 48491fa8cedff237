import MoneyFieldEngine

/// The shell's words for the engine's refusals: what went wrong, and the command or flag that helps.
extension Rejection {
    public var words: String {
        switch self {
        case .tooManyDigits(let limit): "at most \(limit) digits (--max-digits)"
        case .aboveMaximum(let maximum): "above the maximum \(maximum) (--max)"
        case .belowMinimum(let minimum): "below the minimum \(minimum) (--min)"
        case .nothingToDelete: "nothing to delete left of the caret"
        case .nothingToDeleteForward: "nothing to delete right of the caret"
        case .caretAtStart: "the caret is already at the start"
        case .caretAtEnd: "the caret is already at the end"
        case .negativeNotAllowed: "this field takes no negative amounts (create it with --allow-negative)"
        case .notADigit(let value): "\(value) is not a digit"
        case .alreadyPositive: "the amount is already positive"
        case .notInsertable(let text):
            "\"\(text)\" cannot go into the field: only digits (in natural mode also a decimal separator), or one minus sign to change the sign"
        case .fractionFull(let limit):
            limit == 0 ? "this field's currency has no fraction digits: nothing can follow the point (<bs> removes it)"
                : "the fraction is full: \(limit) digit\(limit == 1 ? "" : "s") after the point at most"
        case .decimalKeyNeedsNaturalMode: "the decimal key needs a natural-mode field (new NAME --mode natural); this one places the point itself"
        case .fieldEmpty: "the field is empty: type a digit before the sign"
        }
    }
}

extension FieldError {
    /// Where the words are read: at the prompt the listing commands are `locales FILTER` and
    /// `currencies FILTER`; on the command line they are run through `moneyfield -c`.
    public enum Place: Sendable {
        case prompt, commandLine

        func listing(_ command: String) -> String {
            self == .prompt ? "`\(command) FILTER`" : "`moneyfield -c \"\(command) FILTER\"`"
        }
    }

    public var words: String { words(at: .prompt) }

    public func words(at place: Place) -> String {
        switch self {
        case .unknownLocale(let input, let suggestions):
            "unknown locale \"\(input)\"\(Suggestions.didYouMean(suggestions)) (\(place.listing("locales")) lists them)"
        case .unknownNumberingSystem(let input, let suggestions):
            "unknown numbering system \"\(input)\"\(Suggestions.didYouMean(suggestions))"
        case .algorithmicNumberingSystem(let system):
            "the numbering system \"\(system)\" has no decimal digits, and currency formats ignore it; use one with digits (latn, arab, thai, hanidec …)"
        case .unknownCurrency(let input, let suggestions):
            "unknown currency \"\(input)\"\(Suggestions.didYouMean(suggestions)) (\(place.listing("currencies")) lists ISO 4217 codes)"
        case .unreadableAmount(let input, let locale):
            "cannot read \"\(input)\" as an amount; write it plain (1234.50, -0.05) or as \(locale) formats it"
        case .tooManyFractionDigits(let input, let allowed, let rule):
            switch rule {
            case .currency(let currency): "\(input) has more fraction digits than \(currency) takes (\(allowed))"
            case .decimalsSetting: "\(input) has more fraction digits than this field's --decimals \(allowed)"
            case .wholeMode: "\(input) has a fraction, and a whole-mode field takes whole units only"
            }
        case .amountNeedsRounding(let amount, let currency, let allowed):
            "\(amount) does not fit \(currency), which takes \(allowed) fraction digit\(allowed == 1 ? "" : "s"); add --round to round half-even"
        case .tooManyDigits(let amount, let limit):
            "\(amount) needs more than \(limit) digits (--max-digits)"
        case .outsideLimits(let amount, let reason):
            "\(amount) is \(reason.words)"
        case .negativeNotAllowed(let amount):
            "\(amount) is negative; this field takes no negative amounts (create it with --allow-negative)"
        case .settingOutOfRange(let setting, let value, let allowed):
            "\(setting.option) takes \(allowed.lowerBound) to \(allowed.upperBound), not \(value)"
        case .unreadableLimit(let setting, let text):
            "\(setting.option) takes a plain amount such as 1000 or 99.95, not \"\(text)\""
        case .minimumAboveMaximum(let minimum, let maximum):
            "--min \(minimum) is above --max \(maximum); swap them"
        case .accountingNeedsCurrency:
            "--accounting needs a currency display: ICU's accounting form is a currency pattern; leave out --display none or --accounting"
        case .noAmountWithinLimits(let minimum, let maximum, let fractionDigits):
            "no amount with \(fractionDigits) fraction digit\(fractionDigits == 1 ? "" : "s") lies within "
                + [minimum.map { "--min \($0)" }, maximum.map { "--max \($0)" }].compactMap { $0 }.joined(separator: " and ")
                + "; widen the limits, or give --decimals or --allow-negative"
        case .invalidState(let problem):
            switch problem {
            case .notADigit(let value, let position): "digit \(position) is \(value), not a digit 0-9"
            case .tooManyDigits(let count, let limit): "\(count) digits; a field holds at most \(limit)"
            case .negativeCaret(let caret): "caret \(caret) is before the end of the digits"
            }
        case .offsetOutsideDisplay(let offset, let length):
            "offset \(offset) is outside the display (0 to \(length) UTF-16 units)"
        }
    }
}

extension FieldSetting {
    /// The option of `new` that sets it.
    var option: String {
        switch self {
        case .decimals: "--decimals"
        case .maxDigits: "--max-digits"
        case .maximum: "--max"
        case .minimum: "--min"
        }
    }
}

import Foundation

/// Why a key was refused; the state stays exactly as it was.
public enum Rejection: Error, Equatable, Sendable, CustomStringConvertible {
    case tooManyDigits(limit: Int)
    case aboveMaximum(String)
    case belowMinimum(String)
    case nothingToDelete
    case nothingToDeleteForward
    case caretAtStart
    case caretAtEnd
    case negativeNotAllowed

    public var description: String {
        switch self {
        case .tooManyDigits(let limit): "at most \(limit) digits (--max-digits)"
        case .aboveMaximum(let maximum): "above the maximum \(maximum) (--max)"
        case .belowMinimum(let minimum): "below the minimum \(minimum) (--min)"
        case .nothingToDelete: "nothing to delete left of the caret"
        case .nothingToDeleteForward: "nothing to delete right of the caret"
        case .caretAtStart: "the caret is already at the start"
        case .caretAtEnd: "the caret is already at the end"
        case .negativeNotAllowed: "this field takes no negative amounts (create it with --allow-negative)"
        }
    }
}

/// A command on a field that cannot be carried out; each message says what to do instead.
public enum FieldError: Error, Equatable, Sendable, LocalizedError {
    case unknownLocale(String, suggestions: [String])
    case unknownNumberingSystem(String, suggestions: [String])
    case unknownCurrency(String, suggestions: [String])
    case unreadableAmount(String, locale: String)
    case tooManyFractionDigits(String, currency: String, allowed: Int)
    case amountNeedsRounding(String, currency: String, allowed: Int)
    case tooManyDigits(String, limit: Int)
    case outsideLimits(String, Rejection)
    case negativeNotAllowed(String)
    case invalidSetting(String)
    case nothingToUndo
    case nothingToRedo

    public var errorDescription: String? {
        switch self {
        case .unknownLocale(let input, let suggestions):
            "unknown locale \"\(input)\"\(Suggestions.didYouMean(suggestions)) (`locales FILTER` lists them)"
        case .unknownNumberingSystem(let input, let suggestions):
            "unknown numbering system \"\(input)\"\(Suggestions.didYouMean(suggestions))"
        case .unknownCurrency(let input, let suggestions):
            "unknown currency \"\(input)\"\(Suggestions.didYouMean(suggestions)) (`currencies FILTER` lists ISO 4217 codes)"
        case .unreadableAmount(let input, let locale):
            "cannot read \"\(input)\" as an amount; write it plain (1234.50, -0.05) or as \(locale) formats it"
        case .tooManyFractionDigits(let input, let currency, let allowed):
            "\(input) has more fraction digits than \(currency) takes (\(allowed))"
        case .amountNeedsRounding(let amount, let currency, let allowed):
            "\(amount) does not fit \(currency), which takes \(allowed) fraction digit\(allowed == 1 ? "" : "s"); add --round to round half-even"
        case .tooManyDigits(let amount, let limit):
            "\(amount) needs more than \(limit) digits (--max-digits)"
        case .outsideLimits(let amount, let reason):
            "\(amount) is \(reason)"
        case .negativeNotAllowed(let amount):
            "\(amount) is negative; this field takes no negative amounts (create it with --allow-negative)"
        case .invalidSetting(let message):
            message
        case .nothingToUndo:
            "nothing to undo"
        case .nothingToRedo:
            "nothing to redo"
        }
    }
}

import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

/// The shell's words for the engine's errors: the engine's own English text, and the `new`
/// option that would help, spelled by the option table (`FieldOption.all`).
extension SettingRemedy {
    /// ` (FLAG)`, ` (create it with FLAG)` or ` (create it with FLAG VALUE)`, the flag from the table.
    var words: String {
        guard let option = FieldOption.option(for: setting) else { return " (\(setting.option))" }
        if option.valueName == nil { return " (create it with \(option.name))" }
        if let value { return " (create it with \(option.name) \(value))" }
        return " (\(option.name))"
    }
}

extension FieldSetting {
    /// The option of `new` that sets it, as the table spells it; a path that no option sets is
    /// named as the engine names it.
    package var option: String { FieldOption.option(for: self)?.name ?? description }
}

extension Rejection {
    package var words: String { text(showing: { VisibleText.escaped($0) }) + (allowedBy?.words ?? "") }
}

extension FieldError {
    /// Where the words are read: at the prompt the listing commands are `locales FILTER` and
    /// `currencies FILTER`; on the command line they are run through `moneyfield -c`.
    package enum Place: Sendable {
        case prompt, commandLine

        func listing(_ command: String) -> String {
            self == .prompt ? "`\(command) FILTER`" : "`moneyfield -c \"\(command) FILTER\"`"
        }
    }

    package var words: String { words(at: .prompt) }

    /// The engine's text with each setting named by its option, plus "did you mean" for an unknown
    /// name, the shell's listing commands, and the option or flag that would help.
    package func words(at place: Place) -> String {
        let text = text(naming: \.option, showing: { VisibleText.escaped($0) })
        return switch self {
        case .unknownLocale:
            "\(text)\(Suggestions.didYouMean(suggestions)) (\(place.listing("locales")) lists them)"
        case .unknownCurrency:
            "\(text)\(Suggestions.didYouMean(suggestions)) (\(place.listing("currencies")) lists ISO 4217 codes)"
        case .unknownNumberingSystem:
            "\(text)\(Suggestions.didYouMean(suggestions))"
        case .amountNeedsRounding(let amount, let currency, let allowed):
            // The engine's remedy is a parameter; the shell's is `currency`'s flag.
            "\(amount) does not fit \(currency), which takes \(English.count(allowed, "fraction digit")); add \(CommandFlag.round.spelling) to round half-even"
        case .algorithmicNumberingSystem, .unreadableAmount, .tooManyFractionDigits, .settingOutOfRange, .unreadableLimit,
             .minimumAboveMaximum, .accountingNeedsCurrency, .noAmountWithinLimits,
             .pointReadAsDecimal, .tooManyDigits, .outsideLimits, .negativeNotAllowed, .invalidState,
             .offsetOutsideDisplay, .amountIntoAmount, .notAFiniteAmount:
            text + (allowedBy?.words ?? "")
        }
    }
}

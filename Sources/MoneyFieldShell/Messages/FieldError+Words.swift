import MoneyFieldEngine

/// The shell's words for the engine's errors: the engine's own English text, and the `new`
/// option that would help, spelled by the option table (`FieldOption.all`).
extension SettingRemedy {
    /// ` (FLAG)`, ` (create it with FLAG)` or ` (create it with FLAG VALUE)`, the flag from the table.
    var words: String {
        let option = FieldOption.option(for: setting)
        if option.valueName == nil { return " (create it with \(option.name))" }
        if let value { return " (create it with \(option.name) \(value))" }
        return " (\(option.name))"
    }
}

extension FieldSetting {
    /// The option of `new` that sets it, as the table spells it.
    package var option: String { FieldOption.option(for: self).name }
}

extension Rejection {
    public var words: String { description + (allowedBy?.words ?? "") }
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

    /// The engine's text, with "did you mean" for an unknown name, the shell's commands and
    /// options where they help; the errors
    /// about `new`'s settings name the options themselves.
    public func words(at place: Place) -> String {
        switch self {
        case .unknownLocale:
            "\(description)\(Suggestions.didYouMean(suggestions)) (\(place.listing("locales")) lists them)"
        case .unknownCurrency:
            "\(description)\(Suggestions.didYouMean(suggestions)) (\(place.listing("currencies")) lists ISO 4217 codes)"
        case .unknownNumberingSystem:
            "\(description)\(Suggestions.didYouMean(suggestions))"
        case .tooManyFractionDigits(let input, let allowed, .decimalsSetting):
            "\(input) has more fraction digits than this field's \(FieldSetting.decimals.option) \(allowed)"
        case .amountNeedsRounding(let amount, let currency, let allowed):
            "\(amount) does not fit \(currency), which takes \(allowed) fraction digit\(allowed == 1 ? "" : "s"); add \(CommandFlag.round.spelling) to round half-even"
        case .settingOutOfRange(let setting, let value, let allowed):
            "\(setting.option) takes \(allowed.lowerBound) to \(allowed.upperBound), not \(value)"
        case .unreadableLimit(let setting, let text):
            "\(setting.option) takes a plain amount such as 1000 or 99.95, not \"\(text)\""
        case .minimumAboveMaximum(let minimum, let maximum):
            "\(FieldSetting.minimum.option) \(minimum) is above \(FieldSetting.maximum.option) \(maximum); swap them"
        case .accountingNeedsCurrency:
            "\(FieldSetting.accounting.option) needs a currency display: ICU's accounting form is a currency pattern; leave out \(FieldSetting.display.option) none or \(FieldSetting.accounting.option)"
        case .noAmountWithinLimits(let minimum, let maximum, let fractionDigits):
            "no amount with \(fractionDigits) fraction digit\(fractionDigits == 1 ? "" : "s") lies within "
                + [minimum.map { "\(FieldSetting.minimum.option) \($0)" }, maximum.map { "\(FieldSetting.maximum.option) \($0)" }]
                    .compactMap { $0 }.joined(separator: " and ")
                + "; widen the limits, or give \(FieldSetting.decimals.option) or \(FieldSetting.allowsNegative.option)"
        case .algorithmicNumberingSystem, .unreadableAmount, .tooManyFractionDigits,
             .pointReadAsDecimal, .tooManyDigits, .outsideLimits, .negativeNotAllowed, .invalidState,
             .offsetOutsideDisplay, .amountIntoAmount, .notAFiniteAmount:
            description + (allowedBy?.words ?? "")
        }
    }
}

import Foundation

extension MoneyField {
    // MARK: Locale and currency

    /// Shows the same amount, caret and sign in another locale.
    public mutating func changeLocale(to identifier: String) throws(FieldError) {
        var newConfiguration = configuration
        newConfiguration.settings.locale = try LocaleCatalog.canonical(identifier)
        reconfigure(newConfiguration, state: state)
    }

    /// The same for a `Locale` as an app holds it (`Locale.current`).
    public mutating func changeLocale(to locale: Locale) throws(FieldError) {
        try changeLocale(to: locale.identifier)
    }

    /// The same for a `Locale.Currency` as an app holds it (`.init("EUR")`).
    @discardableResult
    public mutating func changeCurrency(to currency: Locale.Currency, round: Bool = false) throws(FieldError) -> CurrencyChange {
        try changeCurrency(to: currency.identifier, round: round)
    }

    /// How a currency change treated the amount.
    public enum CurrencyChange: Sendable, Equatable {
        /// The amount fitted the new currency unchanged (`12.00` into JPY is `12`).
        case exact
        /// The amount was rounded half-to-even to fit, both as plain text (`12.34` → `12` in JPY).
        case rounded(from: String, to: String)
    }

    /// Keeps the amount exactly in the new currency; refuses when its fraction digits cannot hold it
    /// unless `round` (half-even) is asked for.
    @discardableResult
    public mutating func changeCurrency(to code: String, round: Bool = false) throws(FieldError) -> CurrencyChange {
        let newCode = try CurrencyCatalog.canonical(code)
        var newConfiguration = configuration
        newConfiguration.settings.currency = newCode
        try newConfiguration.checkLimitsHoldAnAmount()
        let oldScale = amountScale
        let newFractionDigits = newConfiguration.shownFractionDigits
        // Natural mode keeps the fraction typed, down to what the new currency takes.
        let newScale = setup.isNatural ? min(oldScale, newFractionDigits) : newFractionDigits
        let current = ExactDecimal(isNegative: state.isNegative, magnitude: state.digits, scale: oldScale)
        var change = CurrencyChange.exact
        var digits: [UInt8]
        if let exact = current.magnitude(atScale: newScale) {
            digits = exact
        } else if round {
            let rounded = current.rounded(toScale: newScale)
            digits = rounded.magnitude
            change = .rounded(from: current.description, to: rounded.description)
        } else {
            throw .amountNeedsRounding(current.description, currency: newCode, allowed: newScale)
        }
        var next = FieldState(checkedNegative: state.isNegative, digits: DigitBuffer(digits), caretSlotsFromEnd: 0)
        if state.typedFraction != nil && newFractionDigits > 0 { next.typedFraction = newScale }
        // An emptied field stays empty in another currency.
        next.isEmptied = state.isEmptied
        let newSetup = FieldSetup(newConfiguration)
        guard newSetup.limitedDigitCount(of: next) <= configuration.maxDigits else {
            throw .tooManyDigits(current.description, limit: configuration.maxDigits)
        }
        if case .rounded = change {
            try checkWithinLimits(ExactDecimal(isNegative: state.isNegative, magnitude: digits, scale: newScale))
        }
        // The caret stays by the same integer digit: shift it by the change in what stands right
        // of the integer part (fraction slots, natural mode's point).
        let caret = state.caretSlotsFromEnd == 0 ? 0 : state.caretSlotsFromEnd + newSetup.unitsRightOfInteger(in: next) - setup.unitsRightOfInteger(in: state)
        next.caretSlotsFromEnd = min(max(caret, 0), newSetup.caretStops(in: next))
        setup = newSetup
        state = next
        rerender()
        return change
    }
}

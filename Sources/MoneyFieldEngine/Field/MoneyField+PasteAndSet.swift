import Foundation

extension MoneyField {
    // MARK: Paste and set

    /// How a paste went: digits typed, digits found, and what stopped it.
    public struct PasteOutcome: Sendable, Equatable {
        public let typed: Int
        public let found: Int
        public let stoppedBy: Rejection?
    }

    /// Types the decimal digits found in `text` at the caret, stopping at the first refused one.
    public mutating func paste(_ text: String) -> PasteOutcome {
        let digits = text.unicodeScalars.compactMap(Key.digitValue(of:))
        for (index, digit) in digits.enumerated() {
            do throws(Rejection) {
                try press(.digit(digit))
            } catch {
                return PasteOutcome(typed: index, found: digits.count, stoppedBy: error)
            }
        }
        return PasteOutcome(typed: digits.count, found: digits.count, stoppedBy: nil)
    }

    /// Sets the amount from `1234.5`/`-0.05` or from text as the locale formats it (`1.234,50 €`).
    /// The caret goes to the end.
    public mutating func set(_ text: String) throws(FieldError) {
        let amount = try AmountReader(format: format, locale: configuration.locale).read(text)
        guard amount.significantScale <= amountScale else {
            throw .tooManyFractionDigits(text, allowed: amountScale, because: configuration.fractionDigitsRule)
        }
        if amount.isNegative && !configuration.allowsNegative { throw .negativeNotAllowed(amount.description) }
        let digits = amount.magnitude(atScale: amountScale)!
        guard digits.count <= configuration.maxDigits else {
            throw .tooManyDigits(amount.normalized.description, limit: configuration.maxDigits)
        }
        try checkWithinLimits(amount)
        state = FieldState(checkedNegative: amount.isNegative, digits: DigitBuffer(digits), caretSlotsFromEnd: 0)
        rerender()
    }

    func checkWithinLimits(_ amount: ExactDecimal) throws(FieldError) {
        if let maximum = configuration.maximum, amount > maximum {
            throw .outsideLimits(amount.description, .aboveMaximum(maximum.description))
        }
        if let minimum = configuration.minimum, amount < minimum {
            throw .outsideLimits(amount.description, .belowMinimum(minimum.description))
        }
    }
}

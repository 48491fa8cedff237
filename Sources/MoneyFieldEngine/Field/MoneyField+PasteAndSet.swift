import Foundation

extension MoneyField {
    // MARK: Paste and set

    /// How a paste went: digits typed, digits found, and what stopped it.
    public struct PasteOutcome: Sendable, Equatable {
        public let typed: Int
        public let found: Int
        public let stoppedBy: Rejection?
        /// The text was read as an amount (`set` would read it) and became the field's.
        public var readAsAmount = false
        /// A decimal separator, sign or currency of the text was left out as digits were typed.
        public var droppedMarks = false
        /// The field could take an amount whole (zero, or all selected) but the text does not read
        /// as one in its locale and currency (`€1,234.5` in en_US/USD): its digits were typed instead.
        public var unreadableAmount = false
    }

    /// Pastes `text` (SPEC §1 Paste): into a zero or wholly selected field, text that reads as an
    /// amount and says so (a decimal separator, a sign, a currency) becomes the amount; otherwise
    /// its decimal digits are typed at the caret, replacing a selection, up to the first refused one.
    public mutating func paste(_ text: String) -> PasteOutcome {
        let digits = text.unicodeScalars.compactMap(Key.digitValue(of:))
        let marks = amountMarks(in: text)
        let wholeSelected = state.selectedSlots.map { $0.low == 0 && $0.high == slotCount } ?? false
        var unreadable = false
        if marks.any, (state.digits.isEmpty && !state.isNegative) || wholeSelected {
            var copy = self
            do throws(FieldError) {
                try copy.set(text)
                self = copy
                return PasteOutcome(typed: digits.count, found: digits.count, stoppedBy: nil, readAsAmount: true)
            } catch {
                // Read but not taken (a sign on a field without negatives) is another story.
                if case .unreadableAmount = error { unreadable = true }
            }
        }
        let dropped = marks.separatorOrSign && !digits.isEmpty
        for (index, digit) in digits.enumerated() {
            do throws(Rejection) {
                try press(.digit(digit))
            } catch {
                return PasteOutcome(typed: index, found: digits.count, stoppedBy: error, droppedMarks: dropped, unreadableAmount: unreadable)
            }
        }
        return PasteOutcome(typed: digits.count, found: digits.count, stoppedBy: nil, droppedMarks: dropped, unreadableAmount: unreadable)
    }

    /// What `text` holds beyond digits and grouping: a decimal separator (the locale's or `.`) or
    /// a sign or parenthesis; a currency symbol or code.
    func amountMarks(in text: String) -> (separatorOrSign: Bool, any: Bool) {
        let decimal = AmountReader(format: setup.format, locale: configuration.locale).separators().decimal
        let scalars = text.unicodeScalars
        let separatorOrSign = scalars.contains { decimal.contains($0) || $0 == "." || "-\u{2212}+(".unicodeScalars.contains($0) }
        let currency = scalars.contains { $0.properties.generalCategory == .currencySymbol || $0.properties.isAlphabetic }
        return (separatorOrSign, separatorOrSign || currency)
    }

    /// Sets the amount from `1234.5`/`-0.05` or from text as the locale formats it (`1.234,50 €`).
    /// The caret goes to the end; natural mode shows all `f` fraction digits (`$12.50`).
    public mutating func set(_ text: String) throws(FieldError) {
        let amount = try AmountReader(format: setup.format, locale: configuration.locale).read(text)
        let scale = setup.shownFractionDigits
        guard amount.significantScale <= scale else {
            throw .tooManyFractionDigits(text, allowed: scale, because: configuration.fractionDigitsRule)
        }
        if amount.isNegative && !configuration.allowsNegative { throw .negativeNotAllowed(amount.description) }
        let digits = amount.magnitude(atScale: scale)!
        guard digits.count <= configuration.maxDigits else {
            throw .tooManyDigits(amount.normalized.description, limit: configuration.maxDigits)
        }
        try checkWithinLimits(amount)
        state = FieldState(checkedNegative: amount.isNegative, digits: DigitBuffer(digits), caretSlotsFromEnd: 0)
        // Natural mode shows a set amount as focus leaving would: every fraction digit.
        if setup.isNatural && scale > 0 { state.typedFraction = scale }
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

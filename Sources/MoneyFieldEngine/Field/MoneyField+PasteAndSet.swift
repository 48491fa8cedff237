import Foundation

extension MoneyField {
    // MARK: Paste and set

    /// How a paste went in: as an amount, or as its digits typed at the caret (all of them).
    public struct PasteOutcome: Sendable, Equatable {
        /// The digits of the text: all typed, or all of the amount.
        public let digits: Int
        /// The text was read as an amount (`set` would read it) and became the field's.
        public var readAsAmount = false
        /// A decimal separator or sign of the text was left out as its digits were typed.
        public var droppedMarks = false
        /// The field could take an amount whole (zero, or all selected) but the text does not read
        /// as one in its locale and currency (`€1,234.5` in en_US/USD): its digits were typed instead.
        public var unreadableAmount = false
    }

    /// Pastes `text` (SPEC §1 Paste) as one edit, all or nothing, as a platform's paste is: into a
    /// zero or wholly selected field, text that reads as an amount and says so (a decimal
    /// separator, a sign, a currency) becomes the amount; otherwise its decimal digits are typed
    /// at the caret, replacing a selection. An amount that does not fit, a digit refused, or a
    /// sign on a field without negatives refuses the whole paste and leaves the field as it was:
    /// money never changes its size by a paste cut short.
    public mutating func paste(_ text: String) throws(EditFailure) -> PasteOutcome {
        let digits = text.unicodeScalars.compactMap(Key.digitValue(of:))
        let marks = amountMarks(in: text)
        let wholeSelected = state.selectedSlots.map { $0.low == 0 && $0.high == slotCount } ?? false
        var unreadable = false
        if marks.any, (state.digits.isEmpty && !state.isNegative) || wholeSelected {
            var copy = self
            do throws(FieldError) {
                try copy.set(text)
                self = copy
                return PasteOutcome(digits: digits.count, readAsAmount: true)
            } catch {
                // Read, but not a fit for this field: refused whole, with the reason a key would give.
                switch error {
                case .unreadableAmount: unreadable = true
                case .tooManyDigits(_, let limit): throw .rejected(.tooManyDigits(limit: limit))
                case .negativeNotAllowed: throw .rejected(.negativeNotAllowed)
                case .outsideLimits(_, let reason): throw .rejected(reason)
                case .unknownLocale, .unknownNumberingSystem, .algorithmicNumberingSystem, .unknownCurrency,
                     .tooManyFractionDigits, .pointReadAsDecimal, .amountNeedsRounding, .settingOutOfRange, .unreadableLimit,
                     .minimumAboveMaximum, .accountingNeedsCurrency, .noAmountWithinLimits, .invalidState,
                     .offsetOutsideDisplay:
                    throw .field(error)
                }
            }
        }
        // A sign this field cannot take is not silently dropped (`-5` would go in as 5).
        if marks.sign && !configuration.allowsNegative { throw .rejected(.negativeNotAllowed) }
        var next = self
        for digit in digits {
            do throws(Rejection) { try next.press(.digit(digit)) } catch { throw .rejected(error) }
        }
        self = next
        return PasteOutcome(digits: digits.count, droppedMarks: marks.separatorOrSign && !digits.isEmpty, unreadableAmount: unreadable)
    }

    /// What `text` holds beyond digits and grouping: a decimal separator (the locale's or `.`) or
    /// a sign or parenthesis; a currency symbol or code.
    func amountMarks(in text: String) -> (separatorOrSign: Bool, sign: Bool, any: Bool) {
        let decimal = setup.format.separators.decimal
        let scalars = text.unicodeScalars
        let sign = scalars.contains { "-\u{2212}(".unicodeScalars.contains($0) }
        let separatorOrSign = sign || scalars.contains { decimal.contains($0) || $0 == "." || $0 == "+" }
        let currency = scalars.contains { $0.properties.generalCategory == .currencySymbol || $0.properties.isAlphabetic }
        return (separatorOrSign, sign, separatorOrSign || currency)
    }

    /// Sets the amount from `1234.5`/`-0.05` or from text as the locale formats it (`1.234,50 €`).
    /// The caret goes to the end; natural mode shows all `f` fraction digits (`$12.50`).
    public mutating func set(_ text: String) throws(FieldError) {
        let reader = AmountReader(format: setup.format, locale: configuration.locale)
        let amount = try reader.read(text)
        let scale = setup.shownFractionDigits
        guard amount.significantScale <= scale else {
            // `1.234` in de_DE: read plain, its `.` is a decimal point; say what the locale's reading would be.
            if let grouped = reader.readAsLocaleGroups(text), grouped.significantScale <= scale {
                let formatted = grouped.decimal.formatted(
                    Decimal.FormatStyle(locale: Locale(identifier: configuration.locale)).precision(.fractionLength(scale)))
                let plain = grouped.normalized.description
                let suggestions = (formatted == plain ? [plain] : [formatted, plain]).filter { $0 != text.trimmingCharacters(in: .whitespaces) }
                throw .pointReadAsDecimal(text, allowed: scale, because: configuration.fractionDigitsRule, asGrouped: suggestions)
            }
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

import Foundation

extension MoneyField {
    // MARK: Paste and set

    /// How a paste went in: as an amount, or as its digits typed at the caret (all of them).
    public struct PasteOutcome: Sendable, Equatable {
        /// The digits of the text: all typed, or all of the amount.
        public let digits: Int
        /// The text was read as an amount (`set` would read it) and became the field's.
        public var readAsAmount = false
    }

    /// Pastes `text` (SPEC §1 Paste) as one edit, all or nothing, as a platform's paste is. Text
    /// of digits alone is typed at the caret, replacing a selection. Text with a separator, a sign
    /// or a currency is an amount: into a zero or wholly selected field it becomes the amount as
    /// `set` reads it; anywhere else, or when it does not read or fit, the paste is refused.
    /// Money never changes its size by a paste: an amount is never typed digit by digit
    /// (`1,234.5` as the keys `12345` would show `$123.45`).
    public mutating func paste(_ text: String) throws(EditFailure) -> PasteOutcome {
        let digits = text.unicodeScalars.compactMap(Key.digitValue(of:))
        let wholeSelected = state.selectedSlots.map { $0.low == 0 && $0.high == slotCount } ?? false
        if amountMarks(in: text).any {
            guard (state.digits.isEmpty && state.typedFraction == nil && !state.isNegative) || wholeSelected else {
                throw .field(.amountIntoAmount(text))
            }
            var copy = self
            do throws(FieldError) {
                try copy.set(text)
                self = copy
                return PasteOutcome(digits: digits.count, readAsAmount: true)
            } catch {
                // Read, but not a fit for this field: refused whole, with the reason a key would give.
                switch error {
                case .tooManyDigits(_, let limit): throw .rejected(.tooManyDigits(limit: limit))
                case .negativeNotAllowed: throw .rejected(.negativeNotAllowed)
                case .outsideLimits(_, let reason): throw .rejected(reason)
                case .unknownLocale, .unknownNumberingSystem, .algorithmicNumberingSystem, .unknownCurrency, .unreadableAmount,
                     .tooManyFractionDigits, .pointReadAsDecimal, .amountNeedsRounding, .settingOutOfRange, .unreadableLimit,
                     .minimumAboveMaximum, .accountingNeedsCurrency, .noAmountWithinLimits, .invalidState,
                     .offsetOutsideDisplay, .amountIntoAmount, .notAFiniteAmount:
                    throw .field(error)
                }
            }
        }
        var next = self
        for digit in digits {
            do throws(Rejection) { try next.press(.digit(digit)) } catch { throw .rejected(error) }
        }
        self = next
        return PasteOutcome(digits: digits.count)
    }

    /// What `text` holds beyond digits: a decimal or group separator (the locale's, `.` or `,`), a
    /// sign or parenthesis; a currency symbol, an ISO 4217 code (`EUR 12`), or other words only
    /// when the whole reads as an amount (`12 US dollars` in a `--display name` field). Spaces
    /// alone are not marks (`1 234`), nor are other letters and marks (`12abc34`, `#12/34`): the
    /// digits of those are typed and the rest left out.
    func amountMarks(in text: String) -> (separatorOrSign: Bool, sign: Bool, any: Bool) {
        let separators = setup.format.separators
        let scalars = text.unicodeScalars
        let sign = scalars.contains { "-\u{2212}(".unicodeScalars.contains($0) }
        let separatorOrSign = sign || scalars.contains {
            separators.decimal.contains($0) || (separators.grouping.contains($0) && !$0.properties.isWhitespace) || $0 == "." || $0 == "," || $0 == "+"
        }
        let words = text.split { !$0.isLetter }
        let currency = scalars.contains { $0.properties.generalCategory == .currencySymbol }
            || words.contains { $0.count == 3 && (try? CurrencyCatalog.canonical(String($0))) != nil }
            || (!words.isEmpty && (try? AmountReader(format: setup.format, locale: configuration.locale).read(text)) != nil)
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
                let suggestions = (formatted == plain ? [plain] : [formatted, plain]).filter { $0 != String(text.trimmingSpaces()) }
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

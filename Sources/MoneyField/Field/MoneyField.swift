import Foundation

/// What has been typed: a sign, digits and the caret, counted in digit slots.
public struct FieldState: Sendable, Equatable {
    /// A minus may stand on zero, so that minus-then-digits enters a negative amount.
    public var isNegative: Bool = false
    /// Digit values 0…9, no leading zeros; empty is zero.
    public var digits: [UInt8] = []
    /// How many digit slots stand right of the caret; 0 is the end.
    public var caretSlotsFromEnd: Int = 0

    public init(isNegative: Bool = false, digits: [UInt8] = [], caretSlotsFromEnd: Int = 0) {
        self.isNegative = isNegative
        self.digits = digits
        self.caretSlotsFromEnd = caretSlotsFromEnd
    }

    /// The digit string as ASCII (`"1245"`, `""` for zero).
    public var digitString: String { String(decoding: digits.map { $0 + 48 }, as: UTF8.self) }
}

/// A money-entry field: configuration plus state, every edit a pure step to a new value.
public struct MoneyField: Sendable, Equatable {
    public private(set) var configuration: FieldConfiguration
    public private(set) var state: FieldState
    private var format: CurrencyFormat

    public init(_ configuration: FieldConfiguration, state: FieldState = FieldState()) {
        self.configuration = configuration
        self.state = state
        self.format = CurrencyFormat.cached(for: configuration.formatKey)
    }

    public static func == (lhs: MoneyField, rhs: MoneyField) -> Bool {
        lhs.configuration == rhs.configuration && lhs.state == rhs.state
    }

    // MARK: Reading

    /// `n`: how many digit glyphs the display shows.
    public var slotCount: Int { Self.slotCount(digits: state.digits.count, shownFractionDigits: configuration.shownFractionDigits) }

    static func slotCount(digits: Int, shownFractionDigits: Int) -> Int { max(digits, shownFractionDigits + 1) }

    /// The display and the caret's UTF-16 offset in it.
    public var rendering: Rendering {
        format.render(negative: state.isNegative, magnitude: state.digits, caretSlotsFromEnd: state.caretSlotsFromEnd)
    }

    /// The amount exactly (negative zero reads as zero).
    public var amount: ExactDecimal {
        ExactDecimal(isNegative: state.isNegative, magnitude: state.digits, scale: amountScale)
    }

    /// Plain and locale-free: `1234.50`, `-0.05`, `1234` for JPY or whole mode.
    public var value: String {
        DigitArithmetic.plainText(negative: state.isNegative, magnitude: state.digits, scale: amountScale)
    }

    /// The signed amount in the currency's minor units, any length (`1245`, `-5`, `0`).
    public var minorUnits: String {
        guard !state.digits.isEmpty else { return "0" }
        let zeros = configuration.mode == .whole ? configuration.fractionDigits : 0
        return (state.isNegative ? "-" : "") + state.digitString + String(repeating: "0", count: zeros)
    }

    /// Whether the display comes from the compiled format rather than a formatter call.
    public var isCompiledFormat: Bool { format.isCompiled }

    /// Fraction digits held by the digit string: `f` in atm mode, none in whole mode.
    private var amountScale: Int { configuration.shownFractionDigits }

    // MARK: Keys

    /// The field after `key`, or why the key is refused.
    public func pressing(_ key: Key) throws(Rejection) -> MoneyField {
        var next = self
        try next.press(key)
        return next
    }

    /// Applies `key`; on a rejection nothing changes.
    public mutating func press(_ key: Key) throws(Rejection) {
        let slots = slotCount
        let caret = state.caretSlotsFromEnd
        var next = state
        switch key {
        case .digit(let value):
            var padded = padded(to: slots)
            padded.insert(value, at: slots - caret)
            next.digits = Self.strippingLeadingZeros(padded)
        case .backspace:
            guard caret < slots else { throw .nothingToDelete }
            var padded = padded(to: slots)
            padded.remove(at: slots - caret - 1)
            next.digits = Self.strippingLeadingZeros(padded)
            // Removing a padding zero ($0.0|5) changes nothing: report it like the far left.
            guard next.digits != state.digits else { throw .nothingToDelete }
        case .delete:
            guard caret > 0 else { throw .nothingToDeleteForward }
            var padded = padded(to: slots)
            padded.remove(at: slots - caret)
            next.digits = Self.strippingLeadingZeros(padded)
            guard next.digits != state.digits else { throw .nothingToDeleteForward }
            next.caretSlotsFromEnd = caret - 1
        case .left:
            guard caret < slots else { throw .caretAtStart }
            next.caretSlotsFromEnd = caret + 1
        case .right:
            guard caret > 0 else { throw .caretAtEnd }
            next.caretSlotsFromEnd = caret - 1
        case .home:
            next.caretSlotsFromEnd = slots
        case .end:
            next.caretSlotsFromEnd = 0
        case .minus:
            guard configuration.allowsNegative else { throw .negativeNotAllowed }
            next.isNegative.toggle()
        case .clear:
            state = FieldState()
            return
        }
        if next.digits != state.digits || next.isNegative != state.isNegative {
            if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        }
        let newSlots = Self.slotCount(digits: next.digits.count, shownFractionDigits: configuration.shownFractionDigits)
        next.caretSlotsFromEnd = min(max(next.caretSlotsFromEnd, 0), newSlots)
        state = next
    }

    private func padded(to slots: Int) -> [UInt8] {
        var padded = [UInt8](repeating: 0, count: slots - state.digits.count)
        padded.reserveCapacity(slots + 1)
        padded.append(contentsOf: state.digits)
        return padded
    }

    static func strippingLeadingZeros(_ digits: [UInt8]) -> [UInt8] {
        guard let first = digits.firstIndex(where: { $0 != 0 }) else { return [] }
        return first == 0 ? digits : Array(digits[first...])
    }

    /// Why `candidate` breaks a limit that `current` did not break as badly, if it does.
    ///
    /// Moving toward the allowed range is always fine, so a field with `--min 10` can still be
    /// typed into from zero; moving further outside it is refused.
    private func limitViolation(_ candidate: FieldState, comparedWith current: FieldState) -> Rejection? {
        if candidate.digits.count > configuration.maxDigits && candidate.digits.count > current.digits.count {
            return .tooManyDigits(limit: configuration.maxDigits)
        }
        let scale = amountScale
        let new = (candidate.isNegative, candidate.digits)
        let old = (current.isNegative, current.digits)
        if let maximum = configuration.maximum,
           DigitArithmetic.compare(negative: new.0, new.1, scale: scale,
                                   negative: maximum.isNegative, maximum.magnitude, scale: maximum.scale) > 0,
           DigitArithmetic.compare(negative: new.0, new.1, scale: scale, negative: old.0, old.1, scale: scale) > 0 {
            return .aboveMaximum(maximum.description)
        }
        if let minimum = configuration.minimum,
           DigitArithmetic.compare(negative: new.0, new.1, scale: scale,
                                   negative: minimum.isNegative, minimum.magnitude, scale: minimum.scale) < 0,
           DigitArithmetic.compare(negative: new.0, new.1, scale: scale, negative: old.0, old.1, scale: scale) < 0 {
            return .belowMinimum(minimum.description)
        }
        return nil
    }

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
            throw .tooManyFractionDigits(text, currency: configuration.currency, allowed: amountScale)
        }
        if amount.isNegative && !configuration.allowsNegative { throw .negativeNotAllowed(amount.description) }
        let digits = amount.magnitude(atScale: amountScale)!
        guard digits.count <= configuration.maxDigits else {
            throw .tooManyDigits(amount.normalized.description, limit: configuration.maxDigits)
        }
        try checkWithinLimits(amount)
        state = FieldState(isNegative: amount.isNegative, digits: digits, caretSlotsFromEnd: 0)
    }

    private func checkWithinLimits(_ amount: ExactDecimal) throws(FieldError) {
        if let maximum = configuration.maximum, amount > maximum {
            throw .outsideLimits(amount.description, .aboveMaximum(maximum.description))
        }
        if let minimum = configuration.minimum, amount < minimum {
            throw .outsideLimits(amount.description, .belowMinimum(minimum.description))
        }
    }

    // MARK: Locale and currency

    /// Shows the same amount, caret and sign in another locale.
    public mutating func changeLocale(to identifier: String) throws(FieldError) {
        configuration.locale = try LocaleCatalog.canonical(identifier)
        format = CurrencyFormat.cached(for: configuration.formatKey)
    }

    /// How a currency change treated the amount.
    public enum CurrencyChange: Sendable, Equatable {
        case exact
        case rounded(from: String, to: String)
    }

    /// Keeps the amount exactly in the new currency; refuses when its fraction digits cannot hold it
    /// unless `round` (half-even) is asked for.
    @discardableResult
    public mutating func changeCurrency(to code: String, round: Bool = false) throws(FieldError) -> CurrencyChange {
        let newCode = try CurrencyCatalog.canonical(code)
        var newConfiguration = configuration
        newConfiguration.currency = newCode
        let oldScale = amountScale
        let newScale = newConfiguration.shownFractionDigits
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
        guard digits.count <= configuration.maxDigits else {
            throw .tooManyDigits(current.description, limit: configuration.maxDigits)
        }
        if case .rounded = change {
            try checkWithinLimits(ExactDecimal(isNegative: state.isNegative, magnitude: digits, scale: newScale))
        }
        // The caret stays by the same integer digit: shift it by the change in fraction slots.
        let slots = Self.slotCount(digits: digits.count, shownFractionDigits: newScale)
        let caret = state.caretSlotsFromEnd == 0 ? 0 : state.caretSlotsFromEnd + newScale - oldScale
        configuration = newConfiguration
        format = CurrencyFormat.cached(for: configuration.formatKey)
        state = FieldState(isNegative: state.isNegative, digits: digits, caretSlotsFromEnd: min(max(caret, 0), slots))
        return change
    }
}

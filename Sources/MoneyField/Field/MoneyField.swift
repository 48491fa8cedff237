import Foundation

/// What has been typed: a sign, digits and the caret, counted in digit slots.
public struct FieldState: Sendable, Equatable {
    /// A minus may stand on zero, so that minus-then-digits enters a negative amount.
    public var isNegative: Bool = false
    /// The digits, held inline; `digits` is the same as an array.
    var digitBuffer = DigitBuffer()
    /// How many digit slots stand right of the caret; 0 is the end.
    public var caretSlotsFromEnd: Int = 0

    public init(isNegative: Bool = false, digits: [UInt8] = [], caretSlotsFromEnd: Int = 0) {
        self.isNegative = isNegative
        self.digitBuffer = DigitBuffer(digits)
        self.caretSlotsFromEnd = caretSlotsFromEnd
    }

    /// Digit values 0…9, no leading zeros; empty is zero. At most 32.
    public var digits: [UInt8] {
        get { digitBuffer.array }
        set { digitBuffer = DigitBuffer(newValue) }
    }

    var digitCount: Int { digitBuffer.count }

    /// The digit string as ASCII (`"1245"`, `""` for zero).
    public var digitString: String { digitBuffer.withBytes { String(decoding: $0.map { $0 + 48 }, as: UTF8.self) } }
}

/// What a field is set up with, shared by every copy of it: the configuration and its format.
///
/// A class so that copying a field (undo history, `fields[i]`) retains one reference instead of
/// every string of the configuration, and so the fraction digits are read once, not per key.
final class FieldSetup: Sendable {
    let configuration: FieldConfiguration
    let format: CurrencyFormat
    /// `f` of the display: the amount's scale in atm mode, 0 in whole mode.
    let shownFractionDigits: Int

    init(_ configuration: FieldConfiguration) {
        self.configuration = configuration
        format = CurrencyFormat.cached(for: configuration.formatKey)
        shownFractionDigits = format.key.fractionDigits
    }
}

/// A money-entry field: configuration plus state, every edit a pure step to a new value.
public struct MoneyField: Sendable, Equatable {
    private var setup: FieldSetup
    public private(set) var state: FieldState
    /// Kept current by every change, so reading it costs nothing and a caret move renders no text.
    public private(set) var rendering: Rendering

    public init(_ configuration: FieldConfiguration, state: FieldState = FieldState()) {
        setup = FieldSetup(configuration)
        self.state = state
        rendering = setup.format.render(
            negative: state.isNegative, digits: state.digitBuffer, caretSlotsFromEnd: state.caretSlotsFromEnd)
    }

    private mutating func reconfigure(_ configuration: FieldConfiguration, state newState: FieldState) {
        setup = FieldSetup(configuration)
        state = newState
        rerender()
    }

    private mutating func rerender() {
        rendering = setup.format.render(
            negative: state.isNegative, digits: state.digitBuffer, caretSlotsFromEnd: state.caretSlotsFromEnd)
    }

    public static func == (lhs: MoneyField, rhs: MoneyField) -> Bool {
        lhs.state == rhs.state && (lhs.setup === rhs.setup || lhs.configuration == rhs.configuration)
    }

    public var configuration: FieldConfiguration { setup.configuration }

    private var format: CurrencyFormat { setup.format }

    // MARK: Reading

    /// `n`: how many digit glyphs the display shows.
    public var slotCount: Int { Self.slotCount(digits: state.digitCount, shownFractionDigits: setup.shownFractionDigits) }

    static func slotCount(digits: Int, shownFractionDigits: Int) -> Int { max(digits, shownFractionDigits + 1) }

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
    private var amountScale: Int { setup.shownFractionDigits }

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
            next.digitBuffer = Self.edited(state.digitBuffer, slots: slots, inserting: value, at: slots - caret)
        case .backspace:
            guard caret < slots else { throw .nothingToDelete }
            next.digitBuffer = Self.edited(state.digitBuffer, slots: slots, removingAt: slots - caret - 1)
            // Removing a padding zero ($0.0|5) changes nothing: report it like the far left.
            guard next.digitBuffer != state.digitBuffer else { throw .nothingToDelete }
        case .delete:
            guard caret > 0 else { throw .nothingToDeleteForward }
            // Over a padding zero ($0|.05) the digits stay and only the caret moves, as SPEC §1 says.
            next.digitBuffer = Self.edited(state.digitBuffer, slots: slots, removingAt: slots - caret)
            next.caretSlotsFromEnd = caret - 1
        case .left:
            guard caret < slots else { throw .caretAtStart }
            moveCaret(to: caret + 1)
            return
        case .right:
            guard caret > 0 else { throw .caretAtEnd }
            moveCaret(to: caret - 1)
            return
        case .home:
            moveCaret(to: slots)
            return
        case .end:
            moveCaret(to: 0)
            return
        case .minus:
            guard setup.configuration.allowsNegative else { throw .negativeNotAllowed }
            next.isNegative.toggle()
        case .clear:
            state = FieldState()
            rerender()
            return
        }
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        let newSlots = Self.slotCount(digits: next.digitCount, shownFractionDigits: setup.shownFractionDigits)
        next.caretSlotsFromEnd = min(max(next.caretSlotsFromEnd, 0), newSlots)
        state = next
        rerender()
    }

    /// A caret move changes no text: only the offset is worked out again.
    private mutating func moveCaret(to caret: Int) {
        state.caretSlotsFromEnd = caret
        rendering = Rendering(
            display: rendering.display,
            caretOffset: format.caretOffset(
                in: rendering.display, negative: state.isNegative, digitCount: state.digitCount, caretSlotsFromEnd: caret))
    }

    /// The digits after inserting `digit` before slot `insertIndex` of the zero-padded slots, or
    /// removing slot `removeIndex`, without leading zeros; written in one pass into one buffer.
    static func edited(
        _ digits: DigitBuffer, slots: Int, inserting digit: UInt8? = nil, at insertIndex: Int = -1, removingAt removeIndex: Int = -1
    ) -> DigitBuffer {
        let padding = slots - digits.count
        return digits.withBytes { source in
            DigitBuffer.build { buffer in
                var written = 0
                @inline(__always) func emit(_ value: UInt8) {
                    // Leading zeros are dropped: nothing is written until the first non-zero digit.
                    if written == 0 && value == 0 { return }
                    buffer[written] = value
                    written &+= 1
                }
                for slot in 0..<slots {
                    if slot == insertIndex, let digit { emit(digit) }
                    if slot == removeIndex { continue }
                    emit(slot < padding ? 0 : source[slot &- padding])
                }
                if insertIndex == slots, let digit { emit(digit) }
                return written
            }
        }
    }

    /// Why `candidate` breaks a limit that `current` did not break as badly, if it does.
    ///
    /// Moving toward the allowed range is always fine, so a field with `--min 10` can still be
    /// typed into from zero; moving further outside it is refused.
    private func limitViolation(_ candidate: FieldState, comparedWith current: FieldState) -> Rejection? {
        // Read through `setup` in place: a local copy of the configuration would retain its strings.
        let maxDigits = setup.configuration.maxDigits
        if candidate.digitCount > maxDigits && candidate.digitCount > current.digitCount {
            return .tooManyDigits(limit: maxDigits)
        }
        guard setup.configuration.maximum != nil || setup.configuration.minimum != nil else { return nil }
        let scale = amountScale
        return candidate.digitBuffer.withBytes { new in
            current.digitBuffer.withBytes { old in
                let movesUp = DigitArithmetic.compare(
                    negative: candidate.isNegative, new, scale: scale, negative: current.isNegative, old, scale: scale)
                if let maximum = setup.configuration.maximum, movesUp > 0,
                   DigitArithmetic.compare(negative: candidate.isNegative, new, scale: scale,
                                           negative: maximum.isNegative, maximum.magnitude, scale: maximum.scale) > 0 {
                    return .aboveMaximum(maximum.description)
                }
                if let minimum = setup.configuration.minimum, movesUp < 0,
                   DigitArithmetic.compare(negative: candidate.isNegative, new, scale: scale,
                                           negative: minimum.isNegative, minimum.magnitude, scale: minimum.scale) < 0 {
                    return .belowMinimum(minimum.description)
                }
                return nil
            }
        }
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
        rerender()
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
        var newConfiguration = configuration
        newConfiguration.locale = try LocaleCatalog.canonical(identifier)
        reconfigure(newConfiguration, state: state)
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
        reconfigure(newConfiguration, state: FieldState(
            isNegative: state.isNegative, digits: digits, caretSlotsFromEnd: min(max(caret, 0), slots)))
        return change
    }
}

import Foundation

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
    var setup: FieldSetup
    public internal(set) var state: FieldState
    /// Kept current by every change, so reading it costs nothing and a caret move renders no text.
    public internal(set) var rendering: Rendering

    /// A field showing `state`; a caret beyond the first digit slot is clamped to it.
    public init(_ configuration: FieldConfiguration, state: FieldState = FieldState()) {
        setup = FieldSetup(configuration)
        var state = state
        let slots = Self.slotCount(digits: state.digitCount, shownFractionDigits: setup.shownFractionDigits)
        state.caretSlotsFromEnd = min(state.caretSlotsFromEnd, slots)
        self.state = state
        rendering = Rendering(display: "", caretOffset: 0)
        rerender()
    }

    mutating func reconfigure(_ configuration: FieldConfiguration, state newState: FieldState) {
        setup = FieldSetup(configuration)
        state = newState
        rerender()
    }

    mutating func rerender() {
        if isEmpty {
            rendering = Rendering(display: "", caretOffset: 0)
            return
        }
        rendering = setup.format.render(
            negative: state.isNegative, digits: state.digitBuffer, caretSlotsFromEnd: state.caretSlotsFromEnd)
    }

    /// `--empty-when-zero` with a positive zero: the display is empty, and value and minor units are none.
    public var isEmpty: Bool { setup.configuration.emptyWhenZero && state.digitCount == 0 && !state.isNegative }

    public static func == (lhs: MoneyField, rhs: MoneyField) -> Bool {
        lhs.state == rhs.state && (lhs.setup === rhs.setup || lhs.configuration == rhs.configuration)
    }

    public var configuration: FieldConfiguration { setup.configuration }

    var format: CurrencyFormat { setup.format }

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
    var amountScale: Int { setup.shownFractionDigits }
}

// MARK: What an app's text field needs

extension MoneyField {
    /// A zero field for a locale and currency as an app holds them (`Locale.current`, `.init("EUR")`).
    public init(locale: Locale, currency: Locale.Currency, mode: EntryMode = .atm) throws(FieldError) {
        self.init(try FieldConfiguration(locale: locale, currency: currency, mode: mode))
    }

    /// A zero field for ICU identifiers (`de_DE`, `EUR`).
    public init(locale: String, currency: String, mode: EntryMode = .atm) throws(FieldError) {
        self.init(try FieldConfiguration(locale: locale, currency: currency, mode: mode))
    }

    /// The text the field shows.
    public var display: String { rendering.display }

    /// Where the caret stands in `display`, in UTF-16 code units (an `NSRange` location).
    public var caretOffset: Int { rendering.caretOffset }

    /// The amount as Foundation's `Decimal` (exact: a field holds at most 30 digits).
    public var decimalValue: Decimal { Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) ?? .zero }

    /// The caret slot (slots right of it) whose boundary lies nearest `offset`; a tie goes to the later one.
    public func caretSlot(nearestUTF16Offset offset: Int) -> Int {
        let slots = slotCount
        var best = slots
        var bestDistance = Int.max
        for caret in stride(from: slots, through: 0, by: -1) {
            let distance = abs(caretOffset(forSlot: caret) - offset)
            // Walking left to right, `<=` lets the later boundary win a tie.
            if distance <= bestDistance {
                best = caret
                bestDistance = distance
            }
        }
        return best
    }

    /// The UTF-16 offset the caret would have with `caret` slots to its right.
    public func caretOffset(forSlot caret: Int) -> Int {
        if isEmpty { return 0 }
        return format.caretOffset(in: rendering.display, negative: state.isNegative, digitCount: state.digitCount,
                           caretSlotsFromEnd: min(max(caret, 0), slotCount))
    }

    /// A tap at a UTF-16 offset of the display: the caret goes to the nearest slot boundary.
    public mutating func tap(atUTF16Offset offset: Int) throws(FieldError) {
        guard (0...rendering.display.utf16.count).contains(offset) else {
            throw .offsetOutsideDisplay(offset, length: rendering.display.utf16.count)
        }
        moveCaret(to: caretSlot(nearestUTF16Offset: offset))
    }
}

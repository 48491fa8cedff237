import Foundation

/// What a field is set up with, shared by every copy of it: the configuration and its format.
///
/// A class so that copying a field (undo history, `fields[i]`) retains one reference instead of
/// every string of the configuration, and so the fraction digits are read once, not per key.
final class FieldSetup: Sendable {
    let configuration: FieldConfiguration
    /// The format amounts are read with: `f` fraction digits (none in whole mode).
    let format: CurrencyFormat
    /// The amount's scale in atm mode and value's in every mode: `f`, 0 in whole mode.
    let shownFractionDigits: Int
    let isNatural: Bool
    /// Natural mode with `whileTyping` `.pad` and a fraction to pad: the state holds it padded.
    let padsWhileTyping: Bool
    /// Leaving the field blanks an empty one's symbol (`emptyShows` `.symbolWhenFocused`); with any
    /// other option an empty field left shows what `emptyShows` says.
    let blanksEmptyWhenLeft: Bool
    /// Natural mode's displays: no point, then the point with 0…f fraction digits after it.
    let naturalFormats: [CurrencyFormat]
    /// The field can be empty (`emptyWhenZero`, `startsEmpty`, or emptiable): keys take the path that knows it.
    let hasEmptyState: Bool
    /// Focus shows in this field, so `press` tracks it: an empty field's symbol while focused, or a
    /// natural field's focus options. Read per key: copying the configuration to ask cost a quarter of a keystroke.
    let tracksFocus: Bool
    /// What an empty field shows: nothing, or with `emptyShows` `.symbol` the zero's display
    /// without its digits, the caret where its first digit stood.
    let emptyRendering: Rendering
    /// `lastDigit` emptying counts digit glyphs: whole and natural mode, and atm with `f` = 0
    /// (which shows what whole mode shows). Atm with `f` > 0 empties as `atZero`.
    let emptiesOnLastGlyph: Bool
    /// The configuration's limits, read on every keystroke without going through its optionals.
    let maxDigits: Int
    let hasAmountLimits: Bool
    /// The compiled patterns the keystroke path renders with, in `displayFormat`'s order (atm
    /// and whole: one), held unretained: the formats above own them as long as this setup lives,
    /// and a retain and release around every render were a tenth of a natural keystroke. Empty
    /// when a format calls ICU instead, which then renders through the format.
    private let keystrokePatterns: [Unmanaged<CompiledPattern>]

    init(_ configuration: FieldConfiguration) {
        self.configuration = configuration
        let key = configuration.formatKey
        format = CurrencyFormat.cached(for: key)
        shownFractionDigits = key.fractionDigits
        isNatural = configuration.mode == .natural
        padsWhileTyping = configuration.mode == .natural && configuration.whileTyping == .pad && configuration.shownFractionDigits > 0
        hasEmptyState = configuration.emptyWhenZero || configuration.emptiable != nil || configuration.startsEmpty
        blanksEmptyWhenLeft = configuration.emptyShows == .symbolWhenFocused
        tracksFocus = configuration.emptyShows == .symbolWhenFocused
            || isNatural && (configuration.onFocus == .trim || configuration.onLeave == .keep || configuration.whileTyping == .pad)
        maxDigits = configuration.maxDigits
        hasAmountLimits = configuration.maximum != nil || configuration.minimum != nil
        naturalFormats = isNatural
            ? [CurrencyFormat.cached(for: key.showing(fractionDigits: 0, point: false))]
                + (0...key.fractionDigits).map { CurrencyFormat.cached(for: key.showing(fractionDigits: $0, point: true)) }
            : []
        emptyRendering = hasEmptyState ? Self.emptyRendering(configuration, zeroFormat: isNatural ? naturalFormats[0] : format) : Rendering(display: "", caretOffset: 0)
        emptiesOnLastGlyph = configuration.emptiable == .lastDigit && (configuration.mode != .atm || key.fractionDigits == 0)
        let patterns = (isNatural ? naturalFormats : [format]).compactMap(\.pattern)
        keystrokePatterns = patterns.count == (isNatural ? naturalFormats.count : 1) ? patterns.map { Unmanaged.passUnretained($0) } : []
    }

    /// `emptyShows: .symbol`: what ICU writes around the digits of the field's zero (`$0.00` is
    /// `$`, de_DE's `0,00 €` is ` €`), read off the format's own output; the caret where the first
    /// digit stood. `none` displays and `nothing` show an empty text.
    private static func emptyRendering(_ configuration: FieldConfiguration, zeroFormat: CurrencyFormat) -> Rendering {
        guard configuration.emptyShows != .nothing, configuration.display != .none else { return Rendering(display: "", caretOffset: 0) }
        let zero = zeroFormat.render(negative: false, magnitude: [], caretSlotsFromEnd: 0).display
        let glyphs = zeroFormat.digitGlyphEnds(in: zero)
        guard let first = glyphs.first, let last = glyphs.last else { return Rendering(display: "", caretOffset: 0) }
        let utf16 = Array(zero.utf16)
        let text = String(decoding: utf16[..<first.start] + utf16[last.end...], as: UTF16.self)
        return Rendering(display: text, caretOffset: first.start)
    }

    /// The format of `state`'s display.
    @inline(__always)
    func displayFormat(for state: FieldState) -> CurrencyFormat {
        guard isNatural else { return format }
        return naturalFormats[state.typedFraction.map { $0 + 1 } ?? 0]
    }

    /// Which of `displayFormat`'s formats shows `state`, and the caret in that format's digit
    /// slots. Natural mode renders its slots with the fraction typed; before the point and just
    /// after it are one slot boundary, told apart by adding the separator (`justAfterPoint`).
    @inline(__always)
    private func shownSlots(_ state: FieldState, caret: Int) -> (format: Int, caret: Int, justAfterPoint: Bool) {
        guard isNatural, let fraction = state.typedFraction else { return (0, caret, false) }
        return (fraction + 1, caret > fraction ? caret - 1 : caret, caret == fraction)
    }

    /// With `whileTyping` `.pad` (react-number-format's `fixedDecimalScale`): `state` with the
    /// point standing and the fraction padded to `f` zeros, the caret and anchor where they stood,
    /// once anything was typed (`typed`: the key put a digit or the point in, so a typed `0` shows
    /// `$0.00`). The padding is held as digits, so each zero is a caret stop as a typed one is.
    @inline(__always)
    func paddedWhileTyping(_ state: FieldState, typed: Bool = false) -> FieldState {
        guard padsWhileTyping, typed || state.digitCount > 0 || state.typedFraction != nil, !isEmpty(state) else { return state }
        let padding = shownFractionDigits - (state.typedFraction ?? 0)
        guard padding > 0 || state.typedFraction == nil else { return state }
        var padded = state
        // Zero's digits stay none: `$0.00` holds no digit.
        if state.digitCount > 0 {
            guard state.digitCount + padding <= FieldConfiguration.maxDigitsRange.upperBound else { return state }
            var builder = DigitBuffer.Builder()
            state.digitBuffer.withBytes { digits in
                for digit in digits { builder.append(digit) }
            }
            for _ in 0..<padding { builder.append(0) }
            padded.digitBuffer = builder.digits
        }
        padded.typedFraction = shownFractionDigits
        let added = padding + (state.typedFraction == nil ? 1 : 0)
        padded.caretSlotsFromEnd += added
        padded.selectionAnchor = state.selectionAnchor.map { $0 + added }
        return padded
    }

    /// `state`'s display and caret offset.
    @inline(__always)
    func render(_ state: FieldState) -> Rendering {
        let shown = shownSlots(state, caret: state.caretSlotsFromEnd)
        guard shown.format < keystrokePatterns.count else {
            let format = displayFormat(for: state)
            let rendering = format.render(negative: state.isNegative, digits: state.digitBuffer, caretSlotsFromEnd: shown.caret)
            guard shown.justAfterPoint else { return rendering }
            return Rendering(display: rendering.display, caretOffset: rendering.caretOffset + format.decimalSeparatorUTF16Count)
        }
        return keystrokePatterns[shown.format]._withUnsafeGuaranteedRef { pattern in
            let rendering = pattern.render(negative: state.isNegative, digits: state.digitBuffer, caret: shown.caret)
            guard shown.justAfterPoint else { return rendering }
            return Rendering(display: rendering.display, caretOffsetInside: rendering.caretOffset + pattern.decimalSeparator.utf16Count)
        }
    }

    /// Where a caret `caret` stops from the end stands in `display`, `state`'s rendering.
    @inline(__always)
    func caretOffset(in display: String, _ state: FieldState, caret: Int) -> Int {
        let shown = shownSlots(state, caret: caret)
        guard shown.format < keystrokePatterns.count else {
            let format = displayFormat(for: state)
            let offset = format.caretOffset(in: display, negative: state.isNegative, digitCount: state.digitCount, caretSlotsFromEnd: shown.caret)
            // ICU's own output, whatever its shape: the caret stays inside it.
            return min(shown.justAfterPoint ? offset + format.decimalSeparatorUTF16Count : offset, display.utf16.count)
        }
        return keystrokePatterns[shown.format]._withUnsafeGuaranteedRef { pattern in
            let offset = pattern.caretOffset(negative: state.isNegative, digitCount: state.digitCount, caret: shown.caret)
            return shown.justAfterPoint ? offset + pattern.decimalSeparator.utf16Count : offset
        }
    }

    /// `n`, the caret stops: digit slots (`max(digits, f + 1)`, `max(digits, 1)` in whole mode);
    /// in natural mode the units: integer slots (at least one), then the point and the fraction typed.
    @inline(__always)
    func caretStops(in state: FieldState) -> Int {
        // An empty display has one caret stop, and nothing to select.
        if hasEmptyState && isEmpty(state) { return 0 }
        guard isNatural else { return max(state.digitCount, shownFractionDigits + 1) }
        guard let fraction = state.typedFraction else { return max(state.digitCount, 1) }
        return max(state.digitCount - fraction, 1) + 1 + fraction
    }

    /// A new field's state: empty with `startsEmpty`, else zero.
    var startingState: FieldState {
        var state = FieldState()
        state.isEmptied = configuration.startsEmpty
        return state
    }

    /// A cleared field's state: empty when it starts empty or deleting empties it, else zero.
    var clearedState: FieldState {
        var state = FieldState()
        state.isEmptied = configuration.startsEmpty || configuration.emptiable != nil
        return state
    }

    /// Whether `state` shows an empty display: emptied by deleting, or a positive zero with `emptyWhenZero`.
    @inline(__always)
    func isEmpty(_ state: FieldState) -> Bool {
        state.isEmptied || (configuration.emptyWhenZero && state.digitCount == 0 && !state.isNegative && state.typedFraction == nil)
    }

    /// Caret stops right of the integer digits: the fraction slots, in natural mode the point and the fraction typed.
    func unitsRightOfInteger(in state: FieldState) -> Int {
        guard isNatural else { return shownFractionDigits }
        return state.typedFraction.map { $0 + 1 } ?? 0
    }

    /// The scale of `state`'s digits: `f`, 0 in whole mode, the typed fraction in natural mode.
    @inline(__always)
    func amountScale(of state: FieldState) -> Int {
        isNatural ? state.typedFraction ?? 0 : shownFractionDigits
    }

    /// Digits the digit limit counts: the digit string's, in natural mode the amount's at `f` places.
    @inline(__always)
    func limitedDigitCount(of state: FieldState) -> Int {
        guard isNatural, state.digitCount > 0 else { return state.digitCount }
        return state.digitCount + shownFractionDigits - amountScale(of: state)
    }
}

/// A money-entry field: configuration plus state, every edit a pure step to a new value.
public struct MoneyField: Sendable, Equatable {
    var setup: FieldSetup
    /// What has been typed: sign, digits, caret and selection.
    public internal(set) var state: FieldState
    /// Kept current by every change, so reading it costs nothing and a caret move renders no text.
    public internal(set) var rendering: Rendering

    /// A field showing `state`; a caret beyond the first digit slot is clamped to it. Without a
    /// state, the field as it starts: zero, or empty with `startsEmpty`.
    public init(_ configuration: FieldConfiguration, state: FieldState? = nil) {
        setup = FieldSetup(configuration)
        var state = state ?? setup.startingState
        // A point belongs to natural mode, and only with no more fraction digits than the field takes.
        if !setup.isNatural || (state.typedFraction ?? 0) > setup.shownFractionDigits { state.typedFraction = nil }
        state.caretSlotsFromEnd = min(state.caretSlotsFromEnd, setup.caretStops(in: state))
        if let anchor = state.selectionAnchor, anchor > setup.caretStops(in: state) { state.selectionAnchor = nil }
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
            // Whatever made it empty (a sign taken off zero, a delete), it has one caret stop.
            state.caretSlotsFromEnd = 0
            state.selectionAnchor = nil
            rendering = state.hasLeftField && setup.blanksEmptyWhenLeft ? Rendering(display: "", caretOffset: 0) : setup.emptyRendering
            return
        }
        // Every way in (a state given, `set`, a currency change) holds a padded field padded.
        if setup.padsWhileTyping { state = setup.paddedWhileTyping(state) }
        rendering = setup.render(state)
    }

    /// An empty display (emptied by deleting, or a positive zero with `emptyWhenZero`): value and minor units are none.
    public var isEmpty: Bool { setup.hasEmptyState && setup.isEmpty(state) }

    /// Fields with the same configuration and state are equal.
    public static func == (lhs: MoneyField, rhs: MoneyField) -> Bool {
        lhs.state == rhs.state && (lhs.setup === rhs.setup || lhs.configuration == rhs.configuration)
    }

    /// The field's settings: locale, currency, mode, limits and how it shows the amount.
    public var configuration: FieldConfiguration { setup.configuration }

    // MARK: Reading

    /// `n`: how many caret stops right of the first: the digit glyphs shown, in natural mode the units.
    @inline(__always)
    public var slotCount: Int { setup.caretStops(in: state) }

    /// The amount exactly (negative zero reads as zero; an empty field as zero: see `isEmpty`).
    public var amount: ExactDecimal {
        ExactDecimal(isNegative: state.isNegative, magnitude: state.digits, scale: amountScale)
    }

    /// Plain and locale-free: `1234.50`, `-0.05`, `1234` for JPY or whole mode; natural mode's
    /// typed `12.3` is `12.30`. nil when the field is empty: an empty field has no value.
    public var value: String? { isEmpty ? nil : plainValue }

    /// `value`, reading an empty field as zero.
    var plainValue: String {
        let zeros = setup.shownFractionDigits - amountScale
        return DigitArithmetic.plainText(
            negative: state.isNegative, magnitude: state.digits.isEmpty ? [] : state.digits + repeatElement(0, count: zeros),
            scale: setup.shownFractionDigits)
    }

    /// The signed amount in the currency's minor units, any length (`1245`, `-5`, `0`); nil when
    /// the field is empty.
    public var minorUnits: String? {
        if isEmpty { return nil }
        guard !state.digits.isEmpty else { return "0" }
        let zeros = configuration.fractionDigits - amountScale
        return (state.isNegative ? "-" : "") + state.digitString + String(repeating: "0", count: zeros)
    }

    /// Whether the display comes from the compiled format rather than a formatter call.
    package var isCompiledFormat: Bool { format.isCompiled }

    /// Fraction digits held by the digit string: `f` in atm mode, none in whole mode, those typed in natural mode.
    var amountScale: Int { setup.amountScale(of: state) }

    /// The format of the display as it stands.
    var format: CurrencyFormat { setup.displayFormat(for: state) }
}

// MARK: What an app's text field needs

extension MoneyField {
    /// A zero field for a locale and currency as an app holds them (`Locale.current`, `.init("EUR")`);
    /// the other settings through `FieldConfiguration(locale:currency:…)`.
    public init(locale: Locale, currency: Locale.Currency, mode: EntryMode = .atm) throws(FieldError) {
        self.init(try FieldConfiguration(locale: locale, currency: currency) { $0.mode = mode })
    }

    /// A zero field for ICU identifiers (`de_DE`, `EUR`).
    public init(locale: String, currency: String, mode: EntryMode = .atm) throws(FieldError) {
        self.init(try FieldConfiguration(locale: locale, currency: currency) { $0.mode = mode })
    }

    /// The text the field shows.
    public var display: String { rendering.display }

    /// Where the caret stands in `display`, in UTF-16 code units (an `NSRange` location).
    public var caretOffset: Int { rendering.caretOffset }

    /// The amount as Foundation's `Decimal` (exact: a field holds at most 30 digits); nil when empty.
    public var decimalValue: Decimal? { isEmpty ? nil : amount.decimal }

    /// The caret, or the selection, as the `NSRange` of the display a text field selects.
    public var selectedRange: NSRange {
        guard let selection = selectionRange else { return NSRange(location: caretOffset, length: 0) }
        return NSRange(location: selection.lowerBound, length: selection.count)
    }

    /// The caret slot (slots right of it) whose boundary lies nearest `offset`; a tie goes to the later one.
    ///
    /// A boundary between two glyphs holds every offset from the end of the left one to the
    /// start of the right one (SPEC §1): a tap just after a separator (`$1,|234`, `$0.|12`) stands
    /// between the digits it separates, drawn where the field draws that caret (`$1|,234`),
    /// never past the next digit.
    public func caretSlot(nearestUTF16Offset offset: Int) -> Int {
        let slots = slotCount
        // An empty field has one caret stop.
        guard slots > 0 else { return 0 }
        let glyphs = glyphRanges
        var best = slots
        var bestDistance = Int.max
        for caret in stride(from: slots, through: 0, by: -1) {
            // The glyph left of this boundary is `slots - caret - 1`, the one right of it the next.
            let low = caret == slots ? glyphs[0].lowerBound : glyphs[slots - caret - 1].upperBound
            let high = caret == 0 ? glyphs[slots - 1].upperBound : glyphs[slots - caret].lowerBound
            let distance = offset < low ? low - offset : offset > high ? offset - high : 0
            // Walking left to right, `<=` lets the later boundary win a tie.
            if distance <= bestDistance {
                best = caret
                bestDistance = distance
            }
        }
        return best
    }

    /// The UTF-16 offset the caret would have with `caret` slots (natural mode: units) to its right.
    public func caretOffset(forSlot caret: Int) -> Int {
        if isEmpty { return setup.emptyRendering.caretOffset }
        return setup.caretOffset(in: rendering.display, state, caret: min(max(caret, 0), slotCount))
    }

    /// Sets the amount from a `Decimal`, as an app holds amounts: refused, and nothing changes,
    /// when it has more fraction digits than the field takes or breaks a limit.
    public mutating func set(_ amount: Decimal) throws(FieldError) {
        guard amount.isFinite else { throw .notAFiniteAmount }
        // `Decimal.description` is plain and locale-free (`-1234.5`), what `set` reads first.
        try set(amount.description)
    }

    /// UIKit's `textField(_:shouldChangeCharactersIn:replacementString:)`: the `NSRange` of the
    /// display and the replacement, all or nothing (see `replace(utf16Range:with:)`).
    public mutating func replace(_ range: NSRange, with text: String) throws(EditFailure) {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0, range.length <= Int.max - range.location else {
            throw .field(.offsetOutsideDisplay(range.location, length: display.utf16.count))
        }
        try replace(utf16Range: range.location..<(range.location + range.length), with: text)
    }

    /// A selection change reported as an `NSRange` (`selectedTextRange`): the digits inside it
    /// are selected, or the caret goes where a tap at its start would.
    @discardableResult
    public mutating func select(_ range: NSRange) throws(FieldError) -> Bool {
        guard range.location != NSNotFound else { throw .offsetOutsideDisplay(range.location, length: display.utf16.count) }
        return try select(utf16Start: range.location, length: range.length)
    }

    /// A tap at a UTF-16 offset of the display: the caret goes to the nearest slot boundary.
    public mutating func tap(atUTF16Offset offset: Int) throws(FieldError) {
        guard (0...rendering.display.utf16.count).contains(offset) else {
            throw .offsetOutsideDisplay(offset, length: rendering.display.utf16.count)
        }
        moveCaret(to: caretSlot(nearestUTF16Offset: offset))
    }
}

extension MoneyField {
    /// The digits the field's digit limit counts now: `fit` reads how near a replay came to a limit
    /// (a replay that never passed N digits is the same under every limit of N or more).
    package var limitedDigitCount: Int { setup.limitedDigitCount(of: state) }
}

import Foundation
import Synchronization

/// What a format is for: the settings that change how an amount is written, and how many
/// fraction digits it shows.
///
/// A setting's format effect is stated once, in `init(_:fractionDigits:)`: the key keeps those
/// settings as a `FieldSettings` (every other at its default, so fields that write amounts alike
/// share one format), `CurrencyFormat` reads them from it, and `showing` copies the key whole, so
/// no list of settings is written twice. `everySettingReachesEverySurface` fails by name for a
/// format setting the key leaves out, `formatSettingsReachEveryDisplay` for one the format does not apply.
@_spi(Benchmarks) @dynamicMemberLookup public struct FormatKey: Hashable, Sendable {
    /// The settings that change how an amount is written (locale, currency, accounting, display,
    /// grouping); the others at their defaults. Mode and decimals act through `fractionDigits`.
    public private(set) var settings: FieldSettings
    /// The fraction digits shown (`2` for `$12.34`).
    public private(set) var fractionDigits: Int
    /// Natural mode's typed point with no fraction digit yet: `$12.`.
    public private(set) var alwaysShowsDecimalSeparator = false

    /// The format of `settings` showing `fractionDigits`; no identifier is checked.
    public init(_ settings: FieldSettings, fractionDigits: Int) {
        var written = FieldSettings()
        written.locale = settings.locale
        written.currency = settings.currency
        written.accounting = settings.accounting
        written.display = settings.display
        written.grouping = settings.grouping
        self.settings = written
        self.fractionDigits = fractionDigits
    }

    /// A key from a locale, a currency and what `adjust` sets on top of the defaults, for tests
    /// and benchmarks: `FormatKey(locale: "de_DE", currency: "EUR", fractionDigits: 2) { $0.accounting = true }`.
    package init(locale: String, currency: String, fractionDigits: Int, _ adjust: (inout FieldSettings) -> Void = { _ in }) {
        var settings = FieldSettings()
        settings.locale = locale
        settings.currency = currency
        adjust(&settings)
        self.init(settings, fractionDigits: fractionDigits)
    }

    /// A format setting (`key.locale`, `key.grouping`).
    public subscript<Value>(dynamicMember path: KeyPath<FieldSettings, Value>) -> Value { settings[keyPath: path] }

    /// The same format with `fractionDigits` shown and, when `point` and none are, the separator anyway.
    public func showing(fractionDigits: Int, point: Bool) -> FormatKey {
        var key = self
        key.fractionDigits = fractionDigits
        key.alwaysShowsDecimalSeparator = point && fractionDigits == 0
        return key
    }

    /// The same format grouped: what ICU is asked for (see `CurrencyFormat.init`).
    var grouped: FormatKey {
        var key = self
        key.settings.grouping = .on
        return key
    }
}

/// A display and where the caret stands in it.
public struct Rendering: Equatable, Sendable {
    /// The text the field shows (`$1,234.50`).
    public let display: String
    /// UTF-16 code units before the caret, as a text field's `NSRange` counts.
    public let caretOffset: Int

    /// A rendering from its parts; an offset outside the display is moved to its nearer end, so a
    /// caret outside its display cannot be made, whatever shape ICU's output takes.
    @_spi(Benchmarks) public init(display: String, caretOffset: Int) {
        self.display = display
        self.caretOffset = min(max(caretOffset, 0), display.utf16.count)
    }

    /// A rendering whose offset its maker worked out inside the display: a compiled pattern's
    /// arithmetic, which counts the same pieces it writes. The keystroke path measures nothing twice.
    init(display: String, caretOffsetInside caretOffset: Int) {
        assert((0...display.utf16.count).contains(caretOffset), "the caret is inside its display")
        self.display = display
        self.caretOffset = caretOffset
    }
}

/// Formats amounts exactly as ICU does for one `FormatKey`, without calling ICU per keystroke.
///
/// ICU is asked once, through Foundation's `Decimal.FormatStyle.Currency`, to format a few probe
/// amounts; from them the affixes, digit glyphs, separators and grouping sizes are read off and
/// checked against ICU again. A key whose output cannot be reproduced that way keeps calling the
/// formatter (`isCompiled == false`) and is counted in `fallbackKeys`.
@_spi(Benchmarks) public final class CurrencyFormat: Sendable {
    public let key: FormatKey
    /// What ICU is asked: the key's style, grouped. With grouping on, every display equals it
    /// byte for byte; with grouping off, it does without its group separators.
    package let style: ReferenceStyle
    let pattern: CompiledPattern?
    /// The digits of the locale's numbering system (〇一二… for hanidec, which are not Unicode digits).
    let glyphs: DigitGlyphs
    /// UTF-16 length of the decimal separator, where natural mode's caret stops after it.
    let decimalSeparatorUTF16Count: Int
    /// The locale's decimal and grouping separators as `set` reads them, worked out on first use
    /// (one more ICU call, which a field that is only typed into never makes) and kept.
    var separators: (decimal: Set<Unicode.Scalar>, grouping: Set<Unicode.Scalar>) {
        separatorCache.withLock { cached in
            if let cached { return cached }
            let found = AmountReader.separators(style: style, glyphs: glyphs, locale: key.locale)
            cached = found
            return found
        }
    }
    private let separatorCache = Mutex<(decimal: Set<Unicode.Scalar>, grouping: Set<Unicode.Scalar>)?>(nil)
    /// How `set` may find the currency written beside an amount (`AmountReader.currencyWords`),
    /// worked out on first use and kept: a full name takes one ICU call per plural form.
    func currencyWords(_ make: () -> Set<String>) -> Set<String> {
        if let cached = currencyWordCache.withLock({ $0 }) { return cached }
        let words = make()
        currencyWordCache.withLock { $0 = words }
        return words
    }
    private let currencyWordCache = Mutex<Set<String>?>(nil)

    package var isCompiled: Bool { pattern != nil }

    init(key: FormatKey) {
        self.key = key
        // ICU is asked for grouped output only: on this Foundation `.grouping(.never)` with
        // `.decimalSeparator(strategy: .always)` or `.sign(strategy: .accounting)` prints a bare
        // `1234`, no currency, separator or precision. An ungrouped display is the grouped one
        // without its group separators, which is what `.grouping(.never)` prints where it works.
        let style = ReferenceStyle(key.grouped)
        self.style = style
        glyphs = DigitGlyphs(localeIdentifier: key.locale)
        // Full names follow the amount's plural form (1 dollar, 2 dollars; Slavic and Celtic
        // languages have more): no fixed affix holds them, so ICU formats every display.
        let grouped = key.display == .name ? nil : CompiledPattern.compile(
            style: style, fractionDigits: key.fractionDigits, trailingDecimalSeparator: key.alwaysShowsDecimalSeparator, glyphs: glyphs)
        let pattern = key.grouping == .off ? grouped?.ungrouped : grouped
        self.pattern = pattern
        decimalSeparatorUTF16Count = pattern?.decimalSeparator.utf16Count
            ?? Self.decimalSeparatorUTF16Count(style: style, glyphs: glyphs)
    }

    /// The separator's length read off ICU's `1.1`: the gap between its two digit glyphs.
    private static func decimalSeparatorUTF16Count(style: ReferenceStyle, glyphs: DigitGlyphs) -> Int {
        let text = style.precision(fractionLength: 1).decimalSeparator(strategy: .automatic)
            .format(Decimal(sign: .plus, exponent: -1, significand: 11))
        var ends: [Int] = []
        var starts: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            if glyphs.isDigit(scalar) { starts.append(offset); ends.append(offset + scalar.utf16.count) }
            offset += scalar.utf16.count
        }
        return starts.count == 2 ? starts[1] - ends[0] : 0
    }

    private static let cache = Mutex<[FormatKey: CurrencyFormat]>([:])
    private static let fallbacks = Mutex<Set<FormatKey>>([])

    /// The shared format for `key`, compiled on first use.
    public static func cached(for key: FormatKey) -> CurrencyFormat {
        if let format = cache.withLock({ $0[key] }) { return format }
        let format = CurrencyFormat(key: key)
        if !format.isCompiled { _ = fallbacks.withLock { $0.insert(key) } }
        return cache.withLock { cache in
            if let raced = cache[key] { return raced }
            cache[key] = format
            return format
        }
    }

    /// Every key so far that could not be compiled and formats through Foundation instead.
    public static var fallbackKeys: Set<FormatKey> { fallbacks.withLock { $0 } }

    /// The display of `magnitude` (digit values, no leading zeros) shown with `fractionDigits`
    /// places, and the caret `caretSlotsFromEnd` digit slots from the right.
    public func render(negative: Bool, magnitude: [UInt8], caretSlotsFromEnd caret: Int) -> Rendering {
        if let pattern {
            return magnitude.withUnsafeBufferPointer { pattern.render(negative: negative, magnitude: $0, caret: caret) }
        }
        let display = referenceDisplay(negative: negative, magnitude: magnitude)
        return Rendering(display: display, caretOffset: caretOffset(inFallback: display, caretSlotsFromEnd: caret))
    }

    /// Where the caret stands in `display` (this format's rendering of the same amount) when it
    /// moves: arithmetic on the compiled pattern, a glyph scan for a formatter fallback.
    package func caretOffset(in display: String, negative: Bool, digitCount: Int, caretSlotsFromEnd caret: Int) -> Int {
        if let pattern { return pattern.caretOffset(negative: negative, digitCount: digitCount, caret: caret) }
        return caretOffset(inFallback: display, caretSlotsFromEnd: caret)
    }

    /// The same for the field's inline digits: no array is made on the keystroke path, which
    /// goes straight to the pattern.
    @inline(__always)
    func render(negative: Bool, digits: DigitBuffer, caretSlotsFromEnd caret: Int) -> Rendering {
        if let pattern { return pattern.render(negative: negative, digits: digits, caret: caret) }
        return render(negative: negative, magnitude: digits.array, caretSlotsFromEnd: caret)
    }

    /// What Foundation prints (without group separators for an ungrouped key); a negative zero is
    /// printed as ICU prints `-0`.
    package func referenceDisplay(negative: Bool, magnitude: [UInt8]) -> String {
        let scale = key.fractionDigits
        let printed: String
        if magnitude.isEmpty && negative {
            // ICU keeps the sign of a negative amount that rounds to zero: its own "-0" form.
            printed = style.format(Decimal(sign: .minus, exponent: -(scale + 1), significand: 1))
        } else {
            printed = style.format(ExactDecimal(isNegative: negative, magnitude: magnitude, scale: scale).decimal)
        }
        return key.grouping == .off ? withoutGroupSeparators(printed) : printed
    }

    /// `display` without what stands between its integer digit glyphs: the group separators. The
    /// fraction is the last `fractionDigits` glyphs, and the decimal separator before it is kept.
    func withoutGroupSeparators(_ display: String) -> String {
        let scalars = Array(display.unicodeScalars)
        let digits = scalars.indices.filter { glyphs.isDigit(scalars[$0]) }
        let integerGlyphs = digits.count - key.fractionDigits
        guard integerGlyphs > 1 else { return display }
        let first = digits[0]
        let last = digits[integerGlyphs - 1]
        var text = ""
        for index in scalars.indices where index <= first || index >= last || glyphs.isDigit(scalars[index]) {
            text.unicodeScalars.append(scalars[index])
        }
        return text
    }

    /// The caret offset found by counting digit glyphs in a finished display.
    func caretOffset(inFallback display: String, caretSlotsFromEnd caret: Int) -> Int {
        let glyphOffsets = digitGlyphEnds(in: display)
        let slots = glyphOffsets.count
        if caret >= slots {
            guard let first = glyphOffsets.first else { return 0 }
            return first.start
        }
        return glyphOffsets[slots - 1 - caret].end
    }

    /// UTF-16 start and end of each decimal-digit glyph, in order.
    func digitGlyphEnds(in display: String) -> [(start: Int, end: Int)] {
        var result: [(start: Int, end: Int)] = []
        var offset = 0
        for scalar in display.unicodeScalars {
            let width = scalar.utf16.count
            if glyphs.isDigit(scalar) { result.append((offset, offset + width)) }
            offset += width
        }
        return result
    }
}

/// What a display must equal, byte for byte: Foundation's currency style, or for a `.none` display
/// its number style.
package enum ReferenceStyle: Sendable {
    case currency(Decimal.FormatStyle.Currency)
    case number(Decimal.FormatStyle)

    /// Foundation's style for `key`, as an app would ask for it (`.grouping(.never)` for an
    /// ungrouped key): the one place a key becomes a FormatStyle.
    package init(_ key: FormatKey) {
        let locale = Locale(identifier: key.locale)
        let presentation: CurrencyFormatStyleConfiguration.Presentation?
        switch key.display {
        case .symbol: presentation = nil
        case .narrow: presentation = .narrow
        case .code: presentation = .isoCode
        case .name: presentation = .fullName
        case .none:
            // The amount as the locale writes numbers, with the currency's fraction digits.
            var number = Decimal.FormatStyle(locale: locale).precision(.fractionLength(key.fractionDigits))
            if key.alwaysShowsDecimalSeparator { number = number.decimalSeparator(strategy: .always) }
            if key.grouping == .off { number = number.grouping(.never) }
            self = .number(number)
            return
        }
        var currency = Decimal.FormatStyle.Currency(code: key.currency, locale: locale).precision(.fractionLength(key.fractionDigits))
        if key.accounting { currency = currency.sign(strategy: .accounting) }
        if key.alwaysShowsDecimalSeparator { currency = currency.decimalSeparator(strategy: .always) }
        if key.grouping == .off { currency = currency.grouping(.never) }
        // The presentation goes on last, as it always has: a few locales' full-name patterns depend on the order.
        if let presentation { currency = currency.presentation(presentation) }
        self = .currency(currency)
    }

    package func format(_ value: Decimal) -> String {
        switch self {
        case .currency(let style): value.formatted(style)
        case .number(let style): value.formatted(style)
        }
    }

    func precision(fractionLength: Int) -> ReferenceStyle {
        switch self {
        case .currency(let style): .currency(style.precision(.fractionLength(fractionLength)))
        case .number(let style): .number(style.precision(.fractionLength(fractionLength)))
        }
    }

    func decimalSeparator(strategy: Decimal.FormatStyle.Configuration.DecimalSeparatorDisplayStrategy) -> ReferenceStyle {
        switch self {
        case .currency(let style): .currency(style.decimalSeparator(strategy: strategy))
        case .number(let style): .number(style.decimalSeparator(strategy: strategy))
        }
    }
}

import Foundation
@_spi(Benchmarks) import MoneyFieldEngine
import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts

/// What SPEC §1 says a field must show and return, computed without the engine's formatter.
///
/// The display comes straight from Foundation's `Decimal.FormatStyle.Currency`, the SPEC's reference;
/// value and minor units are rebuilt from the digit string by the SPEC's rules.
package enum FieldReference {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Foundation's style for the field: its locale and currency, `f` (atm) or 0 (whole) fraction digits
    /// (or `fractionDigits`), the accounting sign when asked for, and its presentation. Options go on
    /// in the engine's order, since ICU's full-name patterns of a few locales depend on it.
    package static func style(
        for configuration: FieldConfiguration, fractionDigits: Int? = nil, alwaysShowsSeparator: Bool = false
    ) -> Decimal.FormatStyle.Currency {
        var style = Decimal.FormatStyle.Currency(code: configuration.currency, locale: Locale(identifier: configuration.locale))
            .precision(.fractionLength(fractionDigits ?? configuration.shownFractionDigits))
        if configuration.accounting { style = style.sign(strategy: .accounting) }
        if alwaysShowsSeparator { style = style.decimalSeparator(strategy: .always) }
        switch configuration.display {
        case .symbol: break
        case .narrow: style = style.presentation(.narrow)
        case .code: style = style.presentation(.isoCode)
        case .name: style = style.presentation(.fullName)
        case .none: break  // a number style, not a currency one: see `numberStyle`
        }
        return style
    }

    /// A `none` display: Foundation's number style for the locale with the field's fraction digits.
    package static func numberStyle(for configuration: FieldConfiguration, fractionDigits: Int? = nil, alwaysShowsSeparator: Bool = false) -> Decimal.FormatStyle {
        var style = Decimal.FormatStyle(locale: Locale(identifier: configuration.locale))
            .precision(.fractionLength(fractionDigits ?? configuration.shownFractionDigits))
        if alwaysShowsSeparator { style = style.decimalSeparator(strategy: .always) }
        return style
    }

    /// Natural mode's style (SPEC §1 Natural entry): the fraction digits typed, and the separator
    /// even with none when the point stands.
    package static func naturalStyle(for configuration: FieldConfiguration, typedFraction: Int?, point: Bool? = nil) -> Decimal.FormatStyle.Currency {
        style(for: configuration, fractionDigits: typedFraction ?? 0,
              alwaysShowsSeparator: (point ?? (typedFraction != nil)) && (typedFraction ?? 0) == 0)
    }

    /// The display the field must show. A sign on zero is compared with the engine's own
    /// `referenceDisplay`, which is what ICU prints for its negative zero (`-$0.00`).
    package static func display(of field: MoneyField, style: Decimal.FormatStyle.Currency? = nil) -> String {
        let configuration = field.configuration
        let state = field.state
        let natural = configuration.mode == .natural
        if isEmpty(field) { return "" }
        if state.digits.isEmpty && state.isNegative {
            let shown = natural ? state.typedFraction ?? 0 : configuration.shownFractionDigits
            let key = configuration.formatKey.showing(fractionDigits: shown, point: natural && state.typedFraction == 0)
            return CurrencyFormat.cached(for: key).referenceDisplay(negative: true, magnitude: [])
        }
        if natural {
            let typed = Decimal(string: plain(negative: state.isNegative, digits: state.digitString, scale: state.typedFraction ?? 0), locale: posix)!
            if configuration.display == .none {
                let fraction = state.typedFraction ?? 0
                return typed.formatted(numberStyle(for: configuration, fractionDigits: fraction, alwaysShowsSeparator: state.typedFraction == 0))
            }
            return typed.formatted(naturalStyle(for: configuration, typedFraction: state.typedFraction))
        }
        let decimal = Decimal(string: value(of: field), locale: posix)!
        if configuration.display == .none { return decimal.formatted(numberStyle(for: configuration)) }
        return decimal.formatted(style ?? self.style(for: configuration))
    }

    /// Whether SPEC §1 says the field shows an empty display: emptied by deleting, or a positive
    /// zero (no point typed) with `emptyWhenZero`.
    package static func isEmpty(_ field: MoneyField) -> Bool {
        let state = field.state
        return state.isEmptied
            || (field.configuration.emptyWhenZero && state.digits.isEmpty && !state.isNegative && state.typedFraction == nil)
    }

    /// What an empty field shows (SPEC §1, `emptyShows`): nothing, or Foundation's zero for the
    /// field without its digit glyphs, the caret where the first stood; nothing with a `none` display.
    package static func emptyDisplay(of field: MoneyField) -> (display: String, caretOffset: Int) {
        let configuration = field.configuration
        guard configuration.emptyShows != .nothing, configuration.display != .none else { return ("", 0) }
        // `symbolWhenFocused` after `<enter>`: the field is not focused.
        if configuration.emptyShows == .symbolWhenFocused && field.state.hasLeftField { return ("", 0) }
        let zero = Decimal.zero.formatted(configuration.mode == .natural
            ? naturalStyle(for: configuration, typedFraction: nil) : style(for: configuration))
        let glyphs = digitGlyphs(in: zero)
        guard let first = glyphs.first, let last = glyphs.last else { return ("", 0) }
        let utf16 = Array(zero.utf16)
        return (String(decoding: utf16[..<first.lowerBound] + utf16[last.upperBound...], as: UTF16.self), first.lowerBound)
    }

    /// `n`: digit slots shown: `max(len, f + 1)` in atm mode, `max(len, 1)` in whole mode; in
    /// natural mode the units: integer slots (at least one), then the point and the `k` fraction digits typed.
    package static func slotCount(of field: MoneyField) -> Int {
        // An empty display has one caret stop: 0.
        if isEmpty(field) { return 0 }
        guard field.configuration.mode == .natural else {
            return max(field.state.digits.count, field.configuration.shownFractionDigits + 1)
        }
        guard let typed = field.state.typedFraction else { return max(field.state.digits.count, 1) }
        return max(field.state.digits.count - typed, 1) + 1 + typed
    }

    /// `-1234.50` for the digit string at `scale`; the sign only on a non-zero amount.
    static func plain(negative: Bool, digits: String, scale: Int) -> String {
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        let sign = negative && !digits.isEmpty ? "-" : ""
        let integerPart = padded.dropLast(scale)
        return scale == 0 ? sign + integerPart : sign + integerPart + "." + padded.suffix(scale)
    }

    /// The plain value: `-` unless zero, the integer part, and `.` with exactly `f` digits in atm
    /// mode and natural mode (whose typed fraction is padded with zeros).
    package static func value(of field: MoneyField) -> String {
        let fraction = field.configuration.shownFractionDigits
        let typed = field.configuration.mode == .natural ? field.state.typedFraction ?? 0 : fraction
        let digits = field.state.digitString.isEmpty ? "" : field.state.digitString + String(repeating: "0", count: fraction - typed)
        return plain(negative: field.state.isNegative, digits: digits, scale: fraction)
    }

    /// The signed amount in minor units; whole mode multiplies by 10^f of the currency.
    ///
    /// Worked out with Foundation's `Decimal` from the plain value, not from the digit string as
    /// the engine does, so a bug in the engine's rule cannot hide here.
    package static func minorUnits(of field: MoneyField) -> String {
        var amount = Decimal(string: value(of: field), locale: posix)!
        var scaled = Decimal()
        _ = NSDecimalMultiplyByPowerOf10(&scaled, &amount, Int16(field.configuration.fractionDigits), .plain)
        return scaled.description
    }

    /// The UTF-16 offset the caret must have: right after the digit glyph with `c` slots to its right,
    /// or right before the first glyph when `c = n`; nil when `c` is out of `0…n` or the glyphs do not match `n`.
    package static func caretOffset(in display: String, slots: Int, caretSlotsFromEnd caret: Int) -> Int? {
        let glyphs = digitGlyphs(in: display)
        guard glyphs.count == slots, (0...slots).contains(caret), slots > 0 else { return nil }
        return caret == slots ? glyphs[0].lowerBound : glyphs[slots - 1 - caret].upperBound
    }

    /// UTF-16 ranges of the decimal-digit glyphs (general category Nd) in `display`, in order.
    package static func digitGlyphs(in display: String) -> [Range<Int>] {
        var glyphs: [Range<Int>] = []
        var offset = 0
        for scalar in display.unicodeScalars {
            let width = scalar.utf16.count
            if scalar.properties.generalCategory == .decimalNumber { glyphs.append(offset..<offset + width) }
            offset += width
        }
        return glyphs
    }

    /// Natural mode's unit glyphs left to right: each digit glyph, and the decimal separator where
    /// the point stands, found as where ICU's display with the point differs from the one without.
    package static func naturalUnitGlyphs(of field: MoneyField) -> [Range<Int>]? {
        let display = field.rendering.display
        var glyphs = digitGlyphs(in: display)
        guard let typed = field.state.typedFraction else { return glyphs }
        let integerSlots = glyphs.count - typed
        guard integerSlots >= 1 else { return nil }
        let start = glyphs[integerSlots - 1].upperBound
        let end: Int
        if typed > 0 {
            end = glyphs[integerSlots].lowerBound
        } else {
            // ICU's separator as it writes one fraction digit (`1.5`): what follows the last integer glyph.
            // (Without the point ICU may space the currency differently: `197 KWD` but `197.KWD`.)
            let oneDigit = Decimal(string: "1.5", locale: posix)!.formatted(naturalStyle(for: field.configuration, typedFraction: 1))
            let oneDigitGlyphs = digitGlyphs(in: oneDigit)
            guard oneDigitGlyphs.count == 2 else { return nil }
            end = start + oneDigitGlyphs[1].lowerBound - oneDigitGlyphs[0].upperBound
        }
        glyphs.insert(start..<end, at: integerSlots)
        return glyphs
    }

    /// Everything about `field` that disagrees with SPEC §1, one line each; empty when all is well.
    package static func problems(in field: MoneyField, style: Decimal.FormatStyle.Currency? = nil) -> [String] {
        var problems: [String] = []
        let state = field.state
        let rendering = field.rendering
        let slots = slotCount(of: field)
        if state.digits.first == 0 { problems.append("digit string \(state.digitString) has a leading zero") }
        if state.digits.contains(where: { $0 > 9 }) { problems.append("digit string holds a value above 9") }
        // Natural mode counts the amount's digits at f places (README decisions).
        let counted = field.configuration.mode == .natural && !state.digits.isEmpty
            ? state.digits.count + field.configuration.shownFractionDigits - (state.typedFraction ?? 0) : state.digits.count
        if counted > field.configuration.maxDigits {
            problems.append("\(counted) digits, above \(FieldOption[\.maxDigits].name) \(field.configuration.maxDigits)")
        }
        if let typed = state.typedFraction, field.configuration.mode != .natural || typed > field.configuration.shownFractionDigits {
            problems.append("a typed point with \(typed) fraction digits in a \(field.configuration.mode.rawValue) field")
        }
        if field.slotCount != slots { problems.append("slotCount \(field.slotCount), SPEC says \(slots)") }
        if isEmpty(field) {
            // SPEC §1: an empty field shows nothing, the caret at 0, nothing selected.
            if state.caretSlotsFromEnd != 0 || state.selectionAnchor != nil { problems.append("an empty field keeps caret \(state.caretSlotsFromEnd) or a selection") }
            let expected = emptyDisplay(of: field)
            if rendering.display != expected.display || rendering.caretOffset != expected.caretOffset {
                problems.append("an empty field shows \(VisibleText.escaped(rendering.display)) caret \(rendering.caretOffset), "
                    + "SPEC says \(VisibleText.escaped(expected.display)) caret \(expected.caretOffset)")
            }
            if field.value != nil || field.minorUnits != nil || field.decimalValue != nil { problems.append("an empty field has a value") }
            return problems
        }
        if !(0...slots).contains(state.caretSlotsFromEnd) {
            problems.append("caret \(state.caretSlotsFromEnd) outside 0…\(slots)")
        }
        let expectedDisplay = display(of: field, style: style)
        if rendering.display != expectedDisplay {
            problems.append("display \(VisibleText.escaped(rendering.display)), reference \(VisibleText.escaped(expectedDisplay))")
        }
        let expectedCaret: Int?
        if field.configuration.mode == .natural {
            let units = naturalUnitGlyphs(of: field) ?? []
            if units.count != slots { problems.append("display shows \(units.count) unit glyphs, n is \(slots)") }
            let caret = state.caretSlotsFromEnd
            expectedCaret = units.count == slots && (0...slots).contains(caret)
                ? (caret == slots ? units[0].lowerBound : units[slots - 1 - caret].upperBound) : nil
        } else {
            let glyphCount = digitGlyphs(in: rendering.display).count
            if glyphCount != slots { problems.append("display shows \(glyphCount) digit glyphs, n is \(slots)") }
            expectedCaret = caretOffset(in: rendering.display, slots: slots, caretSlotsFromEnd: state.caretSlotsFromEnd)
        }
        if rendering.caretOffset != expectedCaret {
            problems.append("caret offset \(rendering.caretOffset), expected \(expectedCaret.map(String.init) ?? "none") "
                + "for c = \(state.caretSlotsFromEnd) in \(VisibleText.escaped(rendering.display))")
        }
        if field.value != value(of: field) { problems.append("value \(field.value ?? "nil"), expected \(value(of: field))") }
        if field.minorUnits != minorUnits(of: field) {
            problems.append("minor units \(field.minorUnits ?? "nil"), expected \(minorUnits(of: field))")
        }
        if field.amount != field.value.flatMap(ExactDecimal.init(plain:)) {
            problems.append("amount \(field.amount) disagrees with value \(field.value ?? "nil")")
        }
        return problems
    }
}

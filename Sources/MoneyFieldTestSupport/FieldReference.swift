import Foundation
import MoneyFieldEngine
import MoneyFieldShell

/// What SPEC §1 says a field must show and return, computed without the engine's formatter.
///
/// The display comes straight from Foundation's `Decimal.FormatStyle.Currency`, the SPEC's reference;
/// value and minor units are rebuilt from the digit string by the SPEC's rules.
public enum FieldReference {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Foundation's style for the field: its locale and currency, `f` (atm) or 0 (whole) fraction digits,
    /// and the accounting sign when asked for.
    public static func style(for configuration: FieldConfiguration) -> Decimal.FormatStyle.Currency {
        var style = Decimal.FormatStyle.Currency(code: configuration.currency, locale: Locale(identifier: configuration.locale))
            .precision(.fractionLength(configuration.shownFractionDigits))
        if configuration.accounting { style = style.sign(strategy: .accounting) }
        switch configuration.display {
        case .symbol: break
        case .narrow: style = style.presentation(.narrow)
        case .code: style = style.presentation(.isoCode)
        case .name: style = style.presentation(.fullName)
        }
        return style
    }

    /// The display the field must show. A sign on zero is compared with the engine's own
    /// `referenceDisplay`, which is what ICU prints for its negative zero (`-$0.00`).
    public static func display(of field: MoneyField, style: Decimal.FormatStyle.Currency? = nil) -> String {
        let configuration = field.configuration
        if configuration.emptyWhenZero && field.state.digits.isEmpty && !field.state.isNegative { return "" }
        if field.state.digits.isEmpty && field.state.isNegative {
            let key = FormatKey(locale: configuration.locale, currency: configuration.currency,
                                fractionDigits: configuration.shownFractionDigits, accounting: configuration.accounting,
                                display: configuration.display)
            return CurrencyFormat.cached(for: key).referenceDisplay(negative: true, magnitude: [])
        }
        let decimal = Decimal(string: value(of: field), locale: posix)!
        return decimal.formatted(style ?? self.style(for: configuration))
    }

    /// `n`: digit slots shown: `max(len, f + 1)` in atm mode, `max(len, 1)` in whole mode.
    public static func slotCount(of field: MoneyField) -> Int {
        max(field.state.digits.count, field.configuration.shownFractionDigits + 1)
    }

    /// The plain value: `-` unless zero, the integer part, and `.` with exactly `f` digits in atm mode.
    public static func value(of field: MoneyField) -> String {
        let fraction = field.configuration.shownFractionDigits
        let padded = String(repeating: "0", count: max(0, fraction + 1 - field.state.digits.count))
            + field.state.digitString
        let sign = field.state.isNegative && !field.state.digits.isEmpty ? "-" : ""
        let integerPart = padded.dropLast(fraction)
        return fraction == 0 ? sign + integerPart : sign + integerPart + "." + padded.suffix(fraction)
    }

    /// The signed amount in minor units; whole mode multiplies by 10^f of the currency.
    ///
    /// Worked out with Foundation's `Decimal` from the plain value, not from the digit string as
    /// the engine does, so a bug in the engine's rule cannot hide here.
    public static func minorUnits(of field: MoneyField) -> String {
        var amount = Decimal(string: value(of: field), locale: posix)!
        var scaled = Decimal()
        NSDecimalMultiplyByPowerOf10(&scaled, &amount, Int16(field.configuration.fractionDigits), .plain)
        return scaled.description
    }

    /// The UTF-16 offset the caret must have: right after the digit glyph with `c` slots to its right,
    /// or right before the first glyph when `c = n`; nil when `c` is out of `0…n` or the glyphs do not match `n`.
    public static func caretOffset(in display: String, slots: Int, caretSlotsFromEnd caret: Int) -> Int? {
        let glyphs = digitGlyphs(in: display)
        guard glyphs.count == slots, (0...slots).contains(caret), slots > 0 else { return nil }
        return caret == slots ? glyphs[0].lowerBound : glyphs[slots - 1 - caret].upperBound
    }

    /// UTF-16 ranges of the decimal-digit glyphs (general category Nd) in `display`, in order.
    public static func digitGlyphs(in display: String) -> [Range<Int>] {
        var glyphs: [Range<Int>] = []
        var offset = 0
        for scalar in display.unicodeScalars {
            let width = scalar.utf16.count
            if scalar.properties.generalCategory == .decimalNumber { glyphs.append(offset..<offset + width) }
            offset += width
        }
        return glyphs
    }

    /// Everything about `field` that disagrees with SPEC §1, one line each; empty when all is well.
    public static func problems(in field: MoneyField, style: Decimal.FormatStyle.Currency? = nil) -> [String] {
        var problems: [String] = []
        let state = field.state
        let rendering = field.rendering
        let slots = slotCount(of: field)
        if state.digits.first == 0 { problems.append("digit string \(state.digitString) has a leading zero") }
        if state.digits.contains(where: { $0 > 9 }) { problems.append("digit string holds a value above 9") }
        if state.digits.count > field.configuration.maxDigits {
            problems.append("\(state.digits.count) digits, above --max-digits \(field.configuration.maxDigits)")
        }
        if field.slotCount != slots { problems.append("slotCount \(field.slotCount), SPEC says \(slots)") }
        if field.configuration.emptyWhenZero && state.digits.isEmpty && !state.isNegative {
            // SPEC §1 --empty-when-zero: nothing shown, the caret at 0.
            if rendering.display != "" || rendering.caretOffset != 0 { problems.append("an empty field shows \(rendering.display)") }
            return problems
        }
        if !(0...slots).contains(state.caretSlotsFromEnd) {
            problems.append("caret \(state.caretSlotsFromEnd) outside 0…\(slots)")
        }
        let expectedDisplay = display(of: field, style: style)
        if rendering.display != expectedDisplay {
            problems.append("display \(VisibleText.escaped(rendering.display)), reference \(VisibleText.escaped(expectedDisplay))")
        }
        let glyphCount = digitGlyphs(in: rendering.display).count
        if glyphCount != slots { problems.append("display shows \(glyphCount) digit glyphs, n is \(slots)") }
        let expectedCaret = caretOffset(in: rendering.display, slots: slots, caretSlotsFromEnd: state.caretSlotsFromEnd)
        if rendering.caretOffset != expectedCaret {
            problems.append("caret offset \(rendering.caretOffset), expected \(expectedCaret.map(String.init) ?? "none") "
                + "for c = \(state.caretSlotsFromEnd) in \(VisibleText.escaped(rendering.display))")
        }
        if field.value != value(of: field) { problems.append("value \(field.value), expected \(value(of: field))") }
        if field.minorUnits != minorUnits(of: field) {
            problems.append("minor units \(field.minorUnits), expected \(minorUnits(of: field))")
        }
        if field.amount != ExactDecimal(plain: field.value) {
            problems.append("amount \(field.amount) disagrees with value \(field.value)")
        }
        return problems
    }
}

import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell

/// How `check` counts a caret (SPEC §4, `--caret slot`): the units right of it in a display,
/// digit glyphs, and in natural entry the typed point too (`$0|.1` and `$0.|1` differ).
package struct CaretUnits: Sendable, Equatable {
    /// The decimal separator that is a unit (natural entry), nil where only digits are.
    package let point: Unicode.Scalar?

    package static let digits = CaretUnits(point: nil)

    package init(point: Unicode.Scalar?) { self.point = point }

    package init(_ configuration: FieldConfiguration) {
        point = configuration.mode == .natural ? Situation.decimalSeparator(for: configuration) : nil
    }

    /// The units right of UTF-16 `offset` in `display`: digit glyphs, and the point where it
    /// follows a digit (so a `.` in `лв.` never counts).
    package func right(of offset: Int, in display: String) -> Int {
        var seen = 0
        var count = 0
        var afterDigit = false
        for scalar in display.unicodeScalars {
            let digit = Key.digitValue(of: scalar) != nil
            if seen >= offset, digit || (scalar == point && afterDigit) { count += 1 }
            if !Situation.isInvisible(scalar) { afterDigit = digit }
            seen += scalar.utf16.count
        }
        return count
    }

    /// The UTF-16 offset with `units` units right of it: just after the unit glyph before them,
    /// or before the first unit when `units` is all of them.
    package func offset(unitsRight units: Int, in display: String) -> Int {
        var offsets: [Int] = []
        var seen = 0
        var afterDigit = false
        for scalar in display.unicodeScalars {
            let digit = Key.digitValue(of: scalar) != nil
            seen += scalar.utf16.count
            if digit || (scalar == point && afterDigit) { offsets.append(seen) }
            if !Situation.isInvisible(scalar) { afterDigit = digit }
        }
        guard !offsets.isEmpty else { return 0 }
        let left = offsets.count - min(max(units, 0), offsets.count)
        if left > 0 { return offsets[left - 1] }
        // Before the first unit: its start.
        var start = 0
        for scalar in display.unicodeScalars {
            if Key.digitValue(of: scalar) != nil { return start }
            start += scalar.utf16.count
        }
        return 0
    }
}

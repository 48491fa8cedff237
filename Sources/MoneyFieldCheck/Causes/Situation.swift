import Foundation
@_spi(Benchmarks) import MoneyFieldEngine
import Synchronization

/// Where a key was pressed, as `check` groups disagreements by (SPEC §4): what stands left and
/// right of the caret in moneyfield's display, and whether the field is empty, zero or full
/// (in natural entry also: the caret in a fraction typed full).
/// The digits themselves are not part of it, so `12|,345` and `9|,000` are one situation.
package struct Situation: Hashable, Sendable, Codable {
    /// A glyph beside the caret, classified with the field's own format.
    package enum Neighbour: String, Hashable, Sendable, Codable, CaseIterable {
        case digit, group, decimal, currency, sign, edge, nothing

        var words: String {
            switch self {
            case .digit: "a digit"
            case .group: "a group separator"
            case .decimal: "the decimal separator"
            case .currency: "the currency text"
            case .sign: "the sign"
            case .edge: "the display's edge"
            case .nothing: "nothing"
            }
        }
    }

    package enum Fill: String, Hashable, Sendable, Codable, CaseIterable {
        case empty, zero, full, some
        /// Natural entry: the caret right of the point with every fraction digit typed, where a
        /// digit is refused whatever the amount (`$0.00` and `$1.23` alike).
        case fractionFull = "fraction-full"

        var words: String {
            switch self {
            case .empty: "the field empty"
            case .zero: "the field at zero"
            case .full: "the field full"
            case .some: "the field not empty"
            case .fractionFull: "the fraction full"
            }
        }
    }

    package let left: Neighbour
    package let right: Neighbour
    package let fill: Fill
    package let selecting: Bool

    package init(left: Neighbour, right: Neighbour, fill: Fill, selecting: Bool = false) {
        self.left = left
        self.right = right
        self.fill = fill
        self.selecting = selecting
    }

    /// The situation of `field` as it stands, before its next key.
    package init(_ field: MoneyField) {
        // Only the two glyphs beside the caret are classified: steering asks at every key.
        let glyphs = Self.glyphs(of: field.display)
        if glyphs.isEmpty {
            left = .nothing
            right = .nothing
        } else {
            let decimal = Self.decimalSeparator(for: field.configuration)
            let caret = field.caretOffset
            let rightIndex = glyphs.firstIndex { $0.offset >= caret } ?? glyphs.endIndex
            left = rightIndex > 0 ? Self.kind(at: rightIndex - 1, in: glyphs, decimal: decimal) : .edge
            right = rightIndex < glyphs.endIndex ? Self.kind(at: rightIndex, in: glyphs, decimal: decimal) : .edge
        }
        let digits = field.state.digits
        let configuration = field.configuration
        let full: Bool
        switch configuration.mode {
        // Natural entry's digit limit holds the fraction's slots: the integer part is full first.
        case .natural: full = digits.count - (field.state.typedFraction ?? 0) >= configuration.maxDigits - configuration.shownFractionDigits
        case .atm, .whole: full = digits.count >= configuration.maxDigits
        }
        let fraction = field.state.typedFraction ?? 0
        let inFullFraction = configuration.mode == .natural && fraction > 0 && fraction == configuration.shownFractionDigits
            && field.state.caretSlotsFromEnd <= fraction
        if field.isEmpty {
            fill = .empty
        } else if inFullFraction {
            fill = .fractionFull
        } else if full {
            fill = .full
        } else if digits.allSatisfy({ $0 == 0 }) {
            fill = .zero
        } else {
            fill = .some
        }
        selecting = field.selectionRange != nil
    }

    /// `a group separator left of the caret and a digit right of it, the field not empty`.
    package var words: String {
        let sides = left == right ? "\(left.words) on both sides of the caret"
            : "\(left.words) left of the caret and \(right.words) right of it"
        return sides + ", " + fill.words + (selecting ? ", a selection made" : "")
    }

    /// A short, stable spelling for the manifest and for grouping: `group|digit|some`.
    package var code: String { "\(left.rawValue)|\(right.rawValue)|\(fill.rawValue)\(selecting ? "|selecting" : "")" }

    /// Marks that steer bidirectional text and show nothing: never a glyph beside the caret.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Each visible glyph of `display` with its UTF-16 offset and its kind: digits are Unicode
    /// digits; a glyph between digits is the decimal separator when it is the field's, else a
    /// group separator; a minus or a bracket is the sign; the rest (symbol, code, spaces) is the
    /// currency text.
    static func classified(_ display: String, configuration: FieldConfiguration) -> [(offset: Int, kind: Neighbour)] {
        let glyphs = glyphs(of: display)
        let decimal = decimalSeparator(for: configuration)
        return glyphs.indices.map { (glyphs[$0].offset, kind(at: $0, in: glyphs, decimal: decimal)) }
    }

    /// A visible glyph of a display: its UTF-16 offset, and whether it is a digit.
    struct Glyph {
        let offset: Int
        let scalar: Unicode.Scalar
        let isDigit: Bool
    }

    static func glyphs(of display: String) -> [Glyph] {
        var glyphs: [Glyph] = []
        var offset = 0
        for scalar in display.unicodeScalars {
            if !isInvisible(scalar) { glyphs.append(Glyph(offset: offset, scalar: scalar, isDigit: Key.digitValue(of: scalar) != nil)) }
            offset += scalar.utf16.count
        }
        return glyphs
    }

    /// The kind of `glyphs[index]`, read from it and the glyphs on each side.
    static func kind(at index: Int, in glyphs: [Glyph], decimal: Unicode.Scalar?) -> Neighbour {
        let glyph = glyphs[index]
        if glyph.isDigit { return .digit }
        let afterDigit = index > 0 && glyphs[index - 1].isDigit
        let betweenDigits = afterDigit && index + 1 < glyphs.count && glyphs[index + 1].isDigit
        if let decimal, glyph.scalar == decimal, afterDigit { return .decimal }
        if betweenDigits { return .group }
        switch glyph.scalar {
        case "-", "\u{2212}", "(", ")", "+": return .sign
        default: return .currency
        }
    }

    /// The digits of `display` before and after the field's decimal separator.
    static func digits(of display: String, configuration: FieldConfiguration) -> (integer: [UInt8], fraction: [UInt8]) {
        let decimal = decimalSeparator(for: configuration)
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var inFraction = false
        let scalars = Array(display.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if let digit = Key.digitValue(of: scalar) {
                if inFraction { fraction.append(digit) } else { integer.append(digit) }
            } else if scalar == decimal, !inFraction,
                      !integer.isEmpty || (index + 1 < scalars.count && Key.digitValue(of: scalars[index + 1]) != nil) {
                // The point after a digit, or before one with none before it (`$.05`).
                inFraction = true
            }
        }
        return (integer, fraction)
    }

    /// The field's decimal separator: read off the field itself as made with a fraction (the one
    /// non-digit between its digits), else the locale's.
    static func decimalSeparator(for configuration: FieldConfiguration) -> Unicode.Scalar? {
        let key = SeparatorKey(format: configuration.formatKey, mode: configuration.mode)
        if let known = separators.withLock({ $0[key] }) { return known }
        let found = readDecimalSeparator(for: configuration)
        separators.withLock { $0[key] = .some(found) }
        return found
    }

    /// What the separator depends on: the field's format (the engine's own key for it, so a
    /// setting that changes the format changes this too) and its mode. Typed, not text: steering
    /// asks at every key, and an interpolated key cost a tenth of the zoo's tests.
    private struct SeparatorKey: Hashable {
        let format: FormatKey
        let mode: EntryMode
    }

    /// Each configuration's separator, read once.
    private static let separators = Mutex<[SeparatorKey: Unicode.Scalar?]>([:])

    private static func readDecimalSeparator(for configuration: FieldConfiguration) -> Unicode.Scalar? {
        let made = MoneyField(configuration).display.unicodeScalars.filter { !isInvisible($0) }
        let scalars = Array(made)
        if configuration.mode == .atm && configuration.shownFractionDigits > 0,
           let first = scalars.firstIndex(where: { Key.digitValue(of: $0) != nil }), first + 2 < scalars.count,
           Key.digitValue(of: scalars[first + 1]) == nil, Key.digitValue(of: scalars[first + 2]) != nil {
            return scalars[first + 1]
        }
        return Locale(identifier: configuration.locale).decimalSeparator?.unicodeScalars.first
    }
}

import Foundation

/// The ten digits a locale's numbering system writes, read off ICU's own output.
///
/// Most systems use Unicode decimal digits (category Nd), but some do not: `hanidec` writes
/// 〇一二三…, which Unicode calls letters. Reading the glyphs from ICU lets the caret, `set` and
/// the compiled format treat them as digits like any other.
package struct DigitGlyphs: Sendable {
    /// Each glyph's value, by scalar.
    private let values: [Unicode.Scalar: UInt8]
    /// Whether the glyphs are ASCII digits: what ICU falls back to for a system it cannot use.
    let isLatin: Bool

    init(localeIdentifier: String) {
        let digits = ICUData.decimalDigits(localeIdentifier: localeIdentifier)
            ?? Self.formattedDigits(localeIdentifier: localeIdentifier)
        var values: [Unicode.Scalar: UInt8] = [:]
        for (value, glyph) in (digits ?? []).enumerated() { values[glyph] = UInt8(value) }
        self.values = values.count == 10 ? values : [:]
        isLatin = (0...9).allSatisfy { values[Unicode.Scalar(48 + UInt8($0))] == UInt8($0) }
    }

    /// The glyphs ICU prints for 0 to 9 alone, or nil when they are not ten single scalars.
    package static func formattedDigits(localeIdentifier: String) -> [Unicode.Scalar]? {
        let locale = Locale(identifier: localeIdentifier)
        let texts = (0...9).map { Decimal($0).formatted(.number.locale(locale).grouping(.never)) }
        // Whatever all ten share at either end (a bidi mark) is not the digit.
        let scalars = texts.map { Array($0.unicodeScalars) }
        let shortest = scalars.map(\.count).min() ?? 0
        let prefix = (0..<shortest).prefix { index in scalars.allSatisfy { $0[index] == scalars[0][index] } }.count
        let suffix = (0..<(shortest - prefix)).prefix { back in
            scalars.allSatisfy { $0[$0.count - 1 - back] == scalars[0][scalars[0].count - 1 - back] }
        }.count
        guard scalars.allSatisfy({ $0.count - prefix - suffix == 1 }) else { return nil }
        return scalars.map { $0[prefix] }
    }

    /// The value of a digit glyph of this system, or of any Unicode decimal digit; else nil.
    func value(of scalar: Unicode.Scalar) -> UInt8? {
        values[scalar] ?? Key.digitValue(of: scalar)
    }

    func isDigit(_ scalar: Unicode.Scalar) -> Bool { value(of: scalar) != nil }

    /// Whether the scalar is one of this system's own ten glyphs.
    func isOwnGlyph(_ scalar: Unicode.Scalar) -> Bool { values[scalar] != nil }
}

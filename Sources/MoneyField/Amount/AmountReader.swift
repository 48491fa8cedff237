import Foundation

/// Reads an amount typed for `set`: plain (`-1234.5`) or as the field's locale formats it (`1.234,50 €`).
struct AmountReader {
    let format: CurrencyFormat
    let locale: String

    private static let signs: Set<Unicode.Scalar> = ["-", "\u{2212}", "\u{2012}", "\u{FE63}", "\u{FF0D}", "("]
    private static let ignorable: Set<Unicode.Scalar> = [
        "+", ")", "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    func read(_ text: String) throws(FieldError) -> ExactDecimal {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let plain = ExactDecimal(plain: trimmed) { return plain }
        return try readLocalized(trimmed, original: text)
    }

    /// Digits, the locale's separators, signs and the currency's own symbol letters are read;
    /// anything else means the text is not an amount in this locale.
    private func readLocalized(_ text: String, original: String) throws(FieldError) -> ExactDecimal {
        let foundationLocale = Locale(identifier: locale)
        let decimalSeparator = decimalSeparatorScalars(foundationLocale)
        let affixScalars = Set(
            [format.referenceDisplay(negative: false, magnitude: []),
             format.referenceDisplay(negative: true, magnitude: []), format.key.currency]
                .flatMap(\.unicodeScalars)
                .filter { Key.digitValue(of: $0) == nil && !decimalSeparator.contains($0) })
        let grouping = Set((foundationLocale.groupingSeparator ?? ",").unicodeScalars)
        var negative = false
        var integerDigits: [UInt8] = []
        var fractionDigits: [UInt8] = []
        var inFraction = false
        for scalar in text.unicodeScalars {
            if let digit = Key.digitValue(of: scalar) {
                if inFraction { fractionDigits.append(digit) } else { integerDigits.append(digit) }
            } else if decimalSeparator.contains(scalar), !inFraction {
                inFraction = true
            } else if Self.signs.contains(scalar) {
                negative = true
            } else if (grouping.contains(scalar) && !inFraction) || scalar.properties.isWhitespace
                        || Self.ignorable.contains(scalar) || affixScalars.contains(scalar) {
                continue
            } else {
                throw .unreadableAmount(original, locale: locale)
            }
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else {
            throw .unreadableAmount(original, locale: locale)
        }
        return ExactDecimal(isNegative: negative, magnitude: integerDigits + fractionDigits, scale: fractionDigits.count)
    }

    private func decimalSeparatorScalars(_ locale: Locale) -> Set<Unicode.Scalar> {
        // The separator ICU uses for this currency (it can differ from the number one), else the locale's.
        if format.key.fractionDigits > 0 {
            let shown = format.referenceDisplay(negative: false, magnitude: [1])
            let scalars = Array(shown.unicodeScalars)
            if let last = scalars.lastIndex(where: { Key.digitValue(of: $0) != nil }) {
                let fractionStart = last - format.key.fractionDigits + 1
                if fractionStart > 0 { return [scalars[fractionStart - 1]] }
            }
        }
        return Set((locale.decimalSeparator ?? ".").unicodeScalars)
    }
}

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
    ///
    /// A currency symbol may hold the decimal separator itself (`R$` where en_CV writes `R$ 966$01`,
    /// `د.ك.` where the separator is `.`), so the separator only counts as the decimal point between a
    /// non-letter and a digit; elsewhere it is read as part of the symbol.
    private func readLocalized(_ text: String, original: String) throws(FieldError) -> ExactDecimal {
        let foundationLocale = Locale(identifier: locale)
        let decimalSeparator = decimalSeparatorScalars(foundationLocale)
        let affixScalars = Set(
            [format.referenceDisplay(negative: false, magnitude: [1]),
             format.referenceDisplay(negative: true, magnitude: [1])]
                .flatMap(Self.affixes) + format.key.currency.unicodeScalars)
        let grouping = Set((foundationLocale.groupingSeparator ?? ",").unicodeScalars)
        var negative = false
        var integerDigits: [UInt8] = []
        var fractionDigits: [UInt8] = []
        var inFraction = false
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if let digit = Key.digitValue(of: scalar) {
                if inFraction { fractionDigits.append(digit) } else { integerDigits.append(digit) }
            } else if decimalSeparator.contains(scalar), !inFraction,
                      index + 1 < scalars.count, Key.digitValue(of: scalars[index + 1]) != nil,
                      index == 0 || !Self.isWordPart(scalars[index - 1]) {
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

    /// The scalars before the first and after the last digit of a formatted amount: symbol, signs, marks.
    private static func affixes(of display: String) -> [Unicode.Scalar] {
        let scalars = Array(display.unicodeScalars)
        guard let first = scalars.firstIndex(where: { Key.digitValue(of: $0) != nil }),
              let last = scalars.lastIndex(where: { Key.digitValue(of: $0) != nil })
        else { return scalars }
        return Array(scalars[..<first] + scalars[(last + 1)...])
    }

    /// Letters and combining marks: what a currency symbol is spelled with.
    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
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

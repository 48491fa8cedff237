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
        let (decimalSeparator, grouping) = separators()
        let affixScalars = Set(
            [format.referenceDisplay(negative: false, magnitude: [1]),
             format.referenceDisplay(negative: true, magnitude: [1])]
                .flatMap(Self.affixes) + format.key.currency.unicodeScalars)
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

    /// The decimal point and grouping separator ICU writes for this currency in this locale.
    ///
    /// Read off ICU's output for 1234567.5, not the locale's number symbols: some locales write a
    /// currency with its own separators (en_CH groups EUR with ’ but numbers with ', en_150 writes
    /// EUR as 1.234.567,50 € but numbers as 1,234,567.5), and whole mode shows no decimal point at all.
    private func separators() -> (decimal: Set<Unicode.Scalar>, grouping: Set<Unicode.Scalar>) {
        let probe = Decimal(sign: .plus, exponent: -1, significand: 12_345_675)
            .formatted(format.style.precision(.fractionLength(1)))
        let scalars = Array(probe.unicodeScalars)
        let digits = scalars.indices.filter { Key.digitValue(of: scalars[$0]) != nil }
        let foundationLocale = Locale(identifier: locale)
        guard digits.count == 8, digits[7] - digits[6] > 1 else {
            return (Set((foundationLocale.decimalSeparator ?? ".").unicodeScalars),
                    Set((foundationLocale.groupingSeparator ?? ",").unicodeScalars))
        }
        let decimal = Set(scalars[(digits[6] + 1)..<digits[7]])
        let grouping = Set(scalars[digits[0]..<digits[6]].filter { Key.digitValue(of: $0) == nil })
        return (decimal, grouping.subtracting(decimal))
    }
}

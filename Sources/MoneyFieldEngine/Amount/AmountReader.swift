import Foundation

/// Reads an amount typed for `set`: plain (`-1234.5`) or as the field's locale formats it (`1.234,50 €`).
struct AmountReader {
    let format: CurrencyFormat
    let locale: String

    private static let signs: Set<Unicode.Scalar> = ["-", "\u{2212}", "\u{2012}", "\u{FE63}", "\u{FF0D}"]
    /// Bidi marks ICU writes around amounts in right-to-left locales; they carry no meaning here.
    private static let invisibleMarks: Set<Unicode.Scalar> = [
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    func read(_ text: String) throws(FieldError) -> ExactDecimal {
        let trimmed = String(text.trimmingSpaces())
        if let plain = ExactDecimal(plain: trimmed) { return plain }
        return try readLocalized(trimmed, original: text)
    }

    /// A plain-looking text (`1.234`) read as the locale writes amounts, where its `.` groups
    /// (de_DE): nil unless the locale's grouping separator is `.` and the text reads so.
    func readAsLocaleGroups(_ text: String) -> ExactDecimal? {
        let trimmed = String(text.trimmingSpaces())
        guard ExactDecimal(plain: trimmed) != nil, separators().grouping.contains("."), !separators().decimal.contains("."),
              let first = trimmed.unicodeScalars.first(where: { $0 != "-" }), first != "0" else { return nil }
        return try? readLocalized(trimmed, original: text)
    }

    /// Reads the locale's own writing strictly: an optional sign (or accounting parentheses) and
    /// the currency's symbol or ISO code around one number; in the number, digits of one script,
    /// grouping separators only where the locale groups, at most one decimal separator. Anything
    /// else (`1-2`, `12+34`, `1,2` in en_US, `DUDS5`, two scripts of digits) is not an amount.
    ///
    /// A currency symbol may hold the decimal separator itself (`R$` where en_CV writes `R$ 966$01`),
    /// so the number is found first, from its first digit to its last; the symbol stands outside.
    private func readLocalized(_ text: String, original: String) throws(FieldError) -> ExactDecimal {
        let unreadable = FieldError.unreadableAmount(original, locale: locale)
        let (decimalSeparators, groupingSeparators) = separators()
        let glyphs = format.glyphs
        let scalars = Array(text.unicodeScalars)
        guard var start = scalars.firstIndex(where: glyphs.isDigit),
              let end = scalars.lastIndex(where: glyphs.isDigit) else { throw unreadable }
        // `.50`: a decimal separator just before the first digit belongs to the number.
        if start > 0, decimalSeparators.contains(scalars[start - 1]), start == 1 || !Self.isWordPart(scalars[start - 2]) {
            start -= 1
        }
        func amount(endingAt last: Int) throws(FieldError) -> ExactDecimal {
            let number = try readNumber(scalars[start...last], decimal: decimalSeparators, grouping: groupingSeparators, unreadable)
            let negative = try readAffixes(prefix: scalars[..<start], suffix: scalars[(last + 1)...], unreadable)
            return ExactDecimal(isNegative: negative, magnitude: number.digits, scale: number.scale)
        }
        // `$1,234.` and `1,234.US$`, natural mode's display of a typed point: a decimal separator
        // just after the last digit belongs to the number when the rest then reads as affixes.
        if end + 1 < scalars.count, decimalSeparators.contains(scalars[end + 1]),
           let withPoint = try? amount(endingAt: end + 1) {
            return withPoint
        }
        return try amount(endingAt: end)
    }

    /// The digits and scale of the number between the affixes.
    private func readNumber(
        _ scalars: ArraySlice<Unicode.Scalar>, decimal: Set<Unicode.Scalar>, grouping: Set<Unicode.Scalar>,
        _ unreadable: FieldError
    ) throws(FieldError) -> (digits: [UInt8], scale: Int) {
        // Plain spaces stand for the locale's space-like separators, an apostrophe for de_CH's ’.
        let groupsWithSpace = grouping.contains { $0.properties.isWhitespace }
        let groupsWithApostrophe = grouping.contains("\u{2019}")
        var digits: [UInt8] = []
        var fractionCount: Int?
        var groupSizes: [Int] = []
        var currentGroup = 0
        var zeroOfScript: UInt32?
        var previousWasDigit = false
        for (offset, scalar) in zip(scalars.indices, scalars) {
            if let value = format.glyphs.value(of: scalar) {
                // Digits of one script only: ١٢3 is two numbers run together, not one. The locale's
                // own glyphs count as one script even where Unicode disagrees (hanidec's 〇 and 一).
                let zero = format.glyphs.isOwnGlyph(scalar) ? UInt32.max : scalar.value &- UInt32(value)
                if let known = zeroOfScript, known != zero { throw unreadable }
                zeroOfScript = zero
                digits.append(value)
                if let count = fractionCount { fractionCount = count + 1 } else { currentGroup += 1 }
                previousWasDigit = true
                continue
            }
            if Self.invisibleMarks.contains(scalar) { continue }
            let nextIsDigit = offset + 1 < scalars.endIndex && format.glyphs.isDigit(scalars[offset + 1])
            let isLast = offset + 1 == scalars.endIndex
            let isGrouping = grouping.contains(scalar) || (groupsWithSpace && scalar.properties.isWhitespace)
                || (groupsWithApostrophe && scalar == "'")
            if decimal.contains(scalar), fractionCount == nil, nextIsDigit || (isLast && previousWasDigit) {
                fractionCount = 0
            } else if isGrouping, fractionCount == nil, previousWasDigit, nextIsDigit {
                groupSizes.append(currentGroup)
                currentGroup = 0
            } else {
                throw unreadable
            }
            previousWasDigit = false
        }
        if !groupSizes.isEmpty {
            groupSizes.append(currentGroup)
            guard groupingFits(groupSizes) else { throw unreadable }
        }
        return (digits, fractionCount ?? 0)
    }

    /// Whether digit groups sit where this locale puts its separators (`1,234,567`; `12,34,567` in en_IN).
    private func groupingFits(_ sizes: [Int]) -> Bool {
        guard let pattern = format.pattern, pattern.primaryGroup > 0 else { return true }
        guard sizes.last == pattern.primaryGroup, let first = sizes.first, (1...pattern.secondaryGroup).contains(first) else {
            return false
        }
        return sizes.dropFirst().dropLast().allSatisfy { $0 == pattern.secondaryGroup }
    }

    /// Whether the text around the number makes it negative. It may hold spaces, bidi marks, one
    /// sign or a pair of accounting parentheses, and the currency's symbol or ISO code, nothing else.
    private func readAffixes(
        prefix: ArraySlice<Unicode.Scalar>, suffix: ArraySlice<Unicode.Scalar>, _ unreadable: FieldError
    ) throws(FieldError) -> Bool {
        var signs = 0
        var parentheses = (open: false, close: false)
        var words: [String] = []
        for (part, isPrefix) in [(prefix, true), (suffix, false)] {
            var rest = String.UnicodeScalarView()
            for scalar in part where !scalar.properties.isWhitespace && !Self.invisibleMarks.contains(scalar) {
                if Self.signs.contains(scalar) {
                    signs += 1
                } else if scalar == "(" && isPrefix {
                    parentheses.open = true
                } else if scalar == ")" && !isPrefix {
                    parentheses.close = true
                } else {
                    rest.append(scalar)
                }
            }
            if !rest.isEmpty { words.append(String(rest)) }
        }
        let accounting = parentheses.open && parentheses.close
        guard signs <= 1, parentheses.open == parentheses.close, signs == 0 || !accounting, words.count <= 1 else {
            throw unreadable
        }
        if let word = words.first, !currencyWords.contains(word.uppercased()) { throw unreadable }
        return signs == 1 || accounting
    }

    /// Amounts whose displays show every form the currency takes beside them. A full name follows
    /// the amount's plural form (one, two, few, many, other: `1 US dollar`, `12,340.50 euros`,
    /// Arabic's 2, 3, 11 and 100), which depends on the fraction shown too (natural mode shows it as
    /// typed); other displays write the same word whatever the amount.
    private var probes: [(format: CurrencyFormat, magnitude: [UInt8])] {
        guard format.key.display == .name else { return [(format, [1])] }
        let formats = Set([0, 1, format.key.fractionDigits]).sorted().map { CurrencyFormat.cached(for: format.key.showing(fractionDigits: $0, point: false)) }
        return formats.flatMap { shown in [[], [1], [2], [3], [5], [1, 1], [1, 0, 0], [1, 2, 3, 4, 5]].map { (shown, $0) } }
    }

    /// How the currency may be written beside an amount: the symbols this locale shows, its ISO code.
    private var currencyWords: Set<String> { format.currencyWords { readCurrencyWords() } }

    private func readCurrencyWords() -> Set<String> {
        var words: Set<String> = [format.key.currency]
        for negative in [false, true] {
            for (shown, magnitude) in probes {
                let scalars = Array(shown.referenceDisplay(negative: negative, magnitude: magnitude).unicodeScalars)
                guard let first = scalars.firstIndex(where: format.glyphs.isDigit),
                      let last = scalars.lastIndex(where: format.glyphs.isDigit) else { continue }
                for affix in [scalars[..<first], scalars[(last + 1)...]] {
                    let word = String(String.UnicodeScalarView(affix.filter { scalar in
                        !scalar.properties.isWhitespace && !Self.invisibleMarks.contains(scalar) && !Self.signs.contains(scalar)
                            && scalar != "(" && scalar != ")"
                    }))
                    if !word.isEmpty { words.insert(word.uppercased()) }
                }
            }
        }
        return words
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
    func separators() -> (decimal: Set<Unicode.Scalar>, grouping: Set<Unicode.Scalar>) { format.separators }

    /// The decimal and grouping separators read off ICU's `1,234,567.5` in `style`; worked out
    /// once per format (a natural field asks of every typed character whether it is the point).
    static func separators(style: ReferenceStyle, glyphs: DigitGlyphs, locale: String) -> (decimal: Set<Unicode.Scalar>, grouping: Set<Unicode.Scalar>) {
        let probe = style.precision(fractionLength: 1).format(Decimal(sign: .plus, exponent: -1, significand: 12_345_675))
        let scalars = Array(probe.unicodeScalars)
        let digits = scalars.indices.filter { glyphs.isDigit(scalars[$0]) }
        let foundationLocale = Locale(identifier: locale)
        guard digits.count == 8, digits[7] - digits[6] > 1 else {
            return (Set((foundationLocale.decimalSeparator ?? ".").unicodeScalars),
                    Set((foundationLocale.groupingSeparator ?? ",").unicodeScalars))
        }
        let decimal = Set(scalars[(digits[6] + 1)..<digits[7]])
        let grouping = Set(scalars[digits[0]..<digits[6]].filter { !glyphs.isDigit($0) })
        return (decimal, grouping.subtracting(decimal))
    }
}

import Foundation
@_spi(Benchmarks) import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// Proof that the compiled currency format prints what ICU prints, byte for byte, everywhere.
///
/// For every locale Foundation lists (a sample per run; all in CI's sweep), a set of currencies (fixed ones and the locale's own),
/// both entry modes, accounting on and off, both signs (negative zero included) and amounts of
/// 0 to 30 digits, the engine's display must equal `Decimal.FormatStyle.Currency` formatting the
/// same amount, and the caret offset must equal the one found by scanning that reference display
/// for digit glyphs. The reference is built here from Foundation, never from `CurrencyFormat`.
@Suite("Format identity")
struct FormatIdentityTests {
    /// Currencies checked in every locale, besides the locale's own.
    static let currencies = ["USD", "EUR", "JPY", "KWD", "INR", "CHF", "CLF", "BHD", "IDR"]

    /// Locales cut into chunks so Swift Testing can run them in parallel.
    static let chunkCount = 32
    static let chunks = Array(0..<chunkCount)

    static func locales(inChunk chunk: Int) -> ArraySlice<String> {
        let all = sweep.locales
        let size = (all.count + chunkCount - 1) / chunkCount
        return all[min(all.count, chunk * size)..<min(all.count, (chunk + 1) * size)]
    }

    /// Locales every run compares: unlike grouping, digits, marks and affixes.
    static let unlikeRules: Set = ["en_US", "de_CH", "fr_FR", "en_IN", "ar_EG", "ar_KW", "es_ES", "pt_CV", "he_IL", "fa_IR", "my_MM", "ja_JP"]

    @Test("the locales every run compares are listed")
    func unlikeRulesAreListed() {
        #expect(Self.unlikeRules.subtracting(LocaleCatalog.identifiers).isEmpty)
    }

    /// Which locales a run compares. Every locale takes over a minute, so a run takes one eighth of
    /// them, a different eighth each run (`MONEYFIELD_SWEEP_SEED` repeats one), plus the locales
    /// with unlike rules; `MONEYFIELD_FULL_SWEEP=1` takes all of them, as CI's sweep does.
    static let sweep: (locales: [String], description: String) = {
        let all = LocaleCatalog.identifiers
        let environment = ProcessInfo.processInfo.environment
        if environment["MONEYFIELD_FULL_SWEEP"] == "1" { return (all, "every locale") }
        let parts = 8
        let seed = environment["MONEYFIELD_SWEEP_SEED"].flatMap(Int.init) ?? Int.random(in: 0..<parts)
        let sample = all.enumerated().filter { $0.offset % parts == seed % parts || unlikeRules.contains($0.element) }.map(\.element)
        return (sample, "part \(seed % parts) of \(parts) and the locales with unlike rules, \(sample.count) of \(all.count) "
                + "(MONEYFIELD_SWEEP_SEED=\(seed % parts) repeats it, MONEYFIELD_FULL_SWEEP=1 compares every locale)")
    }()

    /// Amounts as digit values: zero, one of every length 1…30 with every digit value showing
    /// somewhere, and round numbers that show where grouping starts (`1000`, `10000`).
    static let amounts: [[UInt8]] = {
        var amounts: [[UInt8]] = [[]]
        for length in 1...30 {
            var digits = (0..<length).map { UInt8((length + 3 * $0 + 7) % 10) }
            if digits[0] == 0 { digits[0] = 9 }
            amounts.append(digits)
        }
        for length in 2...9 { amounts.append([1] + [UInt8](repeating: 0, count: length - 1)) }
        return amounts
    }()

    /// What was compared, summed over the chunks for the closing line.
    static let tally = Tally()

    @Test("Compiled displays equal Foundation's FormatStyle", arguments: chunks)
    func displaysEqualFormatStyle(chunk: Int) throws {
        var comparisons = 0
        var caretChecks = 0
        var fallbacks: [FormatKey] = []
        for locale in Self.locales(inChunk: chunk) {
            var codes = Self.currencies
            if let own = Locale(identifier: locale).currency?.identifier, !codes.contains(own),
               CurrencyCatalog.codes.contains(own) {
                codes.append(own)
            }
            for currency in codes {
                let currencyDigits = CurrencyCatalog.fractionDigits(for: currency)
                // atm shows the currency's fraction digits, whole shows none; JPY's two coincide.
                for fractionDigits in Set([currencyDigits, 0]).sorted() {
                    for accounting in [false, true] {
                        let key = FormatKey(locale: locale, currency: currency, fractionDigits: fractionDigits) {
                            $0.accounting = accounting
                        }
                        let format = CurrencyFormat.cached(for: key)
                        if !format.isCompiled { fallbacks.append(key) }
                        let style = Self.referenceStyle(key)
                        for magnitude in Self.amounts {
                            for negative in [false, true] {
                                let expected = Self.reference(style, negative: negative, magnitude: magnitude,
                                                              fractionDigits: fractionDigits)
                                let glyphs = Self.digitGlyphBounds(in: expected)
                                let slots = max(magnitude.count, fractionDigits + 1)
                                #expect(glyphs.count == slots, "\(key) \(magnitude): \(expected.debugDescription)")
                                for caret in Self.caretsToCheck(slots: slots, fractionDigits: fractionDigits) {
                                    let rendering = format.render(
                                        negative: negative, magnitude: magnitude, caretSlotsFromEnd: caret)
                                    if caret == 0 {
                                        comparisons += 1
                                        guard rendering.display == expected else {
                                            Issue.record("""
                                                \(key) negative: \(negative) digits: \(magnitude) (\(Self.sweep.description))
                                                  compiled: \(rendering.display.debugDescription) \(Self.hex(rendering.display))
                                                  ICU:      \(expected.debugDescription) \(Self.hex(expected))
                                                """)
                                            break
                                        }
                                    }
                                    caretChecks += 1
                                    let scanned = caret >= glyphs.count
                                        ? glyphs.first?.start ?? 0 : glyphs[glyphs.count - 1 - caret].end
                                    #expect(rendering.caretOffset == scanned,
                                            "\(key) \(magnitude) caret \(caret) in \(expected.debugDescription)")
                                }
                            }
                        }
                    }
                }
            }
        }
        // The last chunk to finish prints the totals, so the size of the proof shows in the log.
        if Self.tally.add(comparisons: comparisons, caretChecks: caretChecks, fallbacks: fallbacks) == Self.chunkCount {
            let totals = Self.tally.snapshot
            print("""
                FormatIdentity (\(Self.sweep.description)): \
                \(totals.comparisons) displays compared byte for byte with FormatStyle, \
                \(totals.caretChecks) caret offsets checked, \(totals.fallbacks.count) fallback keys\
                \(totals.fallbacks.isEmpty ? "" : ": " + totals.fallbacks.prefix(20).map { "\($0)" }.joined(separator: ", "))
                """)
        }
    }

    /// `--decimals` can ask any currency for 0…6 places; a few locales with unlike rules, every place count.
    @Test("Every --decimals override equals FormatStyle",
          arguments: ["en_US", "de_CH", "fr_FR", "en_IN", "ar_EG", "es_ES", "pt_CV", "he_IL", "fa_IR", "my_MM"])
    func decimalsOverridesEqualFormatStyle(locale: String) {
        for currency in ["USD", "EUR", "JPY", "KWD"] {
            for fractionDigits in 0...6 {
                for accounting in [false, true] {
                    let key = FormatKey(locale: locale, currency: currency, fractionDigits: fractionDigits) {
                        $0.accounting = accounting
                    }
                    let format = CurrencyFormat.cached(for: key)
                    let style = Self.referenceStyle(key)
                    for magnitude in Self.amounts {
                        for negative in [false, true] {
                            let expected = Self.reference(
                                style, negative: negative, magnitude: magnitude, fractionDigits: fractionDigits)
                            let display = format.render(negative: negative, magnitude: magnitude, caretSlotsFromEnd: 0).display
                            #expect(display == expected, "\(key) negative: \(negative) digits: \(magnitude)")
                        }
                    }
                }
            }
        }
    }

    @Test("Hand-checked displays from SPEC §1")
    func knownDisplays() {
        func display(_ locale: String, _ currency: String, _ digits: String, negative: Bool = false,
                     fractionDigits: Int? = nil, accounting: Bool = false) -> String {
            let key = FormatKey(locale: locale, currency: currency,
                                fractionDigits: fractionDigits ?? CurrencyCatalog.fractionDigits(for: currency)) {
                $0.accounting = accounting
            }
            return CurrencyFormat.cached(for: key)
                .render(negative: negative, magnitude: digits.map { $0.asciiValue! - 48 }, caretSlotsFromEnd: 0).display
        }
        #expect(display("en_US", "USD", "12345") == "$123.45")
        #expect(display("en_US", "USD", "1") == "$0.01")
        #expect(display("en_US", "USD", "", negative: true) == "-$0.00")
        #expect(display("en_US", "USD", "1250", negative: true, accounting: true) == "($12.50)")
        #expect(display("en_US", "USD", "20000", fractionDigits: 0) == "$20,000")
        #expect(display("en_IN", "INR", "1234567890") == "₹1,23,45,678.90")
        #expect(display("fr_FR", "EUR", "123450") == "1\u{202F}234,50\u{A0}€")
        #expect(display("ja_JP", "JPY", "1234") == "¥1,234")
        #expect(display("en_US", "KWD", "1234") == "KWD\u{A0}1.234")
        #expect(display("en_US", "CLF", "1") == "CLF\u{A0}0.0001")
    }

    // MARK: The reference, built from Foundation alone

    static func referenceStyle(_ key: FormatKey) -> Decimal.FormatStyle.Currency {
        let style = Decimal.FormatStyle.Currency(code: key.currency, locale: Locale(identifier: key.locale))
            .precision(.fractionLength(key.fractionDigits))
        return key.accounting ? style.sign(strategy: .accounting) : style
    }

    /// ICU's display of the amount; a negative zero is ICU formatting a tiny negative that rounds to zero.
    static func reference(
        _ style: Decimal.FormatStyle.Currency, negative: Bool, magnitude: [UInt8], fractionDigits: Int
    ) -> String {
        if magnitude.isEmpty {
            let zero = negative ? Decimal(sign: .minus, exponent: -(fractionDigits + 1), significand: 1) : Decimal.zero
            return zero.formatted(style)
        }
        var plain = negative ? "-" : ""
        let padded = [UInt8](repeating: 0, count: max(0, fractionDigits + 1 - magnitude.count)) + magnitude
        for (index, digit) in padded.enumerated() {
            if index == padded.count - fractionDigits { plain += "." }
            plain.unicodeScalars.append(Unicode.Scalar(48 + digit))
        }
        return Decimal(string: plain, locale: posix)!.formatted(style)
    }

    static let posix = Locale(identifier: "en_US_POSIX")

    /// UTF-16 bounds of every decimal-digit glyph, left to right.
    static func digitGlyphBounds(in display: String) -> [(start: Int, end: Int)] {
        var bounds: [(start: Int, end: Int)] = []
        var offset = 0
        for scalar in display.unicodeScalars {
            let width = UTF16.width(scalar)
            if scalar.properties.generalCategory == .decimalNumber { bounds.append((offset, offset + width)) }
            offset += width
        }
        return bounds
    }

    /// The end, the start, either side of the decimal separator and one slot that moves with the amount.
    static func caretsToCheck(slots: Int, fractionDigits: Int) -> [Int] {
        Set([0, slots, min(fractionDigits, slots), min(fractionDigits + 1, slots), (slots * 7 + 3) % (slots + 1)])
            .sorted()
    }

    static func hex(_ text: String) -> String {
        text.unicodeScalars.map { $0.isASCII && $0.value > 32 ? String($0) : String(format: "<%04X>", $0.value) }
            .joined()
    }
}

/// Totals over concurrently running chunks.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var comparisons = 0
    private var caretChecks = 0
    private var fallbacks: [FormatKey] = []
    private var chunks = 0

    /// Adds one chunk's counts; returns how many chunks have now reported.
    func add(comparisons: Int, caretChecks: Int, fallbacks: [FormatKey]) -> Int {
        lock.withLock {
            self.comparisons += comparisons
            self.caretChecks += caretChecks
            self.fallbacks += fallbacks
            chunks += 1
            return chunks
        }
    }

    var snapshot: (comparisons: Int, caretChecks: Int, fallbacks: [FormatKey]) {
        lock.withLock { (comparisons, caretChecks, fallbacks) }
    }
}

/// Natural mode's partial displays (SPEC §1 Natural entry) in every locale: `$1,234,567`, `$1,234,567.`,
/// `$1,234,567.8`, … each byte for byte Foundation's FormatStyle with the fraction typed (and the
/// separator shown for a bare point), every caret stop where the reference's glyphs put it.
@Suite("Format identity, natural entry")
struct NaturalFormatIdentityTests {
    @Test("Partial displays equal FormatStyle with the fraction typed", arguments: FormatIdentityTests.chunks)
    func partialDisplaysEqualFormatStyle(chunk: Int) throws {
        for locale in FormatIdentityTests.locales(inChunk: chunk) {
            var codes = ["USD", "KWD", "JPY"]
            if let own = Locale(identifier: locale).currency?.identifier, !codes.contains(own), CurrencyCatalog.codes.contains(own) {
                codes.append(own)
            }
            for currency in codes {
                for negative in [false, true] {
                    let configuration = try FieldConfiguration(locale: locale, currency: currency) {
                        $0.mode = .natural
                        $0.allowsNegative = true
                    }
                    var field = MoneyField(configuration)
                    var script = negative ? "<neg>1234567" : "1234567"
                    typeAccepted(script, into: &field)
                    try checkEveryStop(of: field, "\(locale) \(currency) \(script)")
                    // A currency without fraction digits takes no point (issue 30 #9): nothing to type.
                    let point = configuration.shownFractionDigits > 0 ? ["<dec>"] : []
                    for key in point + (0..<configuration.shownFractionDigits).map({ String(($0 + 8) % 10) }) {
                        typeAccepted(key, into: &field)
                        script += key
                        try checkEveryStop(of: field, "\(locale) \(currency) \(script)")
                    }
                }
            }
        }
    }

    private func checkEveryStop(of field: MoneyField, _ label: String) throws {
        let problems = FieldReference.problems(in: field)
        #expect(problems.isEmpty, "\(label): \(problems)")
        guard problems.isEmpty, let units = FieldReference.naturalUnitGlyphs(of: field) else { return }
        var atStop = field
        for stop in 0...field.slotCount {
            try atStop.tap(atUTF16Offset: field.caretOffset(forSlot: stop))
            let expected = stop == units.count ? units[0].lowerBound : units[units.count - 1 - stop].upperBound
            #expect(atStop.state.caretSlotsFromEnd == stop && atStop.caretOffset == expected, "\(label) stop \(stop): \(atStop.marked)")
        }
    }
}

import MoneyFieldEngine
import MoneyFieldIO
import PropertyBased
import MoneyFieldTestSupport
import Testing

/// `paste` types the digits found in a text; `set` replaces the amount, or fails and changes nothing.
@Suite("paste and set")
struct PasteAndSetTests {
    @Test("paste reads an amount whole into a zero field, digits alone at the caret, and never an amount's digits as keys")
    func pasteDigits() throws {
        var field = try makeField()
        let outcome = try field.paste("$1,234.56")
        #expect(outcome.digits == 6 && outcome.readAsAmount)
        expectMarked(field, "$1,234.56|")
        // Not an amount as en_US writes USD: refused, never its digits typed (issue 36).
        var unreadable = try makeField()
        #expect(throws: MoneyField.EditFailure.field(.unreadableAmount("$1,234.56 USD", locale: "en_US"))) { _ = try unreadable.paste("$1,234.56 USD") }
        expectMarked(unreadable, "$0.00|")
        // Into a field that holds an amount: refused, the field as it was.
        var holding = try makeField(typing: "12")
        #expect(throws: MoneyField.EditFailure.field(.amountIntoAmount("1.5"))) { _ = try holding.paste("1.5") }
        expectMarked(holding, "$0.12|")
        var typed = try makeField()
        #expect(try typed.paste("1 234").digits == 4)
        expectMarked(typed, "$12.34|")
    }

    @Test("paste types at the caret and keeps it there")
    func pasteAtCaret() throws {
        var field = try makeField(typing: "1245<left><left>")
        _ = try field.paste("78")
        expectMarked(field, "$1,278|.45")
    }

    @Test("paste is all or nothing: refused whole with the reason, the field untouched", arguments: [
        // Issue 30 #1: a thousand times smaller, and a sign dropped, before.
        ("$9,999,999,999,999.99", 12, false, "", MoneyField.EditFailure.rejected(.tooManyDigits(limit: 12))),
        ("-5", 12, false, "", .rejected(.negativeNotAllowed)),
        ("123456", 4, false, "", .rejected(.tooManyDigits(limit: 4))),
        ("999", 4, false, "12<left>", .rejected(.tooManyDigits(limit: 4))),
        ("-5", 12, false, "12<left>", .field(.amountIntoAmount("-5"))),
        ("12.345", 12, false, "", .field(.tooManyFractionDigits("12.345", allowed: 2, because: .currency("USD")))),
    ])
    func pasteAllOrNothing(text: String, maxDigits: Int, allowsNegative: Bool, typed: String, failure: MoneyField.EditFailure) throws {
        var field = try makeField(maxDigits: maxDigits, allowsNegative: allowsNegative)
        typeAccepted(typed, into: &field)
        let before = field
        #expect(throws: failure) { _ = try field.paste(text) }
        #expect(field == before && field.marked == before.marked)
    }

    @Test("paste refuses the whole paste at a limit, as set does")
    func pasteAtLimits() throws {
        var limited = try makeField(maximum: "50")
        #expect(try limited.paste("4999").digits == 4)
        let before = limited
        #expect(throws: MoneyField.EditFailure.rejected(.aboveMaximum("50"))) { _ = try limited.paste("9") }
        #expect(limited == before)
        expectMarked(limited, "$49.99|")
    }

    @Test("Unicode decimal digits count; other numerals do not", arguments: [
        ("٣٤٥", "$3.45|", 3), ("١٬٢٣٤٫٥٦", "$1,234.56|", 6), ("१२", "$0.12|", 2), ("１２", "$0.12|", 2),
        ("𞥑𞥒", "$0.12|", 2),
    ])
    func pasteUnicode(text: String, marked: String, found: Int) throws {
        var field = try makeField()
        let outcome = try field.paste(text)
        #expect(outcome.digits == found)
        expectMarked(field, marked)
    }

    /// A pasted text and what it means: its digits, where its point stands, its sign.
    struct PastedAmount: CustomStringConvertible {
        let integer: [UInt8]
        let fraction: [UInt8]?
        let negative: Bool
        let grouped: Bool
        let symbol: Bool

        var text: String {
            var integerText = integer.map(String.init).joined()
            if grouped {
                var groups: [String] = []
                while integerText.count > 3 {
                    groups.insert(String(integerText.suffix(3)), at: 0)
                    integerText.removeLast(3)
                }
                integerText = ([integerText] + groups).joined(separator: ",")
            }
            return (negative ? "-" : "") + (symbol ? "$" : "") + integerText + (fraction.map { "." + $0.map(String.init).joined() } ?? "")
        }

        var description: String { text }
        /// A separator (a group separator too), a sign or a symbol: an amount, read whole or refused.
        var isAmount: Bool { negative || symbol || fraction != nil || (grouped && integer.count > 3) }
    }

    @Test("paste of 1 to 40 digits into fields of every limit: exactly the pasted amount, or nothing changes")
    func pasteIsAllOrNothing() async {
        let seeds = Gen.int(in: 0...Int(UInt32.max))
        await propertyCheck(count: 3000, input: seeds) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            func draw(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(rng.next() % UInt64(range.count)) }
            let count = draw(1...40)
            let digits = (0..<count).map { _ in UInt8(draw(0...9)) }
            let fractionCount = draw(0...2) == 0 ? min(draw(0...3), count - 1) : nil
            let pasted = PastedAmount(
                integer: Array(digits.dropLast(fractionCount ?? 0)), fraction: fractionCount.map { Array(digits.suffix($0)) },
                negative: draw(0...3) == 0, grouped: draw(0...2) == 0, symbol: draw(0...4) == 0)
            let mode = EntryMode.allCases[draw(0...2)]
            let maxDigits = draw(FieldConfiguration.maxDigitsRange)
            let allowsNegative = draw(0...1) == 0
            guard var field = try? makeField(mode: mode, maxDigits: maxDigits, allowsNegative: allowsNegative) else {
                Issue.record("no field for \(mode) \(maxDigits)")
                return
            }
            // A zero field, or an amount wholly selected: both take a pasted amount whole.
            if draw(0...1) == 0 && maxDigits >= 4 { typeAccepted("12<selall>", into: &field) }
            let before = field
            let f = mode == .whole ? 0 : 2
            let significantInteger = Array(pasted.integer.drop { $0 == 0 })
            let expected: (digits: [UInt8], negative: Bool)?
            let fits: Bool
            if pasted.isAmount {
                // The amount at the field's scale: refused if its fraction is longer (a nonzero digit past f).
                let fraction = pasted.fraction ?? []
                let kept = Array((fraction + Array(repeating: 0, count: max(0, f - fraction.count))).prefix(f))
                let magnitude = Array((pasted.integer + kept).drop { $0 == 0 })
                let dropsDigits = fraction.dropFirst(f).contains { $0 != 0 }
                expected = dropsDigits ? nil : (magnitude, pasted.negative && !magnitude.isEmpty)
                fits = !dropsDigits && magnitude.count <= maxDigits && (!pasted.negative || allowsNegative)
            } else {
                // Digits typed: in atm mode minor units, whole units otherwise; natural counts them at f places.
                expected = (significantInteger, false)
                fits = significantInteger.count + (mode == .natural && !significantInteger.isEmpty ? f : 0) <= maxDigits
            }
            do throws(MoneyField.EditFailure) {
                let outcome = try field.paste(pasted.text)
                let held = field.state.digits
                let scale = mode == .natural ? field.state.typedFraction ?? 0 : f
                let heldAtF = held + Array(repeating: 0, count: mode == .natural && pasted.isAmount ? f - scale : 0)
                #expect(outcome.readAsAmount == pasted.isAmount, "\(pasted) into \(mode) \(maxDigits)")
                #expect(expected.map { heldAtF == $0.digits && field.amount.isNegative == $0.negative } == true,
                        "\(pasted) into \(mode) max \(maxDigits): holds \(field.state.digitString) at \(scale), negative \(field.state.isNegative)")
            } catch {
                #expect(field == before, "a refused paste of \(pasted) changed the field: \(error)")
                #expect(!fits, "\(pasted) into \(mode) max \(maxDigits) negatives \(allowsNegative) was refused: \(error)")
            }
        }
    }

    @Test("set reads plain and locale-formatted amounts; the caret goes to the end", arguments: [
        ("en_US", "USD", "1234.5", "$1,234.50|", "1234.50"),
        ("en_US", "USD", "  42 ", "$42.00|", "42.00"),
        ("en_US", "USD", "$1,234.50", "$1,234.50|", "1234.50"),
        ("en_US", "USD", "-0.05", "-$0.05|", "-0.05"),
        ("en_US", "USD", "($12.50)", "-$12.50|", "-12.50"),
        ("de_DE", "EUR", "1.234,50 €", "1.234,50|\u{00A0}€", "1234.50"),
        ("de_DE", "EUR", "1234.5", "1.234,50|\u{00A0}€", "1234.50"),
        ("fr_FR", "EUR", "1 234,50 €", "1\u{202F}234,50|\u{00A0}€", "1234.50"),
        ("fr_FR", "EUR", "1\u{202F}234,50\u{00A0}€", "1\u{202F}234,50|\u{00A0}€", "1234.50"),
        ("de_CH", "CHF", "CHF 1’234.50", "CHF\u{00A0}1\u{2019}234.50|", "1234.50"),
        ("en_IN", "INR", "₹12,34,567.89", "₹12,34,567.89|", "1234567.89"),
        ("ar_KW", "KWD", "\u{200F}١٢٫٣٤٥\u{00A0}د.ك.\u{200F}", "\u{200F}١٢٫٣٤٥|\u{00A0}د.ك.\u{200F}", "12.345"),
        ("ja_JP", "JPY", "¥1,234", "¥1,234|", "1234"),
        // Symbols that hold the decimal separator: en_CV's decimal point is $ (R$ 1 234$56),
        // ar_AE's is . inside ج.م.; it is the point only between digits.
        ("en_CV", "BRL", "R$\u{00A0}1\u{00A0}234$56", "R$\u{00A0}1\u{00A0}234$56|", "1234.56"),
        ("pt_CV", "USD", "1234$56 US$", "1234$56|\u{00A0}US$", "1234.56"),
        ("pt_CV", "CVE", "1234$56\u{00A0}\u{200B}", "1234$56|\u{00A0}\u{200B}", "1234.56"),
        ("ar_AE", "EGP", "\u{200F}1,234.56\u{00A0}ج.م.\u{200F}", "\u{200F}1,234.56|\u{00A0}ج.م.\u{200F}", "1234.56"),
        ("brx_IN", "ZAR", "जेत.ए.आर 1,234.56", "जेत.ए.आर\u{00A0}1,234.56|", "1234.56"),
        // Separators ICU uses for this currency rather than the locale's number separators.
        ("en_CH", "EUR", "€ 3’468.56", "€\u{00A0}3\u{2019}468.56|", "3468.56"),
        ("en_150", "EUR", "-58.025.525,74 €", "-58.025.525,74|\u{00A0}€", "-58025525.74"),
    ])
    func set(locale: String, currency: String, text: String, marked: String, value: String) throws {
        var field = try makeField(locale, currency, allowsNegative: true)
        typeAccepted("99<home>", into: &field)
        try field.set(text)
        expectMarked(field, marked)
        #expect(field.value == value)
        #expect(field.state.caretSlotsFromEnd == 0)
        expectConsistent(field)
    }

    @Test("a set that fails is an error and changes nothing", arguments: [
        ("12.345", FieldError.tooManyFractionDigits("12.345", allowed: 2, because: .currency("USD"))),
        ("abc", .unreadableAmount("abc", locale: "en_US")),
        ("", .unreadableAmount("", locale: "en_US")),
        ("12.3.4", .unreadableAmount("12.3.4", locale: "en_US")),
        ("$12.34.", .unreadableAmount("$12.34.", locale: "en_US")),
        ("€12", .unreadableAmount("€12", locale: "en_US")),
        ("-5", .negativeNotAllowed("-5")),
        ("12345678901.23", .tooManyDigits("12345678901.23", limit: 12)),
        ("1000.01", .outsideLimits("1000.01", .aboveMaximum("1000"))),
    ])
    func setFails(text: String, error: FieldError) throws {
        var field = try makeField(maximum: "1000")
        typeAccepted("1245<left>", into: &field)
        expectFieldError(error, on: &field) { field throws(FieldError) in try field.set(text) }
    }

    @Test("in whole mode set takes whole units only")
    func setWhole() throws {
        var field = try makeField(mode: .whole)
        try field.set("20000.00")
        expectMarked(field, "$20,000|")
        expectFieldError(.tooManyFractionDigits("12.5", allowed: 0, because: .wholeMode), on: &field) { field throws(FieldError) in
            try field.set("12.5")
        }
    }

    @Test("in de_DE a plain-looking 1.234 is read as the plain decimal 1.234, and the error says how to write 1234")
    func plainWinsOverLocale() throws {
        // SPEC ambiguity: "1.234" is 1234 in German but 1.234 as a plain decimal; plain is read first.
        var field = try makeField("de_DE", "EUR")
        let error = FieldError.pointReadAsDecimal("1.234", allowed: 2, because: .currency("EUR"), asGrouped: ["1.234,00", "1234"])
        expectFieldError(error, on: &field) { field throws(FieldError) in try field.set("1.234") }
        #expect(error.description == "1.234 has more fraction digits than EUR takes (2); a plain amount uses . as the decimal point: write 1.234,00 or 1234")
        // Where `.` is not a grouping separator, the plain reading is the only one.
        var dollars = try makeField()
        expectFieldError(.tooManyFractionDigits("1.234", allowed: 2, because: .currency("USD")), on: &dollars) { field throws(FieldError) in
            try field.set("1.234")
        }
        try field.set("1.234,00")
        #expect(field.value == "1234.00")
    }

    @Test("set of a minus zero clears the sign")
    func setNegativeZero() throws {
        var field = try makeField(typing: "<neg>5", allowsNegative: true)
        try field.set("-0.00")
        #expect(!field.state.isNegative)
        expectMarked(field, "$0.00|")
    }
}

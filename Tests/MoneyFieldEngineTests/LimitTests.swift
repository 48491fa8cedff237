import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// --max-digits, --max and --min: a key that would break one is refused and changes nothing.
@Suite("limits")
struct LimitTests {
    @Test("the default is 12 digits; the 13th is refused")
    func defaultMaxDigits() throws {
        var field = try makeField(typing: "123456789012")
        expectMarked(field, "$1,234,567,890.12|")
        expectRefused(.digit(3), on: &field, .tooManyDigits(limit: 12))
        // A leading zero adds no digit, so it is taken.
        typeAccepted("<home>0", into: &field)
        expectMarked(field, "$|1,234,567,890.12")
    }

    @Test("--max-digits refuses wherever the caret is, and counts digits, not slots")
    func maxDigitsAnywhere() throws {
        var field = try makeField(maxDigits: 4)
        typeAccepted("1234", into: &field)
        expectRefused(.digit(5), on: &field, .tooManyDigits(limit: 4))
        typeAccepted("<left><left>", into: &field)
        expectRefused(.digit(9), on: &field, .tooManyDigits(limit: 4))
        // Deleting makes room again.
        typeAccepted("<bs>9", into: &field)
        expectMarked(field, "$19|.34")

        // With one digit allowed, the padding slots still show.
        var one = try makeField(maxDigits: 1)
        typeAccepted("7", into: &one)
        expectMarked(one, "$0.07|")
        expectRefused(.digit(1), on: &one, .tooManyDigits(limit: 1))
    }

    @Test("30-digit amounts are exact", arguments: [EntryMode.atm, .whole, .natural])
    func thirtyDigits(mode: EntryMode) throws {
        var field = try makeField(mode: mode, maxDigits: 30)
        let digits = "123456789012345678901234567890"
        // Natural mode counts the amount's digits at f places: 28 integer digits, the point, 2 more.
        typeAccepted(mode == .natural ? digits.dropLast(2) + "<dec>" + digits.suffix(2) : digits, into: &field)
        #expect(field.state.digitString == digits)
        switch mode {
        case .atm:
            #expect(field.value == "1234567890123456789012345678.90")
            #expect(field.minorUnits == digits)
        case .whole:
            #expect(field.value == digits)
            #expect(field.minorUnits == digits + "00")
        case .natural:
            #expect(field.value == "1234567890123456789012345678.90")
            #expect(field.minorUnits == digits)
        }
        #expect(field.amount == ExactDecimal(plain: try #require(field.value)))
        #expect(field.rendering.display == foundationDisplay(
            try #require(field.value), locale: "en_US", currency: "USD", fractionDigits: mode == .whole ? 0 : 2))
        expectConsistent(field)
        // Natural mode: the caret stands in a full fraction, which refuses the digit first.
        expectRefused(.digit(1), on: &field, mode == .natural ? .fractionFull(limit: 2) : .tooManyDigits(limit: 30))

        var nines = try makeField("en_IN", "INR", mode: mode, maxDigits: 30, allowsNegative: true)
        let nineCount = mode == .natural ? 28 : 30
        typeAccepted("<neg>" + String(repeating: "9", count: nineCount), into: &nines)
        expectConsistent(nines)
        #expect(try #require(nines.minorUnits).hasPrefix("-" + String(repeating: "9", count: nineCount)))
        if mode == .natural { expectRefused(.digit(9), on: &nines, .tooManyDigits(limit: 30)) }
    }

    @Test("--max refuses a digit that goes above it")
    func maximum() throws {
        var field = try makeField(maximum: "100")
        typeAccepted("10000", into: &field)
        expectMarked(field, "$100.00|")
        expectRefused(.digit(1), on: &field, .aboveMaximum("100"))
        typeAccepted("<home>", into: &field)
        expectRefused(.digit(1), on: &field, .aboveMaximum("100"))
        typeAccepted("<end><bs>", into: &field)
        expectMarked(field, "$10.00|")
        expectRefused(.digit(9), on: &field, .aboveMaximum("100"))
        typeAccepted("<left><left>0", into: &field)
        expectMarked(field, "$100|.00")
    }

    @Test("--min refuses a key that goes further below it, and minus that crosses it")
    func minimum() throws {
        var field = try makeField(minimum: "-5", allowsNegative: true)
        typeAccepted("1000", into: &field)
        expectRefused(.minus, on: &field, .belowMinimum("-5"))
        typeAccepted("<clear><neg>4", into: &field)
        expectMarked(field, "-$0.04|")
        typeAccepted("99", into: &field)
        expectMarked(field, "-$4.99|")
        expectRefused(.digit(0), on: &field, .belowMinimum("-5"))
    }

    @Test("moving toward the allowed range is always taken (a --min 10 field can be typed from zero)")
    func towardTheRange() throws {
        var field = try makeField(minimum: "10")
        typeAccepted("1", into: &field)
        expectMarked(field, "$0.01|")
        typeAccepted("234", into: &field)
        expectMarked(field, "$12.34|")
        // 1.23 would be further below the minimum than 12.34 is: refused.
        expectRefused(.backspace, on: &field, .belowMinimum("10"))
    }

    @Test("limits in whole mode compare whole units")
    func wholeModeLimits() throws {
        var field = try makeField(mode: .whole, maximum: "20000")
        typeAccepted("20000", into: &field)
        expectMarked(field, "$20,000|")
        expectRefused(.digit(0), on: &field, .aboveMaximum("20000"))
        typeAccepted("<bs>", into: &field)
        expectMarked(field, "$2,000|")
        expectRefused(.digit(1), on: &field, .aboveMaximum("20000"))
    }

    @Test("bad settings are typed errors naming the setting", arguments: [
        (maxDigits: 0, decimals: nil as Int?, maximum: nil as String?, minimum: nil as String?,
         FieldError.settingOutOfRange(FieldSetting(\.maxDigits), value: 0, allowed: 1...30)),
        (maxDigits: 31, decimals: nil, maximum: nil, minimum: nil, .settingOutOfRange(FieldSetting(\.maxDigits), value: 31, allowed: 1...30)),
        (maxDigits: 12, decimals: 7, maximum: nil, minimum: nil, .settingOutOfRange(FieldSetting(\.decimals), value: 7, allowed: 0...6)),
        (maxDigits: 12, decimals: -1, maximum: nil, minimum: nil, .settingOutOfRange(FieldSetting(\.decimals), value: -1, allowed: 0...6)),
        (maxDigits: 12, decimals: nil, maximum: "1,000", minimum: nil, .unreadableLimit(FieldSetting(\.maximum), "1,000")),
        (maxDigits: 12, decimals: nil, maximum: "5", minimum: "6", .minimumAboveMaximum(minimum: "6", maximum: "5")),
    ])
    func badSettings(maxDigits: Int, decimals: Int?, maximum: String?, minimum: String?, expected: FieldError) {
        #expect(throws: expected) {
            _ = try FieldConfiguration {
                $0.decimals = decimals
                $0.maxDigits = maxDigits
                $0.maximum = maximum
                $0.minimum = minimum
            }
        }
    }
}

extension LimitTests {
    @Test("a limit of zero compares with zero amounts at any scale")
    func zeroLimits() throws {
        // --min 0: backspacing 0.05 to 0.00 stays within the limit.
        var nonNegative = try makeField(minimum: "0")
        typeAccepted("5<bs>", into: &nonNegative)
        expectMarked(nonNegative, "$0.00|")
        try nonNegative.set("0.00")
        #expect(nonNegative.value == "0.00")

        // --max 0 with negatives: only amounts at or below zero.
        var nonPositive = try makeField(maximum: "0", allowsNegative: true)
        expectRefused(.digit(5), on: &nonPositive, .aboveMaximum("0"))
        typeAccepted("<neg>5", into: &nonPositive)
        expectMarked(nonPositive, "-$0.05|")
        expectRefused(.minus, on: &nonPositive, .aboveMaximum("0"))
        #expect(throws: FieldError.outsideLimits("0.05", .aboveMaximum("0"))) { try nonPositive.set("0.05") }
    }
}

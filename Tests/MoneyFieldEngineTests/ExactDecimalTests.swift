import Foundation
import MoneyFieldEngine
import PropertyBased
import Testing

/// Exact decimals: parsing plain text, comparing across scales, rounding half-even.
@Suite("ExactDecimal")
struct ExactDecimalTests {
    @Test("plain text parses to digits and a scale", arguments: [
        ("1234.50", false, [1, 2, 3, 4, 5, 0] as [UInt8], 2, "1234.50"),
        ("-0.05", true, [5], 2, "-0.05"),
        ("+3", false, [3], 0, "3"),
        (".5", false, [5], 1, "0.5"),
        ("007.50", false, [7, 5, 0], 2, "7.50"),
        ("0", false, [], 0, "0"),
        ("-0.00", false, [], 2, "0.00"),
        ("123456789012345678901234567890", false,
         [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0], 0,
         "123456789012345678901234567890"),
    ])
    func parses(text: String, negative: Bool, magnitude: [UInt8], scale: Int, description: String) throws {
        let value = try #require(ExactDecimal(plain: text))
        #expect(value.isNegative == negative)
        #expect(value.magnitude == magnitude)
        #expect(value.scale == scale)
        #expect(value.description == description)
    }

    @Test("text that is not a plain decimal is refused", arguments: [
        "", "-", "+", ".", "1.", "1.2.3", "1e5", "1,5", "--1", "+-1", " 1", "1 ", "١٢", "0x10", "1_000", "∞",
        // A digit a combining mark follows is no digit; nor is a full-width one.
        "5\u{301}", "1.5\u{301}", "-\u{301}5", "\u{FF11}",
    ])
    func refuses(text: String) {
        #expect(ExactDecimal(plain: text) == nil)
    }

    @Test("equal values compare equal and hash alike at any scale", arguments: [
        ("1.5", "1.50"), ("0", "0.00"), ("0.000", "-0"), ("-2.10", "-2.1"), ("100", "100.000"),
    ])
    func equalAcrossScales(lhs: String, rhs: String) throws {
        let left = try #require(ExactDecimal(plain: lhs))
        let right = try #require(ExactDecimal(plain: rhs))
        #expect(left == right)
        #expect(!(left < right) && !(right < left))
        #expect(left.hashValue == right.hashValue)
        #expect(Set([left, right]).count == 1)
    }

    @Test("order is numeric, across signs and scales")
    func ordering() throws {
        let sorted = ["-100", "-2", "-1.5", "-0.05", "0.00", "0.001", "0.05", "0.5", "1", "1.01", "9.999", "10", "1000000"]
        let values = try sorted.map { try #require(ExactDecimal(plain: $0)) }
        for (i, lhs) in values.enumerated() {
            for (j, rhs) in values.enumerated() {
                #expect((lhs < rhs) == (i < j), "\(lhs) < \(rhs)")
                #expect((lhs == rhs) == (i == j), "\(lhs) == \(rhs)")
            }
        }
        #expect(ExactDecimal.zero == ExactDecimal(plain: "0.00"))
        #expect(ExactDecimal.zero < ExactDecimal(plain: "0.05")!)
        #expect(ExactDecimal(plain: "-0.05")! < ExactDecimal.zero)
    }

    @Test("a sign given to zero is dropped: zero compares, hashes and prints as zero")
    func negativeZeroByHand() {
        let zero = ExactDecimal(isNegative: true, magnitude: [0, 0], scale: 2)
        #expect(!zero.isNegative && zero.magnitude.isEmpty)
        #expect(zero == .zero)
        #expect(zero.hashValue == ExactDecimal.zero.hashValue)
        #expect(zero.description == "0.00")
    }

    @Test("rounding is half-even", arguments: [
        ("12.50", 0, "12"), ("13.50", 0, "14"), ("12.51", 0, "13"), ("12.49", 0, "12"),
        ("-12.5", 0, "-12"), ("-13.5", 0, "-14"), ("0.5", 0, "0"), ("1.5", 0, "2"), ("2.5", 0, "2"),
        ("0.05", 1, "0.0"), ("0.15", 1, "0.2"), ("0.25", 1, "0.2"), ("0.2501", 1, "0.3"),
        ("9.995", 2, "10.00"), ("999.5", 0, "1000"), ("0.004", 2, "0.00"), ("-0.004", 2, "0.00"),
        ("0.0005", 3, "0.000"), ("0.0015", 3, "0.002"), ("12.345", 2, "12.34"), ("12.355", 2, "12.36"),
    ])
    func roundsHalfEven(text: String, scale: Int, expected: String) throws {
        let rounded = try #require(ExactDecimal(plain: text)).rounded(toScale: scale)
        #expect(rounded.description == expected)
        #expect(rounded.scale == scale)
    }

    @Test("rounding to as many or more places only rescales")
    func roundingToMorePlaces() throws {
        let value = try #require(ExactDecimal(plain: "1.5"))
        #expect(value.rounded(toScale: 1) == value)
        #expect(value.rounded(toScale: 3) == value)
        #expect(value.rounded(toScale: 3).description == "1.500")
    }

    @Test("magnitude at a scale is exact or nil", arguments: [
        ("12.34", 2, [1, 2, 3, 4] as [UInt8]?), ("12.34", 3, [1, 2, 3, 4, 0]), ("12.34", 0, nil), ("12.30", 1, [1, 2, 3]),
        ("12.00", 0, [1, 2]), ("0.10", 0, nil), ("0.500", 1, [5]), ("0", 3, []), ("0.00", 0, []), ("-7", 2, [7, 0, 0]),
    ])
    func magnitudeAtScale(text: String, scale: Int, expected: [UInt8]?) throws {
        #expect(try #require(ExactDecimal(plain: text)).magnitude(atScale: scale) == expected)
    }

    @Test("significant scale drops trailing zeros", arguments: [
        ("12.340", 2), ("12.000", 0), ("0.00", 0), ("0.05", 2), ("100", 0),
    ])
    func significantScale(text: String, expected: Int) throws {
        #expect(try #require(ExactDecimal(plain: text)).significantScale == expected)
    }

    /// Random plain decimals of up to 30 digits: sign, digits, and where the point goes.
    static let plainDecimals = zip(
        Gen.bool, Gen.int(in: 0...9).array(of: 1...30), Gen.int(in: 0...8)
    ).map { negative, digits, scale -> String in
        var text = digits.map(String.init).joined()
        if scale > 0 {
            text = String(repeating: "0", count: max(0, scale + 1 - text.count)) + text
            text.insert(".", at: text.index(text.endIndex, offsetBy: -scale))
        }
        return (negative ? "-" : "") + text
    }

    @Test("rounding agrees with Foundation's bankers' rounding")
    func roundingMatchesFoundation() async {
        await propertyCheck(count: 400, input: Self.plainDecimals, Gen.int(in: 0...6)) { text, scale in
            let exact = ExactDecimal(plain: text)!
            var decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
            var rounded = Decimal()
            NSDecimalRound(&rounded, &decimal, scale, .bankers)
            let mine = exact.rounded(toScale: scale)
            #expect(Decimal(string: mine.description, locale: Locale(identifier: "en_US_POSIX")) == rounded,
                    "\(text) to \(scale) places: \(mine) vs \(rounded)")
        }
    }

    @Test("comparison agrees with Foundation's Decimal")
    func comparisonMatchesFoundation() async {
        await propertyCheck(count: 400, input: Self.plainDecimals, Self.plainDecimals) { lhs, rhs in
            let posix = Locale(identifier: "en_US_POSIX")
            let (a, b) = (ExactDecimal(plain: lhs)!, ExactDecimal(plain: rhs)!)
            let (x, y) = (Decimal(string: lhs, locale: posix)!, Decimal(string: rhs, locale: posix)!)
            #expect((a < b) == (x < y), "\(lhs) < \(rhs)")
            #expect((a == b) == (x == y), "\(lhs) == \(rhs)")
            #expect(a == ExactDecimal(plain: a.description), "description round-trips")
        }
    }

    @Test("Foundation's Decimal built from the digits equals the one Foundation parses")
    func decimalMatchesFoundation() async {
        let long = Gen.int(in: 0...9).array(of: 0...38).map { $0.map(String.init).joined() }
        await propertyCheck(count: 400, input: long, Gen.int(in: 0...8), Gen.bool) { digits, scale, negative in
            let text = (negative ? "-" : "") + (digits.isEmpty ? "0" : digits) + (scale > 0 ? "." + String(repeating: "7", count: scale) : "")
            let exact = ExactDecimal(plain: text)!
            let parsed = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
            #expect(exact.decimal == parsed, "\(text)")
            #expect(exact.decimal.description == parsed.description, "\(text)")
            #expect(exact.decimal.formatted(.number.grouping(.never).precision(.fractionLength(scale)))
                    == parsed.formatted(.number.grouping(.never).precision(.fractionLength(scale))), "\(text)")
        }
    }
}

import Foundation

extension ExactDecimal {
    /// Foundation's `Decimal` of the same value, built from the digits: exact up to 38 digits,
    /// and without `Decimal(string:locale:)`, whose locale costs a first field a third of a
    /// millisecond.
    public var decimal: Decimal {
        guard magnitude.count <= 38 else {
            return Decimal(string: description, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
        }
        // Eighteen digits at a time fit a UInt64; the 128-bit significand holds 38.
        var significand = Decimal.zero
        var chunk: UInt64 = 0
        var chunkDigits = 0
        for digit in magnitude {
            chunk = chunk * 10 + UInt64(digit)
            chunkDigits += 1
            if chunkDigits == 18 {
                significand = Decimal(sign: .plus, exponent: 18, significand: significand) + Decimal(chunk)
                chunk = 0
                chunkDigits = 0
            }
        }
        if chunkDigits > 0 {
            significand = Decimal(sign: .plus, exponent: chunkDigits, significand: significand) + Decimal(chunk)
        }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: -scale, significand: significand)
    }
}

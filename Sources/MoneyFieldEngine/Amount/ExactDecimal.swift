/// A signed decimal held as its digits and a scale, so no amount ever passes through `Double`.
///
/// `magnitude` holds digit values 0…9 (not ASCII) with no leading zeros; empty means zero.
/// The value is `magnitude × 10^-scale`.
public struct ExactDecimal: Sendable, Hashable, CustomStringConvertible {
    // Read-only outside: a magnitude with a leading zero or a digit over 9, or a negative zero,
    // would compare and print wrong.
    /// Whether the value is below zero; a zero is never negative.
    public private(set) var isNegative: Bool
    /// The digit values, most significant first, no leading zeros (`[1, 2, 3, 4, 5]` for `-123.45`).
    public private(set) var magnitude: [UInt8]
    /// How many of the digits stand after the point (2 for `-123.45`).
    public private(set) var scale: Int

    /// Digit values 0…9; leading zeros are dropped and zero is never negative. Only the package
    /// builds amounts from digit values: apps read them from text (`init?(plain:)`).
    package init(isNegative: Bool = false, magnitude: [UInt8], scale: Int) {
        assert(magnitude.allSatisfy { $0 <= 9 }, "digit values are 0…9")
        let trimmed = magnitude.drop { $0 == 0 }
        self.magnitude = Array(trimmed)
        self.scale = scale
        self.isNegative = isNegative && !trimmed.isEmpty
    }

    /// Zero, with no fraction digits (`0`).
    public static let zero = ExactDecimal(magnitude: [], scale: 0)

    /// Whether the value is zero, at any scale (`0`, `0.00`).
    public var isZero: Bool { magnitude.isEmpty }

    /// Reads a plain decimal: optional sign, ASCII digits, optional `.` and fraction (`-1234.50`).
    public init?(plain text: Substring) {
        // Read as UTF-8 bytes: Character by Character cost a start 40,000 instructions a call.
        // A digit that a combining mark follows is no ASCII byte pair, so it is refused as before.
        var bytes = text.utf8[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count)
        var hasPoint = false
        var fractionDigits = 0
        for byte in bytes {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits.append(byte - UInt8(ascii: "0"))
                if hasPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !hasPoint {
                hasPoint = true
            } else {
                return nil
            }
        }
        // At least one digit, and a point has digits after it (`.5` is read, `5.` is not).
        guard !digits.isEmpty, !hasPoint || fractionDigits > 0 else { return nil }
        self.init(isNegative: negative, magnitude: digits, scale: fractionDigits)
    }

    /// The same for a `String` (`ExactDecimal(plain: "-1234.50")`).
    public init?(plain text: String) { self.init(plain: text[...]) }

    /// Drops trailing fraction zeros so equal values compare and print alike.
    public var normalized: ExactDecimal {
        var copy = self
        while copy.scale > 0, copy.magnitude.last == 0 {
            copy.magnitude.removeLast()
            copy.scale -= 1
        }
        if copy.magnitude.isEmpty { copy.scale = 0 }
        return copy
    }

    /// The number of fraction digits actually needed to write the value.
    package var significantScale: Int { max(normalized.scale, 0) }

    /// The magnitude at exactly `newScale` fraction digits, or nil if that would drop a non-zero digit.
    package func magnitude(atScale newScale: Int) -> [UInt8]? {
        if newScale >= scale {
            return magnitude.isEmpty ? [] : magnitude + Array(repeating: 0, count: newScale - scale)
        }
        let dropped = scale - newScale
        if magnitude.count <= dropped {
            return magnitude.isEmpty ? [] : nil
        }
        guard magnitude.suffix(dropped).allSatisfy({ $0 == 0 }) else { return nil }
        return Array(magnitude.dropLast(dropped))
    }

    /// The value rounded half-to-even to `newScale` fraction digits (padded with zeros when it has fewer).
    public func rounded(toScale newScale: Int) -> ExactDecimal {
        if newScale >= scale, let padded = magnitude(atScale: newScale) {
            return ExactDecimal(isNegative: isNegative, magnitude: padded, scale: newScale)
        }
        let dropped = scale - newScale
        let padded = Array(repeating: UInt8(0), count: max(0, dropped + 1 - magnitude.count)) + magnitude
        var kept = Array(padded.dropLast(dropped))
        let tail = padded.suffix(dropped)
        let firstDropped = tail.first!
        let restIsZero = tail.dropFirst().allSatisfy { $0 == 0 }
        let keptIsOdd = (kept.last ?? 0) % 2 == 1
        let roundsUp = firstDropped > 5 || (firstDropped == 5 && (!restIsZero || keptIsOdd))
        if roundsUp { kept = DigitArithmetic.incremented(kept) }
        return ExactDecimal(isNegative: isNegative, magnitude: kept, scale: newScale)
    }

    /// Plain text: `-1234.50`; exactly `scale` fraction digits.
    public var description: String { DigitArithmetic.plainText(negative: isNegative, magnitude: magnitude, scale: scale) }
}

extension ExactDecimal: Comparable {
    /// Orders by value, whatever the scales (`-2 < 1.5`, `1.5 < 1.51`).
    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        DigitArithmetic.compare(
            negative: lhs.isNegative, lhs.magnitude, scale: lhs.scale,
            negative: rhs.isNegative, rhs.magnitude, scale: rhs.scale) < 0
    }

    /// Compares values, not spellings: `1.5 == 1.50`.
    public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        DigitArithmetic.compare(
            negative: lhs.isNegative, lhs.magnitude, scale: lhs.scale,
            negative: rhs.isNegative, rhs.magnitude, scale: rhs.scale) == 0
    }

    /// Hashes the normalized value, so `1.5` and `1.50` hash alike.
    public func hash(into hasher: inout Hasher) {
        let value = normalized
        // `==` ignores a sign on zero (the stored properties are settable), so the hash must too.
        hasher.combine(value.isNegative && !value.magnitude.isEmpty)
        hasher.combine(value.magnitude)
        hasher.combine(value.scale)
    }
}

/// Helpers on digit sequences (arrays, the field's inline buffer), shared by the field and `ExactDecimal`.
enum DigitArithmetic {
    /// Compares two signed digit sequences at their scales without allocating: -1, 0 or 1.
    static func compare(
        negative lhsNegative: Bool, _ lhs: some Collection<UInt8>, scale lhsScale: Int,
        negative rhsNegative: Bool, _ rhs: some Collection<UInt8>, scale rhsScale: Int
    ) -> Int {
        let lhsNegative = lhsNegative && !lhs.isEmpty
        let rhsNegative = rhsNegative && !rhs.isEmpty
        if lhsNegative != rhsNegative { return lhsNegative ? -1 : 1 }
        let magnitudeOrder = compareMagnitudes(lhs, scale: lhsScale, rhs, scale: rhsScale)
        return lhsNegative ? -magnitudeOrder : magnitudeOrder
    }

    static func compareMagnitudes(
        _ lhs: some Collection<UInt8>, scale lhsScale: Int, _ rhs: some Collection<UInt8>, scale rhsScale: Int
    ) -> Int {
        let commonScale = max(lhsScale, rhsScale)
        // Digits of the value scaled to `commonScale`; zero has none, whatever its own scale.
        let lhsLength = lhs.isEmpty ? 0 : lhs.count + commonScale - lhsScale
        let rhsLength = rhs.isEmpty ? 0 : rhs.count + commonScale - rhsScale
        if lhsLength != rhsLength { return lhsLength < rhsLength ? -1 : 1 }
        var lhsIterator = lhs.makeIterator()
        var rhsIterator = rhs.makeIterator()
        for _ in 0..<lhsLength {
            let left = lhsIterator.next() ?? 0
            let right = rhsIterator.next() ?? 0
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }

    static func incremented(_ digits: [UInt8]) -> [UInt8] {
        var result = digits
        var index = result.count - 1
        while index >= 0 {
            if result[index] < 9 {
                result[index] += 1
                return result
            }
            result[index] = 0
            index -= 1
        }
        return [1] + result
    }

    static func plainText(negative: Bool, magnitude: some Collection<UInt8>, scale: Int) -> String {
        var text = ""
        text.reserveCapacity(magnitude.count + 4)
        if negative && !magnitude.isEmpty { text.append("-") }
        let padded = max(magnitude.count, scale + 1)
        var index = 0
        var iterator = magnitude.makeIterator()
        while index < padded {
            if index == padded - scale { text.append(".") }
            let digit = index < padded - magnitude.count ? 0 : iterator.next()!
            text.unicodeScalars.append(Unicode.Scalar(48 + digit))
            index += 1
        }
        return text
    }
}

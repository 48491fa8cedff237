/// Limits that leave the field something to hold: refused when the field is made, not discovered
/// one refused key at a time.
extension FieldConfiguration {
    /// The largest amount the field can show: `maxDigits` nines at its scale.
    var largestAmount: ExactDecimal {
        ExactDecimal(magnitude: Array(repeating: 9, count: self.maxDigits), scale: shownFractionDigits)
    }

    /// Throws unless some amount the field can show lies within the minimum and maximum.
    func checkLimitsHoldAnAmount() throws(FieldError) {
        guard minimum != nil || maximum != nil else { return }
        let scale = shownFractionDigits
        let largest = largestAmount
        var lowest = self.allowsNegative ? ExactDecimal(isNegative: true, magnitude: largest.magnitude, scale: scale) : .zero
        var highest = largest
        if let minimum, minimum > lowest { lowest = minimum }
        if let maximum, maximum < highest { highest = maximum }
        // The smallest showable amount at or above `lowest`, the largest at or below `highest`.
        if lowest.rounded(toScale: scale, up: true) > highest.rounded(toScale: scale, up: false) {
            throw .noAmountWithinLimits(minimum: minimum?.description, maximum: maximum?.description, fractionDigits: scale)
        }
    }
}

extension ExactDecimal {
    /// The value at `newScale` fraction digits, rounded toward +∞ (`up`) or −∞.
    func rounded(toScale newScale: Int, up: Bool) -> ExactDecimal {
        if let exact = magnitude(atScale: newScale) {
            return ExactDecimal(isNegative: isNegative, magnitude: exact, scale: newScale)
        }
        // Dropping digits moves the magnitude toward zero: right for up on a negative and down
        // on a positive; the other two take one step further out.
        let truncated = Array(magnitude.dropLast(scale - newScale))
        let awayFromZero = up != isNegative
        let digits = awayFromZero ? DigitArithmetic.incremented(truncated.isEmpty ? [0] : truncated) : truncated
        return ExactDecimal(isNegative: isNegative, magnitude: digits, scale: newScale)
    }
}

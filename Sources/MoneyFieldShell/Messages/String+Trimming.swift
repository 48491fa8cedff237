extension Unicode.Scalar {
    /// A space between words: ASCII's space and tab answered at once, Unicode's other spaces
    /// looked up. Every replayed line asks it of its characters, and the lookup was the costliest
    /// part of reading one.
    @inline(__always)
    var isSpaceLike: Bool { value < 0x80 ? self == " " || self == "\t" : properties.isWhitespace }
}

extension Character {
    /// `isWhitespace` with the ASCII answer first (see `Unicode.Scalar.isSpaceLike`).
    @inline(__always)
    var isSpaceLike: Bool { unicodeScalars.count == 1 ? unicodeScalars.first!.isSpaceLike : isWhitespace }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs. Runs on every replayed line, where
    /// Foundation's `trimmingCharacters(in:)` would go through `NSString`.
    func trimmingSpaces() -> Substring {
        guard let first = firstIndex(where: { !$0.isSpaceLike }) else { return Substring() }
        let last = lastIndex(where: { !$0.isSpaceLike })!
        return Substring(self[first...last])
    }
}

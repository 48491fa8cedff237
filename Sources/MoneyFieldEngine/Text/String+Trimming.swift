// Spaces between words, for the shell's lines and for what the engine reads (amounts, codes,
// locale identifiers): one notion of a space, so a word the shell splits off and the engine
// reads are trimmed alike. Inlinable: the shell asks it of every character of a replayed line.

extension Unicode.Scalar {
    /// A space between words: ASCII's space and tab answered at once, Unicode's other spaces
    /// looked up. Every replayed line asks it of its characters, and the lookup was the costliest
    /// part of reading one.
    @inlinable @inline(__always)
    package var isSpaceLike: Bool { value < 0x80 ? self == " " || self == "\t" : properties.isWhitespace }
}

extension Character {
    /// `isWhitespace` with the ASCII answer first (see `Unicode.Scalar.isSpaceLike`).
    @inlinable @inline(__always)
    package var isSpaceLike: Bool { unicodeScalars.count == 1 ? unicodeScalars.first!.isSpaceLike : isWhitespace }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    @inlinable
    package func trimmingSpaces() -> Substring { trimming(while: \.isSpaceLike) }

    /// Without the characters at either end that `isTrimmed` picks. Foundation's
    /// `trimmingCharacters(in:)` would go through `NSString`, and linking it costs every start-up.
    @inlinable
    package func trimming(while isTrimmed: (Character) -> Bool) -> Substring {
        guard let first = firstIndex(where: { !isTrimmed($0) }) else { return Substring() }
        let last = lastIndex(where: { !isTrimmed($0) })!
        return Substring(self[first...last])
    }
}

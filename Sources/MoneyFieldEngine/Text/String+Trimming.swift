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

extension UInt8 {
    /// An ASCII space or tab: `isSpaceLike` for the paths that read ASCII text byte by byte.
    @inlinable @inline(__always)
    package var isSpaceOrTab: Bool { self == 0x20 || self == 0x09 }
}

extension Character {
    /// `isWhitespace` with the ASCII answer first (see `Unicode.Scalar.isSpaceLike`).
    @inlinable @inline(__always)
    package var isSpaceLike: Bool { unicodeScalars.count == 1 ? unicodeScalars.first!.isSpaceLike : isWhitespace }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    @inlinable
    package func trimmingSpaces() -> Substring {
        // Spaces and tabs at both ends with ASCII beyond them are cut by bytes: no grapheme
        // breaking, which a replayed line pays for on every word otherwise.
        let bytes = utf8
        var start = bytes.startIndex
        while start < bytes.endIndex, bytes[start].isSpaceOrTab { start = bytes.index(after: start) }
        if start == bytes.endIndex { return self[endIndex...] }
        var end = bytes.endIndex
        while bytes[bytes.index(before: end)].isSpaceOrTab { end = bytes.index(before: end) }
        // CR LF is one Character, and a whitespace one: it goes the slow way.
        let first = bytes[start]
        let last = bytes[bytes.index(before: end)]
        if first < 0x80 && first != 0x0D && last < 0x80 && last != 0x0A { return self[start..<end] }
        return trimming(while: \.isSpaceLike)
    }

    /// Without the characters at either end that `isTrimmed` picks. Foundation's
    /// `trimmingCharacters(in:)` would go through `NSString`, and linking it costs every start-up.
    @inlinable
    package func trimming(while isTrimmed: (Character) -> Bool) -> Substring {
        guard let first = firstIndex(where: { !isTrimmed($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isTrimmed($0) })!
        return self[first...last]
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    @inlinable
    package func trimmingSpaces() -> Substring { self[...].trimmingSpaces() }

    /// Without the characters at either end that `isTrimmed` picks.
    @inlinable
    package func trimming(while isTrimmed: (Character) -> Bool) -> Substring { self[...].trimming(while: isTrimmed) }
}

// The tokenizer's and the script reader's byte paths: counting a line's columns and cutting its
// words without grapheme breaking. The shell's, not the engine's (which only trims amounts).

extension UInt8 {
    /// An ASCII byte that is a Character of its own: all but CR, which LF joins into one.
    @inlinable @inline(__always)
    package var isLoneASCIICharacter: Bool { self < 0x80 && self != 0x0D }
}

extension Substring {
    /// The number of Characters, counted by bytes when every byte is ASCII and none is CR (the
    /// only ASCII pair that is one Character): the columns of a replayed line's words.
    @inlinable
    package var characterCount: Int {
        let asciiCount = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            bytes.allSatisfy(\.isLoneASCIICharacter) ? bytes.count : nil
        }
        return (asciiCount ?? nil) ?? count
    }
}

extension Substring {
    /// The part between two UTF-8 offsets found by a byte scan, which must stand on scalar
    /// boundaries (a space, a line end): no string is made.
    @inlinable
    package func slice(utf8Offsets offsets: Range<Int>) -> Substring {
        let start = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: offsets.count)])
    }
}

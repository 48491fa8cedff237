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

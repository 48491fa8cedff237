extension StringProtocol {
    /// Without leading and trailing spaces and tabs. Runs on every replayed line, where
    /// Foundation's `trimmingCharacters(in:)` would go through `NSString`.
    func trimmingSpaces() -> Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return Substring() }
        let last = lastIndex(where: { !isSpace($0) })!
        return Substring(self[first...last])
    }
}

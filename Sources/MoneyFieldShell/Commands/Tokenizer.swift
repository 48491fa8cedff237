/// Splits a command line into words; quotes keep spaces (`record "my file.session"`).
enum Tokenizer {
    static func words(_ text: Substring) throws(CommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw CommandError("unclosed quote; close it or leave the quotes out") }
        if inWord { words.append(current) }
        return words
    }

    /// `word` as one word again: quoted when it holds spaces or quotes.
    static func quoted(_ word: String) -> String {
        guard word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" }) else { return word }
        return word.contains("\"") ? "'\(word)'" : "\"\(word)\""
    }
}

import Foundation
import MoneyFieldEngine

/// Splits a command line into words; quotes keep spaces (`record "my file.session"`).
enum Tokenizer {
    /// A word and the characters of the line it came from, so an error can point at it.
    struct Word: Equatable {
        /// A slice of the line where the word stands as typed; its own string where quotes were read.
        var text: Substring
        var span: Range<Int>
    }

    static func words(_ text: Substring) throws(CommandError) -> [String] { try spannedWords(text).map { String($0.text) } }

    /// The words of `text`, each with its span counted in characters from `offset`.
    static func spannedWords(_ text: Substring, from offset: Int = 0) throws(CommandError) -> [Word] {
        if let words = text.utf8.withContiguousStorageIfAvailable({ asciiWords($0, of: text, from: offset) }), let words { return words }
        var words: [Word] = []
        var current = ""
        var start: Int?
        var quote: (character: Character, at: Int)?
        for (index, character) in text.enumerated() {
            let column = offset + index
            if let open = quote {
                if character == open.character { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = (character, column)
                start = start ?? column
            } else if character.isSpaceLike {
                if let begun = start { words.append(Word(text: current[...], span: begun..<column)) }
                current = ""
                start = nil
            } else {
                current.append(character)
                start = start ?? column
            }
        }
        if let open = quote {
            throw CommandError("unclosed quote; close it or leave the quotes out", at: open.at..<(open.at + 1))
        }
        if let begun = start { words.append(Word(text: current[...], span: begun..<(offset + text.characterCount))) }
        return words
    }

    /// The words of a line of ASCII without quotes or CR, split on spaces and tabs byte by byte,
    /// where a byte is a column; nil for any other line, which `spannedWords` reads by Characters.
    private static func asciiWords(_ bytes: UnsafeBufferPointer<UInt8>, of text: Substring, from offset: Int) -> [Word]? {
        var words: [Word] = []
        var start: Int?
        for index in 0...bytes.count {
            let byte: UInt8 = index < bytes.count ? bytes[index] : 0x20
            if !byte.isLoneASCIICharacter || byte == 0x22 || byte == 0x27 { return nil }
            if byte.isSpaceOrTab {
                if let begun = start {
                    words.append(Word(text: text.slice(utf8Offsets: begun..<index), span: (offset + begun)..<(offset + index)))
                }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        return words
    }

    /// A rest-of-line argument as it reads back: quoted only where reading it plain would change
    /// it (empty, opening with a quote, spaces at its ends).
    static func restOfLine(_ text: String) -> String {
        guard text.isEmpty || text.first == "\"" || text.first == "'" || text.first!.isSpaceLike || text.last!.isSpaceLike else { return text }
        return quoted(text)
    }

    /// `word` as one word again: quoted when it is empty or holds spaces or quotes. A word with
    /// both quotes is written as sh would, in pieces (`"it's "'"'"x"`), which read back as one word.
    static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { $0.isSpaceLike || $0.isWhitespace || $0 == "\"" || $0 == "'" }) else { return word }
        guard word.contains("\"" as Character) else { return "\"\(word)\"" }
        guard word.contains("'" as Character) else { return "'\(word)'" }
        return "\"" + word.replacingOccurrences(of: "\"", with: "\"'\"'\"") + "\""
    }
}

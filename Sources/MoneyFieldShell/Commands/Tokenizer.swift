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

    /// The words of `text`, each with its span counted in characters from `offset`.
    static func spannedWords(_ text: Substring, from offset: Int = 0) throws(CommandError) -> [Word] {
        if let words = text.utf8.withContiguousStorageIfAvailable({ asciiWords($0, of: text, from: offset) }), let words { return words }
        let scan = Scan(text, from: offset)
        if let open = scan.quote {
            throw CommandError("unclosed quote; close it or leave the quotes out", at: open.at..<(open.at + 1))
        }
        return scan.words + (scan.last.map { [$0] } ?? [])
    }

    /// The words before the one being typed and that one, quotes read as a line reads them (a
    /// quoted argument with spaces is one word); the last may be open, inside a quote. For Tab.
    static func partialWords(_ line: String) -> (done: [String], word: String, typed: String) {
        let scan = Scan(line[...], from: 0)
        let typed = scan.last.map { String(line.dropFirst($0.span.lowerBound)) } ?? ""
        return (scan.words.map { String($0.text) }, scan.last.map { String($0.text) } ?? "", typed)
    }

    /// The commands of a `-c` argument: split at each `;` outside quotes (as sh reads `;`), each
    /// with the characters before it in the argument, so an error points at its own column.
    static func commands(in text: String) -> [(command: String, offset: Int)] {
        var commands: [(command: String, offset: Int)] = []
        var quoting = Quoting()
        var current = ""
        var start = 0
        for (index, character) in text.enumerated() {
            if quoting.isOutside(after: character), character == ";" {
                commands.append((current, start))
                current = ""
                start = index + 1
            } else {
                current.append(character)
            }
        }
        commands.append((current, start))
        return commands
    }

    /// Where quotes stand, as sh reads them: `'` or `"` opens a quote that the same character closes.
    private struct Quoting {
        private(set) var open: Character?

        /// Reads `character`: true when it stands outside any quote and is not a quote mark itself.
        mutating func isOutside(after character: Character) -> Bool {
            if let quote = open {
                if character == quote { open = nil }
                return false
            }
            if character == "\"" || character == "'" {
                open = character
                return false
            }
            return true
        }
    }

    /// One pass over a line: the finished words, the word still open at its end, and an open quote.
    private struct Scan {
        var words: [Word] = []
        var last: Word?
        var quote: (character: Character, at: Int)?

        init(_ text: Substring, from offset: Int) {
            var quoting = Quoting()
            var current = ""
            var start: Int?
            for (index, character) in text.enumerated() {
                let column = offset + index
                let wasQuoted = quoting.open != nil
                if quoting.isOutside(after: character) {
                    if character.isSpaceLike {
                        if let begun = start { words.append(Word(text: current[...], span: begun..<column)) }
                        current = ""
                        start = nil
                        continue
                    }
                    current.append(character)
                } else if wasQuoted && quoting.open != nil {
                    current.append(character)
                } else if !wasQuoted {
                    quote = (character, column)
                }
                start = start ?? column
            }
            if quoting.open == nil { quote = nil }
            if let begun = start { last = Word(text: current[...], span: begun..<(offset + text.characterCount)) }
        }
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
    /// it (empty, opening with a quote, spaces at its ends, a `;`, which ends a command on a line).
    static func restOfLine(_ text: String) -> String {
        guard text.isEmpty || text.first == "\"" || text.first == "'" || text.first!.isSpaceLike || text.last!.isSpaceLike || text.utf8.contains(UInt8(ascii: ";"))
        else { return text }
        return quoted(text)
    }

    /// `word` as one word again: quoted when it is empty or holds spaces, quotes or a `;`. A word
    /// with both quotes is written as sh would, in pieces (`"it's "'"'"x"`), which read back as one word.
    static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { $0.isSpaceLike || $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == ";" }) else { return word }
        guard word.contains("\"" as Character) else { return "\"\(word)\"" }
        guard word.contains("'" as Character) else { return "'\(word)'" }
        // Cut at the quote's byte, as NSString's replacingOccurrences did (literally), without linking NSString.
        let pieces = word.utf8.split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false).map { String(Substring($0)) }
        return "\"" + pieces.joined(separator: "\"'\"'\"") + "\""
    }
}

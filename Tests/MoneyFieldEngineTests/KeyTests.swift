@_spi(Benchmarks) import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// Keys, and the `123<bs><left>` scripts the tests and the shell's `type` use.
@Suite("keys")
struct KeyTests {
    @Test("any Unicode decimal digit is a digit key with its value", arguments: [
        ("7", 7), ("٣", 3), ("۷", 7), ("४", 4), ("５", 5), ("𞥙", 9), ("๐", 0),
    ] as [(Character, UInt8)])
    func unicodeDigits(character: Character, value: UInt8) {
        #expect(Key(digit: character) == .digit(value))
    }

    @Test("characters that are not decimal digits are not digit keys", arguments: [
        "a", "²", "½", "Ⅻ", "-", ".", "٫", "1\u{0301}",
    ] as [Character])
    func notDigits(character: Character) {
        #expect(Key(digit: character) == nil)
    }

    @Test("typing reports each refused key and goes on")
    func typeReportsRefusals() throws {
        var field = try makeField(maxDigits: 2)
        let refused = try type("<bs>123<right>", into: &field)
        #expect(refused == [
            RefusedKey(index: 0, key: .backspace, rejection: .nothingToDelete),
            RefusedKey(index: 3, key: .digit(3), rejection: .tooManyDigits(limit: 2)),
            RefusedKey(index: 4, key: .right, rejection: .caretAtEnd),
        ])
        expectMarked(field, "$0.12|")
    }

    @Test("marked strings parse back to display and UTF-16 caret offset", arguments: [
        ("$12|.45", "$12.45", 3), ("|$0.00", "$0.00", 0), ("\u{200F}١٢|٫٣\u{00A0}د.ك.\u{200F}", "\u{200F}١٢٫٣\u{00A0}د.ك.\u{200F}", 3),
        ("𞥑|𞥒", "𞥑𞥒", 2), ("1|\u{0301}", "1\u{0301}", 1),
    ])
    func markedCaret(marked: String, display: String, offset: Int) throws {
        let rendering = try #require(MarkedCaret.parse(marked))
        #expect(rendering == Rendering(display: display, caretOffset: offset))
        #expect(rendering.marked() == marked)
    }

    @Test("a marked string needs exactly one marker", arguments: ["$12.45", "$1|2|.45"])
    func badMarkedCaret(marked: String) {
        #expect(MarkedCaret.parse(marked) == nil)
    }

}

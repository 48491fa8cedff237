import MoneyFieldEngine
@testable import MoneyFieldShell
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

    @Test("scripts parse digits and named keys in order")
    func parseScript() throws {
        let keys = try KeyScript.parse("12<bs><left><left>9<del><home><end><neg><clear>٣")
        #expect(keys == [.digit(1), .digit(2), .backspace, .left, .left, .digit(9), .delete,
                         .home, .end, .minus, .clear, .digit(3)])
        #expect(try KeyScript.parse("") == [])
        #expect(try KeyScript.parse(" 1 2 <BS> ") == [.digit(1), .digit(2), .backspace], "spaces are ignored, names any case")
    }

    @Test("bad scripts say what is wrong", arguments: [
        ("12<up>", KeyScript.ParseError.unknownKey("up")),
        ("1<bs", .unterminated("<bs")),
        ("1x2", .notAKey("x")),
        ("1.5", .notAKey(".")),
    ])
    func badScripts(script: String, error: KeyScript.ParseError) {
        #expect(throws: error) { try KeyScript.parse(script) }
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

    @Test("failure messages escape invisible characters and keep visible ones")
    func escaping() {
        #expect(VisibleText.escaped("1\u{202F}234,50\u{00A0}€") == "1\\u{202F}234,50\\u{00A0}€")
        #expect(VisibleText.escaped("\u{1E951}") == "\u{1E951}")
    }
}

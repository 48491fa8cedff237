import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@testable import MoneyFieldShell
import Testing

/// The `123<bs><left>` key language of `type`, scripts and tests, and the escaper messages use.
@Suite("key scripts")
struct KeyScriptTests {
    @Test("scripts parse digits and named keys in order")
    func parseScript() throws {
        let keys = try KeyScript.parse("12<bs><left><left>9<del><home><end><neg><clear>٣")
        #expect(keys == [.digit(1), .digit(2), .backspace, .left, .left, .digit(9), .delete,
                         .home, .end, .minus, .clear, .digit(3)])
        #expect(try KeyScript.parse("") == [])
        #expect(try KeyScript.parse(" 1 2 <BS> ") == [.digit(1), .digit(2), .backspace], "spaces are ignored, names any case")
    }

    @Test("- and U+2212 are the sign key, as in the kiosk (issue 30 #8)")
    func minusIsTheSignKey() throws {
        #expect(try KeyScript.parse("-5") == [.minus, .digit(5)])
        #expect(try KeyScript.parse("\u{2212}5 -") == [.minus, .digit(5), .minus])
        #expect(try KeyScript.parse("1-2") == [.digit(1), .minus, .digit(2)])
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

    /// The key at fault, in characters from the script's start, found by the same reading that
    /// reads the keys: a minus or a digit of another script before it counts as the one key it is.
    @Test(arguments: [
        ("12<up>", 2..<6), ("1<bs", 1..<4), ("1x2", 1..<2), ("5 --help", 4..<5), ("-h", 1..<2),
        ("\u{2212}٣x", 2..<3), ("-1\u{2212}<zz>", 3..<7),
    ])
    func aBadKeyIsLocatedByTheReadingItself(script: String, span: Range<Int>) {
        #expect(throws: KeyScript.LocatedError.self) { try KeyScript.parseLocated(script) }
        do throws(KeyScript.LocatedError) {
            _ = try KeyScript.parseLocated(script)
        } catch {
            #expect(error.span == span, "\(script): \(error.error)")
        }
    }

    @Test("failure messages escape invisible characters and keep visible ones")
    func escaping() {
        #expect(VisibleText.escaped("1\u{202F}234,50\u{00A0}€") == "1\\u{202F}234,50\\u{00A0}€")
        #expect(VisibleText.escaped("\u{1E951}") == "\u{1E951}")
    }

    @Test("did-you-mean wording", arguments: [
        ([String](), ""), (["EUR"], "; did you mean EUR?"), (["a", "b"], "; did you mean a or b?"),
        (["a", "b", "c"], "; did you mean a, b or c?"),
    ])
    func didYouMean(names: [String], text: String) {
        #expect(Suggestions.didYouMean(names) == text)
    }
}

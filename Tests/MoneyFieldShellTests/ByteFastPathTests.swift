import MoneyFieldEngine
@_spi(Tools) @testable import MoneyFieldShell
import PropertyBased
import Testing

/// A replay reads ASCII lines byte by byte; any other line goes by Characters. Each byte path
/// must answer what the Character path answers: a trailing ideographic space (space-like, not
/// ASCII) sends the same line the slow way, and both readings are compared.
@Suite("byte fast paths")
struct ByteFastPathTests {
    static let slow = "\u{3000}"

    /// ASCII lines of key scripts, words and names: digits, spaces, tabs, known and unknown
    /// `<names>` in either case, stray `<` and `>`, quotes, CR.
    static let pieces = ["1", "9", "0", " ", "\t", "<bs>", "<BS>", "<Sleft>", "<left>", "<00>", "<nope>", "<", ">", "type", "new",
                         "--locale", "x", "\"", "'", "\r", "#", "."]
    static let line = Gen.int(in: 0..<pieces.count).array(of: 0...10).map { $0.map { pieces[$0] }.joined() }

    @Test("keys read the same by bytes and by scalars")
    func keys() async {
        await propertyCheck(count: 1500, input: Self.line) { line in
            // An unclosed `<` quotes the rest of the line, which the slow line has one space more of.
            func reading(_ text: String) -> String {
                do throws(KeyScript.ParseError) {
                    return "\(try KeyScript.parse(text))"
                } catch {
                    if case .unterminated = error { return "unterminated" }
                    return error.description
                }
            }
            #expect(reading(line) == reading(line + Self.slow), "\(line.debugDescription)")
        }
    }

    @Test("words and their columns read the same by bytes and by Characters")
    func words() async {
        await propertyCheck(count: 1500, input: Self.line) { line in
            let fast = try? Tokenizer.spannedWords(line[...], from: 3)
            let slow = try? Tokenizer.spannedWords((line + Self.slow)[...], from: 3)
            #expect(fast == slow, "\(line.debugDescription)")
        }
    }

    @Test("a command line parses the same, errors at the same columns")
    func commands() async {
        await propertyCheck(count: 1500, input: Self.line) { line in
            func parsed(_ text: String) -> String {
                do throws(CommandError) {
                    return "\(String(describing: try Commands.parse(text, reading: .plain)))"
                } catch {
                    return "\(error.message) at \(String(describing: error.span))"
                }
            }
            #expect(parsed(line) == parsed(line + Self.slow), "\(line.debugDescription)")
        }
    }

    @Test("characters are counted as Characters count them")
    func characterCount() async {
        await propertyCheck(count: 1500, input: Self.line) { line in
            #expect(line[...].characterCount == line.count, "\(line.debugDescription)")
        }
    }

    @Test("script lines split on LF, every CR before it dropped", arguments: [
        ("a\r\r\nb\rc\n", ["a", "b\rc", ""]), ("\r", [""]), ("x\ry\r", ["x\ry"]), ("", [""]), ("\n\n", ["", "", ""]),
        ("e\u{301}\r\n\u{301}", ["e\u{301}", "\u{301}"]),
    ])
    func lines(text: String, expected: [String]) {
        #expect(Transcript.lines(of: text[...]).map(String.init) == expected)
    }

    @Test("C0 and C1 controls and DEL are found by bytes; other scalars are not", arguments: [
        ("a\u{9F}b", true), ("a\u{80}", true), ("\u{7F}", true), ("a\u{1B}[m", true), ("a\u{A0}b", false), ("\tx", false),
        ("é ü ١٢", false), ("\u{C2}\u{A0}", false),
    ])
    func controls(line: String, flagged: Bool) {
        #expect((Session.problem(with: line) != nil) == flagged, "\(line.debugDescription)")
    }
}

import MoneyFieldEngine
import PropertyBased
import Testing

/// The byte-level fast path of `trimmingSpaces` cuts where the character-level rule cuts.
@Suite("Trimming")
struct TrimmingTests {
    /// Pieces that meet at the edges: ASCII spaces and tabs, Unicode spaces, a combining mark
    /// that joins a space, CR LF, letters and digits.
    static let pieces = [" ", "\t", "\u{3000}", "\u{A0}", "\u{0301}", "\r\n", "a", "7", "é", "$", ".", "\u{2029}"]

    @Test("byte and character trimming agree on any mix of edges")
    func agreesWithCharacterTrimming() async {
        let text = Gen.int(in: 0..<Self.pieces.count).array(of: 0...8).map { $0.map { Self.pieces[$0] }.joined() }
        await propertyCheck(count: 2000, input: text) { text in
            let slow = text[...].trimming(while: \.isSpaceLike)
            #expect(text.trimmingSpaces() == slow, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(text.dropFirst(0).trimmingSpaces() == slow)
        }
    }

    @Test("examples", arguments: [
        ("  type 12  ", "type 12"), ("\t\t", ""), ("", ""), (" \u{0301}x ", "x"), ("x \u{3000}", "x"), (" a b ", "a b"),
    ])
    func examples(text: String, trimmed: String) {
        #expect(String(text.trimmingSpaces()) == trimmed)
    }
}

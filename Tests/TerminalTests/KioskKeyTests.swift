import MoneyFieldEngine
import MoneyFieldShell
import Testing
@testable import moneyfield
import MoneyFieldIO
import MoneyFieldScripts

/// Bytes from a terminal into keys: every sequence xterm, VT100 and tmux send for the keys the
/// kiosk knows, and what `KeyTable` makes of them.
@Suite struct KioskKeyTests {
    static func inputs(_ bytes: [UInt8]) -> [TerminalInput] {
        var rest = bytes[...]
        var inputs: [TerminalInput] = []
        while let (input, length) = TerminalKeyDecoder.decode(rest, final: true) {
            inputs.append(input)
            rest = rest.dropFirst(length)
        }
        return inputs
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        ("\u{1B}[D", KeyboardKey.left), ("\u{1B}OD", .left), ("\u{1B}[1;5D", .left),
        ("\u{1B}[C", .right), ("\u{1B}OC", .right),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1;2D", .shiftLeft), ("\u{1B}[1;2C", .shiftRight), ("\u{1B}[1;2H", .shiftHome), ("\u{1B}[1;2F", .shiftEnd),
        ("\u{1B}[1;6D", .shiftLeft), ("\u{1B}[Z", .backTab), ("\t", .tab),
        ("\u{1B}[3~", .delete), ("\u{7F}", .backspace), ("\u{8}", .backspace),
        ("\r", .enter), ("\n", .enter), ("\u{1B}", .escape), ("-", .character("-")), ("c", .character("c")),
        ("\u{1}", .control("a")), ("\u{3}", .control("c")), ("\u{4}", .control("d")), ("\u{1A}", .control("z")), ("\u{C}", .control("l")),
        ("7", .character("7")), ("٣", .character("٣")), ("x", .character("x")),
    ])
    func oneKey(sequence: String, key: KeyboardKey) {
        #expect(Self.inputs(Self.bytes(sequence)) == [.key(key)], "bytes: \(Array(sequence.utf8))")
    }

    @Test(arguments: ["\u{1B}[A", "\u{1B}[2~", "\u{1B}OQ"])
    func unknownSequencesAreReportedAsSent(sequence: String) {
        #expect(Self.inputs(Self.bytes(sequence)) == [.unknown(sequence)])
    }

    @Test func keysRunTogetherAsTheTerminalSendsThem() {
        #expect(Self.inputs(Self.bytes("12\u{1B}[D\u{1B}[D9\u{7F}\u{1B}[3~\r"))
            == [.key(.character("1")), .key(.character("2")), .key(.left), .key(.left), .key(.character("9")),
                .key(.backspace), .key(.delete), .key(.enter)])
    }

    @Test func anUnfinishedSequenceWaitsForMoreBytes() {
        // The last: the first of the two bytes of ٣ (U+0663).
        for partial in [Self.bytes("\u{1B}"), Self.bytes("\u{1B}["), Self.bytes("\u{1B}[1"), Self.bytes("\u{1B}[1;5"), Self.bytes("\u{1B}O"), [0xD9]] {
            #expect(TerminalKeyDecoder.decode(partial[...], final: false) == nil, "bytes: \(partial)")
        }
    }

    @Test func escapeThenAnotherKeyIsEscape() {
        #expect(Self.inputs(Self.bytes("\u{1B}5")) == [.key(.escape), .key(.character("5"))])
    }

    @Test func invalidUTF8IsOneUnknownInputPerByte() {
        #expect(Self.inputs([0xFF, 0x31]) == [.unknown("\u{FFFD}"), .key(.character("1"))])
    }

    @Test(arguments: [
        (KeyboardKey.character("٣"), Key.digit(3)), (.character("7"), .digit(7)), (.backspace, .backspace), (.delete, .delete),
        (.left, .left), (.right, .right), (.home, .home), (.end, .end), (.character("-"), .minus), (.character("c"), .clear),
        (.character("."), .decimal), (.character(","), .decimal),
    ])
    func kioskKeysPressFieldKeys(keyboardKey: KeyboardKey, key: Key) {
        #expect(KeyTable.key(forKiosk: keyboardKey) == key)
    }

    @Test func leavingKeysPressNoFieldKey() {
        for key in [KeyboardKey.enter, .escape, .control("c"), .control("d"), .character("x")] {
            #expect(KeyTable.key(forKiosk: key) == nil)
        }
    }
}

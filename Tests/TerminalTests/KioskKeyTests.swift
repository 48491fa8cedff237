import Testing
@testable import moneyfield

/// Bytes from a terminal into kiosk keys: every sequence xterm, VT100 and tmux send for the keys
/// the kiosk knows.
@Suite struct KioskKeyTests {
    static func keys(_ bytes: [UInt8]) -> [KioskKey] {
        var rest = bytes[...]
        var keys: [KioskKey] = []
        while let (key, length) = KioskKeyDecoder.decode(rest, final: true) {
            keys.append(key)
            rest = rest.dropFirst(length)
        }
        return keys
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        ("\u{1B}[D", KioskKey.left), ("\u{1B}OD", .left), ("\u{1B}[1;5D", .left),
        ("\u{1B}[C", .right), ("\u{1B}OC", .right),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[3~", .delete), ("\u{7F}", .backspace), ("\u{8}", .backspace),
        ("\r", .enter), ("\n", .enter), ("\u{1B}", .escape), ("-", .minus), ("c", .clear),
        ("\u{3}", .interrupt), ("\u{4}", .endOfInput), ("\u{1A}", .suspend), ("\u{C}", .redraw),
        ("7", .digit("7")), ("٣", .digit("٣")), ("५", .digit("५")),
        ("x", .other("x")), ("€", .other("€")), ("\u{1B}[A", .other("\u{1B}[A")), ("\u{1B}[2~", .other("\u{1B}[2~")),
    ])
    func oneKey(sequence: String, key: KioskKey) {
        #expect(Self.keys(Self.bytes(sequence)) == [key], "bytes: \(Array(sequence.utf8))")
    }

    @Test func keysRunTogetherAsTheTerminalSendsThem() {
        #expect(Self.keys(Self.bytes("12\u{1B}[D\u{1B}[D9\u{7F}\u{1B}[3~\r"))
            == [.digit("1"), .digit("2"), .left, .left, .digit("9"), .backspace, .delete, .enter])
    }

    @Test func anUnfinishedSequenceWaitsForMoreBytes() {
        // The last: the first of the two bytes of ٣ (U+0663).
        for partial in [Self.bytes("\u{1B}"), Self.bytes("\u{1B}["), Self.bytes("\u{1B}[1"), Self.bytes("\u{1B}[1;5"), Self.bytes("\u{1B}O"), [0xD9]] {
            #expect(KioskKeyDecoder.decode(partial[...], final: false) == nil, "bytes: \(partial)")
        }
    }

    @Test func escapeThenAnotherKeyIsEscape() {
        #expect(Self.keys(Self.bytes("\u{1B}5")) == [.escape, .digit("5")])
    }

    @Test func invalidUTF8IsOneOtherKeyPerByte() {
        #expect(Self.keys([0xFF, 0x31]) == [.other("\u{FFFD}"), .digit("1")])
    }

    @Test(arguments: [
        (KioskKey.digit("٣"), "type ٣"), (.backspace, "type <bs>"), (.delete, "type <del>"), (.left, "type <left>"),
        (.right, "type <right>"), (.home, "type <home>"), (.end, "type <end>"), (.minus, "type <neg>"), (.clear, "type <clear>"),
    ])
    func fieldKeysAreShellCommands(key: KioskKey, command: String) {
        #expect(key.command == command)
    }

    @Test func leavingKeysAreNoCommands() {
        for key in [KioskKey.enter, .escape, .interrupt, .endOfInput, .other("x")] { #expect(key.command == nil) }
    }
}

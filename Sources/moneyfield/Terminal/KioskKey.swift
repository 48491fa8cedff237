import MoneyField

/// A key read in kiosk mode, decoded from the bytes a terminal sends.
enum KioskKey: Equatable {
    /// Any Unicode decimal digit (`5`, `٣`).
    case digit(Character)
    case backspace, delete, left, right, home, end
    /// `-`: the sign.
    case minus
    /// `c`: zero.
    case clear
    /// Enter, or Esc on its own: leave.
    case enter, escape
    /// Ctrl-C and Ctrl-D leave too; Ctrl-Z suspends; Ctrl-L redraws.
    case interrupt, endOfInput, suspend, redraw
    /// Anything else, as the terminal sent it (`x`, an unknown escape sequence).
    case other(String)

    /// The shell command that presses this key on the active field, if it is a field key.
    var command: String? {
        switch self {
        case .digit(let digit): "type \(digit)"
        case .backspace: "type <bs>"
        case .delete: "type <del>"
        case .left: "type <left>"
        case .right: "type <right>"
        case .home: "type <home>"
        case .end: "type <end>"
        case .minus: "type <neg>"
        case .clear: "type <clear>"
        default: nil
        }
    }
}

/// Turns the bytes a terminal sends into keys: xterm and VT100 sequences for the arrows, Home,
/// End and Delete (`ESC [ D`, `ESC O D`, `ESC [ 1 ~` …), UTF-8 for everything else.
enum KioskKeyDecoder {
    static let escape: UInt8 = 0x1B

    /// The first key in `bytes` and how many bytes it took; nil when the bytes may be the start
    /// of a longer key and more could follow. With `final`, no more bytes are coming soon: a
    /// lone Esc is the Esc key and an unfinished sequence is reported as it stands.
    static func decode(_ bytes: ArraySlice<UInt8>, final: Bool) -> (key: KioskKey, length: Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x1A: return (.suspend, 1)
        case 0x0C: return (.redraw, 1)
        case escape: return decodeEscape(bytes, final: final)
        case UInt8(ascii: "-"): return (.minus, 1)
        case UInt8(ascii: "c"), UInt8(ascii: "C"): return (.clear, 1)
        default: return decodeCharacter(bytes, final: final)
        }
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>, final: Bool) -> (key: KioskKey, length: Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return final ? (.escape, 1) : nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {
            // SS3, sent by terminals in application cursor mode: ESC O D.
            guard bytes.count >= 3 else { return final ? (.other("\u{1B}O"), 2) : nil }
            let key: KioskKey = switch bytes[start + 2] {
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "M"): .enter
            default: .other(String(decoding: bytes[start...(start + 2)], as: UTF8.self))
            }
            return (key, 3)
        }
        guard introducer == UInt8(ascii: "[") else {
            // Esc then another key (Alt-x, or Esc pressed twice): the Esc alone leaves.
            return (.escape, 1)
        }
        // CSI: parameter and intermediate bytes, then one final byte from @ to ~.
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else {
            return final ? (.other(String(decoding: bytes, as: UTF8.self)), bytes.count) : nil
        }
        let finalByte = bytes[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(finalByte) else { return (.other(String(decoding: bytes[start..<index], as: UTF8.self)), length - 1) }
        // Modifiers (`ESC [ 1 ; 5 D`, Ctrl-Left) move the same way.
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let first = parameters.split(separator: ";").first.map(String.init) ?? ""
        let key: KioskKey = switch (finalByte, first) {
        case (UInt8(ascii: "D"), _): .left
        case (UInt8(ascii: "C"), _): .right
        case (UInt8(ascii: "H"), _): .home
        case (UInt8(ascii: "F"), _): .end
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
        case (UInt8(ascii: "~"), "3"): .delete
        default: .other(String(decoding: bytes[start..<(start + length)], as: UTF8.self))
        }
        return (key, length)
    }

    private static func decodeCharacter(_ bytes: ArraySlice<UInt8>, final: Bool) -> (key: KioskKey, length: Int)? {
        let first = bytes[bytes.startIndex]
        let length = switch first {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
        guard bytes.count >= length else {
            return final ? (.other(String(decoding: bytes, as: UTF8.self)), bytes.count) : nil
        }
        let piece = bytes.prefix(length)
        guard let text = String(validating: piece, as: UTF8.self), let character = text.first else {
            return (.other(String(decoding: piece.prefix(1), as: UTF8.self)), 1)
        }
        return (Key(digit: character) != nil ? .digit(character) : .other(text), length)
    }
}

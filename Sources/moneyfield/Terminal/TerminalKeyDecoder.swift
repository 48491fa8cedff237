import MoneyFieldShell
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// What one key press at the terminal sent: a key the kiosk can name, or bytes it cannot.
enum TerminalInput: Equatable {
    case key(KeyboardKey)
    /// An unknown escape sequence or a character that is no key (`x`), as sent.
    case unknown(String)
}

/// Turns the bytes a terminal sends into keys: xterm and VT100 sequences for the arrows, Home,
/// End and Delete (`ESC [ D`, `ESC O D`, `ESC [ 1 ~` …) with Shift (`ESC [ 1 ; 2 D`), control
/// characters, UTF-8 for everything else. What a key does is `KeyTable`'s business, not this.
enum TerminalKeyDecoder {
    static let escape: UInt8 = 0x1B

    /// The first key in `bytes` and how many bytes it took; nil when the bytes may be the start
    /// of a longer key and more could follow. With `final`, no more bytes are coming soon: a
    /// lone Esc is the Esc key and an unfinished sequence is reported as it stands.
    static func decode(_ bytes: ArraySlice<UInt8>, final: Bool) -> (input: TerminalInput, length: Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x7F, 0x08: return (.key(.backspace), 1)
        case 0x09: return (.key(.tab), 1)
        case escape: return decodeEscape(bytes, final: final)
        case 0x01...0x1A: return (.key(.control(Character(Unicode.Scalar(first + 0x60)))), 1)
        default: return decodeCharacter(bytes, final: final)
        }
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>, final: Bool) -> (input: TerminalInput, length: Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return final ? (.key(.escape), 1) : nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {
            // SS3, sent by terminals in application cursor mode: ESC O D.
            guard bytes.count >= 3 else { return final ? (.unknown("\u{1B}O"), 2) : nil }
            let key: KeyboardKey? = switch bytes[start + 2] {
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "M"): .enter
            default: nil
            }
            return (key.map(TerminalInput.key) ?? .unknown(String(decoding: bytes[start...(start + 2)], as: UTF8.self)), 3)
        }
        guard introducer == UInt8(ascii: "[") else {
            // Esc then another key (Alt-x, or Esc pressed twice): the Esc alone leaves.
            return (.key(.escape), 1)
        }
        // CSI: parameter and intermediate bytes, then one final byte from @ to ~.
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else {
            return final ? (.unknown(String(decoding: bytes, as: UTF8.self)), bytes.count) : nil
        }
        let finalByte = bytes[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(finalByte) else {
            return (.unknown(String(decoding: bytes[start..<index], as: UTF8.self)), length - 1)
        }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self).split(separator: ";").map(String.init)
        let first = parameters.first ?? ""
        // The modifier parameter is 1 + a bit mask: Shift is 1 (so 2, 4, 6, 8 have Shift).
        let shifted = parameters.count > 1 && (Int(parameters[1]).map { ($0 - 1) & 1 == 1 } ?? false)
        let key: KeyboardKey? = switch (finalByte, first) {
        case (UInt8(ascii: "D"), _): shifted ? .shiftLeft : .left
        case (UInt8(ascii: "C"), _): shifted ? .shiftRight : .right
        case (UInt8(ascii: "H"), _): shifted ? .shiftHome : .home
        case (UInt8(ascii: "F"), _): shifted ? .shiftEnd : .end
        case (UInt8(ascii: "Z"), _): .backTab
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): shifted ? .shiftHome : .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): shifted ? .shiftEnd : .end
        case (UInt8(ascii: "~"), "3"): .delete
        default: nil
        }
        return (key.map(TerminalInput.key) ?? .unknown(String(decoding: bytes[start..<(start + length)], as: UTF8.self)), length)
    }

    private static func decodeCharacter(_ bytes: ArraySlice<UInt8>, final: Bool) -> (input: TerminalInput, length: Int)? {
        let first = bytes[bytes.startIndex]
        let length = switch first {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
        guard bytes.count >= length else {
            return final ? (.unknown(String(decoding: bytes, as: UTF8.self)), bytes.count) : nil
        }
        let piece = bytes.prefix(length)
        guard let text = String(validating: piece, as: UTF8.self), let character = text.first, first >= 0x20 else {
            return (.unknown(String(decoding: piece.prefix(1), as: UTF8.self)), 1)
        }
        return (.key(.character(character)), length)
    }
}

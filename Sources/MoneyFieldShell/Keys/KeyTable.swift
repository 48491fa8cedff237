import MoneyFieldEngine

/// A key as a terminal reports it, decoded from its bytes; what kiosk mode reads.
public enum KeyboardKey: Hashable, Sendable {
    /// A printable character (digits included).
    case character(Character)
    case backspace, delete, left, right, home, end
    case shiftLeft, shiftRight, shiftHome, shiftEnd
    case enter, escape, tab, backTab
    /// Ctrl and a letter, as the lower-case letter (`"c"` for Ctrl-C).
    case control(Character)
}

/// One named key: how scripts write it, what it does, and which terminal keys press it in kiosk mode.
public struct NamedKey: Sendable {
    /// Written `<name>` in `type` and in scripts.
    public let name: String
    public let key: Key
    public let help: String
    /// The terminal keys that press it in kiosk mode, and how the kiosk hint names them.
    public let kiosk: [KeyboardKey]
    public let kioskLabel: String
}

/// Every named key, once: the `type` language, kiosk bindings, help and completion read this.
public enum KeyTable {
    public static let all: [NamedKey] = [
        NamedKey(name: "bs", key: .backspace, help: "delete the digit left of the caret", kiosk: [.backspace], kioskLabel: "Backspace"),
        NamedKey(name: "del", key: .delete, help: "delete the digit right of the caret", kiosk: [.delete], kioskLabel: "Delete"),
        NamedKey(name: "left", key: .left, help: "caret one digit slot left", kiosk: [.left], kioskLabel: "←"),
        NamedKey(name: "right", key: .right, help: "caret one digit slot right", kiosk: [.right], kioskLabel: "→"),
        NamedKey(name: "home", key: .home, help: "caret before the first digit", kiosk: [.home], kioskLabel: "Home"),
        NamedKey(name: "end", key: .end, help: "caret after the last digit", kiosk: [.end], kioskLabel: "End"),
        NamedKey(name: "neg", key: .minus, help: "toggle the sign (fields made with --allow-negative)", kiosk: [.character("-")], kioskLabel: "-"),
        NamedKey(name: "clear", key: .clear, help: "zero, positive, caret at the end", kiosk: [.character("c"), .character("C")], kioskLabel: "c"),
        NamedKey(name: "00", key: .doubleZero, help: "two zeros at once, as a keypad's 00 key (all or nothing)", kiosk: [], kioskLabel: "00"),
        NamedKey(name: "000", key: .tripleZero, help: "three zeros at once (all or nothing)", kiosk: [], kioskLabel: "000"),
        NamedKey(name: "plus", key: .plus, help: "make the amount positive", kiosk: [.character("+")], kioskLabel: "+"),
        NamedKey(name: "dec", key: .decimal, help: "the decimal point (natural mode; with a point, caret just after it)",
                 kiosk: [.character("."), .character(",")], kioskLabel: ". or ,"),
        NamedKey(name: "enter", key: .enter, help: "the field loses focus (natural mode pads the fraction)", kiosk: [], kioskLabel: "Enter"),
        NamedKey(name: "sleft", key: .selectLeft, help: "select one slot further left", kiosk: [.shiftLeft], kioskLabel: "Shift+←"),
        NamedKey(name: "sright", key: .selectRight, help: "select one slot further right", kiosk: [.shiftRight], kioskLabel: "Shift+→"),
        NamedKey(name: "shome", key: .selectHome, help: "select to the first digit", kiosk: [.shiftHome], kioskLabel: "Shift+Home"),
        NamedKey(name: "send", key: .selectEnd, help: "select to the last digit", kiosk: [.shiftEnd], kioskLabel: "Shift+End"),
        NamedKey(name: "selall", key: .selectAll, help: "select every digit slot", kiosk: [.control("a")], kioskLabel: "Ctrl-A"),
    ]

    private static let byName: [String: NamedKey] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    private static let byKeyboard: [KeyboardKey: Key] = Dictionary(
        all.flatMap { named in named.kiosk.map { ($0, named.key) } }, uniquingKeysWith: { first, _ in first })

    /// The key named `name` (any case), or nil.
    public static func key(named name: String) -> Key? { (byName[name] ?? byName[name.lowercased()])?.key }

    /// Each name's bytes in lower case packed into a word, its length in the top byte: a name
    /// is then found by comparing words, as a replay does for every `<name>` it reads.
    private static let packedNames: [(name: UInt64, key: Key)] = all.map { named in
        let bytes = Array(named.name.utf8)
        guard let packed = bytes.withUnsafeBufferPointer(packed) else { preconditionFailure("key names are at most 7 ASCII bytes") }
        return (packed, named.key)
    }

    /// `name`'s ASCII bytes in lower case and its length, in one word; nil past 7 bytes.
    private static func packed(_ name: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard name.count <= 7 else { return nil }
        var word = UInt64(name.count) &<< 56
        for index in name.indices {
            // ASCII upper case to lower case: A–Z gain 0x20.
            let byte = name[index]
            word |= UInt64((byte &- 0x41) < 26 ? byte | 0x20 : byte) &<< UInt64(index &* 8)
        }
        return word
    }

    /// The key named by ASCII bytes (any case), or nil: the key reader's fast path, with no
    /// string made or hashed.
    static func key(namedASCII name: UnsafeBufferPointer<UInt8>) -> Key? {
        guard let word = packed(name) else { return nil }
        for entry in packedNames where entry.name == word { return entry.key }
        return nil
    }

    /// How a script writes `key`: `7`, `<bs>`.
    public static func scriptText(for key: Key) -> String {
        if case .digit(let value) = key { return String(value) }
        return "<" + (all.first { $0.key == key }?.name ?? "?") + ">"
    }

    /// `<bs> <del> …`, for messages and help.
    public static let nameList = all.map { "<\($0.name)>" }.joined(separator: " ")

    /// The field key a terminal key presses in kiosk mode: any decimal digit, or a bound key.
    public static func key(forKiosk keyboardKey: KeyboardKey) -> Key? {
        if case .character(let character) = keyboardKey, let digit = Key(digit: character) { return digit }
        return byKeyboard[keyboardKey]
    }
}

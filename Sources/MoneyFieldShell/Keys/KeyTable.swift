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

    /// How a script writes it: `7`, `<bs>`.
    public var scriptText: String {
        if case .digit = key { return name }
        return "<" + name + ">"
    }
}

/// Every named key, once: the `type` language, kiosk bindings, help and completion read this.
public enum KeyTable {
    /// Every key but the digits, in the order help lists them.
    public static let all: [NamedKey] = Key.editingKeys.map(row(for:))

    /// The row of `key`, which every key has: a digit's names it by itself (`7`, as scripts and
    /// the adapter protocol write it). Read from rows made once: scripts and `check` ask per key.
    public static func named(for key: Key) -> NamedKey {
        if case .digit(let value) = key, value < 10 { return digitRows[Int(value)] }
        return byKey[key] ?? row(for: key)
    }

    private static let byKey: [Key: NamedKey] = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    private static let digitRows: [NamedKey] = (0...9).map { row(for: .digit(UInt8($0))) }

    /// The row of `key`. One exhaustive switch: a new key does not compile until it has its name,
    /// help and kiosk binding.
    private static func row(for key: Key) -> NamedKey {
        switch key {
        case .digit(let value):
            NamedKey(name: String(value), key: key, help: "the digit \(value)", kiosk: [.character(Character(String(value)))], kioskLabel: String(value))
        case .backspace: NamedKey(name: "bs", key: key, help: "delete the digit left of the caret", kiosk: [.backspace], kioskLabel: "Backspace")
        case .delete: NamedKey(name: "del", key: key, help: "delete the digit right of the caret", kiosk: [.delete], kioskLabel: "Delete")
        case .left: NamedKey(name: "left", key: key, help: "caret one digit slot left", kiosk: [.left], kioskLabel: "←")
        case .right: NamedKey(name: "right", key: key, help: "caret one digit slot right", kiosk: [.right], kioskLabel: "→")
        case .home: NamedKey(name: "home", key: key, help: "caret before the first digit", kiosk: [.home], kioskLabel: "Home")
        case .end: NamedKey(name: "end", key: key, help: "caret after the last digit", kiosk: [.end], kioskLabel: "End")
        case .minus:
            NamedKey(name: "neg", key: key, help: "toggle the sign (fields made with \(FieldSetting.allowsNegative.option))",
                     kiosk: [.character("-")], kioskLabel: "-")
        case .clear: NamedKey(name: "clear", key: key, help: "zero, positive, caret at the end", kiosk: [.character("c"), .character("C")], kioskLabel: "c")
        case .doubleZero: NamedKey(name: "00", key: key, help: "two zeros at once, as a keypad's 00 key (all or nothing)", kiosk: [], kioskLabel: "00")
        case .tripleZero: NamedKey(name: "000", key: key, help: "three zeros at once (all or nothing)", kiosk: [], kioskLabel: "000")
        case .plus: NamedKey(name: "plus", key: key, help: "make the amount positive", kiosk: [.character("+")], kioskLabel: "+")
        case .decimal:
            NamedKey(name: "dec", key: key, help: "the decimal point (natural mode; with a point, caret just after it)",
                     kiosk: [.character("."), .character(",")], kioskLabel: ". or ,")
        case .enter: NamedKey(name: "enter", key: key, help: "the field loses focus (natural mode pads the fraction)", kiosk: [], kioskLabel: "Enter")
        case .selectLeft: NamedKey(name: "sleft", key: key, help: "select one slot further left", kiosk: [.shiftLeft], kioskLabel: "Shift+←")
        case .selectRight: NamedKey(name: "sright", key: key, help: "select one slot further right", kiosk: [.shiftRight], kioskLabel: "Shift+→")
        case .selectHome: NamedKey(name: "shome", key: key, help: "select to the first digit", kiosk: [.shiftHome], kioskLabel: "Shift+Home")
        case .selectEnd: NamedKey(name: "send", key: key, help: "select to the last digit", kiosk: [.shiftEnd], kioskLabel: "Shift+End")
        case .selectAll: NamedKey(name: "selall", key: key, help: "select every digit slot", kiosk: [.control("a")], kioskLabel: "Ctrl-A")
        }
    }

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
    public static func scriptText(for key: Key) -> String { named(for: key).scriptText }

    /// `<bs> <del> …`, for messages and help.
    public static let nameList = all.map { "<\($0.name)>" }.joined(separator: " ")

    /// The field key a terminal key presses in kiosk mode: any decimal digit, or a bound key.
    public static func key(forKiosk keyboardKey: KeyboardKey) -> Key? {
        if case .character(let character) = keyboardKey, let digit = Key(digit: character) { return digit }
        return byKeyboard[keyboardKey]
    }
}

import MoneyFieldEngine

/// A key as a terminal reports it, decoded from its bytes; what kiosk mode reads.
package enum KeyboardKey: Hashable, Sendable {
    /// A printable character (digits included).
    case character(Character)
    case backspace, delete, left, right, home, end
    case shiftLeft, shiftRight, shiftHome, shiftEnd
    case enter, escape, tab, backTab
    /// Ctrl and a letter, as the lower-case letter (`"c"` for Ctrl-C).
    case control(Character)
}

/// One key, declared once: how scripts write it, what help says, which terminal keys press it in
/// kiosk mode, whether it edits the amount, and how `check`'s script headers name it.
package struct NamedKey: Sendable {
    /// Written `<name>` in `type` and in scripts (any length).
    package let name: String
    package let key: Key
    /// Made when read: the sign key's names `new`'s option, and building that table costs a
    /// replay's first command, which reads only names.
    package var help: String { helpLine() }
    let helpLine: @Sendable () -> String
    /// The terminal keys that press it in kiosk mode, and how the kiosk hint names them.
    package let kiosk: [KeyboardKey]
    package let kioskLabel: String
    /// It may change the digits or the sign (a move or a selection does not).
    package let edits: Bool
    /// How `check`'s headers name it: `backspace`, `left arrow`, `a digit key`.
    package let words: String
    /// The shell command named as the key, if it has one (`bs 3`, `home`).
    package let command: KeyCommand?

    /// How a script writes it: `7`, `<bs>`.
    package var scriptText: String {
        if case .digit = key { return name }
        return "<" + name + ">"
    }
}

/// The shell command a key gives: pressed once (`home`), or N times with its own summary (`bs 3`).
package enum KeyCommand: Sendable {
    case once
    case repeated(summary: String)
}

/// Every named key, once: the `type` language, kiosk bindings, help and completion read this.
package enum KeyTable {
    /// Every key but the digits, in the order help lists them.
    package static let all: [NamedKey] = Key.editingKeys.map(row(for:))

    /// The row of `key`, which every key has: a digit's names it by itself (`7`, as scripts and
    /// the adapter protocol write it). Read from rows made once: scripts and `check` ask per key.
    package static func named(for key: Key) -> NamedKey {
        if case .digit(let value) = key, value < 10 { return digitRows[Int(value)] }
        return byKey[key] ?? row(for: key)
    }

    private static let byKey: [Key: NamedKey] = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    private static let digitRows: [NamedKey] = (0...9).map { row(for: .digit(UInt8($0))) }

    /// The row of `key`. One exhaustive switch: a new key does not compile until it has its name,
    /// help, kiosk binding, whether it edits and its words.
    private static func row(for key: Key) -> NamedKey {
        func row(
            _ name: String, _ help: @autoclosure @escaping @Sendable () -> String, kiosk: [KeyboardKey], _ kioskLabel: String, edits: Bool,
            words: String? = nil, command: KeyCommand? = nil
        ) -> NamedKey {
            NamedKey(name: name, key: key, helpLine: help, kiosk: kiosk, kioskLabel: kioskLabel, edits: edits, words: words ?? name, command: command)
        }
        return switch key {
        case .digit(let value):
            row(String(value), "the digit \(value)", kiosk: [.character(Character(String(value)))], String(value), edits: true, words: "a digit key")
        case .backspace: row("bs", "delete the digit left of the caret", kiosk: [.backspace], "Backspace", edits: true, words: "backspace",
                                 command: .repeated(summary: "backspace N times (default 1)"))
        case .delete: row("del", "delete the digit right of the caret", kiosk: [.delete], "Delete", edits: true, words: "delete",
                              command: .repeated(summary: "delete forward N times (default 1)"))
        case .left: row("left", "caret one digit slot left", kiosk: [.left], "←", edits: false, words: "left arrow",
                            command: .repeated(summary: "move the caret left N digit slots"))
        case .right: row("right", "caret one digit slot right", kiosk: [.right], "→", edits: false, words: "right arrow",
                             command: .repeated(summary: "move the caret right N digit slots"))
        case .home: row("home", "caret before the first digit", kiosk: [.home], "Home", edits: false, command: .once)
        case .end: row("end", "caret after the last digit", kiosk: [.end], "End", edits: false, command: .once)
        case .minus:
            row("neg", "toggle the sign (fields made with \(FieldOption[\.allowsNegative].name))", kiosk: [.character("-")], "-",
                edits: true, words: "the sign key", command: .once)
        case .clear: row("clear", "zero, positive, caret at the end", kiosk: [.character("c"), .character("C")], "c", edits: true, command: .once)
        case .doubleZero: row("00", "two zeros at once, as a keypad's 00 key (all or nothing)", kiosk: [], "00", edits: true)
        case .tripleZero: row("000", "three zeros at once (all or nothing)", kiosk: [], "000", edits: true)
        case .plus: row("plus", "make the amount positive", kiosk: [.character("+")], "+", edits: true)
        case .decimal:
            row("dec", "the decimal point (natural mode; with a point, caret just after it)", kiosk: [.character("."), .character(",")], ". or ,",
                edits: true, words: "the decimal key")
        case .enter: row("enter", "the field loses focus (natural mode pads the fraction, unless \(FieldOption[\.onLeave].name) keep)", kiosk: [], "Enter", edits: false, words: "leaving the field")
        case .selectLeft: row("sleft", "select one slot further left", kiosk: [.shiftLeft], "Shift+←", edits: false, words: "shift-left")
        case .selectRight: row("sright", "select one slot further right", kiosk: [.shiftRight], "Shift+→", edits: false, words: "shift-right")
        case .selectHome: row("shome", "select to the first digit", kiosk: [.shiftHome], "Shift+Home", edits: false, words: "shift-home")
        case .selectEnd: row("send", "select to the last digit", kiosk: [.shiftEnd], "Shift+End", edits: false, words: "shift-end")
        case .selectAll: row("selall", "select every digit slot", kiosk: [.control("a")], "Ctrl-A", edits: false, words: "select-all")
        }
    }

    private static let byName: [String: NamedKey] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    private static let byKeyboard: [KeyboardKey: Key] = Dictionary(
        all.flatMap { named in named.kiosk.map { ($0, named.key) } }, uniquingKeysWith: { first, _ in first })

    /// The key named `name` (any case), or nil.
    package static func key(named name: String) -> Key? { (byName[name] ?? byName[name.lowercased()])?.key }

    /// Each name's bytes in lower case, for the key reader, which finds a `<name>` by its bytes.
    private static let asciiNames: [(name: [UInt8], key: Key)] = all.map { (Array($0.name.lowercased().utf8), $0.key) }

    /// The key named by ASCII bytes (any case), or nil: the key reader's fast path, with no
    /// string made or hashed. Any length: a long name is simply no key.
    static func key(namedASCII name: UnsafeBufferPointer<UInt8>) -> Key? {
        entries: for entry in asciiNames where entry.name.count == name.count {
            for index in name.indices {
                // ASCII upper case to lower case: A–Z gain 0x20.
                let byte = name[index]
                if ((byte &- 0x41) < 26 ? byte | 0x20 : byte) != entry.name[index] { continue entries }
            }
            return entry.key
        }
        return nil
    }

    /// How a script writes `key`: `7`, `<bs>`.
    package static func scriptText(for key: Key) -> String { named(for: key).scriptText }

    /// `<bs> <del> …`, for messages and help.
    package static let nameList = all.map { "<\($0.name)>" }.joined(separator: " ")

    /// The field key a terminal key presses in kiosk mode: any decimal digit, or a bound key.
    package static func key(forKiosk keyboardKey: KeyboardKey) -> Key? {
        if case .character(let character) = keyboardKey, let digit = Key(digit: character) { return digit }
        return byKeyboard[keyboardKey]
    }
}

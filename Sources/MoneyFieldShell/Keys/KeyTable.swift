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
/// kiosk mode (or why none does), whether it edits the amount, how `check` names, weighs and
/// classes it, and the shell command it gives.
package struct NamedKey: Sendable {
    /// Written `<name>` in `type` and in scripts (any length).
    package let name: String
    package let key: Key
    /// The key's `Key.Named` case, nil for a digit: the row names it, so a new key cannot be
    /// left out of `Key.Named.allCases` (the list every surface reads).
    package let named: Key.Named?
    /// Made when read: the sign key's names `new`'s option, and building that table costs a
    /// replay's first command, which reads only names.
    package var help: String { helpLine() }
    let helpLine: @Sendable () -> String
    /// The terminal keys that press it in kiosk mode, and how the kiosk hint names them.
    package let kiosk: [KeyboardKey]
    package let kioskLabel: String
    /// Why no terminal key presses it in kiosk mode, for a key with no `kiosk` binding.
    package let noKioskBecause: String?
    /// It may change the digits or the sign (a move or a selection does not).
    package let edits: Bool
    /// How `check`'s headers name it: `backspace`, `left arrow`, `a digit key`.
    package let words: String
    /// How often `check` draws it against the others (an operator's mix); above 0.
    package let weight: Int
    /// What kind of key `check`'s causes take it for.
    package let keyClass: KeyClass
    /// The shell command named as the key, if it has one (`bs 3`, `home`).
    package let command: KeyCommand?

    /// How a script writes it: `7`, `<bs>`.
    package var scriptText: String {
        if case .digit = key { return name }
        return "<" + name + ">"
    }

    /// What kind of key, where `check`'s cause of a difference depends on it (`Cause.KeyClass`
    /// reads this).
    package enum KeyClass: Sendable, CaseIterable {
        case digit, delete, point, sign, clear, leave, move, select
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
    package static let all: [NamedKey] = Key.Named.allCases.map { row(for: Key($0)) }

    /// The row of `key`, which every key has: a digit's names it by itself (`7`, as scripts and
    /// the adapter protocol write it). Read from rows made once: scripts and `check` ask per key.
    package static func named(for key: Key) -> NamedKey {
        if case .digit(let value) = key, value < 10 { return digitRows[Int(value)] }
        return byKey[key] ?? row(for: key)
    }

    private static let byKey: [Key: NamedKey] = Dictionary(all.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    private static let digitRows: [NamedKey] = (0...9).map { row(for: .digit(UInt8($0))) }

    /// The row of `key`. One exhaustive switch: a new key does not compile until it has its
    /// `Key.Named` case, name, help, kiosk binding (or the reason for none), whether it edits, and
    /// check's words, weight and class.
    private static func row(for key: Key) -> NamedKey {
        // A named key's row takes its `Key.Named` case, never nil: only a digit's row has none.
        func row(
            _ named: Key.Named, _ name: String, _ help: @autoclosure @escaping @Sendable () -> String,
            kiosk: [KeyboardKey], _ kioskLabel: String, noKioskBecause: String? = nil, edits: Bool,
            words: String? = nil, weight: Int, _ keyClass: NamedKey.KeyClass, command: KeyCommand? = nil
        ) -> NamedKey {
            NamedKey(name: name, key: key, named: named, helpLine: help, kiosk: kiosk, kioskLabel: kioskLabel, noKioskBecause: noKioskBecause,
                     edits: edits, words: words ?? name, weight: weight, keyClass: keyClass, command: command)
        }
        // The weights are an operator's mix: mostly digits, some corrections, a little caret
        // movement; the decimal key rare and leaving the field rarer.
        return switch key {
        case .digit(let value):
            NamedKey(name: String(value), key: key, named: nil, helpLine: { "the digit \(value)" }, kiosk: [.character(Character(String(value)))],
                     kioskLabel: String(value), noKioskBecause: nil, edits: true, words: "a digit key", weight: 10, keyClass: .digit, command: nil)
        case .backspace: row(.backspace, "bs", "delete the digit left of the caret", kiosk: [.backspace], "Backspace", edits: true, words: "backspace",
                             weight: 14, .delete, command: .repeated(summary: "backspace N times (default 1)"))
        case .delete: row(.delete, "del", "delete the digit right of the caret", kiosk: [.delete], "Delete", edits: true, words: "delete",
                          weight: 5, .delete, command: .repeated(summary: "delete forward N times (default 1)"))
        case .left: row(.left, "left", "caret one digit slot left", kiosk: [.left], "←", edits: false, words: "left arrow",
                        weight: 8, .move, command: .repeated(summary: "move the caret left N digit slots"))
        case .right: row(.right, "right", "caret one digit slot right", kiosk: [.right], "→", edits: false, words: "right arrow",
                         weight: 5, .move, command: .repeated(summary: "move the caret right N digit slots"))
        case .home: row(.home, "home", "caret before the first digit", kiosk: [.home], "Home", edits: false, weight: 3, .move, command: .once)
        case .end: row(.end, "end", "caret after the last digit", kiosk: [.end], "End", edits: false, weight: 3, .move, command: .once)
        case .minus:
            row(.minus, "neg", "toggle the sign (fields made with \(FieldOption[\.allowsNegative].name))", kiosk: [.character("-")], "-",
                edits: true, words: "the sign key", weight: 3, .sign, command: .once)
        case .clear:
            row(.clear, "clear", "zero, positive, caret at the end", kiosk: [.character("c"), .character("C")], "c", edits: true, weight: 3, .clear,
                command: .once)
        case .doubleZero:
            row(.doubleZero, "00", "two zeros at once, as a keypad's 00 key (all or nothing)", kiosk: [], "00",
                noKioskBecause: "a keyboard has no 00 key: 0 twice is two keys", edits: true, weight: 3, .digit)
        case .tripleZero:
            row(.tripleZero, "000", "three zeros at once (all or nothing)", kiosk: [], "000",
                noKioskBecause: "a keyboard has no 000 key: 0 three times is three keys", edits: true, weight: 3, .digit)
        case .plus: row(.plus, "plus", "make the amount positive", kiosk: [.character("+")], "+", edits: true, weight: 3, .sign)
        case .decimal:
            row(.decimal, "dec", "the decimal point (natural mode; with a point, caret just after it)", kiosk: [.character("."), .character(",")],
                ". or ,", edits: true, words: "the decimal key", weight: 2, .point)
        case .enter:
            row(.enter, "enter", "the field loses focus (natural mode pads the fraction, unless \(FieldOption[\.onLeave].name) keep)", kiosk: [],
                "Enter", noKioskBecause: "Enter and Esc end the kiosk; Tab leaves the field, pressing <enter> where leaving shows", edits: false,
                words: "leaving the field", weight: 1, .leave)
        case .selectLeft:
            row(.selectLeft, "sleft", "select one slot further left", kiosk: [.shiftLeft], "Shift+←", edits: false, words: "shift-left", weight: 3, .select)
        case .selectRight:
            row(.selectRight, "sright", "select one slot further right", kiosk: [.shiftRight], "Shift+→", edits: false, words: "shift-right",
                weight: 3, .select)
        case .selectHome:
            row(.selectHome, "shome", "select to the first digit", kiosk: [.shiftHome], "Shift+Home", edits: false, words: "shift-home", weight: 3, .select)
        case .selectEnd:
            row(.selectEnd, "send", "select to the last digit", kiosk: [.shiftEnd], "Shift+End", edits: false, words: "shift-end", weight: 3, .select)
        case .selectAll:
            row(.selectAll, "selall", "select every digit slot", kiosk: [.control("a")], "Ctrl-A", edits: false, words: "select-all", weight: 3, .select)
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

    /// Every key's protocol name, digits first (`0` … `9`, `bs` …): what `moneyfield adapter --keys` prints.
    package static let protocolNames: [String] = digitRows.map(\.name) + all.map(\.name)

    /// `<bs> <del> …`, for messages and help.
    package static let nameList = all.map { "<\($0.name)>" }.joined(separator: " ")

    /// The field key a terminal key presses in kiosk mode: any decimal digit, or a bound key.
    package static func key(forKiosk keyboardKey: KeyboardKey) -> Key? {
        if case .character(let character) = keyboardKey, let digit = Key(digit: character) { return digit }
        return byKeyboard[keyboardKey]
    }
}

import MoneyFieldEngine

/// Keys written as the shell's `type` command takes them: digits and named keys in angle brackets,
/// `123<bs><left><left>9<del><home><end><neg><clear>`; spaces between keys are ignored.
public enum KeyScript {
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknownKey(String)
        case unterminated(String)
        case notAKey(Character)

        public var description: String {
            switch self {
            case .unknownKey(let name): "unknown key <\(name)>"
            case .unterminated(let rest): "no closing > in \"\(rest)\""
            case .notAKey(let character): "\"\(character)\" is neither a digit nor a <named> key"
            }
        }
    }

    /// The keys in `script`, in order. Any Unicode decimal digit is a digit key (`٣` is 3).
    ///
    /// Walks Unicode scalars, not Characters: replaying a corpus spends its time here, and
    /// grapheme breaking of every character cost more than the keys themselves.
    public static func parse(_ script: some StringProtocol) throws(ParseError) -> [Key] {
        let scalars = Array(script.unicodeScalars)
        var keys: [Key] = []
        keys.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" || scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "<" {
                guard let close = scalars[index...].firstIndex(of: ">") else {
                    throw .unterminated(String(String.UnicodeScalarView(scalars[index...])))
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                guard let key = KeyTable.key(named: name) else { throw .unknownKey(name) }
                keys.append(key)
                index = close + 1
            } else if let value = Key.digitValue(of: scalar) {
                keys.append(.digit(value))
                index += 1
            } else {
                throw .notAKey(Character(scalar))
            }
        }
        return keys
    }

    /// Whether a line starts with keys to type (a digit or `<`): `123`, `<bs><bs>`.
    public static func startsKeys(_ text: some StringProtocol) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first == "<" || Key.digitValue(of: first) != nil
    }

    /// The script form of `keys`: `12<left>9`.
    public static func text(for keys: [Key]) -> String { keys.map(KeyTable.scriptText(for:)).joined() }
}

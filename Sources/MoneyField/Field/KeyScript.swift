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
    public static func parse(_ script: some StringProtocol) throws(ParseError) -> [Key] {
        var keys: [Key] = []
        var rest = script[...]
        while let character = rest.first {
            if character.isWhitespace {
                rest = rest.dropFirst()
            } else if character == "<" {
                guard let close = rest.firstIndex(of: ">") else { throw .unterminated(String(rest)) }
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                guard let key = Key.named.first(where: { $0.name == name.lowercased() })?.key else { throw .unknownKey(name) }
                keys.append(key)
                rest = rest[rest.index(after: close)...]
            } else if let digit = Key(digit: character) {
                keys.append(digit)
                rest = rest.dropFirst()
            } else {
                throw .notAKey(character)
            }
        }
        return keys
    }
}

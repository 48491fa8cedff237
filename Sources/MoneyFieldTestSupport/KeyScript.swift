import MoneyField

/// Keys written as the shell's `type` command takes them: digits and named keys in angle brackets,
/// `123<bs><left><left>9<del><home><end><neg><clear>`.
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
    public static func parse(_ script: String) throws(ParseError) -> [Key] {
        var keys: [Key] = []
        var rest = script[...]
        while let character = rest.first {
            if character == "<" {
                guard let close = rest.firstIndex(of: ">") else { throw .unterminated(String(rest)) }
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                guard let key = Key.named.first(where: { $0.name == name })?.key else { throw .unknownKey(name) }
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

/// A key the field refused while typing a script.
public struct RefusedKey: Equatable, CustomStringConvertible {
    /// Position of the key in the script's key list, from 0.
    public let index: Int
    public let key: Key
    public let rejection: Rejection

    public init(index: Int, key: Key, rejection: Rejection) {
        self.index = index
        self.key = key
        self.rejection = rejection
    }

    public var description: String { "key \(index) (\(key)): \(rejection)" }
}

/// Presses every key of `script` on `field`, going on after a refused key (which changes nothing),
/// and returns the refused ones; an empty result means every key was taken.
@discardableResult
public func type(_ script: String, into field: inout MoneyField) throws(KeyScript.ParseError) -> [RefusedKey] {
    var refused: [RefusedKey] = []
    for (index, key) in try KeyScript.parse(script).enumerated() {
        do throws(Rejection) {
            try field.press(key)
        } catch {
            refused.append(RefusedKey(index: index, key: key, rejection: error))
        }
    }
    return refused
}

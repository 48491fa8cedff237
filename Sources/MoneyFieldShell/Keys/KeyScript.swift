import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

/// Keys written as the shell's `type` command takes them: digits and named keys in angle brackets,
/// `123<bs><left><left>9<del><home><end><neg><clear>`; spaces between keys are ignored; `-` (or
/// U+2212) is `<neg>`.
package enum KeyScript {
    package enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknownKey(String)
        case unterminated(String)
        case notAKey(Character)

        package var description: String {
            switch self {
            case .unknownKey(let name): "unknown key <\(VisibleText.escaped(name))>"
            case .unterminated(let rest): "no closing > in \(VisibleText.quoted(rest))"
            case .notAKey(let character): "\(VisibleText.quoted(String(character))) is neither a digit nor a <named> key"
            }
        }
    }

    /// The keys in `script`, in order. Any Unicode decimal digit is a digit key (`٣` is 3).
    ///
    /// Walks Unicode scalars, not Characters: replaying a corpus spends its time here, and
    /// grapheme breaking of every character cost more than the keys themselves.
    /// `decimal` says which other characters are keys (a natural field's `.` is `<dec>`).
    package static func parse<Script: StringProtocol>(
        _ script: Script, decimal: (Unicode.Scalar) -> Key? = { _ in nil }
    ) throws(ParseError) -> [Key] where Script.SubSequence == Substring {
        do throws(LocatedError) {
            return try parseLocated(script, decimal: decimal)
        } catch {
            throw error.error
        }
    }

    /// A key that does not read, and where it stands: its characters, counted from the script's start.
    package struct LocatedError: Error {
        package let error: ParseError
        package let span: Range<Int>
    }

    /// `parse`, saying where the key at fault stands: the one reading of a script, for the
    /// keys and for the place an error points at.
    package static func parseLocated<Script: StringProtocol>(
        _ script: Script, decimal: (Unicode.Scalar) -> Key? = { _ in nil }
    ) throws(LocatedError) -> [Key] where Script.SubSequence == Substring {
        if let keys = script.utf8.withContiguousStorageIfAvailable(asciiKeys), let keys { return keys }
        // Indices into the script itself: no array of scalars, and a key's name is a slice copy.
        let scalars = script.unicodeScalars
        func located(_ error: ParseError, _ characters: Range<String.Index>) -> LocatedError {
            let start = script[..<characters.lowerBound].count
            return LocatedError(error: error, span: start..<(start + max(1, script[characters].count)))
        }
        var keys: [Key] = []
        keys.reserveCapacity(script.utf8.count)
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar.isSpaceLike {
                index = scalars.index(after: index)
            } else if scalar == "<" {
                let nameStart = scalars.index(after: index)
                guard let close = scalars[nameStart...].firstIndex(of: ">") else {
                    throw located(.unterminated(String(script[index...])), index..<script.endIndex)
                }
                let name = String(script[nameStart..<close])
                guard let key = KeyTable.key(named: name) else {
                    throw located(.unknownKey(name), index..<scalars.index(after: close))
                }
                keys.append(key)
                index = scalars.index(after: close)
            } else if let value = Key.digitValue(of: scalar) {
                keys.append(.digit(value))
                index = scalars.index(after: index)
            } else if scalar == "-" || scalar == "\u{2212}" {
                // A minus sign is the sign key, as in the kiosk and `edit`: `type -5`.
                keys.append(.minus)
                index = scalars.index(after: index)
            } else if let key = decimal(scalar) {
                keys.append(key)
                index = scalars.index(after: index)
            } else {
                throw located(.notAKey(Character(scalar)), index..<scalars.index(after: index))
            }
        }
        return keys
    }

    /// The keys of a script of ASCII digits, spaces and known `<names>`, read byte by byte; nil
    /// for anything else (other characters, a decimal key, an error), which `parse` reads by
    /// scalars. A replay reads most of its keys here.
    private static func asciiKeys(_ bytes: UnsafeBufferPointer<UInt8>) -> [Key]? {
        var keys: [Key] = []
        keys.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte &- 0x30 < 10 {
                keys.append(.digit(byte &- 0x30))
                index += 1
            } else if byte.isSpaceOrTab {
                index += 1
            } else if byte == 0x2D {
                keys.append(.minus)
                index += 1
            } else if byte == 0x3C {
                var close = index + 1
                while close < bytes.count, bytes[close] != 0x3E, bytes[close] < 0x80 { close += 1 }
                guard close < bytes.count, bytes[close] == 0x3E,
                      let key = KeyTable.key(namedASCII: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close]))
                else { return nil }
                keys.append(key)
                index = close + 1
            } else {
                return nil
            }
        }
        return keys
    }

    /// Whether a line starts with keys to type (a digit or `<`): `123`, `<bs><bs>`.
    package static func startsKeys(_ text: some StringProtocol) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first == "<" || Key.digitValue(of: first) != nil
    }

    /// Whether a line starts with keys to type (a digit or `<`), as `reading` reads keys: in a
    /// natural field `.5` types too (and `,5` in en_US is refused as `type` refuses it).
    package static func startsKeys(_ text: some StringProtocol, reading: KeyReading) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return startsKeys(text) || reading.decimalKey(first) != nil || reading.groupsWith(first)
    }

    /// The script form of `keys`: `12<left>9`.
    package static func text(for keys: [Key]) -> String { keys.map(KeyTable.scriptText(for:)).joined() }
}

/// How a line's keys read for the field they go to: in natural mode the locale's own decimal
/// separator, and `.` or `,` where the locale does not group with it, are `<dec>`; the one it groups
/// with (`,` in en_US, `.` in de_DE) is refused, since the field groups by itself and `1,234.56`
/// read as `1<dec>234…` would be a hundred times smaller. Elsewhere they are refused with a hint
/// to use `set`. (The kiosk's keypad `.` and `,` are both `<dec>`: a key, not written text.)
package struct KeyReading: Sendable {
    let field: MoneyField?

    package init(for field: MoneyField?) { self.field = field }

    package static let plain = KeyReading(for: nil)

    /// The key a non-digit character types, or nil.
    package func decimalKey(_ scalar: Unicode.Scalar) -> Key? {
        guard let field, field.configuration.mode == .natural, field.isDecimalSeparator(scalar),
              !field.isGroupingSeparator(scalar) else { return nil }
        return .decimal
    }

    /// Whether a natural field's locale groups digits with this character, which `type` refuses.
    func groupsWith(_ scalar: Unicode.Scalar) -> Bool {
        guard let field, field.configuration.mode == .natural else { return false }
        return field.isDecimalSeparator(scalar) && field.isGroupingSeparator(scalar)
    }

    /// `keys`, with a message that says what to type instead, pointing at the bad key (`text`
    /// starts at character `offset` of the line).
    func keys<Text: StringProtocol>(_ text: Text, from offset: Int = 0) throws(CommandError) -> [Key] where Text.SubSequence == Substring {
        do throws(KeyScript.LocatedError) {
            return try KeyScript.parseLocated(text, decimal: decimalKey)
        } catch {
            throw words(for: error.error, in: text).at((error.span.lowerBound + offset)..<(error.span.upperBound + offset))
        }
    }

    /// The message that says what to type instead of a key that does not read (no place yet).
    private func words<Text: StringProtocol>(for error: KeyScript.ParseError, in text: Text) -> CommandError {
        switch error {
        case .unknownKey(let name):
            let close = Suggestions.closest(to: name, in: KeyTable.all.map(\.name), limit: 2).map { "<\($0)>" }
            return CommandError("unknown key <\(VisibleText.escaped(name))>" + (close.isEmpty ? "; keys: \(KeyTable.nameList)" : Suggestions.didYouMean(close)))
        case .unterminated:
            return CommandError("unclosed \"<\" in keys; write named keys as <bs>, <left> …")
        case .notAKey(let character):
            if let field, let scalar = character.unicodeScalars.first, groupsWith(scalar) {
                let decimalKeys = ([".", ","] as [Unicode.Scalar]).filter { field.isDecimalSeparator($0) && !groupsWith($0) }.map(Character.init)
                // Digits and separators alone (`1,234.56`): the same amount without the group separators.
                let example = text.allSatisfy { $0.isNumber || $0 == character || decimalKeys.contains($0) }
                    ? " (`type \(String(text.filter { $0 != character }))`)" : ""
                return CommandError("cannot type \(VisibleText.quoted(String(character))): \(field.configuration.locale) groups digits with it, and the field groups by itself; type the digits alone, with \((decimalKeys.map { "\"\($0)\"" } + ["<dec>"]).joined(separator: " or ")) for the decimal point\(example)")
            }
            if let field, let scalar = character.unicodeScalars.first, field.isDecimalSeparator(scalar) {
                let amount = text.allSatisfy { $0.isNumber || $0 == character } ? String(text) : "AMOUNT"
                return CommandError("cannot type \(VisibleText.quoted(String(character))) in \(field.configuration.mode.rawValue) mode, where digits fill the amount from the right; enter an amount with `set \(amount)` (or make a \(FieldOption[\.mode].name) natural field)")
            }
            return CommandError("cannot type \(VisibleText.quoted(String(character))): type takes digits and \(KeyTable.nameList)")
        }
    }
}

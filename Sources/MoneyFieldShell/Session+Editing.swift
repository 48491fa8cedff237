import MoneyField

extension Session {
    /// Reads `123<bs><left>9` into keys, with a message that says what to type instead.
    static func parseKeys(_ text: Substring) throws(CommandError) -> [Key] {
        do throws(KeyScript.ParseError) {
            return try KeyScript.parse(text)
        } catch {
            switch error {
            case .unknownKey(let name):
                let close = Suggestions.closest(to: name, in: Key.named.map(\.name), limit: 2).map { "<\($0)>" }
                throw CommandError("unknown key <\(name)>\(Suggestions.didYouMean(close)); keys: \(keyNameList)")
            case .unterminated:
                throw CommandError("unclosed \"<\" in keys; write named keys as <bs>, <left> …")
            case .notAKey(let character):
                throw CommandError("cannot type \"\(character)\": type takes digits and \(keyNameList)")
            }
        }
    }

    static let keyNameList = Key.named.map { "<\($0.name)>" }.joined(separator: " ")

    func typeKeys(_ rest: Substring) throws(CommandError) -> CommandResult {
        let keys = try Self.parseKeys(rest)
        guard !keys.isEmpty else { throw CommandError(usage("type")) }
        return try press(keys)
    }

    func repeatKey(_ key: Key, _ name: String, _ rest: Substring) throws(CommandError) -> CommandResult {
        var count = 1
        if !rest.isEmpty {
            guard let parsed = Int(rest), (1...1000).contains(parsed) else {
                throw CommandError("\(name) takes a count from 1 to 1000, not \"\(rest)\"; \(usage(name))")
            }
            count = parsed
        }
        return try press(Array(repeating: key, count: count))
    }

    /// Presses keys in order; the first refused key stops the rest and is reported.
    func press(_ keys: [Key]) throws(CommandError) -> CommandResult {
        try changeActive { field throws(FieldError) in
            for key in keys {
                do throws(Rejection) {
                    try field.press(key)
                } catch {
                    return [.rejected(error.description)]
                }
            }
            return []
        }
    }

    func paste(_ rest: Substring) throws(CommandError) -> CommandResult {
        guard !rest.isEmpty else { throw CommandError(usage("paste")) }
        return try changeActive { field in
            let outcome = field.paste(String(rest))
            var lines: [OutputLine] = []
            if let rejection = outcome.stoppedBy { lines.append(.rejected(rejection.description)) }
            let noun = outcome.found == 1 ? "digit" : "digits"
            lines.append(.plain("pasted \(outcome.typed) of \(outcome.found) \(noun)"))
            return lines
        }
    }

    func setAmount(_ rest: Substring) throws(CommandError) -> CommandResult {
        guard !rest.isEmpty else { throw CommandError(usage("set")) }
        return try changeActive { field throws(FieldError) in
            try field.set(String(rest))
            return []
        }
    }

    func changeLocale(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.count == 1 else { throw CommandError(usage("locale")) }
        return try changeActive { field throws(FieldError) in
            try field.changeLocale(to: words[0])
            return []
        }
    }

    func changeCurrency(_ rest: Substring) throws(CommandError) -> CommandResult {
        var words = try Tokenizer.words(rest)
        let round = words.contains("--round")
        words.removeAll { $0 == "--round" }
        guard words.count == 1, !words[0].hasPrefix("-") else { throw CommandError(usage("currency")) }
        return try changeActive { field throws(FieldError) in
            switch try field.changeCurrency(to: words[0], round: round) {
            case .exact: return []
            case .rounded(let from, let to): return [.plain("rounded \(from) to \(to) (half-even)")]
            }
        }
    }

    func undoRedo(redo: Bool) throws(CommandError) -> CommandResult {
        let index = try requireActiveIndex()
        do throws(FieldError) {
            let current = fields[index].field
            fields[index].field = redo
                ? try fields[index].history.redo(from: current)
                : try fields[index].history.undo(from: current)
        } catch {
            throw CommandError(error)
        }
        return CommandResult(lines: [fieldLine(fields[index])])
    }
}

import MoneyFieldEngine

extension Commands {
    static let editing: [Command] = [
        Command(
            "type", usage: "type KEYS", summary: "press keys: digits and \(KeyTable.nameList)",
            details: [
                "A line of only digits types them too: `123` is `type 123`.",
                "Any Unicode decimal digit counts (٣ is 3). Typing stops at the first refused key.",
            ] + KeyTable.all.map { "<\($0.name)>: \($0.help)" },
            arguments: [.keys]) { session, rest throws(CommandError) in try session.typeKeys(rest) },
        repeating(.backspace, "bs", "backspace N times (default 1)"),
        repeating(.delete, "del", "delete forward N times (default 1)"),
        repeating(.left, "left", "move the caret left N digit slots"),
        repeating(.right, "right", "move the caret right N digit slots"),
        single(.home, "home", "caret before the first digit"),
        single(.end, "end", "caret after the last digit"),
        single(.minus, "neg", "toggle the sign (fields made with --allow-negative)"),
        single(.clear, "clear", "zero, positive, caret at the end"),
        Command("paste", usage: "paste TEXT", summary: "an amount into an empty field; else type TEXT's digits at the caret", arguments: [.text]) {
            session, rest throws(CommandError) in try session.paste(rest)
        },
        Command(
            "set", usage: "set AMOUNT", summary: "set the amount: plain (1234.5, -0.05) or as the locale writes it (1.234,50 €)",
            arguments: [.text]) { session, rest throws(CommandError) in try session.setAmount(rest) },
        Command(
            "caret", usage: "caret OFFSET", summary: "put the caret at the slot boundary nearest a UTF-16 offset (a tap)",
            arguments: [.text]) { session, rest throws(CommandError) in try session.placeCaret(rest) },
        Command(
            "select", usage: "select START LENGTH", summary: "select the digits whose glyphs lie in a UTF-16 range",
            arguments: [.text, .text]) { session, rest throws(CommandError) in try session.selectRange(rest) },
        Command(
            "edit", usage: "edit START LENGTH [TEXT]",
            summary: "a platform's text-change event: replace a UTF-16 range of the display with TEXT",
            details: [
                "TEXT's digits replace the digits in the range; an empty TEXT deletes them, or backspaces when the",
                "range holds no digit (a separator); TEXT - (or U+2212) changes the sign. Anything else is refused.",
            ],
            arguments: [.text, .text, .text]) { session, rest throws(CommandError) in try session.editRange(rest) },
        Command(
            "locale", usage: "locale ID", summary: "show the same amount in another locale (de_DE, ar-EG-u-nu-latn)",
            arguments: [.locale]) { session, rest throws(CommandError) in try session.changeLocale(rest) },
        Command(
            "currency", usage: "currency CODE [--round]",
            summary: "keep the amount in another currency; --round rounds half-even when it does not fit",
            arguments: [.currency], flags: ["--round"]) { session, rest throws(CommandError) in try session.changeCurrency(rest) },
        .bare("undo", summary: "undo the last change to the active field") { session throws(CommandError) in try session.undoRedo(redo: false) },
        .bare("redo", summary: "redo what undo took back") { session throws(CommandError) in try session.undoRedo(redo: true) },
    ]

    /// A key pressed N times (`bs 3`).
    private static func repeating(_ key: Key, _ name: String, _ summary: String) -> Command {
        Command(name, usage: "\(name) [N]", summary: summary, arguments: [.text]) { session, rest throws(CommandError) in
            try session.repeatKey(key, name, rest)
        }
    }

    /// A key pressed once.
    private static func single(_ key: Key, _ name: String, _ summary: String) -> Command {
        .bare(name, summary: summary) { session throws(CommandError) in try session.press(keys: [key]) }
    }
}

extension Session {
    /// Reads `123<bs><left>9` into keys, with a message that says what to type instead.
    static func parseKeys(_ text: Substring) throws(CommandError) -> [Key] {
        do throws(KeyScript.ParseError) {
            return try KeyScript.parse(text)
        } catch {
            switch error {
            case .unknownKey(let name):
                let close = Suggestions.closest(to: name, in: KeyTable.all.map(\.name), limit: 2).map { "<\($0)>" }
                throw CommandError("unknown key <\(name)>\(Suggestions.didYouMean(close)); keys: \(KeyTable.nameList)")
            case .unterminated:
                throw CommandError("unclosed \"<\" in keys; write named keys as <bs>, <left> …")
            case .notAKey(let character):
                throw CommandError("cannot type \"\(character)\": type takes digits and \(KeyTable.nameList)")
            }
        }
    }

    func typeKeys(_ rest: Substring) throws(CommandError) -> CommandResult {
        let keys = try Self.parseKeys(rest)
        guard !keys.isEmpty else { throw CommandError(usage("type")) }
        return try press(keys: keys)
    }

    func repeatKey(_ key: Key, _ name: String, _ rest: Substring) throws(CommandError) -> CommandResult {
        var count = 1
        if !rest.isEmpty {
            guard let parsed = Int(rest), (1...1000).contains(parsed) else {
                throw CommandError("\(name) takes a count from 1 to 1000, not \"\(rest)\"; \(usage(name))")
            }
            count = parsed
        }
        return try press(keys: Array(repeating: key, count: count))
    }

    /// Presses keys in order; the first refused key stops the rest and is reported.
    func press(keys: [Key]) throws(CommandError) -> CommandResult {
        try changeActive { field throws(FieldError) in
            for key in keys {
                do throws(Rejection) {
                    try field.press(key)
                } catch {
                    return [.rejected(error.words)]
                }
            }
            return []
        }
    }

    func paste(_ rest: Substring) throws(CommandError) -> CommandResult {
        guard !rest.isEmpty else { throw CommandError(usage("paste")) }
        return try changeActive { field in
            let outcome = field.paste(String(rest))
            if outcome.readAsAmount { return [.plain("pasted the amount \(field.value)")] }
            var lines: [OutputLine] = []
            if let rejection = outcome.stoppedBy { lines.append(.rejected(rejection.words)) }
            let noun = outcome.found == 1 ? "digit" : "digits"
            lines.append(.plain("pasted \(outcome.typed) of \(outcome.found) \(noun)"))
            if outcome.droppedMarks {
                lines.append(.plain("note: only the digits went in; an amount with its separator or sign is read whole into an empty or wholly selected field (or use set)"))
            }
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

    /// Reads UTF-16 offsets and lengths: whole numbers from 0.
    private func offsets(_ words: [String], _ command: String) throws(CommandError) -> [Int] {
        var numbers: [Int] = []
        for word in words {
            guard let number = Int(word), number >= 0 else {
                throw CommandError("\(command) takes UTF-16 offsets and lengths (0, 1, 2 …), not \"\(word)\"; \(usage(command))")
            }
            numbers.append(number)
        }
        return numbers
    }

    func placeCaret(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.count == 1 else { throw CommandError(usage("caret")) }
        let offset = try offsets(words, "caret")[0]
        return try changeActive { field throws(FieldError) in
            try field.tap(atUTF16Offset: offset)
            return []
        }
    }

    func selectRange(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.count == 2 else { throw CommandError(usage("select")) }
        let numbers = try offsets(words, "select")
        return try changeActive { field throws(FieldError) in
            try field.select(utf16Start: numbers[0], length: numbers[1])
            return []
        }
    }

    func editRange(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard (2...3).contains(words.count) else { throw CommandError(usage("edit")) }
        let numbers = try offsets(Array(words.prefix(2)), "edit")
        let text = words.count == 3 ? words[2] : ""
        guard numbers[1] <= Int.max - numbers[0] else {
            throw CommandError("edit: \(numbers[0]) + \(numbers[1]) is past any display; \(usage("edit"))")
        }
        return try changeActive { field throws(FieldError) in
            do throws(MoneyField.EditFailure) {
                try field.replace(utf16Range: numbers[0]..<(numbers[0] + numbers[1]), with: text)
            } catch {
                switch error {
                case .field(let fieldError): throw fieldError
                case .rejected(let rejection): return [.rejected(rejection.words)]
                }
            }
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

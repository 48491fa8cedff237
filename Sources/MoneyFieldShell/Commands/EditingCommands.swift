import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

extension Commands {
    static let editingCommands = [type] + KeyTable.all.compactMap(keyCommand) + [paste, set, caret, select, edit, locale, currency, undo, redo]

    static let type = Command(
        "type", [.restOfLine("KEYS", .keys)], journal: .keeps, replay: .played, summary: "press keys: digits and \(KeyTable.nameList)",
        details: [
            "A line of only digits types them too: `123` is `type 123`.",
            "Any Unicode decimal digit counts (٣ is 3). Typing stops at the first refused key.",
            "- (or U+2212) is <neg>: `type -5` enters -0.05 in a field made with \(FieldOption[\.allowsNegative].name).",
            "In a natural-mode field the locale's decimal separator, and . or , where the locale does not group with it, type <dec>; the one it groups with (, in en_US, . in de_DE) is refused: the field groups by itself.",
        ] + KeyTable.all.map { "<\($0.name)>: \($0.help)" }
    ) { arguments throws(CommandError) in .press(KeyPress(try arguments.keys(0), spelling: .type)) }
    static let paste = Command(
        "paste", [.restOfLine("TEXT", .text)], journal: .keeps, replay: .noRequest, summary: "an amount into a zero or wholly selected field; digits alone typed at the caret; all or nothing"
    ) { arguments in .paste(arguments.positionals[0]) }
    static let set = Command(
        "set", [.restOfLine("AMOUNT", .text)], journal: .keeps, replay: .noRequest, summary: "set the amount: plain (1234.5, -0.05) or as the locale writes it (1.234,50 €)"
    ) { arguments in .set(arguments.positionals[0]) }
    static let caret = Command(
        "caret", [.required("OFFSET", .offset)], journal: .keeps, replay: .played, summary: "put the caret at the slot boundary nearest a UTF-16 offset (a tap)"
    ) { arguments throws(CommandError) in .caret(try arguments.offset(0)) }
    static let select = Command(
        "select", [.required("START", .offset), .required("LENGTH", .offset)], journal: .keeps, replay: .noRequest, summary: "select the digits whose glyphs lie in a UTF-16 range"
    ) { arguments throws(CommandError) in .select(start: try arguments.offset(0), length: try arguments.offset(1)) }
    static let edit = Command(
        "edit", [.required("START", .offset), .required("LENGTH", .offset), .optional("TEXT", .text)],
        journal: .keeps, replay: .noRequest, summary: "a platform's text-change event: replace a UTF-16 range of the display with TEXT",
        details: [
            "TEXT's digits replace the digits in the range; an empty TEXT deletes them, or backspaces when the",
            "range holds no digit (a separator); TEXT - (or U+2212) changes the sign. Anything else is refused.",
        ]
    ) { arguments throws(CommandError) in
        let start = try arguments.offset(0), length = try arguments.offset(1)
        guard length <= Int.max - start else {
            throw CommandError("edit: \(start) + \(length) is past any display; usage: \(arguments.command.usage)")
        }
        return .edit(start: start, length: length, text: arguments.word(2) ?? "")
    }
    static let locale = Command("locale", [.required("ID", .locale)], journal: .keeps, replay: .noRequest, summary: "show the same amount in another locale (de_DE, ar-EG-u-nu-latn)") { arguments in
        .locale(arguments.positionals[0])
    }
    static let currency = Command(
        "currency", [.required("CODE", .currency)], flags: [.round],
        journal: .keeps, replay: .noRequest, summary: "keep the amount in another currency; \(CommandFlag.round.spelling) rounds half-even when it does not fit"
    ) { arguments in .currency(arguments.positionals[0], round: arguments.has(.round)) }
    static let undo = Command("undo", journal: .keeps, replay: .noRequest, summary: "undo the last change to the active field", invocation: .undo)
    static let redo = Command("redo", journal: .keeps, replay: .noRequest, summary: "redo what undo took back", invocation: .redo)

    /// The command a key declares: named and explained as the key is, pressed once or N times.
    private static func keyCommand(_ named: NamedKey) -> Command? {
        let key = named.key
        switch named.command {
        case nil: return nil
        // Its press is made when it runs: making it looks the key's row up in a table of its own.
        case .once: return Command(named.name, journal: .keeps, replay: .played, summary: named.help) { _ in .press(KeyPress.command(key)) }
        case .repeated(let summary):
            return Command(named.name, [.optional("N", .count)], journal: .keeps, replay: .played, summary: summary) { arguments throws(CommandError) in
                .press(KeyPress.command(key, count: try arguments.count(0)))
            }
        }
    }
}

extension Session {
    /// Presses keys in order; the first refused key stops the rest and is reported. With
    /// `keepsKeySteps`, the field after each key that went in is kept in the result.
    func press(keys: [Key]) throws(CommandError) -> CommandResult {
        var steps: [MoneyField] = []
        let keepsSteps = keepsKeySteps
        var result = try changeActive { field throws(FieldError) in
            for key in keys {
                do throws(Rejection) {
                    try field.press(key)
                } catch {
                    return [.rejected(error.words)]
                }
                if keepsSteps { steps.append(field) }
            }
            return []
        }
        result.keySteps = steps
        return result
    }

    func paste(_ text: String) throws(CommandError) -> CommandResult {
        guard text.unicodeScalars.contains(where: { Key.digitValue(of: $0) != nil }) else {
            throw CommandError("there is no digit in \(VisibleText.quoted(text)) to paste; paste an amount (1,234.50) or digits").about(.argument(0))
        }
        return try changeActive { field in
            // All or nothing: a refused paste leaves the field as it was, and says why.
            let outcome: MoneyField.PasteOutcome
            do throws(MoneyField.EditFailure) {
                outcome = try field.paste(text)
            } catch {
                switch error {
                case .field(let fieldError): return [.rejected(fieldError.words)]
                case .rejected(let rejection): return [.rejected(rejection.words)]
                }
            }
            if outcome.readAsAmount { return [.plain("pasted the amount \(field.value ?? "")")] }
            let leftOut = Self.leftOut(of: text).map(VisibleText.quoted)
            return [.plain("pasted \(English.count(outcome.digits, "digit"))" + (leftOut.isEmpty ? "" : "; left out \(Listing.all(leftOut))"))]
        }
    }

    /// The runs of what is not a digit in pasted text, spaces trimmed (`12abc34` → `abc`): what a
    /// paste of digits left out, so the operator sees it was not an amount.
    static func leftOut(of text: String) -> [String] {
        text.unicodeScalars.split { Key.digitValue(of: $0) != nil }
            .map { String(String.UnicodeScalarView($0)).trimmingSpaces() }
            .filter { !$0.isEmpty }.map(String.init)
    }

    func setAmount(_ amount: String) throws(CommandError) -> CommandResult {
        try changeActive(about: .argument(0)) { field throws(FieldError) in
            try field.set(amount)
            return []
        }
    }

    func placeCaret(_ offset: Int) throws(CommandError) -> CommandResult {
        try changeActive(about: .argument(0)) { field throws(FieldError) in
            try field.tap(atUTF16Offset: offset)
            return []
        }
    }

    func selectRange(start: Int, length: Int) throws(CommandError) -> CommandResult {
        try changeActive(about: .arguments(0...1)) { field throws(FieldError) in
            try field.select(utf16Start: start, length: length)
            return []
        }
    }

    func editRange(start: Int, length: Int, text: String) throws(CommandError) -> CommandResult {
        try changeActive(about: .arguments(0...2)) { field throws(FieldError) in
            do throws(MoneyField.EditFailure) {
                try field.replace(utf16Range: start..<(start + length), with: text)
            } catch {
                switch error {
                case .field(let fieldError): throw fieldError
                case .rejected(let rejection): return [.rejected(rejection.words)]
                }
            }
            return []
        }
    }

    func changeLocale(_ identifier: String) throws(CommandError) -> CommandResult {
        try changeActive(about: .argument(0)) { field throws(FieldError) in
            try field.changeLocale(to: identifier)
            return []
        }
    }

    func changeCurrency(_ code: String, round: Bool) throws(CommandError) -> CommandResult {
        try changeActive(about: .argument(0)) { field throws(FieldError) in
            switch try field.changeCurrency(to: code, round: round) {
            case .exact: return []
            case .rounded(let from, let to): return [.plain("rounded \(from) to \(to) (half-even)")]
            }
        }
    }

    func undoRedo(redo: Bool) throws(CommandError) -> CommandResult {
        let index = try requireActiveIndex()
        do throws(UndoError) {
            let current = fields[index].field
            fields[index].field = redo
                ? try fields[index].history.redo(from: current)
                : try fields[index].history.undo(from: current)
        } catch {
            throw CommandError(error.description)
        }
        return CommandResult(lines: [fieldLine(fields[index])])
    }
}

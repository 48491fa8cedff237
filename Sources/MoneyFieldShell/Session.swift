import Foundation
import MoneyFieldEngine
import MoneyFieldIO

/// How a session starts and what it may do.
@_spi(Tools) public struct SessionOptions: Sendable {
    /// Locale and currency of the starting `amount` field.
    package var locale: String
    package var currency: String
    /// A person at a terminal (kiosk is possible; nothing else changes).
    package var isInteractive: Bool
    /// Replaying a script: it may not write files unless `allowsWrite`.
    package var isScript: Bool
    package var allowsWrite: Bool
    /// Relative paths in `record` and `source` resolve against this folder (the working one when nil is given).
    package var directory: URL

    @_spi(Tools) public init(
        locale: String = LocaleCatalog.defaultIdentifier, currency: String = CurrencyCatalog.defaultCode, isInteractive: Bool = false,
        isScript: Bool = false, allowsWrite: Bool = false,
        directory: URL? = nil
    ) {
        self.locale = locale
        self.currency = currency
        self.isInteractive = isInteractive
        self.isScript = isScript
        self.allowsWrite = allowsWrite
        self.directory = directory ?? PathName.workingFolder
    }
}

/// A named field and its undo history.
@_spi(Tools) public struct FieldEntry: Sendable {
    package var name: String
    @_spi(Tools) public var field: MoneyField
    var history = UndoHistory<MoneyField>()
}

/// The shell without a terminal: one line in, printed lines out.
@_spi(Tools) public final class Session {
    package static let maximumLineBytes = 4096
    package static let defaultFieldName = "amount"

    package let options: SessionOptions
    /// The fields in the order they were made; `positions` finds one by name in constant time,
    /// so making the 100,000th field costs what the first did.
    @_spi(Tools) public internal(set) var fields: [FieldEntry] = []
    /// Where each name stands in `fields`: kept by the commands that add, drop and rename fields.
    var positions: [String: Int] = [:]
    package internal(set) var activeName: String?
    var recorder: TranscriptRecorder?
    /// Canonical locale and currency that `new` uses when it is given none.
    let defaultLocale: String
    let defaultCurrency: String
    var sourceStack: [URL] = []
    /// Every command that may have changed this session, as a script would write it, so that a
    /// recording started later rebuilds the session's undo and redo history too; nil once that
    /// is not possible (a `source`, or more than `maximumJournalCount` commands).
    var journal: [Invocation]? = []
    static let maximumJournalCount = 10_000
    static let maximumSourceDepth = 16
    /// Whether a key press keeps the field after every key (`CommandResult.keySteps`), for a demo
    /// to show key by key; a replay or the prompt does not pay for the copies.
    package var keepsKeySteps = false

    @_spi(Tools) public init(options: SessionOptions = SessionOptions()) throws(FieldError) {
        self.options = options
        let configuration = try FieldConfiguration(locale: options.locale, currency: options.currency)
        defaultLocale = configuration.locale
        defaultCurrency = configuration.currency
        fields = [FieldEntry(name: Self.defaultFieldName, field: MoneyField(configuration))]
        positions = [Self.defaultFieldName: 0]
        activeName = Self.defaultFieldName
    }

    deinit { recorder?.close() }

    /// The prompt: the active field's name.
    package var prompt: String { "\(activeName ?? "(no field)")> " }

    package var activeField: MoneyField? { activeIndex.map { fields[$0].field } }

    /// The active field as every surface draws it.
    package var activeView: FieldView? { activeIndex.map { FieldView(name: fields[$0].name, field: fields[$0].field) } }

    var activeIndex: Int? { activeName.flatMap(index(of:)) }

    func index(of name: String) -> Int? { positions[name] }

    func reindex() {
        positions = Dictionary(fields.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Runs one line read as raw bytes: invalid UTF-8 is an error, not a crash.
    @_spi(Tools) public func handle(bytes: some Collection<UInt8>) -> CommandResult {
        guard let line = String(validating: bytes, as: UTF8.self) else { return CommandResult(lines: [.error(Self.notUTF8)]) }
        return handle(line)
    }

    private static let notUTF8 = CommandError("the line is not valid UTF-8; retype it (was the terminal set to UTF-8?)")

    /// The commands of a line at the prompt, from stdin or in `-c` (`type 1; value`): split at
    /// `;` outside quotes, as sh reads it, each with where it starts in the line. A line the shell
    /// cannot take whole (not UTF-8, too long, a control character) is one error, counted in the
    /// whole line; a comment is one command, `;` and all.
    @_spi(Tools) public static func commands(inLine bytes: some Collection<UInt8>) -> Result<[(command: String, offset: Int)], CommandError> {
        guard let line = String(validating: bytes, as: UTF8.self) else { return .failure(notUTF8) }
        if let problem = problem(with: line) { return .failure(problem) }
        return .success(Commands.split(commandLine: line))
    }

    /// Runs one command line and returns what it prints.
    /// What `value` and `minor` print for an empty field: nothing in a script (SPEC §1, what a
    /// script compares), a word at the prompt, where a blank line looks like a hang.
    private var emptyFieldNote: [OutputLine] { options.isInteractive ? [.plain("(empty: the field has no value)")] : [] }

    package func handle(_ line: String) -> CommandResult { handle(parsed: parse(line)) }

    /// Runs a line already read by `parse`: what a caller that looks at the invocation first
    /// (the demo) hands back, so the line is read once.
    package func handle(parsed: Result<ParsedLine?, CommandError>) -> CommandResult {
        switch parsed {
        case .success(let line?): handle(line.invocation, spans: line.spans)
        case .success(nil): CommandResult()
        case .failure(let error): CommandResult(lines: [.error(error)])
        }
    }

    /// Runs what a line asked for, with undo, the journal and the recording: the one way in for
    /// the prompt, scripts, the kiosk's keys and the form's Tab.
    package func handle(_ invocation: Invocation) -> CommandResult { handle(invocation, spans: WordSpans()) }

    /// The same, with where the line's words stand, so an error points at its word.
    func handle(_ invocation: Invocation, spans: WordSpans) -> CommandResult {
        let activeBefore = activeName
        return recording(invocation, result: perform(invocation, spans: spans), activeBefore: activeBefore)
    }

    /// Reads a line once, keys as the active field takes them: nil for a blank line or a comment.
    package func parse(_ line: String) -> Result<ParsedLine?, CommandError> {
        if let problem = Self.problem(with: line) { return .failure(problem) }
        do throws(CommandError) {
            return .success(try Commands.read(line, reading: KeyReading(for: activeField)))
        } catch {
            return .failure(error)
        }
    }

    /// Appends a handled command to the journal and to the recording, if one is running; a failed
    /// write ends the recording and says so.
    private func recording(_ invocation: Invocation, result: CommandResult, activeBefore: String?) -> CommandResult {
        // A session that can never record (a script replayed without --allow-write) keeps no journal.
        guard sourceStack.isEmpty, recorder != nil || mayWriteFiles,
              let recorded = recordedForm(of: invocation, result: result, activeBefore: activeBefore, folder: recorder?.url.deletingLastPathComponent())
        else { return result }
        journal(recorded, result: result)
        guard let recorder else { return result }
        if let failure = recorder.append(command: recorded.command.scriptLine, output: recorded.output) {
            self.recorder = nil
            var withFailure = result
            withFailure.append(.error(failure))
            return withFailure
        }
        return result
    }

    /// Runs a line without journal or recording (`source` runs its script's lines so).
    func run(_ line: String) -> CommandResult {
        switch parse(line) {
        case .success(let line?): perform(line.invocation, spans: line.spans)
        case .success(nil): CommandResult()
        case .failure(let error): CommandResult(lines: [.error(error)])
        }
    }

    /// Does what an invocation asks; every command's work starts here. An error about one of the
    /// line's words points at it (`spans`).
    func perform(_ invocation: Invocation, spans: WordSpans = WordSpans()) -> CommandResult {
        do throws(CommandError) {
            switch invocation {
            case .new(let name, let options): return try newField(name, options)
            case .use(let name): return makeActive(try existing(name))
            case .fields(let json): return listFields(json: json)
            case .drop(let name): return try dropField(name)
            case .rename(let old, let new): return try renameField(old, to: new)
            case .press(let press): return try self.press(keys: press.keys)
            case .paste(let text): return try paste(text)
            case .set(let amount): return try setAmount(amount)
            case .caret(let offset): return try placeCaret(offset)
            case .select(let start, let length): return try selectRange(start: start, length: length)
            case .edit(let start, let length, let text): return try editRange(start: start, length: length, text: text)
            case .locale(let identifier): return try changeLocale(identifier)
            case .currency(let code, let round): return try changeCurrency(code, round: round)
            case .undo: return try undoRedo(redo: false)
            case .redo: return try undoRedo(redo: true)
            case .show: return CommandResult(lines: [try fieldLine()])
            case .value:
                let field = try active().field
                return CommandResult(lines: field.value.map { [.plain($0)] } ?? emptyFieldNote)
            case .minor:
                let field = try active().field
                return CommandResult(lines: field.minorUnits.map { [.plain($0)] } ?? emptyFieldNote)
            case .inspect(let json): return try inspect(json: json)
            case .locales(let filter, let json): return listLocales(filter: filter, json: json)
            case .currencies(let filter, let json): return listCurrencies(filter: filter, json: json)
            case .record(let path, let force): return try startRecording(path, replacing: force)
            case .recordOff: return try stopRecording()
            case .source(let path): return try source(path)
            case .kiosk(let name): return try kiosk(name)
            case .help(let command): return try help(command)
            case .quit: return CommandResult(quits: true)
            }
        } catch {
            return CommandResult(lines: [.error(error.placed(by: spans))])
        }
    }

    /// The error for a line of `byteCount` bytes over the limit.
    package static func tooLong(_ byteCount: Int) -> String {
        "the line is \(byteCount) bytes long; commands are at most \(maximumLineBytes) bytes"
    }

    /// Why a raw line cannot be a command, or nil.
    static func problem(with line: String) -> CommandError? {
        if line.utf8.count > maximumLineBytes {
            return CommandError(tooLong(line.utf8.count))
        }
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) }
        // Bytes first: walking Characters (grapheme breaking) on every replayed line cost more
        // than its keys; the column is counted only for a line that has a control character.
        // C0 controls and DEL are single bytes, C1 controls are C2 80…C2 9F.
        func hasControl(_ bytes: some Sequence<UInt8>) -> Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                if (byte < 0x20 && byte != 0x09) || byte == 0x7F || (previous == 0xC2 && byte &- 0x80 < 0x20) { return true }
                previous = byte
            }
            return false
        }
        guard line.utf8.withContiguousStorageIfAvailable(hasControl) ?? hasControl(line.utf8) else { return nil }
        for (column, character) in line.enumerated() {
            guard let scalar = character.unicodeScalars.first(where: isControl) else { continue }
            let code = String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            return CommandError("control character U+\(code) at column \(column + 1); type keys by name instead (<bs>, <left> …)", at: column..<(column + 1))
        }
        return nil
    }

    // MARK: Helpers shared by the commands

    /// The active field's index, or the error every field command gives when there is none.
    func requireActiveIndex() throws(CommandError) -> Int {
        guard let index = activeIndex else { throw CommandError("no field is active; make one with `new NAME`") }
        return index
    }

    func active() throws(CommandError) -> FieldEntry { fields[try requireActiveIndex()] }

    /// `NAME: DISPLAY` with the caret, for the active field: what kiosk mode prints on leaving.
    package var activeFieldLine: OutputLine? { activeIndex.map { fieldLine(fields[$0]) } }

    func fieldLine(_ entry: FieldEntry) -> OutputLine {
        OutputLine(.field, FieldView(name: entry.name, field: entry.field).line)
    }

    func fieldLine() throws(CommandError) -> OutputLine { fieldLine(try active()) }

    /// Applies `change` to the active field, recording undo when it changed, and prints the field.
    /// The field's errors are about `word` of the line (`locale xx`: the `xx`).
    func changeActive(
        about word: CommandError.Word? = nil, _ change: (inout MoneyField) throws(FieldError) -> [OutputLine]
    ) throws(CommandError) -> CommandResult {
        let index = try requireActiveIndex()
        let before = fields[index].field
        var field = before
        let notes: [OutputLine]
        do { notes = try change(&field) } catch { throw word.map(CommandError(error).about) ?? CommandError(error) }
        var result = CommandResult(lines: notes)
        result.rangBell = notes.contains { $0.kind == .rejected }
        if field != before {
            fields[index].history.record(before)
            fields[index].field = field
        }
        // A refused first key changed nothing and says so itself; anything else shows the field.
        if field != before || !result.rangBell { result.append(fieldLine(fields[index])) }
        return result
    }
}

extension CommandError {
    init(_ error: FieldError) { self.init(error.words) }
}

import Foundation
import MoneyFieldEngine

/// How a session starts and what it may do.
public struct SessionOptions: Sendable {
    /// Locale and currency of the starting `amount` field.
    public var locale: String
    public var currency: String
    /// A person at a terminal (kiosk is possible; nothing else changes).
    public var isInteractive: Bool
    /// Replaying a script: it may not write files unless `allowsWrite`.
    public var isScript: Bool
    public var allowsWrite: Bool
    /// Relative paths in `record` and `source` resolve against this folder.
    public var directory: URL

    public init(
        locale: String = LocaleCatalog.defaultIdentifier, currency: String = CurrencyCatalog.defaultCode, isInteractive: Bool = false,
        isScript: Bool = false, allowsWrite: Bool = false,
        directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ) {
        self.locale = locale
        self.currency = currency
        self.isInteractive = isInteractive
        self.isScript = isScript
        self.allowsWrite = allowsWrite
        self.directory = directory
    }
}

/// A named field and its undo history.
public struct FieldEntry: Sendable {
    public var name: String
    public var field: MoneyField
    var history = UndoHistory<MoneyField>()
}

/// The shell without a terminal: one line in, printed lines out.
public final class Session {
    public static let maximumLineBytes = 4096
    public static let defaultFieldName = "amount"

    public let options: SessionOptions
    public internal(set) var fields: [FieldEntry] = []
    public internal(set) var activeName: String?
    var recorder: TranscriptRecorder?
    /// Canonical locale and currency that `new` uses when it is given none.
    let defaultLocale: String
    let defaultCurrency: String
    var sourceStack: [URL] = []
    /// Every command that may have changed this session, as a script would write it, so that a
    /// recording started later rebuilds the session's undo and redo history too; nil once that
    /// is not possible (a `source`, or more than `maximumJournalCount` commands).
    var journal: [String]? = []
    static let maximumJournalCount = 10_000
    static let maximumSourceDepth = 16

    public init(options: SessionOptions = SessionOptions()) throws(FieldError) {
        self.options = options
        let configuration = try FieldConfiguration(locale: options.locale, currency: options.currency)
        defaultLocale = configuration.locale
        defaultCurrency = configuration.currency
        fields = [FieldEntry(name: Self.defaultFieldName, field: MoneyField(configuration))]
        activeName = Self.defaultFieldName
    }

    deinit { recorder?.close() }

    /// The prompt: the active field's name.
    public var prompt: String { "\(activeName ?? "(no field)")> " }

    public var activeField: MoneyField? { activeIndex.map { fields[$0].field } }

    var activeIndex: Int? { activeName.flatMap(index(of:)) }

    func index(of name: String) -> Int? { fields.firstIndex { $0.name == name } }

    /// Runs one line read as raw bytes: invalid UTF-8 is an error, not a crash.
    public func handle(bytes: some Collection<UInt8>) -> CommandResult {
        guard let line = String(validating: bytes, as: UTF8.self) else {
            return CommandResult(lines: [.error("the line is not valid UTF-8; retype it (was the terminal set to UTF-8?)")])
        }
        return handle(line)
    }

    /// Runs one command line and returns what it prints.
    public func handle(_ line: String) -> CommandResult {
        let activeBefore = activeName
        return recording(line, result: run(line), activeBefore: activeBefore)
    }

    /// Appends a handled line to the journal and to the recording, if one is running; a failed
    /// write ends the recording and says so.
    private func recording(_ line: String, result: CommandResult, activeBefore: String?) -> CommandResult {
        // A session that can never record (a script replayed without --allow-write) keeps no journal.
        guard sourceStack.isEmpty, recorder != nil || mayWriteFiles,
              let recorded = recordedForm(of: line, result: result, activeBefore: activeBefore, folder: recorder?.url.deletingLastPathComponent())
        else { return result }
        journal(recorded.command, result: result)
        guard let recorder else { return result }
        if let failure = recorder.append(command: recorded.command, output: recorded.output) {
            self.recorder = nil
            var withFailure = result
            withFailure.append(.error(failure))
            return withFailure
        }
        return result
    }

    /// Presses keys on the active field as `type` would, with undo and recording: the kiosk's way in.
    public func press(_ keys: [Key]) -> CommandResult {
        let result: CommandResult
        do throws(CommandError) { result = try press(keys: keys) } catch { result = CommandResult(lines: [.error(error.message)]) }
        return recording("type " + KeyScript.text(for: keys), result: result, activeBefore: activeName)
    }

    /// Makes another field active as `use` would, recorded as `use NAME`: the kiosk form's Tab.
    public func activate(_ name: String) -> CommandResult {
        let before = activeName
        let result: CommandResult
        do throws(CommandError) { result = makeActive(try existing(name)) } catch { result = CommandResult(lines: [.error(error.message)]) }
        return recording("use \(name)", result: result, activeBefore: before)
    }

    func run(_ line: String) -> CommandResult {
        if let problem = Self.problem(with: line) { return CommandResult(lines: [.error(problem)]) }
        let trimmed = String(line.trimmingSpaces())
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return CommandResult() }
        do throws(CommandError) {
            if KeyScript.startsKeys(trimmed) { return try typeKeys(Substring(trimmed)) }
            let nameEnd = trimmed.firstIndex(where: \.isWhitespace) ?? trimmed.endIndex
            let name = String(trimmed[..<nameEnd])
            let rest = trimmed[nameEnd...].drop(while: \.isWhitespace)
            return try dispatch(name, rest: Substring(rest))
        } catch {
            return CommandResult(lines: [.error(error.message)])
        }
    }

    /// The error for a line of `byteCount` bytes over the limit.
    public static func tooLong(_ byteCount: Int) -> String {
        "the line is \(byteCount) bytes long; commands are at most \(maximumLineBytes) bytes"
    }

    /// Why a raw line cannot be a command, or nil.
    static func problem(with line: String) -> String? {
        if line.utf8.count > maximumLineBytes {
            return tooLong(line.utf8.count)
        }
        for (column, scalar) in line.unicodeScalars.enumerated() where scalar != "\t" {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let code = String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                return "control character U+\(code) at column \(column + 1); type keys by name instead (<bs>, <left> …)"
            }
        }
        return nil
    }

    private func dispatch(_ name: String, rest: Substring) throws(CommandError) -> CommandResult {
        guard let command = Commands.named(name) else {
            if name == ">" || name.hasPrefix(">") {
                throw CommandError("lines starting \"> \" are a session script's; replay a script with `moneyfield test FILE`, or run its commands here with `source FILE`")
            }
            let close = Suggestions.closest(to: name, in: Commands.names, limit: 2)
            throw CommandError("unknown command \"\(name)\"\(Suggestions.didYouMean(close)) (help lists the commands)")
        }
        return try command.action(self, rest)
    }

    // MARK: Helpers shared by the commands

    func usage(_ name: String) -> String { "usage: " + (Commands.named(name)?.usage ?? name) }

    func noArguments(_ name: String, _ rest: Substring) throws(CommandError) {
        guard rest.isEmpty else { throw CommandError("\(name) takes no arguments; \(usage(name))") }
    }

    /// The active field's index, or the error every field command gives when there is none.
    func requireActiveIndex() throws(CommandError) -> Int {
        guard let index = activeIndex else { throw CommandError("no field is active; make one with `new NAME`") }
        return index
    }

    func active() throws(CommandError) -> FieldEntry { fields[try requireActiveIndex()] }

    /// `NAME: DISPLAY` with the caret, for the active field: what kiosk mode prints on leaving.
    public var activeFieldLine: OutputLine? { activeIndex.map { fieldLine(fields[$0]) } }

    func fieldLine(_ entry: FieldEntry) -> OutputLine {
        OutputLine(.field, "\(entry.name): \(entry.field.marked)")
    }

    func fieldLine() throws(CommandError) -> OutputLine { fieldLine(try active()) }

    /// Applies `change` to the active field, recording undo when it changed, and prints the field.
    func changeActive(
        _ change: (inout MoneyField) throws(FieldError) -> [OutputLine]
    ) throws(CommandError) -> CommandResult {
        let index = try requireActiveIndex()
        let before = fields[index].field
        var field = before
        let notes: [OutputLine]
        do { notes = try change(&field) } catch { throw CommandError(error) }
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

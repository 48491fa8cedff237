import Foundation
import MoneyFieldEngine
import MoneyFieldIO

extension Session {
    /// Whether this run may write files: a person at the shell may, a script only with `--allow-write`.
    var mayWriteFiles: Bool { options.allowsWrite || (!options.isScript && sourceStack.isEmpty) }

    func resolve(_ path: String) -> URL {
        let base = sourceStack.last?.deletingLastPathComponent() ?? options.directory
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
    }

    /// Starts writing this session to `path` as a script; an existing file is kept unless `replacing`.
    public func startRecording(to path: String, replacing: Bool) -> CommandResult {
        do throws(CommandError) {
            return try startRecording(path, replacing: replacing)
        } catch {
            return CommandResult(lines: [.error(error.message)])
        }
    }

    func startRecording(_ path: String, replacing: Bool) throws(CommandError) -> CommandResult {
        guard mayWriteFiles else {
            throw CommandError(sourceStack.isEmpty
                ? "this script may not write files; replay it with `moneyfield test --allow-write` (or `demo --allow-write`) to let it record"
                : "a script run with `source` may not write files; start `record FILE` at the prompt instead")
        }
        guard recorder == nil else { throw CommandError("already recording to \(VisibleText.terminalSafe(recorder!.displayPath)); `record off` first") }
        let url = resolve(path)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandError("\(VisibleText.terminalSafe(path)) is a folder; record to a file in it (\(VisibleText.terminalSafe(url.appendingPathComponent("session.session").path)))")
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandError("there is no folder \(VisibleText.terminalSafe(folder)) to record into; make it first (or record to another path)")
        }
        // A script that records runs again and again: it may replace a recording of its own making.
        let replacing = replacing || (options.isScript && TranscriptRecorder.holdsRecording(url))
        let preamble = try reconstruction()
        // The path is escaped: a newline in a file name must not start a line of the script.
        recorder = try TranscriptRecorder(
            url: url, displayPath: path, replacing: replacing,
            header: ["\(Transcript.recordingMarker); replay with: moneyfield test \(VisibleText.escaped(path))"] + preamble)
        return CommandResult(lines: [.plain("recording to \(path)")])
    }

    /// What a recording keeps of a handled command, so that the script replays as the session
    /// went: nil for commands it leaves out.
    ///
    /// A replay starts in a fresh en_US/USD session from the script's folder, so a bare `new`
    /// gets this session's own locale and currency written out, and a `source` path is written
    /// from the recording's folder. `record` is left out; an accepted `kiosk` is too (its keys
    /// come back as `type` lines), except that a switch of field is kept as `use`.
    func recordedForm(of invocation: Invocation, result: CommandResult, activeBefore: String?, folder: URL?)
        -> (command: Invocation, output: [OutputLine])?
    {
        if case .source(let path) = invocation, let recorder,
           resolve(path).standardizedFileURL.resolvingSymlinksInPath() == recorder.url.standardizedFileURL.resolvingSymlinksInPath() {
            return nil  // refused, and refused for a reason a replay would not share
        }
        switch invocation {
        case .record, .recordOff:
            return nil
        case .kiosk where result.kioskField != nil:
            guard let name = activeName, name != activeBefore, let index = index(of: name) else { return nil }
            return (.use(name), [fieldLine(fields[index])])
        case .new(let name, var options) where !result.failed:
            // The replay starts in en_US/USD: the session's own defaults are written out. Given a
            // locale, the field took that locale's currency or the one given: nothing to add.
            if options.locale == nil {
                if defaultLocale != LocaleCatalog.defaultIdentifier {
                    options.locale = defaultLocale
                    options.currency = options.currency ?? defaultCurrency
                } else if options.currency == nil, defaultCurrency != CurrencyCatalog.defaultCode {
                    options.currency = defaultCurrency
                }
            }
            return (.new(name: name, options: options), result.lines)
        case .source(let path) where !path.hasPrefix("/"):
            let target = resolve(path).standardizedFileURL.path
            let folder = (folder ?? options.directory).standardizedFileURL.path + "/"
            let written = target.hasPrefix(folder) ? String(target.dropFirst(folder.count)) : target
            return (.source(written), result.lines)
        default:
            return (invocation, result.lines)
        }
    }

    /// Keeps a handled command for `reconstruction`: failed commands changed nothing and are left out.
    func journal(_ invocation: Invocation, result: CommandResult) {
        guard journal != nil, !result.failed, invocation.mayChangeState else { return }
        if case .source = invocation {
            journal = nil
        } else if journal!.count >= Self.maximumJournalCount {
            journal = nil
        } else {
            journal!.append(invocation)
        }
    }

    /// Commands and output that bring a fresh session to this one's state, so a recording
    /// started mid-session still replays clean. Empty for an untouched session.
    ///
    /// The session's own commands replayed, when it kept them all: fields, amounts, carets and
    /// undo/redo history come back exactly. Otherwise the fields are rebuilt from their state,
    /// and the recording starts with an empty undo history (a comment says so).
    func reconstruction() throws(CommandError) -> [String] {
        let fresh: Session
        do { fresh = try Session() } catch { throw CommandError(error) }
        let untouched = fields.map(\.name) == fresh.fields.map(\.name) && fields.map(\.field) == fresh.fields.map(\.field)
            && activeName == fresh.activeName
        if untouched && journal?.isEmpty != false { return [] }
        var startingField: [Invocation] = []
        if defaultLocale != fresh.defaultLocale || defaultCurrency != fresh.defaultCurrency {
            var options = FieldOptions()
            options.locale = defaultLocale
            options.currency = defaultCurrency
            startingField = [.drop(Self.defaultFieldName), .new(name: Self.defaultFieldName, options: options)]
        }
        if let journal, let lines = try? replayed(startingField + journal) {
            return ["# The session before the recording started, replayed (undo and redo included):"] + lines
        }
        return ["# The fields as they were when the recording started (their undo history is not rebuilt):"]
            + (try replayed(stateCommands()))
    }

    /// Each command with what a fresh session prints for it; throws unless that session ends as this one.
    private func replayed(_ commands: [Invocation]) throws(CommandError) -> [String] {
        let fresh: Session
        do { fresh = try Session() } catch { throw CommandError(error) }
        var lines: [String] = []
        for command in commands {
            lines.append(Transcript.commandPrefix + command.scriptLine)
            lines += fresh.perform(command).lines.map(\.text)
        }
        guard fresh.fields.map(\.name) == fields.map(\.name), fresh.fields.map(\.field) == fields.map(\.field),
              fresh.activeName == activeName
        else {
            throw CommandError("this session's state cannot be rebuilt by a script (an amount outside its limits?); record from a fresh session")
        }
        return lines
    }

    /// Commands that make each field as it is now, its undo history aside.
    private func stateCommands() -> [Invocation] {
        var commands: [Invocation] = [.drop(Self.defaultFieldName)]
        for entry in fields {
            let field = entry.field
            commands.append(.new(name: entry.name, options: FieldOptions(field.configuration)))
            if !field.state.digits.isEmpty, let value = field.value { commands.append(.set(value)) }
            if field.state.isNegative && field.state.digits.isEmpty { commands.append(.press(KeyPress([.minus], spelling: .command("neg")))) }
            if field.state.caretSlotsFromEnd > 0 {
                commands.append(.press(KeyPress(Array(repeating: .left, count: field.state.caretSlotsFromEnd), spelling: .command("left"))))
            }
        }
        if let activeName, activeName != fields.last?.name { commands.append(.use(activeName)) }
        return commands
    }
}

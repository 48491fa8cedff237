import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

extension Session {
    /// Whether this run may write files: a person at the shell may, a script only with `--allow-write`.
    var mayWriteFiles: Bool { options.allowsWrite || (!options.isScript && sourceStack.isEmpty) }

    func resolve(_ path: String) -> URL {
        let base = sourceStack.last?.deletingLastPathComponent() ?? options.directory
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
    }

    /// Starts writing this session to `path` as a script; an existing file is kept unless `replacing`.
    package func startRecording(to path: String, replacing: Bool) -> CommandResult {
        do throws(CommandError) {
            return try startRecording(path, replacing: replacing)
        } catch {
            return CommandResult(lines: [.error(error.message)])
        }
    }

    /// The file a recording is writing to, as it was named; nil when none is running.
    package var recordingPath: String? { recorder?.displayPath }

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
                .about(.argument(0))
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandError("there is no folder \(VisibleText.terminalSafe(folder)) to record into; make it first (or record to another path)")
                .about(.argument(0))
        }
        // A script that records runs again and again: it may replace a recording of its own making.
        let replacing = replacing || (options.isScript && TranscriptRecorder.holdsRecording(url))
        let preamble = try reconstruction()
        // The path is escaped: a newline in a file name must not start a line of the script.
        do throws(CommandError) {
            recorder = try TranscriptRecorder(
                url: url, displayPath: path, replacing: replacing,
                header: ["\(Transcript.recordingMarker); replay with: moneyfield test \(VisibleText.escaped(path))"] + preamble)
        } catch {
            throw error.about(.argument(0))
        }
        return CommandResult(lines: [.plain("recording to \(path)")])
    }

    /// What the journal and a recording keep of a handled command.
    struct Kept {
        /// The command as a script writes it.
        var command: Invocation
        var output: [OutputLine]
        var journal: Command.Journaling
    }

    /// What a recording and the journal keep of a handled command, so that the script replays as
    /// the session went: nil for commands they leave out. What the journal does with a command is
    /// its declaration's (`Command.journal`); only the commands a script writes otherwise than
    /// they were given are named here.
    ///
    /// A replay starts in a fresh en_US/USD session from the script's folder, so a bare `new`
    /// gets this session's own locale and currency written out, and a `source` path is written
    /// from the recording's folder. An accepted `kiosk` is left out (its keys come back as `type`
    /// lines), except that a switch of field is kept as `use`.
    func recordedForm(of invocation: Invocation, result: CommandResult, activeBefore: String?, folder: URL?) -> Kept? {
        let journal = invocation.declaration.journal
        if journal == .leftOut { return nil }
        let asGiven = Kept(command: invocation, output: result.lines, journal: journal)
        switch invocation {
        case .kiosk:
            guard result.kioskField != nil else { return asGiven }
            guard let name = activeName, name != activeBefore, let index = index(of: name) else { return nil }
            return Kept(command: .use(name), output: [fieldLine(fields[index])], journal: Commands.use.journal)
        case .new(let name, var options):
            guard !result.failed else { return asGiven }
            // The replay starts in en_US/USD: the session's own defaults are written out. Given a
            // locale, the field took that locale's currency or the one given: nothing to add.
            if options[\.locale] == nil {
                if defaultLocale != LocaleCatalog.defaultIdentifier {
                    options[\.locale] = defaultLocale
                    options[\.currency] = options[\.currency] ?? defaultCurrency
                } else if options[\.currency] == nil, defaultCurrency != CurrencyCatalog.defaultCode {
                    options[\.currency] = defaultCurrency
                }
            }
            return Kept(command: .new(name: name, options: options), output: result.lines, journal: journal)
        case .source(let path):
            if let recorder,
               resolve(path).standardizedFileURL.resolvingSymlinksInPath() == recorder.url.standardizedFileURL.resolvingSymlinksInPath() {
                return nil  // refused, and refused for a reason a replay would not share
            }
            guard !path.hasPrefix("/") else { return asGiven }
            let target = resolve(path).standardizedFileURL.path
            let folder = (folder ?? options.directory).standardizedFileURL.path + "/"
            let written = target.hasPrefix(folder) ? String(target.dropFirst(folder.count)) : target
            return Kept(command: .source(written), output: result.lines, journal: journal)
        // Written as given: a new command needs nothing here, its declaration says what the journal does.
        default:
            return asGiven
        }
    }

    /// Keeps a handled command for `reconstruction`: failed commands changed nothing and are left out.
    func journal(_ kept: Kept, result: CommandResult) {
        guard journal != nil, !result.failed else { return }
        switch kept.journal {
        case .passes, .leftOut: return
        case .ends: journal = nil
        case .keeps where journal!.count >= Self.maximumJournalCount: journal = nil
        case .keeps: journal!.append(kept.command)
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
            options[\.locale] = defaultLocale
            options[\.currency] = defaultCurrency
            startingField = [.drop(Self.defaultFieldName), .new(name: Self.defaultFieldName, options: options)]
        }
        if let journal, let chunks = try? replayed(startingField + journal) {
            // A field that starts in another locale is how this session began, not something
            // done before the recording: said as such, and the heading only when more came.
            var lines: [String] = []
            if !startingField.isEmpty {
                lines.append("# This session starts in \(defaultLocale) with \(defaultCurrency); a replay starts in "
                    + "\(fresh.defaultLocale) with \(fresh.defaultCurrency), so the field is made again:")
                lines += chunks.prefix(startingField.count).joined()
            }
            if !journal.isEmpty {
                lines.append("# The session before the recording started, replayed (undo and redo included):")
                lines += chunks.dropFirst(startingField.count).joined()
            }
            return lines
        }
        return ["# The fields as they were when the recording started (their undo history is not rebuilt):"]
            + (try replayed(stateCommands())).joined()
    }

    /// Each command with what a fresh session prints for it, one block per command; throws
    /// unless that session ends as this one.
    private func replayed(_ commands: [Invocation]) throws(CommandError) -> [[String]] {
        let fresh: Session
        do { fresh = try Session() } catch { throw CommandError(error) }
        var blocks: [[String]] = []
        for command in commands {
            blocks.append([Transcript.commandPrefix + command.scriptLine] + fresh.perform(command).lines.map(\.text))
        }
        guard fresh.fields.map(\.name) == fields.map(\.name), fresh.fields.map(\.field) == fields.map(\.field),
              fresh.activeName == activeName
        else {
            throw CommandError("this session's state cannot be rebuilt by a script (an amount outside its limits?); record from a fresh session")
        }
        return blocks
    }

    /// Commands that make each field as it is now, its undo history aside.
    private func stateCommands() -> [Invocation] {
        var commands: [Invocation] = [.drop(Self.defaultFieldName)]
        for entry in fields {
            let field = entry.field
            commands.append(.new(name: entry.name, options: FieldOptions(field.configuration)))
            let digits = field.state.digits
            if let fraction = field.state.typedFraction {
                // Natural entry is rebuilt as typed: `set` would pad `1.5` to `1.50`.
                let padded = Array(repeating: 0, count: max(0, fraction - digits.count)) + digits
                let keys = padded.dropLast(fraction).map(Key.digit) + [.decimal] + padded.suffix(fraction).map(Key.digit)
                commands.append(.press(KeyPress(keys)))
                if field.state.isNegative { commands.append(.press(KeyPress.command(.minus))) }
            } else if !digits.isEmpty, let value = field.value {
                commands.append(.set(value))
            } else if field.state.isNegative {
                commands.append(.press(KeyPress.command(.minus)))
            }
            if field.state.caretSlotsFromEnd > 0 {
                commands.append(.press(KeyPress.command(.left, count: field.state.caretSlotsFromEnd)))
            }
            // Left by <enter> (what a symbol-when-focused field shows when empty): its last key.
            if field.state.hasLeftField { commands.append(.press(KeyPress.command(.enter))) }
        }
        if let activeName, activeName != fields.last?.name { commands.append(.use(activeName)) }
        return commands
    }
}

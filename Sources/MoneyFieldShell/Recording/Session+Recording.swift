import Foundation
import MoneyFieldEngine

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
        let preamble = try reconstruction()
        // The path is escaped: a newline in a file name must not start a line of the script.
        recorder = try TranscriptRecorder(
            url: url, displayPath: path, replacing: replacing,
            header: ["\(Transcript.recordingMarker); replay with: moneyfield test \(VisibleText.escaped(path))"] + preamble)
        return CommandResult(lines: [.plain("recording to \(path)")])
    }

    /// What a recording keeps of a handled line, so that the script replays as the session went:
    /// nil for lines it leaves out.
    ///
    /// A replay starts in a fresh en_US/USD session from the script's folder, so a bare `new`
    /// gets this session's own locale and currency written out, and a `source` path is written
    /// from the recording's folder. `record` is left out; an accepted `kiosk` is too (its keys
    /// come back as `type` lines), except that a switch of field is kept as `use`.
    func recordedForm(of line: String, result: CommandResult, activeBefore: String?)
        -> (command: String, output: [OutputLine])?
    {
        // A line refused for its bytes (a NUL, a CR, too long) changed nothing and could not be replayed.
        guard let recorder, Self.problem(with: line) == nil else { return nil }
        let words = (try? Tokenizer.words(Substring(line))) ?? []
        switch words.first {
        case "record":
            return nil
        case "kiosk" where result.kioskField != nil:
            guard let name = activeName, name != activeBefore, let index = index(of: name) else { return nil }
            return ("use \(name)", [fieldLine(fields[index])])
        case "new" where !result.failed:
            var additions: [String] = []
            let standard = SessionOptions()
            if defaultLocale != standard.locale, !words.contains(where: { $0.hasPrefix("--locale") }) {
                additions += ["--locale", defaultLocale]
            }
            if defaultCurrency != standard.currency, !words.contains(where: { $0.hasPrefix("--currency") }) {
                additions += ["--currency", defaultCurrency]
            }
            return (([line] + additions).joined(separator: " "), result.lines)
        case "source" where words.count == 2 && !words[1].hasPrefix("/"):
            let target = resolve(words[1]).standardizedFileURL.path
            let folder = recorder.url.deletingLastPathComponent().standardizedFileURL.path + "/"
            let written = target.hasPrefix(folder) ? String(target.dropFirst(folder.count)) : target
            return ("source \(Tokenizer.quoted(written))", result.lines)
        default:
            return (line, result.lines)
        }
    }

    /// Commands and output that bring a fresh session to this one's state, so a recording
    /// started mid-session still replays clean. Empty for an untouched session.
    func reconstruction() throws(CommandError) -> [String] {
        let fresh: Session
        do { fresh = try Session() } catch { throw CommandError(error) }
        if fields.map(\.name) == fresh.fields.map(\.name), fields.map(\.field) == fresh.fields.map(\.field),
           activeName == fresh.activeName {
            return []
        }
        var commands = ["drop \(Self.defaultFieldName)"]
        for entry in fields {
            let field = entry.field
            commands.append((["new", entry.name] + FieldOptions.arguments(for: field.configuration)).joined(separator: " "))
            if !field.state.digits.isEmpty { commands.append("set \(field.value)") }
            if field.state.isNegative && field.state.digits.isEmpty { commands.append("neg") }
            if field.state.caretSlotsFromEnd > 0 { commands.append("left \(field.state.caretSlotsFromEnd)") }
        }
        if let activeName, activeName != fields.last?.name { commands.append("use \(activeName)") }
        var lines: [String] = []
        for command in commands {
            lines.append(Transcript.commandPrefix + command)
            lines += fresh.run(command).lines.map(\.text)
        }
        guard fresh.fields.map(\.field) == fields.map(\.field), fresh.activeName == activeName else {
            throw CommandError("this session's state cannot be rebuilt by a script (an amount outside its limits?); record from a fresh session")
        }
        return lines
    }
}

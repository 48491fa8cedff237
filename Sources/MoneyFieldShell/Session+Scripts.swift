import Foundation
import MoneyField

extension Session {
    /// Whether this run may write files: a person at the shell may, a script only with `--allow-write`.
    var mayWriteFiles: Bool { options.allowsWrite || (!options.isScript && sourceStack.isEmpty) }

    func resolve(_ path: String) -> URL {
        let base = sourceStack.last?.deletingLastPathComponent() ?? options.directory
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
    }

    func record(_ rest: Substring) throws(CommandError) -> CommandResult {
        var words = try Tokenizer.words(rest)
        let replacing = words.contains("--force")
        words.removeAll { $0 == "--force" }
        guard words.count == 1 else { throw CommandError(usage("record")) }
        if words[0] == "off" {
            guard let recorder else { throw CommandError("not recording; start with `record FILE`") }
            recorder.close()
            self.recorder = nil
            return CommandResult(lines: [.plain("recording stopped: \(recorder.url.path)")])
        }
        guard mayWriteFiles else {
            throw CommandError("this script may not write files; run it with --allow-write to let it record")
        }
        guard recorder == nil else { throw CommandError("already recording to \(recorder!.url.path); `record off` first") }
        let url = resolve(words[0])
        let preamble = try reconstruction()
        recorder = try TranscriptRecorder(
            url: url, replacing: replacing,
            header: ["# Recorded with moneyfield; replay with: moneyfield test \(words[0])"] + preamble)
        return CommandResult(lines: [.plain("recording to \(url.path)")])
    }

    /// Commands and output that bring a fresh session to this one's state, so a recording
    /// started mid-session still replays clean. Empty for an untouched session.
    func reconstruction() throws(CommandError) -> [String] {
        let fresh = try! Session()
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

    func source(_ rest: Substring) throws(CommandError) -> CommandResult {
        let words = try Tokenizer.words(rest)
        guard words.count == 1 else { throw CommandError(usage("source")) }
        let url = resolve(words[0]).standardizedFileURL.resolvingSymlinksInPath()
        if sourceStack.contains(url) {
            let chain = (sourceStack + [url]).map(\.lastPathComponent).joined(separator: " → ")
            throw CommandError("source cycle: \(chain); a script cannot source itself")
        }
        guard sourceStack.count < Self.maximumSourceDepth else {
            throw CommandError("source nested deeper than \(Self.maximumSourceDepth) scripts; flatten them")
        }
        let transcript: Transcript
        do { transcript = try Transcript(contentsOf: url, displayPath: words[0]) } catch {
            throw CommandError(error.errorDescription ?? "\(error)")
        }
        sourceStack.append(url)
        defer { sourceStack.removeLast() }
        var result = CommandResult()
        for step in transcript.steps {
            let stepResult = run(step.command)
            result.append(contentsOf: stepResult)
            if stepResult.failed {
                result.append(.error("stopped sourcing \(words[0]) at line \(step.line)"))
                break
            }
            if stepResult.quits { break }
        }
        result.quits = false
        return result
    }
}

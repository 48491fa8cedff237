import Foundation
import MoneyFieldEngine

extension Commands {
    static let scripting: [Command] = [
        Command(
            "record", usage: "record FILE [--force] | record off", summary: "write this session to FILE as a replayable script",
            details: ["An existing FILE is kept unless --force. A recording started mid-session begins with commands that rebuild the state."],
            arguments: [.file], flags: ["--force"]) { session, rest throws(CommandError) in try session.record(rest) },
        Command(
            "source", usage: "source FILE", summary: "run a script's commands here (its expected output is ignored)",
            arguments: [.file]) { session, rest throws(CommandError) in try session.source(rest) },
    ]
}

extension Session {
    func record(_ rest: Substring) throws(CommandError) -> CommandResult {
        var words = try Tokenizer.words(rest)
        let replacing = words.contains("--force")
        words.removeAll { $0 == "--force" }
        guard words.count == 1 else { throw CommandError(usage("record")) }
        if words[0] == "off" {
            guard let recorder else { throw CommandError("not recording; start with `record FILE`") }
            recorder.close()
            self.recorder = nil
            return CommandResult(lines: [.plain("recording stopped: \(VisibleText.terminalSafe(recorder.displayPath))")])
        }
        return try startRecording(words[0], replacing: replacing)
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
        var result = CommandResult()
        if let note = transcript.cutBlockNote { result.append(.plain("note: \(VisibleText.terminalSafe(words[0])): \(note)")) }
        sourceStack.append(url)
        defer { sourceStack.removeLast() }
        // As `test` does: every command runs, an error does not stop the rest; the lines that
        // failed are named at the end, which makes `source` itself fail.
        var failedLines: [Int] = []
        for step in transcript.steps {
            let stepResult = run(step.command)
            result.append(contentsOf: stepResult)
            if stepResult.failed { failedLines.append(step.line) }
            if stepResult.quits { break }
        }
        if !failedLines.isEmpty {
            let lines = failedLines.map(String.init).joined(separator: ", ")
            result.append(.error("\(VisibleText.terminalSafe(words[0])): \(failedLines.count) of \(transcript.steps.count) command\(transcript.steps.count == 1 ? "" : "s") failed (line\(failedLines.count == 1 ? "" : "s") \(lines))"))
        }
        result.quits = false
        return result
    }
}

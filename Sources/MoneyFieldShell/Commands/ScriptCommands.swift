import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

extension Commands {
    static let scriptCommands = [record, source]

    static let record = Command(
        "record", [.required("FILE", .file)], flags: [.force], alternative: "record off",
        journal: .leftOut, replay: .refused(because: "a recording is the shell's; replay the script it writes"), summary: "write this session to FILE as a replayable script",
        details: ["An existing FILE is kept unless \(CommandFlag.force.spelling). A recording started mid-session begins with commands that rebuild the state."]
    ) { arguments in
        arguments.positionals[0] == "off" && !arguments.has(.force) ? .recordOff : .record(arguments.positionals[0], force: arguments.has(.force))
    }
    static let source = Command("source", [.required("FILE", .file)], journal: .ends, replay: .refused(because: "check replays one script: write the sourced lines into it"), summary: "run a script's commands here (its expected output is ignored)") { arguments in
        .source(arguments.positionals[0])
    }
}

extension Session {
    func stopRecording() throws(CommandError) -> CommandResult {
        guard let recorder else { throw CommandError("not recording; start with `record FILE`") }
        recorder.close()
        self.recorder = nil
        return CommandResult(lines: [.plain("recording stopped: \(VisibleText.terminalSafe(recorder.displayPath))")])
    }

    func source(_ path: String) throws(CommandError) -> CommandResult {
        do throws(CommandError) { return try sourceScript(path) } catch { throw error.about(.argument(0)) }
    }

    private func sourceScript(_ path: String) throws(CommandError) -> CommandResult {
        let url = resolve(path).standardizedFileURL.resolvingSymlinksInPath()
        // The recording would hold a `source` of itself, and replaying it would source itself.
        if let recorder, recorder.url.standardizedFileURL.resolvingSymlinksInPath() == url {
            throw CommandError("\(VisibleText.terminalSafe(path)) is the file being recorded; source another script, or `record off` first")
        }
        if sourceStack.contains(url) {
            let chain = (sourceStack + [url]).map(\.lastPathComponent).joined(separator: " → ")
            throw CommandError("source cycle: \(chain); a script cannot source itself")
        }
        guard sourceStack.count < Self.maximumSourceDepth else {
            throw CommandError("source nested deeper than \(Self.maximumSourceDepth) scripts; flatten them")
        }
        let transcript: Transcript
        do { transcript = try Transcript(contentsOf: url, displayPath: path) } catch {
            var message = error.errorDescription ?? "\(error)"
            if case .unreadable(_, _, missing: true) = error {
                message += " (in a script, relative paths start at the script's folder; at the prompt, at the current one)"
            }
            throw CommandError(message)
        }
        var result = CommandResult()
        if let note = transcript.cutBlockNote { result.append(.plain("note: \(VisibleText.terminalSafe(path)): \(note)")) }
        sourceStack.append(url)
        defer { sourceStack.removeLast() }
        // As `test` does: every command runs, an error does not stop the rest; the lines that
        // failed are named at the end, which makes `source` itself fail.
        var failedLines: [Int] = []
        for step in transcript.steps {
            var stepResult = run(step.command)
            // A place in the script's line means nothing under the `source` line that ran it.
            for index in stepResult.lines.indices { stepResult.lines[index].span = nil }
            result.append(contentsOf: stepResult)
            if stepResult.failed { failedLines.append(step.line) }
            if stepResult.quits { break }
        }
        if !failedLines.isEmpty {
            let lines = failedLines.map(String.init).joined(separator: ", ")
            result.append(.error("\(VisibleText.terminalSafe(path)): \(failedLines.count) of \(English.count(transcript.steps.count, "command")) failed (line\(failedLines.count == 1 ? "" : "s") \(lines))"))
        }
        result.quits = false
        return result
    }
}

import ArgumentParser
import Foundation
import MoneyFieldShell

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Replay a script for training: commands typed out at a human pace, the field drawn as a kiosk.",
        discussion: "Comments in the script are shown as captions. On a terminal the screen is redrawn for each step; otherwise plain text is printed.")

    @Argument(help: "The session script to show.")
    var file: String

    @Option(help: "Milliseconds per typed character (0 for no pauses).")
    var pace = 60

    @Flag(help: "Wait for Enter before each step.")
    var step = false

    @Flag(help: "Let the script write files (record).")
    var allowWrite = false

    func validate() throws {
        guard (0...5000).contains(pace) else { throw ValidationError("--pace takes 0 to 5000 milliseconds, not \(pace)") }
    }

    func run() throws {
        let url = URL(fileURLWithPath: file)
        let transcript: Transcript
        do {
            transcript = try Transcript(contentsOf: url, displayPath: file)
        } catch {
            throw UnusableInput(error.errorDescription ?? "\(error)")
        }
        let session = try Session(options: SessionOptions(
            isScript: true, allowsWrite: allowWrite, directory: url.deletingLastPathComponent()))
        let onTerminal = isatty(STDOUT_FILENO) == 1
        let console = Console()
        var stepReader = LineReader(descriptor: STDIN_FILENO, limit: Session.maximumLineBytes)

        for (number, entry) in transcript.steps.enumerated() {
            let captions = entry.leading.filter { $0.hasPrefix("#") }
                .map { String($0.dropFirst()).trimmingCharacters(in: .whitespaces) }
            if onTerminal { emit("\u{1B}[2J\u{1B}[H") }
            emit(captions.map(VisibleText.terminalSafe).map { (console.useColor ? "\u{1B}[36m\($0)\u{1B}[0m" : $0) + "\n" }.joined())
            if step {
                emit("[step \(number + 1)/\(transcript.steps.count): Enter to go on]\n")
                _ = stepReader.next()
            }
            emit(session.prompt)
            for character in VisibleText.terminalSafe(entry.command) {
                emit(String(character))
                pause(pace)
            }
            emit("\n")
            let result = session.handle(entry.command)
            console.write(result)
            if let name = session.activeName, let field = session.activeField {
                let drawing = KioskScreen.draw(name: name, field: field, marker: "|")
                emit(drawing.lines.map { $0 + "\n" }.joined())
            }
            pause(pace * 12)
            if result.quits { break }
        }
        emit("demo finished: \(transcript.steps.count) step\(transcript.steps.count == 1 ? "" : "s") from \(VisibleText.terminalSafe(file))\n")
    }

    private func emit(_ text: String) {
        Output.write(text)
    }

    private func pause(_ milliseconds: Int) {
        if milliseconds > 0 { usleep(UInt32(milliseconds) * 1000) }
    }
}

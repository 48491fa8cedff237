import ArgumentParser
import Foundation
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", _superCommandName: Moneyfield.name,
        abstract: "Replay a script for training: commands typed out at a human pace, the field drawn as a kiosk.",
        discussion: """
            Comments before a command are its captions (the last ones too). The field stays on \
            screen while keys are typed one by one, shown as key caps; each result is held for \
            --hold milliseconds, or until a key with --step. On a terminal the demo runs on the \
            alternate screen: Enter or → goes on, ← or b goes back a step, p or Space pauses \
            (and resumes), q or Esc quits; the last screen says the demo is over. Otherwise plain text is printed. The script's expected output is \
            checked as it plays: a difference is shown and reported (exit 1 with --strict). \
            --cast writes the demo as an asciicast v2 file instead of playing it.
            """)

    @Argument(help: "The session script to show.", completion: .file(extensions: ["session"]))
    var file: String

    /// What each number takes: read by the help and by `validate`, so the two cannot differ.
    static let paceRange = 0...5000
    static let holdRange = 0...60000
    static let columnsRange = DemoPlayer.narrowest...500

    @Option(help: "Milliseconds per typed character or key (0 for no pauses; \(DemoCommand.rangeWords(DemoCommand.paceRange))).")
    var pace = 60

    @Option(help: "Milliseconds each result stays on screen (\(DemoCommand.rangeWords(DemoCommand.holdRange))).")
    var hold = 2_000

    @Flag(help: "Wait for a key after each result.")
    var step = false

    @Flag(help: "Exit 1 when the output differs from what the script expects.")
    var strict = false

    @Option(help: ArgumentHelp("Write an asciicast v2 recording to FILE instead of playing.", valueName: "FILE"),
            completion: .file(extensions: ["cast"]))
    var cast: String?

    @Option(help: "Screen width for --cast, in columns (\(DemoCommand.rangeWords(DemoCommand.columnsRange))).")
    var columns = 80

    @Flag(help: "Let the script write files (record).")
    var allowWrite = false

    /// `30 to 500`, as help and the refusal both say it.
    static func rangeWords(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound) to \(range.upperBound)" }

    func validate() throws {
        guard Self.paceRange.contains(pace) else { throw ValidationError("--pace takes \(Self.rangeWords(Self.paceRange)) milliseconds, not \(pace)") }
        guard Self.holdRange.contains(hold) else { throw ValidationError("--hold takes \(Self.rangeWords(Self.holdRange)) milliseconds, not \(hold)") }
        guard Self.columnsRange.contains(columns) else { throw ValidationError("--columns takes \(Self.rangeWords(Self.columnsRange)), not \(columns)") }
        if let cast {
            guard !cast.isEmpty else { throw ValidationError("--cast needs a file name: --cast demo.cast") }
            // Never the script itself: the cast would replace it.
            let script = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            guard URL(fileURLWithPath: cast).standardizedFileURL.resolvingSymlinksInPath().path != script else {
                throw ValidationError("--cast \(cast) is the script being shown; write the cast to another file (\(cast).cast)")
            }
        }
    }

    func run() throws {
        // The cast's path is checked before the demo is worked out, not after.
        if let cast, let problem = OutputPath.problem(with: cast) { throw UnusableInput("--cast \(problem.message)") }
        let url = URL(fileURLWithPath: file)
        let transcript: Transcript
        // Read by the argument's own bytes: a name that is not UTF-8 opens as `cat` would open it.
        let raw = RawArguments.paths([file])[0].path
        do {
            transcript = try Transcript(bytes: try TextFile.read(raw, displayPath: raw.shown), path: raw.shown)
        } catch let error as FileError {
            throw UnusableInput(error.message)
        } catch let error as ScriptError {
            throw UnusableInput(error.errorDescription ?? "\(error)")
        }
        // One rule with `test`: a script with no command is an error (exit 1), and no cast is written.
        if transcript.steps.isEmpty {
            Console.error("\(VisibleText.terminalSafe(raw.shown)): holds no command (lines starting \"> \"); nothing to show")
            throw ExitCode.failure
        }
        let options = SessionOptions(isScript: true, allowsWrite: allowWrite, directory: url.deletingLastPathComponent())
        let session = try Session(options: options)
        let pacing = DemoPlan.Pacing(pace: pace, hold: hold)
        let plan: DemoPlan
        var ending = DemoPlayer.Ending.finished
        if let cast {
            // Ctrl-C or SIGTERM while the cast is made leaves the file as it was; one during its
            // write lets the write finish whole. Either way the run says so and ends 130/143.
            Interrupts.stopBetweenSteps()
            plan = DemoPlan(transcript: transcript, session: session, pacing: pacing, width: columns, isInterrupted: Interrupts.isInterrupted)
            if Interrupts.caught != 0 {
                let step = plan.stoppedAt.map { "at step \($0 + 1) of \(plan.stepCount), " } ?? ""
                Output.writeError("demo --cast interrupted \(step)before \(VisibleText.terminalSafe(cast)) was written; it is unchanged\n")
                throw ExitCode(Interrupts.exitStatus)
            }
            let text = AsciiCast.text(of: plan, title: raw.shown, timestamp: Int(Date().timeIntervalSince1970), columns: columns)
            do throws(FileError) {
                try AtomicFile.write(text, to: URL(fileURLWithPath: cast), displayPath: cast)
            } catch {
                // The arguments were fine: the write failed (a full disk), exit 1.
                Console.error("cannot write the cast: \(error.message)")
                throw ExitCode.failure
            }
            if Interrupts.caught != 0 {
                Output.writeError("demo --cast interrupted while \(VisibleText.terminalSafe(cast)) was written; it was written whole\n")
                throw ExitCode(Interrupts.exitStatus)
            }
            Output.writeError("wrote \(VisibleText.terminalSafe(cast)): \(plan.frames.count) screens, \(plan.frames.reduce(0) { $0 + $1.milliseconds } / 1000) s\n")
        } else if isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 {
            // SIGTERM and SIGHUP end the demo as Ctrl-C does: the terminal given back, and the
            // run says at which step (the player notes them, `RawTerminal`).
            Interrupts.stopBetweenSteps()
            let size = TerminalSize.current()
            let colour = Console().useColor
            // The terminal's width, not --columns (a cast's).
            let width = max(DemoPlayer.narrowest, size.columns)
            plan = DemoPlan(transcript: transcript, session: session, pacing: pacing, width: width, colour: colour)
            // A terminal too small at the start is what it is after a resize: the player says the
            // size the demo needs and waits for it (q quits), as the kiosk does.
            // After a resize the script is played again in a fresh session for the new width,
            // unless it may write files: then the first plan stays, and a smaller terminal is told its size.
            let replan: ((Int) -> DemoPlan?)? = allowWrite ? nil : { width in
                (try? Session(options: options)).map { DemoPlan(transcript: transcript, session: $0, pacing: pacing, width: width, colour: colour) }
            }
            var player = DemoPlayer(plan: plan, columns: width, waitsAfterEachStep: step, replan: replan)
            ending = player.play()
        } else {
            // Piped (a log, a class's projector fed by a pipe): a signal stops between steps and says where.
            Interrupts.stopBetweenSteps()
            plan = DemoPlan(transcript: transcript, session: session, pacing: pacing, width: 200, style: .plainText)
            for frame in plan.frames where frame.isResult {
                if Interrupts.caught != 0 {
                    ending = .interrupted(step: frame.step)
                    break
                }
                Output.write(frame.lines.map { $0 + "\n" }.joined())
                // The hold in short naps, so a signal is seen within a tenth of a second.
                var left = (pace > 0 || hold > 0) ? min(frame.milliseconds, 60_000) : 0
                while left > 0 && Interrupts.caught == 0 {
                    usleep(UInt32(min(left, 100)) * 1000)
                    left -= 100
                }
            }
            // A signal during the last step lets it finish, as between steps, and is still reported.
            if ending == .finished && Interrupts.caught != 0 { ending = .interrupted(step: plan.stepCount) }
        }
        let count = transcript.steps.count
        let steps = "\(English.count(count, "step"))"
        // How the run ended is said on stderr, as `test` says an interruption: stdout is the demo
        // itself (its screens, piped), which a class's log or projector keeps clean.
        switch ending {
        case .finished:
            Output.writeError("demo finished: \(steps) from \(VisibleText.terminalSafe(raw.shown))\n")
        case .quit(let at):
            Output.writeError("demo left at step \(at + 1) of \(steps) from \(VisibleText.terminalSafe(raw.shown))\n")
        case .interrupted(let at):
            // `at` past the last step: every step was shown, and the signal came after the last began.
            let place = at < count ? "at step \(at + 1) of \(steps)" : "after step \(count), the last of \(steps),"
            Output.writeError("demo interrupted \(place) from \(VisibleText.terminalSafe(raw.shown))\n")
            throw ExitCode(Interrupts.caught != 0 ? Interrupts.exitStatus : 130)
        }
        // Left early, the class saw the steps up to there: only their differences are said.
        var seen = plan.mismatches
        if case .quit(let at) = ending, count > 0 {
            let lastLine = transcript.steps[min(at, count - 1)].line
            seen = seen.filter { $0.line <= lastLine }
        }
        for mismatch in seen {
            let lines = ["warning: \(raw.shown):\(mismatch.line): the output differs from what the script expects"]
                + MismatchReport.diffLines(expected: mismatch.expected, actual: mismatch.actual)
            Output.writeError(lines.map { VisibleText.terminalSafe($0) + "\n" }.joined())
        }
        if strict && !seen.isEmpty { throw ExitCode.failure }
    }
}

import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// A demo worked out before it plays: every screen a class will see, in order, with how long
/// each stays up. The live player, `--cast` and the plain-text output all play this one plan,
/// so they show the same thing at the same pace, and going back is showing an earlier screen.
public struct DemoPlan: Sendable {
    public struct Pacing: Sendable {
        /// Milliseconds per typed character or key.
        public var pace: Int
        /// Milliseconds a command's result stays up before the next step starts.
        public var hold: Int

        public init(pace: Int = 60, hold: Int = 2_000) {
            self.pace = pace
            self.hold = hold
        }
    }

    /// How screens are drawn: for a terminal (the cursor shows the caret, keys as caps) or as
    /// plain text (the caret drawn as `|`, commands as the script writes them).
    public enum Style: Sendable {
        case terminal, plainText
    }

    /// One screen: its lines, where the terminal cursor goes (the field's caret), and how long it stays.
    public struct Frame: Sendable, Equatable {
        public var lines: [String]
        public var cursorRow: Int
        public var cursorColumn: Int
        public var milliseconds: Int
        /// The step this frame belongs to (0-based), and whether it shows the step's result.
        public var step: Int
        public var isResult: Bool

        public init(lines: [String], cursorRow: Int, cursorColumn: Int, milliseconds: Int, step: Int, isResult: Bool) {
            self.lines = lines
            self.cursorRow = cursorRow
            self.cursorColumn = cursorColumn
            self.milliseconds = milliseconds
            self.step = step
            self.isResult = isResult
        }
    }

    /// A command whose output differed from what the script expects.
    public struct Difference: Sendable, Equatable {
        public let line: Int
        public let command: String
        public let expected: [String]
        public let actual: [String]
    }

    public private(set) var frames: [Frame] = []
    public private(set) var differences: [Difference] = []
    public let stepCount: Int
    /// The step (from 0) an interruption stopped the plan before; nil when it played to the end.
    public private(set) var stoppedAt: Int?
    /// The width the screens need (the kiosk box at its narrowest, or the longest line).
    public private(set) var width: Int = 0
    public var height: Int { frames.map(\.lines.count).max() ?? 0 }

    /// Plays `transcript` in `session` (fresh, as `test` would) and records every screen.
    /// `width` is the terminal's: the kiosk box fits it when it can, and long lines are cut.
    /// `colour` false marks a selection with `[ ]` instead of reverse video.
    /// `isInterrupted` is asked before each step: once it says yes the plan stops there (`stoppedAt`).
    public init(transcript: Transcript, session: Session, pacing: Pacing, width: Int = 80, style: Style = .terminal, colour: Bool = true,
                isInterrupted: () -> Bool = { false }) {
        stepCount = transcript.steps.count
        // The plan shows a key press key by key: the session it plays keeps each key's field.
        session.keepsKeySteps = true
        let marking: FieldView.Marking = style == .plainText ? .text : colour ? .reverseVideo : .brackets
        var captions: [String] = []
        for (index, step) in transcript.steps.enumerated() {
            if isInterrupted() {
                stoppedAt = index
                break
            }
            captions = step.leading.filter { $0.hasPrefix("#") }.map { String($0.dropFirst().trimmingSpaces()) }
            let prompt = session.prompt
            let before = session.activeView
            var screen = Screen(captions: captions, width: width, marking: marking)
            // The line is read once; the session runs it, and a key press is shown key by key
            // from the fields the session went through, so the demo stops where the session stopped.
            let parsed = session.parse(step.command)
            let invocation = try? parsed.get()
            let result = session.handle(parsed: parsed)
            var typedCommand = VisibleText.terminalSafe(step.command)
            if style == .terminal, case .press(let press)? = invocation, let before, press.isTyped {
                // Keys that went in, and the refused one if any: the session stopped there.
                let pressed = press.keys.prefix(min(press.keys.count, result.keySteps.count + 1))
                var typed = ""
                append(screen.render(field: before, command: prompt, output: []), pacing.pace, index)
                for (offset, key) in pressed.enumerated() {
                    typed += KeyCaps.cap(for: key)
                    let shown = offset < result.keySteps.count
                        ? FieldView(name: before.name, field: result.keySteps[offset])
                        : (offset == 0 ? before : FieldView(name: before.name, field: result.keySteps[offset - 1]))
                    append(screen.render(field: shown, command: prompt + Self.typedCommand(press, typed: typed), output: []), pacing.pace, index)
                }
                typedCommand = Self.typedCommand(press, typed: typed)
            } else {
                var typed = ""
                for character in typedCommand {
                    typed.append(character)
                    append(screen.render(field: before, command: prompt + typed, output: []), pacing.pace, index)
                }
            }
            let output = result.lines.map(\.text)
            if output != step.expected {
                differences.append(Difference(line: step.line, command: step.command, expected: step.expected, actual: output))
                screen.warning = "⚠ the script expects: " + (step.expected.first ?? "(nothing)")
            }
            var frame = screen.render(field: session.activeView, command: prompt + typedCommand, output: output)
            frame.isResult = true
            append(frame, pacing.hold, index)
            if result.quits { break }
        }
        // Captions after the last command are shown too, over the last field.
        let closing = transcript.trailing.filter { $0.hasPrefix("#") }.map { String($0.dropFirst().trimmingSpaces()) }
        if !closing.isEmpty {
            // Over the last field, or over the field as it starts when the script is comments only.
            var frame = Screen(captions: closing, width: width, marking: marking).render(field: session.activeView, command: "", output: [])
            frame.isResult = true
            append(frame, pacing.hold, frames.last?.step ?? 0)
        }
    }

    private mutating func append(_ frame: Frame, _ milliseconds: Int, _ step: Int) {
        var frame = frame
        frame.milliseconds = milliseconds
        frame.step = step
        width = max(width, frame.lines.map(TerminalWidth.of).max() ?? 0)
        frames.append(frame)
    }

    /// The command as the audience sees it being typed: key caps, not `<left>` markup (`type [←]`, `bs 3`).
    static func typedCommand(_ press: KeyPress, typed: String) -> String {
        switch press.spelling {
        case .type: "type " + typed
        case .bare: typed
        case .command: press.scriptLine
        }
    }
}

/// Keys as an audience reads them: digits as they are, named keys as caps (`[←]`, `[⌫]`).
public enum KeyCaps {
    public static func cap(for key: Key) -> String {
        if case .digit(let value) = key { return String(value) }
        let label = KeyTable.all.first { $0.key == key }?.kioskLabel ?? "?"
        return "[" + label + "]"
    }
}

/// The layout of one demo screen: captions, the kiosk box, the command line, its output.
struct Screen {
    /// The captions escaped and wrapped to the width once per step, not once per typed key.
    let captionLines: [String]
    let width: Int
    /// How the caret and a selection show: drawn in plain text, where no cursor shows the caret.
    let marking: FieldView.Marking
    var warning: String?

    init(captions: [String], width: Int, marking: FieldView.Marking) {
        self.width = width
        self.marking = marking
        captionLines = captions.flatMap { Self.wrapped(VisibleText.terminalSafe($0), to: width) }
    }

    /// A caption in lines of at most `width` cells, broken at spaces (a word longer than a line
    /// is cut), so a narrow terminal shows all of it.
    static func wrapped(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if TerminalWidth.of(candidate) <= width {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                line = TerminalWidth.cut(word, to: width)
            }
        }
        lines.append(line)
        return lines
    }

    func render(field: FieldView?, command: String, output: [String]) -> DemoPlan.Frame {
        var lines = captionLines
        if !lines.isEmpty { lines.append("") }
        var cursorRow = 0, cursorColumn = 0
        if let field {
            let drawing = KioskScreen.draw(field, width: min(40, width), marking: marking)
            cursorRow = lines.count + drawing.caretRow
            cursorColumn = drawing.caretColumn
            lines += drawing.lines
            lines.append("")
        }
        lines.append(cut(command))
        lines += output.map { cut(VisibleText.terminalSafe($0)) }
        if let warning { lines.append(cut(VisibleText.terminalSafe(warning))) }
        return DemoPlan.Frame(lines: lines, cursorRow: cursorRow, cursorColumn: cursorColumn, milliseconds: 0, step: 0, isResult: false)
    }

    /// A line cut to the screen's width, so nothing wraps and the cursor row stays right.
    func cut(_ line: String) -> String { TerminalWidth.cut(line, to: width) }
}

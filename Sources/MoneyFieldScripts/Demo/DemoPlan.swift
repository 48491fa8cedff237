import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// A demo worked out before it plays: every screen a class will see, in order, with how long
/// each stays up. The live player, `--cast` and the plain-text output all play this one plan,
/// so they show the same thing at the same pace, and going back is showing an earlier screen.
package struct DemoPlan: Sendable {
    package struct Pacing: Sendable {
        /// Milliseconds per typed character or key.
        package var pace: Int
        /// Milliseconds a command's result stays up before the next step starts.
        package var hold: Int

        package init(pace: Int = 60, hold: Int = 2_000) {
            self.pace = pace
            self.hold = hold
        }
    }

    /// How screens are drawn: for a terminal (the cursor shows the caret, keys as caps) or as
    /// plain text (the caret drawn as `|`, commands as the script writes them).
    package enum Style: Sendable {
        case terminal, plainText
    }

    /// One screen: its caption lines, the rest of its lines, where the terminal cursor goes
    /// (the field's caret), and how long it stays.
    package struct Frame: Sendable, Equatable {
        /// A step's captions, wrapped: one array every frame of the step shares (not a copy per
        /// typed character), so a long caption costs its lines once per step.
        package var captions: [String]
        /// The box, the command line, its output: what changes from frame to frame.
        package var body: [String]
        /// Row and column (0-based) of the cursor, counted from the screen's top.
        package var cursorRow: Int
        package var cursorColumn: Int
        package var milliseconds: Int
        /// The step this frame belongs to (0-based), and whether it shows the step's result.
        package var step: Int
        package var isResult: Bool

        package init(captions: [String] = [], body: [String], cursorRow: Int, cursorColumn: Int, milliseconds: Int, step: Int, isResult: Bool) {
            self.captions = captions
            self.body = body
            self.cursorRow = cursorRow
            self.cursorColumn = cursorColumn
            self.milliseconds = milliseconds
            self.step = step
            self.isResult = isResult
        }

        /// The row the body starts at: after the captions and a blank line, when there are captions.
        package var bodyRow: Int { captions.isEmpty ? 0 : captions.count + 1 }
        package var lineCount: Int { bodyRow + body.count }
        /// Every line of the screen, top to bottom.
        package var lines: [String] { captions.isEmpty ? body : captions + [""] + body }
    }

    package private(set) var frames: [Frame] = []
    /// Steps whose output differs from what the script expects, judged as `test` judges them
    /// (`Transcript.matches`: `\u{00A0}` escapes read), so a script `test` passes plays clean.
    package private(set) var mismatches: [ScriptRunner.Mismatch] = []
    package let stepCount: Int
    /// The step (from 0) an interruption stopped the plan before; nil when it played to the end.
    package private(set) var stoppedAt: Int?
    /// The width the screens need (the kiosk box at its narrowest, or the longest line), in
    /// display columns: a selection's reverse video takes none.
    package private(set) var width: Int = 0
    package var height: Int { frames.map(\.lineCount).max() ?? 0 }

    /// Plays `transcript` in `session` (fresh, as `test` would) and records every screen.
    /// `width` is the terminal's: the kiosk box fits it when it can, and long lines are cut.
    /// `colour` false marks a selection with `[ ]` instead of reverse video.
    /// `isInterrupted` is asked before each step: once it says yes the plan stops there (`stoppedAt`).
    package init(transcript: Transcript, session: Session, pacing: Pacing, width: Int = 80, style: Style = .terminal, colour: Bool = true,
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
            captions = step.leading.compactMap(Self.caption)
            let prompt = session.prompt
            let before = session.activeView
            var screen = Screen(captions: captions, width: width, marking: marking)
            // The line is read once; the session runs it, and a key press is shown key by key
            // from the fields the session went through, so the demo stops where the session stopped.
            let parsed = session.parse(step.command)
            let invocation = (try? parsed.get())?.invocation
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
            if !Transcript.matches(expected: step.expected, actual: result.lines) {
                mismatches.append(ScriptRunner.Mismatch(line: step.line, command: step.command, expected: step.expected, actual: output))
                screen.warning = "⚠ the script expects: " + (step.expected.first ?? "(nothing)")
            }
            var frame = screen.render(field: session.activeView, command: prompt + typedCommand, output: output)
            frame.isResult = true
            append(frame, pacing.hold, index)
            if result.quits { break }
        }
        // Captions after the last command are shown too, over the last field.
        let closing = transcript.trailing.compactMap(Self.caption)
        if !closing.isEmpty {
            // Over the last field, or over the field as it starts when the script is comments only.
            var frame = Screen(captions: closing, width: width, marking: marking).render(field: session.activeView, command: "", output: [])
            frame.isResult = true
            append(frame, pacing.hold, frames.last?.step ?? 0)
        }
    }

    /// A comment line as the class sees it; nil for a note to the script's authors (`##`), which
    /// `test` reads as a comment and a demo never shows.
    static func caption(_ line: String) -> String? {
        guard line.hasPrefix("#"), !line.hasPrefix("##") else { return nil }
        return String(line.dropFirst().trimmingSpaces())
    }

    /// The captions' widest line, measured once per set of captions, not once per frame.
    private var captionWidth: (captions: [String], width: Int)?

    private mutating func append(_ frame: Frame, _ milliseconds: Int, _ step: Int) {
        var frame = frame
        frame.milliseconds = milliseconds
        frame.step = step
        if captionWidth.map({ !Self.shared($0.captions, frame.captions) }) ?? true {
            captionWidth = (frame.captions, frame.captions.lazy.map(TerminalWidth.of).max() ?? 0)
        }
        width = max(width, captionWidth?.width ?? 0, frame.body.lazy.map { TerminalWidth.of($0.withoutEscapes) }.max() ?? 0)
        frames.append(frame)
    }

    /// Whether two caption arrays are one array shared (a pointer compare), else equal.
    package static func shared(_ one: [String], _ other: [String]) -> Bool {
        one.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
            || one == other
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
package enum KeyCaps {
    package static func cap(for key: Key) -> String {
        if case .digit(let value) = key { return String(value) }
        return "[" + KeyTable.named(for: key).kioskLabel + "]"
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
        // Broken at spaces, so a narrow terminal shows every word.
        captionLines = captions.flatMap { TerminalWidth.wrapped(VisibleText.terminalSafe($0), to: width) }
    }

    func render(field: FieldView?, command: String, output: [String]) -> DemoPlan.Frame {
        var body: [String] = []
        let top = captionLines.isEmpty ? 0 : captionLines.count + 1
        var cursorRow = 0, cursorColumn = 0
        if let field {
            let drawing = KioskScreen.draw(field, width: min(40, width), marking: marking)
            cursorRow = top + drawing.caretRow
            cursorColumn = drawing.caretColumn
            body += drawing.lines
            body.append("")
        }
        body.append(cut(command))
        body += output.map { cut(VisibleText.terminalSafe($0)) }
        if let warning { body.append(cut(VisibleText.terminalSafe(warning))) }
        return DemoPlan.Frame(captions: captionLines, body: body, cursorRow: cursorRow, cursorColumn: cursorColumn, milliseconds: 0, step: 0, isResult: false)
    }

    /// A line cut to the screen's width, so nothing wraps and the cursor row stays right.
    func cut(_ line: String) -> String { TerminalWidth.cut(line, to: width) }
}

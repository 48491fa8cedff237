import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// A demo plan as an asciicast v2 recording (what `asciinema play` and its web player read):
/// a header line, then one `[time, "o", text]` event per screen, at the plan's own pace.
package enum AsciiCast {
    /// `columns`: the terminal width the demo was planned for (`--columns`), the cast's width.
    package static func text(of plan: DemoPlan, title: String, timestamp: Int, columns: Int? = nil) -> String {
        // One row more than the tallest screen: the cursor ends on it (below), and no screen scrolls.
        let width = max(columns ?? plan.width, plan.width, 20), height = max(plan.height + 1, 5)
        var lines = ["{\"version\":2,\"width\":\(width),\"height\":\(height),\"timestamp\":\(timestamp),"
            + "\"title\":\(JSON.string(title)),\"env\":{\"TERM\":\"xterm-256color\",\"SHELL\":\"/bin/sh\"}}"]
        var elapsed = 0
        var previous: DemoPlan.Frame?
        for frame in plan.frames {
            lines.append("[\(seconds(elapsed)),\"o\",\(JSON.string(draw(frame, after: previous)))]")
            elapsed += frame.milliseconds
            previous = frame
        }
        // The cursor leaves the last screen on the spare row below every screen's lines, so a
        // shell prompt after `asciinema play` starts on a line of its own instead of over the box,
        // and the last screen, its captions too, stays whole: a line feed on the last row of a
        // terminal of the header's size would scroll its top line away.
        lines.append("[\(seconds(elapsed)),\"o\",\(JSON.string("\u{1B}[\(height);1H"))]")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The terminal output that shows a frame: home, clear, the lines, the cursor on the caret.
    package static func draw(_ frame: DemoPlan.Frame) -> String {
        "\u{1B}[H\u{1B}[2J" + frame.lines.joined(separator: "\r\n") + cursor(frame)
    }

    /// The output that turns `previous`'s screen into `frame`'s: when both show the same captions
    /// (a step's typing), only the rows below them are redrawn, so a long caption is written once
    /// per step, not once per typed character.
    static func draw(_ frame: DemoPlan.Frame, after previous: DemoPlan.Frame?) -> String {
        guard let previous, !frame.captions.isEmpty, DemoPlan.shared(previous.captions, frame.captions) else { return draw(frame) }
        // Rows count from 1; each body line clears the rest of its row, and what is below the
        // last one is cleared.
        return "\u{1B}[\(frame.bodyRow + 1);1H" + frame.body.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J" + cursor(frame)
    }

    private static func cursor(_ frame: DemoPlan.Frame) -> String { "\u{1B}[\(frame.cursorRow + 1);\(frame.cursorColumn + 1)H" }

    static func seconds(_ milliseconds: Int) -> String { (Double(milliseconds) / 1000).fixedPoint(fractionDigits: 3) }
}

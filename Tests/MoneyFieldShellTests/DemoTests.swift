import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
import MoneyFieldIO
import MoneyFieldScripts
@_spi(Tools) import MoneyFieldCheck

/// What a demo shows, screen by screen, and the asciicast it writes.
@Suite struct DemoTests {
    static let script = SampleScripts.demo

    func plan(_ text: String = script, pacing: DemoPlan.Pacing = DemoPlan.Pacing(pace: 10, hold: 500)) throws -> DemoPlan {
        DemoPlan(transcript: try Transcript(parsing: text, path: "d.session"), session: try Session(options: SessionOptions(isScript: true)), pacing: pacing)
    }

    /// A plan is as wide as its screens in display columns: the reverse video a selection is
    /// drawn with takes none (issue 47: a 40-column cast said 47).
    @Test func aSelectionsReverseVideoTakesNoWidth() throws {
        let transcript = try Transcript(parsing: "> type <selall>9\namount: $0.09|\n", path: "b.session")
        let plan = DemoPlan(transcript: transcript, session: try Session(options: SessionOptions(isScript: true)), pacing: DemoPlan.Pacing(), width: 40)
        #expect(plan.frames.contains { $0.body.contains { $0.contains("\u{1B}[7m") } }, "a frame shows the selection")
        #expect(plan.width == 40, "\(plan.width)")
    }

    @Test func keysAreTypedOneByOneWithTheFieldInView() throws {
        // The second step's frames, before the closing caption's.
        let frames = Array(try plan().frames.filter { $0.step == 1 }.prefix(4))
        let commands = frames.map { $0.lines.first { $0.hasPrefix("amount> ") } ?? "" }
        #expect(commands == ["amount> ", "amount> type [←]", "amount> type [←][Backspace]", "amount> type [←][Backspace]"])
        // The box shows each key's effect before Enter: the caret moves, then a digit goes.
        let amounts = frames.map { $0.lines.first { $0.contains("$") && $0.hasPrefix("│") } ?? "" }
        #expect(amounts.map { $0.contains("$1.00") } == [true, true, false, false])
        #expect(amounts[2].contains("$0.10"))
        #expect(frames.map(\.isResult) == [false, false, false, true])
        #expect(frames.last?.lines.contains("amount: $0.1|0") == true)
    }

    /// The demo shows the keys the session pressed: after a refused key it stops, as the
    /// session did, and its last typing frame has the result's cursor.
    @Test func aRefusedKeyEndsTheTypingWhereTheSessionStopped() throws {
        let plan = try plan("> new t --max-digits 3\nt: $0.00|\n> type 1234<left>\nrejected: at most 3 digits (--max-digits)\nt: $1.23|\n")
        let frames = plan.frames.filter { $0.step == 1 }
        let commands = frames.map { $0.lines.first { $0.hasPrefix("t> ") } ?? "" }
        #expect(commands.last == "t> type 1234", "no [←] after the refused 4: \(commands)")
        #expect(!commands.contains { $0.contains("[←]") })
        let typing = frames.filter { !$0.isResult }
        let result = try #require(frames.last)
        #expect(result.isResult)
        #expect(typing.last.map { ($0.cursorRow, $0.cursorColumn) } ?? (0, 0) == (result.cursorRow, result.cursorColumn))
        #expect(typing.allSatisfy { frame in !frame.lines.contains { $0.contains("$12.34") } })
    }

    /// A selection shows on demo screens as on the prompt: reverse video, or `[ ]` without colour.
    @Test func aSelectionIsDrawnOnTheDemoScreen() throws {
        let text = "> type 12345<sleft><sleft>\namount: $123[|.45]\n"
        let coloured = DemoPlan(transcript: try Transcript(parsing: text, path: "d"), session: try Session(), pacing: .init())
        #expect(coloured.frames.last?.lines.contains { $0.contains("$123\u{1B}[7m.45\u{1B}[27m") } == true)
        let plain = DemoPlan(transcript: try Transcript(parsing: text, path: "d"), session: try Session(), pacing: .init(), colour: false)
        #expect(plain.frames.last?.lines.contains { $0.contains("$123[.45]") } == true)
    }

    @Test func everyCaptionIsShownTheLastIncluded() throws {
        let frames = try plan().frames
        #expect(frames.first?.lines.first == "Type one dollar.")
        #expect(frames.last?.lines.first == "That was the demo.")
        #expect(frames.last?.lines.contains { $0.contains("$0.10") } == true, "over the last field")
    }

    @Test func resultsAreHeldForTheHoldTimeAndKeysAtThePace() throws {
        let frames = try plan().frames
        #expect(frames.filter(\.isResult).allSatisfy { $0.milliseconds == 500 })
        #expect(frames.filter { !$0.isResult }.allSatisfy { $0.milliseconds == 10 })
    }

    @Test func aDifferenceFromTheScriptIsFoundAndShown() throws {
        let plan = try plan("> type 12\namount: $9.99|\n")
        #expect(plan.mismatches.map(\.line) == [1])
        #expect(plan.mismatches.first?.expected == ["amount: $9.99|"])
        #expect(plan.mismatches.first?.actual == ["amount: $0.12|"])
        #expect(plan.frames.last?.lines.last == "⚠ the script expects: amount: $9.99|")
    }

    @Test func narrowScreensCutLinesInsteadOfWrapping() throws {
        let text = "# " + String(repeating: "a long caption ", count: 10) + "\n> type 1\namount: $0.01|\n"
        let plan = DemoPlan(transcript: try Transcript(parsing: text, path: "d"), session: try Session(), pacing: .init(), width: 30)
        for frame in plan.frames { #expect(frame.lines.allSatisfy { TerminalWidth.of($0) <= 30 }, "\(frame.lines)") }
    }

    /// asciicast v2: a JSON header, then events [time, "o", text] with times that never go back;
    /// the last screen shows the last display. Read with Python's json module.

    /// A caption too long for a narrow terminal is wrapped at spaces, every word kept.
    @Test func longCaptionsWrapAndKeepEveryWord() throws {
        let caption = (1...12).map { "word\($0)" }.joined(separator: " ")
        let plan = DemoPlan(transcript: try Transcript(parsing: "# \(caption)\n> type 1\namount: $0.01|\n", path: "d"),
                            session: try Session(), pacing: .init(), width: 30)
        let frame = try #require(plan.frames.last)
        let captionLines = Array(frame.lines.prefix { !$0.isEmpty })
        #expect(captionLines.count > 1 && captionLines.allSatisfy { TerminalWidth.of($0) <= 30 })
        #expect(captionLines.joined(separator: " ") == caption)
    }

    /// A step's frames share one caption array, and a cast writes a step's captions once: the
    /// frames typed under them redraw only the rows below.
    @Test func captionsAreSharedByAStepsFramesAndCastOncePerStep() throws {
        let captions = (1...200).map { "# caption line \($0)" }.joined(separator: "\n")
        let plan = DemoPlan(transcript: try Transcript(parsing: captions + "\n> type 123456\namount: $1,234.56|\n", path: "d"),
                            session: try Session(), pacing: .init())
        #expect(plan.frames.count == 8, "the empty line, six keys, the result")
        let first = try #require(plan.frames.first)
        #expect(first.captions.count == 200 && first.lines.count == first.lineCount)
        #expect(plan.frames.allSatisfy { DemoPlan.shared($0.captions, first.captions) })
        let identities = Set(plan.frames.map { $0.captions.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
        #expect(identities.count == 1, "one array, not a copy per frame")
        let cast = AsciiCast.text(of: plan, title: "d", timestamp: 0)
        #expect(cast.components(separatedBy: "caption line 137").count - 1 == 1)
        // Each typed frame still draws its command line, below the captions' rows.
        #expect(cast.contains("\\u001b[202;1H"), "the body redrawn from its row (200 captions, a blank)")
        for typed in ["1", "12", "123456"] { #expect(cast.contains("amount> type \(typed)")) }
    }
}

/// The one view of a field, as each surface draws it.
@Suite struct FieldViewTests {
    @Test func eachMarkingDrawsTheSameStateAndKnowsWhereTheCursorGoes() throws {
        let field = try MoneyField(marked: "$1[2.3|]4", FieldConfiguration())
        let view = FieldView(name: "p", field: field)
        #expect(view.drawn(.text).text == "$1[2.3|]4")
        #expect(view.drawn(.brackets) == ("$1[2.3]4", 6))
        #expect(view.drawn(.reverseVideo) == ("$1\u{1B}[7m2.3\u{1B}[27m4", 5))
        #expect(view.drawn(.none) == ("$12.34", 5))
        let backward = FieldView(name: "p", field: try MoneyField(marked: "$1[|2.3]4", FieldConfiguration()))
        #expect(backward.drawn(.brackets) == ("$1[2.3]4", 3), "the cursor after the opening bracket")
        #expect(view.line == "p: $1[2.3|]4")
    }
}

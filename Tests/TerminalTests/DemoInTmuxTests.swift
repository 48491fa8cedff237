import Foundation
import MoneyFieldTestSupport
import Testing

/// A demo on a real terminal, as a trainer drives it: --step holds each result, ← goes back,
/// q quits, and the alternate screen is given back.
@Suite(.enabled(if: Tmux.isInstalled, "tmux is not installed (apt-get install tmux); the real-terminal tests need it"),
       .timeLimit(.minutes(5)))
struct DemoInTmuxTests {
    static let script = """
        # Step one: a dollar.
        > type 100
        amount: $1.00|
        # Step two: back one digit.
        > type <left><bs>
        amount: $0.1|0
        # Step three.
        > type 5
        amount: $0.15|0
        """

    @Test func stepBackAndQuit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("d.session", Self.script)
        let tmux = try Tmux(arguments: ["demo", "--step", "--pace", "0", "--hold", "0", script.path])
        try tmux.waitFor("step 1/3")
        try tmux.waitFor("amount: $1.00|")
        try tmux.waitFor("Step one: a dollar.")
        // Held after the result until a key: at pace 0 it would be gone at once. The next key it
        // reads (p, pause) still finds it on step 1; a second p resumes the hold.
        try tmux.press("p")
        try tmux.waitFor("step 1/3 · paused")
        try tmux.press("p")
        try tmux.waitFor("step 1/3 · Enter next")
        try tmux.press("Enter")
        try tmux.waitFor("amount> type [←][Backspace]")
        try tmux.waitFor("Step two: back one digit.")
        // With --step a result waits anyway: going back pauses nothing, and the footer says so.
        try tmux.press("Left")
        let back = try tmux.waitFor("amount: $1.00|")
        #expect(back.contains("step 1/3 · Enter next · ← back · p pause · q quit") && !back.contains("paused"), "\(back)")
        try tmux.press("q")
        try tmux.waitFor("demo left at step 1 of 3 steps")
        try tmux.waitFor("[exit 0]")
        #expect(try !tmux.screen().contains("┌"), "the alternate screen is given back")
    }

    /// Timed, going back holds the earlier result: that is a pause, and `p` resumes it.
    @Test func goingBackInATimedDemoPauses() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("d.session", Self.script)
        let tmux = try Tmux(arguments: ["demo", "--pace", "0", "--hold", "60000", script.path])
        try tmux.waitFor("step 1/3 · Enter next")
        try tmux.press("Enter")
        try tmux.waitFor("step 2/3 · Enter next")
        try tmux.press("Left")
        try tmux.waitFor("step 1/3 · paused · Enter next · ← back · p resume · q quit")
        try tmux.press("q")
        try tmux.waitFor("[exit 0]")
    }

    /// The guided tour at 100×30, shrunk to 40×10 mid-demo: the screen says the size it needs
    /// (no half screen scrolled away); at that size it is laid out again for 40 columns; back at
    /// 100×30 it is redrawn whole at once, footer and all, on the same step.
    @Test func aResizeRedrawsTheDemoOrSaysTheSizeItNeeds() throws {
        let tour = BuiltProgram.packageRoot.appendingPathComponent("scripts/demos/guided-tour.session").path
        let tmux = try Tmux(arguments: ["demo", tour, "--step"])
        let footer = "step 1/10 · Enter next · ← back · p pause · q quit"
        try tmux.waitFor(footer)
        try tmux.resize(columns: 40, rows: 10)
        // The words as read: the terminal wraps them at 40 columns.
        let small = try tmux.waitFor("the demo needs ").replacing("\n", with: " ")
        #expect(small.contains("this terminal is 40×10") && !small.contains("step 1/"), "\(small)")
        let needed = try #require(small.firstMatch(of: /the demo needs (\d+)×(\d+)/))
        let (columns, rows) = (Int(needed.1)!, Int(needed.2)!)
        #expect(columns == 40, "laid out again for 40 columns: \(small)")
        try tmux.resize(columns: columns, rows: rows)
        let fitted = try tmux.waitFor("the demo at \(columns)×\(rows)") { $0.contains("┌") && $0.contains("step 1/10") }
        #expect(fitted.contains("Welcome to moneyfield.") && !fitted.contains("the demo needs"), "\(fitted)")
        #expect(fitted.contains("step 1/10 · Enter next · q quit") && !fitted.contains("…"), "a whole footer for 40 columns:\n\(fitted)")
        try tmux.resize(columns: 100, rows: 30)
        let large = try tmux.waitFor(footer)
        #expect(large.contains("Welcome to moneyfield. This is the field banking apps and ATMs use:"), "captions wrapped for 100 columns again:\n\(large)")
        try tmux.press("q")
        try tmux.waitFor("demo left at step 1 of 10 steps")
        try tmux.waitFor("[exit 0]")
    }

    @Test func theCursorSitsOnTheCaretInTheBox() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("d.session", "> type 1234<left><left>\namount: $12|.34\n")
        let tmux = try Tmux(arguments: ["demo", "--step", "--pace", "0", "--hold", "0", script.path])
        let screen = try tmux.waitFor("amount: $12|.34")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let cursor = try tmux.cursor()
        let row = String(lines[cursor.row])
        #expect(row.contains("$12.34"), "cursor on the amount row: \(row)")
        let before = String(row.prefix(cursor.column))
        #expect(before.hasSuffix("$12"), "cursor after $12: \(before)")
        try tmux.press("q")
        try tmux.waitFor("[exit 0]")
    }

    /// Paused, the footer offers what `p` does now (resume); the last screen says the demo is
    /// over, and Enter there leaves it finished.
    @Test func pausedSaysResumeAndTheEndIsMarked() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("d.session", "> type 1\namount: $0.01|\n> type 2\namount: $0.12|\n")
        let tmux = try Tmux(arguments: ["demo", "--step", "--pace", "0", "--hold", "0", script.path])
        try tmux.waitFor("step 1/2 · Enter next · ← back · p pause · q quit")
        try tmux.press("p")
        let paused = try tmux.waitFor("step 1/2 · paused · Enter next · ← back · p resume · q quit")
        #expect(!paused.contains("p pause"))
        try tmux.press("p")
        try tmux.waitFor("step 1/2 · Enter next · ← back · p pause · q quit")
        try tmux.press("Enter")
        let end = try tmux.waitFor("step 2/2 · end of demo · Enter or q leaves · ← back")
        #expect(end.contains("amount: $0.12|"))
        try tmux.press("Enter")
        try tmux.waitFor("demo finished: 2 steps from")
        try tmux.waitFor("[exit 0]")
    }
}

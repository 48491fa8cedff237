import Foundation
import MoneyFieldTestSupport
import Testing

/// Issue 36's edges at a real terminal, tried as the operator and the trainer would.
@Suite(.enabled(if: Tmux.isInstalled, "tmux is not installed (apt-get install tmux); the real-terminal tests need it"),
       .timeLimit(.minutes(5)))
struct NewUserTerminalTests {
    /// `--cmd kiosk` opens the kiosk, as `kiosk` typed at the prompt does; leaving it gives the prompt.
    @Test func cmdKioskOpensTheKiosk() throws {
        let tmux = try Tmux(arguments: ["--cmd", "kiosk"])
        try tmux.waitFor("en_US · USD │")
        try tmux.type("12")
        try tmux.waitFor("$0.12 │")
        try tmux.press("Enter")
        try tmux.waitFor("amount: $0.12|")
        try tmux.waitForLastLine("amount>")
    }

    /// Shift+Left at the prompt moves the caret as Left does, never types `2D` into the line.
    @Test func shiftArrowsMoveAtThePrompt() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("12")
        try tmux.press("S-Left")
        try tmux.type("3")
        try tmux.press("Enter")
        try tmux.waitFor("amount: $1.32|")
    }

    /// An empty field's value says so at the prompt rather than printing a blank line.
    @Test func anEmptyValueSaysSoAtThePrompt() throws {
        let tmux = try Tmux(arguments: ["--cmd", "new e --empty-when-zero"])
        try tmux.waitForLastLine("e>")
        try tmux.type("value")
        try tmux.press("Enter")
        try tmux.waitFor("(empty: the field has no value)")
    }

    /// Quitting at step 1 of 2 warns about nothing the class did not see, and a `##` note for
    /// the script's authors is never a caption.
    @Test func aDemoLeftEarlyWarnsOnlyAboutWhatWasShown() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("d.session", "# For the class.\n## For authors only.\n> type 1\namount: $0.01|\n> type 2\namount: wrong\n")
        let tmux = try Tmux(arguments: ["demo", "--step", "--pace", "0", "--hold", "0", script.path])
        let first = try tmux.waitFor("step 1/2 · Enter next")
        #expect(first.contains("For the class.") && !first.contains("For authors only."), "\(first)")
        try tmux.press("q")
        let after = try tmux.waitFor("[exit 0]")
        #expect(after.contains("demo left at step 1 of 2 steps"))
        #expect(!after.contains("warning:"), "a warning about a step the class never saw: \(after)")
    }

    /// The kiosk as a form at exactly the size it asks for: the Tab line wraps at a space, and a
    /// size refusal is said whole once the terminal is large enough again, never cut.
    @Test func aFormAtItsOwnSizeWrapsWholeWordsAndForgetsAStaleRefusal() throws {
        let tmux = try Tmux(arguments: ["--cmd", "new b", "--cmd", "kiosk"])
        try tmux.resize(columns: 20, rows: 10)
        let asked = try tmux.waitFor("kiosk needs ")
        let needed = try #require(asked.firstMatch(of: /kiosk needs (\d+)×(\d+)/))
        let (columns, rows) = (Int(needed.1)!, Int(needed.2)!)
        try tmux.type("5")
        // Resized only once the key was read at this size: else the two race.
        try tmux.waitFor("refused")
        try tmux.resize(columns: columns, rows: rows)
        let screen = try tmux.waitFor("the box") { $0.contains("└") }
        for line in screen.split(separator: "\n") where line.contains("Tab") || line.contains("field") && !line.contains("│") {
            #expect(!line.hasSuffix("-") && line.count <= columns, "cut mid-word: \(line)")
        }
        #expect(screen.contains("Tab / Shift-Tab: next /") && screen.contains("previous field"), "\(screen)")
        #expect(screen.contains("not typed (too small)") && !screen.contains("kiosk need"), "a cut or stale refusal after the resize:\n\(screen)")
        #expect(screen.contains("$0.00"), "the key refused while too small was not typed")
    }

    /// Three fields in a 40×12 terminal (issue 47): the kiosk asks for one size, and at that
    /// size it draws the form and types.
    @Test func aFormOfThreeAsksForOneSizeThatWorks() throws {
        let tmux = try Tmux(arguments: ["--cmd", "new b", "--cmd", "new c", "--cmd", "use amount"])
        try tmux.waitForLastLine("amount>")
        try tmux.resize(columns: 40, rows: 12)
        try tmux.type("kiosk")
        try tmux.press("Enter")
        // The words as read: the terminal wraps them at 40 columns.
        let asked = try tmux.waitFor("kiosk needs ").replacing("\n", with: " ")
        #expect(asked.contains("kiosk needs 40×14; this terminal is 40×12"), "\(asked)")
        try tmux.resize(columns: 40, rows: 14)
        let screen = try tmux.waitFor("the form") { $0.contains("└") && $0.contains("▸ amount") }
        #expect(!screen.contains("kiosk needs"), "still too small at the size it asked for:\n\(screen)")
        try tmux.type("5")
        try tmux.waitFor("▸ amount: $0.05")
        try tmux.press("Escape")
        try tmux.waitForLastLine("amount>")
    }

    /// `manual` on a terminal says how to read the page instead of printing roff.
    @Test func manualOnATerminalSaysHowToReadIt() throws {
        let tmux = try Tmux(arguments: ["manual"])
        let screen = try tmux.waitFor("[exit 0]")
        #expect(screen.contains("moneyfield manual | man -l -") && !screen.contains(".TH MONEYFIELD"), "\(screen)")
    }
}

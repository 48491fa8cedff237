import Foundation
import MoneyFieldTestSupport
import Testing

/// The shell on a real terminal: tmux runs the built `moneyfield`, the test types and reads the
/// screen as a person would.
@Suite(.enabled(if: Tmux.isInstalled, "tmux is not installed (apt-get install tmux); the real-terminal tests need it"),
       .timeLimit(.minutes(5)))
struct ShellInTmuxTests {
    @Test func typedDigitsShowTheFieldLine() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("123")
        try tmux.press("Enter")
        try tmux.waitFor("amount: $1.23|")
        try tmux.waitForLastLine("amount>")
        try tmux.type("new price --locale de_DE --currency EUR")
        try tmux.press("Enter")
        try tmux.waitFor("price: 0,00|\u{A0}€")
        try tmux.waitForLastLine("price>")
        try tmux.type("paste 1.234,50 €")
        try tmux.press("Enter")
        try tmux.waitFor("price: 1.234,50|\u{A0}€")
    }

    @Test func tabCompletesCommandsKeysAndCurrencies() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("inspe")
        try tmux.press("Tab")
        try tmux.waitForLastLine("amount> inspect")
        try tmux.press("Enter")
        try tmux.waitFor("minor units: 0")
        // Keys typed before the next prompt would be echoed by the terminal, not edited.
        try tmux.waitForLastLine("amount>")

        try tmux.type("type 12<le")
        try tmux.press("Tab")
        try tmux.waitForLastLine("amount> type 12<left>")
        try tmux.type("9")
        try tmux.press("Enter")
        try tmux.waitFor("amount: $1.9|2")
        try tmux.waitForLastLine("amount>")

        try tmux.type("currency eu")
        try tmux.press("Tab")
        try tmux.waitForLastLine("amount> currency EUR")
        try tmux.press("Enter")
        try tmux.waitFor("amount: €1.9|2")
        try tmux.waitForLastLine("amount>")

        // Ambiguous: listed under the line, then the prompt again with the line as it was.
        try tmux.type("re")
        try tmux.press("Tab")
        try tmux.waitFor("\nrename  redo    record\namount> re")
        try tmux.type("do")
        try tmux.press("Enter")
        try tmux.waitFor("error: nothing to redo")
    }

    @Test func upRecallsHistoryAcrossSessions() throws {
        let first = try Tmux()
        try first.waitForLastLine("amount>")
        try first.type("set 42")
        try first.press("Enter")
        try first.waitFor("amount: $42.00|")
        try first.waitForLastLine("amount>")
        try first.type("show")
        try first.press("Enter")
        try first.waitForLastLine("amount>")
        try first.press("Up")
        try first.waitForLastLine("amount> show")
        try first.press("Up")
        try first.waitForLastLine("amount> set 42")
        try first.press("Enter")
        try first.waitForLastLine("amount>")

        // A second shell on the same file starts with that history.
        let history = try String(contentsOf: first.historyFile, encoding: .utf8)
        let second = try Tmux(environment: ["MONEYFIELD_HISTORY": first.historyFile.path])
        try second.waitForLastLine("amount>")
        try second.press("Up")
        try second.waitForLastLine("amount> set 42")
        #expect(history.contains("show"))
    }

    @Test func ctrlCAbandonsTheLineAndCtrlDLeaves() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("set 99")
        try tmux.press("C-c")
        try tmux.waitForLastLine("amount>")
        try tmux.type("value")
        try tmux.press("Enter")
        try tmux.waitFor("\n0.00\n")
        try tmux.waitForLastLine("amount>")
        #expect(try !tmux.screen().contains("99.00"))

        try tmux.press("C-d")
        try tmux.waitFor("[exit 0]")
        let history = try String(contentsOf: tmux.historyFile, encoding: .utf8)
        #expect(history.contains("value"))
        #expect(!history.contains("set 99"))
    }

    @Test func historyGoesToTheXDGStateFolderWithoutMoneyfieldHistory() throws {
        let tmux = try Tmux(historyVariable: false)
        try tmux.waitForLastLine("amount>")
        try tmux.type("quit")
        try tmux.press("Enter")
        try tmux.waitFor("[exit 0]")
        let file = tmux.folder.appendingPathComponent("state/moneyfield/history")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("quit"))
    }

    @Test func historyGoesUnderHomeWithoutEitherVariable() throws {
        let tmux = try Tmux(environment: ["XDG_STATE_HOME": ""], historyVariable: false)
        try tmux.waitForLastLine("amount>")
        try tmux.type("quit")
        try tmux.press("Enter")
        try tmux.waitFor("[exit 0]")
        let file = tmux.folder.appendingPathComponent(".local/state/moneyfield/history")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("quit"))
    }

    @Test func kioskDrawsTheBoxAndMovesTheCaretWithTheArrowKeys() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("┌")
        try tmux.type("12345")
        let box = try tmux.waitFor("$123.45 │")
        #expect(box.contains("│ amount"))
        #expect(box.contains("en_US · USD │"))
        #expect(box.contains("└"))

        // The real cursor sits at the caret: after the last digit, then two slots left.
        let line = try #require(box.split(separator: "\n").first { $0.contains("$123.45") })
        let end = try tmux.cursor()
        #expect(end.column == line.distance(from: line.startIndex, to: line.range(of: "$123.45")!.upperBound))
        try tmux.press("Left", "Left")
        try tmux.waitFor("caret two slots left") { _ in (try? tmux.cursor().column) == end.column - 3 }
        try tmux.type("9")
        try tmux.waitFor("$1,239.45 │")
        try tmux.press("Home")
        try tmux.type("7")
        try tmux.waitFor("$71,239.45 │")

        // A refused key rings and says why under the box.
        try tmux.type("-")
        try tmux.waitFor("rejected: ")

        try tmux.press("Escape")
        try tmux.waitFor("amount: $7|1,239.45")
        try tmux.waitForLastLine("amount>")
        // Kiosk keys went through the session: undo takes the last one back.
        try tmux.type("undo")
        try tmux.press("Enter")
        try tmux.waitFor("amount: $|1,239.45")
    }

    @Test func kioskLeavesOnEnterAndTheFieldKeepsItsAmount() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("new cash --locale de_DE --currency EUR")
        try tmux.press("Enter")
        try tmux.waitForLastLine("cash>")
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("de_DE · EUR │")
        try tmux.type("2059")
        try tmux.press("BSpace")
        try tmux.waitFor("2,05\u{A0}€ │")
        try tmux.press("Enter")
        try tmux.waitFor("cash: 2,05|\u{A0}€")
        try tmux.waitForLastLine("cash>")
        try tmux.type("value")
        try tmux.press("Enter")
        try tmux.waitFor("\n2.05\n")
    }
}

/// The kiosk as a form: every field listed, Tab moves on (recorded as `use`), Shift-arrows select.
@Suite(.enabled(if: Tmux.isInstalled, "tmux is not installed (apt-get install tmux); the real-terminal tests need it"),
       .timeLimit(.minutes(5)))
struct KioskFormInTmuxTests {
    @Test func tabMovesBetweenFieldsAndShiftArrowsSelect() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("record \(tmux.folder.appendingPathComponent("form.session").path)")
        try tmux.press("Enter")
        try tmux.waitFor("recording to ")
        try tmux.waitForLastLine("amount>")
        try tmux.type("new price --locale de_DE --currency EUR")
        try tmux.press("Enter")
        try tmux.waitForLastLine("price>")
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("▸ price: 0,00")
        try tmux.press("Tab")
        try tmux.waitFor("▸ amount: $0.00")
        try tmux.type("1234")
        try tmux.waitFor("▸ amount: $12.34")
        // The cursor is on the box's amount row, after "$12.34".
        let screen = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let cursor = try tmux.cursor()
        #expect(String(screen[cursor.row]).contains("$12.34"))
        try tmux.press("S-Left")
        try tmux.press("S-Left")
        try tmux.type("9")
        try tmux.waitFor("▸ amount: $1.29")
        try tmux.press("BTab")
        try tmux.waitFor("▸ price: 0,00")
        try tmux.press("Escape")
        try tmux.waitForLastLine("price>")
        try tmux.type("record off")
        try tmux.press("Enter")
        try tmux.waitFor("recording stopped")
        let recorded = try String(contentsOf: tmux.folder.appendingPathComponent("form.session"), encoding: .utf8)
        #expect(recorded.contains("> use amount\n") && recorded.contains("> use price\n"), "\(recorded)")
    }

    /// Tab leaves a natural field as a browser's blur does: `<enter>` is pressed (recorded), the
    /// fraction pads, and the next key brings focus back (`--on-focus trim` drops the zeros).
    /// A one-field kiosk says so in its hint and leaves the field without moving.
    @Test func tabLeavesANaturalFieldAsEnterDoes() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        let recording = tmux.folder.appendingPathComponent("leave.session").path
        try tmux.type("record \(recording)")
        try tmux.press("Enter")
        try tmux.waitForLastLine("amount>")
        try tmux.type("new tip --mode natural --on-focus trim")
        try tmux.press("Enter")
        try tmux.waitForLastLine("tip>")
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("▸ tip: $0")
        try tmux.type("10")
        try tmux.waitFor("▸ tip: $10")
        try tmux.press("Tab")
        try tmux.waitFor("▸ amount: $0.00")
        #expect(try tmux.screen().contains("  tip: $10.00"))
        try tmux.press("BTab")
        try tmux.waitFor("▸ tip: $10.00")
        try tmux.type("5")
        try tmux.waitFor("▸ tip: $105")
        try tmux.press("Escape")
        try tmux.waitForLastLine("tip>")
        // One field: Tab leaves it where it is, and the hint says Tab does.
        try tmux.type("drop amount")
        try tmux.press("Enter")
        try tmux.waitForLastLine("tip>")
        try tmux.type("kiosk")
        try tmux.press("Enter")
        let screen = try tmux.waitFor("Tab: leave the field (<enter>)")
        #expect(screen.contains("$105"), "\(screen)")
        try tmux.type("0.5")
        try tmux.press("Tab")
        try tmux.waitFor("left the field, as <enter>")
        try tmux.waitFor("$1,050.50")
        try tmux.press("Escape")
        try tmux.waitForLastLine("tip>")
        try tmux.type("record off")
        try tmux.press("Enter")
        try tmux.waitFor("recording stopped")
        let recorded = try String(contentsOfFile: recording, encoding: .utf8)
        let lines = recorded.split(separator: "\n").map(String.init).filter { $0.hasPrefix("> ") }
        #expect(lines.filter { $0 == "> type <enter>" }.count == 2, "\(recorded)")
        #expect(recorded.contains("> type <enter>\n") && recorded.contains("> use amount\n"), "\(recorded)")
    }

    /// `kiosk` in the middle of a line opens there: the commands after it run once it is left.
    @Test func aKioskInTheMiddleOfALineOpensBeforeTheRest() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("type 5; kiosk; value")
        try tmux.press("Enter")
        try tmux.waitFor("$0.05 │")
        #expect(try !tmux.screen().contains("0.05\n"), "value ran before the kiosk was left")
        try tmux.type("1")
        try tmux.waitFor("$0.51 │")
        try tmux.press("Escape")
        try tmux.waitFor("\n0.51")
        try tmux.waitForLastLine("amount>")
    }

    @Test func theDecimalKeyTypesThePointInANaturalField() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.type("new tip --mode natural --locale de_DE --currency EUR")
        try tmux.press("Enter")
        try tmux.waitForLastLine("tip>")
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("▸ tip: 0")
        try tmux.type("12,")
        try tmux.waitFor("▸ tip: 12,\u{A0}€")
        try tmux.type("5")
        try tmux.waitFor("▸ tip: 12,5\u{A0}€")
        // `.` is the decimal key too: with the point standing, it moves the caret just after it.
        try tmux.press("Home")
        try tmux.type(".9")
        try tmux.waitFor("▸ tip: 12,95\u{A0}€")
        try tmux.press("Escape")
        try tmux.waitForLastLine("tip>")
        try tmux.type("value")
        try tmux.press("Enter")
        try tmux.waitFor("12.95")
    }

    @Test func aTooSmallTerminalIsToldWhatTheKioskNeeds() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.resize(columns: 20, rows: 10)
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("kiosk needs 26×11")
        // A key pressed meanwhile is refused, not typed unseen; the resize waits until it was read.
        try tmux.type("5")
        try tmux.waitFor("refused")
        try tmux.resize(columns: 60, rows: 20)
        try tmux.waitFor("│ amount")
        let refused = try tmux.waitFor("not typed (too small)")
        #expect(refused.contains("$0.00") && !refused.contains("$0.05"))
        try tmux.type("7")
        try tmux.waitFor("$0.07")
        try tmux.press("Escape")
        try tmux.waitFor("amount: $0.07|")
        try tmux.waitForLastLine("amount>")
    }

    /// At a terminal of 60 columns `help new` is broken at spaces, continued under an indent:
    /// no line is wider than the terminal and no word is split by the terminal's own wrapping.
    @Test func helpWrapsAtWordsToTheTerminalsWidth() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.resize(columns: 60, rows: 70)
        try tmux.type("help new")
        try tmux.press("Enter")
        let screen = try tmux.waitFor("  takes the last digit")
        #expect(screen.contains("--display: CAD in en_US: symbol CA$12.50, narrow $12.50,\n  code CAD 12.50, name 12.50 Canadian dollars"), "\(screen)")
        #expect(screen.contains("usage: new NAME [--locale L] [--currency C] [--mode\n  atm|whole|natural]"), "\(screen)")
        // Every word of the help is on screen whole.
        for word in ["--allow-negative]", "fraction", "(ja_JP:", "[--emptiable"] { #expect(screen.contains(word)) }
    }

    /// At 60 columns a refusal's reason is wrapped at spaces, every word on screen.
    @Test func aLongRefusalWrapsInTheKiosk() throws {
        let tmux = try Tmux()
        try tmux.waitForLastLine("amount>")
        try tmux.resize(columns: 60, rows: 20)
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("│ amount")
        try tmux.type("-")
        let screen = try tmux.waitFor("--allow-negative)")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex { $0.hasPrefix("rejected: this field takes no negative amounts") })
        #expect(lines[start] + " " + lines[start + 1] == "rejected: this field takes no negative amounts (create it with --allow-negative)")
        #expect(!screen.contains("…\n  Enter"), "the reason is not cut")
        try tmux.press("Escape")
        try tmux.waitForLastLine("amount>")
    }

    /// The kiosk draws what the prompt draws: Shift-Left twice in $123.45 marks the selection
    /// (`[ ]` without colour); with more fields than rows the list scrolls, the box and the
    /// cursor stay on the amount, and the hint says how to leave first.
    @Test func theSelectionIsDrawnAndTheCursorStaysOnTheAmountWithManyFields() throws {
        // The fields come from --init, so the test spends its time on the kiosk, not on typing.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let setup = try folder.file("fields.txt", (1...25).map { "new f\($0)\n" }.joined() + "use f12\n12345\n")
        let tmux = try Tmux(arguments: ["--init", setup.path])
        try tmux.waitForLastLine("f12>")
        try tmux.resize(columns: 60, rows: 24)
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("▸ f12: $123.45")
        try tmux.press("S-Left")
        try tmux.press("S-Left")
        let screen = try tmux.waitFor("$123[.45] │")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let cursor = try tmux.cursor()
        let amountLine = try #require(lines.firstIndex { $0.contains("$123[.45]") })
        #expect(cursor.row == amountLine)
        #expect(cursor.column == lines[amountLine].distance(from: lines[amountLine].startIndex, to: lines[amountLine].range(of: "[")!.upperBound))
        #expect(lines.contains { $0.hasPrefix("  Enter or Esc: done") }, "\(screen)")
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "…" }, "the list is scrolled: \(screen)")
        // Moving on through the form keeps the box and the cursor in place.
        try tmux.press("Tab", "Tab", "Tab", "Tab", "Tab")
        try tmux.waitFor("▸ f17: $0.00")
        #expect(try tmux.cursor().row == amountLine)
        // The next digit replaces the selection, as the prompt would show.
        try tmux.press("BTab", "BTab", "BTab", "BTab", "BTab")
        try tmux.waitFor("$123[.45] │")
        try tmux.type("9")
        try tmux.waitFor("▸ f12: $12.39")
        try tmux.press("Escape")
        try tmux.waitFor("f12: $12.39|")
    }
}

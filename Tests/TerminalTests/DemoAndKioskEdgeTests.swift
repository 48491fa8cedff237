import Foundation
import MoneyFieldTestSupport
import Testing

/// Issue 53's edges of the demo and the kiosk at a real terminal, tried as the trainer and the
/// operator would: a footer and a hint of whole items, a terminal too small at the start, SIGTERM
/// in the kiosk and in a demo, and a cast's last screen played at its own size.
@Suite(.enabled(if: Tmux.isInstalled, "tmux is not installed (apt-get install tmux); the real-terminal tests need it"),
       .timeLimit(.minutes(5)))
struct DemoAndKioskEdgeTests {
    static let tour = BuiltProgram.packageRoot.appendingPathComponent("scripts/demos/guided-tour.session").path

    static let footerItems: Set<String> = ["Enter next", "→ next", "← back", "p pause", "q quit", "paused", "p resume", "end of demo",
                                           "Enter or q leaves", "q leaves"]

    /// The footer line of a demo screen (`step N/M · …`), if one shows.
    static func footer(_ screen: String) -> String? {
        screen.split(separator: "\n").map(String.init).last { $0.hasPrefix("step ") && $0.contains("/") }
    }

    /// #1: the guided tour at 30×24, its own minimum, played timed: every footer it shows on the
    /// way is whole items (no `q q…`), the last one says how to leave.
    @Test func theTourAt30By24ShowsWholeFooters() throws {
        let tmux = try Tmux(arguments: ["demo", Self.tour, "--hold", "800"], columns: 30, rows: 24)
        var seen: Set<String> = []
        let last = try tmux.waitFor("the last screen") { screen in
            if let footer = Self.footer(screen) { seen.insert(footer) }
            // The last screen's footer says how to leave (`leaves`, or cut, `leav…`).
            return Self.footer(screen)?.contains("leav") == true
        }
        #expect(Self.footer(last) == "step 10/10 · q leaves", "\(last)")
        #expect(seen.count >= 3, "the footers seen on the way: \(seen)")
        for footer in seen {
            let items = footer.components(separatedBy: " · ")
            #expect(items.dropFirst().allSatisfy(Self.footerItems.contains) && items.count >= 2, "a footer with an item cut: \(footer)")
        }
        try tmux.press("q")
        try tmux.waitFor("[exit 0]")
    }

    /// #12: a demo started in a terminal too small says the size it needs and waits, as after a
    /// resize (and as the kiosk does); at that size it plays.
    @Test func aDemoStartedTooSmallWaitsForTheSizeItNeeds() throws {
        let tmux = try Tmux(arguments: ["demo", Self.tour, "--step"], columns: 40, rows: 10)
        let small = try tmux.waitFor("the demo needs ").replacing("\n", with: " ")
        #expect(small.contains("this terminal is 40×10") && small.contains("waits"), "\(small)")
        let needed = try #require(small.firstMatch(of: /the demo needs (\d+)×(\d+)/))
        try tmux.resize(columns: Int(needed.1)!, rows: Int(needed.2)!)
        let fitted = try tmux.waitFor("step 1/10")
        #expect(fitted.contains("Welcome to moneyfield.") && !fitted.contains("the demo needs"), "\(fitted)")
        try tmux.press("q")
        let after = try tmux.waitFor("[exit 0]")
        #expect(after.contains("demo left at step 1 of 10 steps"), "\(after)")
    }

    /// #2: SIGTERM to a demo on a terminal ends it as Ctrl-C does: the terminal given back, the
    /// step said, 143.
    @Test func sigtermInADemoSaysWhereItStopped() throws {
        let tmux = try Tmux(arguments: ["demo", Self.tour, "--step"])
        // The first result, held until a key (a key while it is typed out would go a frame on).
        try tmux.waitFor("amount: $0.01|")
        try tmux.press("Enter")
        try tmux.waitFor("step 2/10 · Enter next")
        kill(try tmux.programID(), SIGTERM)
        let after = try tmux.waitFor("[exit 143]")
        #expect(after.contains("demo interrupted at step 2 of 10 steps from "), "\(after)")
        #expect(!after.contains("┌"), "the alternate screen is given back:\n\(after)")
    }

    /// #2: SIGTERM in the kiosk while recording: the terminal given back, and the shell says where
    /// the recording is, as it does at the prompt; the recording holds the kiosk's keys.
    @Test func sigtermInTheKioskSaysWhereTheRecordingIs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let recording = folder.url.appendingPathComponent("r.session")
        let tmux = try Tmux(arguments: ["--record", recording.path])
        try tmux.waitForLastLine("amount>")
        try tmux.type("type 1")
        try tmux.press("Enter")
        try tmux.waitFor("amount: $0.01|")
        try tmux.type("kiosk")
        try tmux.press("Enter")
        try tmux.waitFor("en_US · USD │")
        try tmux.type("23")
        try tmux.waitFor("$1.23 │")
        kill(try tmux.programID(), SIGTERM)
        // Joined as read: the terminal wraps the long line at 100 columns.
        let after = try tmux.waitFor("[exit 143]").replacing("\n", with: "")
        #expect(after.contains("interrupted in the kiosk with amount: $1.23|; the recording \(recording.path) holds every command and key up to there, whole"),
                "\(after)")
        #expect(!after.contains("Enter or Esc: done"), "the kiosk screen is given back:\n\(after)")
        let text = try String(contentsOf: recording, encoding: .utf8)
        #expect(text.contains("> type 1\n") && text.contains("amount: $1.23|"), "\(text)")
    }

    static let hintItems: Set<String> = ["Enter or Esc: done", "digits type", "Backspace bs", "Delete del", "← left", "→ right",
                                         "Home home", "End end", "- neg", "c clear", "+ plus", ". or , dec", "Shift+← sleft", "Shift+→ sright",
                                         "Shift+Home shome", "Shift+End send", "Ctrl-A selall", "…"]

    /// #13: the kiosk's hint by whole items at three sizes: every key where the rows allow (at
    /// 100×30 Shift+End and Ctrl-A too), and never an item cut.
    @Test(arguments: [(100, 30, true), (60, 24, true), (44, 12, false)])
    func theKioskHintIsWholeItems(columns: Int, rows: Int, showsEveryKey: Bool) throws {
        let tmux = try Tmux(arguments: ["--cmd", "kiosk"], columns: columns, rows: rows)
        let screen = try tmux.waitFor("Enter or Esc: done")
        let hintLines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.drop { !$0.hasPrefix("Enter or Esc: done") }
        let items = hintLines.flatMap { $0.components(separatedBy: " · ") }
        #expect(items.allSatisfy(Self.hintItems.contains), "an item cut at \(columns)×\(rows):\n\(screen)")
        if showsEveryKey {
            #expect(Set(items) == Self.hintItems.subtracting(["…"]), "at \(columns)×\(rows) every key shows:\n\(screen)")
        } else {
            #expect(items.last == "…", "at \(columns)×\(rows) the keys left out are said:\n\(screen)")
        }
        try tmux.press("Escape")
        try tmux.waitForLastLine("amount>")
    }

    /// #3: the cast played at its header's size keeps its last screen whole: the closing caption
    /// is on it (a line feed on the last row used to scroll it away), at 80 and at 40 columns.
    @Test(arguments: [80, 40])
    func aCastsLastScreenKeepsItsCaption(columns: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cast = folder.url.appendingPathComponent("tour.cast")
        let made = try BuiltProgram.run(["demo", Self.tour, "--cast", cast.path, "--columns", String(columns)])
        #expect(made.status == 0, "\(made.stderr)")
        let lines = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n")
        let header = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let (width, height) = (try #require(header["width"] as? Int), try #require(header["height"] as? Int))
        var stream = ""
        for line in lines.dropFirst() {
            let event = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            if event[1] as? String == "o" { stream += try #require(event[2] as? String) }
        }
        let output = try folder.file("output", stream)
        let tmux = try Tmux(showing: output, columns: width, rows: height)
        // The last event leaves the cursor at the start of the last row, once everything is drawn.
        try tmux.waitFor("the whole cast drawn") { screen in
            screen.contains("-$12.50") && (try? tmux.cursor()).map { $0.column == 0 && $0.row == height - 1 } == true
        }
        let shown = try tmux.rows()
        #expect(shown.count == height)
        let words = shown.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("That's the tour. Try `help` in the shell."), "the last caption at \(width)×\(height):\n\(shown.joined(separator: "\n"))")
        #expect(shown.last == "", "the cursor's row is the spare one below the screen")
    }
}

import Testing
import MoneyFieldIO
@testable import moneyfield

/// The footer under a demo's screen at every width: the keys that matter now, never a word cut
/// while a whole item can be left out.
@Suite struct DemoFooterTests {
    @Test func aNarrowFooterLeavesOutWholeItems() {
        #expect(DemoPlayer.footer(step: 0, of: 10, paused: false, isLast: false) == "step 1/10 · Enter next · ← back · p pause · q quit")
        #expect(DemoPlayer.footer(step: 0, of: 10, paused: false, isLast: false, width: 39) == "step 1/10 · Enter next · q quit")
        #expect(DemoPlayer.footer(step: 0, of: 10, paused: true, isLast: false, width: 39) == "step 1/10 · paused · p resume · q quit")
        #expect(DemoPlayer.footer(step: 9, of: 10, paused: false, isLast: true, width: 39) == "step 10/10 · Enter or q leaves")
        // Issue 53 #1: at 30 columns (29 cells), the guided tour's own minimum.
        #expect(DemoPlayer.footer(step: 3, of: 10, paused: false, isLast: false, width: 29) == "step 4/10 · → next · q quit")
        #expect(DemoPlayer.footer(step: 9, of: 10, paused: false, isLast: true, width: 29) == "step 10/10 · q leaves")
        #expect(DemoPlayer.footer(step: 3, of: 10, paused: true, isLast: false, width: 29) == "step 4/10 · p resume · q quit")
        let wholeItems: Set<String> = ["Enter next", "→ next", "← back", "p pause", "q quit", "paused", "p resume", "end of demo",
                                       "Enter or q leaves", "q leaves"]
        for width in 1...120 {
            for (paused, isLast) in [(false, false), (true, false), (false, true)] {
                for (step, count) in [(3, 10), (9, 10), (99, 100), (0, 1)] {
                    let footer = DemoPlayer.footer(step: step, of: count, paused: paused, isLast: isLast, width: width)
                    let label = "\(width) cells, step \(step + 1)/\(count)\(paused ? " paused" : "")\(isLast ? " last" : ""): \(footer)"
                    #expect(TerminalWidth.of(footer) <= width, "\(label)")
                    // Wherever a demo is drawn (30 columns and up, one cell spare), every item whole.
                    guard width >= DemoPlayer.narrowest - 1 else { continue }
                    let items = footer.components(separatedBy: " · ")
                    #expect(items.first == "step \(step + 1)/\(count)", "\(label)")
                    #expect(items.dropFirst().allSatisfy(wholeItems.contains), "an item cut: \(label)")
                    #expect(items.count >= 2, "no key offered: \(label)")
                }
            }
        }
    }
}

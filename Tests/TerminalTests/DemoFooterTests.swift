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
        for width in 1...120 {
            for (paused, isLast) in [(false, false), (true, false), (false, true)] {
                let footer = DemoPlayer.footer(step: 9, of: 10, paused: paused, isLast: isLast, width: width)
                #expect(TerminalWidth.of(footer) <= width, "\(width): \(footer)")
                if width >= 40 { #expect(!footer.hasSuffix("…"), "cut at \(width): \(footer)") }
            }
        }
    }
}

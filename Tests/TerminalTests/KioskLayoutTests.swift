import MoneyFieldEngine
import MoneyFieldShell
import MoneyFieldIO
import Testing
@testable import moneyfield

/// The size the kiosk asks for when the terminal is too small: the layout drawn at that very
/// size fits, so one resize is enough.
@Suite struct KioskLayoutTests {
    @Test(arguments: [(false, false), (false, true), (true, false)])
    func theSizeAskedForFitsTheFirstTime(isForm: Bool, leavingCanShow: Bool) throws {
        let view = FieldView(name: "amount", field: try MoneyField(marked: "$1[2.3|]4", FieldConfiguration()))
        for columns in 1...90 {
            for rows in 1...30 {
                let size = TerminalSize(columns: columns, rows: rows)
                let layout = KioskMode.Layout(view: view, size: size, isForm: isForm, leavingCanShow: leavingCanShow, marking: .brackets)
                guard !layout.fits else { continue }
                let asked = TerminalSize(columns: layout.needed.columns, rows: layout.needed.rows)
                let there = KioskMode.Layout(view: view, size: asked, isForm: isForm, leavingCanShow: leavingCanShow, marking: .brackets)
                #expect(there.fits, "at \(columns)×\(rows) the kiosk asks for \(asked.columns)×\(asked.rows), where it does not fit")
                // Never narrower than the terminal: a width that holds the box is kept.
                #expect(asked.columns >= columns, "at \(columns)×\(rows) it asks for \(asked.columns) columns")
            }
        }
    }

    /// Issue 47's form of three fields at 40×12: more rows at this width, not another width.
    @Test func aFormOfThreeAt40By12AsksFor40Columns() throws {
        let view = FieldView(name: "amount", field: try MoneyField(marked: "$0.00|", FieldConfiguration()))
        let layout = KioskMode.Layout(view: view, size: TerminalSize(columns: 40, rows: 12), isForm: true, marking: .brackets)
        #expect(!layout.fits)
        #expect(layout.needed.columns == 40 && layout.needed.rows > 12, "\(layout.needed)")
    }

    /// Issue 53 #13: the hint by whole items at every width and number of lines: never an item
    /// cut, what is left out said by a last `…`, and every key once the lines allow.
    @Test func theHintIsWholeItems() throws {
        for tabLeaves in [false, true] {
            let items = Set(KioskMode.hintItems + ["Tab: leave the field (<enter>)", "…"])
            for width in 30...200 {
                for lines in 1...8 {
                    let hint = KioskMode.hint(width: width, lines: lines, tabLeaves: tabLeaves)
                    let label = "\(width) cells, \(lines) lines\(tabLeaves ? ", Tab" : ""): \(hint)"
                    #expect(hint.count <= lines && hint.allSatisfy { TerminalWidth.of($0) <= width }, "\(label)")
                    let shown = hint.flatMap { $0.components(separatedBy: " · ") }
                    #expect(shown.allSatisfy(items.contains), "an item cut: \(label)")
                    #expect(shown.first == "Enter or Esc: done", "\(label)")
                    // Everything, or what is left out said (unless the last line is one item that fills it).
                    let lastFills = hint.last.map { !$0.contains(" · ") && TerminalWidth.of($0 + " · …") > width } ?? false
                    #expect(shown.last == "…" || shown.count == KioskMode.hintItems.count + (tabLeaves ? 1 : 0) || lastFills, "\(label)")
                }
            }
        }
        // At 100 columns (98 cells) three lines hold every key.
        let wide = KioskMode.hint(width: 98, lines: 3)
        #expect(wide.joined().contains("Shift+End send") && wide.joined().contains("Ctrl-A selall") && !wide.joined().contains("…"), "\(wide)")
        // Where the terminal has the rows, the kiosk gives them to the hint.
        let view = FieldView(name: "amount", field: MoneyField(try FieldConfiguration()))
        let roomy = KioskMode.Layout(view: view, size: TerminalSize(columns: 100, rows: 30), isForm: false, marking: .brackets)
        #expect(roomy.hint == wide, "\(roomy.hint)")
        let tight = KioskMode.Layout(view: view, size: TerminalSize(columns: 100, rows: 12), isForm: false, marking: .brackets)
        #expect(tight.fits && tight.hint.count == 2 && tight.hint.last?.hasSuffix(" · …") == true, "\(tight.hint)")
    }
}

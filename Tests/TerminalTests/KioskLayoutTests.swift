import MoneyFieldEngine
import MoneyFieldShell
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
}

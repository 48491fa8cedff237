@_spi(Tools) import MoneyFieldShell
import Testing

/// `--grouping off` at the shell, and views that never trap on an offset (issue 47 #15, #16).
@Suite struct GroupingShellTests {
    /// What a scratch build died on ("String index out of bounds" in `FieldView.marked`) and drew
    /// wrong (`0|` for `$0.00`), typed as its user typed it.
    @Test func naturalEntryAndAccountingWithoutGroupingDrawTheirCaret() throws {
        let session = try Session()
        #expect(session.handle("new n --mode natural --grouping off").lines.map(\.text) == ["n: $0|"])
        #expect(session.handle("type 1234<dec>").lines.map(\.text) == ["n: $1234.|"])
        #expect(session.handle("new a --accounting --grouping off --allow-negative").lines.map(\.text) == ["a: $0.00|"])
        #expect(session.handle("type 123456<neg>").lines.map(\.text) == ["a: ($1234.56|)"])
        #expect(session.handle("inspect").lines.map(\.text).contains("  --grouping: off"))
    }

    @Test func aViewDrawsAnOffsetOutsideItsDisplayAtTheNearerEnd() {
        #expect(FieldView.marked("$1", caretOffset: 9, selection: nil) == "$1|")
        #expect(FieldView.marked("$1", caretOffset: -3, selection: nil) == "|$1")
        #expect(FieldView.marked("$1", caretOffset: 1, selection: 1..<7) == "$[|1]")
        #expect(FieldView(display: "$1", caretOffset: 5).drawn(.reverseVideo).caretColumn == 2)
    }
}

import MoneyFieldEngine
@testable import MoneyFieldShell
import MoneyFieldTestSupport
import Testing

/// Undo and redo of whole field snapshots.
@Suite("undo history")
struct UndoHistoryTests {
    @Test("undo walks back through recorded snapshots and redo walks forward")
    func undoRedo() throws {
        var history = UndoHistory<MoneyField>()
        var field = try makeField()
        for digit in "123" {
            history.record(field)
            typeAccepted(String(digit), into: &field)
        }
        expectMarked(field, "$1.23|")
        field = try history.undo(from: field)
        expectMarked(field, "$0.12|")
        field = try history.undo(from: field)
        expectMarked(field, "$0.01|")
        field = try history.redo(from: field)
        expectMarked(field, "$0.12|")
        field = try history.redo(from: field)
        expectMarked(field, "$1.23|")
        #expect(!history.canRedo)
        #expect(throws: UndoError.nothingToRedo) { try history.redo(from: field) }
    }

    @Test("undo restores the caret and the configuration too")
    func undoRestoresEverything() throws {
        var history = UndoHistory<MoneyField>()
        var field = try makeField(typing: "1245<left><left>")
        history.record(field)
        try field.changeLocale(to: "de_DE")
        history.record(field)
        try field.changeCurrency(to: "EUR")
        expectMarked(field, "12|,45\u{00A0}€")
        field = try history.undo(from: field)
        expectMarked(field, "12|,45\u{00A0}$")
        field = try history.undo(from: field)
        expectMarked(field, "$12|.45")
        #expect(field.configuration.locale == "en_US")
    }

    @Test("a new change forgets what could be redone")
    func recordClearsRedo() throws {
        var history = UndoHistory<Int>()
        history.record(1)
        let back = try history.undo(from: 2)
        #expect(back == 1)
        #expect(history.canRedo)
        history.record(1)
        #expect(!history.canRedo)
        #expect(throws: UndoError.nothingToRedo) { try history.redo(from: 3) }
    }

    @Test("an empty history has nothing to undo or redo")
    func emptyHistory() {
        var history = UndoHistory<Int>()
        #expect(!history.canUndo && !history.canRedo)
        #expect(throws: UndoError.nothingToUndo) { try history.undo(from: 0) }
        #expect(throws: UndoError.nothingToRedo) { try history.redo(from: 0) }
    }

    @Test("the oldest snapshots are dropped beyond the limit")
    func limit() throws {
        var history = UndoHistory<Int>(limit: 3)
        for snapshot in 1...5 { history.record(snapshot) }
        #expect(try history.undo(from: 6) == 5)
        #expect(try history.undo(from: 5) == 4)
        #expect(try history.undo(from: 4) == 3)
        #expect(!history.canUndo)
        #expect(try history.redo(from: 3) == 4)
    }

    @Test("a limit of zero or below keeps nothing and does not trap", arguments: [0, -1])
    func degenerateLimit(limit: Int) {
        var history = UndoHistory<Int>(limit: limit)
        history.record(1)
        history.record(2)
        #expect(!history.canUndo)
    }
}

import Foundation
@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing

/// An adapter may report its selection (`"selection":[start,end]` or null); check then compares
/// it as the caret's other end.
@Suite struct SelectionTests {
    func reply(_ text: String) -> Result<Adapter.Reply, Adapter.Problem> {
        Adapter.reply(Array(text.utf8)[...], answering: .key(.digit(1)))
    }

    func answer(_ text: String) throws -> FieldAnswer {
        guard case .success(.answer(let answer)) = reply(text) else { throw CommandError("not an answer: \(text) → \(reply(text))") }
        return answer
    }

    @Test func aReportedSelectionIsReadAndCheckedLikeTheCaret() throws {
        let selecting = try answer(#"{"display":"$0","caret":0,"selection":[0,1]}"#)
        #expect(selecting.reportsSelection && selecting.selection == 0..<1)
        #expect(selecting.shown == "[|$]0")
        let none = try answer(#"{"display":"$0","caret":1,"selection":null}"#)
        #expect(none.reportsSelection && none.selection == nil)
        let empty = try answer(#"{"display":"$0","caret":1,"selection":[1,1]}"#)
        #expect(empty.reportsSelection && empty.selection == nil, "an empty range is no selection")
        let silent = try answer(#"{"display":"$0","caret":1}"#)
        #expect(!silent.reportsSelection)
        for outside in ["[2,1]", "[0,3]", "[0]", "[-1,1]", "[0,1,2]"] {
            guard case .failure(.selectionOutside) = reply(#"{"display":"$0","caret":1,"selection":"# + outside + "}") else {
                Issue.record("\(outside) taken")
                continue
            }
        }
        for mistyped in ["\"0,1\"", "[0.5,1]", "true", "{}"] {
            guard case .failure(.notAReply(_, let why)) = reply(#"{"display":"$0","caret":1,"selection":"# + mistyped + "}") else {
                Issue.record("\(mistyped) taken")
                continue
            }
            #expect(why == "has a \"selection\" that is not [start, end] or null")
        }
    }

    @Test func aSelectionOfTheSymbolAloneDiffersFromNone() throws {
        var ours = FieldAnswer(display: "$0", caret: 1)
        ours.reportSelection(nil)
        let theirs = try answer(#"{"display":"$0","caret":0,"selection":[0,1]}"#)
        #expect(ours.difference(from: theirs, caret: .slot) == .caret, "the next key replaces the $ it selected")
        #expect(ours.difference(from: try answer(#"{"display":"$0","caret":0}"#), caret: .slot) == nil, "not reported, not compared")
        // Ctrl+A: the browser selects the sign too; in slots it is the same selection.
        var all = FieldAnswer(display: "$10", caret: 3)
        all.reportSelection(1..<3)
        #expect(all.difference(from: try answer(#"{"display":"$10","caret":3,"selection":[0,3]}"#), caret: .slot) == nil)
        #expect(all.difference(from: try answer(#"{"display":"$10","caret":3,"selection":[0,3]}"#), caret: .exact) == .caret)
        #expect(all.difference(from: try answer(#"{"display":"$10","caret":3,"selection":[2,3]}"#), caret: .slot) == .caret)
    }

    /// autoNumeric: Shift+Left at `$|0`, which moneyfield refuses at its start, selects the `$`
    /// alone. It is the browser's caret crossing a non-digit: the arrow group, not a new one at
    /// the Delete after it.
    @Test func shiftLeftOverTheSymbolIsTheArrowGroup() throws {
        let selectsTheSign: PlantedAdapter.Defect = { before, key, after in
            guard key == .selectLeft, before.caretOffset == 1, before.state.selectionAnchor == nil, after == before else { return nil }
            var answer = FieldAnswer(display: after.display, caret: 0, value: after.value, rejected: false)
            answer.reportSelection(0..<1)
            return answer
        }
        let configuration = CheckPlan.Configuration(locale: "en_US", currency: "USD", mode: .whole)
        let found = unsteeredGroups(of: plan(192, steps: 20, keys: try keys("0123<bs><del><left><sleft><sright>"), configurations: [configuration]),
                                    selectsTheSign)
        #expect(found == [Checker.Behaviour(kind: .caret, cause: .caretPastNoUnit, key: nil, situation: nil)], "\(found.map(\.words))")
    }

    /// Ctrl+A in a browser selects the sign too, and Shift+Left then leaves the `$` alone
    /// selected where moneyfield has no selection: the same group, a non-digit the browser's
    /// caret and selection reach.
    @Test func aSelectionOfTheSignAloneAfterSelectAllIsTheArrowGroup() throws {
        let configuration = CheckPlan.Configuration(locale: "en_US", currency: "USD", mode: .whole)
        let session = CheckPlan.Session(configuration: configuration, keys: try keys("<selall><sleft>"))
        let reference = try FieldAnswer.reference(for: session)
        #expect(reference[2].selection == nil && reference[2].shown == "$|0")
        let theirs = try answer(#"{"display":"$0","caret":1,"selection":[0,1]}"#)
        #expect(theirs.shown == "[$|]0")
        let kind = try #require(reference[2].difference(from: theirs, caret: .slot))
        let difference = Checker.Difference(step: 2, adapter: theirs, reference: reference[2], kind: kind, adapterCaretBefore: 2)
        #expect(Checker.Behaviour(session, difference).cause == .caretPastNoUnit)
        // A selection that holds a digit moneyfield does not select stays its own group.
        let digit = try answer(#"{"display":"$0","caret":1,"selection":[1,2]}"#)
        let digitKind = try #require(reference[2].difference(from: digit, caret: .slot))
        let other = Checker.Difference(step: 2, adapter: digit, reference: reference[2], kind: digitKind, adapterCaretBefore: 2)
        #expect(Checker.Behaviour(session, other).cause != .caretPastNoUnit)
    }
}

import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// How `check` compares carets (SPEC §4): the UTF-16 offset, the digit slot, or not at all.
package enum CaretComparison: String, Sendable, CaseIterable {
    case exact, slot, none
}

/// What differs between the adapter's field and moneyfield's.
package enum DifferenceKind: String, Sendable, CaseIterable {
    case display, caret, value, rejected, emptied
}

/// What the reference field shows after each step, as the protocol compares it.
@_spi(Tools) public struct FieldAnswer: Sendable, Equatable {
    @_spi(Tools) public var display: String
    @_spi(Tools) public var caret: Int?
    package var value: String?
    package var rejected: Bool?
    /// The selected UTF-16 range, nil when nothing is selected; compared only when the adapter
    /// reports it (`reportsSelection`).
    @_spi(Tools) public private(set) var selection: Range<Int>?
    package private(set) var reportsSelection = false

    /// The adapter's selection (nil: none), which it reports: it is compared.
    package mutating func reportSelection(_ range: Range<Int>?) {
        selection = range
        reportsSelection = true
    }

    /// `[start, end]` read from outside (a reply, a record) as this answer's selection: false,
    /// and nothing reported, unless they are two offsets 0 ≤ start ≤ end ≤ the display's
    /// length; an empty range is no selection.
    mutating func reportSelection(bounds: [Int]) -> Bool {
        guard bounds.count == 2, 0 <= bounds[0], bounds[0] <= bounds[1], bounds[1] <= display.utf16.count else { return false }
        reportSelection(bounds[0] < bounds[1] ? bounds[0]..<bounds[1] : nil)
        return true
    }

    package init(display: String, caret: Int?, value: String? = nil, rejected: Bool? = nil) {
        self.display = display
        self.caret = caret
        self.value = value
        self.rejected = rejected
    }

    /// The engine's answers: the field made, then after each key.
    package static func reference(for session: CheckPlan.Session) throws(CommandError) -> [FieldAnswer] {
        var field = MoneyField(try session.configuration.fieldConfiguration())
        var answers = [FieldAnswer(field, rejected: false)]
        for key in session.keys {
            var rejected = false
            do throws(Rejection) { try field.press(key) } catch { rejected = true }
            answers.append(FieldAnswer(field, rejected: rejected))
        }
        return answers
    }

    package init(_ field: MoneyField, rejected: Bool) {
        self.init(display: field.display, caret: field.caretOffset, value: field.isEmpty ? nil : field.value, rejected: rejected)
        reportSelection(field.selectionRange)
    }

    /// What kind of difference `adapter` shows from this answer (the reference), or nil: a side
    /// with no digit at all is emptied; then the display; the caret as `caret` compares it;
    /// value and rejected only when the adapter gives them.
    /// `units` counts the carets in slot comparison (the typed point is one in natural entry).
    package func difference(from adapter: FieldAnswer, caret comparison: CaretComparison, units: CaretUnits = .digits) -> DifferenceKind? {
        if Self.hasDigit(adapter.display) != Self.hasDigit(display) { return .emptied }
        if adapter.display != display { return .display }
        if let theirs = adapter.caret, let ours = caret {
            switch comparison {
            case .exact: if theirs != ours { return .caret }
            case .slot: if units.right(of: theirs, in: adapter.display) != units.right(of: ours, in: display) { return .caret }
            case .none: break
            }
            // A selection is the caret's other end: the next key replaces it. In slots, one that
            // holds no digit (the `$` alone) is still a selection, which moneyfield never makes.
            if adapter.reportsSelection && (adapter.selection != nil || selection != nil) {
                switch comparison {
                case .exact: if adapter.selection != selection { return .caret }
                case .slot: if slots(of: adapter.selection, in: adapter.display, units) != slots(of: selection, in: display, units) { return .caret }
                case .none: break
                }
            }
        }
        if let value = adapter.value, value != self.value ?? "" { return .value }
        if let rejected = adapter.rejected, rejected != self.rejected { return .rejected }
        return nil
    }

    /// A selection as the digits right of each end, or nil for none.
    private func slots(of selection: Range<Int>?, in display: String, _ units: CaretUnits) -> [Int]? {
        selection.map { [units.right(of: $0.lowerBound, in: display), units.right(of: $0.upperBound, in: display)] }
    }

    static func hasDigit(_ display: String) -> Bool { display.unicodeScalars.contains { Key.digitValue(of: $0) != nil } }


    /// `"$12.34"` with `|` at the caret when there is one.
    @_spi(Tools) public var shown: String {
        guard let caret, caret >= 0, caret <= display.utf16.count else { return display }
        // A selection drawn `$[0|]`, and one with no digit too: `[|$]0`.
        guard let selection, selection.contains(caret) || selection.upperBound == caret else { return FieldView(display: display, caretOffset: caret).marked }
        return FieldView.marked(display, caretOffset: caret, selection: selection)
    }

    /// The JSON object `vectors` writes.
    package var json: String {
        "{\"display\":\(JSON.string(display)),\"caret\":\(caret.map(String.init) ?? "null"),\"value\":\(value.map(JSON.string) ?? "null")"
            + (rejected.map { ",\"rejected\":\($0)" } ?? "")
            + (selection.map { ",\"selection\":[\($0.lowerBound),\($0.upperBound)]" } ?? "") + "}"
    }
}

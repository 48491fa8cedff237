import Foundation

extension MoneyField {
    // MARK: Keys

    /// The field after `key`, or why the key is refused.
    public func pressing(_ key: Key) throws(Rejection) -> MoneyField {
        var next = self
        try next.press(key)
        return next
    }

    /// Applies `key`; on a rejection nothing changes, but for the focus a key brings back to a
    /// field `<enter>` left (`emptyShows` `.symbolWhenFocused`, `onFocus` `.trim`).
    public mutating func press(_ key: Key) throws(Rejection) {
        if setup.tracksFocus {
            if key == .enter {
                try pressUnfocused(key)
                state.hasLeftField = true
                rerender()
                return
            }
            focus()
        }
        try pressUnfocused(key)
    }

    /// A key with the focus where it is.
    @inline(__always)
    private mutating func pressUnfocused(_ key: Key) throws(Rejection) {
        if setup.hasEmptyState {
            try pressWithEmptyState(key)
            return
        }
        try pressFilled(key)
    }

    /// A field that shows something (or cannot be empty): every mode's keys.
    @inline(__always)
    mutating func pressFilled(_ key: Key) throws(Rejection) {
        if setup.isNatural, let edit = key.unitEdit {
            try pressNatural(edit)
            return
        }
        if state.selectionAnchor != nil || key.takesSelectionPath {
            try pressWithSelection(key)
            return
        }
        let slots = slotCount
        let caret = state.caretSlotsFromEnd
        var next = state
        // The keys of the seeds' fields with no selection: the fast path every keystroke takes.
        switch key {
        case .doubleZero, .tripleZero, .plus, .decimal, .enter, .selectLeft, .selectRight, .selectHome, .selectEnd, .selectAll:
            // Sent to the selection path above; listed so a new key must be placed here too.
            try pressWithSelection(key)
            return
        case .digit(let value):
            guard value <= 9 else { throw .notADigit(value) }
            next.digitBuffer = Self.edited(state.digitBuffer, slots: slots, inserting: value, at: slots - caret)
        case .backspace:
            guard caret < slots else { throw .nothingToDelete }
            next.digitBuffer = Self.edited(state.digitBuffer, slots: slots, removingAt: slots - caret - 1)
            // Removing a padding zero ($0.0|5) changes nothing: report it like the far left.
            guard next.digitBuffer != state.digitBuffer else { throw .nothingToDelete }
        case .delete:
            guard caret > 0 else { throw .nothingToDeleteForward }
            // Over a padding zero ($0|.05) the digits stay and only the caret moves, as SPEC §1 says.
            next.digitBuffer = Self.edited(state.digitBuffer, slots: slots, removingAt: slots - caret)
            next.caretSlotsFromEnd = caret - 1
        case .left:
            guard caret < slots else { throw .caretAtStart }
            moveCaret(to: caret + 1)
            return
        case .right:
            guard caret > 0 else { throw .caretAtEnd }
            moveCaret(to: caret - 1)
            return
        case .home:
            moveCaret(to: slots)
            return
        case .end:
            moveCaret(to: 0)
            return
        case .minus:
            guard setup.configuration.allowsNegative else { throw .negativeNotAllowed }
            next.isNegative.toggle()
        case .clear:
            state = setup.clearedState
            rerender()
            return
        }
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        next.caretSlotsFromEnd = min(max(next.caretSlotsFromEnd, 0), setup.caretStops(in: next))
        state = next
        rerender()
    }

    /// A caret move changes no text: only the offset is worked out again. No selection remains.
    mutating func moveCaret(to caret: Int) {
        state.caretSlotsFromEnd = caret
        state.selectionAnchor = nil
        if isEmpty { return }
        rendering = Rendering(display: rendering.display, caretOffsetInside: setup.caretOffset(in: rendering.display, state, caret: caret))
    }

    /// The digits after inserting `digit` before slot `insertIndex` of the zero-padded slots, or
    /// removing slot `removeIndex`, without leading zeros; written in one pass into one buffer.
    static func edited(
        _ digits: DigitBuffer, slots: Int, inserting digit: UInt8? = nil, at insertIndex: Int = -1, removingAt removeIndex: Int = -1
    ) -> DigitBuffer {
        let padding = slots - digits.count
        var builder = DigitBuffer.Builder()
        digits.withBytes { source in
            for slot in 0..<slots {
                if slot == insertIndex, let digit { builder.append(digit) }
                if slot == removeIndex { continue }
                builder.append(slot < padding ? 0 : source[slot &- padding])
            }
            if insertIndex == slots, let digit { builder.append(digit) }
        }
        return builder.digits
    }

    /// Why `candidate` breaks a limit that `current` did not break as badly, if it does.
    ///
    /// Moving toward the allowed range is always fine, so a field with a minimum of 10 can still be
    /// typed into from zero; moving further outside it is refused.
    ///
    /// Inlined whole into each key's path: passing the candidate state to any call, even one
    /// only the amount limits reach, kept it in memory rather than registers (a tenth of a key).
    @inline(__always)
    func limitViolation(_ candidate: FieldState, comparedWith current: FieldState) -> Rejection? {
        let digitCount = setup.limitedDigitCount(of: candidate)
        if digitCount > setup.maxDigits && digitCount > setup.limitedDigitCount(of: current) {
            return .tooManyDigits(limit: setup.maxDigits)
        }
        guard setup.hasAmountLimits else { return nil }
        let scale = setup.amountScale(of: candidate)
        let oldScale = setup.amountScale(of: current)
        return candidate.digitBuffer.withBytes { new in
            current.digitBuffer.withBytes { old in
                let movesUp = DigitArithmetic.compare(
                    negative: candidate.isNegative, new, scale: scale, negative: current.isNegative, old, scale: oldScale)
                if let maximum = setup.configuration.maximum, movesUp > 0,
                   DigitArithmetic.compare(negative: candidate.isNegative, new, scale: scale,
                                           negative: maximum.isNegative, maximum.magnitude, scale: maximum.scale) > 0 {
                    return .aboveMaximum(maximum.description)
                }
                if let minimum = setup.configuration.minimum, movesUp < 0,
                   DigitArithmetic.compare(negative: candidate.isNegative, new, scale: scale,
                                           negative: minimum.isNegative, minimum.magnitude, scale: minimum.scale) < 0 {
                    return .belowMinimum(minimum.description)
                }
                return nil
            }
        }
    }
}

// MARK: The empty state

extension MoneyField {
    /// Keys of a field that can be empty: an empty one has one caret stop and nothing to select,
    /// and the next digit fills it; an emptiable one is emptied by the delete its option names.
    mutating func pressWithEmptyState(_ key: Key) throws(Rejection) {
        try pressEmptiable(key)
    }

    /// The field has focus again, as a tap into it gives it: an empty field with `emptyShows`
    /// `.symbolWhenFocused` that `<enter>` left shows its symbol again, and `onFocus` `.trim`
    /// drops the zeros ending the fraction. Every key but `<enter>` does this first (as a
    /// click into the input before the key), so a refused key may change this and nothing else.
    public mutating func focus() {
        guard state.hasLeftField else { return }
        state.hasLeftField = false
        // A field padding while typing pads again at once: the trim would only move its caret.
        if setup.isNatural && setup.configuration.onFocus == .trim && !setup.padsWhileTyping, var typed = state.typedFraction {
            var digits = state.digits
            while typed > 0, digits.last == 0 {
                digits.removeLast()
                typed -= 1
            }
            // Zero's digits are all implied: nothing follows its point.
            if digits.isEmpty { typed = 0 }
            state.digitBuffer = DigitBuffer(digits[...])
            state.typedFraction = typed > 0 ? typed : nil
            state.caretSlotsFromEnd = min(state.caretSlotsFromEnd, setup.caretStops(in: state))
            state.selectionAnchor = nil
        }
        rerender()
    }

    private mutating func pressEmptiable(_ key: Key) throws(Rejection) {
        if isEmpty {
            try pressOnEmpty(key)
            return
        }
        let isDelete = key == .backspace || key == .delete
        guard isDelete, setup.configuration.emptiable != nil else {
            try pressFilled(key)
            return
        }
        if setup.emptiesOnLastGlyph ? deleteTakesEveryDigitGlyph(key) : deleteTakesZero(key) {
            empty()
            return
        }
        try pressFilled(key)
    }

    /// `atZero` (and `lastDigit` in atm mode with `f` > 0): on zero, the delete that would take a
    /// zero glyph, or a selection of every slot; one with no slot on its side is refused as usual.
    private func deleteTakesZero(_ key: Key) -> Bool {
        let atZero = state.digitCount == 0 && state.typedFraction == nil
        guard atZero else { return false }
        if let selected = state.selectedSlots { return selected.low == 0 && selected.high == slotCount }
        return key == .backspace ? state.caretSlotsFromEnd < slotCount : state.caretSlotsFromEnd > 0
    }

    /// `lastDigit`: whether the delete removes every digit glyph the display shows (`$5`, `$0`,
    /// natural `$5|.`), not just a digit of several (`$1|0` keeps its shown `0`). Natural mode's
    /// point is a unit but not a digit glyph. Padded while typing, the fraction's trailing zeros
    /// are padding, not typed: deleting the last typed digit (`$0|.00`, `$5|.00`) empties the
    /// field as it does unpadded (react-number-format clears its input there).
    private func deleteTakesEveryDigitGlyph(_ key: Key) -> Bool {
        let units = slotCount
        // Units from the end: the point stands with `typedFraction` units right of it.
        let point = setup.isNatural ? state.typedFraction : nil
        // Units from the end `0..<padding`: the padding zeros, neither counted nor removed.
        let padding = setup.padsWhileTyping ? paddingZeros : 0
        let digitGlyphs = units - (point == nil ? 0 : 1) - padding
        let removed: Range<Int>
        if let selected = state.selectedSlots {
            removed = selected.low..<selected.high
        } else if key == .backspace {
            guard state.caretSlotsFromEnd < units else { return false }
            removed = state.caretSlotsFromEnd..<(state.caretSlotsFromEnd + 1)
        } else {
            guard state.caretSlotsFromEnd > 0 else { return false }
            removed = (state.caretSlotsFromEnd - 1)..<state.caretSlotsFromEnd
        }
        let removedDigits = removed.count - (point.map { removed.contains($0) } == true ? 1 : 0) - removed.clamped(to: 0..<padding).count
        return removedDigits > 0 && removedDigits == digitGlyphs
    }

    /// Padded while typing: the zeros ending the fraction (`$1.50` one, `$0.00` two), the padding.
    private var paddingZeros: Int {
        let fraction = state.typedFraction ?? 0
        return state.digitBuffer.withBytes { digits in
            // Digits are right-aligned: a slot left of the stored digits shows a zero.
            var zeros = 0
            while zeros < fraction && (zeros >= digits.count || digits[digits.count - 1 - zeros] == 0) { zeros += 1 }
            return zeros
        }
    }

    private mutating func empty() {
        state = FieldState()
        state.isEmptied = true
        rerender()
    }

    /// An empty field: a digit (or the point, or zeros) fills it; moves have one stop; the sign
    /// cannot stand on nothing; `clear` empties an emptiable field or one that starts empty (one that only shows zero as empty stays a zero).
    private mutating func pressOnEmpty(_ key: Key) throws(Rejection) {
        switch key {
        case .digit, .doubleZero, .tripleZero, .decimal:
            var filled = self
            filled.state.isEmptied = false
            filled.state.caretSlotsFromEnd = 0
            filled.state.selectionAnchor = nil
            try filled.pressFilled(key)
            self = filled
        case .backspace:
            throw .nothingToDelete
        case .delete:
            throw .nothingToDeleteForward
        case .left, .right, .home, .end, .selectLeft, .selectRight, .selectHome, .selectEnd, .selectAll, .enter:
            // One caret stop: nothing to move, select or settle. Not refused, so `<left>9` types
            // the 9 as a person tapping an empty input expects.
            state.caretSlotsFromEnd = 0
            state.selectionAnchor = nil
        case .clear:
            state = setup.clearedState
            rerender()
        case .minus:
            guard setup.configuration.allowsNegative else { throw .negativeNotAllowed }
            throw .fieldEmpty
        case .plus:
            throw .alreadyPositive
        }
    }
}

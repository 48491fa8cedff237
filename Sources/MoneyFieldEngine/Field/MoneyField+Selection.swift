/// Selection, the keypad's `00`/`000`, `<plus>` and `<enter>`: keys off the seeds' fast path, so
/// a field that never selects pays nothing for them.
extension MoneyField {
    mutating func pressWithSelection(_ key: Key) throws(Rejection) {
        let slots = slotCount
        let caret = state.caretSlotsFromEnd
        let selected = state.selectedSlots
        switch key {
        case .selectLeft:
            guard caret < slots else { throw .caretAtStart }
            select(caret: caret + 1)
        case .selectRight:
            guard caret > 0 else { throw .caretAtEnd }
            select(caret: caret - 1)
        case .selectHome: select(caret: slots)
        case .selectEnd: select(caret: 0)
        case .selectAll: select(caret: 0, anchor: slots)
        case .decimal:
            throw .decimalKeyNeedsNaturalMode
        case .enter:
            // Focus leaves: nothing to do, and not refused; the selection goes, as it would.
            moveCaret(to: caret)
        case .plus:
            guard state.isNegative else { throw .alreadyPositive }
            try changeSign(keepingSelection: true)
        case .minus:
            guard configuration.allowsNegative else { throw .negativeNotAllowed }
            try changeSign(keepingSelection: true)
        case .left where selected != nil: moveCaret(to: selected!.high)
        case .right where selected != nil: moveCaret(to: selected!.low)
        case .digit(let value) where selected != nil:
            guard value <= 9 else { throw .notADigit(value) }
            try replaceSelection(with: value, count: 1)
        case .doubleZero, .tripleZero:
            let zeros = key == .doubleZero ? 2 : 3
            if let (low, high) = selected {
                try replaceSlots(low: low, high: high, with: 0, count: zeros)
                return
            }
            // All or nothing, as the 0 key pressed that often: one edit at the caret when they
            // all go in (each zero rendered was a third of the selection mix's time); refused, the
            // keys one by one on a copy, for the refusal the first refused zero gives.
            do throws(Rejection) {
                try replaceSlots(low: caret, high: caret, with: 0, count: zeros)
            } catch {
                var next = self
                for _ in 0..<zeros { try next.press(.digit(0)) }
                self = next
            }
        case .backspace where selected != nil, .delete where selected != nil:
            try replaceSelection(count: 0)
        case .digit, .backspace, .delete, .left, .right, .home, .end, .clear:
            // Every other key acts as without a selection, which it collapses.
            var next = self
            next.state.selectionAnchor = nil
            try next.press(key)
            self = next
        }
    }

    /// Moves the caret, the anchor staying where the selection began (or `anchor`).
    private mutating func select(caret newCaret: Int, anchor: Int? = nil) {
        let anchor = anchor ?? state.selectionAnchor ?? state.caretSlotsFromEnd
        moveCaret(to: newCaret)
        state.selectionAnchor = anchor == newCaret ? nil : anchor
    }

    private mutating func changeSign(keepingSelection: Bool) throws(Rejection) {
        var next = state
        next.isNegative.toggle()
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        state = next
        rerender()
    }

    /// The selected slots removed and `count` copies of `digit` put in their place (a digit, the
    /// keypad's zeros, or nothing); the caret where they began. One pass into one inline buffer.
    private mutating func replaceSelection(with digit: UInt8 = 0, count: Int) throws(Rejection) {
        guard let (low, high) = state.selectedSlots else { return }
        try replaceSlots(low: low, high: high, with: digit, count: count)
    }

    /// The slots from `low` to `high` (slots right of each end) replaced by `count` copies of
    /// `digit`; an empty range inserts them at the caret.
    private mutating func replaceSlots(low: Int, high: Int, with digit: UInt8, count: Int) throws(Rejection) {
        let slots = slotCount
        let padding = slots - state.digitCount
        let removed = (slots - high)..<(slots - low)
        var next = state
        var builder = DigitBuffer.Builder()
        state.digitBuffer.withBytes { source in
            for slot in 0...slots {
                if slot == removed.lowerBound { for _ in 0..<count { builder.append(digit) } }
                if slot == slots { break }
                if !removed.contains(slot) { builder.append(slot < padding ? 0 : source[slot &- padding]) }
            }
        }
        // More digits than a buffer holds (`000` into 30) are cut to 32, still over every
        // limit: the check below refuses them.
        next.digitBuffer = builder.digits
        next.selectionAnchor = nil
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        next.caretSlotsFromEnd = min(low, setup.caretStops(in: next))
        state = next
        rerender()
    }

    /// The selection in UTF-16 offsets of the display, or nil.
    public var selectionRange: Range<Int>? {
        guard let (low, high) = state.selectedSlots else { return nil }
        return caretOffset(forSlot: high)..<caretOffset(forSlot: low)
    }
}

// MARK: Platform edit events

extension MoneyField {
    /// The UTF-16 range of each unit's glyph (digit, or natural mode's point), left to right.
    var glyphRanges: [Range<Int>] {
        let slots = slotCount
        let utf16 = Array(display.utf16)
        return (0..<slots).map { index in
            let unitsRight = slots - index - 1
            let end = caretOffset(forSlot: unitsRight)
            // Natural mode's point is a unit whose glyph is the decimal separator.
            if unitsRight == state.typedFraction { return (end - format.decimalSeparatorUTF16Count)..<end }
            let length = end >= 2 && UTF16.isTrailSurrogate(utf16[end - 1]) ? 2 : 1
            return (end - length)..<end
        }
    }

    /// `select START LENGTH`: the slots whose glyphs lie in the range, the caret at its end; a
    /// range with no digit glyph places the caret as a tap at `start` would. Returns whether any
    /// glyph was selected.
    @discardableResult
    public mutating func select(utf16Start start: Int, length: Int) throws(FieldError) -> Bool {
        let size = display.utf16.count
        // Compared by subtraction: a length near Int.max must be an error, not an overflow.
        guard start >= 0, length >= 0, start <= size, length <= size - start else {
            throw .offsetOutsideDisplay(start < 0 || start > size ? start : (start &+ length < 0 ? Int.max : start + length), length: size)
        }
        let slots = slotCount
        if isEmpty {
            try tap(atUTF16Offset: start)
            return false
        }
        let inside = glyphRanges.indices.filter { glyphRanges[$0].lowerBound >= start && glyphRanges[$0].upperBound <= start + length }
        guard let first = inside.first, let last = inside.last else {
            try tap(atUTF16Offset: start)
            return false
        }
        moveCaret(to: slots - last - 1)
        state.selectionAnchor = slots - first
        return true
    }

    /// A platform's text-change event (UIKit's `shouldChangeCharactersIn`): the UTF-16 range of
    /// the display and its replacement. Digits (and, in natural mode, a decimal separator) replace
    /// the range's digits; an empty replacement
    /// deletes them (or backspaces when the range held no digit, as over a separator); a lone
    /// minus toggles the sign. All or nothing: a refused edit leaves the field as it was.
    public mutating func replace(utf16Range range: Range<Int>, with text: String) throws(EditFailure) {
        var next = self
        let selectedGlyphs: Bool
        do { selectedGlyphs = try next.select(utf16Start: range.lowerBound, length: range.count) } catch { throw .field(error) }
        let scalars = Array(text.unicodeScalars)
        do throws(Rejection) {
            if scalars.isEmpty {
                try next.press(selectedGlyphs ? .delete : .backspace)
            } else if scalars == ["-"] || scalars == ["\u{2212}"] {
                try next.press(.minus)
            } else {
                let keys = scalars.map { scalar in Key.digitValue(of: scalar).map(Key.digit) ?? decimalKey(for: scalar) }
                guard !keys.contains(nil) else { throw Rejection.notInsertable(text) }
                for key in keys { try next.press(key!) }
            }
        } catch {
            throw .rejected(error)
        }
        self = next
    }

    /// Natural mode types a decimal separator (the locale's, `.` or `,`) as the decimal key.
    private func decimalKey(for scalar: Unicode.Scalar) -> Key? {
        setup.isNatural && isDecimalSeparator(scalar) ? .decimal : nil
    }

    /// Whether a typed character means the decimal point here: `.`, `,` or the locale's own (U+066B in ar_EG).
    public func isDecimalSeparator(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "." || scalar == "," { return true }
        // Read off ICU once per format: ASCII ones too (en_CV writes `$`).
        return setup.format.separators.decimal.contains(scalar)
    }

    /// Whether the display groups digits with a character (`,` in en_US, `.` in de_DE): what a
    /// shell reading typed text refuses as a key, since the field groups by itself.
    public func isGroupingSeparator(_ scalar: Unicode.Scalar) -> Bool {
        setup.format.separators.grouping.contains(scalar)
    }

    /// Why a paste or a text-change event was refused: a `FieldError`, or a key's `Rejection`.
    public enum EditFailure: Error, Equatable, Sendable {
        /// The edit cannot be made at all (an offset outside the display, an unreadable amount).
        case field(FieldError)
        /// A key the edit typed was refused, as pressing it would be (`at most 12 digits`).
        case rejected(Rejection)
    }
}

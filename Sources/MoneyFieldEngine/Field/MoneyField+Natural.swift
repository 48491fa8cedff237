/// Natural entry (SPEC §1 "Natural entry"): integer digits, the typed point, then up to `f`
/// fraction digits. The point is content, so the caret counts units: digit slots and the point.
///
/// A key edits the units as text would, then the units are read back into a state (leading
/// zeros dropped, the fraction counted), so every rule — a digit into either part, the decimal
/// key, backspace joining over the point, a selection replaced — is one edit and one reading.
/// A digit, `<dec>` and `<enter>` with nothing selected, the commonest keys, go to the same
/// result directly.

/// Natural mode's units being edited, held inline: up to 48 values (digits and the point).
///
/// Wider than `DigitBuffer`, whose 32 bytes every keystroke of every mode copies: a 30-digit amount
/// with its integer zero and point, plus a `000` typed into it, is 35 units before it is read back.
/// Bytes past `count` are always zero.
struct UnitBuffer {
    static let capacity = 48
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    /// The units appended to `bytes`: the first `capacity`.
    init(_ bytes: PackedBytes) {
        storage = bytes.finishedWords
        count = min(bytes.count, Self.capacity)
    }

    /// The units as a buffer, valid inside `body` only. Read in place (hence `mutating`): a copy
    /// of the storage, read wide right after an edit's narrow stores, stalled until they landed.
    mutating func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let count = count
        return try withUnsafeMutableBytes(of: &storage) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// Replaces the units in `range` with `count` copies of `value`, in place: the units after it
    /// move once (a fresh buffer per edit was a fifth of a natural keystroke). The result must fit.
    mutating func replace(_ range: Range<Int>, with value: UInt8 = 0, count insertCount: Int = 0) {
        let newCount = count - range.count + insertCount
        precondition(newCount <= Self.capacity, "an edit holds at most \(Self.capacity) units")
        let oldCount = count
        withUnsafeMutableBytes(of: &storage) { raw in
            let units = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            (units + range.lowerBound + insertCount).update(from: units + range.upperBound, count: oldCount - range.upperBound)
            (units + range.lowerBound).update(repeating: value, count: insertCount)
            // Bytes past `count` stay zero.
            if newCount < oldCount { (units + newCount).update(repeating: 0, count: oldCount - newCount) }
        }
        count = newCount
    }

    /// Where `value` first stands, or nil.
    mutating func firstIndex(of value: UInt8) -> Int? {
        withBytes { $0.firstIndex(of: value) }
    }
}

extension MoneyField {
    /// The point among the units, which are otherwise digit values.
    static let pointUnit: UInt8 = 10

    /// The units left to right: the integer slots (zero-padded to one), the point, the fraction typed.
    @inline(__always)
    var naturalUnits: UnitBuffer {
        let fraction = state.typedFraction
        let integerSlots = max(state.digitCount - (fraction ?? 0), 1)
        let slots = integerSlots + (fraction ?? 0)
        let padding = slots - state.digitCount
        var units = PackedBytes()
        state.digitBuffer.withBytes { digits in
            for slot in 0..<slots {
                if slot == integerSlots, fraction != nil { units.append(Self.pointUnit) }
                units.append(slot < padding ? 0 : digits[slot &- padding])
            }
            if fraction == 0 { units.append(Self.pointUnit) }
        }
        return UnitBuffer(units)
    }

    mutating func pressNatural(_ key: UnitEdit) throws(Rejection) {
        // A field with no fraction digits (JPY) takes no point at all, rather than one nothing can follow.
        if key == .decimal && setup.shownFractionDigits == 0 { throw .pointWouldOverflowFraction(limit: 0) }
        // An empty field losing focus stays empty (and loses its selection).
        if key == .enter && isEmpty {
            moveCaret(to: state.caretSlotsFromEnd)
            return
        }
        // A field padding while typing edits its units below: its fraction is always full.
        let pads = setup.padsWhileTyping
        if state.selectedSlots == nil || key == .enter {
            switch key {
            case .digit(let value) where value <= 9 && !pads:
                try typeNatural(value)
                return
            case .decimal where !pads:
                try typeNaturalPoint()
                return
            case .enter:
                try settleNatural()
                return
            case .digit, .decimal, .zeros, .backspace, .delete:
                break  // a digit above 9 is refused below; the rest edit the units below
            }
        }
        var units = naturalUnits
        var caret = state.caretSlotsFromEnd
        // Typing, the decimal key and deleting replace a selection; focus leaving keeps the text.
        var replacedSelection = false
        if let (low, high) = state.selectedSlots, key != .enter {
            units.replace((units.count - high)..<(units.count - low))
            caret = low
            replacedSelection = true
        }
        // Padded while typing, the point cannot be deleted (react-number-format): Backspace steps
        // over it, Delete does nothing.
        if pads && !replacedSelection, let point = units.firstIndex(of: Self.pointUnit) {
            let fraction = units.count - point - 1
            if key == .backspace && caret == fraction {
                moveCaret(to: caret + 1)
                return
            }
            if key == .delete && caret == fraction + 1 { throw .nothingToDeleteForward }
        }
        let end = units.count
        let insertion = (end - caret)..<(end - caret)
        switch key {
        case .digit(let value):
            guard value <= 9 else { throw .notADigit(value) }
            if pads { try cutFractionEnd(of: &units, caret: &caret, making: 1) }
            units.replace((units.count - caret)..<(units.count - caret), with: value, count: 1)
        case .zeros(let count):
            if pads { try cutFractionEnd(of: &units, caret: &caret, making: count) }
            units.replace((units.count - caret)..<(units.count - caret), with: 0, count: count)
        case .decimal:
            if let point = units.firstIndex(of: Self.pointUnit) {
                // A point outside the selection: refused (`ignore`, `step` away from it), the selection kept.
                caret = try caretForPointAgain(caret: caret, fraction: end - point - 1)
            } else {
                units.replace(insertion, with: Self.pointUnit, count: 1)
            }
        case .backspace where !replacedSelection:
            guard caret < end else { throw .nothingToDelete }
            units.replace((end - caret - 1)..<(end - caret))
        case .delete where !replacedSelection:
            guard caret > 0 else { throw .nothingToDeleteForward }
            units.replace((end - caret)..<(end - caret + 1))
            caret -= 1
        case .backspace, .delete:
            break
        case .enter:
            units = settledUnits(units)
            caret = 0
        }
        if pads {
            let typed: Bool
            switch key {
            case .digit, .zeros, .decimal: typed = true
            case .backspace, .delete, .enter: typed = false
            }
            padFraction(of: &units, caret: &caret, typed: typed)
        }
        let next: FieldState
        do throws(Rejection) { next = try naturalState(units: &units, caret: caret) } catch {
            // A point that leaves too many digits after it is the point's refusal, not a full fraction's.
            if key == .decimal, case .fractionFull(let limit) = error { throw .pointWouldOverflowFraction(limit: limit) }
            throw error
        }
        // Removing a padding zero ($0|.5) changes nothing: report it like the far left. Padded
        // while typing, Backspace over the padding moves the caret; Delete there does nothing.
        if !replacedSelection && next.digitBuffer == state.digitBuffer && next.typedFraction == state.typedFraction
            && (!pads || next.caretSlotsFromEnd == state.caretSlotsFromEnd) {
            if key == .backspace { throw .nothingToDelete }
            if key == .delete && pads { throw .nothingToDeleteForward }
        }
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        state = next
        rerender()
    }

    /// A digit typed with nothing selected, the commonest key, put straight into the digit slots:
    /// what editing the units and reading them back gives, without either (a third of its time).
    /// Left of the point it joins the integer digits; right of it, one more fraction digit.
    @inline(__always)
    private mutating func typeNatural(_ value: UInt8) throws(Rejection) {
        let caret = state.caretSlotsFromEnd
        let fraction = state.typedFraction ?? 0
        let integerSlots = max(state.digitCount - fraction, 1)
        let slots = integerSlots + fraction
        var next = state
        // Units from the end: the fraction's, then the point, then the integer slots.
        let inFraction = state.typedFraction != nil && caret <= fraction
        if inFraction {
            guard fraction < setup.shownFractionDigits else { throw .fractionFull(limit: setup.shownFractionDigits) }
            next.typedFraction = fraction + 1
        }
        let slotsRightOfCaret = inFraction || state.typedFraction == nil ? caret : caret - 1
        next.digitBuffer = Self.edited(state.digitBuffer, slots: slots, inserting: value, at: slots - slotsRightOfCaret)
        guard next.digitCount <= FieldConfiguration.maxDigitsRange.upperBound else {
            throw .tooManyDigits(limit: setup.configuration.maxDigits)
        }
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        next.caretSlotsFromEnd = min(caret, setup.caretStops(in: next))
        state = next
        rerender()
    }

    /// `<dec>` with nothing selected: the digits stay; the point goes in at the caret, whose
    /// units to the right become the fraction, or the caret goes as `pointAgain` says.
    @inline(__always)
    private mutating func typeNaturalPoint() throws(Rejection) {
        let caret = state.caretSlotsFromEnd
        if let fraction = state.typedFraction {
            moveCaret(to: try caretForPointAgain(caret: caret, fraction: fraction))
            return
        }
        guard caret <= setup.shownFractionDigits else { throw .pointWouldOverflowFraction(limit: setup.shownFractionDigits) }
        var next = state
        next.typedFraction = caret
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        next.caretSlotsFromEnd = min(caret, setup.caretStops(in: next))
        state = next
        rerender()
    }

    /// `<enter>`: the digits padded with zeros to `f` fraction digits (the point dropped where
    /// `f` is 0), the caret at the end, no selection.
    @inline(__always)
    private mutating func settleNatural() throws(Rejection) {
        let shown = setup.shownFractionDigits
        let typed = state.typedFraction ?? 0
        var next = state
        next.selectionAnchor = nil
        next.caretSlotsFromEnd = 0
        // `onLeave` `.keep`: the fraction stays as typed, a bare point dropped ($12. → $12), as the
        // web inputs that keep it do.
        if setup.configuration.onLeave == .keep {
            if next.typedFraction == 0 { next.typedFraction = nil }
            state = next
            rerender()
            return
        }
        next.typedFraction = shown > 0 ? shown : nil
        if shown > typed {
            var builder = DigitBuffer.Builder()
            state.digitBuffer.withBytes { digits in
                for digit in digits { builder.append(digit) }
            }
            for _ in typed..<shown { builder.append(0) }
            guard builder.count <= FieldConfiguration.maxDigitsRange.upperBound else {
                throw .tooManyDigits(limit: setup.configuration.maxDigits)
            }
            next.digitBuffer = builder.digits
        }
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        state = next
        rerender()
    }

    /// Where `<dec>` puts the caret with the point standing `fraction` units from the end and the
    /// caret `caret` units from it, or why it is refused: `move` just after the point; `ignore`
    /// never; `step` just after it from just before it, nowhere else (autoNumeric, react-number-format).
    @inline(__always)
    private func caretForPointAgain(caret: Int, fraction: Int) throws(Rejection) -> Int {
        switch setup.configuration.pointAgain {
        case .move: return fraction
        case .ignore: throw .pointAlreadyTyped
        case .step:
            guard caret == fraction + 1 else { throw .pointAlreadyTyped }
            return fraction
        }
    }

    /// Padded while typing, the fraction holds `f` digits: `count` digits typed into it push as many
    /// off its end (react-number-format cuts the fraction to `f`), refused where they would push
    /// off themselves (typed at its end).
    private func cutFractionEnd(of units: inout UnitBuffer, caret: inout Int, making count: Int) throws(Rejection) {
        guard let point = units.firstIndex(of: Self.pointUnit) else { return }
        let fraction = units.count - point - 1
        let excess = fraction + count - setup.shownFractionDigits
        guard caret <= fraction, excess > 0 else { return }
        guard excess <= caret else { throw .fractionFull(limit: setup.shownFractionDigits) }
        units.replace((units.count - excess)..<units.count)
        caret -= excess
    }

    /// Padded while typing: the point standing and the fraction padded to `f` zeros, the caret
    /// where it stood, once anything stands (or `typed`: a typed `0` shows `$0.00`). Deleting
    /// everything leaves nothing to pad.
    private func padFraction(of units: inout UnitBuffer, caret: inout Int, typed: Bool) {
        guard typed || units.count > 0 else { return }
        let point = units.firstIndex(of: Self.pointUnit)
        if point == nil {
            units.replace(units.count..<units.count, with: Self.pointUnit, count: 1)
            caret += 1
        }
        let fraction = units.count - (point ?? (units.count - 1)) - 1
        let padding = setup.shownFractionDigits - fraction
        guard padding > 0 else { return }
        units.replace(units.count..<units.count, with: 0, count: padding)
        caret += padding
    }

    /// `<enter>`: the fraction padded to `f` digits, the point added if needed (dropped where `f` is 0).
    private func settledUnits(_ units: UnitBuffer) -> UnitBuffer {
        var units = units
        let fractionDigits = setup.shownFractionDigits
        let point = units.firstIndex(of: Self.pointUnit)
        guard fractionDigits > 0 else {
            if let point { units.replace(point..<(point + 1)) }
            return units
        }
        let typed = point.map { units.count - $0 - 1 } ?? 0
        if point == nil { units.replace(units.count..<units.count, with: Self.pointUnit, count: 1) }
        units.replace(units.count..<units.count, with: 0, count: fractionDigits - typed)
        return units
    }

    /// The state the units stand for, or why they cannot be one (too many fraction digits).
    @inline(__always)
    private func naturalState(units: inout UnitBuffer, caret: Int) throws(Rejection) -> FieldState {
        // One pass: the point's place, and the digits from the first non-zero one, counted even
        // past what a `DigitBuffer` holds so that too many is refused rather than cut.
        var point: Int?
        var builder = DigitBuffer.Builder()
        units.withBytes { source in
            for index in source.indices {
                if source[index] == Self.pointUnit { point = index } else { builder.append(source[index]) }
            }
        }
        let significant = builder.count
        let digits = builder.digits
        let fraction = point.map { units.count - $0 - 1 }
        if let fraction, fraction > setup.shownFractionDigits { throw .fractionFull(limit: setup.shownFractionDigits) }
        guard significant <= FieldConfiguration.maxDigitsRange.upperBound else {
            throw .tooManyDigits(limit: setup.configuration.maxDigits)
        }
        var next = FieldState(checkedNegative: state.isNegative, digits: digits, caretSlotsFromEnd: 0)
        next.typedFraction = fraction
        next.caretSlotsFromEnd = min(caret, setup.caretStops(in: next))
        return next
    }
}

/// Natural entry (SPEC §1 "Natural entry"): integer digits, the typed point, then up to `f`
/// fraction digits. The point is content, so the caret counts units: digit slots and the point.
///
/// A key edits the units as text would, then the units are read back into a state (leading
/// zeros dropped, the fraction counted), so every rule — a digit into either part, the decimal
/// key, backspace joining over the point, a selection replaced — is one edit and one reading.
extension MoneyField {
    /// The point among the units, which are otherwise digit values.
    static let pointUnit: UInt8 = 10

    /// The units left to right: the integer slots (zero-padded to one), the point, the fraction typed.
    var naturalUnits: DigitBuffer {
        let fraction = state.typedFraction
        let integerSlots = max(state.digitCount - (fraction ?? 0), 1)
        let slots = integerSlots + (fraction ?? 0)
        let padding = slots - state.digitCount
        return state.digitBuffer.withBytes { digits in
            DigitBuffer.build { out in
                var written = 0
                for slot in 0..<slots {
                    if slot == integerSlots, fraction != nil {
                        out[written] = Self.pointUnit
                        written &+= 1
                    }
                    out[written] = slot < padding ? 0 : digits[slot &- padding]
                    written &+= 1
                }
                if fraction == 0 {
                    out[written] = Self.pointUnit
                    written &+= 1
                }
                return written
            }
        }
    }

    mutating func pressNatural(_ key: Key) throws(Rejection) {
        // An empty field losing focus stays empty (and loses its selection).
        if key == .enter && isEmpty {
            moveCaret(to: state.caretSlotsFromEnd)
            return
        }
        var units = naturalUnits
        var caret = state.caretSlotsFromEnd
        // Typing, the decimal key and deleting replace a selection; focus leaving keeps the text.
        var replacedSelection = false
        if let (low, high) = state.selectedSlots, key != .enter {
            units = units.replacing((units.count - high)..<(units.count - low), with: EmptyCollection())
            caret = low
            replacedSelection = true
        }
        let end = units.count
        let insertion = (end - caret)..<(end - caret)
        switch key {
        case .digit(let value):
            guard value <= 9 else { throw .notADigit(value) }
            units = units.replacing(insertion, with: CollectionOfOne(value))
        case .doubleZero, .tripleZero:
            units = units.replacing(insertion, with: repeatElement(0, count: key == .doubleZero ? 2 : 3))
        case .decimal:
            if let point = units.firstIndex(of: Self.pointUnit) {
                caret = end - point - 1
            } else {
                units = units.replacing(insertion, with: CollectionOfOne(Self.pointUnit))
            }
        case .backspace where !replacedSelection:
            guard caret < end else { throw .nothingToDelete }
            units = units.replacing((end - caret - 1)..<(end - caret), with: EmptyCollection())
        case .delete where !replacedSelection:
            guard caret > 0 else { throw .nothingToDeleteForward }
            units = units.replacing((end - caret)..<(end - caret + 1), with: EmptyCollection())
            caret -= 1
        case .backspace, .delete:
            break
        case .enter:
            units = settledUnits(units)
            caret = 0
        default:
            preconditionFailure("\(key) does not edit natural units")
        }
        let next = try naturalState(units: units, caret: caret)
        // Removing a padding zero ($0|.5) changes nothing: report it like the far left.
        if key == .backspace && !replacedSelection && next.digitBuffer == state.digitBuffer
            && next.typedFraction == state.typedFraction {
            throw .nothingToDelete
        }
        if let rejection = limitViolation(next, comparedWith: state) { throw rejection }
        state = next
        rerender()
    }

    /// `<enter>`: the fraction padded to `f` digits, the point added if needed (dropped where `f` is 0).
    private func settledUnits(_ units: DigitBuffer) -> DigitBuffer {
        let fractionDigits = setup.shownFractionDigits
        let point = units.firstIndex(of: Self.pointUnit)
        guard fractionDigits > 0 else {
            return point.map { units.replacing($0..<($0 + 1), with: EmptyCollection()) } ?? units
        }
        let typed = point.map { units.count - $0 - 1 } ?? 0
        let end = units.count..<units.count
        let zeros = repeatElement(UInt8(0), count: fractionDigits - typed)
        return point == nil
            ? units.replacing(end, with: [Self.pointUnit] + zeros)
            : units.replacing(end, with: zeros)
    }

    /// The state the units stand for, or why they cannot be one (too many fraction digits).
    private func naturalState(units: DigitBuffer, caret: Int) throws(Rejection) -> FieldState {
        let point = units.firstIndex(of: Self.pointUnit)
        let fraction = point.map { units.count - $0 - 1 }
        if let fraction, fraction > setup.shownFractionDigits { throw .fractionFull(limit: setup.shownFractionDigits) }
        let digits = units.withBytes { source in
            DigitBuffer.build { out in
                var written = 0
                for value in source where value != Self.pointUnit && (written > 0 || value != 0) {
                    out[written] = value
                    written &+= 1
                }
                return written
            }
        }
        // A state holds at most the digits any field takes (an imported one may sit at that edge).
        guard digits.count <= FieldConfiguration.maxDigitsRange.upperBound else {
            throw .tooManyDigits(limit: setup.configuration.maxDigits)
        }
        var next = FieldState(checkedNegative: state.isNegative, digits: digits, caretSlotsFromEnd: 0)
        next.typedFraction = fraction
        next.caretSlotsFromEnd = min(caret, setup.caretStops(in: next))
        return next
    }
}

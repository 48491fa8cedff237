/// Natural entry (SPEC §1 "Natural entry"): integer digits, the typed point, then up to `f`
/// fraction digits. The point is content, so the caret counts units: digit slots and the point.
///
/// A key edits the units as text would, then the units are read back into a state (leading
/// zeros dropped, the fraction counted), so every rule — a digit into either part, the decimal
/// key, backspace joining over the point, a selection replaced — is one edit and one reading.
/// Natural mode's units being edited, held inline: up to 48 values (digits and the point).
///
/// Wider than `DigitBuffer`, whose 32 bytes every keystroke of every mode copies: a 30-digit amount
/// with its integer zero and point, plus a `000` typed into it, is 35 units before it is read back.
/// Bytes past `count` are always zero.
struct UnitBuffer {
    static let capacity = 48
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    /// Fills a fresh buffer through `body`, which returns how many units it wrote.
    static func build(_ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> UnitBuffer {
        var result = UnitBuffer()
        result.count = withUnsafeMutableBytes(of: &result.storage) { raw in
            body(UnsafeMutableBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: capacity))
        }
        return result
    }

    /// The units as a buffer, valid inside `body` only.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(of: storage) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// A copy with the units in `range` replaced by `values`; the result must fit.
    func replacing(_ range: Range<Int>, with values: some Collection<UInt8>) -> UnitBuffer {
        precondition(count - range.count + values.count <= Self.capacity, "an edit holds at most \(Self.capacity) units")
        return withBytes { source in
            UnitBuffer.build { out in
                var written = 0
                @inline(__always) func emit(_ value: UInt8) {
                    out[written] = value
                    written &+= 1
                }
                for value in source[..<range.lowerBound] { emit(value) }
                for value in values { emit(value) }
                for value in source[range.upperBound...] { emit(value) }
                return written
            }
        }
    }

    /// Where `value` first stands, or nil.
    func firstIndex(of value: UInt8) -> Int? {
        withBytes { $0.firstIndex(of: value) }
    }
}

extension MoneyField {
    /// The point among the units, which are otherwise digit values.
    static let pointUnit: UInt8 = 10

    /// The units left to right: the integer slots (zero-padded to one), the point, the fraction typed.
    var naturalUnits: UnitBuffer {
        let fraction = state.typedFraction
        let integerSlots = max(state.digitCount - (fraction ?? 0), 1)
        let slots = integerSlots + (fraction ?? 0)
        let padding = slots - state.digitCount
        return state.digitBuffer.withBytes { digits in
            UnitBuffer.build { out in
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

    mutating func pressNatural(_ key: UnitEdit) throws(Rejection) {
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
        case .zeros(let count):
            units = units.replacing(insertion, with: repeatElement(0, count: count))
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
    private func settledUnits(_ units: UnitBuffer) -> UnitBuffer {
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
    private func naturalState(units: UnitBuffer, caret: Int) throws(Rejection) -> FieldState {
        let point = units.firstIndex(of: Self.pointUnit)
        let fraction = point.map { units.count - $0 - 1 }
        if let fraction, fraction > setup.shownFractionDigits { throw .fractionFull(limit: setup.shownFractionDigits) }
        // A state holds at most the digits any field takes, counted before a `DigitBuffer` is filled.
        let significant = units.withBytes { source -> Int in
            guard let first = source.firstIndex(where: { $0 != 0 && $0 != Self.pointUnit }) else { return 0 }
            // Every unit from the first non-zero digit on, less the point when it stands among them.
            return source.count - first - ((point ?? -1) > first ? 1 : 0)
        }
        guard significant <= FieldConfiguration.maxDigitsRange.upperBound else {
            throw .tooManyDigits(limit: setup.configuration.maxDigits)
        }
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
        var next = FieldState(checkedNegative: state.isNegative, digits: digits, caretSlotsFromEnd: 0)
        next.typedFraction = fraction
        next.caretSlotsFromEnd = min(caret, setup.caretStops(in: next))
        return next
    }
}

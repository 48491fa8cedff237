/// One key press on the field.
public enum Key: Sendable, Equatable, Hashable {
    /// A digit key, 0…9 (`.digit(7)`); a value above 9 is refused.
    case digit(UInt8)
    /// Deletes the digit left of the caret, or the selected digits.
    case backspace
    /// Deletes the digit right of the caret (forward delete), or the selected digits.
    case delete
    /// Moves the caret one slot left, or to the selection's start.
    case left
    /// Moves the caret one slot right, or to the selection's end.
    case right
    /// Moves the caret to the start.
    case home
    /// Moves the caret to the end.
    case end
    /// Changes the sign, where the field takes negative amounts.
    case minus
    /// Clears the amount: zero, or empty where the field can be empty.
    case clear
    /// A keypad's `00` and `000` keys: two or three zeros, all or nothing.
    case doubleZero
    /// A keypad's `000` key: three zeros, all or nothing.
    case tripleZero
    /// Makes the amount positive.
    case plus
    /// The decimal key (`.` or `,` on a keyboard): natural mode's point; other modes refuse it.
    case decimal
    /// The field losing focus: nothing to do in `atm` and `whole` mode, and not refused.
    case enter
    /// Shift-arrows, Shift-Home/End and select-all: move the caret, keeping the selection's anchor.
    case selectLeft
    /// Shift-Right: the caret one slot right, extending the selection.
    case selectRight
    /// Shift-Home: the selection extended to the start.
    case selectHome
    /// Shift-End: the selection extended to the end.
    case selectEnd
    /// Select-all: every slot selected, the caret at the end.
    case selectAll

    /// A digit key for any Unicode decimal digit (`٣` is 3), or nil.
    public init?(digit character: Character) {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
              let value = Self.digitValue(of: scalar) else { return nil }
        self = .digit(value)
    }

    /// The value of a Unicode decimal digit (general category Nd), or nil.
    public static func digitValue(of scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value >= 48 && scalar.value <= 57 { return UInt8(scalar.value - 48) }
        // No other ASCII scalar is a digit: the property lookup is left to the rest.
        if scalar.isASCII { return nil }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return UInt8(value)
    }

    /// Every key but the digits, in the order help lists them: `Named` is case-iterable, so the
    /// compiler keeps the list, and a new key cannot be left out of help, completion or the man page.
    package static let editingKeys: [Key] = Named.allCases.map(Key.init)

    /// The keys but the digits, as a type the compiler enumerates. `init(_:)` is exhaustive, and
    /// each key's row in the shell's `KeyTable` names its case (the other direction), so a new key
    /// does not compile until it has one here: no lookup can drop it from the list.
    package enum Named: CaseIterable {
        case backspace, delete, left, right, home, end, minus, clear, doubleZero, tripleZero, plus, decimal, enter
        case selectLeft, selectRight, selectHome, selectEnd, selectAll
    }

    package init(_ named: Named) {
        self = switch named {
        case .backspace: .backspace
        case .delete: .delete
        case .left: .left
        case .right: .right
        case .home: .home
        case .end: .end
        case .minus: .minus
        case .clear: .clear
        case .doubleZero: .doubleZero
        case .tripleZero: .tripleZero
        case .plus: .plus
        case .decimal: .decimal
        case .enter: .enter
        case .selectLeft: .selectLeft
        case .selectRight: .selectRight
        case .selectHome: .selectHome
        case .selectEnd: .selectEnd
        case .selectAll: .selectAll
        }
    }

    /// What the key does to natural mode's units (digits and the point), or nil for the keys
    /// that work as in the other modes. Exhaustive: a new key must say which it is.
    @inline(__always)
    var unitEdit: UnitEdit? {
        switch self {
        case .digit(let value): .digit(value)
        case .doubleZero: .zeros(2)
        case .tripleZero: .zeros(3)
        case .decimal: .decimal
        case .backspace: .backspace
        case .delete: .delete
        case .enter: .enter
        case .left, .right, .home, .end, .minus, .clear, .plus, .selectLeft, .selectRight, .selectHome, .selectEnd, .selectAll: nil
        }
    }

    /// The keys off the seeds' fast path: selection, the keypad's zeros, `<plus>`, `<dec>`,
    /// `<enter>`. Exhaustive: a new key must say which path it takes.
    @inline(__always)
    var takesSelectionPath: Bool {
        switch self {
        case .digit, .backspace, .delete, .left, .right, .home, .end, .minus, .clear: false
        case .doubleZero, .tripleZero, .plus, .decimal, .enter, .selectLeft, .selectRight, .selectHome, .selectEnd, .selectAll: true
        }
    }

    /// The keys that move the caret and keep the selection's anchor.
    var selects: Bool {
        switch self {
        case .selectLeft, .selectRight, .selectHome, .selectEnd, .selectAll: true
        case .digit, .backspace, .delete, .left, .right, .home, .end, .minus, .clear, .doubleZero, .tripleZero, .plus, .decimal, .enter: false
        }
    }
}

/// The keys that change natural mode's units, as their own type so its switch is exhaustive.
enum UnitEdit: Equatable {
    case digit(UInt8)
    case zeros(Int)
    case decimal
    case backspace
    case delete
    case enter
}

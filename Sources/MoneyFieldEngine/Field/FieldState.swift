import Foundation

/// What has been typed: a sign, digits and the caret, counted in digit slots.
///
/// Every public way in is checked, so no state can hold a value that is not a digit, a leading
/// zero or more digits than a field can show; the caret is clamped by the field that holds it.
public struct FieldState: Sendable, Equatable {
    /// A minus may stand on zero, so that minus-then-digits enters a negative amount.
    public internal(set) var isNegative: Bool = false
    /// Emptied by deleting (an emptiable field), or made or cleared empty (`startsEmpty`): no digit shows until one is typed.
    public internal(set) var isEmptied: Bool = false
    /// The digits, held inline; `digits` is the same as an array.
    var digitBuffer = DigitBuffer()
    /// How many digit slots stand right of the caret; 0 is the end.
    public internal(set) var caretSlotsFromEnd: Int = 0
    /// The selection's other end, in slots from the end; nil when nothing is selected.
    public internal(set) var selectionAnchor: Int?
    /// Natural mode: how many fraction digits follow the typed point, nil until it is typed.
    /// The digits are then the amount at this scale (`1234` with 2 is 12.34).
    public internal(set) var typedFraction: Int?
    /// `<enter>` left the field and no key has come back into it since. Kept only with
    /// `emptyShows` `.symbolWhenFocused` and natural mode's focus options, where it shows.
    public internal(set) var hasLeftField = false

    /// The selected slots as (slots right of the selection, slots right of its start), or nil.
    public var selectedSlots: (low: Int, high: Int)? {
        guard let anchor = selectionAnchor, anchor != caretSlotsFromEnd else { return nil }
        return (min(anchor, caretSlotsFromEnd), max(anchor, caretSlotsFromEnd))
    }

    /// The zero state: positive, no digits, caret at the end.
    public init() {}

    /// A state from digit values 0…9 (leading zeros are dropped) and a caret in slots from the end.
    public init(isNegative: Bool = false, digits: [UInt8], caretSlotsFromEnd: Int = 0) throws(FieldError) {
        if let index = digits.firstIndex(where: { $0 > 9 }) {
            throw .invalidState(.notADigit(value: Int(digits[index]), position: index))
        }
        let significant = digits.drop { $0 == 0 }
        guard significant.count <= FieldConfiguration.maxDigitsRange.upperBound else {
            throw .invalidState(.tooManyDigits(count: significant.count, limit: FieldConfiguration.maxDigitsRange.upperBound))
        }
        guard caretSlotsFromEnd >= 0 else { throw .invalidState(.negativeCaret(caretSlotsFromEnd)) }
        self.init(checkedNegative: isNegative, digits: DigitBuffer(significant), caretSlotsFromEnd: caretSlotsFromEnd)
    }

    /// A natural-entry state with `typedFraction` digits after a typed point, for tools in this
    /// package that build a field other than by keys (check's defect zoo).
    package init(isNegative: Bool = false, digits: [UInt8], caretSlotsFromEnd: Int, typedFraction: Int?) throws(FieldError) {
        try self.init(isNegative: isNegative, digits: digits, caretSlotsFromEnd: caretSlotsFromEnd)
        self.typedFraction = typedFraction
    }

    /// The engine's own way in: the digits are already valid.
    init(checkedNegative isNegative: Bool, digits: DigitBuffer, caretSlotsFromEnd: Int) {
        self.isNegative = isNegative
        self.digitBuffer = digits
        self.caretSlotsFromEnd = caretSlotsFromEnd
    }

    /// Digit values 0…9, no leading zeros; empty is zero.
    public var digits: [UInt8] { digitBuffer.array }

    var digitCount: Int { digitBuffer.count }

    /// The digit string as ASCII (`"1245"`, `""` for zero).
    public var digitString: String { digitBuffer.withBytes { String(decoding: $0.map { $0 + 48 }, as: UTF8.self) } }
}

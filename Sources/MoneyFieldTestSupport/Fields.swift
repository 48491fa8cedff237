import MoneyFieldEngine
import Testing

/// A fresh field; every setting as `new` takes it.
package func makeField(
    _ locale: String = "en_US", _ currency: String = "USD", mode: EntryMode = .atm, decimals: Int? = nil,
    maxDigits: Int = 12, maximum: String? = nil, minimum: String? = nil,
    allowsNegative: Bool = false, accounting: Bool = false
) throws -> MoneyField {
    MoneyField(try FieldConfiguration(locale: locale, currency: currency) {
        $0.mode = mode
        $0.decimals = decimals
        $0.maxDigits = maxDigits
        $0.maximum = maximum
        $0.minimum = minimum
        $0.allowsNegative = allowsNegative
        $0.accounting = accounting
    })
}

/// A field with `script` typed into it, every key expected to be taken.
package func makeField(typing script: String, _ locale: String = "en_US", _ currency: String = "USD",
               mode: EntryMode = .atm, allowsNegative: Bool = false, accounting: Bool = false,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> MoneyField {
    var field = try makeField(locale, currency, mode: mode, allowsNegative: allowsNegative, accounting: accounting)
    typeAccepted(script, into: &field, sourceLocation: sourceLocation)
    return field
}

/// Why a marked starting state cannot be made.
package struct UnmarkableState: Error, CustomStringConvertible {
    package let description: String
}

extension MoneyField {
    /// A field in the state `marked` draws, as the prompt writes it: `$1[2.3|]4` is $123.45 with
    /// the caret before `.4` and the digits `23` selected, the anchor at the other end.
    package init(marked: String, _ configuration: FieldConfiguration) throws {
        var display = ""
        var caret: Int?
        var open: Int?
        var close: Int?
        for character in marked {
            let offset = display.utf16.count
            switch character {
            case "|":
                guard caret == nil else { throw UnmarkableState(description: "\(marked): one | only") }
                caret = offset
            case "[": open = offset
            case "]": close = offset
            default: display.append(character)
            }
        }
        guard let caret, (open == nil) == (close == nil) else {
            throw UnmarkableState(description: "\(marked): one | and, for a selection, both [ and ]")
        }
        var field = MoneyField(configuration)
        if !display.isEmpty, display != field.display { try field.set(display) }
        guard field.display == display else { throw UnmarkableState(description: "\(marked): the field shows \(field.display)") }
        func slot(_ offset: Int) throws -> Int {
            let slot = field.caretSlot(nearestUTF16Offset: offset)
            guard field.caretOffset(forSlot: slot) == offset else {
                throw UnmarkableState(description: "\(marked): no caret stop at UTF-16 offset \(offset)")
            }
            return slot
        }
        let target = try slot(caret)
        if let open, let close {
            let anchor = try slot(caret == open ? close : open)
            try field.tap(atUTF16Offset: field.caretOffset(forSlot: anchor))
            while field.state.caretSlotsFromEnd != target {
                try field.press(field.state.caretSlotsFromEnd < target ? .selectLeft : .selectRight)
            }
        } else {
            try field.tap(atUTF16Offset: caret)
        }
        self = field
    }
}

/// What a key does to a field with an empty display (SPEC §1, written once for every test model):
/// one caret stop and nothing to select; a digit, zeros or the point fill it; a sign cannot stand
/// on a field emptied by deleting.
package enum EmptyFieldKey: Equatable {
    case refused(Rejection)
    /// Nothing happens and nothing is refused (moves, selection, settling, clear).
    case stays
    /// The key acts as on the zero the field holds, from caret 0.
    case fills

    /// SPEC §1: backspace, delete and `<neg>` are refused on an empty field (`<neg>` first for
    /// taking no negatives at all); a digit, zeros or the point fill it.
    package init(_ key: Key, allowsNegative: Bool) {
        switch key {
        case .backspace: self = .refused(.nothingToDelete)
        case .delete: self = .refused(.nothingToDeleteForward)
        case .plus: self = .refused(.alreadyPositive)
        case .minus: self = .refused(allowsNegative ? .fieldEmpty : .negativeNotAllowed)
        case .digit, .doubleZero, .tripleZero, .decimal: self = .fills
        case .left, .right, .home, .end, .selectLeft, .selectRight, .selectHome, .selectEnd, .selectAll, .enter, .clear: self = .stays
        }
    }
}

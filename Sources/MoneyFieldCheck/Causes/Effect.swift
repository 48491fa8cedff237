import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell

/// What one key did to one side's field (SPEC §4), read once from its answers before and after
/// the key: the cause table (`Cause.of`) reads two of these, the adapter's and moneyfield's.
struct Effect: Sendable {
    /// The display and value as they were, wherever the caret went: a real field snaps its caret
    /// back into the amount after a key it ignored (`10 |€` Backspace → `10| €`).
    let didNothing: Bool
    /// The caret is elsewhere than before the key (in UTF-16, where both answers have one).
    let caretMoved: Bool
    /// The caret before the key, where the side gave one.
    let caretBefore: Int?

    /// `before` is nil where the side's answer before the key is not known; then `shownBefore`
    /// (the display both sides agreed on) stands for its display.
    init(before: FieldAnswer?, after: FieldAnswer, shownBefore: String) {
        let valueKept = before?.value == nil || after.value == nil || before?.value == after.value
        didNothing = after.display == (before?.display ?? shownBefore) && valueKept
        caretBefore = before?.caret
        caretMoved = caretBefore.map { after.caret != nil && after.caret != $0 } ?? false
    }
}

extension NamedKey.KeyClass {
    /// The record's spelling, as `Cause.code` writes it.
    var code: String {
        switch self {
        case .digit: "digit"
        case .delete: "delete"
        case .point: "point"
        case .sign: "sign"
        case .clear: "clear"
        case .leave: "leave"
        case .move: "move"
        case .select: "select"
        }
    }

    var words: String {
        switch self {
        case .digit: "a digit"
        case .delete: "a backspace or delete"
        case .point: "the decimal key"
        case .sign: "the sign key"
        case .clear: "clear"
        case .leave: "leaving the field"
        case .move: "a caret key"
        case .select: "a selection key"
        }
    }

    /// The class of `key` in `KeyTable`.
    init(_ key: Key) { self = KeyTable.named(for: key).keyClass }
}

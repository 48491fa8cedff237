import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO

/// A defect of a common cause in web money inputs, planted in moneyfield's own field: the
/// instrument `check`'s grouping is measured with (one cause, one script). `moneyfield adapter
/// --plant NAME,…` serves a field with them; tests plant them in process.
package enum PlantedDefect: String, CaseIterable, Sendable {
    // In the order they take precedence where two apply to one key.
    case deletesSymbol = "deletes-symbol"
    case arrowStops = "arrow-stops"
    case deleteBesideSeparator = "delete-beside-separator"
    case endPastSuffix = "end-past-suffix"
    case leadingZero = "leading-zero"
    case frontDigitLost = "front-digit-lost"
    case caretBeforeTypedDigit = "caret-before-typed-digit"
    case fullDropsTop = "full-drops-top"
    case refusedDigitMovesCaret = "refused-digit-moves-caret"
    case noDigitLimit = "no-digit-limit"
    case fractionFullDropsLast = "fraction-full-drops-last"
    case joinCaretOff = "join-caret-off"
    case noIntegerDigit = "no-integer-digit"
    case caretToEnd = "caret-to-end"
    case noRegroup = "no-regroup"
    case leaveWithoutPadding = "leave-without-padding"
    case leftSkipsPoint = "left-skips-point"
    case homeBeforePrefix = "home-before-prefix"
    case trimsOnFocus = "trims-on-focus"
    case displayLength = "display-length"
    case zeroKeptBehindSkip = "zero-kept-behind-skip"
    case endPastSuffixStill = "end-past-suffix-still"
    case homeBeforePrefixStill = "home-before-prefix-still"
    case selectsOnFocus = "selects-on-focus"
    case pointCutsAmount = "point-cuts-amount"

    /// The defect that is the same cause to `check` (one caret where the other snaps back): a
    /// field shows one of the two, never both, so the zoo planted all together leaves this out.
    package var twin: PlantedDefect? {
        switch self {
        case .endPastSuffixStill: .endPastSuffix
        case .homeBeforePrefixStill: .homeBeforePrefix
        default: nil
        }
    }

    /// The defects only a full field shows, which a display held at a length never reaches.
    package var needsAFullField: Bool { [.fullDropsTop, .refusedDigitMovesCaret, .noDigitLimit].contains(self) }

    /// What the field does wrong, in words.
    package var summary: String {
        switch self {
        case .deletesSymbol: "Backspace before every digit (Delete after every digit) deletes the currency text"
        case .arrowStops: "Left and Right stop beside a separator or the currency text, as a browser's caret does"
        case .deleteBesideSeparator: "Backspace or Delete with a separator or the currency text on its side deletes nothing"
        case .endPastSuffix: "End goes past a currency suffix, and a digit, the point, Backspace or Delete there does nothing, the caret snapping back into the amount"
        case .endPastSuffixStill: "End goes past a currency suffix, and a digit, the point, Backspace or Delete there does nothing, the caret staying past it"
        case .leadingZero: "a 0 typed before every digit of a field not full is kept as a leading zero"
        case .frontDigitLost: "a digit from 2 to 9 typed before every digit is lost"
        case .caretBeforeTypedDigit: "a digit from 2 to 9 typed among three digits or more leaves the caret before it"
        case .fullDropsTop: "a digit typed at the end of a full field drops the top digit"
        case .refusedDigitMovesCaret: "a digit refused before every digit of a full field moves the caret right"
        case .noDigitLimit: "a digit typed among the digits of a full field is taken: no limit there"
        case .fractionFullDropsLast: "natural: a digit typed into a full fraction pushes out its last digit, where that is not 0"
        case .joinCaretOff: "natural: deleting the point leaves the caret one place too far left"
        case .caretToEnd: "the caret goes to the end after a backspace (one that does not join over the point)"
        case .leaveWithoutPadding: "natural: leaving the field does not pad a typed fraction ($1.5 stays)"
        case .leftSkipsPoint: "natural: Left never stops just right of the typed point"
        case .noIntegerDigit: "a Backspace at the end, a Delete or a point typed before every digit that leaves an amount below one shows no integer digit ($.05)"
        case .noRegroup: "a delete does not regroup the digits ($1234.00)"
        case .homeBeforePrefix: "Home goes before a currency prefix or the sign of an amount whose first digit is 2 to 9, and a digit, the point or a delete there does nothing, the caret snapping back into the amount"
        case .homeBeforePrefixStill: "Home goes before a currency prefix or the sign of an amount whose first digit is 2 to 9, and a digit, the point or a delete there does nothing, the caret staying before it"
        case .selectsOnFocus: "focus coming back selects the whole text, so a digit typed first replaces an amount of two significant digits or more"
        case .pointCutsAmount: "natural: a point typed among or before the digits, with more digits right of it than the fraction holds, is taken and the digits past the fraction cut ($1|,100 → $1.|10), as cleave.js and react-currency-input-field"
        case .trimsOnFocus: "natural: focus coming back drops the zeros ending a fraction typed in full ($1.50 → $1.5), unconfigured"
        case .zeroKeptBehindSkip: "natural, behind left-skips-point: once Left has skipped the point, a Delete joining over it keeps a zero integer ($0|.1 → $01); only tap gets past the skip to it"
        case .displayLength: "a key that would make the display more than four characters longer than as made does nothing (a maxlength counting the symbol and separators)"
        }
    }

    /// Whether a field made so can show it at all: the natural point's defects need natural
    /// entry, a suffix's a locale that writes one, a zero integer part a fraction.
    package func canShow(in configuration: FieldConfiguration) -> Bool {
        switch self {
        case .fractionFullDropsLast, .joinCaretOff, .leaveWithoutPadding, .leftSkipsPoint: configuration.mode == .natural
        case .trimsOnFocus: configuration.mode == .natural && configuration.onFocus == .keep && configuration.shownFractionDigits > 0
        // Focus leaves only on `<enter>`, which `check` presses in natural entry alone.
        case .selectsOnFocus: configuration.mode == .natural
        // Only behind `leftSkipsPoint`'s caret difference, which ends a session unless the adapter
        // answers tap: alone, or without tap, never (TapTests plant the two with tap).
        case .zeroKeptBehindSkip: false
        case .endPastSuffix, .endPastSuffixStill: PlantedField.suffixEnd(of: MoneyField(configuration)) != nil
        case .homeBeforePrefix, .homeBeforePrefixStill: PlantedField.hasPrefix(MoneyField(configuration))
        case .noIntegerDigit: configuration.shownFractionDigits > 0
        case .pointCutsAmount: configuration.mode == .natural && configuration.shownFractionDigits > 0
        case .deletesSymbol, .arrowStops, .deleteBesideSeparator, .leadingZero, .frontDigitLost, .caretBeforeTypedDigit, .fullDropsTop,
             .refusedDigitMovesCaret, .noDigitLimit, .noRegroup, .caretToEnd, .displayLength: true
        }
    }

    /// Reads `deletes-symbol,arrow-stops` (or `all`).
    package static func list(parsing text: String) throws(CommandError) -> [PlantedDefect] {
        if text == "all" { return allCases }
        var chosen: [PlantedDefect] = []
        for name in text.split(separator: ",") {
            guard let defect = PlantedDefect(rawValue: String(name)) else {
                let names = allCases.map(\.rawValue)
                let close = Suggestions.closest(to: String(name), in: ["all"] + names, limit: 2)
                throw CommandError("--plant: unknown defect \(VisibleText.quoted(name))\(Suggestions.didYouMean(close)) (the defects: all, \(names.joined(separator: ", ")))")
            }
            chosen.append(defect)
        }
        return allCases.filter(chosen.contains)
    }
}

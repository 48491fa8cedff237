import Foundation
import MoneyFieldEngine

/// One field of the fixed locale mix every keystroke figure is measured on.
public struct MixEntry: Sendable {
    public let locale: String
    public let currency: String

    public init(_ locale: String, _ currency: String) {
        self.locale = locale
        self.currency = currency
    }
}

/// The fixed workload: locales with unlike rules (Latin, Indian grouping, U+202F, Arabic-Indic
/// digits with bidi marks, no fraction, three fraction digits) and a realistic key sequence.
public enum Workload {
    public static let mix: [MixEntry] = [
        MixEntry("en_US", "USD"), MixEntry("de_DE", "EUR"), MixEntry("fr_FR", "EUR"), MixEntry("en_IN", "INR"),
        MixEntry("ar_EG", "EGP"), MixEntry("ja_JP", "JPY"), MixEntry("ar_KW", "KWD"), MixEntry("de_CH", "CHF"),
        MixEntry("es_ES", "EUR"), MixEntry("he_IL", "ILS"),
    ]

    /// What an operator types into one field: mostly digits, some caret moves and corrections,
    /// a sign flip, ending with clear so the field cycles. 32 keys, digits never past 10.
    public static let keys: [Key] = {
        var keys: [Key] = []
        for digit: UInt8 in [1, 2, 3, 4, 5, 6, 7] { keys.append(.digit(digit)) }
        keys += [.left, .left, .digit(9), .backspace, .delete, .end, .digit(0), .digit(5)]
        keys += [.minus, .home, .digit(8), .right, .right, .backspace, .end, .backspace, .backspace]
        keys += [.digit(4), .digit(2), .minus, .digit(6), .backspace, .clear]
        return keys
    }()

    /// The same kind of session with selection and the keypad keys: shift-arrows, select-all,
    /// a digit over a selection, 00 and 000, plus. 32 keys, ending with clear.
    public static let selectionKeys: [Key] = {
        var keys: [Key] = []
        for digit: UInt8 in [1, 2, 3, 4, 5] { keys.append(.digit(digit)) }
        keys += [.selectLeft, .selectLeft, .digit(9), .doubleZero, .left, .selectRight, .backspace, .end]
        keys += [.selectAll, .digit(7), .tripleZero, .minus, .plus, .selectHome, .delete, .digit(3), .digit(4)]
        keys += [.selectLeft, .selectLeft, .selectRight, .digit(6), .enter, .home, .selectEnd, .backspace, .clear]
        return keys
    }()

    /// Natural entry with selection: integer digits, the point, fraction digits, caret moves over
    /// the point, backspace joining over it, <dec> splitting again, a selection across it replaced,
    /// <enter> settling. 32 keys, ending with clear.
    public static let naturalKeys: [Key] = {
        var keys: [Key] = []
        for digit: UInt8 in [1, 2, 3, 4] { keys.append(.digit(digit)) }
        keys += [.decimal, .digit(5), .left, .left, .backspace, .digit(6), .decimal, .end, .selectLeft, .selectLeft]
        keys += [.selectLeft, .digit(7), .decimal, .digit(8), .home, .digit(9), .minus, .enter, .left, .left, .left]
        keys += [.delete, .selectAll, .digit(2), .decimal, .digit(1), .enter, .clear]
        return keys
    }()

    /// Fields of the mix, negatives allowed so the sign key is exercised.
    public static func fields(mode: EntryMode = .atm) -> [MoneyField] {
        mix.map { entry in
            // The mix is fixed and valid; a failure here is a broken benchmark, not user input.
            MoneyField(try! FieldConfiguration(locale: entry.locale, currency: entry.currency) {
                $0.mode = mode
                $0.allowsNegative = true
            })
        }
    }
}

/// The amount of a field as `Decimal`, the way a formatter-based field would hold it.
public func decimalAmount(of field: MoneyField) -> Decimal {
    var significand: UInt64 = 0
    for digit in field.state.digits { significand = significand &* 10 &+ UInt64(digit) }
    let scale = field.configuration.shownFractionDigits
    return Decimal(sign: field.state.isNegative ? .minus : .plus, exponent: -scale, significand: Decimal(significand))
}

/// The caret offset found the obvious way: scan the formatted string for digit glyphs.
public func scannedCaretOffset(in display: String, caretSlotsFromEnd caret: Int) -> Int {
    var glyphEnds: [Int] = []
    var firstStart = 0
    var offset = 0
    for scalar in display.unicodeScalars {
        let width = UTF16.width(scalar)
        if scalar.properties.numericType == .decimal {
            if glyphEnds.isEmpty { firstStart = offset }
            glyphEnds.append(offset + width)
        }
        offset += width
    }
    if caret >= glyphEnds.count { return firstStart }
    return glyphEnds[glyphEnds.count - 1 - caret]
}

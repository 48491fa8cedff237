import MoneyField
import Testing

/// Caret moves skip rendering: the arithmetic offset must equal the offset rendering finds.
@Suite struct CaretOffsetTests {
    static let chunks: [[String]] = stride(from: 0, to: LocaleCatalog.identifiers.count, by: 130).map {
        Array(LocaleCatalog.identifiers[$0..<min($0 + 130, LocaleCatalog.identifiers.count)])
    }

    @Test(arguments: chunks)
    func arithmeticOffsetEqualsTheRenderedOne(locales: [String]) {
        for locale in locales {
            for (currency, fraction) in [("USD", 2), ("INR", 2), ("JPY", 0), ("KWD", 3)] {
                let format = CurrencyFormat.cached(for: FormatKey(locale: locale, currency: currency, fractionDigits: fraction, accounting: false))
                for digitCount in [0, 1, 3, 4, 5, 7, 12, 30] {
                    let magnitude = (0..<digitCount).map { UInt8(($0 % 9) + 1) }
                    let slots = max(digitCount, fraction + 1)
                    for negative in [false, true] {
                        let display = format.render(negative: negative, magnitude: magnitude, caretSlotsFromEnd: 0).display
                        for caret in 0...slots {
                            let rendered = format.render(negative: negative, magnitude: magnitude, caretSlotsFromEnd: caret).caretOffset
                            let computed = format.caretOffset(in: display, negative: negative, digitCount: digitCount, caretSlotsFromEnd: caret)
                            #expect(computed == rendered, "\(locale) \(currency) \(digitCount) digits, caret \(caret), negative \(negative)")
                            if computed != rendered { return }
                        }
                    }
                }
            }
        }
    }

    @Test func aCaretMoveKeepsTheDisplayAndMovesTheOffset() throws {
        var field = MoneyField(try FieldConfiguration(locale: "en_IN", currency: "INR"))
        _ = field.paste("123456789")
        #expect(field.marked == "₹12,34,567.89|")
        try field.press(.left)
        try field.press(.left)
        try field.press(.left)
        #expect(field.marked == "₹12,34,56|7.89")
        try field.press(.left)
        try field.press(.left)
        try field.press(.left)
        try field.press(.left)
        #expect(field.marked == "₹12|,34,567.89")
        try field.press(.home)
        #expect(field.marked == "₹|12,34,567.89")
    }
}

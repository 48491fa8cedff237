@_spi(Benchmarks) import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// The caret offset is arithmetic on the compiled pattern; it must land where scanning the
/// finished display for digit glyphs says: right after the glyph with `caret` slots to its right.
@Suite struct CaretOffsetTests {
    static func scannedOffset(in display: String, caret: Int) -> Int {
        var glyphs: [(start: Int, end: Int)] = []
        var offset = 0
        for scalar in display.unicodeScalars {
            let width = scalar.utf16.count
            if scalar.properties.numericType == .decimal { glyphs.append((offset, offset + width)) }
            offset += width
        }
        return caret >= glyphs.count ? glyphs[0].start : glyphs[glyphs.count - 1 - caret].end
    }

    static let chunks: [[String]] = stride(from: 0, to: LocaleCatalog.identifiers.count, by: 130).map {
        Array(LocaleCatalog.identifiers[$0..<min($0 + 130, LocaleCatalog.identifiers.count)])
    }

    @Test(arguments: chunks)
    func arithmeticOffsetEqualsTheScannedOne(locales: [String]) {
        for locale in locales {
            for (currency, fraction) in [("USD", 2), ("INR", 2), ("JPY", 0), ("KWD", 3)] {
                let format = CurrencyFormat.cached(for: FormatKey(locale: locale, currency: currency, fractionDigits: fraction))
                for digitCount in [0, 1, 3, 4, 5, 7, 12, 30] {
                    let magnitude = (0..<digitCount).map { UInt8(($0 % 9) + 1) }
                    let slots = max(digitCount, fraction + 1)
                    for negative in [false, true] {
                        let display = format.render(negative: negative, magnitude: magnitude, caretSlotsFromEnd: 0).display
                        for caret in 0...slots {
                            let scanned = Self.scannedOffset(in: display, caret: caret)
                            let rendered = format.render(negative: negative, magnitude: magnitude, caretSlotsFromEnd: caret).caretOffset
                            let moved = format.caretOffset(in: display, negative: negative, digitCount: digitCount, caretSlotsFromEnd: caret)
                            #expect(rendered == scanned && moved == scanned, "\(locale) \(currency) \(digitCount) digits, caret \(caret), negative \(negative)")
                            if rendered != scanned || moved != scanned { return }
                        }
                    }
                }
            }
        }
    }

    @Test func aCaretMoveKeepsTheDisplayAndMovesTheOffset() throws {
        var field = MoneyField(try FieldConfiguration(locale: "en_IN", currency: "INR"))
        _ = try field.paste("123456789")
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

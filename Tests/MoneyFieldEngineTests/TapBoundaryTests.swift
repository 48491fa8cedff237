import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// Issue 53 #5: a tap just after a separator stands before the next digit. SPEC §1: the boundary
/// between two glyphs holds every offset from the end of the left one to the start of the right
/// one; elsewhere the nearest boundary, a tie to the later one.
@Suite("a tap's offset and the boundary it lands on")
struct TapBoundaryTests {
    @Test(arguments: [
        // The three, drawn where the field draws that caret.
        ("en_US", "USD", EntryMode.whole, "1234", 3, "$1|,234"),
        ("de_DE", "EUR", .atm, "123456", 2, "1|.234,56\u{A0}€"),
        ("en_US", "USD", .atm, "12", 3, "$0|.12"),
        // Before a separator, as before.
        ("en_US", "USD", .whole, "1234", 2, "$1|,234"),
        ("en_US", "USD", .atm, "12", 2, "$0|.12"),
        // fr_FR groups with U+202F and separates with `,`.
        ("fr_FR", "EUR", .atm, "123456", 2, "1|\u{202F}234,56\u{A0}€"),
        ("fr_FR", "EUR", .atm, "123456", 6, "1\u{202F}234|,56\u{A0}€"),
        // Natural mode's point is a unit: just after it is its own stop.
        ("en_US", "USD", .natural, "1234<dec>5", 3, "$1|,234.5"),
        ("en_US", "USD", .natural, "1234<dec>5", 6, "$1,234|.5"),
        ("en_US", "USD", .natural, "1234<dec>5", 7, "$1,234.|5"),
    ])
    func aTapJustAfterASeparatorStandsBeforeTheNextDigit(locale: String, currency: String, mode: EntryMode, keys: String, offset: Int, marked: String) throws {
        var field = try makeField(typing: keys, locale, currency, mode: mode)
        try field.tap(atUTF16Offset: offset)
        expectMarked(field, marked)
    }

    /// `select` and `edit` ranges that start just after a separator act from that boundary.
    @Test func selectionsAndEditsStartingJustAfterASeparator() throws {
        var field = try makeField(typing: "1234", mode: .whole)
        // A range with no digit glyph places the caret as a tap at its start.
        #expect(try !field.select(utf16Start: 3, length: 0))
        expectMarked(field, "$1|,234")
        try field.replace(utf16Range: 3..<3, with: "5")
        expectMarked(field, "$15|,234")
        // Over the separator alone: no glyph, the caret as a tap just before it, and an empty
        // text backspaces from there (the separator's digit to its left goes).
        var over = try makeField(typing: "1234", mode: .whole)
        try over.replace(utf16Range: 2..<3, with: "")
        expectMarked(over, "$|234")
        // A range ending just after a separator selects the digits before it.
        var ending = try makeField(typing: "123456", "de_DE", "EUR")
        #expect(try ending.select(utf16Start: 0, length: 2))
        expectMarked(ending, "[1|].234,56\u{A0}€")
        // Typed just after the point: before the `1`, the same caret as just before the point.
        var atm = try makeField(typing: "12")
        try atm.replace(utf16Range: 3..<3, with: "7")
        expectMarked(atm, "$7|.12")
    }

    static let fields: [(locale: String, currency: String, mode: EntryMode)] = [
        ("en_US", "USD", .atm), ("en_US", "USD", .whole), ("en_US", "USD", .natural),
        ("de_DE", "EUR", .atm), ("de_DE", "EUR", .whole), ("de_DE", "EUR", .natural),
        ("fr_FR", "EUR", .atm), ("fr_FR", "EUR", .whole), ("fr_FR", "EUR", .natural),
    ]

    static let keys = ["", "5", "1234", "1234567", "1234567<dec>", "1234567<dec>8", "<neg>1234<dec>56"]

    /// Every offset of every display: the caret lands on the boundary whose offsets hold it, or
    /// the nearest one (a tie to the later), the glyphs found by scanning the display
    /// (`FieldReference`), not by the engine.
    @Test("every offset of a spread of displays", arguments: fields)
    func everyOffset(locale: String, currency: String, mode: EntryMode) throws {
        for keys in Self.keys where mode == .natural || !keys.contains("<dec>") {
            let field = try makeField(typing: keys, locale, currency, mode: mode, allowsNegative: true)
            let glyphs = try #require(mode == .natural ? FieldReference.naturalUnitGlyphs(of: field) : FieldReference.digitGlyphs(in: field.display))
            let n = glyphs.count
            #expect(n == field.slotCount, "\(field.marked)")
            // The offsets of boundary c (c glyphs right of it): from the end of the glyph left of
            // it to the start of the one right of it.
            func low(_ c: Int) -> Int { c == n ? glyphs[0].lowerBound : glyphs[n - c - 1].upperBound }
            func high(_ c: Int) -> Int { c == 0 ? glyphs[n - 1].upperBound : glyphs[n - c].lowerBound }
            for offset in 0...field.display.utf16.count {
                let distances = (0...n).map { max(0, low($0) - offset, offset - high($0)) }
                let expected = (0...n).filter { distances[$0] == distances.min()! }.min()!
                var tapped = field
                try tapped.tap(atUTF16Offset: offset)
                let label = "\(locale) \(mode) \(field.marked) tap \(offset)"
                #expect(tapped.state.caretSlotsFromEnd == expected, "\(label): \(tapped.marked)")
                // Never past the next digit: the caret drawn is at or before the first glyph that
                // starts at or after the offset.
                if let next = glyphs.first(where: { $0.lowerBound >= offset }) {
                    #expect(tapped.caretOffset <= next.lowerBound, "\(label): \(tapped.marked) stands past the next glyph")
                }
                #expect(tapped.selectionRange == nil, "\(label)")
                // `select START 0` places the caret as the tap does.
                var selected = field
                #expect(try !selected.select(utf16Start: offset, length: 0))
                #expect(selected == tapped, "\(label): select \(offset) 0 gives \(selected.marked)")
            }
        }
    }
}

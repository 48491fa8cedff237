import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldTestSupport
import Testing

/// Random platform edit events (a UTF-16 range of the display and a replacement) on random
/// fields, checked against SPEC §1 "Platform edit events" written again on digit strings, with
/// glyphs found by scanning the display (FieldReference), not by the engine.
@Suite struct EditEventPropertyTests {
    static let fields: [(String, String)] = [("en_US", "USD"), ("de_DE", "EUR"), ("fr_FR", "EUR"), ("ar_EG", "EGP"), ("en_IN", "INR"),
                                             ("ja_JP", "JPY"), ("he_IL", "ILS"), ("hi_IN@numbers=deva", "INR")]
    static let texts = ["", "7", "42", "-", "\u{2212}", "a", "٣", "1.5", "00"]

    /// What the spec says the edit does, or nil when it must be refused (the text is not insertable).
    static func expected(_ field: MoneyField, range: Range<Int>, text: String) -> (digits: String, caret: Int, negative: Bool)? {
        let display = field.display
        let glyphs = FieldReference.digitGlyphs(in: display)
        let n = glyphs.count
        var padded = Array(String(repeating: "0", count: n - field.state.digits.count) + field.state.digitString)
        let inside = glyphs.indices.filter { glyphs[$0].lowerBound >= range.lowerBound && glyphs[$0].upperBound <= range.upperBound }
        // Slots right of each boundary: c = n before the first glyph, else just after glyph n-c-1.
        func boundary(_ c: Int) -> Int { c == n ? glyphs[0].lowerBound : glyphs[n - c - 1].upperBound }
        var caret: Int
        let scalars = Array(text.unicodeScalars)
        let isSign = scalars == ["-"] || scalars == ["\u{2212}"]
        if let first = inside.first, let last = inside.last {
            // A sign keeps the selection and its digits; digits and deletion replace them.
            if !isSign { padded.removeSubrange(first...last) }
            caret = n - last - 1
        } else {
            // The nearest boundary to the start, a boundary holding every offset from the end of
            // the glyph left of it to the start of the one right of it (a tap just after a
            // separator stands before the next digit); a tie goes to the later one.
            func high(_ c: Int) -> Int { c == 0 ? glyphs[n - 1].upperBound : glyphs[n - c].lowerBound }
            let distances = (0...n).map { max(0, boundary($0) - range.lowerBound, range.lowerBound - high($0)) }
            let best = distances.min()!
            caret = (0...n).filter { distances[$0] == best }.min()!
        }
        let slotsNow = padded.count
        var negative = field.state.isNegative
        if scalars.isEmpty {
            if inside.isEmpty {
                guard caret < slotsNow else { return (field.state.digitString, caret, negative) }  // refused: nothing left
                padded.remove(at: slotsNow - caret - 1)
            }
        } else if isSign {
            negative.toggle()
        } else {
            guard scalars.allSatisfy({ Key.digitValue(of: $0) != nil }) else { return nil }
            padded.insert(contentsOf: scalars.map { Character(String(Key.digitValue(of: $0)!)) }, at: slotsNow - caret)
        }
        let digits = String(padded.drop { $0 == "0" })
        let slots = max(digits.count, field.configuration.shownFractionDigits + 1)
        return (digits, min(caret, slots), negative)
    }

    @Test(arguments: 0..<4)
    func randomEditsFollowTheSpec(shard: Int) throws {
        var rng = SplitMix64(seed: UInt64(shard) &* 7919 &+ 17)
        var problems: [String] = []
        for round in 0..<400 {
            let (locale, currency) = Self.fields[Int(rng.next() % UInt64(Self.fields.count))]
            var field = MoneyField(try FieldConfiguration(locale: locale, currency: currency) { $0.allowsNegative = true })
            let typed = String((0..<Int(rng.next() % 7)).map { _ in Character(String(rng.next() % 10)) })
            _ = try field.paste(typed)
            let length = field.display.utf16.count
            let start = Int(rng.next() % UInt64(length + 1))
            let range = start..<(start + Int(rng.next() % UInt64(length - start + 1)))
            let text = Self.texts[Int(rng.next() % UInt64(Self.texts.count))]
            let before = field
            let prediction = Self.expected(field, range: range, text: text)
            do throws(MoneyField.EditFailure) {
                try field.replace(utf16Range: range, with: text)
                guard let prediction else { problems.append("\(round) \(locale) \(before.marked) \(range) \"\(text)\": taken, spec refuses"); continue }
                if field.state.digitString != prediction.digits || field.state.caretSlotsFromEnd != prediction.caret
                    || field.state.isNegative != prediction.negative {
                    problems.append("\(round) \(locale) \(before.marked) \(range) \"\(text)\": \(field.marked), spec \(prediction)")
                }
            } catch {
                if field != before || field.marked != before.marked { problems.append("\(round): a refused edit changed the field") }
                // Refused edits: not insertable text, or a key with nothing to do (backspace at the start).
                if let prediction, prediction.digits != before.state.digitString || prediction.negative != before.state.isNegative {
                    problems.append("\(round) \(locale) \(before.marked) \(range) \"\(text)\": refused (\(error)), spec \(prediction)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }
}

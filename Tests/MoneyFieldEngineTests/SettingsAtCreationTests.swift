import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// What a field is made with is checked when it is made: limits that hold no amount and
/// numbering systems that show no digits are refused then, not found out key by key.
@Suite("settings at creation") struct SettingsAtCreationTests {
    @Test(arguments: [
        ("USD", "0.001", "0.009", false, 2), ("JPY", "0.5", "0.9", false, 0), ("USD", "-5", "-1", false, 2),
    ])
    func limitsThatHoldNoAmountAreRefused(currency: String, minimum: String, maximum: String, negative: Bool, fraction: Int) {
        #expect(throws: FieldError.noAmountWithinLimits(minimum: minimum, maximum: maximum, fractionDigits: fraction)) {
            _ = try FieldConfiguration(currency: currency) {
                $0.maximum = maximum
                $0.minimum = minimum
                $0.allowsNegative = negative
            }
        }
    }

    @Test(arguments: [("USD", "0.001", "0.011", false), ("JPY", "0.5", "1", false), ("USD", "-5", "-1", true), ("KWD", "0.0015", "0.002", false)])
    func limitsThatHoldOneAmountAreFine(currency: String, minimum: String, maximum: String, negative: Bool) throws {
        _ = try FieldConfiguration(currency: currency) {
            $0.maximum = maximum
            $0.minimum = minimum
            $0.allowsNegative = negative
        }
    }

    @Test func aMinimumBeyondWhatTheDigitsCanHoldIsRefused() {
        #expect(throws: FieldError.noAmountWithinLimits(minimum: "1.5", maximum: nil, fractionDigits: 2)) {
            _ = try FieldConfiguration { $0.maxDigits = 2; $0.minimum = "1.5" }
        }
    }

    @Test(arguments: ["roman", "hebr", "jpan", "grek"])
    func algorithmicNumberingSystemsAreRefused(system: String) {
        #expect(throws: FieldError.algorithmicNumberingSystem(system)) { _ = try FieldConfiguration(locale: "en_US@numbers=\(system)") }
    }

    /// Every numbering system ICU has is either refused or shows its digits with the caret right.
    @Test func everyAcceptedNumberingSystemHasItsCaretRight() throws {
        var problems: [String] = []
        for system in Locale.NumberingSystem.availableNumberingSystems.map(\.identifier) {
            guard let configuration = try? FieldConfiguration(locale: "en_US@numbers=\(system)") else { continue }
            var field = MoneyField(configuration)
            try type("12345<left><left>", into: &field)
            let display = field.display
            // The caret stands after the third digit glyph: the glyphs are what ICU wrote for 0–9.
            let zero = Decimal(0).formatted(.number.locale(Locale(identifier: "en_US@numbers=\(system)")))
            if display.contains("1") && zero != "0" { problems.append("\(system): Latin digits in \(display)") }
            if field.state.caretSlotsFromEnd != 2 { problems.append("\(system): caret slots \(field.state.caretSlotsFromEnd)") }
            let before = String(display.utf16.prefix(field.caretOffset))!
            if before.unicodeScalars.filter({ !$0.properties.isWhitespace && $0 != "$" && $0 != "." && $0 != "," }).count != 3 {
                problems.append("\(system): \(field.marked)")
            }
            var again = MoneyField(configuration)
            do { try again.set(display) } catch { problems.append("\(system): set of \(display) fails") }
            if again.value != field.value { problems.append("\(system): \(display) reads as \(again.value ?? "nothing")") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}

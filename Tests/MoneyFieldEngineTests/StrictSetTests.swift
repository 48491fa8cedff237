import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// `set` reads one amount or nothing: text that only looks like an amount is refused and the
/// field stays as it was; every display the field itself shows reads back.
@Suite("strict set") struct StrictSetTests {
    @Test(arguments: [
        ("en_US", "USD", "1-2"), ("en_US", "USD", "12+34"), ("en_US", "USD", "1,2"), ("en_US", "USD", "DUDS5"),
        ("en_US", "USD", "12,34"), ("en_US", "USD", "1,23,456.00"), ("en_US", "USD", "$5 USD"), ("en_US", "USD", "--5"),
        ("en_US", "USD", "(5"), ("en_US", "USD", "١٢3"), ("en_US", "USD", "5€"), ("en_US", "USD", "1.2.3"),
        ("en_IN", "INR", "₹1,234,567.00"), ("de_DE", "EUR", "1,2,3 €"), ("fr_FR", "EUR", "12 34 €"),
        ("en_US@numbers=hanidec", "USD", "$一二3.45"),
    ])
    func textThatIsNotOneAmountIsRefused(locale: String, currency: String, text: String) throws {
        var field = try MoneyField(locale: locale, currency: currency)
        try type("7", into: &field)
        let before = field
        #expect(throws: FieldError.unreadableAmount(text, locale: field.configuration.locale)) { try field.set(text) }
        #expect(field == before, "nothing changes")
    }

    @Test(arguments: [
        ("en_US", "USD", "$1,234.50", "1234.50"), ("en_US", "USD", "USD 7", "7.00"), ("en_US", "USD", "($12.50)", "-12.50"),
        ("en_IN", "INR", "₹12,34,567.00", "1234567.00"), ("de_CH", "CHF", "CHF 1'234.50", "1234.50"),
        ("fr_FR", "EUR", "1 234,50 €", "1234.50"), ("de_DE", "EUR", "-1.234,50 €", "-1234.50"),
        ("en_US@numbers=hanidec", "USD", "$一二三.四五", "123.45"), ("ar_EG", "EGP", "١٢٫٣٤", "12.34"),
    ])
    func theLocalesOwnWritingIsRead(locale: String, currency: String, text: String, value: String) throws {
        let configuration = try FieldConfiguration(locale: locale, currency: currency) { $0.allowsNegative = true }
        var field = MoneyField(configuration)
        try field.set(text)
        #expect(field.value == value)
    }

    /// Every locale ICU lists, its own currency, positive and negative, grouped and not.
    @Test func everyDisplayReadsBack() throws {
        var failures: [String] = []
        for locale in LocaleCatalog.identifiers {
            let currency = Locale(identifier: locale).currency?.identifier ?? "USD"
            guard let configuration = try? FieldConfiguration(locale: locale, currency: currency, {
                $0.allowsNegative = true
            }) else { continue }
            for amount in ["0.05", "-1234567.89", "12"] {
                var field = MoneyField(configuration)
                guard (try? field.set(amount)) != nil else { continue }
                let shown = field
                var again = MoneyField(configuration)
                do { try again.set(shown.display) } catch { failures.append("\(locale) \(visible(shown.display)): \(error)"); continue }
                if again.value != shown.value { failures.append("\(locale) \(visible(shown.display)) read as \(again.value ?? "nothing")") }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// Text around an amount is trimmed as the shell trims a line: any Unicode white space,
    /// U+2028 and U+0085 included, and a space with a combining mark on it.
    @Test(arguments: ["12\u{2028}", "\u{0085}12", "\u{3000}12 \t", " \u{301}12"])
    func spacesAroundAnAmountAreTrimmed(text: String) throws {
        var field = try MoneyField(locale: "en_US", currency: "USD")
        try field.set(text)
        #expect(field.value == "12.00")
    }

    /// Natural mode shows a typed point with no fraction digit yet (`$1,234.`): that display reads
    /// back too, in every locale, as the amount without a fraction.
    @Test func aTypedPointWithoutFractionReadsBack() throws {
        var failures: [String] = []
        for locale in LocaleCatalog.identifiers {
            let currency = Locale(identifier: locale).currency?.identifier ?? "USD"
            guard let configuration = try? FieldConfiguration(locale: locale, currency: currency, { $0.mode = .natural }),
                  configuration.fractionDigits > 0 else { continue }
            var field = MoneyField(configuration)
            for key in [Key.digit(1), .digit(2), .digit(3), .digit(4), .decimal] { try field.press(key) }
            var again = MoneyField(configuration)
            do { try again.set(field.display) } catch { failures.append("\(locale) \(visible(field.display)): \(error)"); continue }
            if again.value != field.value { failures.append("\(locale) \(visible(field.display)) read as \(again.value ?? "nothing")") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test(arguments: ["1.2.", "12..", ".", "$.", "1,234.5."])
    func aPointAfterTheLastDigitIsOneOfAtMostOne(text: String) throws {
        var field = try MoneyField(locale: "en_US", currency: "USD")
        #expect(throws: FieldError.unreadableAmount(text, locale: "en_US")) { try field.set(text) }
    }
}

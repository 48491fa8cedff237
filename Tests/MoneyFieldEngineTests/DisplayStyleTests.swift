import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// `--display` and `--empty-when-zero` (SPEC §1 More keys and options): every presentation ICU
/// offers is byte-identical to the FormatStyle with `.presentation(…)`, in every locale.
@Suite struct DisplayStyleTests {
    @Test(arguments: DisplayStyle.allCases)
    func everyLocaleShowsEachStyleAsTheFormatStyleDoes(style: DisplayStyle) throws {
        var problems: [String] = []
        for (index, locale) in LocaleCatalog.identifiers.enumerated() {
            // A currency of its own where it has one, else a rotating one with 0, 2 or 3 digits.
            let currency = Locale(identifier: locale).currency?.identifier ?? ["USD", "JPY", "KWD"][index % 3]
            guard let configuration = try? FieldConfiguration(locale: locale, currency: currency, {
                $0.allowsNegative = true
                $0.accounting = index % 5 == 0
                $0.display = style
            }) else { continue }
            var field = MoneyField(configuration)
            for script in ["1", "100", "123456", "<neg>"] {
                _ = try type(script, into: &field)
                problems += FieldReference.problems(in: field).map { "\(locale) \(currency) \(style): \($0)" }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test func anEmptyFieldShowsNothingUntilADigit() throws {
        var field = MoneyField(try FieldConfiguration { $0.allowsNegative = true; $0.emptyWhenZero = true })
        #expect(field.display == "" && field.caretOffset == 0 && field.isEmpty)
        try field.press(.digit(7))
        expectMarked(field, "$0.07|")
        try field.press(.backspace)
        #expect(field.display == "" && field.isEmpty)
        // No amount to sign (SPEC §1): the sign waits for a digit.
        expectRefused(.minus, on: &field, .fieldEmpty)
        try field.press(.digit(5))
        try field.press(.minus)
        expectMarked(field, "-$0.05|")
        try field.press(.backspace)
        expectMarked(field, "-$0.00|")
        #expect(!field.isEmpty)
        try field.tap(atUTF16Offset: 0)
        try field.press(.minus)
        #expect(field.display == "")
        try field.select(utf16Start: 0, length: 0)
        #expect(field.marked == "|")
    }
}

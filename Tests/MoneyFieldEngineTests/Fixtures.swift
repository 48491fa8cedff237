import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// Foundation's formatting of a plain amount, the SPEC's reference display.
func foundationDisplay(_ plain: String, locale: String, currency: String, fractionDigits: Int,
                       accounting: Bool = false) -> String {
    var style = Decimal.FormatStyle.Currency(code: currency, locale: Locale(identifier: locale))
        .precision(.fractionLength(fractionDigits))
    if accounting { style = style.sign(strategy: .accounting) }
    return Decimal(string: plain, locale: Locale(identifier: "en_US_POSIX"))!.formatted(style)
}

/// Runs `body` expecting it to refuse the key with `rejection`, and checks the field did not change at all.
func expectRefused(_ key: Key, on field: inout MoneyField, _ rejection: Rejection,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    let before = field
    #expect(throws: rejection, sourceLocation: sourceLocation) { try field.press(key) }
    #expect(field == before, "a refused \(key) changed the field", sourceLocation: sourceLocation)
    #expect(field.marked == before.marked, sourceLocation: sourceLocation)
}

/// Expects `body` to throw exactly `error` and leave `field` as it was.
func expectFieldError(_ error: FieldError, on field: inout MoneyField,
                      sourceLocation: SourceLocation = #_sourceLocation,
                      _ body: (inout MoneyField) throws(FieldError) -> Void) {
    let before = field
    #expect(throws: error, sourceLocation: sourceLocation) { try body(&field) }
    #expect(field == before, "a failed command changed the field", sourceLocation: sourceLocation)
    #expect(field.marked == before.marked, sourceLocation: sourceLocation)
}

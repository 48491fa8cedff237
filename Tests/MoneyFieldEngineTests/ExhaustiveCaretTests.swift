import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// Every caret position × every key × a spread of locales, currencies and modes, each combination
/// checked against the plain SPEC §1 model and the reference display (swift-collections' `withEvery` habit).
@Suite("every caret position × key")
struct ExhaustiveCaretTests {
    static let fields: [(locale: String, currency: String, mode: EntryMode)] = [
        ("en_US", "USD", .atm), ("en_US", "USD", .whole), ("ar_KW", "KWD", .atm), ("en_IN", "INR", .atm),
        ("fr_FR", "EUR", .atm), ("ja_JP", "JPY", .atm), ("fa_IR", "IRR", .whole), ("he_IL", "ILS", .atm),
        ("de_CH", "CLF", .atm), ("ff_Adlm_GN", "GNF", .atm), ("es_ES", "EUR", .whole),
    ]

    static let amounts = ["", "5", "50", "105", "1000", "123456789012"]

    static let keys: [Key] = (0...9).map { Key.digit(UInt8($0)) } + Key.editingKeys

    @Test("each key from each caret position does what SPEC §1 says", arguments: fields)
    func everyCombination(locale: String, currency: String, mode: EntryMode) throws {
        for digits in Self.amounts {
            for negative in [false, true] {
                let configuration = try FieldConfiguration(locale: locale, currency: currency) {
                    $0.mode = mode
                    $0.allowsNegative = true
                }
                let slots = max(digits.count, configuration.shownFractionDigits + 1)
                for caret in 0...slots {
                    let start = try FieldState(isNegative: negative, digits: digits.map { $0.asciiValue! - 48 }, caretSlotsFromEnd: caret)
                    let model = FieldPropertyTests.Model(negative: negative, digits: digits, caret: caret)
                    for key in Self.keys {
                        let label = "\(locale) \(currency) \(mode) \(negative ? "-" : "")\(digits) c=\(caret) \(key)"
                        Self.expectKey(key, on: MoneyField(configuration, state: start), follows: model.pressing(key, configuration),
                                       agrees: { $0.agrees(with: $1) }, label)
                    }
                }
            }
        }
    }

    /// Presses `key` on a copy of `field`: taken exactly when the model takes it, to the model's state,
    /// refused for the model's reason with nothing changed; then every SPEC §1 property holds.
    static func expectKey<Model>(_ key: Key, on field: MoneyField, follows expected: Result<Model, Rejection>,
                                 agrees: (Model, FieldState) -> Bool, _ label: String) {
        var pressed = field
        do {
            try pressed.press(key)
            guard case .success(let next) = expected, agrees(next, pressed.state) else {
                Issue.record("\(label): \(pressed.state), model \(expected)")
                return
            }
        } catch {
            #expect(pressed == field, "\(label)")
            guard case .failure(let rejection) = expected, rejection == error else {
                Issue.record("\(label): refused with \(error), model \(expected)")
                return
            }
        }
        expectConsistent(pressed, Comment(rawValue: label))
    }
}

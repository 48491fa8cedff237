import Foundation
import MoneyFieldEngine

/// What a text field's delegate does with the engine: keep a `MoneyField`, feed it the keys the
/// user presses, and put its display and caret back into the text field.
struct AmountTextFieldDelegate {
    private(set) var field: MoneyField

    init(locale: Locale, currency: Locale.Currency) throws {
        field = try MoneyField(locale: locale, currency: currency)
    }

    /// A key from the keypad; a refused one leaves the field as it was (an app would beep).
    mutating func keyPressed(_ key: MoneyFieldEngine.Key) {
        do throws(Rejection) { try field.press(key) } catch { print("refused: \(error)") }
    }

    /// A tap in the text: the caret goes to the nearest digit boundary.
    mutating func tapped(atUTF16Offset offset: Int) {
        try? field.tap(atUTF16Offset: offset)
    }
}

var delegate = try AmountTextFieldDelegate(locale: Locale(identifier: "de_DE"), currency: Locale.Currency("EUR"))
for digit: UInt8 in [1, 2, 3, 4, 5] {
    delegate.keyPressed(.digit(digit))
    print(delegate.field.display)
}

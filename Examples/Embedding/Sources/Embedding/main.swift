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

    /// UIKit's `textField(_:shouldChangeCharactersIn:replacementString:)`: the engine takes the
    /// change, the delegate shows its display and caret and returns false (the text is its own).
    mutating func shouldChangeCharacters(in range: NSRange, replacementString string: String) -> Bool {
        do throws(MoneyField.EditFailure) {
            try field.replace(utf16Range: range.location..<(range.location + range.length), with: string)
        } catch {
            print("refused: \(error)")
        }
        return false
    }
}

// A platform edit event first: a paste of "42" over an empty field, then backspace over it.
var events = try AmountTextFieldDelegate(locale: Locale(identifier: "de_DE"), currency: Locale.Currency("EUR"))
_ = events.shouldChangeCharacters(in: NSRange(location: 4, length: 0), replacementString: "42")
print("edit event: \(events.field.display), caret \(events.field.caretOffset)")
_ = events.shouldChangeCharacters(in: NSRange(location: 3, length: 1), replacementString: "")
print("edit event: \(events.field.display), caret \(events.field.caretOffset)")

var delegate = try AmountTextFieldDelegate(locale: Locale(identifier: "de_DE"), currency: Locale.Currency("EUR"))
for digit: UInt8 in [1, 2, 3, 4, 5] {
    delegate.keyPressed(.digit(digit))
    print(delegate.field.display)
}

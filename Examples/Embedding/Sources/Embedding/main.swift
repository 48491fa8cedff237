import Foundation
import MoneyFieldEngine

/// What a text field's delegate does with the engine: keep a `MoneyField`, feed it the keys and
/// edit events the text field reports, and put its display and selection back into the text field.
struct AmountTextFieldDelegate {
    private(set) var field: MoneyField

    init(_ configuration: FieldConfiguration) {
        field = MoneyField(configuration)
    }

    /// A key from the keypad; a refused one leaves the field as it was (an app would beep).
    mutating func keyPressed(_ key: MoneyFieldEngine.Key) {
        do throws(Rejection) { try field.press(key) } catch { print("refused: \(error)") }
    }

    /// UIKit's `textField(_:shouldChangeCharactersIn:replacementString:)`: the engine takes the
    /// change whole or not at all; the delegate shows its display and `selectedRange` and returns
    /// false (the text is the engine's).
    mutating func shouldChangeCharacters(in range: NSRange, replacementString string: String) -> Bool {
        do throws(MoneyField.EditFailure) { try field.replace(range, with: string) } catch { print("refused: \(error)") }
        return false
    }

    /// `textFieldDidChangeSelection`: a tap or a drag, as the `NSRange` the text field selected.
    mutating func selectionChanged(to range: NSRange) {
        _ = try? field.select(range)
    }

    /// The Paste menu: an amount read whole, or its digits typed; all or nothing.
    mutating func paste(_ text: String) {
        do throws(MoneyField.EditFailure) { _ = try field.paste(text) } catch { print("paste refused: \(error)") }
    }
}

let euro = try FieldConfiguration(locale: Locale(identifier: "de_DE"), currency: Locale.Currency("EUR"))

// A platform edit event first: "42" typed at the end (0,42 €), then a backspace over the 2 (UTF-16 offset 3).
var events = AmountTextFieldDelegate(euro)
_ = events.shouldChangeCharacters(in: NSRange(location: 4, length: 0), replacementString: "42")
print("edit event: \(events.field.display), caret \(events.field.caretOffset)")
_ = events.shouldChangeCharacters(in: NSRange(location: 3, length: 1), replacementString: "")
print("edit event: \(events.field.display), selected \(events.field.selectedRange)")

// A field a web form would show: empty until typed into, its symbol kept; an empty field has no value.
let form = try FieldConfiguration(locale: Locale(identifier: "en_US"), currency: Locale.Currency("USD")) {
    $0.emptyWhenZero = true
    $0.emptiable = .lastDigit
    $0.emptyShows = .symbol
}
var amount = AmountTextFieldDelegate(form)
print("empty: \"\(amount.field.display)\", value \(amount.field.decimalValue.map { "\($0)" } ?? "none")")
amount.keyPressed(.minus)
_ = amount.shouldChangeCharacters(in: NSRange(location: 1, length: 0), replacementString: "1999")
print("typed: \(amount.field.display), value \(amount.field.decimalValue.map { "\($0)" } ?? "none")")
// A paste that does not fit is refused whole, with the engine's own words.
amount.selectionChanged(to: NSRange(location: 0, length: amount.field.display.utf16.count))
amount.paste("$9,999,999,999,999.99")
print("after the paste: \(amount.field.display), selected \(amount.field.selectedRange)")
var total = MoneyField(euro)
try total.set(Decimal(string: "1234.5", locale: Locale(identifier: "en_US_POSIX"))!)
print("set from a Decimal: \(total.display)")

// The keypad: digits fill from the right.
var delegate = AmountTextFieldDelegate(euro)
for digit: UInt8 in [1, 2, 3, 4, 5] {
    delegate.keyPressed(.digit(digit))
    print(delegate.field.display)
}

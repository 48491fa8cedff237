import MoneyFieldEngine
import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts

/// A key the field refused while typing a script.
package struct RefusedKey: Equatable, CustomStringConvertible {
    /// Position of the key in the script's key list, from 0.
    package let index: Int
    package let key: Key
    package let rejection: Rejection

    package init(index: Int, key: Key, rejection: Rejection) {
        self.index = index
        self.key = key
        self.rejection = rejection
    }

    package var description: String { "key \(index) (\(key)): \(rejection)" }
}

/// Presses every key of `script` on `field`, going on after a refused key (which changes nothing),
/// and returns the refused ones; an empty result means every key was taken.
@discardableResult
package func type(_ script: String, into field: inout MoneyField) throws(KeyScript.ParseError) -> [RefusedKey] {
    var refused: [RefusedKey] = []
    for (index, key) in try KeyScript.parse(script).enumerated() {
        do throws(Rejection) {
            try field.press(key)
        } catch {
            refused.append(RefusedKey(index: index, key: key, rejection: error))
        }
    }
    return refused
}

/// Keys as a script writes them (`12<left>9`), for test messages.
package func keyScript(_ keys: some Sequence<Key>) -> String { KeyScript.text(for: Array(keys)) }

/// Text with invisible and space-like characters escaped (`1\u{202F}234`), for test messages.
package func visible(_ text: String) -> String { VisibleText.escaped(text) }

import MoneyFieldEngine
import MoneyFieldIO

/// The field drawn as a kiosk screen: a box with the name, locale and currency, and the amount
/// right-aligned in it.
package enum KioskScreen {
    /// Lines of the screen and where the caret is (`row` within the lines, `column` in terminal cells).
    package struct Drawing: Equatable, Sendable {
        package let lines: [String]
        package let caretRow: Int
        package let caretColumn: Int
    }

    /// Draws a field's view, its caret and selection shown as `marking` says.
    package static func draw(_ view: FieldView, width: Int = 40, marking: FieldView.Marking, caption: String? = nil) -> Drawing {
        let (amount, caretInAmount) = view.drawn(marking)
        let amountWidth = TerminalWidth.of(amount.withoutEscapes)
        let inner = max(width - 4, amountWidth + 2, 20)
        let name = view.name
        let configuration = (locale: view.locale, currency: view.currency)
        let header = name + String(repeating: " ", count: max(1, inner - TerminalWidth.of(name) - TerminalWidth.of("\(configuration.locale) · \(configuration.currency)")))
            + "\(configuration.locale) · \(configuration.currency)"
        func row(_ text: String, rightAligned: Bool = false) -> String {
            let gap = String(repeating: " ", count: max(0, inner - TerminalWidth.of(text.withoutEscapes)))
            return "│ " + (rightAligned ? gap + text : text + gap) + " │"
        }
        var lines = ["┌" + String(repeating: "─", count: inner + 2) + "┐", row(header), row("")]
        let amountRow = lines.count
        lines.append(row(amount, rightAligned: true))
        lines.append(row(""))
        if let caption { lines.append(row(caption)) }
        lines.append("└" + String(repeating: "─", count: inner + 2) + "┘")
        let column = 2 + inner - amountWidth + caretInAmount
        return Drawing(lines: lines, caretRow: amountRow, caretColumn: column)
    }
}

@_spi(Benchmarks) import MoneyFieldEngine
import MoneyFieldShell

/// Caret tests as readable strings: `"$12|.45"` is the display `$12.45` with the caret at UTF-16 offset 3.
package enum MarkedCaret {
    package static let marker: Unicode.Scalar = "|"

    /// The display without the marker and the marker's UTF-16 offset; nil when there is not exactly one marker.
    ///
    /// Works on scalars, not characters, so a marker next to a combining mark or a bidi control is still found.
    package static func parse(_ marked: String) -> Rendering? {
        let scalars = Array(marked.unicodeScalars)
        let markers = scalars.indices.filter { scalars[$0] == marker }
        guard markers.count == 1, let index = markers.first else { return nil }
        var display = String.UnicodeScalarView()
        display.append(contentsOf: scalars[..<index])
        display.append(contentsOf: scalars[(index + 1)...])
        let offset = scalars[..<index].reduce(0) { $0 + $1.utf16.count }
        return Rendering(display: String(display), caretOffset: offset)
    }
}


extension MoneyField {
    /// The display with the caret as `|` and a selection between `[` and `]` (`$1[2.3|]4`), drawn
    /// by `FieldView` as the prompt draws it: the engine itself draws no caret.
    package var marked: String { FieldView(name: "", field: self).marked }
}

extension Rendering {
    /// The display with `|` at the caret: `$12|.45`.
    package func marked() -> String { FieldView.marked(display, caretOffset: caretOffset, selection: nil) }
}

import MoneyField

/// Caret tests as readable strings: `"$12|.45"` is the display `$12.45` with the caret at UTF-16 offset 3.
public enum MarkedCaret {
    public static let marker: Character = "|"

    /// The display without the marker and the marker's UTF-16 offset; nil when there is not exactly one marker.
    public static func parse(_ marked: String) -> Rendering? {
        guard marked.filter({ $0 == marker }).count == 1, let index = marked.firstIndex(of: marker) else { return nil }
        let display = String(marked[..<index]) + String(marked[marked.index(after: index)...])
        return Rendering(display: display, caretOffset: marked[..<index].utf16.count)
    }
}

extension MoneyField {
    /// The display with `|` at the caret.
    public var marked: String { rendering.marked() }
}

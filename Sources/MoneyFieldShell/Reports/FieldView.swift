import MoneyFieldEngine
import MoneyFieldIO

/// What every surface draws of a field: its display, caret and selection. The prompt's field
/// line, `show`, the kiosk, demo frames and casts all draw from this one view.
package struct FieldView: Equatable, Sendable {
    package let name: String
    package let display: String
    /// UTF-16 code units before the caret.
    package let caretOffset: Int
    /// The selected span in UTF-16 offsets, or nil.
    package let selection: Range<Int>?
    /// An empty display (empty when zero, or an emptied field).
    package let isEmpty: Bool
    package let locale: String
    package let currency: String

    package init(name: String, field: MoneyField) {
        self.name = name
        locale = field.configuration.locale
        currency = field.configuration.currency
        display = field.display
        caretOffset = field.caretOffset
        selection = field.selectionRange
        isEmpty = field.isEmpty
    }

    /// A display and caret from elsewhere (another field's answer to `check`), drawn as a field's are.
    package init(display: String, caretOffset: Int, name: String = "") {
        self.name = name
        self.display = display
        self.caretOffset = caretOffset
        selection = nil
        isEmpty = false
        locale = ""
        currency = ""
    }

    /// How the caret and a selection are shown.
    package enum Marking: Sendable {
        /// In text: the caret as `|`, a selection between `[` and `]` (`$1[2.3|]4`).
        case text
        /// On a terminal whose cursor is the caret: the selection in reverse video.
        case reverseVideo
        /// On a terminal without colour: the selection between `[` and `]`, no `|`.
        case brackets
        /// The display alone.
        case none
    }

    /// The display marked as `marking` says, and the terminal cells before the caret in it.
    package func drawn(_ marking: Marking) -> (text: String, caretColumn: Int) {
        let marks = Self.marks(marking)
        let selection = marking == .none ? nil : self.selection
        // The cursor stands after the glyphs left of the caret and the marks before it: an
        // opening mark at or left of it, a closing one left of it.
        var column = TerminalWidth.of(String(decoding: Array(display.utf16).prefix(max(caretOffset, 0)), as: UTF16.self))
        if let selection, selection.lowerBound <= caretOffset { column += TerminalWidth.of(marks.open.withoutEscapes) }
        if let selection, selection.upperBound < caretOffset { column += TerminalWidth.of(marks.close.withoutEscapes) }
        return (text(marking), column)
    }

    /// The display marked as `marking` says, without measuring it for a cursor.
    package func text(_ marking: Marking) -> String {
        let marks = Self.marks(marking)
        return Self.marked(display, caretOffset: caretOffset, selection: marking == .none ? nil : selection,
                           caret: marks.caret, open: marks.open, close: marks.close)
    }

    /// `display` with `caret` at a UTF-16 offset and `open`/`close` around a selection; at one
    /// offset the opening mark comes before the caret and the closing one after it. An empty
    /// `caret` leaves the caret unmarked (a terminal's cursor shows it).
    package static func marked(
        _ display: String, caretOffset: Int, selection: Range<Int>?, caret: String = "|", open: String = "[", close: String = "]"
    ) -> String {
        // An offset from outside (an adapter's answer, a field of another build) is drawn at the
        // display's nearer end rather than trusted: a bad offset never traps a view.
        let length = display.utf16.count
        func inside(_ offset: Int) -> Int { min(max(offset, 0), length) }
        let caretOffset = inside(caretOffset)
        let selection = selection.map { inside($0.lowerBound)..<inside($0.upperBound) }
        // The caret alone, what nearly every line shows: two slices around it, no list of marks.
        if selection == nil {
            guard !caret.isEmpty else { return display }
            let index = display.utf16.index(display.startIndex, offsetBy: caretOffset)
            var result = ""
            result.reserveCapacity(display.utf8.count + caret.utf8.count)
            result += display[..<index]
            result += caret
            result += display[index...]
            return result
        }
        var marks: [(offset: Int, order: Int, text: String)] = caret.isEmpty ? [] : [(caretOffset, 1, caret)]
        if let selection { marks += [(selection.lowerBound, 0, open), (selection.upperBound, 2, close)] }
        marks.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
        // Copies slices of the display between the marks: no transcoding to UTF-16 and back.
        var result = ""
        result.reserveCapacity(display.utf8.count + caret.utf8.count + open.utf8.count + close.utf8.count)
        var position = display.startIndex
        var positionOffset = 0
        for mark in marks {
            let index = display.utf16.index(position, offsetBy: mark.offset - positionOffset)
            result += display[position..<index]
            result += mark.text
            position = index
            positionOffset = mark.offset
        }
        result += display[position...]
        return result
    }

    private static func marks(_ marking: Marking) -> (caret: String, open: String, close: String) {
        switch marking {
        case .text: ("|", "[", "]")
        case .brackets: ("", "[", "]")
        case .reverseVideo: ("", "\u{1B}[7m", "\u{1B}[27m")
        case .none: ("", "", "")
        }
    }

    /// `$1[2.3|]4`: what the prompt prints.
    package var marked: String { text(.text) }

    /// `NAME: DISPLAY` with the caret and selection marked, the line after every change.
    package var line: String { "\(name): \(marked)" }
}

extension String {
    /// The text without the SGR sequences a view adds, for measuring its width (a demo's
    /// screen and its cast are as wide as their display columns, not their bytes).
    package var withoutEscapes: String {
        guard utf8.contains(0x1B) else { return self }
        return replacing("\u{1B}[7m", with: "").replacing("\u{1B}[27m", with: "")
    }
}

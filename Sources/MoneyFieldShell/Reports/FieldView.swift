import MoneyFieldEngine
import MoneyFieldIO

/// What every surface draws of a field: its display, caret and selection. The prompt's field
/// line, `show`, the kiosk, demo frames and casts all draw from this one view.
public struct FieldView: Equatable, Sendable {
    public let name: String
    public let display: String
    /// UTF-16 code units before the caret.
    public let caretOffset: Int
    /// The selected span in UTF-16 offsets, or nil.
    public let selection: Range<Int>?
    /// An empty display (`--empty-when-zero`, or an emptied field).
    public let isEmpty: Bool
    public let locale: String
    public let currency: String

    public init(name: String, field: MoneyField) {
        self.name = name
        locale = field.configuration.locale
        currency = field.configuration.currency
        display = field.display
        caretOffset = field.caretOffset
        selection = field.selectionRange
        isEmpty = field.isEmpty
    }

    /// How the caret and a selection are shown.
    public enum Marking: Sendable {
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
    public func drawn(_ marking: Marking) -> (text: String, caretColumn: Int) {
        var marks: [(offset: Int, text: String)] = []
        switch marking {
        case .text: marks.append((caretOffset, "|"))
        case .reverseVideo, .brackets, .none: break
        }
        if let selection, marking != .none {
            let (open, close) = marking == .reverseVideo ? ("\u{1B}[7m", "\u{1B}[27m") : ("[", "]")
            marks += [(selection.lowerBound, open), (selection.upperBound, close)]
        }
        // At one offset the opening mark comes before the caret, the closing one after it.
        func rank(_ text: String) -> Int { text == "|" ? 1 : text == "[" || text == "\u{1B}[7m" ? 0 : 2 }
        marks.sort { ($0.offset, rank($0.text)) < ($1.offset, rank($1.text)) }
        let utf16 = Array(display.utf16)
        var text = ""
        var position = 0
        for mark in marks {
            text += String(decoding: utf16[position..<mark.offset], as: UTF16.self) + mark.text
            position = mark.offset
        }
        text += String(decoding: utf16[position...], as: UTF16.self)
        let marksBeforeCaret = marks.filter { $0.offset < caretOffset || ($0.offset == caretOffset && rank($0.text) == 0) }
        let caretColumn = TerminalWidth.of(String(decoding: utf16[..<caretOffset], as: UTF16.self))
            + marksBeforeCaret.reduce(0) { $0 + TerminalWidth.of($1.text.withoutEscapes) }
        return (text, caretColumn)
    }

    /// `$1[2.3|]4`: what the prompt prints.
    public var marked: String { drawn(.text).text }

    /// `NAME: DISPLAY` with the caret and selection marked, the line after every change.
    public var line: String { "\(name): \(marked)" }
}

extension String {
    /// The text without the SGR sequences a view adds, for measuring its width.
    var withoutEscapes: String {
        guard contains("\u{1B}") else { return self }
        return replacingOccurrences(of: "\u{1B}[7m", with: "").replacingOccurrences(of: "\u{1B}[27m", with: "")
    }
}

/// How many terminal cells a string takes: marks and format characters none, wide characters two.
package enum TerminalWidth {
    package static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + cells($1) }
    }

    /// `text` cut to at most `width` cells, ending in `…` when cut, so it never wraps.
    package static func cut(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let cells = of(String(character))
            if used + cells > width - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }

    /// `text` in lines of at most `width` cells, broken at spaces, lines after the first starting
    /// with `indent`; a word longer than a line is cut (ending in `…`), or with `cutsLongWords`
    /// false kept whole on a line of its own (the terminal wraps it). Every word is kept otherwise.
    package static func wrapped(_ text: String, to width: Int, indent: String = "", cutsLongWords: Bool = true) -> [String] {
        var lines: [String] = []
        // `fresh`: the line holds no word yet (only the indent, after a break).
        var line = "", used = 0, fresh = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            // The spaces where a line breaks are the break (a table's column gap included).
            if fresh && !lines.isEmpty && word.isEmpty { continue }
            // Widths added word by word: a long line is measured once, not once per word.
            let cells = of(String(word))
            if fresh {
                line += word
                used += cells
                fresh = false
            } else if used + 1 + cells <= width {
                line += " " + word
                used += 1 + cells
            } else {
                lines.append(line.trimmingTrailingSpaces())
                line = indent
                used = of(indent)
                fresh = word.isEmpty
                if !fresh {
                    line += word
                    used += cells
                }
            }
            if used > width && cutsLongWords {
                line = cut(line, to: width)
                used = of(line)
            }
        }
        lines.append(line)
        return lines
    }

    static func cells(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if properties.isDefaultIgnorableCodePoint { return 0 }
        let value = scalar.value
        let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
        return wide ? 2 : 1
    }
}

/// A message about the user's input and where it stands: data, printed by one printer
/// (`lines(colour:)`) the way compilers print theirs.
///
/// ```
/// error: unknown key <lfet>; did you mean <left>?
///  --> steps.txt:4:6
///   |
/// 4 | type <lfet>
///   |      ^^^^^^
/// ```
package struct Diagnostic: Equatable, Sendable {
    package enum Severity: String, Sendable {
        case error, warning, note
    }

    /// A line of a source (a file, `stdin`, `-c`), and the characters of it the message is about.
    package struct Place: Equatable, Sendable {
        package var source: String
        package var line: Int
        /// The line as written, to show under the place.
        package var text: String?
        /// Characters of `text`, from 0.
        package var span: Range<Int>?
        /// Where the command starts in `text` (the second command of `-c "type 1; bogus"`), added
        /// to a span read from the command alone.
        package var offset = 0

        package init(source: String, line: Int, text: String? = nil, span: Range<Int>? = nil, offset: Int = 0) {
            self.source = source
            self.line = line
            self.text = text
            self.span = span
            self.offset = offset
        }
    }

    package var severity: Severity
    package var message: String
    package var place: Place?

    package init(_ severity: Severity = .error, _ message: String, at place: Place? = nil) {
        self.severity = severity
        self.message = message
        self.place = place
    }

    /// The printed lines, each escaped for a terminal; `colour` for a terminal that shows it.
    package func lines(colour: Bool) -> [String] {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let heading = paint(severity.rawValue, severity == .error ? "1;31" : severity == .warning ? "1;33" : "1;36")
        var lines = [heading + paint(": " + Self.shortened(VisibleText.terminalSafe(message)), "1")]
        guard let place else { return lines }
        let column = place.span.map { ":\($0.lowerBound + 1)" } ?? ""
        let number = String(place.line)
        let gutter = String(repeating: " ", count: number.count)
        lines.append(gutter + paint("--> ", "34") + VisibleText.terminalSafe(place.source) + ":\(place.line)\(column)")
        guard let text = place.text, let span = place.span, span.upperBound <= text.count else { return lines }
        let echo = Self.echo(of: text, around: span)
        lines.append(gutter + paint(" |", "34"))
        lines.append(paint(number + " |", "34") + " " + echo.text)
        lines.append(gutter + paint(" |", "34") + " " + String(repeating: " ", count: echo.caretsFrom) + paint(String(repeating: "^", count: echo.carets), "31"))
        return lines
    }

    /// The widest word of a message shown whole: a longer one (the user's 4,000 digits, quoted
    /// back) keeps its start and end around a `…`; the echo below shows the place.
    package static let longestWord = 60

    /// `message` with each word wider than `longestWord` cut in its middle.
    static func shortened(_ message: String) -> String {
        guard message.utf8.count > longestWord else { return message }
        return message.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let characters = Array(word)
            guard TerminalWidth.of(String(word)) > longestWord else { return String(word) }
            let keep = longestWord / 2 - 1
            return String(characters.prefix(keep)) + "…" + String(characters.suffix(keep))
        }.joined(separator: " ")
    }

    /// The widest echo of the user's line, in terminal cells: a longer line (an argument of
    /// 4,000 digits) is cut around the place, with `…` where it was cut.
    package static let echoWidth = 100
    /// Cells of the line kept before the place when the line is cut.
    static let contextBeforePlace = 24

    /// The user's line as echoed, with its invisible characters shown (a zero-width space under
    /// a `^` would point at nothing), measured as printed: an escape takes the width of its text.
    /// Cut to `echoWidth` around `span` when longer: the place is kept from its start (a place
    /// too wide for the echo is cut too), then what comes before it, then after. `^` stand under
    /// the visible part of the place only, never under a `…`.
    static func echo(of text: String, around span: Range<Int>) -> (text: String, caretsFrom: Int, carets: Int) {
        let characters = Array(text)
        func shown(_ characters: ArraySlice<Character>) -> String { VisibleText.escaped(String(characters), .invisible) }
        let whole = shown(characters[...])
        let before = TerminalWidth.of(shown(characters[..<span.lowerBound]))
        let width = TerminalWidth.of(shown(characters[span]))
        guard TerminalWidth.of(whole) > echoWidth else { return (whole, before, max(1, width)) }
        func cells(_ character: Character) -> Int { TerminalWidth.of(shown([character][...])) }
        // The place, at most what leaves room for some context and the two `…`.
        let placeBudget = echoWidth - contextBeforePlace - 2
        var placeEnd = span.lowerBound, placeCells = 0
        while placeEnd < span.upperBound, placeCells + cells(characters[placeEnd]) <= placeBudget {
            placeCells += cells(characters[placeEnd])
            placeEnd += 1
        }
        // Before it: at most `contextBeforePlace` cells, more when the line ends soon after the place.
        let afterCells = TerminalWidth.of(shown(characters[placeEnd...]))
        let beforeBudget = max(contextBeforePlace, echoWidth - 2 - placeCells - afterCells)
        var start = span.lowerBound, beforeCells = 0
        while start > 0, beforeCells + cells(characters[start - 1]) <= beforeBudget {
            beforeCells += cells(characters[start - 1])
            start -= 1
        }
        // After it: what room is left.
        var end = placeEnd, used = beforeCells + placeCells + (start > 0 ? 1 : 0)
        while end < characters.count, used + cells(characters[end]) <= echoWidth - 1 {
            used += cells(characters[end])
            end += 1
        }
        if end == characters.count - 1, used + cells(characters[end]) <= echoWidth { end += 1 }
        let opening = start > 0 ? "…" : ""
        let closing = end < characters.count ? "…" : ""
        return (opening + shown(characters[start..<end]) + closing, opening.count + beforeCells, max(1, placeCells))
    }
}

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
        var lines = [heading + paint(": " + VisibleText.terminalSafe(message), "1")]
        guard let place else { return lines }
        let column = place.span.map { ":\($0.lowerBound + 1)" } ?? ""
        let number = String(place.line)
        let gutter = String(repeating: " ", count: number.count)
        lines.append(gutter + paint("--> ", "34") + VisibleText.terminalSafe(place.source) + ":\(place.line)\(column)")
        guard let text = place.text, let span = place.span, span.upperBound <= text.count else { return lines }
        let characters = Array(text)
        // The user's line with its invisible characters shown (a zero-width space under a `^`
        // would point at nothing), measured as printed: an escape takes the width of its text.
        func shown(_ text: String) -> String { VisibleText.escaped(text, .invisible) }
        let before = TerminalWidth.of(shown(String(characters[..<span.lowerBound])))
        let width = max(1, TerminalWidth.of(shown(String(characters[span]))))
        lines.append(gutter + paint(" |", "34"))
        lines.append(paint(number + " |", "34") + " " + shown(text))
        lines.append(gutter + paint(" |", "34") + " " + String(repeating: " ", count: before) + paint(String(repeating: "^", count: width), "31"))
        return lines
    }
}

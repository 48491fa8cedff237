import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell
/// Prints a mismatch as a small line diff.
public enum MismatchReport {
    /// The diff of one mismatch: the command, then common lines, expected (-) and actual (+).
    public static func lines(for mismatch: ScriptRunner.Mismatch, path: String) -> [String] {
        var lines = ["\(path):\(mismatch.line): output differs", "  > \(mismatch.command)"]
        lines += diffLines(expected: mismatch.expected, actual: mismatch.actual)
        return lines
    }

    /// The `-`/`+` lines of a diff. A line whose twin on the other side looks the same on screen
    /// (a U+00A0 for a space, a trailing space) is followed by its escaped form; no other line is.
    public static func diffLines(expected: [String], actual: [String]) -> [String] {
        let entries = diff(expected, actual)
        var removed: [String] = [], added: [String] = []
        for entry in entries {
            if case .expected(let text) = entry { removed.append(text) }
            if case .actual(let text) = entry { added.append(text) }
        }
        func shown(_ text: String, against others: [String]) -> String {
            let invisible = others.contains { lookAlike($0, text) } || onScreen(text).isEmpty && !text.isEmpty
            return invisible ? "\(text)    ⟨\(VisibleText.escaped(text).replacingOccurrences(of: " ", with: "␠"))⟩" : text
        }
        return entries.map { entry in
            switch entry {
            case .same(let text): "    \(text)"
            case .expected(let text): "  - \(shown(text, against: added))"
            case .actual(let text): "  + \(shown(text, against: removed))"
            }
        }
    }

    /// A line as the eye sees it: every space-like or invisible character a plain space, trailing spaces gone.
    static func onScreen(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if VisibleText.needsEscape(scalar, .invisible) {
                if !scalar.properties.isDefaultIgnorableCodePoint { scalars.append(" ") }
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars).trimmingTrailingSpaces()
    }

    static func lookAlike(_ one: String, _ other: String) -> Bool { one != other && onScreen(one) == onScreen(other) }

    package enum Entry: Equatable { case same(String), expected(String), actual(String) }

    /// A longest-common-subsequence line diff; outputs are a few lines, so quadratic is fine.
    package static func diff(_ expected: [String], _ actual: [String]) -> [Entry] {
        let rows = expected.count, columns = actual.count
        var table = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var entries: [Entry] = []
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, expected[i] == actual[j] {
                entries.append(.same(expected[i])); i += 1; j += 1
            } else if i < rows, j == columns || table[i + 1][j] >= table[i][j + 1] {
                entries.append(.expected(expected[i])); i += 1
            } else {
                entries.append(.actual(actual[j])); j += 1
            }
        }
        return entries
    }
}

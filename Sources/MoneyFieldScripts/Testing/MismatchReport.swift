import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
/// Prints a mismatch as a small line diff.
package enum MismatchReport {
    /// The diff of one mismatch: the command, then common lines, expected (-) and actual (+).
    package static func lines(for mismatch: ScriptRunner.Mismatch, path: String) -> [String] {
        var lines = ["\(path):\(mismatch.line): output differs", "  > \(mismatch.command)"]
        lines += diffLines(expected: mismatch.expected, actual: mismatch.actual)
        return lines
    }

    /// The `-`/`+` lines of a diff. A line whose twin on the other side looks the same on screen
    /// (a U+00A0 for a space, a trailing space) is followed by its escaped form; no other line is.
    package static func diffLines(expected: [String], actual: [String]) -> [String] {
        let entries = diff(expected, actual)
        // Each line's on-screen form is worked out once, and each side's forms are looked up by
        // hash: comparing every removed line with every added one took a minute at 5,000 lines.
        var removed: [String: Set<String>] = [:], added: [String: Set<String>] = [:]
        var forms: [String: String] = [:]
        func form(_ text: String) -> String {
            if let known = forms[text] { return known }
            let made = onScreen(text)
            forms[text] = made
            return made
        }
        for entry in entries {
            if case .expected(let text) = entry { removed[form(text), default: []].insert(text) }
            if case .actual(let text) = entry { added[form(text), default: []].insert(text) }
        }
        func shown(_ text: String, against others: [String: Set<String>]) -> String {
            let seen = form(text)
            // A line on the other side that differs yet looks the same.
            let twin = others[seen].map { $0.count > 1 || !$0.contains(text) } ?? false
            let invisible = twin || seen.isEmpty && !text.isEmpty
            return invisible ? "\(text)    ⟨\(VisibleText.escaped(text).replacing(" ", with: "␠"))⟩" : text
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
    package static func onScreen(_ text: String) -> String {
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

    package enum Entry: Equatable { case same(String), expected(String), actual(String) }

    /// A line diff, shortest edit script first (Myers, through the standard library's
    /// `CollectionDifference`): near-linear when outputs mostly agree, so thousands of lines
    /// cost milliseconds, not the table a longest-common-subsequence would fill.
    /// Bounded: the common start and end are matched in one pass, and a middle of more than
    /// `limit` lines on each side is shown whole as removed and added instead of searched.
    package static func diff(_ expected: [String], _ actual: [String], limit: Int = 2_000) -> [Entry] {
        let head = zip(expected, actual).prefix { $0 == $1 }.count
        let tail = zip(expected.dropFirst(head).reversed(), actual.dropFirst(head).reversed()).prefix { $0 == $1 }.count
        let oldMiddle = Array(expected[head..<(expected.count - tail)]), newMiddle = Array(actual[head..<(actual.count - tail)])
        let middle = oldMiddle.count > limit && newMiddle.count > limit
            ? oldMiddle.map(Entry.expected) + newMiddle.map(Entry.actual)
            : myers(oldMiddle, newMiddle)
        return expected.prefix(head).map(Entry.same) + middle + expected.suffix(tail).map(Entry.same)
    }

    private static func myers(_ expected: [String], _ actual: [String]) -> [Entry] {
        let difference = actual.difference(from: expected)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var entries: [Entry] = []
        var i = 0, j = 0
        while i < expected.count || j < actual.count {
            if i < expected.count, removed.contains(i) {
                entries.append(.expected(expected[i])); i += 1
            } else if j < actual.count, inserted.contains(j) {
                entries.append(.actual(actual[j])); j += 1
            } else if i < expected.count, j < actual.count {
                entries.append(.same(expected[i])); i += 1; j += 1
            } else if i < expected.count {
                entries.append(.expected(expected[i])); i += 1
            } else {
                entries.append(.actual(actual[j])); j += 1
            }
        }
        return entries
    }
}

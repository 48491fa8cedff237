import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// The renderings of a `TestRun`: for a person (text), for TAP consumers, for CI servers (JUnit).
/// Lines are returned unescaped; the caller escapes them for a terminal.
package enum TestReport {
    /// Per failing script, its first mismatch and how many later steps also differ (`allMismatches`
    /// shows them all); per updated script, the diff applied; then the failing files and the count.
    package static func text(_ run: TestRun, allMismatches: Bool = false, dryRun: Bool = false) -> [String] {
        var lines: [String] = []
        for entry in run.entries {
            if let note = entry.report.note { lines.append("note: " + note) }
            switch entry.verdict {
            case .passed: break
            case .error(let message): lines.append("error: " + message)
            case .updated, .wouldUpdate:
                let count = entry.changes.count
                lines.append("\(entry.verdict == .wouldUpdate ? "would update" : "updated") \(entry.path) (\(English.count(count, "step"))):")
                for change in entry.changes { lines += MismatchReport.lines(for: change, path: entry.path).map { "  " + $0 } }
            case .failed:
                let mismatches = entry.report.mismatches
                let shown = allMismatches ? mismatches : Array(mismatches.prefix(1))
                for mismatch in shown { lines += MismatchReport.lines(for: mismatch, path: entry.path) }
                if mismatches.count > shown.count {
                    let more = mismatches.count - shown.count
                    lines.append("  … and \(English.count(more, "later step", "also differ")) (often from this one; --all-mismatches shows them)")
                }
            }
        }
        if run.entries.contains(where: { $0.verdict == .failed || $0.verdict == .wouldUpdate }) {
            lines.append("(- expected, + actual; moneyfield test --update rewrites expectations)")
        }
        if !run.failingPaths.isEmpty {
            lines.append("failed:")
            lines += run.failingPaths.map { "  " + $0 }
        }
        let changed = run.entries.filter { $0.verdict == .wouldUpdate }.count
        if changed > 0 { lines.append("\(English.count(changed, "script")) would be updated (counted as failed below); run again without --dry-run to write") }
        lines.append("\(run.passedCount) passed, \(run.failedCount) failed")
        return lines
    }

    /// TAP version 13: a test point per script, a YAML block with the first mismatch on failure.
    package static func tap(_ run: TestRun) -> [String] {
        var lines = ["TAP version 13", "1..\(run.entries.count)"]
        for (number, entry) in run.entries.enumerated() {
            let name = entry.path.replacingScalars { $0 == "#" ? "\\#" : nil }
            guard entry.failed else {
                lines.append("ok \(number + 1) - \(name)")
                continue
            }
            lines.append("not ok \(number + 1) - \(name)")
            lines.append("  ---")
            switch entry.verdict {
            case .error(let message):
                lines.append("  message: \(yamlQuoted(message))")
            default:
                let mismatches = entry.report.mismatches
                let first = mismatches[0]
                lines.append("  message: \(yamlQuoted("output differs at \(entry.path):\(first.line) (\(English.count(mismatches.count, "step", "differ")))"))")
                lines.append("  at: \(yamlQuoted("\(entry.path):\(first.line)"))")
                lines.append("  command: \(yamlQuoted(first.command))")
                // Every step that differs, as JUnit gives them: one diff block each, its place first.
                lines.append("  diff: |")
                for mismatch in mismatches {
                    if mismatches.count > 1 { lines.append("    \(entry.path):\(mismatch.line): > \(mismatch.command)") }
                    lines += MismatchReport.diffLines(expected: mismatch.expected, actual: mismatch.actual).map { "    " + $0 }
                }
            }
            lines.append("  ...")
        }
        return lines
    }

    /// JUnit XML as CI servers read it: one `testcase` per script, a `failure` (file:line and the
    /// diff) or an `error` on those that did not pass.
    package static func junit(_ run: TestRun) -> String {
        var report = JUnitReport(suitesName: "moneyfield", suiteName: "moneyfield test")
        for entry in run.entries {
            let verdict: JUnitReport.Verdict
            switch entry.verdict {
            case .passed, .updated:
                verdict = .passed
            case .error(let message):
                verdict = .error(message: message)
            case .failed, .wouldUpdate:
                let mismatches = entry.report.mismatches
                let message = "\(entry.path):\(mismatches[0].line): output differs (\(English.count(mismatches.count, "step")))"
                let body = mismatches.flatMap { MismatchReport.lines(for: $0, path: entry.path) }.joined(separator: "\n")
                verdict = .failed(message: message, type: "mismatch", body: body)
            }
            report.cases.append(JUnitReport.Case(name: entry.path, classname: "moneyfield", file: entry.path,
                                                 time: entry.report.duration.seconds, verdict: verdict))
        }
        return report.xml
    }

    static func format(_ seconds: Double) -> String { seconds.fixedPoint(fractionDigits: 3) }

    static func yamlQuoted(_ text: String) -> String {
        "\"" + VisibleText.escaped(text, .terminalUnsafe).replacingScalars { $0 == "\\" || $0 == "\"" ? "\\" + String($0) : nil } + "\""
    }

}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

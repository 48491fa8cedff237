import Foundation

/// The run's figures as the table of docs/benchmarks.md: the same rows in the same order and units,
/// a markdown table to paste over the page's.
public struct ReportRow: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        case met
        case notMet
        /// A figure shown for what it is: the row has no aim.
        case noAim
        /// Not measured in this run, and why (`--setup` not given, no Chromium, no `fit`).
        case notMeasured(String)
    }

    public var what: String
    public var today: String
    public var how: String
    public var aim: String
    public var verdict: Verdict

    public init(what: String, today: String, how: String, aim: String, verdict: Verdict) {
        self.what = what
        self.today = today
        self.how = how
        self.aim = aim
        self.verdict = verdict
    }

    /// A row whose figure may be missing: `today` nil is "not measured" for `reason`.
    public init(what: String, today: String?, how: String, aim: String, met: Bool?, reason: String) {
        self.init(what: what, today: today ?? "—", how: how, aim: aim,
                  verdict: today == nil ? .notMeasured(reason) : met.map { $0 ? .met : .notMet } ?? .noAim)
    }
}

public enum ReportTable {
    public static let header = ["what", "today", "how it is measured", "aim", "met"]

    public static func verdictText(_ verdict: ReportRow.Verdict) -> String {
        switch verdict {
        case .met: return "met"
        case .notMet: return "**not met**"
        case .noAim: return "no aim"
        case .notMeasured(let reason): return "not measured: \(reason)"
        }
    }

    /// A count as the page writes it: 1,000.
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in
            String(digits.dropLast(digits.count - end).suffix(3))
        }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// The markdown table, one line a row; a `|` or a line break inside a cell cannot end it.
    public static func markdown(_ rows: [ReportRow]) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { cell in
                cell.replacingOccurrences(of: "|", with: "\\|").split(whereSeparator: \.isNewline).joined(separator: " ")
            }.joined(separator: " | ") + " |"
        }
        let body = rows.map { line([$0.what, $0.today, $0.how, $0.aim, verdictText($0.verdict)]) }
        return ([line(header), "|" + String(repeating: "---|", count: header.count)] + body).joined(separator: "\n")
    }
}

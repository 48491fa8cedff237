import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// What `moneyfield test` found, one entry per script, before any report is written: the text
/// report, TAP and JUnit are three renderings of this one result.
public struct TestRun: Sendable {
    public enum Verdict: Sendable, Equatable {
        case passed
        /// `--update` rewrote the expectations.
        case updated
        /// `--update --dry-run`: the expectations differ and would be rewritten; a failure, as
        /// the script does not pass as it stands.
        case wouldUpdate
        case failed
        /// The script could not be read, holds no command, or could not be updated.
        case error(String)
    }

    public struct Entry: Sendable {
        public let report: ScriptRunner.Report
        public let verdict: Verdict
        /// The diff `--update` applied (or would apply), per changed step.
        public let changes: [ScriptRunner.Mismatch]

        public var path: String { report.path }
        public var failed: Bool {
            switch verdict {
            case .passed, .updated: false
            case .failed, .error, .wouldUpdate: true
            }
        }
    }

    public var entries: [Entry]

    public var failedCount: Int { entries.filter(\.failed).count }
    public var passedCount: Int { entries.count - failedCount }
    public var failingPaths: [String] { entries.filter(\.failed).map(\.path) }

    /// Judges each report; with `update`, changed scripts are written through `write` (unless `dryRun`).
    public init(
        reports: [ScriptRunner.Report], update: Bool = false, dryRun: Bool = false,
        write: (ScriptRunner.Report, String) throws(FileError) -> Void = { _, _ in }
    ) {
        entries = reports.map { report in
            if let error = report.error { return Entry(report: report, verdict: .error(error.errorDescription ?? "\(error)"), changes: []) }
            if report.isEmpty {
                return Entry(report: report, verdict: .error("\(report.path): holds no command (lines starting \"> \"); nothing to test"), changes: [])
            }
            guard update else { return Entry(report: report, verdict: report.passed ? .passed : .failed, changes: []) }
            if let quitLine = report.quitEarlyAt {
                return Entry(report: report, verdict: .error(
                    "\(report.path):\(quitLine): the script quits here but has commands after it; not updated (remove them or the quit)"), changes: [])
            }
            guard report.needsUpdate, let text = report.updatedText else { return Entry(report: report, verdict: .passed, changes: []) }
            if !dryRun {
                do throws(FileError) { try write(report, text) } catch {
                    return Entry(report: report, verdict: .error("cannot update \(error.message)"), changes: [])
                }
            }
            return Entry(report: report, verdict: dryRun ? .wouldUpdate : .updated, changes: report.mismatches)
        }
    }
}


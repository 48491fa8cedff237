import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// What `moneyfield test` found, one entry per script, before any report is written: the text
/// report, TAP and JUnit are three renderings of this one result.
package struct TestRun: Sendable {
    package enum Verdict: Sendable, Equatable {
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

    package struct Entry: Sendable {
        package let report: ScriptRunner.Report
        package let verdict: Verdict
        /// The diff `--update` applied (or would apply), per changed step.
        package let changes: [ScriptRunner.Mismatch]

        package var path: String { report.path }
        package var failed: Bool {
            switch verdict {
            case .passed, .updated: false
            case .failed, .error, .wouldUpdate: true
            }
        }
    }

    package var entries: [Entry]

    package var failedCount: Int { entries.filter(\.failed).count }
    package var passedCount: Int { entries.count - failedCount }
    package var failingPaths: [String] { entries.filter(\.failed).map(\.path) }

    /// Where an interrupted run stopped: the first `done` of `total` scripts were judged (and,
    /// with `--update`, written); nothing after them was touched.
    package struct Interruption: Sendable, Equatable {
        package let done: Int
        package let total: Int
        /// The script the signal cut short, when it had run a command: its path, the line of its
        /// first command not run, and how many of its commands ran.
        package let cutShort: CutShort?
    }

    package struct CutShort: Sendable, Equatable {
        package let path: String
        package let line: Int
        package let commandsRun: Int
        package let commands: Int
    }

    /// Set when `isInterrupted` stopped the run before its last script.
    package var interruption: Interruption?

    package var updatedCount: Int { entries.filter { $0.verdict == .updated }.count }

    /// "interrupted after 171 of 3,000 scripts; 171 updated:" then the first ten updated, a line
    /// each, and how many more (the count and the paths with `--update`).
    package func interruptionWords(update: Bool) -> String? {
        guard let interruption else { return nil }
        let scripts = interruption.total == 1 ? "script" : "scripts"
        var words = "interrupted after \(Self.grouped(interruption.done)) of \(Self.grouped(interruption.total)) \(scripts)"
        if let cut = interruption.cutShort {
            words += "; \(cut.path) stopped before line \(Self.grouped(cut.line)), "
                + "\(Self.grouped(cut.commandsRun)) of its \(Self.grouped(cut.commands)) commands run"
        }
        guard update else { return words }
        let updated = entries.filter { $0.verdict == .updated }.map(\.path)
        words += "; \(Self.grouped(updated.count)) updated" + (updated.isEmpty ? "" : ":")
        for path in updated.prefix(10) { words += "\n  " + path }
        if updated.count > 10 { words += "\n  … and \(Self.grouped(updated.count - 10)) more (git status lists every file changed)" }
        return words
    }

    /// 3000 as 3,000: the message is English whatever the locale.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    /// Judges each report; with `update`, changed scripts are written through `write` (unless `dryRun`).
    package init(
        reports: [ScriptRunner.Report], update: Bool = false, dryRun: Bool = false,
        write: (ScriptRunner.Report, String) throws(FileError) -> Void = { _, _ in }
    ) {
        self.init(count: reports.count, update: update, dryRun: dryRun, report: { reports[$0] }, write: write)
    }

    /// Judges the reports one by one in order, as `report` hands them over (it waits for one still
    /// being replayed). Before each, `isInterrupted` is asked: once it says yes, or `report` gives
    /// nil or a script the signal cut short, the run stops there with an `interruption`; the
    /// script being written is written whole.
    package init(
        count: Int, update: Bool = false, dryRun: Bool = false, isInterrupted: () -> Bool = { false },
        report: (Int) -> ScriptRunner.Report?, write: (ScriptRunner.Report, String) throws(FileError) -> Void = { _, _ in }
    ) {
        entries = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let interrupted = isInterrupted()
            // Asked even when interrupted, when it waits only for a script already started (which
            // stops at its next command): the script the signal cut short says where it stopped.
            let report = report(index)
            guard !interrupted, let report, !report.interrupted else {
                // A script stopped before its first command was not cut short: it never started.
                let cut = report.flatMap { report in
                    report.stoppedAt.flatMap {
                        $0.commandsRun > 0 ? CutShort(path: report.path, line: $0.line, commandsRun: $0.commandsRun, commands: report.commandCount) : nil
                    }
                }
                interruption = Interruption(done: index, total: count, cutShort: cut)
                return
            }
            entries.append(Self.judge(report, update: update, dryRun: dryRun, write: write))
        }
    }

    static func judge(
        _ report: ScriptRunner.Report, update: Bool, dryRun: Bool, write: (ScriptRunner.Report, String) throws(FileError) -> Void
    ) -> Entry {
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


import Foundation
import MoneyFieldIO
import MoneyFieldScripts
import Synchronization
import Testing

/// `TestRun` stopped by "interrupted" as data: it asks before each script, writes none after,
/// and says how far it got. No process, no signal.
@Suite struct TestRunInterruptionTests {
    static func reports(_ count: Int) -> [ScriptRunner.Report] {
        let runner = ScriptRunner(keepsScriptsForUpdate: true)
        return (0..<count).map { runner.run(bytes: Array("> type 1\nwrong\n".utf8), displayPath: "s\($0).session", directory: URL(fileURLWithPath: "/")) }
    }

    @Test func itStopsBeforeTheScriptAfterTheInterruptionAndSaysSo() {
        let reports = Self.reports(1_200)
        var written: [String] = []
        let run = TestRun(count: reports.count, update: true, isInterrupted: { written.count == 171 }, report: { reports[$0] }) { report, _ in
            written.append(report.path)
        }
        #expect(written == (0..<171).map { "s\($0).session" })
        #expect(run.entries.count == 171 && run.updatedCount == 171)
        #expect(run.interruption?.done == 171 && run.interruption?.total == 1_200)
        // Which were updated: the first ten, and how many more.
        #expect(run.interruptionWords(update: true) == "interrupted after 171 of 1,200 scripts; 171 updated:\n"
            + (0..<10).map { "  s\($0).session\n" }.joined() + "  … and 161 more (git status lists every file changed)")
        #expect(run.interruptionWords(update: false) == "interrupted after 171 of 1,200 scripts")
    }

    /// A report that never came (its replay was not started once interrupted) stops the run too.
    @Test func aMissingReportStopsTheRun() {
        let reports = Self.reports(3)
        let run = TestRun(count: 3, report: { $0 < 1 ? reports[$0] : nil })
        #expect(run.interruption?.done == 1 && run.interruption?.total == 3)
        #expect(run.failedCount == 1)
        #expect(run.interruptionWords(update: false) == "interrupted after 1 of 3 scripts")
    }

    /// The script the signal stopped between two of its commands says where: the run stops
    /// there, and neither judges nor updates it.
    @Test func aScriptCutShortSaysWhereItStopped() {
        var reports = Self.reports(3)
        var runner = ScriptRunner(keepsScriptsForUpdate: true)
        let text = String(repeating: "> type 1\nwrong\n", count: 5)
        let asked = Atomic<Int>(0)
        runner.isInterrupted = { asked.add(1, ordering: .relaxed).newValue > 3 }
        reports[1] = runner.run(bytes: Array(text.utf8), displayPath: "long.session", directory: URL(fileURLWithPath: "/"))
        var written: [String] = []
        let run = TestRun(count: 3, update: true, report: { reports[$0] }) { report, _ in written.append(report.path) }
        #expect(written == ["s0.session"] && run.entries.count == 1)
        let cut = run.interruption?.cutShort
        #expect(run.interruption?.done == 1 && cut?.path == "long.session" && cut?.line == 7 && cut?.commandsRun == 3 && cut?.commands == 5)
        #expect(run.interruptionWords(update: false) == "interrupted after 1 of 3 scripts; long.session stopped before line 7, 3 of its 5 commands run")
    }

    /// A script the signal stopped before its first command never started: the words name no
    /// script (a `test --update` killed at random said "s007.session stopped before line 2, 0 of
    /// its 2 commands run").
    @Test func aScriptStoppedBeforeItsFirstCommandIsNotCutShort() {
        var reports = Self.reports(3)
        var runner = ScriptRunner(keepsScriptsForUpdate: true)
        runner.isInterrupted = { true }
        reports[1] = runner.run(bytes: Array("> type 1\nwrong\n> type 2\nwrong\n".utf8), displayPath: "s1.session", directory: URL(fileURLWithPath: "/"))
        let run = TestRun(count: 3, update: true, report: { reports[$0] }) { _, _ in }
        #expect(run.interruption?.done == 1 && run.interruption?.cutShort == nil)
        #expect(run.interruptionWords(update: true) == "interrupted after 1 of 3 scripts; 1 updated:\n  s0.session")
    }

    @Test func anUninterruptedRunHasNoInterruption() {
        let run = TestRun(reports: Self.reports(2), update: true) { _, _ in }
        #expect(run.interruption == nil && run.interruptionWords(update: true) == nil && run.updatedCount == 2)
    }
}

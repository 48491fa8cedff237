import Foundation
import Testing
@testable import BenchmarkSupport

@Suite struct ReportTableTests {
    @Test func rowsKeepTheirOrderAndSayWhyAFigureIsMissing() {
        let rows = [
            ReportRow(what: "a", today: "1 ns", how: "h", aim: "—", verdict: .noAim),
            ReportRow(what: "b", today: nil, how: "h", aim: "≤ 2", met: true, reason: "run with --setup"),
            ReportRow(what: "c", today: "3", how: "h", aim: "≤ 2", met: false, reason: "unused"),
            ReportRow(what: "d", today: "1", how: "h", aim: "≤ 2", met: true, reason: "unused"),
        ]
        #expect(rows.map(\.verdict) == [.noAim, .notMeasured("run with --setup"), .notMet, .met])
        let lines = ReportTable.markdown(rows).split(separator: "\n").map(String.init)
        #expect(lines == [
            "| what | today | how it is measured | aim | met |",
            "|---|---|---|---|---|",
            "| a | 1 ns | h | — | no aim |",
            "| b | — | h | ≤ 2 | not measured: run with --setup |",
            "| c | 3 | h | ≤ 2 | **not met** |",
            "| d | 1 | h | ≤ 2 | met |",
        ])
    }

    @Test func countsAreGroupedAsThePageWritesThem() {
        #expect([0, 7, 999, 1_000, 52_835, 522_886, 1_000_000, -1_200].map(ReportTable.count)
                == ["0", "7", "999", "1,000", "52,835", "522,886", "1,000,000", "-1,200"])
    }

    @Test func aPipeOrALineBreakInACellCannotBreakTheTable() {
        let row = ReportRow(what: "x | y", today: "1\n2", how: "h", aim: "a", verdict: .met)
        let lines = ReportTable.markdown([row]).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[2] == "| x \\| y | 1 2 | h | a | met |")
    }
}

@Suite struct FitSpeedTests {
    /// A stand-in moneyfield: a shell script answering `fit --help` as given, every other run with `checked …`.
    func fakeMoneyfield(fitHelp: String) throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fit-speed-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("moneyfield").path
        let script = """
            #!/bin/sh
            if [ "$1" = fit ] && [ "$2" = --help ]; then echo '\(fitHelp)'; exit 0; fi
            echo "$@"
            echo 'checked 1 of 1 sessions, 30 keys: 0 disagreements'
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o755) == 0)
        return (path, folder)
    }

    @Test func aMoneyfieldWithoutFitIsSaidSo() throws {
        // What a moneyfield without `fit` does: it takes `fit` for the shell's argument, shows the shell's help, exits 0.
        #expect(!FitSpeed.hasFit(helpStatus: 0, helpOutput: "USAGE: moneyfield shell [--locale <L>] (a fit)"))
        #expect(!FitSpeed.hasFit(helpStatus: 64, helpOutput: "USAGE: moneyfield fit"))
        #expect(FitSpeed.hasFit(helpStatus: 0, helpOutput: "USAGE: moneyfield fit --adapter <CMD>"))
        let fake = try fakeMoneyfield(fitHelp: "USAGE: moneyfield shell [--locale <L>]")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        var said: [String] = []
        let figures = FitSpeed.run(moneyfield: fake.path, quick: true) { said.append($0) }
        #expect(figures.notMeasured == "this moneyfield has no fit")
        #expect(figures.engine == nil && figures.browser == nil)
        #expect(said.count == 1 && said[0].contains("not measured: this moneyfield has no fit"))
    }

    @Test func aMoneyfieldWithFitIsTimedOnTheIssuesSessionsOnAForcedField() throws {
        let fake = try fakeMoneyfield(fitHelp: "USAGE: moneyfield fit --adapter <CMD> [--jobs <jobs>]")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        var said: [String] = []
        let figures = FitSpeed.run(moneyfield: fake.path, quick: true) { said.append($0) }
        #expect(figures.notMeasured == nil)
        #expect(figures.engine != nil)
        // The fake echoes its arguments: 300 sessions of 30 keys, the search on two threads, against
        // moneyfield adapter behind the sed that rewrites every new.
        let first = try #require(said.first)
        #expect(first.contains("fit --adapter sed -u 's/^{\"op\":\"new\".*$/{\"op\":\"new\",\"locale\":\"en_US\""))
        #expect(first.contains("\"startsEmpty\":true,\"pointAgain\":\"step\"}/' | \(fake.path) adapter --sessions 300 --steps 30"))
        #expect(first.hasSuffix("--currency USD --jobs 2"))
    }

    @Test func theForcedAdapterAnswersEveryNewAsItsOwnField() throws {
        // The sed alone, on the two kinds of line a fit sends: a new is rewritten, a key passes.
        let command = FitSpeed.forcedAdapter("/bin/cat")
        let run = runChild(["/bin/sh", "-c", "printf '%s\\n' '{\"op\":\"new\",\"locale\":\"de_DE\"}' '{\"op\":\"key\",\"key\":\"7\"}' | "
                                + command.replacingOccurrences(of: " adapter", with: "")], captureOutput: true)
        #expect(run.status == 0)
        #expect(run.output == FitSpeed.forcedNew + "\n" + #"{"op":"key","key":"7"}"# + "\n")
    }
}

@Suite struct CPUTimeTests {
    @Test func aChildsCPUTimeIsCounted() throws {
        let run = runChild(["/bin/sh", "-c", "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done"])
        #expect(run.status == 0)
        #expect(run.cpuNanoseconds > 0)
        #expect(run.cpuNanoseconds <= run.wallNanoseconds + 10_000_000)
    }

    @Test func aBatchTimedByTheThreadsCPUClockCountsItsWork() {
        let stats = KeyTiming.perKeystroke(seconds: 0.01, keysPerBatch: 1_000, minimumBatches: 5, clock: .threadCPU) {
            var checksum = 0
            for index in 0..<100_000 { checksum &+= index &* index }
            return checksum
        }
        #expect(stats.batches >= 5)
        #expect(stats.median > 0)
    }
}

@Suite struct ReplayRatioTests {
    @Test func everyReplayIsPairedWithABaselineMeasuredJustBeforeIt() throws {
        // A stand-in moneyfield whose `test` passes every script and lists -j in its help.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-ratio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("moneyfield").path
        try """
            #!/bin/sh
            if [ "$2" = --help ]; then echo 'USAGE: moneyfield test [<paths> ...] [-j <j>]'; exit 0; fi
            echo "$@" >> "\(folder.path)/calls"
            echo '1 passed, 0 failed'
            """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o755) == 0)
        var measured = 0
        let unit = 1_000.0
        let figures = EndToEnd.run(moneyfield: path, baseline: nil, peakOf: [], scriptCount: 3, coldRuns: 1,
                                   keystrokeCPU: { measured += 1; return unit }, say: { _ in })
        let calls = try String(contentsOfFile: folder.path + "/calls", encoding: .utf8).split(separator: "\n")
        let replays = calls.filter { !$0.contains("--update") && $0.contains("/corpus") }
        // Nine replays as shipped, nine with -j 1, each after its own baseline.
        #expect(replays.filter { $0.contains("-j 1") }.count == 9)
        #expect(replays.count == 18)
        #expect(measured == 18)
        // With a constant baseline the median of the pairs is the median replay's CPU over it.
        let ratio = try #require(figures.cpuRatio)
        let perKey = try #require(figures.cpuNanosecondsPerKey)
        #expect(abs(ratio - perKey / unit) < 1e-9)
        #expect(figures.baselineCPUNanosecondsPerKey == unit)
        #expect(figures.oneJobCPURatio != nil)
    }
}

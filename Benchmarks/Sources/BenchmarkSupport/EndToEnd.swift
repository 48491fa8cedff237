import Foundation

/// Keystrokes per second through `moneyfield test` on a generated corpus, and its cold start and
/// peak memory next to `one-amount` (a static program printing one ICU amount), in the same run.
public enum EndToEnd {
    /// What the summary's targets need; nil where that part was skipped.
    public struct Figures {
        /// Keystrokes per wall second of the median replay (moves with a neighbour's load).
        public var keystrokesPerSecond: Double?
        /// CPU nanoseconds (user + system, every thread of `moneyfield test`, from `wait4`) per
        /// keystroke, median of the replays: what a neighbour's load does not stretch.
        public var cpuNanosecondsPerKey: Double?
        /// The same with `-j 1` (one replaying thread), when this `test` has `-j`.
        public var oneJobCPUNanosecondsPerKey: Double?
        /// A replayed key's CPU time over the baseline's, each replay paired with a baseline
        /// measured just before it (median of the pairs), by default and with `-j 1`; and the
        /// baseline's median. Paired because a neighbour's load changes what a CPU nanosecond
        /// buys (caches, the other core's traffic) from one second to the next.
        public var cpuRatio: Double?
        public var oneJobCPURatio: Double?
        public var baselineCPUNanosecondsPerKey: Double?
        public var coldStart: (moneyfield: Double, baseline: Double)?
        public var peakMiB: (moneyfield: Double, baseline: Double)?
    }

    /// `baseline` is the `one-amount` binary; `peakOf` the command prefix that reports a
    /// command's peak memory (`moneyfield-bench --peak-of`).
    @discardableResult
    /// `keystrokeCPU` measures the ratio's baseline (CPU ns per cached-`NumberFormatter` keystroke)
    /// for a moment; it runs before every replay.
    public static func run(moneyfield: String?, baseline: String?, peakOf: [String], scriptCount: Int, coldRuns: Int,
                           keystrokeCPU: (() -> Double)? = nil, say: (String) -> Void) -> Figures {
        var figures = Figures()
        guard let moneyfield, FileManager.default.isExecutableFile(atPath: moneyfield) else {
            say("  skipped: no moneyfield binary\(moneyfield.map { " at \($0)" } ?? "") "
                + "(pass --moneyfield PATH or set MONEYFIELD_BIN; Benchmarks/run.sh builds one)")
            return figures
        }
        let binary = URL(fileURLWithPath: moneyfield).standardizedFileURL.path
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("moneyfield-bench-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let one = workspace.appendingPathComponent("one.session").path
        let corpus = workspace.appendingPathComponent("corpus").path
        do {
            try FileManager.default.createDirectory(at: workspace.appendingPathComponent("corpus"),
                                                    withIntermediateDirectories: true)
            try "> value\n".write(toFile: one, atomically: true, encoding: .utf8)
        } catch {
            say("  skipped: cannot write the corpus in \(workspace.path): \(error)")
            return figures
        }

        // The binary must have a working `test`: fill a one-command script's expectation, then replay it.
        let fill = runChild([binary, "test", "--update", one], captureOutput: true)
        let probe = runChild([binary, "test", one], captureOutput: true)
        guard fill.status == 0, probe.status == 0, summary(of: probe.output)?.passed == 1 else {
            say("  skipped: \(binary) has no working `test` command "
                + "(`test --update` exit \(fill.status), `test` exit \(probe.status): "
                + "\(probe.output.split(separator: "\n").last.map(String.init) ?? "no output"))")
            return figures
        }

        let scripts = CorpusGenerator.scripts(count: scriptCount)
        let keystrokes = scripts.reduce(0) { $0 + $1.keystrokes }
        for script in scripts {
            try? script.text.write(to: workspace.appendingPathComponent("corpus/\(script.name)"),
                                   atomically: true, encoding: .utf8)
        }
        let update = runChild([binary, "test", "--update", corpus], captureOutput: true)
        guard update.status == 0 else {
            say("  skipped: `test --update` on the corpus failed (exit \(update.status)): \(update.output.suffix(300))")
            return figures
        }
        // Nine replays of a tenth of a second each, medians taken apart for wall and CPU time: the
        // replay takes both cores, so a neighbour's burst on this shared machine moves its wall
        // time most; its CPU time (every thread, user + system, as `wait4` reports it) not.
        let replayCount = 9
        /// Replays, each after a baseline measured just before it, and the median of the pairs' ratios.
        func pairedReplays(_ arguments: [String]) -> (runs: [ChildRun], ratio: Double?, baseline: Double?) {
            var runs: [ChildRun] = []
            var baselines: [Double] = []
            var ratios: [Double] = []
            for _ in 0..<replayCount {
                let unit = keystrokeCPU?()
                let run = runChild([binary, "test"] + arguments + [corpus], captureOutput: true)
                runs.append(run)
                if let unit, unit > 0 {
                    baselines.append(unit)
                    ratios.append(Double(run.cpuNanoseconds) / Double(keystrokes) / unit)
                }
            }
            return (runs, median(ratios), median(baselines))
        }
        let (replays, cpuRatio, unit) = pairedReplays([])
        let wall = replays.sorted { $0.wallNanoseconds < $1.wallNanoseconds }[replayCount / 2]
        let cpu = replays.sorted { $0.cpuNanoseconds < $1.cpuNanoseconds }[replayCount / 2]
        let counts = summary(of: wall.output)
        say("  corpus: \(scripts.count) generated scripts, \(keystrokes) keystrokes; replay "
            + "\(counts.map { "\($0.passed) passed, \($0.failed) failed" } ?? "exit \(wall.status)")")
        say("  replay (medians of \(replayCount)): \(format(Double(wall.wallNanoseconds) / 1e6)) ms wall, "
            + "\(format(Double(cpu.cpuNanoseconds) / 1e6)) ms CPU → "
            + "\(format(Double(keystrokes) / (Double(wall.wallNanoseconds) / 1e9), 0)) keystrokes/s wall, "
            + "\(format(Double(keystrokes) / (Double(cpu.cpuNanoseconds) / 1e9), 0)) per CPU-second "
            + "(\(format(Double(cpu.cpuNanoseconds) / Double(keystrokes))) ns CPU a key)")
        guard replays.allSatisfy({ summary(of: $0.output)?.failed == 0 }) else {
            say("  replay: not every replay passed; no figure taken")
            return figures
        }
        figures.keystrokesPerSecond = Double(keystrokes) / (Double(wall.wallNanoseconds) / 1e9)
        figures.cpuNanosecondsPerKey = Double(cpu.cpuNanoseconds) / Double(keystrokes)
        figures.cpuRatio = cpuRatio
        figures.baselineCPUNanosecondsPerKey = unit
        if let cpuRatio, let unit {
            say("  replayed key / cached-NumberFormatter key in CPU time, median of \(replayCount) pairs: \(format(cpuRatio, 3)) "
                + "(that keystroke: \(format(unit)) ns CPU, median)")
        }
        // One replaying thread: no second core to share, nor to wait on.
        if runChild([binary, "test", "--help"], captureOutput: true).output.contains("-j") {
            let (oneJob, oneJobRatio, _) = pairedReplays(["-j", "1"])
            if oneJob.allSatisfy({ summary(of: $0.output)?.failed == 0 }) {
                figures.oneJobCPURatio = oneJobRatio
                let median = oneJob.sorted { $0.cpuNanoseconds < $1.cpuNanoseconds }[replayCount / 2]
                figures.oneJobCPUNanosecondsPerKey = Double(median.cpuNanoseconds) / Double(keystrokes)
                say("  replay with -j 1 (median of \(replayCount)): \(format(Double(median.cpuNanoseconds) / 1e6)) ms CPU, "
                    + "\(format(Double(median.wallNanoseconds) / 1e6)) ms wall "
                    + "(\(format(Double(median.cpuNanoseconds) / Double(keystrokes))) ns CPU a key)"
                    + (oneJobRatio.map { "; paired ratio \(format($0, 3))" } ?? ""))
            }
        }

        // Cold start and peak memory: interleaved so both see the same machine state.
        guard let baseline, FileManager.default.isExecutableFile(atPath: baseline) else {
            say("  cold start: no one-amount binary to compare with (Benchmarks/run.sh builds it)")
            return figures
        }
        var moneyfieldTimes: [UInt64] = []
        var baselineTimes: [UInt64] = []
        var moneyfieldPeaks: [Double] = []
        var baselinePeaks: [Double] = []
        func peak(_ command: [String]) -> Double? {
            let run = runChild(peakOf + command, captureOutput: true)
            let words = run.output.split(whereSeparator: \.isWhitespace)
            return words.count == 2 && words[0] == "peak" ? Double(words[1]).map { $0 / 1_048_576 } : nil
        }
        for _ in 0..<coldRuns {
            moneyfieldTimes.append(runChild([binary, "test", one]).wallNanoseconds)
            baselineTimes.append(runChild([baseline]).wallNanoseconds)
        }
        for _ in 0..<max(3, coldRuns / 4) {
            if let value = peak([binary, "test", one]) { moneyfieldPeaks.append(value) }
            if let value = peak([baseline]) { baselinePeaks.append(value) }
        }
        let cold = (moneyfield: medianMilliseconds(moneyfieldTimes), baseline: medianMilliseconds(baselineTimes))
        figures.coldStart = cold
        say("  cold start, one-command script (paired, median of \(coldRuns)): `moneyfield test` \(format(cold.moneyfield, 2)) ms, "
            + "one-amount \(format(cold.baseline, 2)) ms (×\(format(cold.moneyfield / cold.baseline, 2)))")
        if let mine = Self.median(moneyfieldPeaks), let theirs = Self.median(baselinePeaks) {
            figures.peakMiB = (mine, theirs)
            say("  peak memory of the same runs (ru_maxrss, median): `moneyfield test` \(format(mine)) MiB, "
                + "one-amount \(format(theirs)) MiB (×\(format(mine / theirs, 2)))")
        } else {
            say("  peak memory: not measured (`--peak-of` gave no figure)")
        }
        return figures
    }

    static func median(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.sorted()[values.count / 2] }

    /// The counts of the closing `N passed, M failed` line.
    static func summary(of output: String) -> (passed: Int, failed: Int)? {
        for line in output.split(separator: "\n").reversed() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
            if let passedIndex = words.firstIndex(of: "passed"), passedIndex > 0,
               let failedIndex = words.firstIndex(of: "failed"), failedIndex > 0,
               let passed = Int(words[passedIndex - 1]), let failed = Int(words[failedIndex - 1]) {
                return (passed, failed)
            }
        }
        return nil
    }

    static func medianMilliseconds(_ nanoseconds: [UInt64]) -> Double {
        let sorted = nanoseconds.sorted()
        return sorted.isEmpty ? 0 : Double(sorted[sorted.count / 2]) / 1e6
    }

    static func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
}

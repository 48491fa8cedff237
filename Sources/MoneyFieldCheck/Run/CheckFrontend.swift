import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

/// `moneyfield check` apart from its command line: seeded sessions, `--replay` or `--merge`,
/// from options already parsed, to an outcome the executable turns into an exit status. It
/// installs no signal handler and ends no process: the executable lends it streams and the
/// signal it noted (`Host`).
package struct CheckFrontend: Sendable {
    package struct Options: Sendable {
        /// What one run of `check` does.
        package enum Work: Sendable {
            case sessions(CheckPlan, adapter: String)
            case replay(scripts: [(url: URL, display: String)], adapter: String)
            /// The shards' `--out` folders joined into `out`, as the unsharded run writes it.
            case merge(folders: [String])
        }

        package var work: Work
        package var caret = CaretComparison.slot
        package var timeout: Double = 5
        package var startTimeout: Double = 30
        package var out = "check-failures"
        package var junit: String?
        package var jobs = 1
        package var maxHits = 20
        /// nil: half the sessions planned.
        package var minChecked: Int?
        package var shrinkBudget = 400

        package init(_ work: Work) { self.work = work }

        /// Whether adapters run: the executable then only notes SIGINT and SIGTERM, so every
        /// adapter is ended and the groups found are written before moneyfield leaves.
        package var startsAdapters: Bool {
            if case .merge = work { return false }
            return true
        }
    }

    /// How a check ended; what it found is already written and said.
    package enum Outcome: Equatable, Sendable {
        /// No disagreement and enough sessions checked, or every replayed script agreed.
        case passed
        /// Disagreements, too few sessions checked, an adapter that broke, a shard's run that did
        /// not complete, or a result that could not be written.
        case failed
        /// The adapter never answered: as unusable as a wrong argument.
        case adapterNeverStarted
        /// The adapters were stopped; the groups found so far are written.
        case interrupted(signal: Int32)
        /// Standard output could not take the report (a closed pipe, a full disk); `--out` and the
        /// JUnit report were still written.
        case reportUnwritable(WriteFailure)
    }

    /// What the executable lends a run: its streams and the signal it noted.
    package struct Host: Sendable {
        /// Standard output for `--replay`'s lines (its failure is the executable's to handle).
        package var write: @Sendable (String) -> Void
        /// Standard error, raw: the progress line, an adapter's failure.
        package var writeError: @Sendable (String) -> Void
        /// An `error:` message on standard error.
        package var complain: @Sendable (String) -> Void
        /// Whether standard error is a terminal, where a progress line is redrawn.
        package var showsProgress: Bool
        /// The signal that asked moneyfield to stop, or 0.
        package var caughtSignal: @Sendable () -> Int32
        /// The signal again, to a job's thread blocked on its adapter.
        package var wake: @Sendable (pthread_t, Int32) -> Void

        package init(
            write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
            complain: @escaping @Sendable (String) -> Void, showsProgress: Bool,
            caughtSignal: @escaping @Sendable () -> Int32, wake: @escaping @Sendable (pthread_t, Int32) -> Void
        ) {
            self.write = write
            self.writeError = writeError
            self.complain = complain
            self.showsProgress = showsProgress
            self.caughtSignal = caughtSignal
            self.wake = wake
        }
    }

    package let options: Options
    let host: Host

    package init(_ options: Options, host: Host) {
        self.options = options
        self.host = host
    }

    /// Runs the check; throws what makes its arguments unusable (a folder that cannot be
    /// prepared, a record that cannot be merged), before any adapter starts.
    package func run() throws(CommandError) -> Outcome {
        switch options.work {
        case .merge(let folders): try merge(folders)
        case .replay(let scripts, let adapter): replay(scripts, on: adapter)
        case .sessions(let plan, let adapter): try play(plan, on: adapter)
        }
    }

    /// Starts an adapter (one per job), which gives up waiting once `stops` says so.
    private func adapterMaker(_ command: String, stops: @escaping @Sendable () -> Bool) -> @Sendable () throws(Adapter.Failure) -> any FieldAdapter {
        let (timeout, startTimeout) = (options.timeout, options.startTimeout)
        return {
            let adapter = Adapter(command: command, timeout: timeout, startTimeout: startTimeout, isInterrupted: stops)
            try adapter.start()
            return adapter
        }
    }

    private func play(_ plan: CheckPlan, on command: String) throws(CommandError) -> Outcome {
        // A report nobody can read (a closed pipe, a full disk) stops the run as a signal does:
        // the groups found are still written to --out. SIGPIPE is ignored, so no signal wakes a
        // job waiting on its adapter: it stops at its next request (after at most --timeout).
        let output = ReportOutput()
        let folder = CheckOutFolder(options.out)
        let removed = try folder.prepare()

        var checker = Checker(plan: plan, caret: options.caret)
        checker.shrinkBudget = options.shrinkBudget
        var run = CheckRun(checker: checker)
        run.jobs = options.jobs
        run.maxHits = options.maxHits
        let caughtSignal = host.caughtSignal
        run.interruption = { caughtSignal() != 0 ? caughtSignal() : output.failed.load(ordering: .relaxed) ? SIGPIPE : 0 }
        let wake = host.wake
        run.wake = { thread, signal in if signal != SIGPIPE { wake(thread, signal) } }
        var announced = 0
        let makeAdapter = adapterMaker(command) { caughtSignal() != 0 || output.failed.load(ordering: .relaxed) }
        let summary = run.run(makeAdapter: makeAdapter) { summary, played in
            // Each new group as it is found, then the progress line on a terminal.
            while announced < summary.groups.count {
                if host.showsProgress { host.writeError("\r\u{1B}[K") }
                let group = summary.groups[announced]
                output.write(VisibleText.terminalSafe(Checker.line(example: group.example, difference: group.difference)) + "\n")
                announced += 1
            }
            if host.showsProgress {
                host.writeError("\r\u{1B}[Ksession \(played)/\(summary.planned), \(English.count(summary.disagreements, "disagreement"))")
            }
        }
        if host.showsProgress { host.writeError("\r\u{1B}[K") }
        if case .broke(let failure, neverStarted: true) = summary.ending, summary.played == 0 {
            report(failure, neverStarted: true)
            return .adapterNeverStarted
        }
        let record = CheckRecord(run: run, summary: summary, adapter: command)
        var failed: Bool
        do throws(FileError) {
            // --min-checked judges a run that ran to its end; a break or a signal says more.
            failed = try finish(record, in: folder, removed: removed, judgingChecked: summary.ending == .completed, output: output)
        } catch {
            return unwritten(error)
        }
        if let junit = options.junit {
            do throws(FileError) {
                try AtomicFile.write(summary.junit(), to: URL(fileURLWithPath: junit), displayPath: junit)
            } catch {
                host.complain("cannot write the JUnit report: \(error.message)")
                failed = true
            }
        }
        if let failure = output.failure { return .reportUnwritable(failure) }
        switch summary.ending {
        case .completed: break
        case .interrupted(let signal):
            host.complain("interrupted after \(summary.played) of \(English.count(summary.planned, "session")); the adapters were stopped")
            return .interrupted(signal: signal)
        case .broke(let failure, let neverStarted):
            report(failure, neverStarted: neverStarted)
            return neverStarted ? .adapterNeverStarted : .failed
        }
        return failed ? .failed : .passed
    }

    /// Writes a record's scripts and manifest, prints its last lines; whether it fails (it holds
    /// disagreements, or checked fewer sessions than --min-checked).
    private func finish(_ record: CheckRecord, in folder: CheckOutFolder, removed: Int, judgingChecked: Bool = true, output: ReportOutput) throws(FileError) -> Bool {
        let written = try folder.write(record)
        var lines = record.closingLines(written: written, out: options.out)
        // Said, not done silently: the folder the user may still be reading was emptied. On the
        // line before the last, which stays `checked …`.
        if let line = folder.removalLine(removed) { lines.insert(line, at: lines.count - 1) }
        for line in lines { output.write(VisibleText.terminalSafe(line) + "\n") }
        if judgingChecked, let shortfall = record.shortfall(minChecked: options.minChecked ?? record.planned / 2) {
            host.complain(shortfall)
            return true
        }
        return record.disagreements > 0
    }

    /// The run happened; writing its result failed (a full disk): a failure, not unusable arguments.
    private func unwritten(_ error: FileError) -> Outcome {
        host.complain("cannot write \(error.message)")
        return .failed
    }

    /// Says what went wrong with an adapter, with the request that caused it and its stderr's end.
    private func report(_ failure: Adapter.Failure, neverStarted: Bool) {
        host.writeError("error: " + failure.reportLines(neverStarted: neverStarted).map { VisibleText.terminalSafe($0) }.joined(separator: "\n") + "\n")
    }

    /// `--merge`: the shards' records joined and written to --out as the unsharded run would.
    private func merge(_ folders: [String]) throws(CommandError) -> Outcome {
        var records: [CheckRecord] = []
        for folder in folders { records.append(try CheckOutFolder.record(in: folder)) }
        let merged = try CheckRecord.merged(records)
        let out = options.out
        guard !folders.contains(where: { PathName.joined($0, "") == PathName.joined(out, "") }) else {
            throw CommandError("--out \(out) is one of the folders merged; name a new folder")
        }
        let folder = CheckOutFolder(out)
        let removed = try folder.prepare()
        // As a run: a report nobody can read still leaves the merged folder written.
        let output = ReportOutput()
        for group in merged.groups { output.write(VisibleText.terminalSafe(merged.line(for: group)) + "\n") }
        let failed: Bool
        do throws(FileError) { failed = try finish(merged, in: folder, removed: removed, output: output) } catch { return unwritten(error) }
        if let failure = output.failure { return .reportUnwritable(failure) }
        if merged.ending != "completed" {
            host.complain("a shard's run did not complete (\(merged.ending)): the merge holds what it found")
            return .failed
        }
        return failed ? .failed : .passed
    }

    /// `--replay`: each script's sessions on one adapter; passed only when every one agrees.
    private func replay(_ scripts: [(url: URL, display: String)], on command: String) -> Outcome {
        var checker = Checker(plan: CheckPlan(configurations: [], sessions: 0, steps: 0, seed: 0), caret: options.caret)
        let caughtSignal = host.caughtSignal
        checker.shouldStop = { caughtSignal() != 0 }
        var adapter: (any FieldAdapter)?
        defer { adapter?.stop() }
        let tally: CheckReplay.Tally
        do throws(Adapter.Failure) {
            adapter = try adapterMaker(command, stops: checker.shouldStop)()
            tally = try CheckReplay.run(scripts, checker: checker, on: adapter!, report: { host.write($0 + "\n") }, complain: host.complain)
        } catch {
            let neverStarted: Bool
            switch error {
            case .interrupted:
                adapter?.stop()
                host.complain("interrupted; the adapter was stopped")
                return .interrupted(signal: caughtSignal())
            case .cannotStart: neverStarted = true
            case .broke(_, let problem, _): neverStarted = (adapter?.replies ?? 0) == 0 && problem.isFailureToStart
            }
            adapter?.stop()
            report(error, neverStarted: neverStarted)
            return neverStarted ? .adapterNeverStarted : .failed
        }
        host.write(tally.line + "\n")
        return tally.passed ? .passed : .failed
    }
}

/// `check`'s report on standard output. A failed write (a closed pipe, a full disk) is kept
/// rather than ending the program, so the run stops as on a signal and still writes its groups
/// to --out; the outcome then carries it.
final class ReportOutput: Sendable {
    /// Read by the run's jobs: whether to stop.
    let failed = Atomic<Bool>(false)
    private let first = Mutex<WriteFailure?>(nil)

    var failure: WriteFailure? { first.withLock { $0 } }

    func write(_ text: String) {
        guard !failed.load(ordering: .relaxed) else { return }
        do throws(WriteFailure) { try CheckedWriter.standardOutput.write(text) } catch {
            first.withLock { $0 = error }
            failed.store(true, ordering: .relaxed)
        }
    }
}

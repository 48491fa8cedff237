import ArgumentParser
import CLibEdit
import Foundation
import MoneyFieldEngine
import MoneyFieldShell
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck
import Synchronization

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check another money field against moneyfield, through an adapter speaking JSON Lines.",
        discussion: """
            Starts `sh -c CMD` (--jobs times, each in a process group of its own) and plays seeded, \
            operator-like sessions on it: a {"op":"new",…} request per session (every field option, \
            camelCase), then {"op":"key","key":"7"} per key, each answered with one line \
            {"display":…,"caret":…} (caret may be null; value and rejected are optional; \
            {"unsupported":true} skips a configuration). Every reply is checked, then compared with \
            moneyfield's own field. A disagreement is shrunk (single keys and adjacent pairs removed \
            until none can go, digits all to 0 or 1 at once then one by one, the simplest \
            configuration). Shrunk sessions are one group when they show the same kind of difference \
            (display, caret, value, rejected, emptied) on the same last key (any digit the same) in \
            the same situation: what stands left and right of the caret (a digit, a group separator, \
            the decimal separator, the currency text, the sign, the display's edge, nothing) and \
            whether the field is empty, zero, full or neither. One script per group goes to --out, \
            its header naming the situation in words; --out keeps a record (.moneyfield-check) that \
            --merge joins across the shards of a CI matrix. Once a group has --max-hits sessions, \
            later sessions draw another key where they would press its key in its situation, so one \
            frequent defect does not hide the others (steering is decided per epoch of 64 sessions, \
            so the report is the same for every --jobs; it is per shard). The run ends with a line \
            per group and `checked C of S sessions, K keys: D disagreements in G groups`. --replay \
            plays scripts on the adapter instead: the loop while fixing a field. Natural fields \
            (\(FieldSetting.mode.option) natural) press dec and enter too.

            Exit status: 0 no disagreement, 1 disagreements, a broken adapter or fewer than \
            --min-checked sessions checked, 2 unusable arguments or an adapter that cannot start, \
            130/143 interrupted (the groups found so far are written first).
            """)

    @Option(help: ArgumentHelp("The adapter, run with sh -c.", valueName: "CMD"))
    var adapter: String?

    @OptionGroup var planOptions: SessionPlanOptions

    @Option(help: ArgumentHelp("How carets compare: exact (UTF-16 offsets), slot (digits right of the caret; the default) or none.", valueName: "exact|slot|none"))
    var caret: String = CaretComparison.slot.rawValue

    @Option(help: "Seconds to wait for each reply.")
    var timeout: Double = 5

    @Option(help: "Seconds to wait for an adapter's first reply (its start: a browser's).")
    var startTimeout: Double = 30

    @Option(help: ArgumentHelp("Folder for the groups' scripts and the run's record, made fresh each run.", valueName: "DIR"), completion: .directory)
    var out = "check-failures"

    @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE (one testcase per session; unsupported ones skipped).", valueName: "FILE"))
    var junit: String?

    @Option(name: [.short, .long], help: "Adapters side by side; the report is the same for every value.")
    var jobs = 1

    @Option(help: "Once a group has this many sessions, later sessions steer around its key in its situation.")
    var maxHits = 20

    @Option(help: "Fewer sessions checked (not refused by the adapter) than this is a failure (default: half of the sessions asked for).")
    var minChecked: Int?

    @Option(help: "Adapter sessions one shrink may spend (0: write sessions unshrunk).")
    var shrinkBudget = 400

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Play these scripts (files or folders of *.session) on the adapter instead of sessions.", valueName: "PATH"),
            completion: .file(extensions: ["session"]))
    var replay: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Join the --out folders of a run's shards into --out, as the unsharded run writes it (no adapter).", valueName: "DIR"),
            completion: .directory)
    var merge: [String] = []

    func validate() throws {
        if merge.isEmpty {
            guard let adapter, !adapter.trimmingSpaces().isEmpty else {
                throw ValidationError("--adapter is empty; give the command that runs your adapter (--adapter \"python3 my_field.py\")")
            }
        } else if adapter != nil || !replay.isEmpty {
            throw ValidationError("--merge joins folders a run wrote; it takes no --adapter or --replay")
        }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout takes more than 0 and at most 3600 seconds, not \(timeout)") }
        guard startTimeout > 0, startTimeout <= 3600 else { throw ValidationError("--start-timeout takes more than 0 and at most 3600 seconds, not \(startTimeout)") }
        guard CaretComparison(rawValue: caret) != nil else { throw ValidationError("--caret takes exact, slot or none, not \"\(caret)\"") }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs takes 1 to 64, not \(jobs)") }
        guard maxHits >= 1 else { throw ValidationError("--max-hits takes 1 or more, not \(maxHits)") }
        if let minChecked, minChecked < 0 { throw ValidationError("--min-checked takes 0 or more, not \(minChecked)") }
        guard shrinkBudget >= 0 else { throw ValidationError("--shrink-budget takes 0 or more, not \(shrinkBudget)") }
    }

    func run() throws {
        if !merge.isEmpty { return try runMerge() }
        guard let command = adapter else { return }
        // SIGINT and SIGTERM are noted, so the groups found are written and every adapter ended.
        Interrupts.noteEverySignal()
        let caret = CaretComparison(rawValue: caret) ?? .slot
        let (timeout, startTimeout) = (timeout, startTimeout)
        // A report nobody can read (a closed pipe, a full disk) stops the run as a signal does:
        // the groups found are still written to --out. SIGPIPE is ignored, so no signal wakes a
        // job waiting on its adapter: it stops at its next request (after at most --timeout).
        let output = ReportOutput()
        let makeAdapter: @Sendable () throws(Adapter.Failure) -> any FieldAdapter = {
            let adapter = Adapter(command: command, timeout: timeout, startTimeout: startTimeout) {
                Interrupts.caught != 0 || output.failed.load(ordering: .relaxed)
            }
            try adapter.start()
            return adapter
        }
        if !replay.isEmpty { return try runReplay(makeAdapter, caret: caret) }
        let plan = try planOptions.plan()
        let folder = CheckOutFolder(out)
        do throws(CommandError) { try folder.prepare() } catch { throw UnusableInput(error.message) }

        var checker = Checker(plan: plan, caret: caret)
        checker.shrinkBudget = shrinkBudget
        var run = CheckRun(checker: checker)
        run.jobs = jobs
        run.maxHits = maxHits
        run.interruption = { Interrupts.caught != 0 ? Interrupts.caught : output.failed.load(ordering: .relaxed) ? SIGPIPE : 0 }
        // The signal again, to each job's thread: its wait on an adapter ends with EINTR.
        run.wake = { thread, signal in if signal != SIGPIPE { pthread_kill(thread, signal) } }
        let onTerminal = isatty(STDERR_FILENO) == 1
        var announced = 0
        let summary = run.run(makeAdapter: makeAdapter) { summary, played in
            // Each new group as it is found, then the progress line on a terminal.
            while announced < summary.groups.count {
                if onTerminal { Output.writeError("\r\u{1B}[K") }
                let group = summary.groups[announced]
                output.write(VisibleText.terminalSafe(Checker.line(example: group.example, difference: group.difference)) + "\n")
                announced += 1
            }
            if onTerminal {
                Output.writeError("\r\u{1B}[Ksession \(played)/\(summary.planned), \(CheckRecord.count(summary.disagreements, "disagreement"))")
            }
        }
        if onTerminal { Output.writeError("\r\u{1B}[K") }
        if case .broke(let failure, neverStarted: true) = summary.ending, summary.played == 0 {
            report(failure, neverStarted: true)
            throw ExitCode(2)
        }
        let record = CheckRecord(run: run, summary: summary, adapter: command)
        // --min-checked judges a run that ran to its end; a break or a signal says more.
        var failed = try finish(record, in: folder, judgingChecked: summary.ending == .completed, output: output)
        if let junit {
            do throws(FileError) {
                try AtomicFile.write(summary.junit(), to: URL(fileURLWithPath: junit), displayPath: junit)
            } catch {
                Console.error("cannot write the JUnit report: \(error.message)")
                failed = true
            }
        }
        if let failure = output.failure { Output.end(failure) }
        switch summary.ending {
        case .completed: break
        case .interrupted(let signal):
            Console.error("interrupted after \(summary.played) of \(CheckRecord.count(summary.planned, "session")); the adapters were stopped")
            throw ExitCode(signal == SIGTERM ? 143 : 130)
        case .broke(let failure, let neverStarted):
            report(failure, neverStarted: neverStarted)
            throw ExitCode(neverStarted ? 2 : 1)
        }
        if failed { throw ExitCode.failure }
    }

    /// Writes a record's scripts and manifest, prints its groups and last line; whether it failed
    /// (disagreements, or fewer sessions checked than --min-checked).
    /// The caller ends with `output.failure` once all else is written (the JUnit report).
    private func finish(_ record: CheckRecord, in folder: CheckOutFolder, judgingChecked: Bool = true, output: ReportOutput) throws -> Bool {
        let written: [String]
        do throws(FileError) { written = try folder.write(record) } catch {
            // The run happened; writing its result failed (a full disk): exit 1, not 2.
            Console.error("cannot write \(error.message)")
            throw ExitCode.failure
        }
        for line in record.closingLines(written: written, out: out) { output.write(VisibleText.terminalSafe(line) + "\n") }
        if judgingChecked, let shortfall = record.shortfall(minChecked: minChecked ?? record.planned / 2) {
            Console.error(shortfall)
            return true
        }
        return record.disagreements > 0
    }

    /// Says what went wrong with an adapter, with the request that caused it and its stderr's end.
    private func report(_ failure: Adapter.Failure, neverStarted: Bool) {
        Output.writeError("error: " + failure.reportLines(neverStarted: neverStarted).map { VisibleText.terminalSafe($0) }.joined(separator: "\n") + "\n")
    }

    /// `--merge`: the shards' records joined and written to --out as the unsharded run would.
    private func runMerge() throws {
        let merged: CheckRecord
        do throws(CommandError) {
            var records: [CheckRecord] = []
            for folder in merge { records.append(try CheckOutFolder.record(in: folder)) }
            merged = try CheckRecord.merged(records)
        } catch {
            throw UnusableInput(error.message)
        }
        let folder = CheckOutFolder(out)
        do throws(CommandError) {
            guard !merge.contains(where: { PathName.joined($0, "") == PathName.joined(out, "") }) else {
                throw CommandError("--out \(out) is one of the folders merged; name a new folder")
            }
            try folder.prepare()
        } catch {
            throw UnusableInput(error.message)
        }
        // As a run: a report nobody can read still leaves the merged folder written.
        let output = ReportOutput()
        for group in merged.groups { output.write(VisibleText.terminalSafe(merged.line(for: group)) + "\n") }
        let failed = try finish(merged, in: folder, output: output)
        if let failure = output.failure { Output.end(failure) }
        if merged.ending != "completed" {
            Console.error("a shard's run did not complete (\(merged.ending)): the merge holds what it found")
            throw ExitCode.failure
        }
        if failed { throw ExitCode.failure }
    }

    /// `--replay`: each script's sessions on one adapter; exit 0 only when every one agrees.
    private func runReplay(_ makeAdapter: () throws(Adapter.Failure) -> any FieldAdapter, caret: CaretComparison) throws {
        let scripts: [(url: URL, display: String)]
        do throws(ScriptError) {
            scripts = try ScriptRunner.scripts(in: replay, base: PathName.workingFolder)
        } catch {
            throw UnusableInput(error.errorDescription ?? "\(error)")
        }
        var checker = Checker(plan: CheckPlan(configurations: [], sessions: 0, steps: 0, seed: 0), caret: caret)
        checker.shouldStop = { Interrupts.caught != 0 }
        var adapter: (any FieldAdapter)?
        defer { adapter?.stop() }
        let tally: CheckReplay.Tally
        do throws(Adapter.Failure) {
            adapter = try makeAdapter()
            tally = try CheckReplay.run(scripts, checker: checker, on: adapter!, report: { Output.write($0 + "\n") }, complain: { Console.error($0) })
        } catch {
            let neverStarted: Bool
            switch error {
            case .interrupted:
                adapter?.stop()
                Console.error("interrupted; the adapter was stopped")
                throw ExitCode(Interrupts.exitStatus)
            case .cannotStart: neverStarted = true
            case .broke(_, let problem, _): neverStarted = (adapter?.replies ?? 0) == 0 && problem.isFailureToStart
            }
            adapter?.stop()
            report(error, neverStarted: neverStarted)
            throw ExitCode(neverStarted ? 2 : 1)
        }
        Output.write(tally.line + "\n")
        if !tally.passed { throw ExitCode.failure }
    }
}

/// `check`'s report on standard output. A failed write (a closed pipe, a full disk) is kept
/// rather than ending the program, so the run stops as on a signal and still writes its groups
/// to --out; the caller then ends with it.
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

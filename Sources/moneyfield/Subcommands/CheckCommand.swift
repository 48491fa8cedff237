import ArgumentParser
import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", _superCommandName: Moneyfield.name,
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
            (\(FieldOption[\.mode].name) natural) press dec and enter too.

            Exit status: 0 no disagreement, 1 disagreements, a broken adapter or fewer than \
            --min-checked sessions checked, 2 unusable arguments or an adapter that cannot start, \
            130/143 interrupted (the groups found so far are written first).
            """)

    @Option(help: ArgumentHelp("The adapter, run with sh -c.", valueName: "CMD"))
    var adapter: String?

    @OptionGroup var page: PageOptions

    @OptionGroup var planOptions: SessionPlanOptions

    @Flag(help: "Fit first (as moneyfield fit does, on the same sessions' options), then check with the options found; the options given are kept. The report's first line says the options used.")
    var fit = false

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
        if adapter != nil && page.target.page != nil {
            throw ValidationError("--page runs the browser adapter installed with moneyfield and --adapter runs yours; give one of them")
        }
        if merge.isEmpty {
            if page.target.page == nil {
                guard let adapter, !adapter.trimmingSpaces().isEmpty else {
                    throw ValidationError("--adapter is empty; give the command that runs your adapter (--adapter \"python3 my_field.py\"), or --page URL|FILE for a web page")
                }
            }
        } else if adapter != nil || page.target.page != nil || !replay.isEmpty {
            throw ValidationError("--merge joins folders a run wrote; it takes no --adapter, --page or --replay")
        }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout takes more than 0 and at most 3600 seconds, not \(timeout)") }
        guard startTimeout > 0, startTimeout <= 3600 else { throw ValidationError("--start-timeout takes more than 0 and at most 3600 seconds, not \(startTimeout)") }
        guard CaretComparison(rawValue: caret) != nil else { throw ValidationError("--caret takes exact, slot or none, not \(VisibleText.quoted(caret))") }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs takes 1 to 64, not \(jobs)") }
        guard maxHits >= 1 else { throw ValidationError("--max-hits takes 1 or more, not \(maxHits)") }
        if let minChecked, minChecked < 0 { throw ValidationError("--min-checked takes 0 or more, not \(minChecked)") }
        if fit, !merge.isEmpty || !replay.isEmpty { throw ValidationError("--fit fits the field before its sessions; it takes no --merge or --replay") }
        guard shrinkBudget >= 0 else { throw ValidationError("--shrink-budget takes 0 or more, not \(shrinkBudget)") }
    }

    func run() throws {
        let options = try frontendOptions()
        // While adapters run, SIGINT and SIGTERM are only noted: the groups found are written and every adapter ended.
        if options.startsAdapters { Interrupts.noteEverySignal() }
        let host = CheckFrontend.Host(
            write: Output.write, writeError: Output.writeError, complain: Console.error, showsProgress: isatty(STDERR_FILENO) == 1,
            caughtSignal: { Interrupts.caught }, wake: { thread, signal in pthread_kill(thread, signal) })
        let outcome: CheckFrontend.Outcome
        do throws(CommandError) { outcome = try CheckFrontend(options, host: host).run() } catch { throw UnusableInput(error.message) }
        switch outcome {
        case .passed: return
        case .failed: throw ExitCode.failure
        case .adapterNeverStarted: throw ExitCode(2)
        // 130 for SIGINT, 143 for SIGTERM: the shells' habit for a process a signal stopped.
        case .interrupted(let signal): throw ExitCode(128 + signal)
        case .reportUnwritable(let failure): Output.end(failure)
        }
    }

    /// What to do, read from the options `validate` accepted.
    private func frontendOptions() throws -> CheckFrontend.Options {
        let pageSetup: PageSetup?
        do throws(CommandError) { pageSetup = try page.resolved(asIs: fit) } catch { throw UnusableInput(error.message) }
        pageSetup?.note()
        // `validate` refused a missing --adapter and --page without --merge.
        let adapter = pageSetup?.command.shellCommand ?? adapter ?? ""
        var options: CheckFrontend.Options
        if !merge.isEmpty {
            options = CheckFrontend.Options(.merge(folders: merge))
        } else if !replay.isEmpty {
            let scripts: [(url: URL, display: String)]
            do throws(ScriptError) { scripts = try ScriptRunner.scripts(in: replay, base: PathName.workingFolder) } catch {
                throw UnusableInput(error.errorDescription ?? "\(error)")
            }
            // Nothing replayed is not a pass (and not a disagreement either): said before any adapter starts.
            guard !scripts.isEmpty else {
                throw UnusableInput("no *.session scripts in \(replay.joined(separator: " ")) to replay; give scripts or folders that hold them "
                    + "(a check run writes one per group to its --out folder)")
            }
            options = CheckFrontend.Options(.replay(scripts: scripts, adapter: adapter))
        } else {
            var fitted: FieldOptions?
            if fit {
                let result = try FitOptions.fit(command: adapter, planOptions: planOptions, caret: caret, timeout: timeout, startTimeout: startTimeout, jobs: jobs)
                Output.write(VisibleText.terminalSafe(result.checkLine) + "\n")
                try pageSetup?.keep(fitted: result.options)
                fitted = result.options
            }
            options = CheckFrontend.Options(.sessions(try planOptions.plan(page: pageSetup?.configuration, fitted: fitted), adapter: adapter))
        }
        options.caret = CaretComparison(rawValue: caret) ?? .slot
        options.timeout = timeout
        options.startTimeout = startTimeout
        options.out = out
        options.junit = junit
        options.jobs = jobs
        options.maxHits = maxHits
        options.minChecked = minChecked
        options.shrinkBudget = shrinkBudget
        return options
    }
}

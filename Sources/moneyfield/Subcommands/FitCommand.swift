import ArgumentParser
import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldCheck

/// Where `fit` finds the field: your adapter, or a web page (`--page`, the browser adapter
/// installed with moneyfield answering every `new` with the page as it is).
struct FitAdapterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The adapter, run with sh -c.", valueName: "CMD"))
    var adapter: String?

    @OptionGroup var page: PageOptions

    func validate() throws {
        if adapter != nil && page.target.page != nil {
            throw ValidationError("--page runs the browser adapter installed with moneyfield and --adapter runs yours; give one of them")
        }
        if adapter == nil && page.target.page == nil {
            throw ValidationError("give --adapter CMD (your adapter) or --page URL|FILE (a web page)")
        }
    }

    /// The command to run and, for a page, where what is found is written.
    func resolved() throws -> (command: String, page: PageSetup?) {
        let setup: PageSetup?
        do throws(CommandError) { setup = try page.resolved(asIs: true) } catch { throw UnusableInput(error.message) }
        if let setup { return (setup.command.shellCommand, setup) }
        guard let adapter, !adapter.trimmingSpaces().isEmpty else {
            throw ValidationError("--adapter is empty; give the command that runs your adapter (--adapter \"python3 my_field.py\")")
        }
        return (adapter, nil)
    }
}

extension PageSetup {
    /// Stores what `fit` found as the page's configuration, where `check --page` reads it, and says where.
    func keep(fitted options: FieldOptions) throws {
        guard let path = configurationToWrite else { return }
        let configuration: FieldConfiguration
        do throws(CommandError) {
            configuration = try options.configuration(defaults: (locale: "en_US", currency: "USD"))
        } catch {
            throw UnusableInput(error.message)
        }
        do throws(FileError) { try PageConfiguration.write(configuration, to: path) } catch {
            throw UnusableInput("cannot store the page's configuration: \(error.message)")
        }
        Output.writeError("note: wrote the page's configuration to \(VisibleText.terminalSafe(path)); check --page reads it from there\n")
    }
}

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit", _superCommandName: Moneyfield.name,
        abstract: "Find the options of new a field behaves as, from one recording of it through an adapter.",
        discussion: """
            Plays seeded sessions on the adapter once (every key check presses in any mode, dec and \
            enter included, after probes of its own: a run of digits past any limit, a second point, \
            leaving and coming back, emptying), records every reply, then replays the recording on \
            moneyfield's engine under every combination of the options not given and keeps the one \
            that agrees longest: scored by the steps that agree before each session's first \
            difference, so a defect late in a session does not pull the fit off. The answer is the \
            one a search of every combination gives; a tie goes to fewer options away from their \
            default. The `new` sent carries the options given and the locale and currency only: \
            the adapter is a field that is what it is. Searched: \(FitSpace(pinned: FieldOptions()).dimensions.map(\.option.name).joined(separator: ", ")). \
            Not searched (give them): \(FitSpace.notSearched.map { "\(FieldOption[$0.setting.path].name), \($0.why)" }.joined(separator: "; ")).

            Prints the options as a line to paste (defaults left out), the share of the recording \
            that agrees, the runner-up when close, and the options no session told apart; --json \
            for machines. check --fit fits, then checks with the result.

            Exit status: 0 a fit, 1 no combination fits (even the best differs as made or at the \
            first key of most sessions), the adapter refused every new, or it broke; 2 unusable \
            arguments or an adapter that cannot start; 130/143 interrupted.
            """)

    @OptionGroup var source: FitAdapterOptions

    @OptionGroup var planOptions: SessionPlanOptions

    @OptionGroup var fitOptions: FitOptions

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func validate() throws {
        try fitOptions.validatePlan(planOptions)
    }

    func run() throws {
        let (command, page) = try source.resolved()
        let result = try fitOptions.fit(command: command, planOptions: planOptions, json: json)
        try page?.keep(fitted: result.options)
        Output.write(json ? result.json + "\n" : result.lines.map { VisibleText.terminalSafe($0) + "\n" }.joined())
    }
}

/// The options of a fit's run, which `fit` and `check --fit` share.
struct FitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How carets compare: exact (UTF-16 offsets), slot (digits right of the caret; the default) or none.", valueName: "exact|slot|none"))
    var caret: String = CaretComparison.slot.rawValue

    @Option(help: "Seconds to wait for each reply.")
    var timeout: Double = 5

    @Option(help: "Seconds to wait for an adapter's first reply (its start: a browser's).")
    var startTimeout: Double = 30

    @Option(name: [.short, .long], help: "Threads for the search (and adapters side by side under check); the answer is the same for every value.")
    var jobs = 1

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout takes more than 0 and at most 3600 seconds, not \(timeout)") }
        guard startTimeout > 0, startTimeout <= 3600 else { throw ValidationError("--start-timeout takes more than 0 and at most 3600 seconds, not \(startTimeout)") }
        guard CaretComparison(rawValue: caret) != nil else { throw ValidationError("--caret takes exact, slot or none, not \(VisibleText.quoted(caret))") }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs takes 1 to 64, not \(jobs)") }
    }

    /// What `fit` refuses of the session options: a shard (a fit reads the whole recording).
    func validatePlan(_ planOptions: SessionPlanOptions) throws {
        if planOptions.shard != nil { throw ValidationError("--shard splits a check's sessions; a fit reads every session, so give no --shard") }
    }

    /// Records the adapter and searches; an error (said on standard error) ends the program with
    /// its exit status, as `check` says it.
    func fit(command: String, planOptions: SessionPlanOptions, json: Bool = false) throws -> FitResult {
        try Self.fit(command: command, planOptions: planOptions, caret: caret, timeout: timeout, startTimeout: startTimeout, jobs: jobs, json: json)
    }

    /// The same with the run's options given one by one (`check --fit` has them as its own).
    static func fit(command: String, planOptions: SessionPlanOptions, caret: String, timeout: Double, startTimeout: Double, jobs: Int,
                    json: Bool = false) throws -> FitResult {
        var run = try planOptions.fitRun()
        run.caret = CaretComparison(rawValue: caret) ?? .slot
        run.jobs = jobs
        Interrupts.noteEverySignal()
        switch run.run(command: command, timeout: timeout, startTimeout: startTimeout, isInterrupted: { Interrupts.caught != 0 }) {
        case .outcome(.fitted(let result)):
            return result
        case .outcome(.noFit(let result)):
            if json { Output.write(result.json + "\n") }
            Console.error(result.noFit ?? "")
            throw ExitCode.failure
        case .outcome(.refused(let message)):
            Console.error(message)
            throw ExitCode.failure
        case .adapterFailed(let lines, let neverStarted):
            Output.writeError("error: " + lines.map { VisibleText.terminalSafe($0) }.joined(separator: "\n") + "\n")
            throw neverStarted ? ExitCode(2) : ExitCode.failure
        case .interrupted:
            Console.error("interrupted while recording; the adapter was stopped")
            throw ExitCode(128 + Interrupts.caught)
        }
    }
}

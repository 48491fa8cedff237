import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// `moneyfield fit` apart from its command line: records the adapter once, searches, judges.
package struct FitRun: Sendable {
    /// The options given: asked of the adapter, kept in every combination.
    package let pinned: FieldOptions
    /// The seeded sessions recorded after the probes.
    package let plan: CheckPlan
    package var caret = CaretComparison.slot
    /// Threads the search runs on.
    package var jobs = 1

    /// `keys` nil: every key `check` may press in any mode.
    package init(pinned: FieldOptions, sessions: Int, steps: Int, seed: UInt64, keys: [Key]? = nil) throws(CommandError) {
        self.pinned = pinned
        plan = CheckPlan(configurations: try FitRecording.configurations(pinned: pinned), keys: keys ?? FitRecording.keys,
                         sessions: sessions, steps: steps, seed: seed)
    }

    package enum Outcome: Sendable {
        case fitted(FitResult)
        /// No combination fits (`FitResult.noFit` says why).
        case noFit(FitResult)
        /// The adapter refused every `new`: nothing was recorded.
        case refused(String)
    }

    /// Records `adapter` and searches the recording.
    package func run(on adapter: any FieldAdapter, shouldStop: () -> Bool = { false }) throws(Adapter.Failure) -> Outcome {
        let recording = try FitRecording.record(FitRecording.sessions(plan: plan), on: adapter, shouldStop: shouldStop)
        return judge(recording)
    }

    /// Searches a recording.
    package func judge(_ recording: FitRecording) -> Outcome {
        if recording.sessions.isEmpty {
            // As `check` says it when too few sessions were checked.
            let refusal = recording.refused.first.map { " — the adapter answered {\"unsupported\":true} to session \($0.session)'s request \($0.request)" } ?? ""
            return .refused("only 0 of \(English.count(recording.refused.count, "session")) were recorded\(refusal); "
                + "under fit the adapter makes its field as it is, whatever new asks: answer every new")
        }
        let search = FitSearch(space: FitSpace(pinned: pinned), recording: recording, caret: caret)
        let result = FitResult(search: search, best: search.best(jobs: jobs), pinned: pinned)
        return result.noFit == nil ? .fitted(result) : .noFit(result)
    }

    /// How a run on an adapter command ended.
    package enum Ending: Sendable {
        case outcome(Outcome)
        /// The adapter broke, or never started: `check`'s words for it.
        case adapterFailed(lines: [String], neverStarted: Bool)
        case interrupted
    }

    /// Starts `command` (`sh -c`), records it, stops it, searches.
    package func run(command: String, timeout: Double, startTimeout: Double, isInterrupted: @escaping @Sendable () -> Bool) -> Ending {
        let adapter = Adapter(command: command, timeout: timeout, startTimeout: startTimeout, isInterrupted: isInterrupted)
        let recording: FitRecording
        do throws(Adapter.Failure) {
            try adapter.start()
            recording = try FitRecording.record(FitRecording.sessions(plan: plan), on: adapter, shouldStop: isInterrupted)
        } catch {
            adapter.stop()
            let neverStarted: Bool
            switch error {
            case .interrupted: return .interrupted
            case .cannotStart: neverStarted = true
            case .broke(_, let problem, _): neverStarted = adapter.replies == 0 && problem.isFailureToStart
            }
            return .adapterFailed(lines: error.reportLines(neverStarted: neverStarted), neverStarted: neverStarted)
        }
        adapter.stop()
        return .outcome(judge(recording))
    }
}

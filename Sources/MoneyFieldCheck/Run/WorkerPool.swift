import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

/// The run's adapters, each on a thread of its own, taking sessions of an epoch one at a time.
final class WorkerPool: @unchecked Sendable {
    private let condition = ThreadCondition()
    // Guarded by `condition`:
    private var generation = 0
    private var work: [Int] = []
    private var task: Task?
    private var next = 0
    private var finished = 0
    private var results: [Int: Step] = [:]
    private var failure: (position: Int, ending: CheckRun.Ending)?
    private var threads: [pthread_t] = []
    private var workers = 0
    private var exited = 0
    private var shuttingDown = false
    /// Set with `failure`: the other jobs stop their session at its next request.
    let failed = Atomic<Bool>(false)

    /// What a job does with one index of the work: play a session, or shrink one played.
    typealias Task = @Sendable (Int, any FieldAdapter) throws(Adapter.Failure) -> Step
    enum Step: Sendable {
        case played(Checker.Played)
        case shrunk(index: Int, example: CheckPlan.Session, difference: Checker.Difference)
    }

    func startWorker(makeAdapter: @escaping @Sendable () throws(Adapter.Failure) -> any FieldAdapter) {
        condition.lock()
        workers += 1
        condition.unlock()
        detachThread { [self] in
            condition.lock()
            threads.append(pthread_self())
            condition.unlock()
            work(makeAdapter: makeAdapter)
        }
    }

    private func work(makeAdapter: @Sendable () throws(Adapter.Failure) -> any FieldAdapter) {
        var adapter: (any FieldAdapter)?
        var seen = 0
        condition.lock()
        while true {
            while generation == seen && !shuttingDown { condition.wait() }
            if shuttingDown { break }
            seen = generation
            // `play` sets the task with the work: there is none before its first call.
            while failure == nil, next < work.count, let task {
                let position = next
                next += 1
                let index = work[position]
                condition.unlock()
                var outcome: Result<Step, Adapter.Failure>
                do throws(Adapter.Failure) {
                    if adapter == nil { adapter = try makeAdapter() }
                    outcome = .success(try task(index, adapter!))
                } catch {
                    outcome = .failure(error)
                }
                condition.lock()
                switch outcome {
                case .success(let result):
                    results[position] = result
                case .failure(let error):
                    // Stopped because another job failed: that failure is the one reported.
                    if failure == nil || position < failure!.position, !(error == .interrupted && failed.load(ordering: .relaxed) && failure != nil) {
                        let ending: CheckRun.Ending
                        switch error {
                        case .interrupted: ending = .interrupted(signal: 0)
                        case .cannotStart: ending = .broke(error, neverStarted: true)
                        case .broke(_, let problem, _):
                            ending = .broke(error, neverStarted: (adapter?.replies ?? 0) == 0 && problem.isFailureToStart)
                        }
                        failure = (position, ending)
                        failed.store(true, ordering: .relaxed)
                    }
                }
                finished += 1
                condition.broadcast()
            }
        }
        condition.unlock()
        adapter?.stop()
        condition.lock()
        exited += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `task` on each index of `items`; returns the steps done, in the order of `items`,
    /// and how it ended if it did not complete. While waiting, an interruption wakes each job's
    /// thread, so a job blocked reading its adapter stops at once.
    func play(_ items: [Int], interruption: @Sendable () -> Int32, wake: @Sendable (pthread_t, Int32) -> Void, progress: (Int) -> Void,
              task: @escaping Task) -> (results: [Step], ending: CheckRun.Ending?) {
        condition.lock()
        work = items
        self.task = task
        next = 0
        finished = 0
        results = [:]
        generation += 1
        condition.broadcast()
        var reported = 0
        while finished < next || (failure == nil && next < work.count) {
            condition.wait(seconds: 0.05)
            let signal = interruption()
            if signal != 0 {
                failed.store(true, ordering: .relaxed)
                for thread in threads { wake(thread, signal) }
            }
            if finished != reported {
                reported = finished
                let done = results.count
                condition.unlock()
                progress(done)
                condition.lock()
            }
        }
        let judged = results.keys.sorted().map { results[$0]! }
        var ending = failure?.ending
        let signal = interruption()
        if signal != 0 { ending = .interrupted(signal: signal) }
        condition.unlock()
        return (judged, ending)
    }

    /// Ends every job: each stops its adapter (its whole process group) and its thread returns.
    func shutDown() {
        condition.lock()
        shuttingDown = true
        condition.broadcast()
        while exited < workers { condition.wait() }
        condition.unlock()
    }
}

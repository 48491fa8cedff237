import Foundation
import Synchronization

/// The scripts replayed on `jobs` threads (the processors available when nil), handed over in the scripts' order as each is ready,
/// so the first are judged (and updated) while the others still play. Once interrupted, no
/// script starts; the one asked for is nil unless it was done or cut short.
final class Replays: Sendable {
    private let scripts: [ScriptFile]
    private let reports: Mutex<[ScriptRunner.Report?]>
    private let next = Atomic<Int>(0)
    private let ready = DispatchSemaphore(value: 0)
    private let runner: ScriptRunner
    private let isInterrupted: @Sendable () -> Bool

    init(_ scripts: [ScriptFile], with runner: ScriptRunner, jobs: Int?, isInterrupted: @escaping @Sendable () -> Bool) {
        self.scripts = scripts
        self.runner = runner
        self.isInterrupted = isInterrupted
        reports = Mutex(Array(repeating: nil, count: scripts.count))
        // One script plays on this thread, when asked for: no pool, no processor count.
        guard scripts.count > 1 else { return }
        let workers = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, scripts.count)
        DispatchQueue.global().async { [self] in
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while !isInterrupted() {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < scripts.count else { return }
                    let report = runner.run(scripts[index])
                    reports.withLock { $0[index] = report }
                    ready.signal()
                }
            }
        }
    }

    /// Script `index`'s report, waiting while it plays (one cut short by the signal says where);
    /// nil once interrupted before it started.
    func report(_ index: Int) -> ScriptRunner.Report? {
        if scripts.count == 1 {
            guard !isInterrupted() else { return nil }
            return runner.run(scripts[0])
        }
        while true {
            if let report = reports.withLock({ $0[index] }) { return report }
            // A script a job took stops at its next command: its report comes.
            if isInterrupted() && next.load(ordering: .relaxed) <= index { return nil }
            // A bounded wait: a signal must be noticed even while a long script plays.
            _ = ready.wait(timeout: .now() + .milliseconds(50))
        }
    }
}

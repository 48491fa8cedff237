#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Repeats a batch of keystrokes and summarises nanoseconds per keystroke over the batches.
public enum KeyTiming {
    public struct Stats: Sendable {
        public let median: Double
        public let p10: Double
        public let p90: Double
        public let batches: Int
    }

    /// What a batch is timed by. Wall time counts the moments a neighbour held this core;
    /// the thread's CPU time does not, so a ratio to another CPU time holds on a busy machine.
    public enum Clock: Sendable {
        case wall
        case threadCPU

        /// Nanoseconds on this clock (the thread's CPU clock costs a system call: use it on
        /// batches long enough for that not to count).
        public func now() -> UInt64 {
            switch self {
            case .wall: return DispatchTime.now().uptimeNanoseconds
            case .threadCPU: return threadCPUNanoseconds()
            }
        }
    }

    /// Runs `batch` (which types `keysPerBatch` keys and returns a checksum) for about `seconds`
    /// after a warm-up, and returns the distribution of ns per key over the batches, each batch
    /// timed by `clock`.
    public static func perKeystroke(
        seconds: Double, keysPerBatch: Int, minimumBatches: Int = 30, clock: Clock = .wall, _ batch: () -> Int
    ) -> Stats {
        var checksum = 0
        let warmUpEnd = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e8)
        repeat { checksum &+= batch() } while DispatchTime.now().uptimeNanoseconds < warmUpEnd

        var samples: [Double] = []
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        repeat {
            let start = clock.now()
            checksum &+= batch()
            let elapsed = clock.now() - start
            samples.append(Double(elapsed) / Double(keysPerBatch))
        } while DispatchTime.now().uptimeNanoseconds < end || samples.count < minimumBatches
        sink(checksum)
        samples.sort()
        func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
        return Stats(median: percentile(0.5), p10: percentile(0.1), p90: percentile(0.9), batches: samples.count)
    }

    @inline(never)
    public static func sink(_ value: Int) {
        if value == 42 { print("", terminator: "") }
    }
}

/// User plus system CPU time of the calling thread, in nanoseconds.
public func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

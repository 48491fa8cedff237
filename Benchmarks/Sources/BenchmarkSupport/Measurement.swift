import Foundation

/// Repeats a batch of keystrokes and summarises nanoseconds per keystroke over the batches.
public enum KeyTiming {
    public struct Stats: Sendable {
        public let median: Double
        public let p10: Double
        public let p90: Double
        public let batches: Int
    }

    /// Runs `batch` (which types `keysPerBatch` keys and returns a checksum) for about `seconds`
    /// after a warm-up, and returns the distribution of ns per key over the batches.
    public static func perKeystroke(
        seconds: Double, keysPerBatch: Int, minimumBatches: Int = 30, _ batch: () -> Int
    ) -> Stats {
        var checksum = 0
        let warmUpEnd = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e8)
        repeat { checksum &+= batch() } while DispatchTime.now().uptimeNanoseconds < warmUpEnd

        var samples: [Double] = []
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        repeat {
            let start = DispatchTime.now().uptimeNanoseconds
            checksum &+= batch()
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
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

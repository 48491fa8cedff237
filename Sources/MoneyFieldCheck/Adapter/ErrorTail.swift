import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

/// The last 64 KiB an adapter wrote to stderr, read on a thread of its own into a fixed ring,
/// so a flood of it costs no memory.
final class ErrorTail: Sendable {
    static let capacity = 64 << 10
    private struct Ring {
        var bytes = [UInt8](repeating: 0, count: capacity)
        var written = 0
        /// The adapter closed its stderr (it exited): nothing more will come.
        var ended = false
        /// Which start of the adapter it follows: a reader left from an earlier one writes nothing.
        var generation = 0

        func endsLine(after start: Int) -> Bool {
            written > start && bytes[(written - 1) % ErrorTail.capacity] == UInt8(ascii: "\n")
        }
    }
    private let ring = Mutex(Ring())

    /// Bytes read so far, the ones the ring no longer holds included.
    var written: Int { ring.withLock { $0.written } }

    /// Returns once a line written after `start` is whole, stderr has closed, or `limit` passed.
    func waitForLine(after start: Int, within limit: Duration) {
        wait(within: limit) { $0.ended || $0.endsLine(after: start) }
    }

    /// Returns once stderr has closed (the adapter exited), or `limit` passed.
    func waitForEnd(within limit: Duration) {
        wait(within: limit) { $0.ended }
    }

    /// Looks at the state every millisecond: the reader thread holds no condition to signal, and
    /// these waits happen once, when a run is refused or broken.
    private func wait(within limit: Duration, until isDone: (Ring) -> Bool) {
        let deadline = ContinuousClock.now + limit
        while !ring.withLock({ isDone($0) }) && ContinuousClock.now < deadline { usleep(1_000) }
    }

    func follow(_ descriptor: Int32) {
        let generation = ring.withLock { ring in
            ring.written = 0
            ring.ended = false
            ring.generation += 1
            return ring.generation
        }
        detachThread {
            var chunk = [UInt8](repeating: 0, count: 16 << 10)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    close(descriptor)
                    self.ring.withLock { if $0.generation == generation { $0.ended = true } }
                    return
                }
                self.ring.withLock { ring in
                    guard ring.generation == generation else { return }
                    for byte in chunk[..<count] {
                        ring.bytes[ring.written % Self.capacity] = byte
                        ring.written += 1
                    }
                }
            }
        }
    }

    var text: String { text(after: 0) }

    /// What it wrote after the first `start` bytes, as far as the ring still holds it.
    func text(after start: Int) -> String {
        ring.withLock { ring in
            let start = max(start, ring.written - Self.capacity)
            let bytes = (start..<ring.written).map { ring.bytes[$0 % Self.capacity] }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

import Foundation

/// Reads lines of bytes from a file descriptor without ever holding more than a bounded line:
/// an overlong line is reported by its length and skipped, not buffered whole.
package struct LineReader {
    package enum Line: Equatable {
        case bytes([UInt8])
        case tooLong(Int)
    }

    private let descriptor: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var isFirstLine = true
    /// Asked when a signal cuts a read short: true ends the input there (the program was asked
    /// to stop), false reads on.
    package var stopsWhenInterrupted: () -> Bool = { false }
    /// A pipe's read end that a signal handler writes a byte to: waited on beside the input, so a
    /// signal that lands just before the read (or on another thread) still ends the wait.
    package var wakeDescriptor: Int32 = -1

    package init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// Lines of bytes already read (an `--init` file).
    package init(bytes: [UInt8], limit: Int) {
        self.descriptor = -1
        self.limit = limit
        buffer = bytes
        atEnd = true
    }

    /// The next line without its `\n` (a `\r` before it is dropped too), or nil at end of input.
    /// A UTF-8 byte-order mark opening the input (Windows editors write one) is dropped.
    package mutating func next() -> Line? {
        var discarded = 0
        var current: [UInt8] = []
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let piece = buffer[start..<newline]
                start = newline + 1
                return finish(current + piece, discarded: discarded)
            }
            current += buffer[start...]
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if current.count > limit {
                discarded += current.count
                current.removeAll(keepingCapacity: true)
            }
            if atEnd {
                return current.isEmpty && discarded == 0 ? nil : finish(current[...], discarded: discarded)
            }
            if stopsWhenInterrupted() || !waitForInput() { return nil }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR {
                if stopsWhenInterrupted() { return nil }
                continue
            }
            if count <= 0 { atEnd = true; continue }
            buffer = Array(chunk[..<count])
        }
    }

    /// Waits until the input can be read, or the wake pipe says a signal came: false when that
    /// signal ends the input. Without a wake pipe the read itself waits.
    private func waitForInput() -> Bool {
        guard wakeDescriptor >= 0 else { return true }
        while true {
            var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&watched, 2, -1)
            if ready < 0 && errno != EINTR { return true }
            if stopsWhenInterrupted() { return false }
            if watched[1].revents != 0 {
                // A signal that does not end the input: take its byte and wait on.
                var byte: UInt8 = 0
                _ = read(wakeDescriptor, &byte, 1)
            }
            if watched[0].revents != 0 { return true }
        }
    }

    private mutating func finish(_ line: some Collection<UInt8>, discarded: Int) -> Line {
        var bytes = Array(line)
        if isFirstLine, discarded == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        isFirstLine = false
        if bytes.last == 13 { bytes.removeLast() }
        let total = discarded + bytes.count
        return total > limit ? .tooLong(total) : .bytes(bytes)
    }
}

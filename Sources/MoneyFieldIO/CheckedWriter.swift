import Foundation

/// Why a write did not go through: the stream's name and the system's error.
package struct WriteFailure: Error, Equatable, Sendable {
    package let streamName: String
    package let code: Int32

    /// The reader went away (`| head`): the end of the job, not a fault to report.
    package var isBrokenPipe: Bool { code == EPIPE }

    package var message: String { "cannot write to \(streamName): \(String(cString: strerror(code)))" }
}

/// The one checked way to write to a descriptor: short writes are continued, EINTR retried, and
/// any failure (EPIPE, ENOSPC, a closed descriptor) comes back as a `WriteFailure`, never a trap.
package struct CheckedWriter: Sendable {
    package static let standardOutput = CheckedWriter(descriptor: STDOUT_FILENO, streamName: "standard output")
    package static let standardError = CheckedWriter(descriptor: STDERR_FILENO, streamName: "standard error")

    package let descriptor: Int32
    package let streamName: String

    package init(descriptor: Int32, streamName: String) {
        self.descriptor = descriptor
        self.streamName = streamName
    }

    package func write(_ text: String) throws(WriteFailure) {
        let bytes = Array(text.utf8)
        let failure: WriteFailure? = bytes.withUnsafeBytes { buffer in
            do throws(WriteFailure) { try write(bytes: buffer) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    package func write(bytes: UnsafeRawBufferPointer) throws(WriteFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteFailure(streamName: streamName, code: errno)
            }
            offset += written
        }
    }
}

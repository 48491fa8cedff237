import Foundation

/// Appends a live session to a script, one `write` per command, so a killed process leaves a
/// script that is valid up to its last whole command.
final class TranscriptRecorder {
    let url: URL
    private var descriptor: Int32

    /// Creates the file; an existing file is kept unless `replacing`.
    init(url: URL, replacing: Bool, header: [String]) throws(CommandError) {
        self.url = url
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (replacing ? 0 : O_EXCL)
        descriptor = open(url.path, flags, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            if errno == EEXIST {
                throw CommandError("\(url.path) exists; record to another file or add --force to replace it")
            }
            throw CommandError("cannot record to \(url.path): \(reason)")
        }
        if let failure = write(header) { throw CommandError(failure) }
    }

    /// Appends a command and its output; returns an error message if the file could not take it.
    func append(command: String, output: [OutputLine]) -> String? {
        write([Transcript.commandPrefix + command] + output.map(\.text))
    }

    private func write(_ lines: [String]) -> String? {
        guard descriptor >= 0 else { return "the recording is closed" }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return "recording to \(url.path) stopped: \(String(cString: strerror(errno)))"
            }
            offset += written
        }
        return nil
    }

    func close() {
        if descriptor >= 0 {
            fsync(descriptor)
            Foundation.close(descriptor)
            descriptor = -1
        }
    }

    deinit { close() }
}

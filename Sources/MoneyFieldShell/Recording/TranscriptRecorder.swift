import Foundation
@_spi(Tools) import MoneyFieldIO

/// Appends a live session to a script, one block per command, so that whatever happens the file
/// replays up to its last whole command.
///
/// Each block (`> command`, its output, a blank line) goes out in one `write`. A short write (a
/// full disk) is cut back with `ftruncate` to the end of the last whole block. A `kill -9` in the
/// middle of a large block cannot be cut back, so every block ends with a blank line: the reader
/// knows a recording whose last block lacks it was cut, and replays up to the block before.
final class TranscriptRecorder {
    let url: URL
    /// The path as the user gave it, for messages.
    let displayPath: String
    private var descriptor: Int32
    /// Bytes written in whole blocks so far: where a failed write is cut back to.
    private var committedLength: off_t = 0

    /// Whether `url` is a regular file that moneyfield recorded (it opens with the marker).
    static func holdsRecording(_ url: URL) -> Bool {
        let descriptor = Foundation.open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { Foundation.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        let marker = Array(Transcript.recordingMarker.utf8)
        var head = [UInt8](repeating: 0, count: marker.count)
        let count = head.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
        return count == marker.count && head == marker
    }

    /// Creates the file; an existing file is kept unless `replacing`; only regular files are written.
    init(url: URL, displayPath: String, replacing: Bool, header: [String]) throws(CommandError) {
        self.url = url
        self.displayPath = displayPath
        // O_NONBLOCK: a FIFO with no reader must not hang the shell; it is refused below.
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (replacing ? 0 : O_EXCL)
        descriptor = open(url.path, flags, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST {
                throw CommandError("\(VisibleText.terminalSafe(displayPath)) exists; record to another file, or replace it (`record FILE \(CommandFlag.force.spelling)` at the prompt, `--record FILE --force-record` on the command line)")
            }
            throw CommandError("cannot record to \(FileError.describing(errno: errno, path: displayPath).message)")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Foundation.close(descriptor)
            descriptor = -1
            throw CommandError("cannot record to \(VisibleText.terminalSafe(displayPath)): not a regular file; record to a file")
        }
        guard ftruncate(descriptor, 0) == 0 else {
            let failure = FileError.describing(errno: errno, path: displayPath)
            close()
            throw CommandError("cannot record to \(failure.message)")
        }
        if let failure = write(header, blockEnd: true) {
            close()
            throw CommandError(failure)
        }
    }

    /// Appends a command and its output; returns an error message if the file could not take it.
    func append(command: String, output: [OutputLine]) -> String? {
        write([Transcript.commandPrefix + command] + output.map(\.text), blockEnd: true)
    }

    private func write(_ lines: [String], blockEnd: Bool) -> String? {
        guard descriptor >= 0 else { return "the recording is closed" }
        let block = lines.map { $0 + "\n" }.joined() + (blockEnd ? "\n" : "")
        do throws(WriteFailure) {
            try CheckedWriter(descriptor: descriptor, streamName: url.path).write(block)
        } catch {
            // Whatever part of the block went out is taken back: the file ends at a whole block.
            _ = ftruncate(descriptor, committedLength)
            close()
            return "recording to \(VisibleText.terminalSafe(displayPath)) stopped: \(FileError.describing(errno: error.code, path: url.path).reason); the file holds every command before this one"
        }
        committedLength += off_t(block.utf8.count)
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

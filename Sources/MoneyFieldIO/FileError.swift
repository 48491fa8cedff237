import Foundation

/// Why a file could not be read or written, said so the user can act on it.
package struct FileError: Error, Equatable, Sendable {
    package let path: String
    package let reason: String
    /// The system's error number, when a system call failed.
    package let code: Int32?

    package init(path: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    package var message: String { "\(VisibleText.terminalSafe(path)): \(reason)" }

    /// Whether the file is simply not there (worth a hint about where paths start).
    package var isMissing: Bool { code == ENOENT }

    /// The reason for a failed system call on `path`, in words that say what to do.
    package static func describing(errno code: Int32, path: String) -> FileError {
        let reason = switch code {
        case ENOENT:
            path.unicodeScalars.contains("\u{FFFD}")
                ? "no such file (its name has bytes that are not UTF-8; rename it)"
                : "no such file"
        case ELOOP: "a loop of symbolic links; point the link at a real file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "is a folder, not a file"
        case ENOSPC: "the disk is full"
        case EROFS: "the file system is read-only"
        case ENAMETOOLONG: "the name is too long"
        case ENXIO: "is a FIFO or device with nothing on the other end; give a regular file"
        default: String(cString: strerror(code))
        }
        return FileError(path: path, reason: reason, code: code)
    }

    /// Why `path` could not be made in `folder` (a new file, the temporary an atomic write puts
    /// beside the file it replaces, a folder): what the system said, naming the folder when the
    /// folder refused it. The one wording of a write the folder refused, for every file this
    /// program writes (`test --update`'s scripts, `check --out`, reports, recordings).
    package static func describing(errno code: Int32, path: String, makingIn folder: String) -> FileError {
        let shown = VisibleText.terminalSafe(folder.isEmpty ? "." : folder)
        let reason = switch code {
        case EACCES, EPERM: "cannot write in its folder \(shown) (permission denied); make the folder writable or write elsewhere"
        case EROFS: "cannot write in its folder \(shown) (the file system is read-only); write elsewhere"
        default: describing(errno: code, path: path).reason
        }
        return FileError(path: path, reason: reason, code: code)
    }
}

/// Reads whole text files with their size and kind checked first, so a folder, a FIFO, a device
/// or a huge sparse file is refused by what it is instead of being read.
package enum TextFile {
    /// Scripts and recordings are at most this big; nothing larger is read or written.
    package static let maximumBytes = 16 << 20

    package static func read(_ url: URL, displayPath: String) throws(FileError) -> [UInt8] {
        try read(RawPath(url.path), displayPath: displayPath)
    }

    /// Reads the file at the path's own bytes (a name that is not UTF-8 included).
    package static func read(_ path: RawPath, displayPath: String) throws(FileError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO with no writer must not hang; fstat then refuses it.
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .describing(errno: errno, path: displayPath) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .describing(errno: errno, path: displayPath) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileError(path: displayPath, reason: "is a folder, not a file")
        default: throw FileError(path: displayPath, reason: "is not a regular file (a FIFO, socket or device); give a file")
        }
        guard status.st_size <= maximumBytes else {
            throw FileError(path: displayPath, reason: "is \(status.st_size) bytes; scripts are at most \(maximumBytes >> 20) MiB")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .describing(errno: errno, path: displayPath)
            }
            if got == 0 { break }
            count += got
        }
        return Array(bytes[..<count])
    }

    /// Standard input to its end (a script piped in as `-`), refused past `maximumBytes`.
    package static func readStandardInput(displayPath: String) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .describing(errno: errno, path: displayPath)
            }
            if got == 0 { return bytes }
            bytes += chunk[..<got]
            guard bytes.count <= maximumBytes else {
                throw FileError(path: displayPath, reason: "is over \(maximumBytes >> 20) MiB; scripts are at most that")
            }
        }
    }
}

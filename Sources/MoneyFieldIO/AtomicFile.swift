import CProcess
import Foundation

/// Replaces files whole or not at all, as sqlite and git do: an exclusive temporary file with an
/// unpredictable name beside the target, written and fsynced, then renamed over it.
///
/// A link is followed to the file it names, which is the one replaced (the link stays a link);
/// the replaced file keeps its permissions. The temporary is registered where the program's own
/// signal handler finds it (`removePendingTemporaries`): this library installs no handler.
package enum AtomicFile {
    /// `asScript`: the file is a session script, which must stay small enough to be read back;
    /// reports and casts have no such limit.
    package static func write(_ text: String, to url: URL, displayPath: String, asScript: Bool = false) throws(FileError) {
        let bytes = Array(text.utf8)
        guard !asScript || bytes.count <= TextFile.maximumBytes else {
            throw FileError(path: displayPath, reason: "would be \(bytes.count) bytes, more than the \(TextFile.maximumBytes >> 20) MiB a script may have; not written")
        }
        let target = try resolvedTarget(of: url, displayPath: displayPath)
        var status = stat()
        var mode: mode_t = 0o644
        if lstat(target, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw FileError(path: displayPath, reason: "is not a regular file; not replaced")
            }
            mode = status.st_mode & 0o7777
        }
        let folder = PathName.deletingLast(of: target)
        let template = Array((folder.isEmpty ? "." : folder).utf8CString.dropLast())
            + Array("/.\(PathName.last(of: target)).XXXXXX".utf8CString)
        guard template.count <= Int(PATH_MAX) else { throw .describing(errno: ENAMETOOLONG, path: displayPath) }
        // mkstemp opens with O_CREAT | O_EXCL: never an existing file, never through a link. It
        // names the file in the registry's own memory, armed as soon as the file exists.
        let slot = moneyfield_pending_claim()
        defer { if slot >= 0 { moneyfield_pending_release(slot) } }
        var name = template
        let descriptor: Int32
        if slot >= 0, let registered = moneyfield_pending_path(slot) {
            template.withUnsafeBufferPointer { registered.update(from: $0.baseAddress!, count: $0.count) }
            descriptor = mkstemp(registered)
            if descriptor >= 0 {
                moneyfield_pending_arm(slot)
                name = Array(UnsafeBufferPointer(start: registered, count: template.count))
            }
        } else {
            // Every slot busy (writes on many threads at once): this one goes unregistered.
            descriptor = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        }
        // The folder shown as the user named it, or as the link led to it.
        let shownFolder = target == url.path ? PathName.deletingLast(of: displayPath) : folder
        guard descriptor >= 0 else { throw .describing(errno: errno, path: displayPath, makingIn: shownFolder) }
        let temporary = String(decoding: name.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(FileError) {
            let writer = CheckedWriter(descriptor: descriptor, streamName: displayPath)
            do throws(WriteFailure) { try writer.write(text) } catch {
                throw FileError.describing(errno: error.code, path: displayPath)
            }
            guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw .describing(errno: errno, path: displayPath) }
            guard close(descriptor) == 0 else { throw .describing(errno: errno, path: displayPath) }
            guard rename(temporary, target) == 0 else { throw .describing(errno: errno, path: displayPath, makingIn: shownFolder) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        // The rename is durable only once the folder is on disk too.
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The path of the file to replace: `url`, or the file its chain of links ends at.
    private static func resolvedTarget(of url: URL, displayPath: String) throws(FileError) -> String {
        var path = url.path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(path, &buffer, buffer.count - 1)
            guard length >= 0 else { throw .describing(errno: errno, path: displayPath) }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = destination.hasPrefix("/") ? destination : PathName.joined(PathName.deletingLast(of: path), destination)
        }
        throw .describing(errno: ELOOP, path: displayPath)
    }
}

/// For a signal handler about to end the process: removes every temporary file an atomic write
/// has open. Async-signal-safe (it reads fixed memory and calls `unlink`).
package func removePendingTemporaries() {
    moneyfield_remove_pending_temporaries()
}

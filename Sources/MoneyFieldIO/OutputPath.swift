import Foundation

/// A file a run will write at its end (a JUnit report, a cast), checked before the run starts:
/// a report that cannot be written is better refused at once than after every script ran.
package enum OutputPath {
    /// Why `path` cannot take a new file, or nil when it can: its folder must exist and let us
    /// write in it, and the path must not be a folder. The file itself is replaced whole (a
    /// temporary in the same folder, renamed), so the folder's permission is what counts.
    package static func problem(with path: String, relativeTo base: URL? = nil) -> FileError? {
        guard !path.isEmpty else { return FileError(path: path, reason: "an empty file name; give one (report.xml)") }
        let url = path.hasPrefix("/") || base == nil ? URL(fileURLWithPath: path) : base!.appendingPathComponent(path)
        var status = stat()
        if stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            return FileError(path: path, reason: "is a folder; give a file name in it")
        }
        let folder = url.deletingLastPathComponent()
        let shownFolder = PathName.deletingLast(of: path).isEmpty ? "." : PathName.deletingLast(of: path)
        guard stat(folder.path, &status) == 0 else {
            let code = errno
            return code == ENOENT
                ? FileError(path: path, reason: "there is no folder \(shownFolder) to write it in; make it first", code: code)
                : FileError(path: path, reason: "its folder \(shownFolder): " + FileError.describing(errno: code, path: shownFolder).reason, code: code)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return FileError(path: path, reason: "\(shownFolder) is not a folder", code: ENOTDIR)
        }
        guard access(folder.path, W_OK | X_OK) == 0 else {
            let code = errno
            return FileError.describing(errno: code, path: path, makingIn: shownFolder)
        }
        return nil
    }
}

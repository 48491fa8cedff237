import CProcess
import Foundation

/// The entries below a folder, found as Foundation's `FileManager.enumerator(at:includingPropertiesForKeys:)`
/// found them (fts with the same flags), without linking the NSEnumerator behind it.
package enum FolderWalk {
    /// Calls `body` with every file, folder and link below `folder` (not `folder` itself), in no
    /// particular order: links are not followed, other file systems are not entered, and a folder
    /// that cannot be read is passed over.
    package static func forEachEntry(below folder: URL, _ body: (URL) -> Void) {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        let stream = folder.path.withCString { path in
            var roots = [UnsafeMutablePointer(mutating: path), nil]
            return fts_open(&roots, FTS_PHYSICAL | FTS_XDEV | FTS_NOCHDIR | FTS_NOSTAT, nil)
        }
        guard let stream else { return }
        defer { fts_close(stream) }
        _ = fts_read(stream)  // the folder itself
        while let entry = fts_read(stream) {
            let path = FileManager.default.string(withFileSystemRepresentation: entry.pointee.fts_path, length: Int(entry.pointee.fts_pathlen))
            switch Int32(entry.pointee.fts_info) {
            case FTS_D: body(URL(fileURLWithPath: path, isDirectory: true))
            case FTS_DEFAULT, FTS_F, FTS_NSOK, FTS_SL, FTS_SLNONE: body(URL(fileURLWithPath: path, isDirectory: false))
            default: continue
            }
        }
    }
}

import CProcess
import Foundation

/// The entries below a folder, found as Foundation's `FileManager.enumerator(at:includingPropertiesForKeys:)`
/// found them (fts with the same flags), without linking the NSEnumerator behind it.
package enum FolderWalk {
    /// Calls `body` with every file, folder and link below `folder` (not `folder` itself), in no
    /// particular order: links are not followed, other file systems are not entered, and a folder
    /// that cannot be read is passed over.
    /// Each entry's path is the bytes fts gives: a name that is not UTF-8 is kept as it is.
    package static func forEachEntry(below folder: RawPath, _ body: (RawPath, _ isFolder: Bool) -> Void) {
        var status = stat()
        guard folder.withCString({ stat($0, &status) }) == 0 else { return }
        let stream = folder.withCString { path in
            var roots = [UnsafeMutablePointer(mutating: path), nil]
            return fts_open(&roots, FTS_PHYSICAL | FTS_XDEV | FTS_NOCHDIR | FTS_NOSTAT, nil)
        }
        guard let stream else { return }
        defer { fts_close(stream) }
        _ = fts_read(stream)  // the folder itself
        while let entry = fts_read(stream) {
            let path = RawPath(bytes: UnsafeRawBufferPointer(start: entry.pointee.fts_path, count: Int(entry.pointee.fts_pathlen)))
            switch Int32(entry.pointee.fts_info) {
            case FTS_D: body(path, true)
            case FTS_DEFAULT, FTS_F, FTS_NSOK, FTS_SL, FTS_SLNONE: body(path, false)
            default: continue
            }
        }
    }
}

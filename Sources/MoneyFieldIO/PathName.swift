/// Joining and splitting paths by NSString's rules (`appendingPathComponent`, `lastPathComponent`,
/// `deletingLastPathComponent`), so the names files get and the paths messages print stay as they
/// were, without linking the NSString these came from.
package enum PathName {
    /// `folder/name`: no slash added after a folder that ends in one; an empty side leaves the other.
    package static func joined(_ folder: String, _ name: String) -> String {
        if name.isEmpty { return folder }
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The last component (`/a/b/` → `b`); `/` for `/`.
    package static func last(of path: String) -> String {
        let tidy = tidied(path)
        // NSString counts UTF-16 units here.
        if tidy.utf16.count <= 1 { return tidy }
        return String(tidy[startOfLast(in: tidy)...])
    }

    /// The path without its last component (`/a/b` → `/a`, `/a` → `/`, `a` → empty).
    package static func deletingLast(of path: String) -> String {
        let tidy = tidied(path)
        if tidy == "/" || tidy.isEmpty { return tidy }
        let start = startOfLast(in: tidy)
        if start == tidy.startIndex { return "" }
        if start == tidy.index(after: tidy.startIndex) { return "/" }
        return String(tidy[..<tidy.index(before: start)])
    }

    /// Runs of slashes as one and a trailing slash dropped; `/` alone stays.
    private static func tidied(_ path: String) -> String {
        if path == "/" { return path }
        var result = ""
        var afterSlash = false
        for character in path {
            let isSlash = character == "/"
            if !(isSlash && afterSlash) { result.append(character) }
            afterSlash = isSlash
        }
        if result.hasSuffix("/") { result.removeLast() }
        return result
    }

    private static func startOfLast(in tidy: String) -> String.Index {
        tidy.lastIndex(of: "/").map(tidy.index(after:)) ?? tidy.startIndex
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension PathName {
    /// The working folder as `getcwd` gives it, as a file URL: what `FileManager`'s
    /// `currentDirectoryPath` returns, without setting up a file manager on every start.
    package static var workingFolder: URL {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let path = getcwd(&buffer, buffer.count) != nil
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}

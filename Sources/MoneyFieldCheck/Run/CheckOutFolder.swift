import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// The `--out` folder of `check`: checked and made fresh before the first session, written
/// (scripts, then the manifest) when the run ends, however it ends.
package struct CheckOutFolder: Sendable {
    package static let manifestName = ".moneyfield-check"
    package let path: String

    package init(_ path: String) { self.path = path }

    package var manifest: String { PathName.joined(path, Self.manifestName) }

    /// Makes the folder ready before any session: an empty name, a path through a file or a
    /// folder holding files an earlier run did not write are refused (the message says what to
    /// do); what an earlier run wrote (its manifest says what) is removed. Returns how many of
    /// the earlier run's scripts were removed, which the run says (a clean run empties the folder).
    @discardableResult
    package func prepare() throws(CommandError) -> Int {
        var removed = 0
        guard !path.isEmpty else { throw CommandError("--out is empty; name a folder for the groups' scripts (--out check-failures)") }
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CommandError("--out \(path) is not a folder; name a folder for the groups' scripts") }
            let earlier = Self.filesNamed(inManifest: manifest)
            let present = (try? fileManager.contentsOfDirectory(atPath: path)) ?? []
            let others = present.filter { $0 != Self.manifestName && !earlier.contains($0) }
            guard others.isEmpty else {
                throw CommandError("--out \(path) holds files check did not write (\(others.sorted().prefix(3).joined(separator: ", "))); name an empty or new folder")
            }
            // Bytes, not characters: a slash with a combining mark on it still leads out of --out.
            for name in earlier where !name.utf8.contains(UInt8(ascii: "/")) && name != ".." && name != "." {
                if (try? fileManager.removeItem(atPath: PathName.joined(path, name))) != nil { removed += 1 }
            }
            try? fileManager.removeItem(atPath: manifest)
        } else {
            // The nearest folder above that exists must be one: `/dev/null/sub` is not a path to make.
            var above = Self.parent(of: path)
            while !above.isEmpty, above != "/", !fileManager.fileExists(atPath: above) { above = Self.parent(of: above) }
            if !above.isEmpty, fileManager.fileExists(atPath: above, isDirectory: &isFolder), !isFolder.boolValue {
                throw CommandError("cannot make --out \(path): \(above) is not a folder; name a folder for the groups' scripts")
            }
            // Each missing folder from the one above that exists, so a refusal names the folder
            // that refused (FileError's one wording), not Foundation's "You don't have permission".
            var missing: [String] = []
            var next = path
            while !next.isEmpty, next != "/", !fileManager.fileExists(atPath: next) {
                missing.append(next)
                next = Self.parent(of: next)
            }
            for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
                let failure = FileError.describing(errno: errno, path: folder, makingIn: Self.parent(of: folder))
                throw CommandError("cannot make --out \(path): \(folder == path ? failure.reason : failure.message)")
            }
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw CommandError("cannot write in --out \(path): \(FileError.describing(errno: errno, path: path).reason)")
        }
        return removed
    }

    /// The line that says what `prepare` removed, or nil when it removed nothing.
    package func removalLine(_ removed: Int) -> String? {
        guard removed > 0 else { return nil }
        let shown = path.hasSuffix("/") ? path : path + "/"
        return "removed \(English.count(removed, "script")) of the previous run from \(shown)"
    }

    /// `a/b` → `a`, `/a` → `/`, `a` → `` (the working folder).
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The files an earlier run's manifest names: its JSON `files`, or one name a line (older runs).
    static func filesNamed(inManifest path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        if let record = try? JSONDecoder().decode(CheckRecord.self, from: data) { return record.files }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Reads a run's record from its folder.
    package static func record(in folder: String) throws(CommandError) -> CheckRecord {
        let path = PathName.joined(folder, manifestName)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError("\(folder) has no \(manifestName): name folders a check run wrote with --out")
        }
        do { return try JSONDecoder().decode(CheckRecord.self, from: data) } catch {
            throw CommandError("\(path) is not a check record (written by another version of moneyfield?)")
        }
    }

    /// One script per group, then the manifest naming them; the paths written, in order.
    package func write(_ record: CheckRecord) throws(FileError) -> [String] {
        var paths: [String] = []
        for (index, name) in record.files.enumerated() {
            let script: String
            do throws(CommandError) { script = try record.script(number: index + 1) } catch {
                throw FileError(path: PathName.joined(path, name), reason: error.message)
            }
            let file = PathName.joined(path, name)
            try AtomicFile.write(script, to: URL(fileURLWithPath: file), displayPath: file, asScript: true)
            paths.append(file)
        }
        try AtomicFile.write(record.json, to: URL(fileURLWithPath: manifest), displayPath: manifest)
        return paths
    }
}

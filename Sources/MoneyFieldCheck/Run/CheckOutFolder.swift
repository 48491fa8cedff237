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
    /// do); what an earlier run wrote (its manifest says what) is removed.
    package func prepare() throws(CommandError) {
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
                try? fileManager.removeItem(atPath: PathName.joined(path, name))
            }
            try? fileManager.removeItem(atPath: manifest)
        } else {
            // The nearest folder above that exists must be one: `/dev/null/sub` is not a path to make.
            var above = Self.parent(of: path)
            while !above.isEmpty, above != "/", !fileManager.fileExists(atPath: above) { above = Self.parent(of: above) }
            if !above.isEmpty, fileManager.fileExists(atPath: above, isDirectory: &isFolder), !isFolder.boolValue {
                throw CommandError("cannot make --out \(path): \(above) is not a folder; name a folder for the groups' scripts")
            }
            do {
                try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw CommandError("cannot make --out \(path): \(Self.describing(error))")
            }
        }
        guard access(path, W_OK | X_OK) == 0 else { throw CommandError("cannot write in --out \(path): \(String(cString: strerror(errno)))") }
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

    /// What Foundation's `localizedDescription` said of an error making a folder, word for word:
    /// its reason for each code FileManager gives a failed write, or the domain and code.
    static func describing(_ error: any Error) -> String {
        guard let error = error as? CocoaError else { return "\(error)" }
        let reasons: [CocoaError.Code: String] = [
            .fileNoSuchFile: "The file doesn’t exist.", .fileWriteNoPermission: "You don’t have permission.",
            .fileWriteInvalidFileName: "The file name is invalid.", .fileWriteFileExists: "A file with the same name already exists.",
            .fileWriteOutOfSpace: "There isn’t enough space.", .fileWriteVolumeReadOnly: "The volume is read only.",
        ]
        return "The operation could not be completed. " + (reasons[error.code] ?? "(NSCocoaErrorDomain error \(error.code.rawValue).)")
    }
}

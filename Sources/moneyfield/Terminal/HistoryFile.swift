import Foundation

/// Where the shell keeps the lines typed at its prompt (never written in batch mode).
struct HistoryFile: Equatable {
    let url: URL

    /// `$MONEYFIELD_HISTORY`, else `$XDG_STATE_HOME/moneyfield/history`, else
    /// `~/.local/state/moneyfield/history`; empty variables count as unset, as XDG says.
    static func location(environment: [String: String], home: URL) -> HistoryFile {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let explicit = variable("MONEYFIELD_HISTORY") {
            return HistoryFile(url: URL(fileURLWithPath: explicit))
        }
        // XDG asks to ignore a relative XDG_STATE_HOME.
        let state = variable("XDG_STATE_HOME").flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? home.appendingPathComponent(".local/state", isDirectory: true)
        return HistoryFile(url: state.appendingPathComponent("moneyfield/history"))
    }

    /// `~` is `$HOME` as the shells take it; Foundation's home directory reads the password
    /// database instead, which is only the fallback.
    static var forThisProcess: HistoryFile {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return location(environment: environment, home: home)
    }

    /// The first line libedit writes; a file that starts otherwise is someone else's.
    static let signature = Array("_HiStOrY_V2_".utf8)

    /// Whether the path is free, empty, or holds a libedit history: the only files it may replace.
    var holdsHistory: Bool {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        // Free: nothing there, or a folder on the way that is not one yet (making it says why not).
        guard descriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        if status.st_size == 0 { return true }
        var head = [UInt8](repeating: 0, count: Self.signature.count)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == head.count && head == Self.signature
    }

    /// The file a save replaces: a link's target, so a history kept elsewhere through a link
    /// stays there and the link stays a link.
    var target: URL { url.resolvingSymlinksInPath() }

    /// Makes the folder the file goes in (private to the user, as a state folder should be).
    func prepareFolder() throws(ShellFailure) {
        let folder = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ShellFailure("cannot make the folder \(folder.path) for the history")
        }
    }
}

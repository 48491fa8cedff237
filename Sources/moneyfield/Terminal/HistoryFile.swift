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

    /// Makes the folder the file goes in (private to the user, as a state folder should be).
    func prepareFolder() throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ShellFailure("cannot make the folder \(folder.path) for the history")
        }
    }
}

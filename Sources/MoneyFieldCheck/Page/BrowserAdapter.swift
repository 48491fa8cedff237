import Foundation
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// A web page `--page` names: a URL loaded as it is, or a local HTML file the browser adapter
/// serves (by its absolute path, so the command and the page's stored configuration do not depend
/// on the folder `check` runs in).
package enum PageTarget: Equatable, Sendable {
    case url(String)
    case file(absolutePath: String)

    /// Reads `--page` as the browser adapter does: `scheme://…` is a URL, `file://PATH` and
    /// anything else a file, which must exist.
    package init(_ text: String, workingFolder: String) throws(CommandError) {
        if text.utf8.firstRange(of: "://".utf8) != nil && !text.hasPrefix("file://") {
            self = .url(text)
            return
        }
        let path = text.hasPrefix("file://") ? String(text.dropFirst("file://".count)) : text
        guard !path.isEmpty else { throw CommandError("--page is empty; give a page's URL or an HTML file") }
        let absolute = path.hasPrefix("/") ? path : PathName.joined(workingFolder, path)
        var status = stat()
        guard stat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CommandError("--page \(VisibleText.quoted(text)): no such file; give an HTML file or a page's URL (http://…)")
        }
        self = .file(absolutePath: absolute)
    }

    /// The page as the adapter's first argument takes it.
    package var argument: String {
        switch self {
        case .url(let url): url
        case .file(let path): path
        }
    }
}

/// The browser adapter's command line, typed: the interpreter, the script and its arguments,
/// quoted for `sh -c` only where the command is made (`shellCommand`).
package struct BrowserAdapterCommand: Equatable, Sendable {
    package var python: String
    package var script: String
    package var arguments: [String]

    package init(python: String, script: String, arguments: [String]) {
        self.python = python
        self.script = script
        self.arguments = arguments
    }

    /// What `check` runs with `sh -c`: every word as `sh` reads it back, itself.
    package var shellCommand: String {
        ([python, script] + arguments).map(ShellWord.quoted).joined(separator: " ")
    }
}

/// `sh`'s quoting, for words built into a command `sh -c` runs.
package enum ShellWord {
    /// `word` bare when it holds only characters `sh` gives no meaning to, else in single quotes,
    /// where nothing is special but the quote itself, written `'\''`.
    package static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "+"): true
            default: false
            }
        }
        if plain { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

/// Where the browser adapter is: installed beside the binary by `scripts/install`, in a
/// repository's `Examples/`, or where `MONEYFIELD_BROWSER_ADAPTER` says.
package enum BrowserAdapterLocation {
    package static let environmentVariable = "MONEYFIELD_BROWSER_ADAPTER"
    /// Below the installation's prefix, as `scripts/install` lays it out.
    package static let installedPath = "share/moneyfield/browser/adapter.py"
    package static let repositoryPath = "Examples/Adapters/browser/adapter.py"

    /// The places looked at, in order, for a binary at `executable` (its real path): the prefix
    /// (`PREFIX/bin/moneyfield` → `PREFIX/share/moneyfield/browser/adapter.py`), then the
    /// repository a build lives in (`REPO/.build/TRIPLE/debug/moneyfield`, up to four folders up).
    package static func candidates(executable: String) -> [String] {
        let folder = PathName.deletingLast(of: executable)
        var places = [PathName.joined(PathName.deletingLast(of: folder), installedPath)]
        var ancestor = folder
        for _ in 0..<4 {
            guard !ancestor.isEmpty, ancestor != "/" else { break }
            ancestor = PathName.deletingLast(of: ancestor)
            places.append(PathName.joined(ancestor, repositoryPath))
        }
        return places
    }

    /// The adapter's path, or an error saying what to install.
    package static func find(executable: String, environment: [String: String]) throws(CommandError) -> String {
        if let chosen = environment[environmentVariable], !chosen.isEmpty {
            guard isFile(chosen) else {
                throw CommandError("\(environmentVariable) names \(VisibleText.quoted(chosen)), which is not a file; point it at the browser adapter's adapter.py, or unset it")
            }
            return chosen
        }
        let places = candidates(executable: executable)
        if let found = places.first(where: isFile) { return found }
        throw CommandError("""
            --page runs the browser adapter, which is not installed beside this moneyfield (no \(VisibleText.quoted(places[0]))): \
            install moneyfield with the repository's scripts/install PREFIX, which puts it in PREFIX/share/moneyfield/browser/, \
            or set \(environmentVariable) to its adapter.py
            """)
    }

    /// `python3` on `PATH`, or an error saying what to install.
    package static func python(environment: [String: String]) throws(CommandError) -> String {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let path = PathName.joined(String(folder), "python3")
            if isFile(path) && access(path, X_OK) == 0 { return path }
        }
        throw CommandError("--page runs the browser adapter with python3, which is not on PATH; install Python 3 (apt-get install -y python3)")
    }

    /// The running binary's real path (links resolved), which its installation is found from.
    package static var executable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first ?? "moneyfield" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}

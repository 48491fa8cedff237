import Foundation

/// What a new user waits for on a fresh clone of the committed tree: the first `scripts/shell`
/// (release build included), then `scripts/test`, then `scripts/install` and the size of the
/// installed binary. Minutes, so only with `--setup`.
public enum SetupTimes {
    public struct Figures {
        public var firstShellSeconds: Double?
        public var testSeconds: Double?
        public var installedBytes: Int?
        public var installedIsStripped: Bool?

        public init() {}
    }

    public static func run(repository: URL, say: (String) -> Void) -> Figures {
        var figures = Figures()
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("moneyfield-setup-\(getpid())")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let clone = workspace.appendingPathComponent("clone").path
        guard let git = whichExecutable("git"),
              runChild([git, "clone", "--quiet", repository.path, clone]).status == 0 else {
            say("  skipped: cannot clone \(repository.path) with git")
            return figures
        }
        say("  a fresh clone of \(repository.path) (the committed tree) in \(clone)")
        let shell = runChild(["\(clone)/scripts/shell", "--version"], captureOutput: true)
        guard shell.status == 0 else {
            say("  first scripts/shell failed (exit \(shell.status)): \(shell.output.suffix(400))")
            return figures
        }
        figures.firstShellSeconds = Double(shell.wallNanoseconds) / 1e9
        say("  first scripts/shell (release build, then the shell): \(String(format: "%.0f", figures.firstShellSeconds!)) s")

        let test = runChild(["\(clone)/scripts/test"], captureOutput: true)
        let summary = test.output.split(separator: "\n").last(where: { $0.contains("Test run with") }).map(String.init) ?? "no summary"
        say("  scripts/test (debug build and every test): \(String(format: "%.0f", Double(test.wallNanoseconds) / 1e9)) s, "
            + "exit \(test.status): \(summary.trimmingPrefix { !$0.isLetter })")
        if test.status == 0 { figures.testSeconds = Double(test.wallNanoseconds) / 1e9 }

        let prefix = workspace.appendingPathComponent("prefix").path
        let install = runChild(["\(clone)/scripts/install", prefix], captureOutput: true)
        let installed = prefix + "/bin/moneyfield"
        guard install.status == 0, let size = (try? FileManager.default.attributesOfItem(atPath: installed))?[.size] as? Int else {
            say("  scripts/install failed (exit \(install.status)): \(install.output.suffix(300))")
            return figures
        }
        figures.installedBytes = size
        figures.installedIsStripped = !hasSymbolTable(installed)
        say("  installed binary: \(String(format: "%.1f", Double(size) / 1_048_576)) MiB, "
            + (figures.installedIsStripped! ? "stripped" : "with its symbol table and debug information"))
        return figures
    }

    /// Whether the ELF file carries a `.symtab` section (what `strip` removes).
    static func hasSymbolTable(_ path: String) -> Bool {
        guard let readelf = whichExecutable("readelf") else { return true }
        return runChild([readelf, "-S", "-W", path], captureOutput: true).output.contains(".symtab")
    }
}

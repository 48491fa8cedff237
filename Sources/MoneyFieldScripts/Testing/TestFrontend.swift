import Foundation
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// `moneyfield test` apart from its command line: the scripts found, replayed, judged and
/// reported, to an outcome the executable turns into an exit status. It installs no signal
/// handler: it is told whether to stop.
package struct TestFrontend: Sendable {
    package struct Options: Sendable {
        /// Script files and folders, with the bytes each was given as; `-` reads standard input.
        package var paths: [(path: RawPath, given: String)]
        /// Rewrite each changed script's expectations (atomically).
        package var update = false
        /// With `update`: say what would change, change nothing.
        package var dryRun = false
        /// Every differing step in the report, not only each script's first.
        package var allMismatches = false
        /// Also write a JUnit report to this file.
        package var junit: String?
        package var tap = false
        package var shard: Shard?
        /// Scripts replayed at once; nil, the processors available.
        package var jobs: Int?
        /// Let scripts write files (`record`).
        package var allowWrite = false

        package init(paths: [(path: RawPath, given: String)]) { self.paths = paths }

        var readsStandardInput: Bool { paths.contains { $0.given == "-" } }
    }

    /// How a run ended.
    package enum Outcome: Equatable, Sendable {
        /// Every script passed (or was updated); the report is written.
        case passed
        /// A script failed; the report is written.
        case failed
        /// Stopped by a signal before its last script: these lines (for standard error, each
        /// terminal-safe) say how far it got, in place of a report, whose counts would mislead.
        case interrupted(lines: [String])
        /// The report is written, the JUnit report could not be: why.
        case junitUnwritable(String)
    }

    package let options: Options
    /// Relative paths (the scripts', `--junit`'s) resolve against it.
    let base: URL
    /// The scripts found on disk, in their order, this shard's only; standard input is not among them.
    let scripts: [ScriptFile]

    /// Finds the scripts. Throws what makes the arguments unusable before any script runs: a
    /// `--junit` file that cannot be written, a path that names nothing, no script at all.
    package init(_ options: Options, base: URL = PathName.workingFolder) throws(CommandError) {
        self.options = options
        self.base = base
        // The report's path is checked before any script runs, not after all of them.
        if let junit = options.junit, let problem = OutputPath.problem(with: junit, relativeTo: base) {
            throw CommandError("--junit \(problem.message)")
        }
        let given = options.paths.map(\.given)
        var scripts: [ScriptFile] = []
        do throws(ScriptError) {
            // In one call: a file named twice is found once.
            scripts = try ScriptRunner.scriptFiles(in: options.paths.filter { $0.given != "-" }, base: base)
        } catch {
            if given == ["scripts"], case .unreadable(_, _, missing: true) = error {
                throw CommandError("no scripts/ folder here to run; give the scripts: moneyfield test FILE.session or FOLDER …")
            }
            throw CommandError(error.errorDescription ?? "\(error)")
        }
        guard !scripts.isEmpty || options.readsStandardInput else {
            throw CommandError("no *.session scripts in \(given.joined(separator: " ")); give script files or folders that hold them")
        }
        if let shard = options.shard { scripts = scripts.filter { shard.contains($0.display) } }
        if options.update && options.readsStandardInput { throw CommandError("--update cannot rewrite standard input; give the script's file") }
        self.scripts = scripts
    }

    /// Replays the scripts, `jobs` at a time, and judges them in order; `write` takes the report
    /// (for standard output), written before the JUnit file so that a JUnit file that cannot be
    /// written does not hide it. Once `isInterrupted`, no script starts and the run stops before
    /// the first not done. Throws when standard input cannot be read.
    package func run(isInterrupted: @escaping @Sendable () -> Bool, write: (String) -> Void) throws(CommandError) -> Outcome {
        var runner = ScriptRunner(allowsWrite: options.allowWrite, keepsScriptsForUpdate: options.update)
        runner.isInterrupted = isInterrupted
        let replays = Replays(scripts, with: runner, jobs: options.jobs, isInterrupted: isInterrupted)
        var standardInput: ScriptRunner.Report?
        if options.readsStandardInput {
            do throws(FileError) {
                let bytes = try TextFile.readStandardInput(displayPath: "stdin")
                standardInput = runner.run(bytes: bytes, displayPath: "stdin", directory: base)
            } catch {
                throw CommandError(error.message)
            }
        }
        let stdinFirst = options.paths.first?.given == "-"
        let files = Dictionary(scripts.map { ($0.display, $0) }, uniquingKeysWith: { first, _ in first })
        let count = scripts.count + (standardInput == nil ? 0 : 1)
        let (update, dryRun) = (options.update, options.dryRun)
        let run = TestRun(count: count, update: update, dryRun: dryRun, isInterrupted: isInterrupted) { index in
            guard let standardInput else { return replays.report(index) }
            if stdinFirst { return index == 0 ? standardInput : replays.report(index - 1) }
            return index == scripts.count ? standardInput : replays.report(index)
        } write: { report, text throws(FileError) in
            // Written through a URL, which cannot hold a name's bad bytes: it would make another file.
            guard let file = files[report.path], file.path.isUTF8 else {
                throw FileError(path: report.path, reason: "its name is not UTF-8, so it is not rewritten; rename it (mv) to update it")
            }
            try AtomicFile.write(text, to: file.url, displayPath: report.path, asScript: true)
        }
        if let words = run.interruptionWords(update: update && !dryRun) {
            // A line each, every path escaped: a name may hold an escape sequence.
            return .interrupted(lines: words.split(separator: "\n").map { VisibleText.terminalSafe(String($0)) })
        }
        let lines = options.tap ? TestReport.tap(run) : TestReport.text(run, allMismatches: options.allMismatches, dryRun: dryRun)
        write(lines.map { VisibleText.terminalSafe($0) + "\n" }.joined())
        if let junit = options.junit {
            do throws(FileError) {
                try AtomicFile.write(TestReport.junit(run), to: URL(fileURLWithPath: junit, relativeTo: base), displayPath: junit)
            } catch {
                return .junitUnwritable("cannot write the JUnit report: \(error.message)")
            }
        }
        return run.failedCount > 0 ? .failed : .passed
    }
}

import ArgumentParser
import Foundation
import MoneyFieldShell
import Synchronization
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Replay session scripts and compare their output with what they expect.",
        discussion: """
            Each *.session file (folders are searched recursively; `-` reads one from standard \
            input) is replayed in a fresh session. A failing script shows its first difference \
            with file:line, the command, and expected (-) versus actual (+) lines, and how many \
            later steps also differ; the report ends with the failing files and \
            `N passed, M failed`. A script with no command is an error, not a pass.

            Exit status: 0 all passed (or updated), 1 a script failed, 2 unusable arguments.
            """)

    @Argument(help: "Script files or folders; - reads a script from standard input.", completion: .file(extensions: ["session"]))
    var paths: [String] = ["scripts"]

    @Flag(help: "Rewrite each script's expected output with what it printed, keeping comments (atomically), and show the diff applied.")
    var update = false

    @Flag(help: "With --update: show the diff it would apply and change nothing.")
    var dryRun = false

    @Flag(help: "Show every differing step, not only each script's first.")
    var allMismatches = false

    @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE (one testcase per script).", valueName: "FILE"), completion: .file(extensions: ["xml"]))
    var junit: String?

    @Flag(help: "Print TAP version 13 instead of the text report.")
    var tap = false

    @Option(help: ArgumentHelp("Run only the I-th of N disjoint, stable parts of the scripts (1/4 … 4/4).", valueName: "I/N"))
    var shard: String?

    @Option(name: .customShort("j"), help: "Scripts replayed at once.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Let scripts write files (record).")
    var allowWrite = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("-j takes 1 to 256, not \(jobs)") }
        if let shard, Shard(shard) == nil { throw ValidationError(Shard.usage(shard)) }
        if dryRun && !update { throw ValidationError("--dry-run goes with --update") }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be given once") }
        if let junit {
            // A report written over a script would lose the script.
            func real(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
            guard !junit.isEmpty else { throw ValidationError("--junit needs a file name: --junit report.xml") }
            if paths.contains(where: { $0 != "-" && real($0) == real(junit) }) {
                throw ValidationError("--junit \(junit) is one of the scripts to run; write the report to another file (report.xml)")
            }
        }
    }

    func run() throws {
        try Self.run(paths: paths, update: update, dryRun: dryRun, allMismatches: allMismatches, junit: junit, tap: tap,
                     shard: shard, jobs: jobs, allowWrite: allowWrite)
    }

    /// The common case, `moneyfield test PATH…` with no option, read without the argument
    /// parser's reflection (a third of a cold start): nil when the arguments are anything else.
    static func fastPath(_ arguments: [String]) -> (() throws -> Void)? {
        guard arguments.count >= 2, arguments[0] == "test", arguments.dropFirst().allSatisfy({ !$0.hasPrefix("-") && !$0.isEmpty }) else {
            return nil
        }
        return {
            try run(paths: Array(arguments.dropFirst()), update: false, dryRun: false, allMismatches: false, junit: nil, tap: false,
                    shard: nil, jobs: nil, allowWrite: false)
        }
    }

    static func run(
        paths: [String], update: Bool, dryRun: Bool, allMismatches: Bool, junit: String?, tap: Bool, shard: String?, jobs: Int?,
        allowWrite: Bool
    ) throws {
        let base = PathName.workingFolder
        // The report's path is checked before any script runs, not after all of them.
        if let junit, let problem = OutputPath.problem(with: junit, relativeTo: base) {
            throw UnusableInput("--junit \(problem.message)")
        }
        var scripts: [ScriptFile] = []
        do {
            for path in RawArguments.paths(paths) where path.given != "-" { scripts += try ScriptRunner.scriptFiles(in: [path], base: base) }
        } catch {
            if paths == ["scripts"], case .unreadable(_, _, missing: true) = error {
                throw UnusableInput("no scripts/ folder here to run; give the scripts: moneyfield test FILE.session or FOLDER …")
            }
            throw UnusableInput(error.errorDescription ?? "\(error)")
        }
        let readsStandardInput = paths.contains("-")
        guard !scripts.isEmpty || readsStandardInput else {
            throw UnusableInput("no *.session scripts in \(paths.joined(separator: " ")); give script files or folders that hold them")
        }
        if let shard = shard.flatMap(Shard.init) { scripts = scripts.filter { shard.contains($0.display) } }
        if update && readsStandardInput { throw UnusableInput("--update cannot rewrite standard input; give the script's file") }

        // Ctrl-C or SIGTERM from here on stops between scripts and says how far the run got.
        Interrupts.stopBetweenSteps()
        var runner = ScriptRunner(allowsWrite: allowWrite, keepsScriptsForUpdate: update)
        runner.isInterrupted = Interrupts.isInterrupted
        let replays = Replays(scripts, with: runner, jobs: jobs, isInterrupted: Interrupts.isInterrupted)
        var standardInput: ScriptRunner.Report?
        if readsStandardInput {
            do {
                let bytes = try TextFile.readStandardInput(displayPath: "stdin")
                standardInput = runner.run(bytes: bytes, displayPath: "stdin", directory: base)
            } catch {
                throw UnusableInput(error.message)
            }
        }
        let stdinFirst = paths.first == "-"
        let files = Dictionary(scripts.map { ($0.display, $0) }, uniquingKeysWith: { first, _ in first })
        let count = scripts.count + (standardInput == nil ? 0 : 1)
        let run = TestRun(count: count, update: update, dryRun: dryRun, isInterrupted: Interrupts.isInterrupted) { index in
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
            // What was done, not an error of the run's: no report, whose counts would mislead.
            // A line each, every path escaped: a name may hold an escape sequence.
            Output.writeError(words.split(separator: "\n").map { VisibleText.terminalSafe(String($0)) + "\n" }.joined())
            throw ExitCode(Interrupts.exitStatus)
        }
        // The report first: a JUnit file that cannot be written must not hide it.
        let lines = tap ? TestReport.tap(run) : TestReport.text(run, allMismatches: allMismatches, dryRun: dryRun)
        Output.write(lines.map { VisibleText.terminalSafe($0) + "\n" }.joined())
        if let junit {
            do throws(FileError) {
                try AtomicFile.write(TestReport.junit(run), to: URL(fileURLWithPath: junit, relativeTo: base), displayPath: junit)
            } catch {
                Console.error("cannot write the JUnit report: \(error.message)")
                throw ExitCode.failure
            }
        }
        if run.failedCount > 0 { throw ExitCode.failure }
    }

}

/// The scripts replayed on `jobs` threads (the processors available when nil), handed over in
/// the scripts' order as each is ready, so the first are judged (and updated) while the others
/// still play. Once interrupted, no script starts; the one asked for is nil unless it was done.
final class Replays: Sendable {
    private let scripts: [ScriptFile]
    private let reports: Mutex<[ScriptRunner.Report?]>
    private let next = Atomic<Int>(0)
    private let ready = DispatchSemaphore(value: 0)
    private let runner: ScriptRunner
    private let isInterrupted: @Sendable () -> Bool

    init(_ scripts: [ScriptFile], with runner: ScriptRunner, jobs: Int?, isInterrupted: @escaping @Sendable () -> Bool) {
        self.scripts = scripts
        self.runner = runner
        self.isInterrupted = isInterrupted
        reports = Mutex(Array(repeating: nil, count: scripts.count))
        // One script plays on this thread, when asked for: no pool, no processor count.
        guard scripts.count > 1 else { return }
        let workers = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, scripts.count)
        DispatchQueue.global().async { [self] in
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while !isInterrupted() {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < scripts.count else { return }
                    let report = runner.run(scripts[index])
                    reports.withLock { $0[index] = report }
                    ready.signal()
                }
            }
        }
    }

    /// Script `index`'s report, waiting while it plays; nil once interrupted before it was done.
    func report(_ index: Int) -> ScriptRunner.Report? {
        if scripts.count == 1 {
            guard !isInterrupted() else { return nil }
            let report = runner.run(scripts[0])
            return report.interrupted ? nil : report
        }
        while true {
            // One cut short by the signal was not done: the run stops before it.
            if let report = reports.withLock({ $0[index] }) { return report.interrupted ? nil : report }
            if isInterrupted() { return nil }
            // A bounded wait: a signal must be noticed even while a long script plays.
            _ = ready.wait(timeout: .now() + .milliseconds(50))
        }
    }
}

import ArgumentParser
import Foundation
import MoneyFieldShell
import Synchronization

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Replay session scripts and compare their output with what they expect.",
        discussion: """
            Each *.session file (folders are searched recursively) is replayed in a fresh session. \
            Every difference is reported with file:line, the command, and expected (-) versus \
            actual (+) lines. The last line reads `N passed, M failed`.

            Exit status: 0 all passed (or updated), 1 a script failed, 2 unusable arguments.
            """)

    @Argument(help: "Script files or folders.")
    var paths: [String] = ["scripts"]

    @Flag(help: "Rewrite each script's expected output with what it printed, keeping comments (atomically).")
    var update = false

    @Option(name: .customShort("j"), help: "Scripts replayed at once.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Let scripts write files (record).")
    var allowWrite = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("-j takes 1 to 256, not \(jobs)") }
    }

    func run() throws {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let scripts: [(url: URL, display: String)]
        do {
            scripts = try ScriptRunner.scripts(in: paths, base: base)
        } catch {
            throw UnusableInput(error.errorDescription ?? "\(error)")
        }
        guard !scripts.isEmpty else { throw UnusableInput("no *.session scripts in \(paths.joined(separator: " ")); give script files or folders that hold them") }

        let runner = ScriptRunner(allowsWrite: allowWrite)
        let reports = Mutex<[ScriptRunner.Report?]>(Array(repeating: nil, count: scripts.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, scripts.count)) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < scripts.count else { return }
                let report = runner.run(scripts[index].url, displayPath: scripts[index].display)
                reports.withLock { $0[index] = report }
            }
        }

        var passed = 0
        var failed = 0
        var output: [String] = []
        for (script, report) in zip(scripts, reports.withLock { $0.map { $0! } }) {
            if let error = report.error {
                failed += 1
                output.append("error: \(error.errorDescription ?? "\(error)")")
                continue
            }
            if let note = report.note { output.append("note: " + note) }
            if update, let quitLine = report.quitEarlyAt {
                failed += 1
                output.append("error: \(report.path):\(quitLine): the script quits here but has commands after it; not updated (remove them or the quit)")
                continue
            }
            if update, report.needsUpdate, let updated = report.updatedText {
                do throws(FileError) {
                    try AtomicFile.write(updated, to: script.url, displayPath: report.path)
                    output.append("updated \(report.path) (\(report.mismatches.count) step\(report.mismatches.count == 1 ? "" : "s"))")
                } catch {
                    failed += 1
                    output.append("error: cannot update \(error.message)")
                    continue
                }
                passed += 1
                continue
            }
            if report.passed {
                passed += 1
            } else {
                failed += 1
                for mismatch in report.mismatches { output += MismatchReport.lines(for: mismatch, path: report.path) }
            }
        }
        output.append("\(passed) passed, \(failed) failed")
        Output.write(output.map { VisibleText.terminalSafe($0) + "\n" }.joined())
        if failed > 0 { throw ExitCode.failure }
    }
}

import ArgumentParser
import Foundation
@_spi(Tools) import MoneyFieldShell
import MoneyFieldIO
import MoneyFieldScripts

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", _superCommandName: Moneyfield.name,
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

    // No default value: the parser would count the processors at every start, and one script needs no pool.
    @Option(name: .customShort("j"), help: "Scripts replayed at once (default: the processors available).")
    var jobs: Int?

    @Flag(help: "Let scripts write files (record).")
    var allowWrite = false

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("-j takes 1 to 256, not \(jobs)") }
        if let shard, Shard(shard) == nil { throw ValidationError(Shard.usage(shard)) }
        if dryRun && !update { throw ValidationError("--dry-run goes with --update") }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("- (standard input) can be given once") }
        if let junit {
            // A report written over a script would lose the script.
            func real(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
            guard !junit.isEmpty else { throw ValidationError("--junit needs a file name: --junit report.xml") }
            // A folder given as a path to run is not a script: the check of the report's place
            // says what is wrong with it (`--junit suite: is a folder`).
            var isFolder: ObjCBool = false
            let isAFolder = FileManager.default.fileExists(atPath: junit, isDirectory: &isFolder) && isFolder.boolValue
            if !isAFolder, paths.contains(where: { $0 != "-" && real($0) == real(junit) }) {
                throw ValidationError("--junit \(junit) is one of the scripts to run; write the report to another file (report.xml)")
            }
        }
    }

    /// The frontend's options, as the arguments set them.
    var options: TestFrontend.Options {
        var options = TestFrontend.Options(paths: RawArguments.paths(paths))
        options.update = update
        options.dryRun = dryRun
        options.allMismatches = allMismatches
        options.junit = junit
        options.tap = tap
        options.shard = shard.flatMap(Shard.init)
        options.jobs = jobs
        options.allowWrite = allowWrite
        return options
    }

    /// `moneyfield test PATH…` with no option: every option at its default, as the argument parser
    /// would fill them in, without it reflecting this declaration (6.5 M instructions, two fifths of
    /// replaying one script). nil for anything else (an option, `-`, `--`, no path), which the
    /// parser reads. ParsedCommandLineTests checks that both give the same options.
    static func optionsWithoutParsing(_ arguments: [String]) -> TestFrontend.Options? {
        guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else { return nil }
        return TestFrontend.Options(paths: RawArguments.paths(arguments))
    }

    func run() throws { try Self.run(options) }

    static func run(_ options: TestFrontend.Options) throws {
        let outcome: TestFrontend.Outcome
        do throws(CommandError) {
            let frontend = try TestFrontend(options)
            // Ctrl-C or SIGTERM from here on stops between scripts and says how far the run got.
            Interrupts.stopBetweenSteps()
            outcome = try frontend.run(isInterrupted: Interrupts.isInterrupted, write: Output.write)
        } catch {
            throw UnusableInput(error.message)
        }
        switch outcome {
        case .passed: return
        case .failed: throw ExitCode.failure
        case .interrupted(let lines):
            Output.writeError(lines.map { $0 + "\n" }.joined())
            throw ExitCode(Interrupts.exitStatus)
        case .junitUnwritable(let message):
            Console.error(message)
            throw ExitCode.failure
        }
    }
}

import ArgumentParser
import CLibEdit
import Foundation
import MoneyFieldEngine
import MoneyFieldShell
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// The session options `check` and `vectors` share; the field options are `new`'s, read by the
/// same option table.
struct SessionPlanOptions: ParsableArguments {
    @Option(help: "How many sessions.")
    var sessions = 100

    @Option(help: "Keys per session.")
    var steps = 40

    @Option(help: "The seed: session i depends only on the seed and i.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Keys to press, by their type names without brackets, comma-separated (default 0-9,bs,del,left,right,home,end).", valueName: "LIST"))
    var keys: String?

    @Option(help: ArgumentHelp("Play only the sessions whose index is I-1 modulo N (1 ≤ I ≤ N), for a CI matrix.", valueName: "I/N"))
    var shard: String?

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "The field, as `new` takes it: \(FieldOption.usage). Without --locale and --currency, a built-in list of hard locale/currency pairs; with --currency alone, each of them in that currency.",
        valueName: "field-options"))
    var fieldWords: [String] = []

    func validate() throws {
        guard (1...10_000_000).contains(sessions) else { throw ValidationError("--sessions takes 1 to 10000000, not \(sessions)") }
        guard (0...10_000).contains(steps) else { throw ValidationError("--steps takes 0 to 10000, not \(steps)") }
        _ = try plan()
    }

    func fieldOptions() throws -> FieldOptions {
        do throws(CommandError) {
            return try FieldOptions(parsing: fieldWords, usage: "the field options of new: \(FieldOption.usage)")
        } catch {
            throw ValidationError(error.message)
        }
    }

    func plan() throws -> CheckPlan {
        let options = try fieldOptions()
        // SPEC §4's protocol has no decimal key, so natural fields are not checked.
        if options.mode == .natural { throw ValidationError("--mode natural cannot be checked: the protocol has no decimal key; use atm or whole") }
        var configurations: [CheckPlan.Configuration]
        if options.locale != nil {
            configurations = [CheckPlan.Configuration(options)]
        } else {
            configurations = CheckPlan.hardConfigurations.map { hard in
                var each = options
                each.locale = hard.options.locale
                each.currency = options.currency ?? hard.options.currency
                each.mode = options.mode ?? hard.options.mode
                return CheckPlan.Configuration(each)
            }
        }
        for configuration in configurations {
            do throws(CommandError) {
                _ = try configuration.options.configuration(defaults: (LocaleCatalog.defaultIdentifier, CurrencyCatalog.defaultCode), place: .commandLine)
            } catch {
                throw ValidationError(error.message)
            }
        }
        var chosen = CheckPlan.defaultKeys
        if let keys {
            chosen = []
            for name in keys.split(separator: ",").map({ String($0.trimmingSpaces()) }) {
                if name == "0-9" {
                    chosen += (0...9).map { Key.digit(UInt8($0)) }
                } else if let key = Key(protocolName: name), key != .decimal {
                    chosen.append(key)
                } else {
                    throw ValidationError("--keys: unknown key \"\(name)\"; keys: 0-9 and \(KeyTable.all.filter { $0.key != .decimal }.map(\.name).joined(separator: ", "))")
                }
            }
            guard !chosen.isEmpty else { throw ValidationError("--keys names no key") }
        }
        var shardPart = (index: 1, count: 1)
        if let shard {
            let parts = shard.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
                throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N (1/4 … 4/4), not \"\(shard)\"")
            }
            shardPart = (index, count)
        }
        return CheckPlan(configurations: configurations, keys: chosen, sessions: sessions, steps: steps, seed: seed, shard: shardPart)
    }
}

/// SIGINT and SIGTERM while `check` waits on an adapter: noted, so the adapter's group is ended
/// before moneyfield leaves.
enum CheckSignals {
    nonisolated(unsafe) static let flag: UnsafeMutablePointer<sig_atomic_t> = {
        let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        flag.initialize(to: 0)
        return flag
    }()

    static func install() {
        _ = flag
        moneyfield_catch_signal(SIGINT, noteCheckSignal, nil)
        moneyfield_catch_signal(SIGTERM, noteCheckSignal, nil)
        // A parent may have started us with them blocked (a test harness's thread does).
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    static var caught: Int32 { flag.pointee }
}

private func noteCheckSignal(_ signal: Int32) { CheckSignals.flag.pointee = signal }

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check another money field against moneyfield, through an adapter speaking JSON Lines.",
        discussion: """
            Starts `sh -c CMD` once, in a process group of its own, and plays seeded, operator-like \
            sessions on it: a {"op":"new",…} request per session (every field option, camelCase), \
            then {"op":"key","key":"7"} per key, each answered with one line {"display":…,"caret":…} \
            (caret may be null; value and rejected are optional; {"unsupported":true} skips a \
            configuration). Every reply is checked, then compared with moneyfield's own field. A \
            disagreement is shrunk to the fewest keys, the smallest digits and the simplest \
            configuration that show the same kind of difference (display, caret, value, rejected, \
            emptied); shrunk sessions with the same kind and shape of keys are one group, written \
            to --out as one session script. The run ends with a line per group and `checked S \
            sessions, K keys: D disagreements`. --replay plays scripts (those, or any with new and \
            keys) on the adapter instead: the loop while fixing a field.

            Exit status: 0 no disagreement, 1 disagreements or a broken adapter, 2 unusable arguments \
            or an adapter that cannot start, 130/143 interrupted.
            """)

    @Option(help: ArgumentHelp("The adapter, run with sh -c.", valueName: "CMD"))
    var adapter: String

    @OptionGroup var planOptions: SessionPlanOptions

    @Option(help: ArgumentHelp("How carets compare: exact (UTF-16 offsets), slot (digits right of the caret; the default) or none.", valueName: "exact|slot|none"))
    var caret: String = CaretComparison.slot.rawValue

    @Option(help: "Seconds to wait for each reply.")
    var timeout: Double = 5

    @Option(help: ArgumentHelp("Folder for the groups' scripts, made fresh each run.", valueName: "DIR"), completion: .directory)
    var out = "check-failures"

    @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE (one testcase per session).", valueName: "FILE"))
    var junit: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Play these scripts (files or folders of *.session) on the adapter instead of sessions.", valueName: "PATH"),
            completion: .file(extensions: ["session"]))
    var replay: [String] = []

    func validate() throws {
        guard !adapter.trimmingSpaces().isEmpty else {
            throw ValidationError("--adapter is empty; give the command that runs your adapter (--adapter \"python3 my_field.py\")")
        }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout takes more than 0 and at most 3600 seconds, not \(timeout)") }
        guard CaretComparison(rawValue: caret) != nil else { throw ValidationError("--caret takes exact, slot or none, not \"\(caret)\"") }
    }

    func run() throws {
        CheckSignals.install()
        let adapter = Adapter(command: adapter, timeout: timeout) { CheckSignals.caught != 0 }
        do { try adapter.start() } catch {
            if case .cannotStart(let message) = error { throw UnusableInput(message) }
            throw error
        }
        defer { adapter.stop() }
        let caret = CaretComparison(rawValue: caret) ?? .slot
        if !replay.isEmpty {
            try runReplay(on: adapter, caret: caret)
            return
        }
        let plan = try planOptions.plan()
        try prepareOut()
        let checker = Checker(plan: plan, adapter: adapter, caret: caret)
        let onTerminal = isatty(STDERR_FILENO) == 1
        let summary: Checker.Summary
        var announced = 0
        do throws(Adapter.Failure) {
            summary = try checker.run { done, summary in
                // Each new group as it is found, then the progress line on a terminal.
                while announced < summary.groups.count {
                    if onTerminal { Output.writeError("\r\u{1B}[K") }
                    Output.write(VisibleText.terminalSafe(checker.line(for: summary.groups[announced])) + "\n")
                    announced += 1
                }
                if onTerminal {
                    Output.writeError("\r\u{1B}[Ksession \(done)/\(plan.sessionIndexes.underestimatedCount), \(Self.count(summary.disagreements, "disagreement"))")
                }
            }
        } catch {
            if onTerminal { Output.writeError("\r\u{1B}[K") }
            try fail(error, adapter: adapter)
        }
        if onTerminal { Output.writeError("\r\u{1B}[K") }
        let written = try writeGroups(summary, checker: checker)
        var failed = false
        if let junit {
            do throws(FileError) {
                try AtomicFile.write(checker.junit(summary), to: URL(fileURLWithPath: junit), displayPath: junit)
            } catch {
                Console.error("cannot write the JUnit report: \(error.message)")
                failed = true
            }
        }
        if !summary.groups.isEmpty {
            Output.write("\(Self.count(summary.groups.count, "kind")) of disagreement:\n")
            for (index, group) in summary.groups.enumerated() {
                let keys = Checker.shape(Array(group.example.keys.prefix(group.difference.step)))
                Output.write(VisibleText.terminalSafe("  \(group.difference.kind.rawValue) after \(keys.isEmpty ? "the field is made" : keys): "
                    + "\(Self.count(group.sessions.count, "session")) → \(written[index])") + "\n")
            }
            Output.write(VisibleText.terminalSafe("replay them on your adapter while you fix it: moneyfield check --replay \(out) --adapter …") + "\n")
        }
        let skipped = summary.unsupported > 0 ? " (\(Self.count(summary.unsupported, "session")) unsupported by the adapter)" : ""
        Output.write("checked \(Self.count(summary.sessions, "session")), \(Self.count(summary.keys, "key")): \(Self.count(summary.disagreements, "disagreement"))\(skipped)\n")
        if summary.disagreements > 0 || failed { throw ExitCode.failure }
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Reports a broken or interrupted adapter and leaves with its exit status.
    private func fail(_ error: Adapter.Failure, adapter: Adapter) throws -> Never {
        // exit() runs no defer: the adapter's group is ended here, whatever happened.
        adapter.stop()
        switch error {
        case .interrupted:
            Console.error("interrupted; the adapter was stopped")
            Foundation.exit(CheckSignals.caught == SIGTERM ? 143 : 130)
        case .cannotStart(let message):
            throw UnusableInput(message)
        case .broke(let request, let problem, let stderr):
            // Dead before its first reply: it never started (a wrong command, a missing interpreter).
            let neverStarted = adapter.replies == 0 && problem.isFailureToStart
            var lines = [(neverStarted ? "the adapter could not start: " : "the adapter is broken: ") + problem.words,
                         "  request: \(request)"]
            if !stderr.isEmpty {
                lines += ["  its stderr ended with:"] + stderr.split(separator: "\n").suffix(8).map { "    " + VisibleText.escaped(String($0), .terminalUnsafe) }
            }
            Output.writeError("error: " + lines.map { VisibleText.terminalSafe($0) }.joined(separator: "\n") + "\n")
            Foundation.exit(neverStarted ? 2 : 1)
        }
    }

    private var manifest: String { PathName.joined(out, ".moneyfield-check") }

    /// Makes --out fresh before a run: what an earlier run wrote there (its manifest says what)
    /// is removed; a folder holding other files is refused, so runs never mix.
    private func prepareOut() throws {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: out, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw UnusableInput("--out \(out) is not a folder; name a folder for the groups' scripts") }
        let earlier = (try? String(contentsOfFile: manifest, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        let present = (try? fileManager.contentsOfDirectory(atPath: out)) ?? []
        let others = present.filter { $0 != ".moneyfield-check" && !earlier.contains($0) }
        guard others.isEmpty else {
            throw UnusableInput("--out \(out) holds files check did not write (\(others.sorted().prefix(3).joined(separator: ", "))); name an empty or new folder")
        }
        // Bytes, not characters: a slash with a combining mark on it still leads out of --out.
        for name in earlier where !name.utf8.contains(UInt8(ascii: "/")) { try? fileManager.removeItem(atPath: PathName.joined(out, name)) }
        try? fileManager.removeItem(atPath: manifest)
    }

    /// One script per group in --out, each named in the manifest as soon as it is written.
    private func writeGroups(_ summary: Checker.Summary, checker: Checker) throws -> [String] {
        let fileManager = FileManager.default
        guard !summary.groups.isEmpty else { return [] }
        do {
            try fileManager.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw UnusableInput("cannot make --out \(out): \(Self.describing(error))")
        }
        var names: [String] = []
        var paths: [String] = []
        for (index, group) in summary.groups.enumerated() {
            let configuration = group.example.configuration
            let name = String(index + 1).leftPadded(to: 3) + "-" + group.difference.kind.rawValue + "-"
                + configuration.locale.replacing("@", with: "-").replacing("=", with: "-")
                + "-" + configuration.currency + ".session"
            let path = PathName.joined(out, name)
            do throws(FileError) {
                try AtomicFile.write(checker.script(for: group, number: index + 1, of: summary.groups.count, adapterCommand: adapter),
                                     to: URL(fileURLWithPath: path), displayPath: path, asScript: true)
            } catch {
                // The run happened; writing its result failed (a full disk): exit 1, not 2.
                Console.error("cannot write \(error.message)")
                throw ExitCode.failure
            }
            names.append(name)
            paths.append(path)
            // The manifest after each file: an interrupted run still names all it wrote.
            do throws(FileError) {
                try AtomicFile.write(names.joined(separator: "\n") + "\n", to: URL(fileURLWithPath: manifest), displayPath: manifest)
            } catch {
                // The run happened; writing its result failed (a full disk): exit 1, not 2.
                Console.error("cannot write \(error.message)")
                throw ExitCode.failure
            }
        }
        return paths
    }

    /// What Foundation's `localizedDescription` said of an error making a folder, word for word:
    /// its reason for each code FileManager gives a failed write, or the domain and code.
    private static func describing(_ error: any Error) -> String {
        guard let error = error as? CocoaError else { return "\(error)" }
        let reasons: [CocoaError.Code: String] = [
            .fileNoSuchFile: "The file doesn’t exist.", .fileWriteNoPermission: "You don’t have permission.",
            .fileWriteInvalidFileName: "The file name is invalid.", .fileWriteFileExists: "A file with the same name already exists.",
            .fileWriteOutOfSpace: "There isn’t enough space.", .fileWriteVolumeReadOnly: "The volume is read only.",
        ]
        return "The operation could not be completed. " + (reasons[error.code] ?? "(NSCocoaErrorDomain error \(error.code.rawValue).)")
    }

    /// `--replay`: each script's sessions on the adapter; exit 0 only when every one agrees.
    private func runReplay(on adapter: Adapter, caret: CaretComparison) throws {
        let scripts: [(url: URL, display: String)]
        do throws(ScriptError) {
            scripts = try ScriptRunner.scripts(in: replay, base: PathName.workingFolder)
        } catch {
            throw UnusableInput(error.errorDescription ?? "\(error)")
        }
        let checker = Checker(plan: CheckPlan(configurations: [], sessions: 0, steps: 0, seed: 0), adapter: adapter, caret: caret)
        var agreeing = 0, disagreeing = 0, unplayable = 0
        for script in scripts {
            let sessions: [CheckPlan.Session]
            do {
                sessions = try Replay.sessions(in: try Transcript(contentsOf: script.url, displayPath: script.display))
            } catch let error as CommandError {
                unplayable += 1
                Console.error(VisibleText.terminalSafe("\(script.display): \(error.message)"))
                continue
            } catch {
                unplayable += 1
                Console.error(VisibleText.terminalSafe((error as? ScriptError)?.errorDescription ?? "\(script.display): \(error)"))
                continue
            }
            var verdict = "agrees"
            do throws(Adapter.Failure) {
                for session in sessions {
                    switch try checker.play(session) {
                    case .agrees: continue
                    case .unsupported: verdict = "unsupported by the adapter"
                    case .differs(let difference):
                        let keys = KeyScript.text(for: Array(session.keys.prefix(difference.step)))
                        verdict = "disagrees after \(keys.isEmpty ? "the field is made" : keys): adapter \(Checker.quoted(difference.adapter.shown)), "
                            + "moneyfield \(Checker.quoted(difference.reference.shown)) (\(difference.kind.rawValue))"
                    }
                    break
                }
            } catch {
                try fail(error, adapter: adapter)
            }
            if verdict == "agrees" { agreeing += 1 } else { disagreeing += 1 }
            Output.write(VisibleText.terminalSafe("\(script.display): \(verdict)") + "\n")
        }
        Output.write("replayed \(Self.count(scripts.count, "script")): \(agreeing) agree, \(disagreeing) disagree\(unplayable > 0 ? ", \(unplayable) cannot be played" : "")\n")
        if disagreeing + unplayable > 0 { throw ExitCode.failure }
    }
}

struct VectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Print check's sessions as JSON Lines test vectors for unit tests in any language.",
        discussion: """
            One line per session: {"config":{…},"keys":[…],"initial":{…},"expected":[{"display":…,"caret":…,"value":…,"rejected":…},…]} \
            with one expected answer per key (the field after that key) and the field as made in "initial".
            """)

    @OptionGroup var planOptions: SessionPlanOptions

    func run() throws {
        let plan = try planOptions.plan()
        var text = ""
        for index in plan.sessionIndexes {
            text += try CheckVectors.line(for: plan.session(index)) + "\n"
            if text.utf8.count > 1 << 16 {
                Output.write(text)
                text = ""
            }
        }
        Output.write(text)
    }
}

/// `moneyfield adapter`: moneyfield's own engine behind the check protocol, the reference adapter
/// (and the example of what an adapter answers).
struct AdapterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapter",
        abstract: "Speak the check protocol on stdin/stdout with moneyfield's own field (a reference adapter).")

    func run() throws {
        var reader = LineReader(descriptor: STDIN_FILENO, limit: 1 << 16)
        var field: MoneyField?
        while let line = reader.next() {
            guard case .bytes(let bytes) = line,
                  let object = try? JSONDecoder().decode([String: RequestValue].self, from: Data(bytes)),
                  let op = object["op"]?.text else {
                Output.write("{\"error\":\"unreadable request\"}\n")
                continue
            }
            var rejected = false
            switch op {
            case "quit": return
            case "new":
                guard let configuration = try? FieldOptions(request: object).configuration(defaults: ("en_US", "USD")) else {
                    Output.write("{\"unsupported\":true}\n")
                    continue
                }
                field = MoneyField(configuration)
            case "key":
                guard let key = Key(protocolName: object["key"]?.text ?? ""), field != nil else {
                    Output.write("{\"error\":\"unknown key or no field\"}\n")
                    continue
                }
                do throws(Rejection) { try field!.press(key) } catch { rejected = true }
            default:
                Output.write("{\"error\":\"unknown op\"}\n")
                continue
            }
            guard let field else { continue }
            let answer = FieldAnswer(display: field.display, caret: field.caretOffset, value: field.isEmpty ? nil : field.value, rejected: rejected)
            Output.write(answer.json + "\n")
        }
    }
}

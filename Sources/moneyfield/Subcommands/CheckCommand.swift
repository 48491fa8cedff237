import ArgumentParser
import Foundation
import MoneyFieldEngine
import MoneyFieldShell
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// The session options `check` and `vectors` share.
struct SessionPlanOptions: ParsableArguments {
    @Option(help: "Only this locale (default: a built-in list of hard locale/currency pairs).", completion: .list(LocaleCatalog.identifiers))
    var locale: String?

    @Option(help: "Only this currency (with --locale, or with each built-in locale).", completion: .list(CurrencyCatalog.codes))
    var currency: String?

    @Option(help: "atm or whole (default: each built-in pair's).")
    var mode: String?

    @Option(help: "How many sessions.")
    var sessions = 100

    @Option(help: "Keys per session.")
    var steps = 40

    @Option(help: "The seed: the same seed plays the same sessions.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Keys to press, by their type names without brackets, comma-separated (default 0-9,bs,del,left,right,home,end).", valueName: "LIST"))
    var keys: String?

    func validate() throws {
        guard (1...1_000_000).contains(sessions) else { throw ValidationError("--sessions takes 1 to 1000000, not \(sessions)") }
        guard (0...10_000).contains(steps) else { throw ValidationError("--steps takes 0 to 10000, not \(steps)") }
        // SPEC §4's protocol has no decimal key, so natural fields are not checked.
        if let mode, EntryMode(rawValue: mode) == nil || mode == EntryMode.natural.rawValue {
            throw ValidationError("--mode takes atm or whole, not \"\(mode)\"")
        }
        _ = try plan()
    }

    func plan() throws -> CheckPlan {
        var configurations = CheckPlan.hardConfigurations
        if let locale {
            configurations = [CheckPlan.Configuration(locale: locale, currency: currency ?? "USD")]
        } else if let currency {
            configurations = configurations.map { CheckPlan.Configuration(locale: $0.locale, currency: currency, mode: $0.mode) }
        }
        if let mode = mode.flatMap(EntryMode.init(rawValue:)) {
            configurations = configurations.map { CheckPlan.Configuration(locale: $0.locale, currency: $0.currency, mode: mode) }
        }
        for configuration in configurations {
            do { _ = try configuration.fieldConfiguration() } catch { throw ValidationError(error.words) }
        }
        var chosen = CheckPlan.defaultKeys
        if let keys {
            chosen = []
            for name in keys.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if name == "0-9" {
                    chosen += (0...9).map { Key.digit(UInt8($0)) }
                } else if let key = Key(protocolName: name) {
                    chosen.append(key)
                } else {
                    throw ValidationError("--keys: unknown key \"\(name)\"; keys: 0-9 and \(KeyTable.all.map(\.name).joined(separator: ", "))")
                }
            }
            guard !chosen.isEmpty else { throw ValidationError("--keys names no key") }
        }
        return CheckPlan(configurations: configurations, keys: chosen, sessions: sessions, steps: steps, seed: seed)
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check another money field against moneyfield, through an adapter speaking JSON Lines.",
        discussion: """
            Starts `sh -c CMD` once and plays seeded, operator-like sessions on it: a {"op":"new",…} \
            request per session, then {"op":"key","key":"7"} per key, each answered with one line \
            {"display":…,"caret":…} (caret may be null; value and rejected are optional; \
            {"unsupported":true} skips a configuration). Every reply is compared with moneyfield's own \
            field. A disagreement is shrunk to the fewest keys and simplest configuration that still \
            disagree and written to --out as a session script (moneyfield's expectations, the \
            adapter's answer in a comment). The last line reads `checked S sessions, K keys: D \
            disagreements`.

            Exit status: 0 no disagreement, 1 disagreements or a broken adapter, 2 unusable arguments \
            or an adapter that cannot start.
            """)

    @Option(help: ArgumentHelp("The adapter, run with sh -c.", valueName: "CMD"))
    var adapter: String

    @OptionGroup var planOptions: SessionPlanOptions

    @Option(help: "Seconds to wait for each reply.")
    var timeout: Double = 5

    @Option(help: ArgumentHelp("Folder for the shrunk disagreements.", valueName: "DIR"), completion: .directory)
    var out = "check-failures"

    @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE (one testcase per session).", valueName: "FILE"))
    var junit: String?

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout takes more than 0 and at most 3600 seconds") }
    }

    func run() throws {
        let plan = try planOptions.plan()
        let adapter = Adapter(command: adapter, timeout: .milliseconds(Int(timeout * 1000)))
        do { try adapter.start() } catch {
            if case .cannotStart(let message) = error { throw UnusableInput(message) }
            throw error
        }
        defer { adapter.stop() }
        let checker = Checker(plan: plan, adapter: adapter)
        let onTerminal = isatty(STDERR_FILENO) == 1
        let summary: Checker.Summary
        var reported = 0
        var seen: Set<String> = []
        do {
            summary = try checker.run { done, summary in
                // Each disagreement as it is found, then the progress line on a terminal.
                while reported < summary.disagreements.count {
                    if onTerminal { Output.writeError("\r\u{1B}[K") }
                    report(summary.disagreements[reported], checker: checker, seen: &seen)
                    reported += 1
                }
                if onTerminal {
                    Output.writeError("\r\u{1B}[Ksession \(done)/\(plan.sessionCount), \(summary.disagreements.count) disagreement\(summary.disagreements.count == 1 ? "" : "s")")
                }
            }
        } catch {
            if onTerminal { Output.writeError("\r\u{1B}[K") }
            guard case .broke(let request, let problem, let stderr) = error else { throw error }
            // Dead before its first reply: it never started (a wrong command, a missing interpreter).
            let neverStarted = adapter.replies == 0 && (problem.contains("exited") || problem.contains("stopped reading"))
            var message = (neverStarted ? "the adapter could not start: " : "the adapter failed: ") + "\(problem)\n  request: \(request)"
            if !stderr.isEmpty {
                message += "\n  its stderr ended with:\n" + stderr.split(separator: "\n").suffix(8).map { "    " + $0 }.joined(separator: "\n")
            }
            Output.writeError(message.split(separator: "\n").map { VisibleText.terminalSafe(String($0)) + "\n" }.joined().replacingOccurrences(of: "the adapter", with: "error: the adapter", options: .anchored))
            throw neverStarted ? ExitCode(2) : ExitCode.failure
        }
        if onTerminal { Output.writeError("\r\u{1B}[K") }
        if let junit {
            do throws(FileError) {
                try AtomicFile.write(checker.junit(summary), to: URL(fileURLWithPath: junit), displayPath: junit)
            } catch {
                Console.error("cannot write the JUnit report: \(error.message)")
                throw ExitCode.failure
            }
        }
        let skipped = summary.unsupported > 0 ? " (\(summary.unsupported) session\(summary.unsupported == 1 ? "" : "s") unsupported by the adapter)" : ""
        let count = summary.disagreements.count
        let distinct = count > seen.count ? " (\(seen.count) distinct)" : ""
        Output.write("checked \(summary.sessions) sessions, \(summary.keys) keys: \(count) disagreement\(count == 1 ? "" : "s")\(distinct)\(skipped)\n")
        if count > 0 { throw ExitCode.failure }
    }

    /// Writes and prints a disagreement, unless the same shrunk one was reported before (`seen`):
    /// found again, it is counted, not repeated.
    private func report(_ disagreement: Checker.Disagreement, checker: Checker, seen: inout Set<String>) {
        let line = checker.line(for: disagreement)
        guard seen.insert(line).inserted else { return }
        let number = seen.count
        let configuration = disagreement.shrunk.configuration
        let name = String(format: "%03d", number) + "-" + configuration.locale.replacingOccurrences(of: "@", with: "-").replacingOccurrences(of: "=", with: "-")
            + "-" + configuration.currency + ".session"
        let path = (out as NSString).appendingPathComponent(name)
        var location = ""
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try AtomicFile.write(checker.script(for: disagreement, adapterCommand: adapter), to: URL(fileURLWithPath: path), displayPath: path)
            location = " → \(path)"
        } catch {
            location = " (cannot write \(path): \(error.localizedDescription))"
        }
        Output.write(VisibleText.terminalSafe(line + location) + "\n")
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
        for index in 0..<plan.sessionCount {
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
                  let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                  let op = object["op"] as? String else {
                Output.write("{\"error\":\"unreadable request\"}\n")
                continue
            }
            var rejected = false
            switch op {
            case "quit": return
            case "new":
                let mode = (object["mode"] as? String).flatMap(EntryMode.init(rawValue:)) ?? .atm
                guard let configuration = try? FieldConfiguration(
                    locale: object["locale"] as? String ?? "", currency: object["currency"] as? String ?? "", mode: mode,
                    maxDigits: object["maxDigits"] as? Int ?? FieldConfiguration.defaultMaxDigits,
                    allowsNegative: object["allowNegative"] as? Bool ?? false)
                else {
                    Output.write("{\"unsupported\":true}\n")
                    continue
                }
                field = MoneyField(configuration)
            case "key":
                guard let key = Key(protocolName: object["key"] as? String ?? ""), field != nil else {
                    Output.write("{\"error\":\"unknown key or no field\"}\n")
                    continue
                }
                do throws(Rejection) { try field!.press(key) } catch { rejected = true }
            default:
                Output.write("{\"error\":\"unknown op\"}\n")
                continue
            }
            guard let field else { continue }
            let answer = FieldAnswer(display: field.display, caret: field.caretOffset, value: field.value, rejected: rejected)
            Output.write(answer.json + "\n")
        }
    }
}

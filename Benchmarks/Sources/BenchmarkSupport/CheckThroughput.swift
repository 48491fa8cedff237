import Foundation

/// `moneyfield check` sessions per second, 30 keys each, with nothing to shrink: against
/// `moneyfield adapter` (moneyfield's own engine behind the protocol, so the pipe round trip is
/// the limit) and, when Chromium and the example pages are there, against the browser adapter on
/// a real web money input with `--jobs 1` and `--jobs 2` (`--jobs` only when this `check` has it).
public enum CheckThroughput {
    public struct Figures: Sendable {
        /// Sessions per second against `moneyfield adapter` (the checker and the pipe alone).
        public var engine: Double?
        /// Sessions per second against the guide's Python adapter.
        public var python: Double?
        /// Sessions per second of the browser adapter, by `--jobs`.
        public var browser: [Int: Double] = [:]
        /// Seconds of a run against the defect zoo with shrinking, and with none (`--shrink-budget 0`).
        public var shrinking: (shrunk: Double, unshrunk: Double)?
        /// Seconds of `moneyfield fit` against `moneyfield adapter` forced to a field of its own,
        /// 300 sessions of 30 keys, the search included (issue 52's aim: under 10 s on 2 cores).
        public var fit: Double?
    }

    /// The field and keys of every run: autoNumeric's whole-dollar page agrees with moneyfield on
    /// them (its caret defects need Home, Left or Right), so no session is shrunk and the figure
    /// is the adapter's own speed.
    static let field = ["--mode", "whole", "--locale", "en_US", "--currency", "USD", "--keys", "0-9,bs,del,end", "--steps", "30"]

    public static func run(moneyfield: String?, quick: Bool, say: (String) -> Void) -> Figures {
        var figures = Figures()
        guard let moneyfield, FileManager.default.isExecutableFile(atPath: moneyfield) else {
            say("  skipped: no moneyfield binary")
            return figures
        }
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("moneyfield-check-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        figures.engine = measure("moneyfield adapter", adapter: "\(moneyfield) adapter", sessions: quick ? 200 : 1_000,
                                 binary: moneyfield, in: workspace, say: say)
        figures.shrinking = shrinkingCost(moneyfield: moneyfield, sessions: quick ? 200 : 1_000, in: workspace, say: say)

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // The guide's Python adapter echoes no request id and differs in nearly every session: each
        // difference was once followed by a 100 ms wait for a stray line (15 s for 150 sessions).
        if let guide = try? String(contentsOf: root.appendingPathComponent("docs/check.md"), encoding: .utf8),
           let python = guide.components(separatedBy: "```python\n").dropFirst().first?.components(separatedBy: "```").first {
            let file = workspace.appendingPathComponent("my_field.py")
            if (try? python.write(to: file, atomically: true, encoding: .utf8)) != nil {
                figures.python = measure("the guide's Python adapter (no id echoed, a difference in nearly every session)",
                                         adapter: "python3 \(file.path)", sessions: quick ? 100 : 300, binary: moneyfield,
                                         in: workspace, say: say, field: ["--steps", "30"])
            }
        }
        guard let adapter = browserAdapter(root: root) else {
            say("  browser adapter: skipped (apt-get install -y $(cat Examples/Adapters/browser/apt-packages.txt))")
            return figures
        }
        let help = runChild([moneyfield, "check", "--help"], captureOutput: true).output
        let jobs = help.contains("--jobs") ? [1, 2] : [1]
        if jobs == [1] { say("  (this check has no --jobs: one adapter only)") }
        for count in jobs {
            let options = count == 1 ? [] : ["--jobs", String(count)]
            // 300 sessions: in 100, starting each job's Chromium (about 1.5 s) was a third of the run.
            figures.browser[count] = measure("browser adapter, autoNumeric whole, --jobs \(count)", adapter: adapter,
                                             sessions: quick ? 20 : 300, binary: moneyfield, in: workspace, say: say, options: options)
        }
        return figures
    }

    /// The browser adapter on autoNumeric's whole-dollar page (`--settle sync`), or nil when
    /// Chromium or the page is not there.
    public static func browserAdapter(root: URL) -> String? {
        let browser = root.appendingPathComponent("Examples/Adapters/browser")
        let page = browser.appendingPathComponent("pages/autonumeric-whole.html").path
        let chromiums = ["/usr/lib/chromium/chromium-headless-shell", "/usr/lib/chromium/chromium"]
        guard chromiums.contains(where: FileManager.default.fileExists(atPath:)), FileManager.default.fileExists(atPath: page) else {
            return nil
        }
        return "python3 \(browser.appendingPathComponent("adapter.py").path) \(page) --settle sync"
    }

    /// What shrinking costs (issue 34: within ×2 of a run without it): the same seeded run against
    /// the defect zoo, every planted defect on (natural entry, where sessions differ most), with the
    /// default shrink budget and with none; both must write the same groups.
    static func shrinkingCost(moneyfield: String, sessions: Int, in folder: URL, say: (String) -> Void) -> (shrunk: Double, unshrunk: Double)? {
        let zoo = ["--adapter", "\(moneyfield) adapter --plant all", "--sessions", String(sessions), "--steps", "30",
                   "--mode", "natural", "--locale", "en_US", "--currency", "USD", "--max-digits", "7"]
        var seconds: [Double] = []
        var summaries: [String] = []
        for budget in ["400", "0"] {
            let run = runChild([moneyfield, "check"] + zoo + ["--shrink-budget", budget, "--out", folder.appendingPathComponent(UUID().uuidString).path],
                               captureOutput: true)
            guard let last = run.output.split(separator: "\n").last(where: { $0.hasPrefix("checked") }) else {
                say("  shrinking: check did not finish (exit \(run.status))")
                return nil
            }
            seconds.append(Double(run.wallNanoseconds) / 1e9)
            summaries.append(String(last))
        }
        say("  shrinking, defect zoo (all defects, natural, \(sessions) sessions of 30 keys): \(String(format: "%.2f", seconds[0])) s shrunk, "
            + "\(String(format: "%.2f", seconds[1])) s with --shrink-budget 0 (×\(String(format: "%.2f", seconds[0] / seconds[1]))); \(summaries[0])"
            + (summaries[0] == summaries[1] ? "" : "; UNSHRUNK DIFFERS: \(summaries[1])"))
        return (seconds[0], seconds[1])
    }

    /// Sessions per second, or nil when check did not finish.
    static func measure(_ name: String, adapter: String, sessions: Int, binary: String, in folder: URL, say: (String) -> Void,
                        options: [String] = [], field: [String] = field) -> Double? {
        let run = runChild([binary, "check", "--adapter", adapter, "--sessions", String(sessions),
                            "--out", folder.appendingPathComponent(UUID().uuidString).path] + field + options, captureOutput: true)
        let last = run.output.split(separator: "\n").last.map(String.init) ?? "no output"
        guard last.hasPrefix("checked") else {
            say("  \(name): did not finish (exit \(run.status)): \(last)")
            return nil
        }
        let seconds = Double(run.wallNanoseconds) / 1e9
        let rate = Double(sessions) / seconds
        say("  \(name): \(sessions) sessions of 30 keys in \(String(format: "%.2f", seconds)) s → "
            + "\(String(format: "%.1f", rate)) sessions/s, "
            + "\(String(format: "%.0f", Double(sessions * 31) / seconds)) requests/s (\(last))")
        return rate
    }
}

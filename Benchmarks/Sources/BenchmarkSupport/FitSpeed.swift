import Foundation

/// How long `moneyfield fit` takes (issue 52): against `moneyfield adapter`, 300 sessions of 30
/// keys, the search included (aim: under 10 s on 2 cores); and against the browser adapter next to
/// a `check` of the same sessions (aim: no slower than ×1.5).
public enum FitSpeed {
    public struct Figures: Sendable {
        /// Why fit was not timed at all (no binary, no `fit` subcommand), or nil.
        public var notMeasured: String?
        /// `fit` against `moneyfield adapter`: wall and CPU seconds (every thread, adapter included).
        public var engine: (wall: Double, cpu: Double)?
        /// Why the browser pair was not timed, or nil.
        public var browserNotMeasured: String?
        /// `fit` and `check` of the same sessions through the browser adapter, wall seconds.
        public var browser: (fit: Double, check: Double)?

        public init() {}
    }

    /// The sessions both runs play: the same count, length and seed, in autoNumeric's page's locale.
    static func sessions(_ count: Int) -> [String] {
        ["--sessions", String(count), "--steps", "30", "--seed", "1", "--locale", "en_US", "--currency", "USD"]
    }

    /// Whether this moneyfield has a `fit` subcommand: `fit --help` exits 0 with fit's own usage
    /// (a moneyfield without it takes `fit` for the shell's argument and shows the shell's help).
    public static func hasFit(helpStatus: Int32, helpOutput: String) -> Bool {
        helpStatus == 0 && helpOutput.contains("moneyfield fit")
    }

    public static func run(moneyfield: String?, quick: Bool, say: (String) -> Void) -> Figures {
        var figures = Figures()
        guard let moneyfield, FileManager.default.isExecutableFile(atPath: moneyfield) else {
            figures.notMeasured = "no moneyfield binary"
            say("  fit: not measured: no moneyfield binary")
            return figures
        }
        let help = runChild([moneyfield, "fit", "--help"], captureOutput: true)
        guard hasFit(helpStatus: help.status, helpOutput: help.output) else {
            figures.notMeasured = "this moneyfield has no fit"
            say("  fit: not measured: this moneyfield has no fit (`fit --help` exit \(help.status))")
            return figures
        }
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("moneyfield-fit-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }

        // Against moneyfield's own engine forced to a field of its own (every `new` rewritten, as a
        // field that is what it is): the issue's 300 sessions even in a quick run, since the aim is
        // a time for that many; the search on both cores (`--jobs 2`) when fit has it.
        let count = 300
        let jobs = help.output.contains("--jobs") ? ["--jobs", "2"] : []
        let engine = runChild([moneyfield, "fit", "--adapter", forcedAdapter(moneyfield)] + sessions(count) + jobs, captureOutput: true)
        guard engine.status == 0 else {
            figures.notMeasured = "fit against moneyfield adapter failed (exit \(engine.status))"
            say("  fit against moneyfield adapter: failed (exit \(engine.status)): \(lastLines(engine.output))")
            return figures
        }
        figures.engine = (Double(engine.wallNanoseconds) / 1e9, Double(engine.cpuNanoseconds) / 1e9)
        say("  fit against moneyfield adapter forced to \(forcedField), \(count) sessions of 30 keys\(jobs.isEmpty ? "" : ", --jobs 2"): "
            + "\(format(figures.engine!.wall)) s wall, \(format(figures.engine!.cpu)) s CPU → \(firstLine(engine.output))")

        // Against the browser adapter: the same sessions fitted, then checked under the page's own
        // options with nothing shrunk (a check that shrank would only flatter fit's ratio); each
        // with its defaults, so one adapter each (fit records through one).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        guard let adapter = CheckThroughput.browserAdapter(root: root) else {
            figures.browserNotMeasured = "no Chromium or no example page"
            say("  fit against the browser adapter: skipped (apt-get install -y $(cat Examples/Adapters/browser/apt-packages.txt))")
            return figures
        }
        let browserCount = quick ? 20 : 300
        // Under fit the page answers as it is (`--as-is`, as `fit --page` runs it): its tag would
        // refuse every `new` that does not name its whole-dollar field.
        let fit = runChild([moneyfield, "fit", "--adapter", adapter + " --as-is"] + sessions(browserCount), captureOutput: true)
        guard fit.status == 0 else {
            figures.browserNotMeasured = "fit against the browser adapter failed (exit \(fit.status))"
            say("  fit against the browser adapter: failed (exit \(fit.status)): \(lastLines(fit.output))")
            return figures
        }
        let check = runChild([moneyfield, "check", "--adapter", adapter, "--mode", "whole", "--shrink-budget", "0",
                              "--out", workspace.appendingPathComponent("check").path] + sessions(browserCount),
                             captureOutput: true)
        guard check.output.split(separator: "\n").contains(where: { $0.hasPrefix("checked") }) else {
            figures.browserNotMeasured = "check of the same sessions did not finish (exit \(check.status))"
            say("  check of the same sessions: did not finish (exit \(check.status)): \(lastLines(check.output))")
            return figures
        }
        figures.browser = (Double(fit.wallNanoseconds) / 1e9, Double(check.wallNanoseconds) / 1e9)
        say("  fit against the browser adapter, \(browserCount) sessions of 30 keys: "
            + "\(format(figures.browser!.fit)) s; check of the same sessions (--mode whole, --shrink-budget 0): "
            + "\(format(figures.browser!.check)) s (×\(format(figures.browser!.fit / figures.browser!.check, 2))); fit → \(firstLine(fit.output))")
        return figures
    }

    /// The field `moneyfield adapter` is forced to: natural entry, starting empty, emptied by its
    /// last digit, a second point stepping over it, 9 digits (none of them `new`'s defaults).
    public static let forcedField = "natural, starts empty, emptiable last-digit, point-again step, 9 digits"
    static let forcedNew = #"{"op":"new","locale":"en_US","currency":"USD","mode":"natural","fractionDigits":2,"maxDigits":9,"allowNegative":false,"emptiable":"last-digit","startsEmpty":true,"pointAgain":"step"}"#

    /// `moneyfield adapter` behind a `sed` that rewrites every `new` to `forcedNew` (issue 52: a
    /// wrapper that rewrites `new`, as a field that ignores what it is asked).
    public static func forcedAdapter(_ moneyfield: String) -> String {
        "sed -u 's/^{\"op\":\"new\".*$/\(forcedNew)/' | \(moneyfield) adapter"
    }

    /// The first line of a run's output (fit's options line), for the report.
    static func firstLine(_ output: String) -> String {
        output.split(separator: "\n").first.map(String.init) ?? "no output"
    }

    /// The last two lines of a run's output on one line, for the report.
    static func lastLines(_ output: String) -> String {
        output.split(separator: "\n").suffix(2).joined(separator: " / ")
    }

    static func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
}

import Foundation

/// `moneyfield check` sessions per second: against `moneyfield adapter` (moneyfield's own engine
/// behind the protocol, so the pipe round trip is the limit) and, when Chromium and the example
/// pages are there, against the browser adapter on a real web money input.
public enum CheckThroughput {
    public static func run(moneyfield: String?, quick: Bool, say: (String) -> Void) {
        guard let moneyfield, FileManager.default.isExecutableFile(atPath: moneyfield) else {
            say("  skipped: no moneyfield binary")
            return
        }
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("moneyfield-check-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let sessions = quick ? 200 : 1_000
        measure("moneyfield adapter", adapter: "\(moneyfield) adapter", sessions: sessions, binary: moneyfield, in: workspace, say: say)

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let browser = root.appendingPathComponent("Examples/Adapters/browser")
        let page = browser.appendingPathComponent("pages/autonumeric-whole.html").path
        guard FileManager.default.fileExists(atPath: "/usr/lib/chromium/chromium"), FileManager.default.fileExists(atPath: page) else {
            say("  browser adapter: skipped (apt-get install -y $(cat Examples/Adapters/browser/apt-packages.txt))")
            return
        }
        let adapter = "python3 \(browser.appendingPathComponent("adapter.py").path) \(page) --settle sync"
        measure("browser adapter, autoNumeric (whole)", adapter: adapter, sessions: quick ? 10 : 40, binary: moneyfield,
                in: workspace, say: say, options: ["--mode", "whole", "--locale", "en_US", "--currency", "USD"])
    }

    static func measure(_ name: String, adapter: String, sessions: Int, binary: String, in folder: URL, say: (String) -> Void,
                        options: [String] = []) {
        let run = runChild([binary, "check", "--adapter", adapter, "--sessions", String(sessions), "--steps", "40",
                            "--out", folder.appendingPathComponent(UUID().uuidString).path] + options, captureOutput: true)
        let last = run.output.split(separator: "\n").last.map(String.init) ?? "no output"
        guard last.hasPrefix("checked") else {
            say("  \(name): did not finish (exit \(run.status)): \(last)")
            return
        }
        let seconds = Double(run.wallNanoseconds) / 1e9
        say("  \(name): \(sessions) sessions of 40 keys in \(String(format: "%.2f", seconds)) s → "
            + "\(String(format: "%.1f", Double(sessions) / seconds)) sessions/s, "
            + "\(String(format: "%.0f", Double(sessions * 41) / seconds)) requests/s (\(last))")
    }
}

import Foundation
import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// Every script under `scripts/` replays clean: one test case per file, so a broken one fails by name.
@Suite struct CorpusTests {
    static let scripts: [String] = (try? ScriptRunner.scripts(in: ["scripts"], base: BuiltProgram.packageRoot))?
        .map(\.display) ?? []

    @Test func theCorpusIsThere() {
        #expect(Self.scripts.count >= 20)
        #expect(Self.scripts.filter { $0.hasPrefix("scripts/demos/") }.count >= 3)
    }

    @Test(arguments: scripts)
    func replaysClean(_ path: String) {
        let report = ScriptRunner().run(BuiltProgram.packageRoot.appendingPathComponent(path), displayPath: path)
        #expect(report.error == nil, "\(report.error?.errorDescription ?? "")")
        let readable = report.mismatches.flatMap { MismatchReport.lines(for: $0, path: path) }.joined(separator: "\n")
        #expect(report.mismatches.isEmpty, "\n\(readable)")
    }
}

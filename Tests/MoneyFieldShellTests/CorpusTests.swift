import Foundation
@_spi(Tools) import MoneyFieldShell
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

    /// The commands each corpus script runs, by the name (or alias) its lines start with.
    static let commandsInTheCorpus: Set<String> = {
        var names: Set<String> = []
        for path in scripts {
            guard let transcript = try? Transcript(contentsOf: BuiltProgram.packageRoot.appendingPathComponent(path), displayPath: path) else { continue }
            for step in transcript.steps {
                guard let word = step.command.split(separator: " ").first.map(String.init), let command = Commands.named(word) else { continue }
                names.insert(command.name)
            }
        }
        return names
    }()

    /// Every registered command is exercised: it runs in a script of the corpus, whose output
    /// `replaysClean` compares line for line (what it prints, or that it prints nothing).
    @Test(arguments: Commands.all.map(\.name))
    func everyCommandRunsInTheCorpus(name: String) {
        #expect(Self.commandsInTheCorpus.contains(name), "no script under scripts/ runs `\(name)`: add one that shows what it does")
    }
}

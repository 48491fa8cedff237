import Foundation
import MoneyFieldScripts
import MoneyFieldTestSupport
import Testing

/// docs/field-rules.md's examples are session scripts (its ```session blocks): each is replayed
/// here in a fresh session, so the rules cannot say what the field does not do (issue 47 #14).
@Suite struct FieldRulesExampleTests {
    static func examples() throws -> [String] {
        let rules = try String(contentsOf: BuiltProgram.packageRoot.appendingPathComponent("docs/field-rules.md"), encoding: .utf8)
        return rules.components(separatedBy: "```session\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    @Test func everyExampleOfTheRulesIsWhatTheFieldDoes() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 4, "docs/field-rules.md lost its examples")
        for (index, example) in examples.enumerated() {
            let report = ScriptRunner().run(bytes: Array(example.utf8), displayPath: "field-rules example \(index + 1)", directory: BuiltProgram.packageRoot)
            let mismatches = report.mismatches.flatMap { MismatchReport.lines(for: $0, path: report.path) }
            #expect(report.passed, "\(report.error.map { "\($0)" } ?? "")\n\(mismatches.joined(separator: "\n"))")
        }
    }

    @Test func theExamplesShowBothDeletesOverAPaddingZero() throws {
        let examples = try Self.examples().joined()
        // Backspace there refused, Delete there moving the caret: the rules say what both keys do.
        #expect(examples.contains("atm: $0.0|5\n> type <bs>\nrejected: nothing to delete left of the caret"))
        #expect(examples.contains("> type <left><del>\natm: $0.0|5"))
        #expect(examples.contains("--while-typing pad"))
    }
}

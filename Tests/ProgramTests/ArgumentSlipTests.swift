import Foundation
import MoneyFieldTestSupport
import Testing
@testable import moneyfield

/// The command line's slips said one way for every subcommand (issue 53): an unknown option with
/// the shell's "did you mean", a negative count, a count of nothing, an unknown name.
@Suite struct ArgumentSlipTests {
    /// Every subcommand, the shell (no subcommand) first, as the program reads them.
    static let commands: [String] = [""] + Moneyfield.subcommands.compactMap { $0.configuration.commandName }

    /// A made-up option is said in our words, naming where the options are listed, for every subcommand.
    @Test(arguments: commands)
    func anUnknownOptionIsSaidOneWay(command: String) throws {
        let words = command.isEmpty ? [] : [command]
        let outcome = try BuiltProgram.run(words + ["--zqxjk"])
        let shown = command.isEmpty ? "moneyfield" : "moneyfield \(command)"
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "error: unknown option \"--zqxjk\" (\(shown) --help lists the options)\n", "\(outcome.stderr)")
    }

    /// A slip of each subcommand's own longest option gets "did you mean" it, by the shell's ranking.
    @Test(arguments: commands)
    func aSlipOfAnOptionSuggestsIt(command: String) throws {
        let words = command.isEmpty ? [] : [command]
        let options = try #require(ArgumentSlips.Options.of(words)).options
        // `manual` has no option of its own: its made-up one is the test above.
        guard let name = options.names.keys.filter({ $0.hasPrefix("--") && $0 != "--help" && $0 != "--version" }).max(by: { ($0.count, $0) < ($1.count, $1) })
        else { return #expect(command == "manual") }
        // The letter before the last one dropped: `--sessions` → `--sessios`.
        var slip = Array(name)
        slip.remove(at: slip.count - 2)
        let outcome = try BuiltProgram.run(words + [String(slip)] + (options.names[name] == true ? ["1"] : []))
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: unknown option \"\(String(slip))\"; did you mean \(name)"), "\(outcome.stderr)")
    }

    /// The issue's three: one style, one suggester, whichever subcommand.
    @Test func theIssuesSlipsReadAlike() throws {
        let update = try BuiltProgram.run(["test", "--updte"])
        #expect(update.stderr == "error: unknown option \"--updte\"; did you mean --update? (moneyfield test --help lists the options)\n", "\(update.stderr)")
        let sessions = try BuiltProgram.run(["check", "--sesions", "5"])
        #expect(sessions.stderr == "error: unknown option \"--sesions\"; did you mean --sessions? (moneyfield check --help lists the options)\n", "\(sessions.stderr)")
        let nothingNear = try BuiltProgram.run(["test", "--sesions"])
        #expect(nothingNear.stderr == "error: unknown option \"--sesions\" (moneyfield test --help lists the options)\n", "\(nothingNear.stderr)")
        // A field option of `new` is known where the subcommand takes them, and its slip suggested.
        let field = try BuiltProgram.run(["vectors", "--locle", "de_DE"])
        #expect(field.stderr.hasPrefix("error: unknown option \"--locle\"; did you mean --locale?"), "\(field.stderr)")
        #expect(try BuiltProgram.run(["vectors", "--sessions", "1", "--steps", "1", "--locale", "de_DE", "--currency", "EUR"]).status == 0)
    }

    /// A negative number after a count is that count's value, refused with what it takes, not "Missing value".
    @Test(arguments: [
        (["check", "--adapter", "cat", "--sessions", "-1"], "--sessions takes 1 to 10000000, not -1"),
        (["check", "--adapter", "cat", "--steps", "-3"], "--steps takes 1 to 10000, not -3"),
        (["check", "--adapter", "cat", "--jobs", "-2"], "--jobs takes 1 to 64, not -2"),
        (["check", "--adapter", "cat", "-j", "-2"], "--jobs takes 1 to 64, not -2"),
        (["check", "--adapter", "cat", "--max-hits", "-1"], "--max-hits takes 1 or more, not -1"),
        (["check", "--adapter", "cat", "--timeout", "-1"], "--timeout takes more than 0 and at most 3600 seconds, not -1.0"),
        (["check", "--adapter", "cat", "--shrink-budget", "-5"], "--shrink-budget takes 0 or more, not -5"),
        (["vectors", "--sessions", "-1"], "--sessions takes 1 to 10000000, not -1"),
        (["test", "-j", "-4", "a.session"], "-j takes 1 to 256, not -4"),
        (["demo", "--pace", "-5", "a.session"], "--pace takes 0 to 5000 milliseconds, not -5"),
        (["demo", "--columns", "-5", "a.session"], "--columns takes 30 to 500, not -5"),
    ])
    func aNegativeCountSaysWhatItTakes(arguments: [String], message: String) throws {
        let outcome = try BuiltProgram.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("error: \(message)\n"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("Missing value"), "\(outcome.stderr)")
    }

    /// `--steps 0` plays sessions of no keys: nothing checked, refused before an adapter starts.
    @Test func zeroStepsIsRefusedBeforeAnAdapterStarts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for command in [["check", "--adapter", ": > started; cat"], ["vectors"]] {
            let outcome = try BuiltProgram.run(command + ["--steps", "0", "--sessions", "3"], directory: folder.url)
            #expect(outcome.status == 2)
            #expect(outcome.stderr.hasPrefix("error: --steps takes 1 to 10000, not 0 (a session of no keys checks nothing)\n"), "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("started").path), "no adapter was started")
    }

    /// An unknown defect to plant is said with the known ones (and the nearest), not the root's usage.
    @Test func anUnknownDefectNamesTheKnownOnes() throws {
        let unknown = try BuiltProgram.run(["adapter", "--plant", "nosuch"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: --plant: unknown defect \"nosuch\" (the defects: all, deletes-symbol, "), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("<subcommand>"), "\(unknown.stderr)")
        let slip = try BuiltProgram.run(["adapter", "--plant", "arrow-stop"])
        #expect(slip.stderr.hasPrefix("error: --plant: unknown defect \"arrow-stop\"; did you mean arrow-stops?"), "\(slip.stderr)")
    }

    /// `demo --help` gives each number's range, from the constant `--columns 5` is refused with.
    @Test func demoHelpStatesTheRangesItRefusesWith() throws {
        let help = try BuiltProgram.run(["demo", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let range = DemoCommand.rangeWords(DemoCommand.columnsRange)
        #expect(help.contains("in columns (\(range))"), "\(help)")
        #expect(help.contains("(\(DemoCommand.rangeWords(DemoCommand.holdRange)))"), "\(help)")
        let refused = try BuiltProgram.run(["demo", "--columns", "5", "x.session"])
        #expect(refused.status == 2 && refused.stderr.hasPrefix("error: --columns takes \(range), not 5\n"), "\(refused.stderr)")
    }
}

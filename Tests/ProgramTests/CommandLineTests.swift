import Foundation
import MoneyFieldShell
import MoneyFieldTestSupport
import Testing

/// The command line's options read as the shell's commands read theirs.
@Suite struct CommandLineTests {
    /// `moneyfield --locale ja_JP` starts as `new amount --locale ja_JP` would: in yen.
    @Test func theCommandLinesLocaleMeansWhatNewsDoes() throws {
        let outcome = try BuiltProgram.run(["--locale", "ja_JP", "-c", "show; new x --locale ja_JP"])
        #expect(outcome.stdout == "amount: ¥0|\nx: ¥0|\n", "\(outcome.stderr)")
        let mixed = try BuiltProgram.run(["--locale", "de_DE", "--currency", "USD", "-c", "show"])
        #expect(mixed.stdout == "amount: 0,00|\u{A0}$\n")
    }

    /// The starting field's locale and currency are `new`'s options: `--help` explains them with
    /// the option table's own words, and `moneyfield -c` (read without the argument parser) and
    /// `moneyfield --bail -c` (read by it) start the same field.
    @Test func theStartingFieldsOptionsAreReadFromNewsTable() throws {
        let help = try BuiltProgram.run(["shell", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for option in [FieldOption[\.locale], FieldOption[\.currency]] {
            #expect(help.contains("\(option.name) <\(option.valueName ?? "")>"), "\(option.name)")
            #expect(help.contains(option.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")), "\(option.name)")
        }
        let fast = try BuiltProgram.run(["-c", "inspect --json"])
        let parsed = try BuiltProgram.run(["--bail", "-c", "inspect --json"])
        #expect(fast.stdout == parsed.stdout && fast.status == 0 && parsed.status == 0, "\(fast.stderr)\(parsed.stderr)")
    }

    /// An error raised while a command runs is printed with its word marked, as a parse error is.
    @Test func anErrorWhileACommandRunsIsPrintedUnderItsWord() throws {
        let outcome = try BuiltProgram.run(["-c", "locale xx"])
        #expect(outcome.stderr == """
            error: unknown locale "xx"; did you mean xh? (`locales FILTER` lists them)
             --> -c:1:8
              |
            1 | locale xx
              |        ^^

            """)
        #expect(outcome.status == 1)
    }

    /// `moneyfield --<Tab>` offers every option the shell's help lists, and every subcommand the
    /// root's help lists, in every shell's completion script: the script's root is derived from
    /// the real one, so nothing added to either is left out.
    @Test(arguments: ["bash", "zsh", "fish"])
    func topLevelCompletionOffersTheShellsOptions(shell: String) throws {
        let script = try BuiltProgram.run(["--generate-completion-script", shell]).stdout
        let shellHelp = try BuiltProgram.run(["shell", "--help"]).stdout
        let options = Set(GuideNamesTests.matches(of: #"--[a-z][a-z-]*"#, in: shellHelp)).subtracting(["--help"])
        #expect(options.isSuperset(of: ["--locale", "--currency", "--init", "--cmd", "--record", "--bail"]), "\(options.sorted())")
        for option in options.sorted() + ["--version"] {
            let name = shell == "fish" ? "-l '" + option.dropFirst(2) + "'" : option
            #expect(script.contains(name), "\(shell): \(option)")
        }
        let rootHelp = try BuiltProgram.run(["--help"]).stdout
        let subcommands = rootHelp.components(separatedBy: "SUBCOMMANDS:\n").last!.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
            .filter { $0.allSatisfy(\.isLowercase) }
        #expect(subcommands.count >= 7, "\(subcommands)")
        for subcommand in subcommands { #expect(script.contains(subcommand), "\(shell): \(subcommand)") }
    }

    /// The man page has a section for every subcommand `--help` lists.
    @Test func theManPageCoversEverySubcommand() throws {
        let help = try BuiltProgram.run(["--help"]).stdout
        let page = try BuiltProgram.run(["manual"]).stdout
        let listed = help.components(separatedBy: "SUBCOMMANDS:\n").last!.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil }
            .filter { $0.allSatisfy(\.isLowercase) }
        #expect(listed.contains("adapter") && listed.contains("check"), "\(listed)")
        // Every option of `new` is described, from the option table.
        let options = page.components(separatedBy: ".SH FIELD OPTIONS\n").dropFirst().first ?? ""
        for option in FieldOption.all {
            #expect(options.contains(".B " + option.name.replacingOccurrences(of: "-", with: "\\-")), "the man page lacks \(option.name)")
        }
        // Every key, from the key table.
        let keys = page.components(separatedBy: ".SH KEYS\n").dropFirst().first ?? ""
        for named in KeyTable.all { #expect(keys.contains(".B <\(named.name)>"), "the man page lacks <\(named.name)>") }
        // Every one, `manual` (the command that prints the page) included: in the synopsis and a section each.
        #expect(listed.contains("manual"))
        for name in listed {
            // The shell is the synopsis's first line, `moneyfield` alone.
            #expect(name == "shell" || page.contains(".B moneyfield \(name)\n"), "the synopsis lacks \(name)")
            #expect(page.contains(".SH \(name.uppercased())\n"), "no section for \(name)")
        }
    }

    /// A mistyped subcommand or option of `check` gets "did you mean" (issue 47), not "2
    /// unexpected arguments" or the whole usage of `new`'s options.
    @Test func aMistypedSubcommandOrPlanOptionSuggestsTheOneMeant() throws {
        let subcommand = try BuiltProgram.run(["tset", "suite"])
        #expect(subcommand.status == 2)
        #expect(subcommand.stderr == "error: unknown subcommand \"tset\"; did you mean test? (moneyfield --help lists them)\n")
        let option = try BuiltProgram.run(["check", "--sesions", "5"])
        #expect(option.status == 2)
        #expect(option.stderr == "error: unknown option \"--sesions\"; did you mean --sessions? (moneyfield check --help lists the options)\n", "\(option.stderr)")
        #expect(!option.stderr.contains("--while-typing"), "not the whole usage of new's options")
        // A field option's slip is still one of new's.
        let field = try BuiltProgram.run(["vectors", "--locle", "de_DE"])
        #expect(field.stderr.hasPrefix("error: unknown option \"--locle\"; did you mean --locale?"), "\(field.stderr)")
    }
}

@_spi(Tools) import MoneyFieldShell
import Testing

/// Edges a new user found (issue 36), each as that user met it.
@Suite struct NewUserEdgeTests {
    /// At the prompt an empty field's value says so; a script compares nothing (SPEC §1).
    @Test func anEmptyValueIsSaidAtThePromptAndNothingInAScript() throws {
        let prompt = try Session(options: SessionOptions(isInteractive: true))
        let script = try Session()
        for session in [prompt, script] { _ = session.handle("new e --empty-when-zero") }
        #expect(prompt.handle("value").lines.map(\.text) == ["(empty: the field has no value)"])
        #expect(prompt.handle("minor").lines.map(\.text) == ["(empty: the field has no value)"])
        #expect(script.handle("value").lines.isEmpty && script.handle("minor").lines.isEmpty)
    }

    /// A name's start is a likely meaning, and a language's English name finds its locales.
    @Test func suggestionsFindAnOptionsStartAndALanguagesName() throws {
        let session = try Session()
        #expect(session.handle("new x --loc de_DE").lines.map(\.text).first == "error: unknown option \"--loc\"; did you mean --locale? (help new lists the options)")
        let german = session.handle("locale german").lines.map(\.text).first ?? ""
        #expect(german.hasPrefix("error: unknown locale \"german\"; did you mean de_DE"), "\(german)")
    }

    /// `-c` splits at `;` outside quotes, each command at its column of the argument.
    @Test func aCommandLineSplitsAtSemicolonsOutsideQuotes() {
        let split = Commands.split(commandLine: "type 1; bogus; paste \"1;2\"")
        #expect(split.map(\.command) == ["type 1", " bogus", " paste \"1;2\""])
        #expect(split.map(\.offset) == [0, 7, 14])
    }
}

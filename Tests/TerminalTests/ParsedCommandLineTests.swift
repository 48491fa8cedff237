import Testing
@testable import moneyfield

/// `moneyfield test PATH…` skips the argument parser (`TestCommand.optionsWithoutParsing`): it
/// must give exactly the options the parser gives from `TestCommand`'s declaration, and leave
/// every other command line to the parser.
@Suite struct ParsedCommandLineTests {
    @Test(arguments: [
        ["a.session"],
        ["scripts", "more/b.session", "help", "test", "x y.session", "é.session"],
        [""],
    ])
    func pathsAloneGiveTheParsersOptions(_ arguments: [String]) throws {
        let unparsed = try #require(TestCommand.optionsWithoutParsing(arguments))
        let parsed = try TestCommand.parse(arguments)
        // Every stored option, through its description: an option added later is compared too.
        #expect(String(describing: unparsed) == String(describing: parsed.options))
        #expect(unparsed.paths.map(\.given) == arguments)
    }

    @Test(arguments: [
        [],
        ["-"],
        ["a.session", "--update"],
        ["--", "-a.session"],
        ["-j", "2", "a.session"],
        ["a.session", "-h"],
        ["a.session", "--junit=r.xml"],
    ])
    func anythingElseIsLeftToTheParser(_ arguments: [String]) {
        #expect(TestCommand.optionsWithoutParsing(arguments) == nil)
    }

    @Test func anOptionChangesWhatTheParserGives() throws {
        // The description comparison above can tell options apart.
        let parsed = try TestCommand.parse(["--update", "a.session"])
        let unparsed = try #require(TestCommand.optionsWithoutParsing(["a.session"]))
        #expect(String(describing: unparsed) != String(describing: parsed.options))
    }
}

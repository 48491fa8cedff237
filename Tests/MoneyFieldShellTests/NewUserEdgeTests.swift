import Foundation
@_spi(Tools) import MoneyFieldShell
import MoneyFieldTestSupport
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

    /// Natural entry reads typed text as the locale writes amounts (issue 47): the separator the
    /// locale groups with is refused whole, saying the field groups by itself, never taken as the
    /// point (`1,234.56` was `$1.23`). The other of `.` and `,` stays the decimal key.
    @Test(arguments: [
        ("en_US", "1,234.56", ",", "\".\" or <dec>", "1234.56", "$1,234.56|"),
        ("de_DE", "1.234,56", ".", "\",\" or <dec>", "1234,56", "1.234,56|\u{00A0}€"),
    ])
    func aTypedGroupSeparatorIsRefusedInNaturalEntry(locale: String, grouped: String, separator: String, decimalKeys: String, plain: String, shown: String) throws {
        let session = try Session()
        _ = session.handle("new n --mode natural --locale \(locale)")
        let refused = session.handle("type \(grouped)")
        #expect(refused.lines.map(\.text) == [
            "error: cannot type \"\(separator)\": \(locale) groups digits with it, and the field groups by itself; type the digits alone, with \(decimalKeys) for the decimal point (`type \(plain)`)"])
        #expect(session.handle("value").text == "0.00", "nothing typed: the whole line is refused")
        // A line of keys alone is read the same way, and the plain amount types as it reads.
        #expect(session.handle(grouped).lines.first?.kind == .error)
        #expect(session.handle("type \(plain)").lines.map(\.text) == ["n: \(shown)"])
    }

    /// Where the locale does not group with `.` (fr_FR groups with U+202F), `.` is still the decimal key.
    @Test func aSeparatorTheLocaleDoesNotGroupWithStaysTheDecimalKey() throws {
        let session = try Session()
        _ = session.handle("new n --mode natural --locale fr_FR --currency EUR")
        #expect(session.handle("type 12.5").lines.map(\.text) == ["n: 12,5|\u{00A0}€"])
    }

    /// A paste with no separator, sign or currency types its digits and names what it left out
    /// (issue 47): letters that are no currency code are not a currency.
    @Test func aPasteOfDigitsNamesWhatItLeftOut() throws {
        let session = try Session()
        #expect(session.handle("paste 12abc34").lines.map(\.text) == ["pasted 4 digits; left out \"abc\"", "amount: $12.34|"])
        _ = session.handle("clear")
        #expect(session.handle("paste #12/34").lines.map(\.text) == ["pasted 4 digits; left out \"#\" and \"/\"", "amount: $12.34|"])
        _ = session.handle("clear")
        #expect(session.handle("paste 5\u{200B}6").lines.map(\.text) == ["pasted 2 digits; left out \"\\u{200B}\"", "amount: $0.56|"])
        _ = session.handle("clear")
        #expect(session.handle("paste 12 34").lines.map(\.text) == ["pasted 4 digits", "amount: $12.34|"], "spaces alone are no mark")
        // A currency code is a currency: an amount, never its digits typed.
        _ = session.handle("clear")
        #expect(session.handle("paste USD 12").lines.map(\.text) == ["pasted the amount 12.00", "amount: $12.00|"])
    }

    /// Every word of the user's that a message quotes is escaped as `inspect` escapes (issue 47):
    /// an invisible character shows as `\u{200B}`, never as empty-looking quotes.
    @Test(arguments: [
        "type 5\u{200B}", "set 1\u{00A0}234.50", "use a\u{200B}", "drop a\u{200B}", "locale de\u{200B}", "currency EU\u{200B}R",
        "new x --mode w\u{200B}", "new x --max-digits 1\u{200B}", "new x --bogus\u{200B}", "new x\u{200B}", "bogus\u{200B}",
        "left 1\u{200B}", "caret 1\u{200B}", "type <l\u{200B}eft>", "locales zz\u{200B}zz", "paste \u{200B}",
    ])
    func aQuotedWordShowsItsInvisibleCharacters(command: String) throws {
        let session = try Session()
        let lines = session.handle(command).lines.filter { $0.kind == .error || $0.kind == .rejected || $0.text.contains("match") }
        #expect(!lines.isEmpty, "\(command) was not refused")
        for line in lines {
            #expect(!line.text.unicodeScalars.contains { $0 == "\u{200B}" || $0 == "\u{00A0}" }, "\(line.text)")
            #expect(line.text.contains("\\u{200B}") || line.text.contains("\\u{00A0}"), "\(line.text)")
        }
    }

    /// Quoting is one function: no source outside the engine (whose text takes a `showing`
    /// closure) writes `\"\(…)\"` by hand, except where the words are the program's own or are
    /// escaped on the spot. A new hand-made quote fails here by file and line.
    @Test func noMessageQuotesAWordByHand() throws {
        let ownWords = [
            "JUnitReport.swift": "XML attributes, escaped as XML",
            "Tokenizer.swift": "sh quoting for write-back",
            "FieldError+Words.swift": "the listing commands' own names",
            "KeyScript.swift": "the field's decimal keys, . or ,",
            "AdapterProtocol.swift": "the protocol's own keys",
            "Adapter.swift": "the protocol's own keys",
            "KioskMode.swift": "a character escaped on the spot",
        ]
        var handMade: [String] = []
        for module in ["MoneyFieldShell", "MoneyFieldIO", "MoneyFieldScripts", "MoneyFieldCheck", "moneyfield"] {
            let folder = BuiltProgram.packageRoot.appendingPathComponent("Sources/\(module)")
            guard let walk = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".swift") {
                let name = (path as NSString).lastPathComponent
                guard ownWords[name] == nil else { continue }
                let source = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains(#"\"\("#) {
                    handMade.append("\(module)/\(path):\(number + 1)")
                }
            }
        }
        #expect(handMade.isEmpty, "quote with VisibleText.quoted: \(handMade)")
    }
}

import Foundation
import MoneyFieldEngine
import Testing
@_spi(Tools) @testable import MoneyFieldShell
import MoneyFieldIO
import MoneyFieldScripts
@_spi(Tools) import MoneyFieldCheck

/// Runs lines in a fresh session and returns every printed line.
func outputs(_ lines: [String], options: SessionOptions = SessionOptions()) throws -> [String] {
    let session = try Session(options: options)
    return lines.flatMap { session.handle($0).lines.map(\.text) }
}

@Suite struct SessionCommandTests {
    @Test func typingShowsTheFieldAfterEveryChange() throws {
        #expect(try outputs(["1", "2", "type 345<left><left>", "type <bs>"]) == [
            "amount: $0.01|", "amount: $0.12|", "amount: $123|.45", "amount: $12|.45",
        ])
    }

    @Test func everyCommandInTheTableIsDispatched() throws {
        // A command listed in help but missing from dispatch would answer "unknown command".
        let session = try Session(options: SessionOptions(isInteractive: true))
        for spec in Commands.all where spec.name != "quit" {
            let text = session.handle(spec.name).text
            #expect(!text.contains("unknown command"), "\(spec.name): \(text)")
        }
    }

    @Test func helpExplainsEveryCommand() throws {
        let session = try Session()
        for spec in Commands.all {
            let lines = session.handle("help \(spec.name)").lines.map(\.text)
            #expect(lines.first == "usage: \(spec.usage)")
        }
        // The list names every command and fits a 24-row terminal.
        let list = session.handle("help").lines.map(\.text)
        #expect(list.count < 12 && list.allSatisfy { $0.count <= 80 }, "\(list)")
        #expect(Set(list.dropFirst().flatMap { $0.split(separator: " ").map(String.init) }).isSuperset(of: Commands.names))
    }

    @Test func aRejectedKeyRingsTheBellAndChangesNothing() throws {
        let session = try Session()
        _ = session.handle("new tight --max-digits 3")
        _ = session.handle("type 123<left>")
        let before = session.activeField
        let result = session.handle("type 4")
        #expect(result.rangBell)
        #expect(result.text == "rejected: at most 3 digits (--max-digits)")
        #expect(session.activeField == before)
        #expect(!result.failed)
    }

    @Test func typeStopsAtTheFirstRefusedKeyAndKeepsWhatWentBefore() throws {
        #expect(try outputs(["new t --max-digits 3", "type 12345"]) == [
            "t: $0.00|", "rejected: at most 3 digits (--max-digits)", "t: $1.23|",
        ])
    }

    @Test func undoTakesBackAWholeCommandAndLocaleChangesToo() throws {
        #expect(try outputs(["type 12345", "locale de_DE", "undo", "undo", "redo"]) == [
            "amount: $123.45|", "amount: 123,45|\u{00A0}$", "amount: $123.45|", "amount: $0.00|", "amount: $123.45|",
        ])
    }

    @Test func inspectJSONHasTheContractKeysInOrder() throws {
        let session = try Session()
        _ = session.handle("new price")
        _ = session.handle("type 1245<left><left>")
        let json = session.handle("inspect --json").text
        #expect(json.hasPrefix(#"{"field":"price","locale":"en_US","currency":"USD","mode":"atm","fractionDigits":2,"display":"$12.45","caret":3,"value":"12.45","minorUnits":1245,"negative":false,"digits":"1245","maxDigits":12"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["caret"] as? Int == 3)
        #expect(object["display"] as? String == "$12.45")
    }

    @Test func inspectJSONKeepsThirtyDigitMinorUnitsExact() throws {
        let session = try Session()
        _ = session.handle("new big --max-digits 30")
        _ = session.handle("type 123456789012345678901234567890")
        let json = session.handle("inspect --json").text
        #expect(json.contains(#""minorUnits":123456789012345678901234567890,"#))
        #expect(json.contains(#""value":"1234567890123456789012345678.90""#))
    }

    @Test func inspectEscapesInvisibleCharacters() throws {
        let lines = try outputs(["new f --locale fr_FR --currency EUR", "type 123450", "inspect"])
        #expect(lines.contains(#"escaped: 1\u{202F}234,50\u{00A0}€"#))
    }

    @Test func quitAsksToLeave() throws {
        let session = try Session()
        #expect(session.handle("quit").quits)
        #expect(session.handle("exit").quits)
        #expect(session.handle("quit now").failed)
    }

    @Test func kioskNeedsATerminal() throws {
        let batch = try Session()
        #expect(batch.handle("kiosk").text.hasPrefix("error: kiosk needs an interactive terminal"))
        let interactive = try Session(options: SessionOptions(isInteractive: true))
        _ = interactive.handle("new till")
        let result = interactive.handle("kiosk amount")
        #expect(result.kioskField == "amount")
        #expect(interactive.activeName == "amount")
        #expect(interactive.handle("kiosk nobody").failed)
    }

    @Test func promptNamesTheActiveField() throws {
        let session = try Session()
        #expect(session.prompt == "amount> ")
        _ = session.handle("new price")
        #expect(session.prompt == "price> ")
        _ = session.handle("drop price")
        _ = session.handle("drop amount")
        #expect(session.prompt == "(no field)> ")
    }

    @Test func startingLocaleAndCurrencyComeFromTheOptions() throws {
        #expect(try outputs(["show"], options: SessionOptions(locale: "de-DE", currency: "eur")) == ["amount: 0,00|\u{00A0}€"])
    }

    @Test func localesAndCurrenciesFilter() throws {
        let locales = try outputs(["locales switzerland"])
        #expect(locales.first?.hasPrefix("ID  ") == true)
        #expect(locales.contains { $0.hasPrefix("de_CH ") && $0.hasSuffix("CHF\u{00A0}1’234.56") })
        #expect(!locales.contains { $0.hasPrefix("de_DE") })
        let currencies = try outputs(["currencies dinar"])
        #expect(currencies.contains { $0.hasPrefix("KWD   3") && $0.hasSuffix("KWD\u{00A0}1,234.567") })
        #expect(try outputs(["currencies zzzz"]) == [#"no currency matches "zzzz""#])
    }

    @Test func newAcceptsOptionEqualsValue() throws {
        #expect(try outputs(["new p --locale=de_DE --currency=EUR"]) == ["p: 0,00|\u{00A0}€"])
    }
}

@Suite struct BadInputTests {
    @Test(arguments: [
        ("", [String]()),
        ("   ", []),
        ("# a comment", []),
    ])
    func blankLinesAndCommentsPrintNothing(line: String, expected: [String]) throws {
        #expect(try outputs([line]) == expected)
    }

    /// A line is split at `;` outside quotes into commands that know where they start; a comment
    /// and a quoted `;` stay whole, and a line is checked whole before it is split.
    @Test func aLineIsSplitIntoItsCommandsAtSemicolons() throws {
        let split = try Session.commands(inLine: Array("type 123; value; bogus 1".utf8)).get()
        #expect(split.map(\.command) == ["type 123", " value", " bogus 1"])
        #expect(split.map(\.offset) == [0, 9, 16])
        #expect(try Session.commands(inLine: Array("# type 1; type 2".utf8)).get().count == 1)
        #expect(try Session.commands(inLine: Array("paste \"1;2\"".utf8)).get().count == 1)
        #expect(try Session.commands(inLine: Array("type 1;".utf8)).get().map(\.command) == ["type 1", ""])
        let long = Array(String(repeating: "type 1;", count: 700).utf8)
        guard case .failure(let error) = Session.commands(inLine: long) else { Issue.record("a 4900-byte line was split"); return }
        #expect(error.message.contains("commands are at most 4096 bytes"))
        // Written back, a word or a rest of line holding `;` is quoted, so it reads back as one.
        for line in ["paste \"1;2\"", "new \"a;b\"", "use \"a;b\""] {
            let written = try #require(try Commands.parse(line, reading: KeyReading(for: nil))).scriptLine
            #expect(written == line)
            #expect(Commands.split(commandLine: written).count == 1, "\(written)")
        }
    }

    @Test func invalidUTF8IsAnErrorAndChangesNothing() throws {
        let session = try Session()
        _ = session.handle("12")
        let before = session.activeField
        let result = session.handle(bytes: [0x74, 0x79, 0x70, 0x65, 0x20, 0xFF, 0xFE])
        #expect(result.text == "error: the line is not valid UTF-8; retype it (was the terminal set to UTF-8?)")
        #expect(session.activeField == before)
    }

    @Test(arguments: ["type 1\u{0}2", "type 1\u{7}", "\u{1B}[A", "type 1\u{85}"])
    func controlCharactersAreRefused(line: String) throws {
        let session = try Session()
        let result = session.handle(line)
        #expect(result.failed)
        #expect(result.text.contains("control character U+"))
        #expect(session.activeField?.state == FieldState())
    }

    @Test func aMegabyteLineIsRefusedQuickly() throws {
        let session = try Session()
        let result = session.handle("type " + String(repeating: "1", count: 1 << 20))
        #expect(result.text == "error: the line is 1048581 bytes long; commands are at most 4096 bytes")
        #expect(session.activeField?.state == FieldState())
    }

    @Test func anUnknownFieldSuggestsTheClosest() throws {
        #expect(try outputs(["new price", "use pirce"]) == [
            "price: $0.00|", #"error: no field named "pirce"; did you mean price? (fields lists them)"#,
        ])
    }

    /// An error raised while a command runs points at the word it is about, as a parse error does:
    /// each line's span is the characters the `^` marks go under.
    @Test(arguments: [
        ("locale xx", "xx"), ("currency EUX --round", "EUX"), ("use nope", "nope"), ("drop nope", "nope"),
        ("rename amount 9x", "9x"), ("rename nope x", "nope"), ("new 9x --locale de_DE", "9x"),
        ("new t --locale zz_QQ --accounting", "--locale zz_QQ --accounting"), ("set 1.2.3", "1.2.3"),
        ("caret 99", "99"), ("select 9 9", "9 9"), ("edit 1 99 5", "1 99 5"), ("paste x", "x"),
        ("help nope", "nope"), ("source no-such.session", "no-such.session"),
    ])
    func anErrorWhileACommandRunsPointsAtItsWord(line: String, word: String) throws {
        let session = try Session()
        let error = try #require(session.handle(line).lines.first { $0.kind == .error })
        let span = try #require(error.span, "\(line): \(error.text)")
        let characters = Array(line)
        #expect(String(characters[span.clamped(to: 0..<characters.count)]) == word, "\(line): \(error.text)")
    }

    /// An error that is not about a word of the line points nowhere.
    @Test func anErrorAboutTheSessionPointsNowhere() throws {
        let session = try Session()
        _ = session.handle("drop amount")
        let error = try #require(session.handle("locale de_DE").lines.first)
        #expect(error.kind == .error && error.span == nil, "\(error.text)")
        #expect(try #require(session.handle("undo").lines.first).span == nil)
    }

    @Test func aRejectedOrFailedCommandLeavesEveryFieldUntouched() throws {
        let session = try Session()
        _ = session.handle("new a --allow-negative --max 10")
        _ = session.handle("type 999")
        let before = session.fields.map(\.field)
        for line in ["type 9", "set 11", "set 1.234", "currency XXY", "locale qq", "paste x", "new a", "rename a amount",
                     "bs 0", "type <nope>", "set -", "currency JPY"] {
            _ = session.handle(line)
        }
        #expect(session.fields.map(\.field) == before)
    }
}

@Suite struct LineReaderTests {
    func lines(_ bytes: [UInt8], limit: Int = 8) throws -> [LineReader.Line] {
        var pipe: [Int32] = [0, 0]
        #expect(Foundation.pipe(&pipe) == 0)
        let writer = pipe[1]
        let data = bytes
        let thread = Thread {
            data.withUnsafeBytes { _ = write(writer, $0.baseAddress, $0.count) }
            close(writer)
        }
        thread.start()
        var reader = LineReader(descriptor: pipe[0], limit: limit)
        var result: [LineReader.Line] = []
        while let line = reader.next() { result.append(line) }
        close(pipe[0])
        return result
    }

    @Test func readsLinesWithCRLFAndNoFinalNewline() throws {
        #expect(try lines(Array("ab\r\ncd\n\nef".utf8)) == [.bytes([97, 98]), .bytes([99, 100]), .bytes([]), .bytes([101, 102])])
    }

    @Test func reportsAnOverlongLineByLengthAndGoesOn() throws {
        #expect(try lines(Array((String(repeating: "x", count: 100) + "\nok\n").utf8)) == [.tooLong(100), .bytes([111, 107])])
    }

    @Test func dropsAByteOrderMarkOnlyWhereTheInputOpens() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try lines(mark + Array("ab\n".utf8) + mark + Array("c\n".utf8)) == [.bytes([97, 98]), .bytes(mark + [99])])
    }
}

/// Listings for machines (`--json`, one line) and for people (best matches first).
@Suite struct ListingTests {
    @Test(arguments: ["fields --json", "locales de_ --json", "currencies --json eur"])
    func jsonListingsAreOneLineOfObjects(command: String) throws {
        let session = try Session()
        let lines = session.handle(command).lines
        #expect(lines.count == 1)
        let parsed = try JSONSerialization.jsonObject(with: Data(lines[0].text.utf8)) as? [[String: Any]]
        #expect(parsed?.isEmpty == false)
    }

    @Test func jsonKeepsNumbersAndBooleansTyped() throws {
        let session = try Session()
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(session.handle("fields --json").lines[0].text.utf8)) as? [[String: Any]])
        #expect(fields[0]["active"] as? Bool == true)
        #expect(fields[0]["display"] as? String == "$0.00")
        let currencies = try #require(try JSONSerialization.jsonObject(with: Data(session.handle("currencies JPY --json").lines[0].text.utf8)) as? [[String: Any]])
        #expect(currencies[0]["code"] as? String == "JPY")
        #expect(currencies[0]["fractionDigits"] as? Int == 0)
    }

    @Test(arguments: [("locales he", "he"), ("locales hebrew", "he"), ("locales ja", "ja"), ("currencies eur", "EUR"), ("currencies yen", "JPY")])
    func theBestMatchComesFirst(command: String, first: String) throws {
        let lines = try Session().handle(command).lines.map(\.text)
        #expect(lines.count > 1)
        #expect(lines[1].hasPrefix(first + " "), "\(lines.prefix(4))")
    }

    @Test func noMatchAndBadArgumentsSaySo() throws {
        let session = try Session()
        #expect(session.handle("locales zzzz").lines.map(\.text) == ["no locale matches \"zzzz\""])
        #expect(session.handle("locales zzzz --json").lines.map(\.text) == ["[]"])
        #expect(session.handle("locales --xml").lines.map(\.text) == ["error: unknown option \"--xml\"; usage: locales [FILTER] [--json]"])
    }

    /// `fields` lines its columns up as the terminal shows them: a right-to-left display's
    /// invisible marks take no cell, so the VALUE column starts at one cell in every row.
    @Test func fieldsColumnsAlignInTerminalCellsWithRightToLeftDisplays() throws {
        let lines = try outputs(["new a --locale ar_EG", "new b --locale he_IL", "type 12345", "new c", "fields"]).suffix(5)
        let header = try #require(lines.first)
        let column = TerminalWidth.of(String(header[..<(try #require(header.firstRange(of: "VALUE"))).lowerBound]))
        for row in lines.dropFirst() {
            let cells = TerminalWidth.of(String(row.dropLast(row.split(separator: " ").last?.count ?? 0)))
            #expect(cells == column, "\(row.debugDescription)")
        }
        #expect(lines.contains { $0.contains("\u{200F}") }, "the marks are there, and not counted")
    }

    /// Where ICU gives a locale no currency, `locales` says none, as `new --locale` does; never USD.
    @Test func aLocaleWithoutACurrencyIsListedWithNone() throws {
        let session = try Session()
        let lines = session.handle("locales hindi").lines.map(\.text)
        let hi = try #require(lines.first { $0.hasPrefix("hi ") })
        #expect(hi.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == ["hi", "Hindi", "none", "(add", "--currency)"])
        #expect(!lines.contains { $0.contains("USD") }, "\(lines)")
        #expect(session.handle("new x --locale hi").lines.first?.text.contains("no currency") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(session.handle("locales hindi --json").lines[0].text.utf8)) as? [[String: Any]])
        let entry = try #require(json.first { $0["id"] as? String == "hi" })
        #expect(entry["currency"] is NSNull && entry["sample"] is NSNull)
        #expect(json.first { $0["id"] as? String == "hi_IN" }?["currency"] as? String == "INR")
    }

    /// A filter that names a numbering system finds the locales that offer it, written as
    /// `--locale` takes them; each one listed makes a field.
    @Test(arguments: ["deva", "devanagari", "numbers=deva"])
    func aNumberingSystemFilterFindsItsVariants(filter: String) throws {
        let session = try Session()
        let lines = session.handle("locales \(filter)").lines.map(\.text)
        let row = try #require(lines.first { $0.hasPrefix("hi_IN@numbers=deva ") }, "\(lines.prefix(5))")
        #expect(row.contains("INR") && row.contains("₹१,२३४.५६"))
        #expect(lines.contains { $0.hasPrefix("ne_NP ") }, "a locale whose own digits they are")
        #expect(session.handle("new h --locale hi_IN@numbers=deva").lines.map(\.text) == ["h: ₹०.००|"])
        #expect(session.handle("locales latn").lines.count > 10)
        #expect(!session.handle("locales latn").lines.contains { $0.text.hasPrefix("en_US") }, "Latin digits: only the variants that add them")
    }

    /// A numbering system written out (devanagari) is matched by the identifier it begins with.
    @Test func aNumberingSystemWrittenOutSuggestsItsIdentifier() throws {
        let session = try Session()
        let error = try #require(session.handle("new x --locale hi_IN@numbers=devanagari").lines.first?.text)
        #expect(error.hasPrefix("error: unknown numbering system \"devanagari\"; did you mean deva"), "\(error)")
        let typo = try #require(session.handle("new x --locale ar_EG@numbers=arbb").lines.first?.text)
        #expect(typo.contains("did you mean arab"), "\(typo)")
    }
}

/// The one word wrapper (captions, the kiosk's messages, long lines at a terminal).
@Suite struct WrappingTests {
    @Test func wordsAreKeptInOrderAndLinesFit() {
        let text = "rejected: this field takes no negative amounts (create it with --allow-negative)"
        for width in [20, 30, 45, 60] {
            let lines = TerminalWidth.wrapped(text, to: width, indent: "  ")
            #expect(lines.allSatisfy { TerminalWidth.of($0) <= width }, "\(lines)")
            #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
            #expect(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == text)
        }
        #expect(TerminalWidth.wrapped(text, to: 200) == [text])
        // A table row broken at a column gap: the gap is the break, the rest starts at the indent.
        #expect(TerminalWidth.wrapped("   amount  $0.00      0.00", to: 18, indent: "     ") == ["   amount  $0.00", "     0.00"])
        #expect(TerminalWidth.wrapped("   amount", to: 18) == ["   amount"], "leading spaces stay")
    }

    @Test func aWordLongerThanTheLineIsCutOrKeptWhole() {
        let json = "{\"field\":\"amount\",\"display\":\"$0.00\",\"caret\":5}"
        #expect(TerminalWidth.wrapped("x " + json, to: 20) == ["x", "{\"field\":\"amount\",\"…"])
        #expect(TerminalWidth.wrapped("x " + json, to: 20, cutsLongWords: false) == ["x", json])
    }
}

/// A path as the system spells it, shown with its bad bytes escaped.
@Suite struct RawPathTests {
    @Test func badBytesAreShownAsHexEscapesAndTheBytesKept() {
        let path = RawPath(bytes: Array("dir/caf".utf8) + [0xE9] + Array(".session".utf8))
        #expect(!path.isUTF8)
        #expect(path.shown == "dir/caf\\xE9.session")
        #expect(RawPath(bytes: [0x61, 0xFF, 0xFE, 0x62]).shown == "a\\xFF\\xFEb")
        #expect(RawPath("été/x").shown == "été/x" && RawPath("été/x").isUTF8)
        #expect(RawPath("/tmp").appending(path).bytes == Array("/tmp/".utf8) + path.bytes)
        #expect(path.hasSuffix(".session"))
    }
}

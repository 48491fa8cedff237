import Foundation
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import MoneyFieldTestSupport
import Testing

/// Messages a new user met in round 7 (issue 53), each checked where it is put into words.
@Suite struct MessageEdgeTests {
    /// The one wording of a write a folder refused: what, why, and the folder.
    @Test func aWriteTheFolderRefusedNamesTheFolder() {
        let denied = FileError.describing(errno: EACCES, path: "ro/bad.session", makingIn: "ro")
        #expect(denied.message == "ro/bad.session: cannot write in its folder ro (permission denied); make the folder writable or write elsewhere")
        #expect(denied.code == EACCES)
        #expect(FileError.describing(errno: EPERM, path: "x.xml", makingIn: "").reason.hasPrefix("cannot write in its folder . (permission denied)"))
        #expect(FileError.describing(errno: EROFS, path: "/mnt/a", makingIn: "/mnt").reason.hasPrefix("cannot write in its folder /mnt (the file system is read-only)"))
        // Another reason is the file's own, as before.
        #expect(FileError.describing(errno: ENOSPC, path: "a", makingIn: "b").reason == "the disk is full")
    }

    /// A report's folder that refuses a write is said in the same words (OutputPath, for `--junit`, `--cast`).
    @Test func aReportsFolderIsRefusedInTheSameWords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("plain", "a file, not a folder")
        // A file used as a folder fails for root too.
        let problem = try #require(OutputPath.problem(with: "plain/report.xml", relativeTo: folder.url))
        #expect(problem.message == "plain/report.xml: plain is not a folder")
    }

    /// A line longer than the echo is cut around its place, `…` where cut, `^` under what is shown.
    @Test(arguments: [(0, false, true), (4, false, true), (2000, true, true), (3990, true, false)])
    func aLongLineIsEchoedAroundItsPlace(start: Int, cutBefore: Bool, cutAfter: Bool) {
        let line = "set " + String(repeating: "1", count: 4000)
        let span = start..<min(line.count, start + 40)
        let lines = Diagnostic(.error, "bad", at: Diagnostic.Place(source: "stdin", line: 1, text: line, span: span)).lines(colour: false)
        let echo = String(lines[3].dropFirst("1 | ".count))
        let carets = String(lines[4].dropFirst("  | ".count))
        #expect(TerminalWidth.of(echo) <= Diagnostic.echoWidth, "\(echo.count)")
        #expect(echo.hasPrefix("…") == cutBefore && echo.hasSuffix("…") == cutAfter, "\(echo)")
        // The carets stand under the characters of the place, wholly shown.
        #expect(carets.filter { $0 == "^" }.count == span.count)
        let before = carets.prefix { $0 == " " }.count
        let underCarets = Array(echo)[before..<(before + span.count)]
        #expect(String(underCarets) == String(Array(line)[span]))
    }

    /// A place wider than the echo is cut too, its carets under its shown part only, never under `…`.
    @Test func aPlaceWiderThanTheEchoIsCut() {
        let line = "set " + String(repeating: "1", count: 4000)
        let lines = Diagnostic(.error, "\(String(repeating: "1", count: 4000)) needs more than 12 digits (--max-digits)",
                               at: Diagnostic.Place(source: "stdin", line: 1, text: line, span: 4..<4004)).lines(colour: false)
        #expect(lines[0] == "error: \(String(repeating: "1", count: 29))…\(String(repeating: "1", count: 29)) needs more than 12 digits (--max-digits)")
        let echo = String(lines[3].dropFirst("1 | ".count))
        let carets = String(lines[4].dropFirst("  | ".count))
        #expect(echo.hasPrefix("set 1") && echo.hasSuffix("1…") && TerminalWidth.of(echo) == Diagnostic.echoWidth, "\(echo)")
        #expect(carets.hasPrefix("    ^") && carets.count < echo.count, "\(carets)")
        // A short line is echoed whole, as before.
        let short = Diagnostic(.error, "bad", at: Diagnostic.Place(source: "stdin", line: 2, text: "type <lfet>", span: 5..<11)).lines(colour: false)
        #expect(short == ["error: bad", " --> stdin:2:6", "  |", "2 | type <lfet>", "  |      ^^^^^^"])
    }

    /// `help NAME` for an option's or a key's name points where it is explained (issue 53).
    @Test(arguments: [
        ("help grouping", "error: no command \"grouping\"; --grouping is an option of new: help new says what it takes"),
        ("help max-digits", "error: no command \"max-digits\"; --max-digits is an option of new: help new says what it takes"),
        ("help json", "error: no command \"json\"; --json is an option of "),
        ("help selall", "error: no command \"selall\"; <selall> is a key: help type lists the keys (type <selall> presses it)"),
        ("help <dec>", "error: no command \"<dec>\"; <dec> is a key: help type lists the keys (type <dec> presses it)"),
        ("help tpye", "error: no command \"tpye\"; did you mean type? (help lists the commands)"),
    ])
    func helpForAnOptionOrAKeyPointsWhereItIsExplained(line: String, message: String) throws {
        let session = try Session()
        let said = session.handle(line).lines.map(\.text).first ?? ""
        #expect(said.hasPrefix(message), "\(said)")
    }

    /// An invisible character in a locale's name gets "did you mean", as in a currency's code or a command.
    @Test(arguments: ["new x --locale fr_FR\u{200B}", "locale fr_FR\u{200B}", "locale \u{200B}de_DE"])
    func anInvisibleCharacterInALocaleStillGetsASuggestion(line: String) throws {
        let session = try Session()
        let said = session.handle(line).lines.map(\.text).first ?? ""
        #expect(said.hasPrefix("error: unknown locale \""), "\(said)")
        #expect(said.contains("\\u{200B}"), "the invisible character is shown: \(said)")
        #expect(said.contains("did you mean fr_FR") || said.contains("did you mean de_DE"), "\(said)")
        for other in ["currency EUR\u{200B}", "use\u{200B}"] {
            #expect(session.handle(other).lines.map(\.text).first?.contains("did you mean") == true, "\(other)")
        }
    }
}

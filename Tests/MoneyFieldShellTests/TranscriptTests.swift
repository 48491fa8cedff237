import Foundation
import MoneyFieldTestSupport
import Testing
@_spi(Tools) @testable import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
@_spi(Tools) import MoneyFieldCheck

@Suite struct TranscriptFormatTests {
    @Test func readsCommandsExpectationsAndComments() throws {
        let transcript = try Transcript(parsing: "# about\n> type 12\namount: $0.12|\n\n# next\n> value\n0.12\n", path: "t")
        #expect(transcript.steps.map(\.command) == ["type 12", "value"])
        #expect(transcript.steps.map(\.line) == [2, 6])
        #expect(transcript.steps.map(\.expected) == [["amount: $0.12|"], ["0.12"]])
        #expect(transcript.steps[1].leading == ["", "# next"])
    }

    @Test func acceptsCRLFAByteOrderMarkAndNoFinalNewline() throws {
        let plain = try Transcript(parsing: "> type 1\namount: $0.01|\n", path: "t")
        let windows = try Transcript(parsing: "\u{FEFF}> type 1\r\namount: $0.01|", path: "t")
        #expect(plain.steps == windows.steps && plain.trailing == windows.trailing)
        #expect(windows.lineEnding == "\r\n" && windows.startsWithByteOrderMark)
    }

    @Test func outputBeforeAnyCommandIsAnErrorWithItsLine() {
        #expect(throws: ScriptError.malformed(path: "x.session", line: 2, reason: "output before the first command; start commands with \"> \"")) {
            try Transcript(parsing: "# c\nstray\n> show\n", path: "x.session")
        }
    }

    @Test func outputAfterACommentBelongsToNoCommand() {
        #expect(throws: ScriptError.self) { try Transcript(parsing: "> show\nx\n# c\ny\n", path: "x") }
    }

    @Test func invalidUTF8AndBinaryFilesAreErrorsNamingTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let latin1 = folder.url.appendingPathComponent("latin1.session")
        try Data([0x3E, 0x20, 0x73, 0x65, 0x74, 0x20, 0xA3, 0x0A]).write(to: latin1)
        #expect(throws: ScriptError.unreadable(path: "latin1.session", reason: "it is not UTF-8 text (binary, or another encoding); save it as UTF-8")) {
            try Transcript(contentsOf: latin1, displayPath: "latin1.session")
        }
        let binary = folder.url.appendingPathComponent("bin.session")
        try Data([0x3E, 0x20, 0x00, 0x01]).write(to: binary)
        #expect(throws: ScriptError.self) { try Transcript(contentsOf: binary, displayPath: "bin.session") }
    }

    @Test func renderingWithNewOutputsKeepsCommentsAndBlankLines() throws {
        let text = "# head\n> type 1\nwrong\n\n# tail comment\n> value\n0.01\n# end\n"
        let transcript = try Transcript(parsing: text, path: "t")
        #expect(transcript.text == text)
        #expect(transcript.rendered(withOutputs: [["amount: $0.01|"], ["0.01"]])
            == "# head\n> type 1\namount: $0.01|\n\n# tail comment\n> value\n0.01\n# end\n")
    }
}

@Suite struct ScriptRunnerTests {
    @Test func aPassingScriptHasNoMismatches() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("ok.session", "> type 12\namount: $0.12|\n> value\n0.12\n")
        let report = ScriptRunner().run(script, displayPath: "ok.session")
        #expect(report.passed)
        #expect(report.commandCount == 2)
    }

    @Test func aChangedLineIsReportedWithFileLineCommandAndDiff() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("bad.session", "> type 12\namount: $0.12|\n> locale fr_FR\namount: 0,13 $US\n")
        let report = ScriptRunner().run(script, displayPath: "bad.session")
        #expect(report.mismatches.count == 1)
        let mismatch = try #require(report.mismatches.first)
        #expect(MismatchReport.lines(for: mismatch, path: report.path) == [
            "bad.session:3: output differs",
            "  > locale fr_FR",
            "  - amount: 0,13 $US",
            "  + amount: 0,12|\u{00A0}$US",
        ], "a visible difference needs no escaped copy")
        // Only a difference the eye cannot see gets one: U+00A0 for a space, a trailing space.
        #expect(MismatchReport.diffLines(expected: ["0,12 $US", "a "], actual: ["0,12\u{00A0}$US", "a"]) == [
            "  - 0,12 $US    ⟨0,12␠$US⟩", "  - a     ⟨a␠⟩", "  + 0,12\u{00A0}$US    ⟨0,12\\u{00A0}$US⟩", "  + a    ⟨a⟩",
        ])
        // Blessed as the diff showed it: the U+00A0 written as its escape.
        #expect(report.updatedText == "> type 12\namount: $0.12|\n> locale fr_FR\namount: 0,12|\\u{00A0}$US\n")
    }

    @Test func theLineDiffKeepsCommonLines() {
        #expect(MismatchReport.diff(["a", "b", "c"], ["a", "x", "c"]) == [.same("a"), .expected("b"), .actual("x"), .same("c")])
    }

    @Test func commandsAfterQuitAreReportedAsNeverRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("q.session", "> quit\n> show\namount: $0.00|\n")
        let report = ScriptRunner().run(script, displayPath: "q.session")
        #expect(report.mismatches.map(\.actual) == [["error: never ran: the script quit at line 1"]])
    }

    @Test func aScriptCannotRecordUnlessAllowed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("w.session", "> record out.session\n")
        let denied = ScriptRunner().run(script, displayPath: "w.session")
        #expect(denied.mismatches.first?.actual == ["error: this script may not write files; replay it with `moneyfield test --allow-write` (or `demo --allow-write`) to let it record"])
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.session").path))
        _ = ScriptRunner(allowsWrite: true).run(script, displayPath: "w.session")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out.session").path))
    }

    @Test func findsScriptsRecursivelyInOrderAndRejectsMissingPaths() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("b.session", "")
        _ = try folder.file("sub/a.session", "")
        _ = try folder.file("notes.txt", "")
        let found = try ScriptRunner.scripts(in: ["."], base: folder.url).map(\.display)
        #expect(found == ["./b.session", "./sub/a.session"])
        #expect(throws: ScriptError.self) { try ScriptRunner.scripts(in: ["nope"], base: folder.url) }
    }
}

@Suite struct RecordAndSourceTests {
    @Test func aRecordingReplaysClean() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let session = try Session(options: SessionOptions(directory: folder.url))
        #expect(session.handle("record live.session").text.hasPrefix("recording to "))
        for line in ["type 12345<left>", "new eur --locale de_DE --currency EUR --allow-negative", "type <neg>99",
                     "oops", "use amount", "inspect --json", "record off"] {
            _ = session.handle(line)
        }
        let recorded = try String(contentsOf: folder.url.appendingPathComponent("live.session"), encoding: .utf8)
        #expect(recorded.contains("> type 12345<left>\namount: $123.4|5\n"))
        #expect(!recorded.contains("record off"))
        #expect(ScriptRunner().run(folder.url.appendingPathComponent("live.session"), displayPath: "live").passed)
    }

    @Test func aRecordingStartedMidSessionRebuildsTheStateFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let session = try Session(options: SessionOptions(locale: "fr_FR", currency: "EUR", directory: folder.url))
        for line in ["type 1234<left><left>", "new neg --allow-negative --mode whole", "neg", "use amount"] { _ = session.handle(line) }
        _ = session.handle("record mid.session")
        _ = session.handle("type 5")
        _ = session.handle("record off")
        let url = folder.url.appendingPathComponent("mid.session")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("> drop amount\n"))
        let report = ScriptRunner().run(url, displayPath: "mid")
        #expect(report.passed, "\(report.mismatches)")
        #expect(text.hasSuffix("> type 5\namount: 125|,34\u{00A0}€\n\n"))
    }

    /// A session started in another locale, recorded before anything was done: the recording
    /// says where the session starts, with no "before the recording" heading; with commands
    /// before it, both, each over its own commands.
    @Test func aRecordingOfAFreshSessionInAnotherLocaleSaysWhereItStarts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fresh = try Session(options: SessionOptions(locale: "de_DE", currency: "EUR", directory: folder.url))
        _ = fresh.handle("record start.session")
        _ = fresh.handle("type 12")
        _ = fresh.handle("record off")
        let url = folder.url.appendingPathComponent("start.session")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains("before the recording started"), "\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.dropFirst().prefix(4)) == [
            "# This session starts in de_DE with EUR; a replay starts in en_US with USD, so the field is made again:",
            "> drop amount", "dropped amount", "> new amount --locale de_DE --currency EUR",
        ])
        #expect(ScriptRunner().run(url, displayPath: "start").passed)

        let used = try Session(options: SessionOptions(locale: "de_DE", currency: "EUR", directory: folder.url))
        _ = used.handle("type 5")
        _ = used.handle("record used.session")
        _ = used.handle("record off")
        let usedURL = folder.url.appendingPathComponent("used.session")
        let usedText = try String(contentsOf: usedURL, encoding: .utf8)
        let starts = try #require(usedText.firstRange(of: "# This session starts in de_DE"))
        let before = try #require(usedText.firstRange(of: "# The session before the recording started, replayed"))
        #expect(starts.lowerBound < before.lowerBound)
        #expect(usedText[before.upperBound...].contains("> type 5\n"))
        #expect(ScriptRunner().run(usedURL, displayPath: "used").passed)
    }

    /// Undo and redo after `record` reach back before it: the recording replays them all the same.
    @Test(arguments: [
        ["12", "34", "new b --locale de_DE --currency EUR", "56", "use amount"],
        ["type 1", "<left>", "set 99.5", "undo", "locale ar_EG", "currency JPY --round"],
    ])
    func aRecordingStartedMidSessionRebuildsUndoAndRedo(before: [String]) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let session = try Session(options: SessionOptions(locale: "fr_FR", currency: "EUR", directory: folder.url))
        for line in before { _ = session.handle(line) }
        _ = session.handle("record undo.session")
        for line in ["undo", "undo", "redo", "undo", "undo", "undo", "redo"] { _ = session.handle(line) }
        _ = session.handle(.press(KeyPress([.digit(7), .left, .digit(8), .backspace])))
        _ = session.handle(.press(KeyPress([.left])))
        _ = session.handle("undo")
        _ = session.handle("record off")
        let url = folder.url.appendingPathComponent("undo.session")
        let report = ScriptRunner().run(url, displayPath: "undo.session")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(report.passed, "\(report.mismatches)\n\(text)")
        #expect(try String(contentsOf: url, encoding: .utf8).contains("(undo and redo included)"))
    }

    /// The state is written as commands that read back: a caret moved left, a sign on an empty
    /// field, a field left by `<enter>` (which has no command of its own: `type <enter>`).
    @Test(arguments: [
        "> 123\n", "> 12345\n> left 2\n", "> new m --allow-negative\n> neg\n",
        "> new n --mode natural --on-leave keep\n> type 1<dec>5<enter>\n", "> new e --mode natural --empty-shows symbol-when-focused\n> type <enter>\n",
        "> new f --mode natural --allow-negative\n> type 12<dec>05<neg><left>\n", "> new g --mode natural\n> type <dec>0\n",
    ])
    func aSessionThatSourcedFallsBackToItsStateAndSaysSo(setup: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("setup.session", setup)
        let session = try Session(options: SessionOptions(directory: folder.url))
        _ = session.handle("source setup.session")
        _ = session.handle("record state.session")
        _ = session.handle("4")
        _ = session.handle("record off")
        let url = folder.url.appendingPathComponent("state.session")
        #expect(try String(contentsOf: url, encoding: .utf8).contains("their undo history is not rebuilt"))
        let report = ScriptRunner().run(url, displayPath: "state.session")
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(report.passed, "\(report.mismatches)\n\(written)")
    }

    @Test func aScriptThatRecordsPassesEveryTime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = try folder.file("rec.session", "> record out.session\nrecording to out.session\n> 12\namount: $0.12|\n> record off\nrecording stopped: out.session\n")
        for _ in 0..<2 {
            let report = ScriptRunner(allowsWrite: true).run(script, displayPath: "rec.session")
            #expect(report.passed, "\(report.mismatches)")
        }
        // A file it did not record is still kept.
        _ = try folder.file("out.session", "# precious\n")
        #expect(!ScriptRunner(allowsWrite: true).run(script, displayPath: "rec.session").passed)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("out.session"), encoding: .utf8) == "# precious\n")
    }

    @Test func sourceGoesOnAfterAnErrorAsTestDoesAndNamesTheLines() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("err.session", "> bogus\n> 12\n> nope\n> 3\n")
        let session = try Session(options: SessionOptions(directory: folder.url))
        let result = session.handle("source err.session")
        #expect(result.lines.map(\.text) == [
            "error: unknown command \"bogus\" (help lists the commands)", "amount: $0.12|",
            "error: unknown command \"nope\" (help lists the commands)", "amount: $1.23|",
            "error: err.session: 2 of 4 commands failed (lines 1, 3)",
        ])
        // Their places are in the script's lines, not under the `source` line that ran them.
        #expect(result.lines.allSatisfy { $0.span == nil }, "\(result.lines.map(\.span))")
        #expect(session.handle("bogus").lines.first?.span == 0..<5, "a line's own error keeps its place")
    }

    @Test func aTranscriptPipedIntoTheShellGetsAHint() throws {
        let session = try Session()
        #expect(session.handle("> 12").lines.map(\.text) == [
            "error: lines starting \"> \" are a session script's; replay a script with `moneyfield test FILE`, or run its commands here with `source FILE`",
        ])
    }

    @Test func recordRefusesToOverwriteWithoutForce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let existing = try folder.file("keep.session", "# precious\n")
        let session = try Session(options: SessionOptions(directory: folder.url))
        #expect(session.handle("record keep.session").failed)
        #expect(try String(contentsOf: existing, encoding: .utf8) == "# precious\n")
        #expect(!session.handle("record keep.session --force").failed)
    }

    @Test func sourceRunsAScriptAndRefusesCyclesAndDeepNesting() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("setup.session", "> new p --currency JPY\nignored expectation\n> type 42\n")
        for level in 0..<20 { _ = try folder.file("deep\(level).session", "> source deep\(level + 1).session\n") }
        _ = try folder.file("deep20.session", "> type 1\n")
        let session = try Session(options: SessionOptions(directory: folder.url))
        #expect(session.handle("source setup.session").lines.map(\.text) == ["p: ¥0|", "p: ¥42|"])
        let deep = session.handle("source deep0.session")
        #expect(deep.lines.first?.text == "error: source nested deeper than 16 scripts; flatten them")
        #expect(session.activeField?.value == "42")
    }
}

/// A recording must replay in `moneyfield test`, which starts fresh in en_US/USD from the script's folder.
@Suite struct RecordingReplaysTests {
    func replay(_ url: URL) -> ScriptRunner.Report { ScriptRunner().run(url, displayPath: url.lastPathComponent) }

    /// Records `lines` in `session` to `name` (relative to the session's folder) and returns the script.
    func record(_ lines: [String], in session: Session, to name: String) throws -> (url: URL, text: String) {
        _ = session.handle("record \(name)")
        for line in lines { _ = session.handle(line) }
        _ = session.handle("record off")
        let url = session.options.directory.appendingPathComponent(name)
        return (url, try String(contentsOf: url, encoding: .utf8))
    }

    @Test func aBareNewInASessionStartedInAnotherLocaleIsWrittenOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let session = try Session(options: SessionOptions(locale: "de-DE", currency: "eur", directory: folder.url))
        let (url, text) = try record(["new price", "new yen --currency JPY", "type 123"], in: session, to: "r.session")
        #expect(text.contains("> new price --locale de_DE --currency EUR\nprice: 0,00|\u{00A0}€\n"))
        #expect(text.contains("> new yen --locale de_DE --currency JPY\n"))
        let report = replay(url)
        #expect(report.passed, "\(report.mismatches)")
    }

    @Test func aKioskOnAnotherFieldIsRecordedAsUse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let session = try Session(options: SessionOptions(isInteractive: true, directory: folder.url))
        _ = session.handle("record k.session")
        _ = session.handle("new price")
        _ = session.handle("use amount")
        #expect(session.handle("kiosk price").kioskField == "price")
        _ = session.handle("type 7")
        _ = session.handle("kiosk")
        _ = session.handle("record off")
        let url = folder.url.appendingPathComponent("k.session")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("> use price\nprice: $0.00|\n\n> type 7\nprice: $0.07|\n\n"))
        #expect(!text.contains("kiosk"))
        #expect(replay(url).passed)
    }

    @Test func aSourcedPathIsWrittenFromTheRecordingsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.file("a.session", "> type 12\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let session = try Session(options: SessionOptions(directory: folder.url))
        _ = session.handle("record sub/r.session")
        #expect(session.handle("source a.session").text == "amount: $0.12|")
        _ = session.handle("record off")
        let url = folder.url.appendingPathComponent("sub/r.session")
        #expect(try String(contentsOf: url, encoding: .utf8).contains("> source \(folder.url.standardizedFileURL.path)/a.session\n"))
        #expect(replay(url).passed)
        let beside = try record(["source a.session"], in: try Session(options: SessionOptions(directory: folder.url)), to: "r2.session")
        #expect(beside.text.contains("> source a.session\n"))
    }
}

/// Expected lines may write a space nobody types as the `\u{…}` escape the diff shows; `--update`
/// keeps what the author wrote where it still matches, and the file's line endings.
@Suite struct EscapedExpectationTests {
    @Test func anEscapedLineMatchesWhatIsPrinted() {
        #expect(Transcript.matches(expected: "p: 1\\u{202F}234,56|\\u{00A0}€", actual: "p: 1\u{202F}234,56|\u{00A0}€"))
        #expect(!Transcript.matches(expected: "p: 1\\u{00A0}234,56|\\u{00A0}€", actual: "p: 1\u{202F}234,56|\u{00A0}€"))
        #expect(VisibleText.unescaped("a\\u{zz}b\\u{41}") == "a\\u{zz}bA", "a broken escape stays as written")
    }

    @Test func anUpdateKeepsLineEndingsTheByteOrderMarkAndEscapesThatStillMatch() throws {
        let text = "\u{FEFF}# fr_FR\r\n> new p --locale fr_FR\r\np: wrong\r\n> type 123456\r\np: 1\\u{202F}234,56|\\u{00A0}€\r\n"
        let transcript = try Transcript(parsing: text, path: "t.session")
        let session = try Session()
        let outputs = transcript.steps.map { session.handle($0.command).lines.map(\.text) }
        let updated = transcript.rendered(withOutputs: outputs)
        #expect(updated == "\u{FEFF}# fr_FR\r\n> new p --locale fr_FR\r\np: 0,00|\\u{00A0}€\r\n> type 123456\r\np: 1\\u{202F}234,56|\\u{00A0}€\r\n")
    }

    /// `--update` writes a new line's invisible and space-like characters as escapes, so the
    /// blessed script reads as the failure did; a line that holds text reading as an escape stays
    /// raw, since escaping it would no longer match.
    @Test func anUpdateWritesInvisibleCharactersAsEscapes() throws {
        #expect(Transcript.written("p: 1\u{202F}234,56|\u{00A0}€") == "p: 1\\u{202F}234,56|\\u{00A0}€")
        #expect(Transcript.written("a\u{200B}b\u{2009}c") == "a\\u{200B}b\\u{2009}c")
        #expect(Transcript.written("plain $1.00 line") == "plain $1.00 line")
        let literal = "says \\u{41} and\u{00A0}€"
        #expect(Transcript.written(literal) == literal)
        for line in ["p: 1\u{202F}234,56|\u{00A0}€", literal, "tab\there", "x\u{200F}y"] {
            #expect(Transcript.matches(expected: Transcript.written(line), actual: line), "\(line)")
        }
    }
}

/// The diff of a mismatch: common start and end matched in one pass, the rest by Myers' shortest
/// edit script, a huge middle shown whole rather than searched.
@Suite struct MismatchDiffTests {
    /// The diff's look-alike marks, found by hashing each line's on-screen form, are the ones the
    /// plain every-removed-against-every-added comparison finds, on random look-alike lines.
    @Test func lookAlikesFoundByHashAreThoseEveryPairWouldFind() {
        let pool = ["a b", "a\u{00A0}b", "a b ", "ab", "a\u{200B}b", "", " ", "\u{00A0}", "a\u{202F}b", "c"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let expected = (0..<next(7)).map { _ in pool[next(pool.count)] }
            let actual = (0..<next(7)).map { _ in pool[next(pool.count)] }
            let entries = MismatchReport.diff(expected, actual)
            var removed: [String] = [], added: [String] = []
            for entry in entries {
                if case .expected(let text) = entry { removed.append(text) }
                if case .actual(let text) = entry { added.append(text) }
            }
            func shown(_ text: String, _ others: [String]) -> String {
                let twin = others.contains { $0 != text && MismatchReport.onScreen($0) == MismatchReport.onScreen(text) }
                let invisible = twin || MismatchReport.onScreen(text).isEmpty && !text.isEmpty
                return invisible ? "\(text)    ⟨\(VisibleText.escaped(text).replacing(" ", with: "␠"))⟩" : text
            }
            let reference: [String] = entries.map { entry in
                switch entry {
                case .same(let text): "    \(text)"
                case .expected(let text): "  - \(shown(text, added))"
                case .actual(let text): "  + \(shown(text, removed))"
                }
            }
            #expect(MismatchReport.diffLines(expected: expected, actual: actual) == reference, "\(expected) \(actual)")
        }
    }

    @Test func oneChangedLineAmongThousandsIsTheOnlyDifference() {
        let expected = (0..<5_000).map { "line \($0)" }
        var actual = expected
        actual[2_500] = "changed"
        let entries = MismatchReport.diff(expected, actual)
        #expect(entries.filter { if case .same = $0 { false } else { true } } == [.expected("line 2500"), .actual("changed")])
    }

    @Test func twoUnrelatedOutputsOfThousandsOfLinesAreShownWhole() {
        let expected = (0..<5_000).map { "expected \($0)" }, actual = (0..<5_000).map { "actual \($0)" }
        let entries = MismatchReport.diff(expected, actual)
        #expect(entries == expected.map(MismatchReport.Entry.expected) + actual.map(MismatchReport.Entry.actual))
    }

    @Test func aSmallDiffInterleavesAsLinesMatch() {
        #expect(MismatchReport.diff(["a", "b", "c"], ["a", "x", "c", "d"]) == [.same("a"), .expected("b"), .actual("x"), .same("c"), .actual("d")])
    }
}

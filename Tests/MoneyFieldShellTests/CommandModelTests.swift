import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
@_spi(Tools) @testable import MoneyFieldShell
import Testing
import MoneyFieldIO
import MoneyFieldScripts
@_spi(Tools) import MoneyFieldCheck

/// A line is read once into a typed `Invocation`; what a recording writes of it reads back the
/// same; `new`'s options are one table whatever reads them.
@Suite struct CommandModelTests {
    /// Counted words come from one place, verbs agreeing with the count.
    @Test func countsAgreeWithTheirNounsAndVerbs() throws {
        #expect(English.count(1, "step", "differ") == "1 step differs")
        #expect(English.count(2, "later step", "also differ") == "2 later steps also differ")
        let session = try Session()
        _ = session.handle("type 1")
        #expect(session.handle("paste 7").lines.map(\.text).contains("pasted 1 digit"), "digits alone, at the caret of a field holding 1")
    }

    static let scriptFiles: [URL] = {
        let root = BuiltProgram.packageRoot.appendingPathComponent("scripts")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "session" }.sorted { $0.path < $1.path }
    }()

    /// Every command of every script, read as its session reads it, is written by `scriptLine`
    /// as a line that reads back to the same invocation.
    @Test(arguments: scriptFiles)
    func everyScriptLineReadsBackFromWhatARecordingWrites(url: URL) throws {
        let transcript = try Transcript(contentsOf: url, displayPath: url.lastPathComponent)
        let session = try Session(options: SessionOptions(isScript: true, directory: url.deletingLastPathComponent()))
        for step in transcript.steps {
            let reading = KeyReading(for: session.activeField)
            switch session.parse(step.command) {
            case .success(let line?):
                let invocation = line.invocation
                let again = try Commands.parse(invocation.scriptLine, reading: reading)
                #expect(again == invocation, "\(url.lastPathComponent):\(step.line): \(step.command) → \(invocation.scriptLine)")
                _ = session.handle(invocation)
            case .success(nil), .failure:
                _ = session.handle(step.command)
            }
        }
    }

    /// Lines for every command of the table, with generated arguments of each kind (spaces and
    /// both quotes included), each optional argument, every flag and each field option: a command
    /// that no corpus script uses is covered too.
    static let generatedLines: [String] = Commands.all.flatMap { command -> [String] in
        func samples(_ parameter: Parameter) -> [String] {
            switch parameter.kind {
            case .field: ["amount"]
            case .newName: ["x_1"]
            case .command: ["type"]
            case .keys: ["12<left><bs>"]
            case .locale: ["de_DE", "\"de DE\""]
            case .currency: ["EUR"]
            case .file: ["a.session", "\"my file's.session\"", "'say \"hi\".session'", "\"it's \"'\"'\"x\"", "off"]
            case .count: ["3"]
            case .offset: ["2"]
            case .text: parameter.isRestOfLine ? ["1 234,50 €", "\"  spaced \"", "'\"quoted\"'", "\"\""] : ["fr", "\"\"", "\"a 'b'\""]
            case .choice(let names): names
            }
        }
        var lines = [[command.name]]
        for parameter in command.parameters {
            let extended = lines.flatMap { line in samples(parameter).map { line + [$0] } }
            lines = parameter.isOptional ? lines + extended : extended
        }
        lines += lines.map { $0 + command.flags }
        if command.takesFieldOptions {
            lines += FieldOption.all.map { option in
                let value = option.kind == .flag ? [] : [option.kind == .number ? "2" : {
                    if case .choice(let names) = option.values { return names.last! } else { return "de_DE" } }()]
                return lines[0] + [option.name] + value
            }
        }
        return lines.map { $0.joined(separator: " ") }
    }

    @Test(arguments: generatedLines)
    func everyCommandReadsBackFromWhatARecordingWrites(line: String) throws {
        let invocation = try #require(try Commands.parse(line, reading: .plain))
        let written = invocation.scriptLine
        #expect(try Commands.parse(written, reading: .plain) == invocation, "\(line) → \(written)")
        if case .press = invocation {} else {
            #expect(written.hasPrefix(invocation.written.command.name + (written.contains(" ") ? " " : "")), "\(line) is written as \(written)")
        }
    }

    /// The lines generated for one command (its name first).
    static func generatedLines(of command: Command) -> [String] {
        generatedLines.filter { $0 == command.name || $0.hasPrefix(command.name + " ") }
    }

    /// What the journal and `check --replay` do with a command is its declaration's, and each
    /// generated line of it is treated so: played, passed over (the session then unchanged, so a
    /// command that changes a field cannot be passed over), or refused with the declared reason.
    @Test(arguments: Commands.all.map(\.name))
    func everyCommandIsJournaledAndReplayedAsDeclared(name: String) throws {
        let command = try #require(Commands.named(name))
        #expect((command.journal == .passes) == (command.replay == .passedOver),
                "\(name): the journal (\(command.journal)) and replay (\(command.replay)) disagree on whether it only looks")
        let lines = Self.generatedLines(of: command)
        #expect(!lines.isEmpty)
        for line in lines {
            guard (try? Commands.parse(line, reading: .plain)) != nil else { continue }
            let transcript = try Transcript(parsing: "> new a\n> \(line)\n", path: "replayed.session")
            switch command.replay {
            case .played:
                #expect(throws: Never.self, "\(line) is declared played") { _ = try Replay.sessions(in: transcript) }
            case .passedOver:
                let sessions = try Replay.sessions(in: transcript)
                #expect(sessions.count == 1 && sessions[0].keys.isEmpty, "\(line) is declared passed over")
            case .refused(let reason):
                let message: String? = {
                    do throws(CommandError) { _ = try Replay.sessions(in: transcript); return nil } catch { return error.message }
                }()
                #expect(message?.hasSuffix(reason) == true, "\(line) is declared refused (\(reason)); replay said \(message ?? "nothing")")
            }
            guard command.journal == .passes || command.replay == .passedOver else { continue }
            let session = try Session()
            for setUp in ["type 12<left>", "new b --mode natural", "type 3<dec>4", "use amount"] { _ = session.handle(setUp) }
            let before = Self.state(of: session)
            _ = session.handle(line)
            #expect(Self.state(of: session) == before, "\(line) changed the session, and the journal or replay passes over it")
        }
    }

    /// What a command that only looks must leave as it was: the fields, their undo history, which is active.
    struct SessionState: Equatable {
        var names: [String]
        var fields: [MoneyField]
        var histories: [UndoHistory<MoneyField>]
        var active: String?
    }

    static func state(of session: Session) -> SessionState {
        SessionState(names: session.fields.map(\.name), fields: session.fields.map(\.field), histories: session.fields.map(\.history),
                     active: session.activeName)
    }

    @Test(arguments: [
        ("type 12<left>", Invocation.press(KeyPress([.digit(1), .digit(2), .left], spelling: .type))),
        ("12<left>", .press(KeyPress([.digit(1), .digit(2), .left], spelling: .bare))),
        ("bs 3", .press(KeyPress([.backspace, .backspace, .backspace], spelling: .command("bs")))),
        ("home", .press(KeyPress([.home], spelling: .command("home")))),
        ("paste  1 234,50 € ", .paste("1 234,50 €")),
        ("edit 3 0 \"5 5\"", .edit(start: 3, length: 0, text: "5 5")),
        ("currency --round JPY", .currency("JPY", round: true)),
        ("locales fr --json", .locales(filter: "fr", json: true)),
        ("record off", .recordOff),
        ("record off --force", .record("off", force: true)),
        ("help", .help(nil)),
        ("exit", .quit),
    ])
    func linesReadIntoTypedValues(line: String, expected: Invocation) throws {
        #expect(try Commands.parse(line, reading: .plain) == expected)
    }

    @Test(arguments: [
        ("inspect --jsn", "unknown option \"--jsn\"; did you mean --json?; usage: inspect [--json]"),
        ("bs many", "bs takes a count from 1 to 1000, not \"many\"; usage: bs [N]"),
        ("select 1", "usage: select START LENGTH"),
        ("show me", "show takes no arguments; usage: show"),
        ("new", "usage: new NAME " + FieldOption.usage),
        ("new p --locale", "--locale needs a value; usage: new NAME " + FieldOption.usage),
        ("new p --mode whole --mode atm", "--mode is given twice; give it once"),
        ("type", "usage: type KEYS"),
    ])
    func misusedCommandsSayWhatToWrite(line: String, message: String) {
        do throws(CommandError) {
            _ = try Commands.parse(line, reading: .plain)
            Issue.record("\(line) was read")
        } catch {
            #expect(error.message == message)
        }
    }

    /// A parse error points at the word it is about, so the printer can put `^` under it.
    @Test(arguments: [
        ("  tpye 3", 2..<6), ("type 12<lfet>", 7..<13), ("type 1x", 6..<7), ("bs 2000", 3..<7), ("inspect --jsn", 8..<13),
        ("new p --mode fast", 13..<17), ("new p --speed 3", 6..<13), ("select 1 x", 9..<10), ("show me", 5..<7), ("type <bs", 5..<8),
        // A minus is a key (<neg>): the fault is the character after it, not the minus.
        ("type 5-h", 7..<8), ("type 5 --help", 9..<10), ("type −٣x", 7..<8), ("type -1-<up>", 8..<12),
    ])
    func errorsPointAtTheirWord(line: String, span: Range<Int>) {
        do throws(CommandError) {
            _ = try Commands.parse(line, reading: .plain)
            Issue.record("\(line) was read")
        } catch {
            #expect(error.span == span, "\(error.message)")
        }
    }

    /// Options written from a configuration make that configuration again.
    @Test(arguments: [
        "new a", "new a --locale ja_JP", "new a --locale de_DE --currency USD --mode whole --max-digits 20",
        "new a --mode natural --decimals 3 --max 1000 --min -5 --allow-negative --accounting --display name --empty-when-zero",
        "new a --locale=fr_FR --display=code",
    ])
    func optionsWrittenFromAConfigurationMakeItAgain(line: String) throws {
        guard case .new(_, let options)? = try Commands.parse(line, reading: .plain) else {
            Issue.record("not a new: \(line)")
            return
        }
        let configuration = try options.configuration(defaults: ("en_US", "USD"))
        let written = FieldOptions(configuration)
        #expect(try FieldOptions(parsing: written.words).configuration(defaults: ("en_US", "USD")) == configuration)
    }

    @Test func aLocaleWithoutACurrencyTakesItsOwnAsTyped() throws {
        var options = FieldOptions()
        options[\.locale] = "no_NO"
        #expect(try options.configuration(defaults: ("en_US", "USD")).currency == "NOK")
        options[\.locale] = "ja_JP"
        #expect(try options.configuration(defaults: ("en_US", "USD")).currency == "JPY")
    }

    /// In a natural field `.`, `,` and the locale's own separator type the point at the prompt, as
    /// in the kiosk and `edit`; in atm mode a line with a point says to use `set`.
    @Test func aPointAtThePromptTypesAsTheFieldsModeReadsIt() throws {
        let session = try Session()
        #expect(session.handle("12.50").text == "error: cannot type \".\" in atm mode, where digits fill the amount from the right; enter an amount with `set 12.50` (or make a --mode natural field)")
        _ = session.handle("new n --mode natural")
        #expect(session.handle("12.5").text == "n: $12.5|")
        #expect(session.handle(".").text == "n: $12.|5", "with the point standing, <dec> moves just after it")
        _ = session.handle("new d --mode natural --locale de_DE")
        #expect(session.handle("type 3,2").text == "d: 3,2|\u{A0}€")
        _ = session.handle("new e --mode natural --locale ar_EG")
        #expect(session.handle("type ٧\u{066B}٥").lines.last?.text.contains("\u{066B}٥") == true)
        _ = session.handle("new w --mode whole")
        #expect(session.handle("type 1,000").text.hasPrefix("error: cannot type \",\" in whole mode"))
    }

    /// A recording made in a session whose starting field is not en_US/USD replays a bare `new`
    /// as the field it made.
    @Test func aBareNewIsRecordedWithTheSessionsOwnLocaleAndCurrency() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let session = try Session(options: SessionOptions(locale: "de_DE", currency: "USD", directory: folder.url))
        _ = session.handle("record r.session")
        _ = session.handle("new x")
        _ = session.handle("new y --currency EUR")
        _ = session.handle("record off")
        let text = try String(contentsOf: folder.url.appendingPathComponent("r.session"), encoding: .utf8)
        #expect(text.contains("> new x --locale de_DE --currency USD\nx: 0,00|\u{A0}$\n"), "\(text)")
        #expect(text.contains("> new y --locale de_DE --currency EUR\n"), "\(text)")
        #expect(ScriptRunner().run(folder.url.appendingPathComponent("r.session"), displayPath: "r.session").passed)
    }
}

import Foundation
@testable import MoneyFieldEngine
import MoneyFieldTestSupport
@_spi(Tools) @testable import MoneyFieldShell
import Testing
import MoneyFieldIO
import MoneyFieldScripts
@_spi(Tools) import MoneyFieldCheck

/// Every command is declared once, whole: usage, summary, help, what completion offers for each
/// argument; the README's list and `help` say the same.
@Suite struct CommandDeclarationTests {
    /// The upper-case placeholders of a usage line that are positional arguments (not option values).
    static func positionalPlaceholders(_ usage: String) -> [String] {
        let firstForm = usage.components(separatedBy: " | ")[0]
        var words = firstForm.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
        words.removeFirst()
        var placeholders: [String] = []
        var afterOption = false
        for word in words {
            defer { afterOption = word.hasPrefix("--") }
            if word.hasPrefix("--") || afterOption { continue }
            if word == word.uppercased(), word.first?.isLetter == true { placeholders.append(word) }
        }
        return placeholders
    }

    /// A declaration left out of its group's list would simply not be a command: every
    /// `static let … = Command("name"` in the shell's sources is registered.
    @Test func everyDeclaredCommandIsRegistered() throws {
        let folder = BuiltProgram.packageRoot.appendingPathComponent("Sources/MoneyFieldShell/Commands")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        let declaration = /static let (\w+) = Command\(\s*"([^"]+)"/
        var declared: [String: String] = [:]
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in source.matches(of: declaration) { declared[String(match.output.2)] = "\(file): \(match.output.1)" }
        }
        #expect(declared.count >= 20, "found only \(declared.keys.sorted())")
        let registered = Set(Commands.all.map(\.name))
        for (name, place) in declared.sorted(by: { $0.key < $1.key }) {
            #expect(registered.contains(name), "\(place) declares \"\(name)\", which no group of Commands lists")
        }
    }

    @Test(arguments: Commands.all.map(\.name))
    func everyCommandIsDeclaredWhole(name: String) throws {
        let command = try #require(Commands.named(name))
        #expect(command.usage.hasPrefix(name), "usage starts with the name")
        #expect(!command.summary.isEmpty)
        #expect(command.parameters.count == Self.positionalPlaceholders(command.usage).count,
                "one completion kind per argument in \(command.usage)")
        let usageFlags = command.usage.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
            .filter { $0.hasPrefix("--") }
        let options = command.takesFieldOptions ? FieldOption.all.map(\.name) : []
        #expect(Set(usageFlags) == Set(command.flags + options), "flags in the usage are the flags completion offers")
        let help = try Session().handle("help \(name)").lines.map(\.text)
        #expect(help.first == "usage: " + command.usage)
        #expect(help.dropFirst().first == command.summary)
    }

    @Test func namesAndAliasesAreUnique() {
        let all = Commands.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(all).count == all.count)
    }

    @Test(arguments: Commands.all.map(\.name))
    func completionOffersWhatTheDeclarationSays(name: String) throws {
        let command = try #require(Commands.named(name))
        guard let first = command.parameters.first?.kind else { return }
        let session = try Session()
        let offered = Completer.completions(for: name + " ", session: session)
        switch first {
        case .field: #expect(offered == ["amount"])
        case .command: #expect(offered == Commands.names)
        case .keys: #expect(offered == KeyTable.all.map { "<\($0.name)>" })
        case .locale: #expect(offered == LocaleCatalog.identifiers)
        case .currency: #expect(offered == CurrencyCatalog.codes)
        case .choice(let words): #expect(offered == words)
        case .newName, .text, .count, .offset, .file: break
        }
    }

    /// The shell guide's table of commands, row by row, is `help`'s list.
    @Test func theShellGuideListsTheCommandsAsHelpDoes() throws {
        let readme = try String(contentsOf: BuiltProgram.packageRoot.appendingPathComponent("docs/shell.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        let expected = Commands.all.map { "| `\($0.usage.replacingOccurrences(of: "|", with: "\\|"))` | \($0.summary.replacingOccurrences(of: "|", with: "\\|")) |" }
        #expect(rows == expected, "README rows:\n\(rows.joined(separator: "\n"))\nexpected:\n\(expected.joined(separator: "\n"))")
    }

    /// The README's shell example is what the shell prints; a line cut with `...}` matches its start.
    @Test func readmeShellExampleIsWhatTheShellPrints() throws {
        let readme = try String(contentsOf: BuiltProgram.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The operator: the prompt").dropFirst().first)
        let block = section.components(separatedBy: "```")[1].split(separator: "\n").map(String.init)
        let session = try Session()
        var printed: [String] = []
        for line in block {
            if let prompt = line.range(of: "> "), line[..<prompt.lowerBound].allSatisfy(\.isLetter) {
                printed += session.handle(String(line[prompt.upperBound...])).lines.map(\.text)
            } else {
                let expected = printed.isEmpty ? "(nothing)" : printed.removeFirst()
                if line.hasSuffix("...}") {
                    #expect(expected.hasPrefix(line.dropLast(4)), "README: \(line)\nshell:  \(expected)")
                } else {
                    #expect(expected == line)
                }
            }
        }
        #expect(printed.isEmpty, "not in the README: \(printed)")
    }

    @Test func everyNamedKeyIsInTheTableOnce() throws {
        #expect(Set(Key.editingKeys).count == Key.editingKeys.count, "each key is listed once")
        #expect(!Key.editingKeys.contains { if case .digit = $0 { true } else { false } })
        // The compiler's list and the rows agree both ways: each row names its own case.
        for named in Key.Named.allCases { #expect(KeyTable.named(for: Key(named)).named == named, "\(named)") }
        for digit in 0...9 { #expect(KeyTable.named(for: .digit(UInt8(digit))).named == nil) }
        #expect(Set(KeyTable.all.map(\.name)).count == KeyTable.all.count)
        #expect(Set(KeyTable.all.map(\.words)).count == KeyTable.all.count, "check's headers tell every key apart")
        for named in KeyTable.all {
            #expect(KeyTable.key(named: named.name) == named.key)
            #expect(try KeyScript.parse(KeyScript.text(for: [named.key])) == [named.key])
            #expect(try KeyScript.parse("1<" + named.name.uppercased() + ">") == [.digit(1), named.key], "the byte reader finds <\(named.name)>")
        }
    }

    /// A key's one declaration reaches every surface: `help type`, the `type` completion, the
    /// kiosk's key list (`help kiosk`), its own command, and check's words.
    @Test(arguments: KeyTable.all.map(\.name))
    func everyKeyReachesEverySurface(name: String) throws {
        let named = try #require(KeyTable.all.first { $0.name == name })
        let session = try Session()
        #expect(session.handle("help type").text.contains("<\(name)>: \(named.help)"), "help type lacks <\(name)>")
        #expect(Completer.completions(for: "type <", session: session).contains("<\(name)>"), "completion lacks <\(name)>")
        if !named.kiosk.isEmpty {
            #expect(session.handle("help kiosk").text.contains("\(named.kioskLabel) \(name)"), "the kiosk's keys lack \(name)")
        }
        #expect((Commands.named(name) != nil) == (named.command != nil), "the key command \(name) is not as declared")
        #expect(!named.words.isEmpty)
    }

    /// A key name of any length reads as an unknown key, with no trap, whichever reader meets it.
    @Test(arguments: ["<abcdefgh>", "<selectallthedigits>", "<" + String(repeating: "x", count: 300) + ">"])
    func aLongUnknownKeyNameIsAnError(keys: String) throws {
        let session = try Session()
        #expect(session.handle("type 1" + keys).text.hasPrefix("error: unknown key"))
        #expect(session.handle("1" + keys).text.hasPrefix("error: unknown key"))
        #expect(throws: KeyScript.ParseError.self) { try KeyScript.parse(keys) }
    }

    /// Every key has a row, digits included, and a script reads back the key its row writes.
    @Test(arguments: (0...9).map { Key.digit(UInt8($0)) } + Key.editingKeys)
    func everyKeyHasARowThatWritesIt(key: Key) throws {
        let named = KeyTable.named(for: key)
        #expect(named.key == key)
        #expect(try KeyScript.parse(named.scriptText) == [key], "\(named.scriptText)")
        if case .digit(let value) = key { #expect(named.scriptText == String(value)) } else { #expect(named.scriptText == "<\(named.name)>") }
    }

    /// Every key is bound in the kiosk, or its row says why not; a bound key gives no such reason.
    @Test(arguments: (0...9).map { Key.digit(UInt8($0)) } + Key.editingKeys)
    func everyKeyIsBoundInTheKioskOrSaysWhyNot(key: Key) {
        let named = KeyTable.named(for: key)
        if named.kiosk.isEmpty {
            #expect(named.noKioskBecause.map { !$0.isEmpty } == true, "<\(named.name)> has no kiosk binding and its row says not why (noKioskBecause)")
        } else {
            #expect(named.noKioskBecause == nil, "<\(named.name)> is bound in the kiosk and still says why not")
            for keyboardKey in named.kiosk { #expect(KeyTable.key(forKiosk: keyboardKey) == key, "<\(named.name)>: \(keyboardKey) presses another key") }
        }
    }

    /// A key's class for `check`'s causes agrees with what the engine does with it and with
    /// whether its row says it edits: a class chosen wrongly fails here by the key's name.
    @Test(arguments: (0...9).map { Key.digit(UInt8($0)) } + Key.editingKeys)
    func everyKeysClassAgreesWithWhatItDoes(key: Key) {
        let named = KeyTable.named(for: key)
        let unitEdit = key.unitEdit
        let expected: Set<NamedKey.KeyClass> = switch unitEdit {
        case .digit, .zeros: [.digit]
        case .decimal: [.point]
        case .backspace, .delete: [.delete]
        case .enter: [.leave]
        case nil: key.selects ? [.select] : named.edits ? [.sign, .clear] : [.move]
        }
        #expect(expected.contains(named.keyClass), "<\(named.name)>'s row says class \(named.keyClass); what it does says \(expected)")
        let editing: Set<NamedKey.KeyClass> = [.digit, .delete, .point, .sign, .clear]
        #expect(editing.contains(named.keyClass) == named.edits, "<\(named.name)>: class \(named.keyClass), edits \(named.edits)")
    }

    /// `check` draws every key: a weight of 0 would never press it (and `--keys` would refuse it).
    @Test(arguments: (0...9).map { Key.digit(UInt8($0)) } + Key.editingKeys)
    func everyKeyHasAWeightInChecksMix(key: Key) {
        let named = KeyTable.named(for: key)
        #expect(named.weight > 0, "<\(named.name)> has check weight \(named.weight); give its row a weight above 0")
    }

    /// Help and messages name `new`'s options from the table, not by a second spelling.
    @Test func optionFlagsAreReadFromTheTable() throws {
        #expect(FieldOption[\.allowsNegative].name == "--allow-negative")
        #expect(FieldOption[\.mode].name == "--mode")
        #expect(FieldOption[\.decimals].name == "--decimals")
        // Each row reads into the one value it writes back: given alone, only its own row writes words.
        for option in FieldOption.all {
            let value = option.kind == .flag ? [] : [option.kind == .number ? "2" : {
                if case .choice(let names) = option.values { return names.last! } else { return "1" } }()]
            let options = try FieldOptions(parsing: [option.name] + value)
            #expect(FieldOption.all.filter { $0.written(options) != nil }.map(\.name) == [option.name])
            #expect(FieldOption.option(for: option.setting)?.name == option.name)
        }
        #expect(KeyTable.named(for: .minus).help.hasSuffix("(fields made with --allow-negative)"))
    }

    /// An embedder may name a key path that is no stored setting: its words name the path, no trap.
    @Test func aSettingWithoutAnOptionIsNamedAsTheEngineNamesIt() {
        let nested = FieldSetting(\.locale.utf8.count)
        #expect(FieldOption.option(for: nested) == nil)
        #expect(nested.option == nested.description)
        #expect(!nested.option.isEmpty)
        #expect(SettingRemedy(\.locale.utf8.count).words == " (\(nested.description))")
        #expect(SettingRemedy(\.maxDigits, "15").words == " (create it with --max-digits 15)")
    }
}

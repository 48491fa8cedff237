import Foundation
@_spi(Tools) import MoneyFieldCheck
@_spi(Benchmarks) import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import MoneyFieldTestSupport
import Testing

/// Every setting of `new` reaches every surface by its one row (issue 35): `inspect --json` names
/// it under the protocol's name, at its default too, and that object, sent as check's `new`
/// request, makes the same field again; `help new` and completion know its flag.
@Suite struct SettingSurfaceTests {
    static let fields = [
        "new a",
        "new b --locale de_DE --currency EUR --mode natural --decimals 3 --max-digits 9 --max 5000 --min -20 --allow-negative --display code",
        "new c --mode whole --empty-when-zero --emptiable at-zero --empty-shows symbol",
        "new d --mode natural --starts-empty --point-again ignore --on-leave keep --on-focus trim --emptiable last-digit --empty-shows symbol-when-focused",
        "new e --accounting --display narrow",
        "new f --mode natural --while-typing pad",
    ]

    @Test(arguments: fields)
    func inspectJSONCarriesEverySettingAndMakesTheFieldAgain(_ command: String) throws {
        let session = try Session()
        _ = session.handle(command)
        let json = session.handle("inspect --json").lines.map(\.text).joined()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let new = try #require(object["new"] as? [String: Any], "no new object: \(json)")
        for option in FieldOption.all {
            #expect(new.keys.contains(option.jsonKey), "inspect --json lacks \(option.jsonKey) (\(option.name))")
        }
        #expect(new.count == FieldOption.all.count, "keys no option has: \(Set(new.keys).subtracting(FieldOption.all.map(\.jsonKey)))")
        // Sent as the protocol's `new`, it is the same field.
        let request = try JSONDecoder().decode([String: RequestValue].self, from: JSONSerialization.data(withJSONObject: new))
        let remade = try FieldOptions(request: request).configuration(defaults: ("en_US", "USD"))
        let made = try FieldOptions(parsing: Array(command.split(separator: " ").dropFirst(2).map(String.init)))
            .configuration(defaults: ("en_US", "USD"))
        #expect(remade == made, "\(command)")
    }

    /// A value other than the default for each option: its next choice, a flag given, or one
    /// written here. A new setting of another kind fails here by name until it has one.
    static func sample(for option: FieldOption) -> [String]? {
        switch option.values {
        case .choice(let names):
            let current = option.json(FieldSettings())
            return names.first { JSON.string($0) != current }.map { [$0] }
        default:
            if option.kind == .flag { return [] }
            return ["--locale": ["de_DE"], "--currency": ["EUR"], "--decimals": ["3"], "--max-digits": ["9"],
                    "--max": ["5000"], "--min": ["20"]][option.name]
        }
    }

    /// Every setting, set alone to a value other than its default, reaches each surface from its
    /// row: the engine's settings, `new`'s write-back (read again, the same field), `inspect`'s line,
    /// `inspect --json`, check's `new` request (and `vectors`', the same plan) — and it is part of
    /// the engine's `FormatKey` exactly when its row says it changes the format.
    @Test func everySettingReachesEverySurface() throws {
        let plain = try FieldOptions().configuration(defaults: ("en_US", "USD"))
        for option in FieldOption.all {
            let value = try #require(Self.sample(for: option), "no sample value for \(option.name): add one to SettingSurfaceTests.sample")
            let words = [option.name] + value
            let options = try FieldOptions(parsing: words)
            let configuration = try options.configuration(defaults: ("en_US", "USD"))
            #expect(configuration.settings != plain.settings, "\(words) does not reach the engine's settings")
            #expect(!option.isDefault(configuration.settings), "\(words) reads as \(option.name)'s default")
            // Written back and read again: the same field.
            let again = try FieldOptions(parsing: FieldOptions(configuration).words).configuration(defaults: ("en_US", "USD"))
            #expect(again == configuration, "\(words) does not survive new's write-back: \(FieldOptions(configuration).words)")
            // inspect and inspect --json.
            let session = try Session()
            _ = session.handle((["new x"] + words).joined(separator: " "))
            let inspect = session.handle("inspect").lines.map(\.text)
            let line = try #require(inspect.first { $0.hasPrefix("  \(option.name): ") }, "inspect has no line for \(option.name)")
            #expect(line != "  " + option.inspectLine(plain), "inspect's \(option.name) line shows the default: \(line)")
            let json = session.handle("inspect --json").lines.map(\.text).joined()
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let new = try #require(object["new"] as? [String: Any])
            #expect("\(new[option.jsonKey] ?? "missing")" != "\(option.json(plain.settings))", "inspect --json's \(option.jsonKey) shows the default")
            // check's request: sent whenever it is not the default.
            let request = try CheckPlan.configurations(for: options).map { try $0.request() }
            #expect(request.allSatisfy { $0.contains("\"\(option.jsonKey)\":") }, "check's new request lacks \(option.jsonKey): \(request)")
            // The format cache's key.
            let changesKey = configuration.formatKey != plain.formatKey
            #expect(changesKey == option.changesFormat, "\(option.name): changesFormat is \(option.changesFormat), FormatKey changes: \(changesKey)")
        }
    }

    /// A setting's format effect is stated once (issue 48): `FormatKey` keeps the settings that
    /// change the format, `CurrencyFormat` applies them, and natural mode's formats are the key
    /// copied whole. Each setting whose row changes the format, set alone, changes what the same
    /// keys show wherever it changes the key: in every mode, and in natural mode with a bare point
    /// and a typed fraction. A setting the format does not apply fails here by name (one the key
    /// leaves out fails `everySettingReachesEverySurface`).
    @Test func formatSettingsReachEveryDisplay() throws {
        for option in FieldOption.all where option.changesFormat {
            let value = try #require(Self.sample(for: option), "no sample value for \(option.name)")
            // CAD, whose symbol and narrow symbol differ in en_US (`CA$`, `$`).
            let currency = option.setting == FieldSetting(\.currency) ? [] : ["--currency", "CAD"]
            var changed = try FieldOptions(parsing: currency + [option.name] + value).settings
            changed.allowsNegative = true
            let isMode = option.setting == FieldSetting(\.mode)
            for mode in isMode ? [changed.mode] : EntryMode.allCases {
                var plain = FieldSettings()
                plain.currency = "CAD"
                plain.allowsNegative = true
                if !isMode {
                    plain.mode = mode
                    changed.mode = mode
                }
                let with = try FieldConfiguration(changed)
                let without = try FieldConfiguration(plain)
                // Natural mode shows the fraction typed: there only the key's settings tell formats apart.
                let natural = mode == .natural
                guard natural ? with.formatKey.settings != without.formatKey.settings : with.formatKey != without.formatKey else { continue }
                let scripts = natural ? ["<neg>1234567", "<neg>1234567<dec>", "<neg>1234567<dec>8"] : ["<neg>1234567"]
                for script in scripts {
                    var a = MoneyField(with)
                    var b = MoneyField(without)
                    try type(script, into: &a)
                    try type(script, into: &b)
                    let label = "\(option.name) \(value.joined(separator: " ")) --mode \(mode), type \(script)"
                    #expect(a.display != b.display, "\(label): shows \(VisibleText.escaped(a.display)) as without it: the format does not apply it")
                }
            }
        }
    }

    /// The browser adapter (Python, which the compiler does not see) knows every setting's default
    /// under its protocol name: a page configured without one then supports only that default.
    @Test func theBrowserAdapterKnowsEverySettingsDefault() throws {
        let url = BuiltProgram.packageRoot.appendingPathComponent("Examples/Adapters/browser/adapter.py")
        let source = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(source.range(of: "REQUEST_DEFAULTS = {"))
        let end = try #require(source.range(of: "}", range: start.upperBound..<source.endIndex))
        let table = source[start.upperBound..<end.lowerBound]
        let named = Set(table.split(separator: ",").compactMap { $0.split(separator: ":").first?.filter { $0.isLetter } })
        let settings = Set(FieldOption.all.map(\.jsonKey)).subtracting(["locale", "currency"])
        #expect(named == settings, "adapter.py's REQUEST_DEFAULTS lacks \(settings.subtracting(named)), has \(named.subtracting(settings))")
    }

    /// A command's flags are `CommandFlag` cases: spelled in one place, which every declaration,
    /// write-back and message reads.
    @Test func everyCommandFlagIsDeclaredOnce() {
        for command in Commands.all {
            for flag in command.flags { #expect(CommandFlag(rawValue: flag) != nil, "\(command.name) takes \(flag), which CommandFlag lacks") }
        }
        #expect(Set(Commands.all.flatMap(\.flags)) == Set(CommandFlag.allCases.map(\.spelling)), "a CommandFlag no command takes")
    }

    @Test func helpAndCompletionKnowEveryFlag() throws {
        let session = try Session()
        let help = session.handle("help new").lines.map(\.text).joined(separator: "\n")
        for option in FieldOption.all {
            #expect(help.contains(option.name), "help new lacks \(option.name)")
            #expect(Completer.completions(for: "new x \(option.name.dropLast())", session: session).contains(option.name), "completion lacks \(option.name)")
        }
    }
}

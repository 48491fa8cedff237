import Foundation
@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
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

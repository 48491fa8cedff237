import Foundation
import MoneyFieldShell
import MoneyFieldTestSupport
import Testing

/// Adapters outside Swift name the protocol's keys: `moneyfield adapter --keys` prints them from
/// the key rows, and each adapter here is held to that list, so a new key or a renamed one fails
/// a test by the adapter's name.
@Suite struct AdapterKeysTests {
    static let adapters = BuiltProgram.packageRoot.appendingPathComponent("Examples/Adapters")

    static func binaryKeys() throws -> [String] {
        let outcome = try BuiltProgram.run(["adapter", "--keys"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try JSONDecoder().decode([String].self, from: Data(outcome.stdout.utf8))
    }

    @Test func adapterKeysPrintsEveryRowDigitsFirst() throws {
        let keys = try Self.binaryKeys()
        #expect(keys == KeyTable.protocolNames)
        #expect(keys.prefix(10) == ArraySlice((0...9).map(String.init)))
        #expect(keys.dropFirst(10) == ArraySlice(KeyTable.all.map(\.name)))
    }

    /// The browser adapter's KEYS table says how a browser presses each key: one entry per key
    /// the binary names, none for a key it does not.
    @Test func theBrowserAdapterPressesEveryKeyTheBinaryNames() throws {
        let folder = Self.adapters.appendingPathComponent("browser").path
        // Imported, not run: the module reads nothing and starts nothing until main.
        let python = try BuiltProgram.bash(
            "python3 -c 'import json, sys; sys.path.insert(0, sys.argv[1]); import adapter; print(json.dumps(sorted(adapter.KEYS)))' '\(folder)'",
            in: Self.adapters)
        #expect(python.status == 0, "\(python.stderr)")
        let table = Set(try JSONDecoder().decode([String].self, from: Data(python.stdout.utf8)))
        let keys = Set(try Self.binaryKeys())
        #expect(keys.subtracting(table).sorted() == [], "Examples/Adapters/browser/adapter.py's KEYS lacks these keys")
        #expect(table.subtracting(keys).sorted() == [], "Examples/Adapters/browser/adapter.py's KEYS names keys the binary does not")
    }

    /// The small example adapters answer `unsupported` to keys they do not model; every key they
    /// do model (`key == "bs"`) is one the binary names.
    @Test(arguments: ["natural_bug.py", "python_format.py", "seed000_double.py", "seed001_gbp.py", "seed003_whole.py"])
    func anExampleAdapterNamesOnlyKeysTheBinaryNames(file: String) throws {
        let text = try String(contentsOf: Self.adapters.appendingPathComponent(file), encoding: .utf8)
        let keys = Set(try Self.binaryKeys())
        let regex = try NSRegularExpression(pattern: #"key\s*(?:==|!=)\s*"([^"]*)"|key\s+in\s+\(([^)]*)\)"#)
        var named: [String] = []
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            for group in 1...2 {
                guard let range = Range(match.range(at: group), in: text) else { continue }
                named += text[range].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"'")) }
            }
        }
        #expect(!named.isEmpty, "\(file) names no key as `key == \"…\"`: the test reads nothing")
        for name in named { #expect(keys.contains(name), "\(file) names \"\(name)\", which is no key of `moneyfield adapter --keys`") }
    }
}

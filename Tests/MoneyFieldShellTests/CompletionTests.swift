import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing
import MoneyFieldIO
import MoneyFieldScripts
@_spi(Tools) import MoneyFieldCheck

/// Tab completion, as the prompt offers it: the text before the cursor in, candidates out.
@Suite struct CompletionTests {
    /// A session with a second field, `price`, active.
    static func session() throws -> Session {
        let session = try Session(options: SessionOptions(directory: URL(fileURLWithPath: "/scripts")))
        _ = session.handle("new price --locale de_DE --currency EUR")
        return session
    }

    static let keyNames = KeyTable.all.map { "<\($0.name)>" }

    /// The keys whose `<name>` starts with `prefix` (any case), from the key rows: a new key that
    /// shares a prefix changes what completion offers, and these expectations follow it.
    static func keyNames(_ prefix: String) -> [String] { keyNames.filter { $0.hasPrefix(prefix.lowercased()) } }

    @Test(arguments: [
        ("inspe", ["inspect"]),
        ("", Commands.names),
        ("re", ["rename", "redo", "record"]),
        ("xyz", []),
        ("use ", ["amount", "price"]),
        ("use p", ["price"]),
        ("drop am", ["amount"]),
        ("kiosk ", ["amount", "price"]),
        ("rename pr", ["price"]),
        ("rename price ", []),
        ("use price ", []),
        ("help cu", ["currency", "currencies"]),
        ("type <l", keyNames("<l")),
        ("type 12<r", keyNames("<r")),
        ("type <bs><h", keyNames("<h")),
        ("type <L", keyNames("<L")),
        ("type ", keyNames),
        ("type 12", keyNames),
        ("12<le", keyNames("<le")),
        ("<c", keyNames("<c")),
        ("new cash --", ["--locale", "--currency", "--mode", "--decimals", "--max-digits", "--max", "--min", "--allow-negative", "--accounting", "--display", "--grouping", "--empty-when-zero", "--emptiable", "--empty-shows", "--starts-empty", "--point-again", "--on-leave", "--on-focus", "--while-typing"]),
        ("new cash --m", ["--mode", "--max-digits", "--max", "--min"]),
        ("new cash --locale de_DE --l", []),
        ("new cash --allow-negative --a", ["--accounting"]),
        ("new cash --allow-negative ", ["--locale", "--currency", "--mode", "--decimals", "--max-digits", "--max", "--min", "--accounting", "--display", "--grouping", "--empty-when-zero", "--emptiable", "--empty-shows", "--starts-empty", "--point-again", "--on-leave", "--on-focus", "--while-typing"]),
        ("new cash --mode ", ["atm", "whole", "natural"]),
        ("new cash --mode w", ["whole"]),
        ("new cash --currency EU", ["EUR"]),
        ("new cash --currency=EU", ["--currency=EUR"]),
        ("new cash --max ", []),
        ("new ", []),
        ("currency EU", ["EUR"]),
        ("currency eu", ["EUR"]),
        ("currency --r", ["--round"]),
        ("currency JPY --", ["--round"]),
        ("currency JPY --round ", []),
        ("currency JPY ", ["--round"]),
        ("inspect ", ["--json"]),
        ("inspect --json ", []),
        ("bs ", []),
        ("show ", []),
        // After `;` outside quotes, the next command is being typed; inside quotes it is one word.
        ("type 1; dr", ["drop"]),
        ("type 1; new cash --mode w", ["whole"]),
        ("new \"a;b\" --mo", ["--mode"]),
    ])
    func candidates(line: String, expected: [String]) throws {
        #expect(Completer.completions(for: line, session: try Self.session()) == expected, "line: \"\(line)\"")
    }

    @Test(arguments: ["locale de_", "new cash --locale de_", "new cash --locale=de_"])
    func localeIdentifiers(line: String) throws {
        let candidates = Completer.completions(for: line, session: try Self.session())
        let prefix = line.hasSuffix("=de_") ? "--locale=" : ""
        #expect(candidates.contains(prefix + "de_DE"))
        #expect(candidates.contains(prefix + "de_CH"))
        #expect(candidates.allSatisfy { $0.hasPrefix(prefix + "de_") })
    }

    @Test func localeIdentifiersIgnoreCaseOnlyWhenNothingElseFits() throws {
        let candidates = Completer.completions(for: "locale DE_d", session: try Self.session())
        #expect(candidates == ["de_DE"])
    }

    @Test func everyCurrencyCodeAfterCurrency() throws {
        let candidates = Completer.completions(for: "currency ", session: try Self.session())
        #expect(candidates == CurrencyCatalog.codes)
        #expect(candidates.contains("USD") && candidates.contains("JPY"))
    }

    @Test func fieldNamesFollowTheSession() throws {
        let session = try Self.session()
        _ = session.handle("rename amount total")
        _ = session.handle("new tip")
        #expect(Completer.completions(for: "use ", session: session) == ["total", "price", "tip"])
        _ = session.handle("drop price")
        #expect(Completer.completions(for: "use t", session: session) == ["total", "tip"])
    }

    // MARK: Files for record and source

    static let folders: [String: [(name: String, isFolder: Bool)]] = [
        "/scripts": [("b.session", false), ("a.session", false), ("notes.txt", false), ("eu", true), (".hidden.session", false),
                     ("my file.session", false)],
        "/scripts/eu": [("de.session", false), ("fr.session", false)],
    ]

    static func list(_ folder: URL) -> [(name: String, isFolder: Bool)]? {
        folders[folder.standardizedFileURL.path]
    }

    @Test(arguments: [
        ("source ", ["a.session", "b.session", "eu/", "\"my file.session\""]),
        ("source e", ["eu/"]),
        ("source eu/", ["eu/de.session", "eu/fr.session"]),
        ("source eu/f", ["eu/fr.session"]),
        ("source .", [".hidden.session"]),
        ("source nowhere/", []),
        ("record ", ["off", "a.session", "b.session", "eu/", "\"my file.session\""]),
        // Quotes are read as the line reads them: a quoted word with spaces is one argument.
        ("source my", ["\"my file.session\""]),
        ("source \"my f", ["\"my file.session\""]),
        ("source 'my", ["'my file.session'"]),
        ("record \"a b.session\" ", ["--force"]),
        ("locales \"x y\" --j", ["--json"]),
        ("record o", ["off"]),
        ("record a.session ", ["--force"]),
    ])
    func files(line: String, expected: [String]) throws {
        let completion = Completer.complete(line, session: try Self.session(), listFolder: Self.list)
        #expect(completion.candidates == expected, "line: \"\(line)\"")
    }

    // MARK: What Tab does

    @Test(arguments: [
        ("inspe", Completion.Action.insert(replacing: 5, text: "inspect ")),
        ("re", .list(["rename", "redo", "record"])),
        ("cu", .insert(replacing: 2, text: "currenc")),
        ("xyz", .none),
        ("type 12<l", .insert(replacing: 2, text: "<left>")),
        ("type 12", .insert(replacing: 0, text: "<")),
        ("type 12<", .list(keyNames)),
        ("currency eu", .insert(replacing: 2, text: "EUR ")),
        ("currency e", .insert(replacing: 1, text: "E")),
        ("use ", .list(["amount", "price"])),
        ("new cash --mode w", .insert(replacing: 1, text: "whole ")),
    ])
    func tab(line: String, expected: Completion.Action) throws {
        #expect(Completer.complete(line, session: try Self.session()).action == expected, "line: \"\(line)\"")
    }

    @Test func aQuotedFileIsInsertedInPlaceOfTheWordAsTyped() throws {
        let completion = Completer.complete("source \"my", session: try Self.session(), listFolder: Self.list)
        #expect(completion.action == .insert(replacing: 3, text: "\"my file.session\" "))
        #expect(Completer.complete("source my", session: try Self.session(), listFolder: Self.list).action == .insert(replacing: 2, text: "\"my file.session\" "))
        #expect(Commands.split(commandLine: "record \"a;b\"; show").map(\.command) == ["record \"a;b\"", " show"])
    }

    /// What Tab replaces is always the end of the line as typed (the fuzzer found `"type"1`
    /// completing as if it read `type1`): a quoted command name or keys with quotes offer nothing.
    @Test(arguments: ["ty\"pe\"1", "\"ty", "type 1\"<l\"", "new x \"--mo", "inspect '--j"])
    func completionReplacesTheLineAsTyped(line: String) throws {
        let completion = Completer.complete(line, session: try Self.session(), listFolder: Self.list)
        #expect(line.hasSuffix(completion.word), "\(line) → \(completion.word)")
        for candidate in completion.candidates where !completion.word.isEmpty {
            #expect(candidate.hasPrefix(completion.word) || !completion.word.hasPrefix("\"") && !completion.word.hasPrefix("'"), "\(candidate)")
        }
    }

    @Test func aFolderIsNotFollowedByASpace() throws {
        let completion = Completer.complete("source e", session: try Self.session(), listFolder: Self.list)
        #expect(completion.action == .insert(replacing: 1, text: "eu/"))
    }

    @Test func replacingCountsUnicodeScalarsAsLibeditDoes() {
        // libedit deletes wide characters: `é` typed as e + combining accent is two.
        let completion = Completion(word: "cafe\u{301}", candidates: ["cafe\u{301}s"])
        #expect(completion.action == .insert(replacing: 5, text: "cafe\u{301}s "))
    }
}

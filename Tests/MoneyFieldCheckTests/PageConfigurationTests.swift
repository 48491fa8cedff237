import Foundation
@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import MoneyFieldTestSupport
import Testing

/// `--page`'s parts that start no program: the page's configuration as `fit` writes it and
/// `check --page` reads it, where it is stored, the adapter's command and where it is found.
@Suite struct PageConfigurationTests {
    static func options(_ words: [String]) throws -> FieldOptions { try FieldOptions(parsing: words) }

    /// What fit calls: the file is the `new` request the configuration makes (no `op`), and reads
    /// back as the same options; a second write replaces it whole and leaves no temporary beside it.
    @Test func aWrittenConfigurationReadsBackAsItsOptions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fitted = try Self.options(["--locale", "en_US", "--currency", "USD", "--mode", "natural", "--starts-empty",
                                       "--emptiable", "last-digit", "--empty-shows", "symbol-when-focused", "--point-again", "ignore"])
        let configuration = try fitted.configuration(defaults: (locale: "en_US", currency: "USD"))
        let path = folder.url.appendingPathComponent("state/moneyfield/pages/p.json").path
        try PageConfiguration.write(configuration, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(AdapterRequest.new(configuration).line == "{\"op\":\"new\"," + text.dropFirst().dropLast())
        let read = try #require(try PageConfiguration.options(in: path))
        // The request carries --max-digits always: read back, it is pinned with the rest.
        #expect(read.words == ["--locale", "en_US", "--currency", "USD", "--mode", "natural", "--max-digits", "12", "--emptiable", "last-digit",
                               "--empty-shows", "symbol-when-focused", "--starts-empty", "--point-again", "ignore"])
        #expect(try read.configuration(defaults: (locale: "de_DE", currency: "EUR")) == configuration)

        let whole = try Self.options(["--locale", "de_DE", "--currency", "EUR", "--mode", "whole"]).configuration(defaults: (locale: "en_US", currency: "USD"))
        try PageConfiguration.write(whole, to: path)
        #expect(try PageConfiguration.options(in: path)?.words == ["--locale", "de_DE", "--currency", "EUR", "--mode", "whole", "--max-digits", "12"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: PathNameless.folder(of: path)) == ["p.json"])
    }

    /// A hand-written configuration: one object is the field's options; a list, or a list of
    /// values, names several fields (nil: the command line chooses); anything else is refused by name.
    @Test func aHandWrittenConfigurationIsReadOrRefusedByName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let one = try folder.file("one.json", #"{"mode": "whole", "locale": "en_US", "currency": "USD", "display": "symbol"}"#)
        #expect(try PageConfiguration.options(in: one.path)?.words == ["--locale", "en_US", "--currency", "USD", "--mode", "whole", "--display", "symbol"])
        let several = try folder.file("several.json", #"[{"mode": "whole"}, {"mode": "atm"}]"#)
        #expect(try PageConfiguration.options(in: several.path) == nil)
        let choices = try folder.file("choices.json", #"{"mode": "whole", "emptiable": ["at-zero", "last-digit"]}"#)
        #expect(try PageConfiguration.options(in: choices.path) == nil)
        let broken = try folder.file("broken.json", #"{"mode": "#)
        #expect(throws: CommandError.self) { try PageConfiguration.options(in: broken.path) }
        let wrong = try folder.file("wrong.json", #"{"mode": "sideways"}"#)
        do {
            _ = try PageConfiguration.options(in: wrong.path)
            Issue.record("a mode no field has was read")
        } catch {
            #expect(error.message.hasPrefix("the page's configuration \"\(wrong.path)\": "), "\(error.message)")
        }
        do {
            _ = try PageConfiguration.options(in: folder.url.appendingPathComponent("none.json").path)
            Issue.record("a missing file was read")
        } catch {
            #expect(error.message.contains("none.json: no such file"), "\(error.message)")
        }
    }

    /// Options given are pinned over the page's; a locale or currency given takes neither from it.
    @Test func givenOptionsStandOverThePages() throws {
        let page = try Self.options(["--locale", "en_US", "--currency", "USD", "--mode", "natural", "--starts-empty"])
        let merged = try PageConfiguration.merged(try Self.options(["--mode", "whole"]), over: page)
        #expect(merged.words == ["--locale", "en_US", "--currency", "USD", "--mode", "whole", "--starts-empty"])
        let otherLocale = try PageConfiguration.merged(try Self.options(["--locale", "de_DE"]), over: page)
        #expect(otherLocale.words == ["--locale", "de_DE", "--mode", "natural", "--starts-empty"])
        #expect(try PageConfiguration.merged(FieldOptions(), over: page).words == page.words)
    }

    /// One file per page and selector, under $XDG_STATE_HOME (else ~/.local/state), the same every run.
    @Test func aPagesConfigurationIsStoredPerPageAndSelector() throws {
        let page = PageTarget.file(absolutePath: "/srv/shop/checkout page.html")
        let state = ["XDG_STATE_HOME": "/state", "HOME": "/home/qa"]
        let file = try #require(PageConfiguration.storedFile(for: page, selector: "#amount", environment: state))
        #expect(file.hasPrefix("/state/moneyfield/pages/checkoutpage.html-") && file.hasSuffix(".json"), "\(file)")
        #expect(PageConfiguration.storedFile(for: page, selector: "#amount", environment: state) == file)
        #expect(PageConfiguration.storedFile(for: page, selector: "#tip", environment: state) != file)
        #expect(PageConfiguration.storedFile(for: .url("http://localhost:3000/checkout"), selector: "#amount", environment: state) != file)
        let home = try #require(PageConfiguration.storedFile(for: page, selector: "#amount", environment: ["HOME": "/home/qa"]))
        #expect(home == "/home/qa/.local/state/moneyfield/pages/" + PathNameless.last(of: file))
        #expect(PageConfiguration.storedFile(for: page, selector: "#amount", environment: [:]) == nil)
    }

    /// `sh` reads every word back as itself: bare where nothing in it means anything to sh.
    @Test func shellWordsAreQuotedOnlyWhereShWouldReadThemOtherwise() {
        #expect(ShellWord.quoted("/usr/bin/python3") == "/usr/bin/python3")
        #expect(ShellWord.quoted("http://localhost:3000/checkout") == "http://localhost:3000/checkout")
        #expect(ShellWord.quoted("#amount") == "'#amount'")
        #expect(ShellWord.quoted("my page's.html") == #"'my page'\''s.html'"#)
        #expect(ShellWord.quoted("$HOME;`x`") == "'$HOME;`x`'")
        #expect(ShellWord.quoted("") == "''")
        let command = BrowserAdapterCommand(python: "/usr/bin/python3", script: "/p/adapter.py", arguments: ["/a b.html", "--selector", "#gift"])
        #expect(command.shellCommand == "/usr/bin/python3 /p/adapter.py '/a b.html' --selector '#gift'")
    }

    /// Installed, the adapter is under the prefix's share/; in a repository's build, in Examples/.
    @Test func theAdapterIsLookedForBesideTheBinaryThenInTheRepository() throws {
        let places = BrowserAdapterLocation.candidates(executable: "/opt/mf/bin/moneyfield")
        #expect(places.first == "/opt/mf/share/moneyfield/browser/adapter.py")
        #expect(BrowserAdapterLocation.candidates(executable: "/r/.build/x86_64-unknown-linux-gnu/debug/moneyfield")
            .contains("/r/Examples/Adapters/browser/adapter.py"))
        do {
            _ = try BrowserAdapterLocation.find(executable: "/nowhere/bin/moneyfield", environment: [:])
            Issue.record("an adapter was found where there is none")
        } catch {
            #expect(error.message.contains("/nowhere/share/moneyfield/browser/adapter.py"), "\(error.message)")
            #expect(error.message.contains("scripts/install PREFIX"), "\(error.message)")
        }
    }
}

/// Path parts for the expectations above, without linking NSString.
private enum PathNameless {
    static func folder(of path: String) -> String { String(path[..<path.lastIndex(of: "/")!]) }
    static func last(of path: String) -> String { String(path[path.index(after: path.lastIndex(of: "/")!)...]) }
}

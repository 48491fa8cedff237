import Foundation
@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import MoneyFieldTestSupport
import Testing
@testable import moneyfield

/// `check --page` and `vectors --page` as a user types them: the browser adapter's command, the
/// page's configuration, and the errors. The adapter here is a stand-in (MONEYFIELD_BROWSER_ADAPTER)
/// that writes down its arguments and the requests it gets and passes them to `moneyfield adapter`,
/// so no browser runs; Examples/Adapters/browser/ci.sh runs the real one from an installed copy.
@Suite struct PageOptionTests {
    /// A page file with a space and both quotes in its name, the stand-in adapter, and a state folder.
    struct Setup {
        let folder: TemporaryFolder
        let page: URL
        let environment: [String: String]

        init() throws {
            folder = try TemporaryFolder()
            page = try folder.file("my \"odd\" page's.html", "<input id=\"amount\">\n")
            let adapter = try folder.file("stand-in adapter.py", """
                import json, os, subprocess, sys
                here = os.path.dirname(os.path.abspath(__file__))
                with open(os.path.join(here, "argv.json"), "w") as f:
                    json.dump(sys.argv[1:], f)
                child = subprocess.Popen([os.environ["MONEYFIELD_UNDER_TEST"], "adapter"], stdin=subprocess.PIPE)
                forced = os.environ.get("FORCED_NEW", "").encode()
                with open(os.path.join(here, "requests.jsonl"), "w") as log:
                    for line in sys.stdin.buffer:
                        log.write(line.decode())
                        log.flush()
                        if forced and line.startswith(b'{"op":"new"'):
                            line = forced + b"\\n"
                        child.stdin.write(line)
                        child.stdin.flush()
                child.stdin.close()
                sys.exit(child.wait())

                """)
            guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
            environment = ["MONEYFIELD_BROWSER_ADAPTER": adapter.path, "MONEYFIELD_UNDER_TEST": binary.path,
                           "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> BuiltProgram.Outcome {
            try BuiltProgram.run(arguments, directory: folder.url, environment: environment.merging(extra) { $1 }, timeout: 120)
        }

        func argv() throws -> [String] {
            try JSONDecoder().decode([String].self, from: Data(contentsOf: folder.url.appendingPathComponent("argv.json")))
        }

        func firstRequest() throws -> String {
            try String(contentsOf: folder.url.appendingPathComponent("requests.jsonl"), encoding: .utf8)
                .split(separator: "\n").first.map(String.init) ?? ""
        }
    }

    /// Every word reaches the adapter as given, through `sh -c`: a page named with a space and
    /// both quotes, a selector with a `#`, a space and a quote, and the options that pass through.
    @Test func thePageAndItsOptionsReachTheAdapterWordForWord() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let selector = "#amount, input[name='a b']"
        let outcome = try setup.run(["check", "--page", PathNameless.last(of: setup.page.path), "--selector", selector, "--settle", "sync",
                                     "--setup", "set up.js", "--chromium", "/opt/my chromium", "--locale", "en_US", "--currency", "USD",
                                     "--sessions", "3", "--steps", "5"])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.hasSuffix("checked 3 of 3 sessions, 15 keys: 0 disagreements\n"), "\(outcome.stdout)")
        #expect(try setup.argv() == [setup.page.path, "--selector", selector, "--settle", "sync", "--chromium", "/opt/my chromium",
                                     "--setup", setup.folder.url.appendingPathComponent("set up.js").path])
    }

    /// The page's configuration, as `fit` stores it (`PageConfiguration.write` to the page's file
    /// under $XDG_STATE_HOME): `check --page` with no field option passes it to the adapter as
    /// --config and plays its field; an option given is pinned over it; `vectors --page` prints its field's sessions.
    @Test func aStoredConfigurationIsTheFieldCheckAndVectorsPlay() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let stored = try #require(PageConfiguration.storedFile(for: .file(absolutePath: setup.page.path), selector: "#amount", environment: setup.environment))
        let fitted = try FieldOptions(parsing: ["--locale", "de_DE", "--currency", "EUR", "--mode", "whole", "--emptiable", "at-zero"])
        try PageConfiguration.write(try fitted.configuration(defaults: (locale: "en_US", currency: "USD")), to: stored)

        let outcome = try setup.run(["check", "--page", setup.page.path, "--selector", "#amount", "--sessions", "2", "--steps", "5"])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(try setup.argv() == [setup.page.path, "--selector", "#amount", "--config", stored])
        let request = try setup.firstRequest()
        #expect(request.contains(#""locale":"de_DE","currency":"EUR","mode":"whole""#) && request.contains(#""emptiable":"at-zero""#), "\(request)")
        #expect(outcome.stderr.contains("note: the page's configuration is \(stored): --locale de_DE --currency EUR --mode whole --max-digits 12 --emptiable at-zero"),
                "\(outcome.stderr)")

        let pinned = try setup.run(["check", "--page", setup.page.path, "--selector", "#amount", "--mode", "atm", "--sessions", "1", "--steps", "2"])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(try setup.firstRequest().contains(#""locale":"de_DE","currency":"EUR","mode":"atm""#))

        // Another selector is another input of the page: nothing stored for it.
        let other = try setup.run(["vectors", "--page", setup.page.path, "--selector", "#tip", "--sessions", "1", "--steps", "1"])
        #expect(other.status == 2)
        #expect(other.stderr.contains("no configuration for the page") && other.stderr.contains("--page-config FILE"), "\(other.stderr)")
        let vectors = try setup.run(["vectors", "--page", setup.page.path, "--selector", "#amount", "--sessions", "1", "--steps", "1"])
        #expect(vectors.status == 0, "\(vectors.stderr)")
        #expect(vectors.stdout.hasPrefix(#"{"config":{"#) && vectors.stdout.contains(#""locale":"de_DE""#), "\(vectors.stdout)")
    }

    /// `fit --page` itself: the adapter runs with `--as-is` (here a field of its own, whatever
    /// `new` asks), the line found is printed and stored where `check --page` reads it, and that
    /// check, given no field option, plays the fitted field and agrees throughout.
    @Test func fitPageRunsTheAdapterAsIsAndStoresWhatCheckPageThenPlays() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let forced = ["FORCED_NEW": FitProgramTests.forced]
        let fit = try setup.run(["fit", "--page", setup.page.path, "--selector", "#amount", "--locale", "en_US", "--currency", "USD",
                                 "--sessions", "20", "--steps", "20"], environment: forced)
        #expect(fit.status == 0, "\(fit.stdout)\(fit.stderr)")
        #expect(fit.stdout.split(separator: "\n").first.map(String.init) == FitProgramTests.line, "\(fit.stdout)")
        #expect(try setup.argv() == [setup.page.path, "--selector", "#amount", "--as-is"])
        let stored = try #require(PageConfiguration.storedFile(for: .file(absolutePath: setup.page.path), selector: "#amount", environment: setup.environment))
        #expect(fit.stderr.contains("note: wrote the page's configuration to \(stored)"), "\(fit.stderr)")

        let check = try setup.run(["check", "--page", setup.page.path, "--selector", "#amount", "--sessions", "5", "--steps", "10"], environment: forced)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(try setup.argv() == [setup.page.path, "--selector", "#amount", "--config", stored])
        let request = try setup.firstRequest()
        #expect(request.contains(#""mode":"natural""#), "\(request)")
        #expect(check.stdout.hasSuffix("checked 5 of 5 sessions, 50 keys: 0 disagreements\n"), "\(check.stdout)")
    }

    /// A configuration written by hand, named by --page-config: the same as a stored one.
    @Test func aHandWrittenConfigurationIsReadFromPageConfig() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        _ = try setup.folder.file("donate.config.json", #"{"mode": "whole", "locale": "en_US", "currency": "USD", "display": "symbol"}"#)
        let outcome = try setup.run(["check", "--page", setup.page.path, "--page-config", "donate.config.json", "--sessions", "2", "--steps", "5"])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(try setup.argv() == [setup.page.path, "--config", setup.folder.url.appendingPathComponent("donate.config.json").path])
        #expect(try setup.firstRequest().contains(#""locale":"en_US","currency":"USD","mode":"whole""#))
    }

    /// --page and --adapter are one or the other; the page's options need the page; a page file
    /// that is not there, an adapter that is not installed and no python3 are said before anything runs.
    @Test func wrongPageArgumentsAreRefusedWithWhatToDo() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let refusals: [([String], [String: String], String)] = [
            (["check", "--page", setup.page.path, "--adapter", "python3 x.py"], [:],
             "error: --page runs the browser adapter installed with moneyfield and --adapter runs yours; give one of them"),
            (["check", "--adapter", "python3 x.py", "--selector", "#a"], [:], "error: --selector goes with --page URL|FILE; give the page too"),
            (["check", "--adapter", "python3 x.py", "--settle", "sync"], [:], "error: --settle goes with --page URL|FILE; give the page too"),
            (["check", "--page", setup.page.path, "--settle", "soon"], [:], "error: --settle takes sync, task or frame, not \"soon\""),
            (["check", "--page", setup.page.path, "--chromium", "c", "--browser-url", "http://h:1"], [:],
             "error: --chromium starts a browser, --browser-url uses one that runs: give one of them"),
            (["check", "--page", "missing.html"], [:], "error: --page \"missing.html\": no such file; give an HTML file or a page's URL (http://…)"),
            (["check", "--page", setup.page.path], ["MONEYFIELD_BROWSER_ADAPTER": "/nowhere/adapter.py"],
             "error: MONEYFIELD_BROWSER_ADAPTER names \"/nowhere/adapter.py\", which is not a file; point it at the browser adapter's adapter.py, or unset it"),
            (["check", "--page", setup.page.path], ["PATH": setup.folder.url.path],
             "error: --page runs the browser adapter with python3, which is not on PATH; install Python 3 (apt-get install -y python3)"),
            (["check", "--merge", "a", "--page", setup.page.path], [:], "error: --merge joins folders a run wrote; it takes no --adapter, --page or --replay"),
            (["check", "--page", setup.page.path, "--selecter", "#a"], [:], "error: unknown option \"--selecter\"; did you mean --selector"),
        ]
        for (arguments, environment, message) in refusals {
            let outcome = try setup.run(arguments, environment: environment)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.stderr.hasPrefix(message), "\(arguments): \(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: setup.folder.url.appendingPathComponent("argv.json").path), "\(arguments) ran the adapter")
        }
    }
}

private enum PathNameless {
    static func last(of path: String) -> String { String(path[path.index(after: path.lastIndex(of: "/")!)...]) }
}

/// The group as `fit` will use it (parsed in process): `--as-is` and no configuration passed,
/// even where one is stored, and the file to write is the one `check --page` reads.
@Suite struct PageOptionsGroupTests {
    @Test func underFitThePageIsAsItIsAndItsConfigurationIsWrittenWhereCheckReadsIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let page = try folder.file("shop.html", "<input>\n")
        let environment = ["MONEYFIELD_BROWSER_ADAPTER": try folder.file("adapter.py", "").path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "",
                           "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path]
        let options = try PageOptions.parse(["--page", page.path, "--selector", "#amount"])
        let fit = try #require(try options.resolved(asIs: true, environment: environment))
        let stored = try #require(PageConfiguration.storedFile(for: .file(absolutePath: page.path), selector: "#amount", environment: environment))
        #expect(fit.configurationToWrite == stored)
        #expect(fit.command.arguments == [page.path, "--selector", "#amount", "--as-is"])
        try PageConfiguration.write(try FieldOptions(parsing: ["--locale", "en_US", "--mode", "whole"]).configuration(defaults: (locale: "en_US", currency: "USD")), to: stored)

        let check = try #require(try options.resolved(environment: environment))
        #expect(check.command.arguments == [page.path, "--selector", "#amount", "--config", stored])
        #expect(check.configurationToWrite == nil)
        #expect(try #require(try options.resolved(asIs: true, environment: environment)).command.arguments.contains("--config") == false)

        let named = try PageOptions.parse(["--page", page.path, "--page-config", "/tmp/elsewhere.json"])
        #expect(try named.resolved(asIs: true, environment: environment)?.configurationToWrite == "/tmp/elsewhere.json")
    }
}

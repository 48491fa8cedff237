import ArgumentParser
import Foundation
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldCheck

/// `--page URL|FILE [--selector CSS] [--page-config FILE]`: a web page and the field it is, what
/// `vectors` takes; `check` and `fit` take it inside `PageOptions`, with the browser's options.
struct PageTargetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A web page's URL or HTML file, run by the browser adapter installed with moneyfield (instead of --adapter).", valueName: "URL|FILE"),
            completion: .file(extensions: ["html", "htm"]))
    var page: String?

    @Option(help: ArgumentHelp("With --page: the CSS selector of its money input (default: the first input).", valueName: "CSS"))
    var selector: String?

    @Option(help: ArgumentHelp("With --page: the field the page is, the browser adapter's --config file; its options are the field's where none is given (default: the one fit stored for the page and selector under $XDG_STATE_HOME/moneyfield/pages/, when there is one).", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var pageConfig: String?

    func validate() throws {
        guard page == nil else { return }
        if selector != nil { throw ValidationError("--selector goes with --page URL|FILE; give the page too") }
        if pageConfig != nil { throw ValidationError("--page-config goes with --page URL|FILE; give the page too") }
    }

    /// The selector the adapter uses, given or its default.
    var effectiveSelector: String { selector ?? "input" }

    /// The page, read once; nil without --page.
    func target() throws(CommandError) -> PageTarget? {
        guard let page else { return nil }
        return try PageTarget(page, workingFolder: PathName.workingFolder.path)
    }

    /// Where `fit` writes the configuration it found (`PageConfiguration.write`): --page-config
    /// when given, else the page's own file under $XDG_STATE_HOME, which `check --page` reads.
    func configurationFileToWrite(for target: PageTarget, environment: [String: String]) throws(CommandError) -> String {
        if let pageConfig { return absolute(pageConfig) }
        guard let stored = PageConfiguration.storedFile(for: target, selector: effectiveSelector, environment: environment) else {
            throw CommandError("neither XDG_STATE_HOME nor HOME is set, so the page's configuration has nowhere to be stored; give --page-config FILE")
        }
        return stored
    }

    /// The page's configuration file: --page-config, else the one `fit` stored for this page and
    /// selector when it exists; with the options it names (nil: it names several fields).
    func configuration(for target: PageTarget, environment: [String: String]) throws(CommandError) -> PageSetup.Configuration? {
        let path: String
        if let pageConfig {
            path = absolute(pageConfig)
        } else if let stored = PageConfiguration.storedFile(for: target, selector: effectiveSelector, environment: environment),
                  access(stored, F_OK) == 0 {
            path = stored
        } else {
            return nil
        }
        return PageSetup.Configuration(path: path, options: try PageConfiguration.options(in: path))
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : PathName.joined(PathName.workingFolder.path, path)
    }
}

/// What `--page` resolved to: the browser adapter's command and the page's configuration.
struct PageSetup {
    struct Configuration {
        /// The file, which the adapter reads as its --config.
        var path: String
        /// The field options it names; nil when it names several fields.
        var options: FieldOptions?

        /// The field options to play: those given over the page's.
        func fieldOptions(given: FieldOptions) throws(CommandError) -> FieldOptions {
            guard let options else { return given }
            return try PageConfiguration.merged(given, over: options)
        }
    }

    var command: BrowserAdapterCommand
    /// The configuration passed as the adapter's --config; none under `fit` (`asIs`).
    var configuration: Configuration?
    /// Under `fit` (`asIs`), where it writes what it finds (`PageConfiguration.write(_:to:)`), for
    /// `check --page` to read; nil otherwise.
    var configurationToWrite: String?

    /// Says on stderr which configuration the options came from, so a run is read with them.
    func note() {
        guard let configuration else { return }
        let what = configuration.options.map { ": " + $0.words.map(ShellWord.quoted).joined(separator: " ") }
            ?? " (it names several fields; the field options given choose among them)"
        Output.writeError("note: the page's configuration is \(VisibleText.terminalSafe(configuration.path))\(VisibleText.terminalSafe(what))\n")
    }
}

/// `--page` with the browser adapter's options that pass through: one group any command that runs
/// an adapter includes (`@OptionGroup var page: PageOptions`), parsed once into a `PageSetup`.
struct PageOptions: ParsableArguments {
    @OptionGroup var target: PageTargetOptions

    @Option(help: ArgumentHelp("With --page: what the browser adapter waits for after a key before reading the input: sync, task (its default) or frame.", valueName: "sync|task|frame"))
    var settle: String?

    @Option(help: ArgumentHelp("With --page: the Chromium the browser adapter starts (default: Debian's chromium-headless-shell or chromium).", valueName: "PATH"),
            completion: .file())
    var chromium: String?

    @Option(help: ArgumentHelp("With --page: drive a browser that already runs (http://HOST:PORT of --remote-debugging-port, or ws://…).", valueName: "URL"))
    var browserUrl: String?

    @Option(help: ArgumentHelp("With --page: a JavaScript file run in the page after each load, defining moneyfieldSetup(request) to rebuild its field in place.", valueName: "FILE.js"),
            completion: .file(extensions: ["js"]))
    var setup: String?

    func validate() throws {
        if target.page == nil {
            let given = [("--settle", settle), ("--chromium", chromium), ("--browser-url", browserUrl), ("--setup", setup)]
            if let name = given.first(where: { $0.1 != nil })?.0 { throw ValidationError("\(name) goes with --page URL|FILE; give the page too") }
        }
        if let settle, !["sync", "task", "frame"].contains(settle) {
            throw ValidationError("--settle takes sync, task or frame, not \(VisibleText.quoted(settle))")
        }
        if chromium != nil && browserUrl != nil {
            throw ValidationError("--chromium starts a browser, --browser-url uses one that runs: give one of them")
        }
    }

    /// The adapter for --page, or nil without it. `asIs` (for `fit`): the page answers every
    /// `new` as it is, no configuration is passed (finding it is the point), and the setup says
    /// where to write what is found. `fit` at merge: `let page = try self.page.resolved(asIs: true)`,
    /// run `page.command.shellCommand`, then `PageConfiguration.write(found, to: page.configurationToWrite!)`.
    func resolved(asIs: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandError) -> PageSetup? {
        guard let page = try target.target() else { return nil }
        let script = try BrowserAdapterLocation.find(executable: BrowserAdapterLocation.executable, environment: environment)
        let python = try BrowserAdapterLocation.python(environment: environment)
        let configuration = asIs ? nil : try target.configuration(for: page, environment: environment)
        var arguments = [page.argument]
        if let selector = target.selector { arguments += ["--selector", selector] }
        if let settle { arguments += ["--settle", settle] }
        if let chromium { arguments += ["--chromium", chromium] }
        if let browserUrl { arguments += ["--browser-url", browserUrl] }
        if let setup { arguments += ["--setup", setup.hasPrefix("/") ? setup : PathName.joined(PathName.workingFolder.path, setup)] }
        if let configuration { arguments += ["--config", configuration.path] }
        if asIs { arguments.append("--as-is") }
        return PageSetup(command: BrowserAdapterCommand(python: python, script: script, arguments: arguments), configuration: configuration,
                         configurationToWrite: asIs ? try target.configurationFileToWrite(for: page, environment: environment) : nil)
    }
}

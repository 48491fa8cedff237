import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// A page's configuration: the field a web page is, in the browser adapter's `--config` format (one
/// JSON object keyed as the protocol's `new` request, README "A page checked unchanged"). `fit`
/// writes what it found; `check --page` and `vectors --page` read it, so a page fitted once is
/// checked without options after.
package enum PageConfiguration {
    /// The file's text: the `new` request the configuration makes, without its `op`, so the adapter
    /// supports exactly the sessions `check` then plays.
    package static func text(of configuration: FieldConfiguration) -> String {
        "{" + AdapterRequest.fields(of: configuration) + "}\n"
    }

    /// Writes `configuration` to `path` whole or not at all (`AtomicFile`), its folder made first.
    package static func write(_ configuration: FieldConfiguration, to path: String) throws(FileError) {
        try makeFolders(PathName.deletingLast(of: path))
        try AtomicFile.write(text(of: configuration), to: URL(fileURLWithPath: path), displayPath: path)
    }

    /// `mkdir -p`: each missing folder of `path` made, the first that cannot be said by its errno.
    private static func makeFolders(_ path: String) throws(FileError) {
        var made = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            made = PathName.joined(made, String(part))
            if mkdir(made, 0o755) != 0 && errno != EEXIST { throw .describing(errno: errno, path: made) }
        }
    }

    /// The field options a configuration file names, or nil for a file that describes several
    /// fields (a list, or a list of values for an option), which the command line must then choose among.
    package static func options(in path: String) throws(CommandError) -> FieldOptions? {
        let bytes: [UInt8]
        do { bytes = try TextFile.read(RawPath(path), displayPath: path) } catch { throw CommandError("cannot read the page's configuration \(error.message)") }
        let data = Data(bytes)
        guard let object = try? JSONDecoder().decode([String: RequestValue].self, from: data) else {
            if (try? JSONDecoder().decode([[String: RequestValue]].self, from: data)) != nil { return nil }
            throw CommandError("the page's configuration \(VisibleText.quoted(path)) is not a JSON object of the new request's options ({\"locale\":\"en_US\",\"currency\":\"USD\",\"mode\":\"whole\"})")
        }
        if object.values.contains(.other) { return nil }
        do throws(CommandError) { return try FieldOptions(request: object) } catch {
            throw CommandError("the page's configuration \(VisibleText.quoted(path)): \(error.message)")
        }
    }

    /// Where `fit` stores a page's configuration and `check --page` looks for it: one file per page
    /// and input, `$XDG_STATE_HOME/moneyfield/pages/` (else `~/.local/state/…`), named by the
    /// page's last part and a hash of the page and the selector; nil with neither variable set.
    package static func storedFile(for page: PageTarget, selector: String, environment: [String: String]) -> String? {
        let state: String
        if let folder = environment["XDG_STATE_HOME"], folder.hasPrefix("/") {
            state = folder
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            state = PathName.joined(home, ".local/state")
        } else {
            return nil
        }
        let identity = page.argument + "\n" + selector
        // FNV-1a: stable across runs and builds, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let last = PathName.last(of: page.argument.split(separator: "?").first.map(String.init) ?? page.argument)
        let readable = String(last.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_.".unicodeScalars.contains($0)) }.prefix(40))
        let hex = String(hash, radix: 16)
        let name = (readable.isEmpty ? "page" : readable) + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
        return PathName.joined(state, "moneyfield/pages/" + name)
    }

    /// The options given on the command line over the page's: every option not given is the
    /// page's, except that a locale or currency given takes neither from the page (they go together).
    package static func merged(_ given: FieldOptions, over page: FieldOptions) throws(CommandError) -> FieldOptions {
        let pair: Set = [FieldSetting(\.locale), FieldSetting(\.currency)]
        let pairGiven = !given.given.isDisjoint(with: pair)
        var words = given.words
        for option in FieldOption.all where !given.given.contains(option.setting) && !(pairGiven && pair.contains(option.setting)) {
            if let value = option.written(page) { words += [option.name] + value }
        }
        return try FieldOptions(parsing: words)
    }
}

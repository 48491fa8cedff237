import Foundation
import MoneyFieldEngine

/// What Tab can offer at the end of a partly typed line: the word being typed and whole
/// replacements for it. Pure: the terminal front end only inserts or lists what this says.
package struct Completion: Equatable, Sendable {
    /// The end of the line that the candidates replace (`inspe`, `<l`, `--loc`, `scripts/a`).
    package var word: String
    /// Whole replacements for `word`, in the order to list them.
    package var candidates: [String]
    /// Whether a lone candidate finishes the word, so a space follows it (not after `<left>`,
    /// since keys run together, nor after a folder).
    package var endsWord: Bool

    package init(word: String, candidates: [String], endsWord: Bool = true) {
        self.word = word
        self.candidates = candidates
        self.endsWord = endsWord
    }

    /// What pressing Tab does.
    package enum Action: Equatable, Sendable {
        /// Nothing fits: ring the bell.
        case none
        /// Replace the last `replacing` characters (Unicode scalars, as libedit counts) with `text`.
        case insert(replacing: Int, text: String)
        /// Several fit and typing cannot get further: show them.
        case list([String])
    }

    /// One candidate is inserted (with a space when it ends the word); several are narrowed to
    /// their longest common beginning, or listed when that adds nothing.
    package var action: Action {
        guard let first = candidates.first else { return .none }
        let replacing = word.unicodeScalars.count
        if candidates.count == 1 {
            let space = endsWord && !first.hasSuffix("/") ? " " : ""
            return .insert(replacing: replacing, text: first + space)
        }
        let common = candidates.dropFirst().reduce(first) { $0.sharedBeginning(with: $1) }
        // A longer beginning, or the same one with the candidates' capitals (`eu` → `EU`).
        if common.unicodeScalars.count > replacing || (common.unicodeScalars.count == replacing && common != word) {
            return .insert(replacing: replacing, text: common)
        }
        return .list(candidates)
    }
}

/// Finds what may follow the text before the cursor: command names first, then each command's
/// own arguments (field names, key names, options, locale IDs, currency codes, files).
package enum Completer {
    /// Names in a folder for file arguments: `(name, isFolder)`, or nil if it cannot be read.
    package typealias FolderLister = (URL) -> [(name: String, isFolder: Bool)]?

    /// The candidates for the text before the cursor.
    package static func completions(for line: String, session: Session) -> [String] {
        complete(line, session: session).candidates
    }

    /// The word being typed at the end of `line` and what could replace it.
    package static func complete(_ line: String, session: Session, listFolder: FolderLister = listFolder) -> Completion {
        // Only the command after the last `;` outside quotes is being typed, as the line runs them.
        let current = Commands.split(commandLine: line).last?.command ?? line
        let (done, word, typed) = Tokenizer.partialWords(current)
        // Keys are read as typed: a quote among them is no key, and nothing completes it.
        func keys(after word: String) -> Completion { typed == word ? Self.keys(after: word) : Completion(word: "", candidates: []) }
        guard let name = done.first else {
            if KeyScript.startsKeys(word) { return keys(after: word) }
            // A command's name is read as typed, quotes and all: a quoted one is no command.
            return typed == word ? matching(word, in: Commands.names) : Completion(word: typed, candidates: [])
        }
        if KeyScript.startsKeys(name) { return keys(after: word) }
        guard let command = Commands.named(name) else { return Completion(word: typed, candidates: []) }
        let given = done.dropFirst()
        let positional = given.filter { !command.flags.contains($0) }.count
        // Field options follow the positional arguments, each with its own values.
        if command.takesFieldOptions, positional >= command.parameters.count || word.hasPrefix("-") {
            return requoted(fieldOption(done: Array(given), word: word), typed: typed)
        }
        // Flags where a dash is typed, or once the positional arguments are all given.
        if word.hasPrefix("-") || positional >= command.parameters.count {
            return requoted(matching(word, in: command.flags.filter { !given.contains($0) }), typed: typed)
        }
        let kind = command.parameters[positional].kind
        var completion = kind == .keys ? keys(after: word) : requoted(candidates(for: kind, word: word, session: session, listFolder: listFolder), typed: typed)
        if let alternative = command.alternative, positional == 0 {
            let words = alternative.split(separator: " ").dropFirst().map(String.init)
            if let first = words.first, first.hasPrefix(word) { completion.candidates.insert(first, at: 0) }
        }
        return completion
    }

    /// What an argument of `kind` may be, for the word typed so far.
    static func candidates(for kind: ArgumentKind, word: String, session: Session, listFolder: FolderLister) -> Completion {
        switch kind {
        case .field: matching(word, in: session.fields.map(\.name))
        case .command: matching(word, in: Commands.names)
        case .keys: keys(after: word)
        case .locale: matching(word, in: LocaleCatalog.identifiers)
        case .currency: matching(word, in: CurrencyCatalog.codes)
        case .file: files(word, in: session.options.directory, listFolder: listFolder)
        case .choice(let words): matching(word, in: words)
        case .newName, .text, .count, .offset: Completion(word: word, candidates: [])
        }
    }

    /// `completion` of the word as the line reads it, made to replace the word as typed: quotes
    /// and all, each candidate quoted where it needs to be to stay one word (`"my file.session"`),
    /// in the quote the word opened with.
    static func requoted(_ completion: Completion, typed: String) -> Completion {
        guard typed != completion.word || completion.candidates.contains(where: { Tokenizer.quoted($0) != $0 }) else { return completion }
        let open = typed.first.flatMap { $0 == "\"" || $0 == "'" ? $0 : nil }
        var quoted = completion
        quoted.word = typed
        quoted.candidates = completion.candidates.map { candidate in
            if let open, !candidate.contains(open) { return "\(open)\(candidate)\(open)" }
            return Tokenizer.quoted(candidate)
        }.filter { open == nil || $0.hasPrefix(typed) }
        return quoted
    }

    /// Candidates that start with `word`; only if none does, those that do ignoring case.
    static func matching(_ word: String, in candidates: some Sequence<String>) -> Completion {
        let exact = candidates.filter { $0.hasPrefix(word) }
        if !exact.isEmpty || word.isEmpty { return Completion(word: word, candidates: exact) }
        let lowered = word.lowercased()
        return Completion(word: word, candidates: candidates.filter { $0.lowercased().hasPrefix(lowered) })
    }

    /// Key names for `type`: the open `<…` at the end is completed; after a whole key or digit,
    /// every key is offered (so Tab adds the `<`).
    static func keys(after word: String) -> Completion {
        let names = KeyTable.all.map { "<\($0.name)>" }
        var completion: Completion
        if let open = word.lastIndex(of: "<"), !word[open...].contains(">" as Character) {
            completion = matching(String(word[open...]).lowercased(), in: names)
            completion.word = String(word[open...])
        } else {
            completion = Completion(word: "", candidates: names)
        }
        completion.endsWord = false
        return completion
    }


    /// After `new NAME`: an option not given yet, or the value the option before the word takes.
    static func fieldOption(done: [String], word: String) -> Completion {
        if word.hasPrefix("--"), let equals = word.firstIndex(of: "="), let option = FieldOption.named(String(word[..<equals])) {
            var completion = matching(String(word[word.index(after: equals)...]), in: values(of: option))
            completion.candidates = completion.candidates.map { option.name + "=" + $0 }
            completion.word = word
            return completion
        }
        if let previous = done.last, let option = FieldOption.named(previous), option.valueName != nil {
            return matching(word, in: values(of: option))
        }
        let given = Set(done.map { String($0.prefix { $0 != "=" }) })
        guard word.isEmpty || word.hasPrefix("-") else { return Completion(word: word, candidates: []) }
        return matching(word, in: FieldOption.all.map(\.name).filter { !given.contains($0) })
    }

    /// What an option's value may be.
    static func values(of option: FieldOption) -> [String] {
        switch option.values {
        case .locale: LocaleCatalog.identifiers
        case .currency: CurrencyCatalog.codes
        case .choice(let words): words
        case .field, .newName, .command, .keys, .file, .count, .offset, .text: []
        }
    }

    /// Folders and `*.session` files for `record` and `source`, relative to the session's folder.
    static func files(_ word: String, in base: URL, listFolder: FolderLister) -> Completion {
        let slash = word.lastIndex(of: "/")
        let folderPart = slash.map { String(word[...$0]) } ?? ""
        let namePart = slash.map { String(word[word.index(after: $0)...]) } ?? word
        let folder: URL
        // At the prompt `record` and `source` resolve paths against the session's folder, as here.
        if folderPart.hasPrefix("/") {
            folder = URL(fileURLWithPath: folderPart, isDirectory: true)
        } else {
            folder = base.appendingPathComponent(folderPart, isDirectory: true)
        }
        let entries = (listFolder(folder) ?? [])
            .filter { $0.isFolder || $0.name.hasSuffix(".session") }
            .filter { namePart.hasPrefix(".") || !$0.name.hasPrefix(".") }
            .sorted { $0.name < $1.name }
        let names = entries.map { folderPart + $0.name + ($0.isFolder ? "/" : "") }
        return Completion(word: word, candidates: names.filter { $0.hasPrefix(word) })
    }

    /// The folder's entries as the file system has them.
    package static func listFolder(_ folder: URL) -> [(name: String, isFolder: Bool)]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.map { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            return (name, isFolder.boolValue)
        }
    }
}

private extension String {
    /// The longest beginning both share, in whole characters, spelled as `self` spells it
    /// (Foundation's `commonPrefix(with:)`, without NSString).
    func sharedBeginning(with other: String) -> String {
        String(zip(self, other).prefix { $0 == $1 }.map(\.0))
    }
}

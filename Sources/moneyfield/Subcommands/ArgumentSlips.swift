import ArgumentParser
import Foundation
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO

/// What the argument parser says in its own words, said in ours for every subcommand alike: an
/// unknown option (with the shell's "did you mean", as the shell and a mistyped subcommand get),
/// and a negative number after an option (which the parser reads as an option, "Missing value").
/// Read off each command's own declaration (the parser's dump of it), so a subcommand added
/// later gets both without a line here.
enum ArgumentSlips {
    /// The options one command line can name: its command's, and where that command hands the
    /// words it does not know to `new`'s option table (`check`, `vectors`), those too.
    struct Options: Equatable {
        /// The command as its help names it (`moneyfield test`).
        var command: String
        /// `--update`, `-j`, …, each with whether a value follows it.
        var names: [String: Bool]
        /// Whether `new`'s field options are taken too.
        var takesFieldOptions: Bool

        /// The options of the command that `arguments` (the program's, without its name) run,
        /// and the words that command reads.
        static func of(_ arguments: [String]) -> (options: Options, words: ArraySlice<String>)? {
            let subcommand = arguments.first.flatMap { name in Moneyfield.subcommands.first { $0.configuration.commandName == name } }
            let command = subcommand ?? ShellCommand.self
            // The parser's own description of the command: what its help and completion are made from.
            guard let info = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return nil }
            var names: [String: Bool] = [:]
            var takesFieldOptions = false
            for argument in info.command.arguments ?? [] {
                if argument.kind == "positional", argument.parsingStrategy == "allUnrecognized" { takesFieldOptions = true }
                for name in argument.names ?? [] {
                    let prefix = name.kind == "long" ? "--" : "-"
                    names[prefix + name.name] = argument.kind == "option"
                }
            }
            let words = subcommand == nil ? arguments[...] : arguments.dropFirst()
            let shown = subcommand.map { "\(Moneyfield.name) \($0.configuration.commandName ?? "")" } ?? Moneyfield.name
            return (Options(command: shown, names: names, takesFieldOptions: takesFieldOptions), words)
        }

        /// What the parser answers itself, with or without a command: not in a command's dump,
        /// never suggested.
        static let answeredByParser: Set = ["--generate-completion-script", "--experimental-dump-help", "--help", "-h", "--version"]

        func isKnown(_ name: String) -> Bool {
            names[name] != nil || Self.answeredByParser.contains(name) || (takesFieldOptions && FieldOption.named(name) != nil)
        }

        /// Every name, for "did you mean".
        var allNames: [String] { names.keys.sorted() + (takesFieldOptions ? FieldOption.all.map(\.name) : []) }
    }

    /// The part of the parser's dump (`--experimental-dump-help`, its ToolInfoV0) read here.
    struct Dump: Decodable {
        struct Command: Decodable {
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            /// `positional`, `option` or `flag`.
            var kind: String
            var names: [Name]?
            /// `allUnrecognized` for words the command hands on (`new`'s field options).
            var parsingStrategy: String
        }
        struct Name: Decodable {
            /// `long`, `short` or `longWithSingleDash`.
            var kind: String
            var name: String
        }
        var command: Command
    }

    /// A number (`-1`, `-0.5`): a value, never an option's name.
    static func isNumber(_ word: String) -> Bool { Double(word) != nil }

    /// The first word that names no option of its command, said with the nearest names, or nil.
    static func unknownOption(in arguments: [String]) -> String? {
        guard let (options, words) = Options.of(arguments) else { return nil }
        var takesValue = false
        for word in words {
            if word == "--" { break }
            if takesValue {
                takesValue = false
                continue
            }
            guard word.hasPrefix("-"), word != "-", !isNumber(word) else { continue }
            let name = String(word.prefix { $0 != "=" })
            if options.isKnown(name) {
                takesValue = options.names[name] == true && !word.contains(Character("="))
                continue
            }
            // A short option with its value attached (`-j4`).
            if !word.hasPrefix("--"), word.count > 2, options.names[String(word.prefix(2))] == true { continue }
            let close = Suggestions.closest(to: name, in: options.allNames, limit: 2)
            return "unknown option \(VisibleText.quoted(name))\(Suggestions.didYouMean(close)) (\(options.command) --help lists the options)"
        }
        return nil
    }

    /// The arguments with every negative number that follows an option taking a value joined
    /// to it (`--sessions -1` → `--sessions=-1`), so the option's own check says what it takes;
    /// nil when there is none.
    static func joiningNegativeValues(_ arguments: [String]) -> [String]? {
        guard let (options, words) = Options.of(arguments) else { return nil }
        var joined = Array(arguments[..<words.startIndex])
        var changed = false
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            if word == "--" {
                joined += words[index...]
                break
            }
            if options.names[word] == true, index + 1 < words.endIndex {
                let value = words[index + 1]
                if value.hasPrefix("-"), isNumber(value) {
                    joined.append(word + "=" + value)
                    changed = true
                } else {
                    joined += [word, value]
                }
                index += 2
                continue
            }
            joined.append(word)
            index += 1
        }
        return changed ? joined : nil
    }
}

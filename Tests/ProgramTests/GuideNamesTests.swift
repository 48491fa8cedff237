import Foundation
import MoneyFieldShell
import MoneyFieldTestSupport
import Testing

/// The README and the guides in docs/ name only what exists (issue 36): every `<key>` is a key
/// of `type`, every command at a prompt is a shell command, and every flag on a `moneyfield`
/// line is one that command, `new` or the shell takes.
@Suite struct GuideNamesTests {
    static let root = BuiltProgram.packageRoot

    static func guides() throws -> [(name: String, text: String)] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return try [("README.md", String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))]
            + names.map { ("docs/\($0)", try String(contentsOf: docs.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The flags `moneyfield SUBCOMMAND --help` lists, for every subcommand.
    static func programFlags() throws -> Set<String> {
        var flags: Set<String> = []
        for subcommand in ["", "shell", "test", "demo", "check", "fit", "vectors", "adapter", "manual"] {
            let help = try BuiltProgram.run((subcommand.isEmpty ? [] : [subcommand]) + ["--help"])
            flags.formUnion(matches(of: #"--[a-z][a-z-]*"#, in: help.stdout))
        }
        return flags
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    @Test func everyKeyTheGuidesNameIsAKey() throws {
        let keys = Set(KeyTable.all.map(\.name))
        for guide in try Self.guides() {
            for written in Self.matches(of: #"`[^`\n]*`"#, in: guide.text) {
                for name in Self.matches(of: #"<[a-z0-9]+>"#, in: written) {
                    #expect(keys.contains(String(name.dropFirst().dropLast())), "\(guide.name): \(name) in \(written) is no key")
                }
            }
        }
    }

    @Test func everyCommandAtAPromptIsAShellCommand() throws {
        for guide in try Self.guides() {
            for line in guide.text.split(separator: "\n") {
                guard let prompt = line.range(of: "> "), line[..<prompt.lowerBound].allSatisfy({ $0.isLetter || $0 == "_" }),
                      !line[..<prompt.lowerBound].isEmpty else { continue }
                let command = line[prompt.upperBound...].split(separator: " ").first.map(String.init) ?? ""
                guard !(command.first?.isNumber ?? true), !command.hasPrefix("<") else { continue }
                #expect(Commands.named(command) != nil, "\(guide.name): \(line)")
            }
        }
    }

    @Test func everyFlagOnAMoneyfieldLineIsTaken() throws {
        let known = try Self.programFlags()
            .union(FieldOption.all.map(\.name))
            .union(Commands.all.flatMap(\.flags))
        for guide in try Self.guides() {
            for line in guide.text.split(separator: "\n") where line.contains("moneyfield ") && !line.contains("adapter.py") {
                // Only the moneyfield command's own words: up to a pipe, a comment or another program.
                let own = line.components(separatedBy: "moneyfield ").dropFirst().joined(separator: " ")
                    .components(separatedBy: " | ")[0].components(separatedBy: "#")[0]
                for flag in Self.matches(of: #"(?<![\w-])--[a-z][a-z-]*"#, in: own) {
                    #expect(known.contains(flag), "\(guide.name): \(flag) in \(line)")
                }
            }
        }
    }
}

/// The flags shell commands take, spelled once: declarations, parsing, write-backs, help and
/// messages read them from here (issue 35).
package enum CommandFlag: String, Sendable, CaseIterable {
    /// `fields`, `inspect`, `locales`, `currencies`: one JSON line for machines.
    case json = "--json"
    /// `currency`: round half-even when the amount does not fit the new currency.
    case round = "--round"
    /// `record`: replace an existing file.
    case force = "--force"

    /// `--json` as it is written.
    package var spelling: String { rawValue }
}

extension Command.Arguments {
    /// Whether the line gave `flag`.
    func has(_ flag: CommandFlag) -> Bool { flags.contains(flag.spelling) }
}

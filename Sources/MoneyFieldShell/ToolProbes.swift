import Foundation

/// What the fuzz package (a package of its own, for its sanitizer flags) calls besides a session's
/// lines: Tab's completion and `-c`'s split, each read by the one tokenizer. Narrow on purpose, so
/// the types behind them stay `package`.
@_spi(Tools) public enum ToolProbes {
    /// Tab at the end of `line`: the word it replaces and the candidates, with no folder read.
    public static func complete(_ line: String, session: Session) -> (word: String, candidates: [String], inserts: String?) {
        let completion = Completer.complete(line, session: session, listFolder: { _ in [] })
        let inserts: String? = if case .insert(_, let text) = completion.action { text } else { nil }
        return (completion.word, completion.candidates, inserts)
    }

    /// A `-c` argument's commands, each with the characters before it.
    public static func commands(in text: String) -> [(command: String, offset: Int)] { Commands.split(commandLine: text) }
}

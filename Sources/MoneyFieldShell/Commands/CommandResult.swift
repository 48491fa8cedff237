import MoneyFieldEngine

/// One line a command prints, tagged so the executable can colour it.
@_spi(Tools) public struct OutputLine: Equatable, Sendable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// Plain output: values, listings, help.
        case plain
        /// `NAME: DISPLAY` after a change.
        case field
        /// `rejected: …` after a refused key.
        case rejected
        /// `error: …`.
        case error
    }

    package let kind: Kind
    @_spi(Tools) public let text: String
    /// For an error: the characters of the command line it is about, from 0.
    package var span: Range<Int>?

    package init(_ kind: Kind, _ text: String, span: Range<Int>? = nil) {
        self.kind = kind
        self.text = text
        self.span = span
    }

    package static func plain(_ text: String) -> OutputLine { OutputLine(.plain, text) }
    package static func error(_ text: String, span: Range<Int>? = nil) -> OutputLine { OutputLine(.error, "error: " + text, span: span) }
    package static func error(_ error: CommandError) -> OutputLine { .error(error.message, span: error.span) }

    /// The text after `error: `, for a printer that writes its own heading.
    package var message: String { kind == .error && text.hasPrefix("error: ") ? String(text.dropFirst(7)) : text }
    package static func rejected(_ text: String) -> OutputLine { OutputLine(.rejected, "rejected: " + text) }

    @_spi(Tools) public var description: String { text }
}

/// What one handled line produced.
@_spi(Tools) public struct CommandResult: Equatable, Sendable {
    @_spi(Tools) public var lines: [OutputLine] = []
    /// A key was refused: an interactive shell rings the bell.
    package var rangBell = false
    /// The user asked to leave.
    @_spi(Tools) public var quits = false
    /// `kiosk` was accepted: the executable takes the terminal for this field.
    package var kioskField: String?
    /// The active field after each key of a key press that went in, in order (a refused key ends
    /// it); kept only by a session whose `keepsKeySteps` is set, as a demo plan sets it on the
    /// session it plays.
    package var keySteps: [MoneyField] = []
    /// The command failed (`--bail` stops here).
    package var failed: Bool { lines.contains { $0.kind == .error } }

    package init(lines: [OutputLine] = [], rangBell: Bool = false, quits: Bool = false) {
        self.lines = lines
        self.rangBell = rangBell
        self.quits = quits
    }

    package var text: String { lines.map(\.text).joined(separator: "\n") }

    mutating func append(_ line: OutputLine) { lines.append(line) }
    mutating func append(contentsOf other: CommandResult) {
        lines += other.lines
        rangBell = rangBell || other.rangBell
        quits = quits || other.quits
    }

}

/// A failed command: printed as one `error:` line, pointing at the part of the line it is about
/// when that is known.
@_spi(Tools) public struct CommandError: Error, Equatable, Sendable {
    package let message: String
    /// Characters of the command line, from 0.
    package var span: Range<Int>?

    /// Which of the line's words it is about, when it is raised where their places are not
    /// known (while the command runs); the session turns it into `span`.
    package var word: Word?

    /// Words of a command line by their role, not their place.
    package enum Word: Equatable, Sendable {
        /// The positional argument at this index (0 is the first after the name).
        case argument(Int)
        /// Several positional arguments, drawn from the first to the last given.
        case arguments(ClosedRange<Int>)
        /// `new`'s field options.
        case options
    }

    package init(_ message: String, at span: Range<Int>? = nil) {
        self.message = message
        self.span = span
    }

    /// The same error, about `word` unless it points somewhere already.
    func about(_ word: Word) -> CommandError {
        var error = self
        if error.span == nil { error.word = error.word ?? word }
        return error
    }

    /// The same error with its word placed by `spans`.
    func placed(by spans: WordSpans) -> CommandError {
        guard span == nil, let word else { return self }
        var error = self
        error.span = spans.span(of: word)
        return error
    }

    /// The same error, pointing at `span` unless it points somewhere already.
    func at(_ span: Range<Int>?) -> CommandError {
        var error = self
        error.span = error.span ?? span
        return error
    }
}

import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

/// A session script: `> command` lines, each followed by its expected output; `#` lines are comments.
@_spi(Tools) public struct Transcript: Sendable, Equatable {
    /// One command, what stands before it, and the output it should print.
    @_spi(Tools) public struct Step: Sendable, Equatable {
        /// Comment and blank lines before the command, kept verbatim for `--update`.
        package var leading: [String]
        @_spi(Tools) public var command: String
        /// 1-based line number of the `> ` line.
        @_spi(Tools) public var line: Int
        @_spi(Tools) public var expected: [String]
    }

    @_spi(Tools) public var steps: [Step]
    /// Comments and blank lines after the last step's output.
    package var trailing: [String]
    /// How the file ends its lines (`\r\n` for a CRLF script) and whether it starts with a byte
    /// order mark: `--update` writes them back as they were.
    package var lineEnding = "\n"
    package var startsWithByteOrderMark = false
    /// The note a replay prints for a cut recording, or nil.
    package var cutBlockNote: String? {
        cutBlockLine.map { "the recording was cut short in the block at line \($0) (the recorder was stopped mid-write); replayed up to the command before it" }
    }

    /// The line of a recording's last block when it was cut short (the recorder was killed
    /// mid-write); that block is left out, so the script replays up to the command before.
    @_spi(Tools) public var cutBlockLine: Int?

    package static let commandPrefix = "> "
    /// The first line of every recording; only there does a missing final blank line mean a cut block.
    package static let recordingMarker = "# Recorded with moneyfield"

    /// Reads script text; CRLF, a UTF-8 BOM and a missing final newline are fine.
    @_spi(Tools) public init(parsing text: String, path: String) throws(ScriptError) {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") {
            body = body.dropFirst()
            startsWithByteOrderMark = true
        }
        if let firstEnd = body.unicodeScalars.firstIndex(of: "\n"), firstEnd > body.unicodeScalars.startIndex,
           body.unicodeScalars[body.unicodeScalars.index(before: firstEnd)] == "\r" {
            lineEnding = "\r\n"
        }
        var lines = Self.lines(of: body)
        // A recording ends every block with a blank line; a last block without one was cut.
        let recordingWasCut = body.hasPrefix(Self.recordingMarker) && !body.hasSuffix("\n\n") && !body.hasSuffix("\r\n\r\n")
        if lines.last?.isEmpty == true { lines.removeLast() }

        var steps: [Step] = []
        var pending: [String] = []
        var afterComment = false
        for (index, line) in lines.enumerated() {
            let number = index + 1
            // A line that starts with a letter, a digit or a sign (most of a script: its output)
            // is told by its first byte; anything else by its Characters.
            let first = line.utf8.first ?? 0
            let isOutput = first > 0x20 && first < 0x80 && first != 0x3E && first != 0x23
            if !isOutput && line.hasPrefix(">") {
                let command = line.hasPrefix(Self.commandPrefix) ? String(line.dropFirst(2)) : String(line.dropFirst())
                steps.append(Step(leading: pending, command: command, line: number, expected: []))
                pending = []
                afterComment = false
            } else if !isOutput && (line.hasPrefix("#") || line.trimmingSpaces().isEmpty) {
                pending.append(String(line))
                if line.hasPrefix("#") { afterComment = true }
            } else if steps.isEmpty || afterComment || !pending.isEmpty {
                let reason = steps.isEmpty
                    ? "output before the first command"
                    : "output after a comment or blank line belongs to no command"
                throw ScriptError.malformed(path: path, line: number, reason: reason + "; start commands with \"> \"")
            } else {
                steps[steps.count - 1].expected.append(String(line))
            }
        }
        if recordingWasCut, let cut = steps.popLast() {
            cutBlockLine = cut.line
            pending = []
        }
        self.steps = steps
        self.trailing = pending
    }

    /// The lines of `text`, split on LF bytes: "\r\n" is one Character, so a Character split would
    /// miss CRLF ends. Every CR ending a line goes: one kept would come back as a CRLF end and vanish.
    /// Slices of `text`: a line becomes a string of its own only where a script keeps it.
    static func lines(of text: Substring) -> [Substring] {
        // Line ends found by bytes; each line is then cut out of `text` by UTF-8 offset.
        func ends(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
            var lines: [Range<Int>] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
                var end = index
                while end > start && bytes[end - 1] == 0x0D { end -= 1 }
                lines.append(start..<end)
                start = index + 1
            }
            return lines
        }
        let ranges = text.utf8.withContiguousStorageIfAvailable(ends) ?? Array(text.utf8).withUnsafeBufferPointer(ends)
        return ranges.map(text.slice(utf8Offsets:))
    }

    /// Reads a script file; a folder, a FIFO, a file over the size limit, invalid UTF-8 or binary
    /// content is an error naming the file.
    package init(contentsOf url: URL, displayPath: String) throws(ScriptError) {
        let bytes: [UInt8]
        do { bytes = try TextFile.read(url, displayPath: displayPath) } catch {
            throw .unreadable(path: displayPath, reason: error.reason, missing: error.isMissing)
        }
        try self.init(bytes: bytes, path: displayPath)
    }

    /// Reads script bytes (a file's, or standard input's for `-`): UTF-8 text without NULs.
    package init(bytes: [UInt8], path: String) throws(ScriptError) {
        let text = bytes.contains(0) ? nil : String(validating: bytes, as: UTF8.self)
        guard let text else {
            throw .unreadable(path: path, reason: "it is not UTF-8 text (binary, or another encoding); save it as UTF-8")
        }
        try self.init(parsing: text, path: path)
    }

    /// The script text with each step's expected output replaced by `outputs` (same order); an
    /// expected line that still matches (written with `\u{…}` escapes) is kept as its author wrote
    /// it, and so are the line endings and a byte order mark. A new line is written with its
    /// invisible and space-like characters as the escapes `inspect` and a diff show (`\u{00A0}`).
    package func rendered(withOutputs outputs: [[String]]) -> String {
        var lines: [String] = []
        for (step, output) in zip(steps, outputs) {
            lines += step.leading
            lines.append(Self.commandPrefix + step.command)
            lines += output.enumerated().map { index, actual in
                index < step.expected.count && Self.matches(expected: step.expected[index], actual: actual)
                    ? step.expected[index] : Self.written(actual)
            }
        }
        lines += trailing
        return (startsWithByteOrderMark ? "\u{FEFF}" : "") + lines.map { $0 + lineEnding }.joined()
    }

    /// An output line as a script writes it: invisible and space-like characters as `\u{…}`
    /// escapes, unless the line already holds text that reads as an escape (`\u{41}` printed as it
    /// stands), which must stay raw to match.
    package static func written(_ line: String) -> String {
        guard VisibleText.hasInvisible(line) else { return line }
        let escaped = VisibleText.escaped(line)
        return VisibleText.unescaped(escaped) == line ? escaped : line
    }

    /// Whether an expected line says what was printed: the same text, or the same once its
    /// `\u{…}` escapes are read (`1\u{202F}234,50\u{00A0}€`).
    package static func matches(expected: String, actual: String) -> Bool {
        expected == actual || VisibleText.unescaped(expected) == actual
    }

    /// Whether a step's expected lines say what it printed, line by line.
    package static func matches(expected: [String], actual: [String]) -> Bool {
        expected.count == actual.count && zip(expected, actual).allSatisfy { matches(expected: $0, actual: $1) }
    }

    /// The same for the lines as a command returned them, read without copying their texts out.
    package static func matches(expected: [String], actual: [OutputLine]) -> Bool {
        expected.count == actual.count && zip(expected, actual).allSatisfy { matches(expected: $0, actual: $1.text) }
    }

    @_spi(Tools) public var text: String { rendered(withOutputs: steps.map(\.expected)) }
}

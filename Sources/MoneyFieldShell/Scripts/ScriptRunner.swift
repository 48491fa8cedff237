import Foundation
import MoneyFieldEngine

/// Replays scripts in fresh sessions and compares what they print with what they expect.
public struct ScriptRunner: Sendable {
    public var allowsWrite: Bool
    public var locale: String
    public var currency: String

    public init(
        allowsWrite: Bool = false, locale: String = LocaleCatalog.defaultIdentifier,
        currency: String = CurrencyCatalog.defaultCode
    ) {
        self.allowsWrite = allowsWrite
        self.locale = locale
        self.currency = currency
    }

    /// One step whose output differed.
    public struct Mismatch: Sendable, Equatable {
        public let line: Int
        public let command: String
        public let expected: [String]
        public let actual: [String]
    }

    /// How one script went.
    public struct Report: Sendable {
        public let path: String
        public let mismatches: [Mismatch]
        /// Set when the script could not be read or run at all.
        public let error: ScriptError?
        let transcript: Transcript?
        let outputs: [[String]]
        /// The line of a `quit` that left commands after it unrun; such a script is not rewritten.
        public var quitEarlyAt: Int? = nil

        public var commandCount: Int { transcript?.steps.count ?? 0 }
        /// The script with every expectation replaced by what was printed (for `--update`);
        /// made only when asked for, so a plain replay never renders text.
        public var updatedText: String? { quitEarlyAt == nil ? transcript?.rendered(withOutputs: outputs) : nil }
        public var originalText: String? { transcript?.text }
        /// Whether `--update` would change the file.
        public var needsUpdate: Bool { quitEarlyAt == nil && (transcript.map { $0.steps.map(\.expected) != outputs } ?? false) }

        public var passed: Bool { error == nil && mismatches.isEmpty }

        /// Worth telling even when the script passed (a cut recording).
        public var note: String? { transcript?.cutBlockNote.map { "\(path): \($0)" } }
    }

    /// Replays the script at `url`; `displayPath` names it in reports.
    public func run(_ url: URL, displayPath: String) -> Report {
        let transcript: Transcript
        do { transcript = try Transcript(contentsOf: url, displayPath: displayPath) } catch {
            return Report(path: displayPath, mismatches: [], error: error, transcript: nil, outputs: [])
        }
        let options = SessionOptions(
            locale: locale, currency: currency, isScript: true, allowsWrite: allowsWrite,
            directory: url.deletingLastPathComponent())
        let session: Session
        do { session = try Session(options: options) } catch {
            let failure = ScriptError.unreadable(path: displayPath, reason: error.words)
            return Report(path: displayPath, mismatches: [], error: failure, transcript: nil, outputs: [])
        }
        var outputs: [[String]] = []
        var mismatches: [Mismatch] = []
        var quitAt: Int?
        for step in transcript.steps {
            var actual: [String] = []
            if let quitAt {
                actual = ["error: never ran: the script quit at line \(quitAt)"]
            } else {
                let result = session.handle(step.command)
                actual = result.lines.map(\.text)
                if result.quits { quitAt = step.line }
            }
            outputs.append(actual)
            if actual != step.expected {
                mismatches.append(Mismatch(line: step.line, command: step.command, expected: step.expected, actual: actual))
            }
        }
        let hasUnrunSteps = quitAt.map { line in transcript.steps.contains { $0.line > line } } ?? false
        return Report(path: displayPath, mismatches: mismatches, error: nil, transcript: transcript, outputs: outputs,
                      quitEarlyAt: hasUnrunSteps ? quitAt : nil)
    }

    /// Every `*.session` below the given files and folders, sorted; a missing path is an error.
    public static func scripts(in paths: [String], base: URL) throws(ScriptError) -> [(url: URL, display: String)] {
        var found: [(url: URL, display: String)] = []
        for path in paths {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
            var status = stat()
            guard stat(url.path, &status) == 0 else {
                let error = FileError.describing(errno: errno, path: path)
                throw .unreadable(path: path, reason: errno == ENOENT ? "no such file or folder" : error.reason)
            }
            if status.st_mode & S_IFMT != S_IFDIR {
                found.append((url, path))
                continue
            }
            let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
            var inFolder: [(URL, String)] = []
            while let item = enumerator?.nextObject() as? URL {
                guard item.pathExtension == "session" else { continue }
                let relative = item.path.dropFirst(url.path.count).drop { $0 == "/" }
                inFolder.append((item, (path.hasSuffix("/") ? path : path + "/") + relative))
            }
            found += inFolder.sorted { $0.1 < $1.1 }
        }
        return found
    }
}

/// Prints a mismatch as a small diff, invisible characters made visible on differing lines.
public enum MismatchReport {
    public static func lines(for mismatch: ScriptRunner.Mismatch, path: String) -> [String] {
        var lines = ["\(path):\(mismatch.line): output differs", "  > \(mismatch.command)"]
        let entries = diff(mismatch.expected, mismatch.actual)
        // If either side has an invisible character, escape both so a space and U+00A0 differ visibly.
        let escapes = entries.contains { entry in
            switch entry {
            case .same: false
            case .expected(let text), .actual(let text): VisibleText.hasInvisible(text)
            }
        }
        func shown(_ text: String) -> String { escapes ? "\(text)    ⟨\(VisibleText.escaped(text))⟩" : text }
        for entry in entries {
            switch entry {
            case .same(let text): lines.append("    \(text)")
            case .expected(let text): lines.append("  - \(shown(text))")
            case .actual(let text): lines.append("  + \(shown(text))")
            }
        }
        lines.append("  (- expected, + actual; moneyfield test --update rewrites expectations)")
        return lines
    }

    enum Entry: Equatable { case same(String), expected(String), actual(String) }

    /// A longest-common-subsequence line diff; outputs are a few lines, so quadratic is fine.
    static func diff(_ expected: [String], _ actual: [String]) -> [Entry] {
        let rows = expected.count, columns = actual.count
        var table = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var entries: [Entry] = []
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, expected[i] == actual[j] {
                entries.append(.same(expected[i])); i += 1; j += 1
            } else if i < rows, j == columns || table[i + 1][j] >= table[i][j + 1] {
                entries.append(.expected(expected[i])); i += 1
            } else {
                entries.append(.actual(actual[j])); j += 1
            }
        }
        return entries
    }
}

import Foundation
import MoneyFieldEngine
import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// Replays scripts in fresh sessions and compares what they print with what they expect.
package struct ScriptRunner: Sendable {
    package var allowsWrite: Bool
    package var locale: String
    package var currency: String
    /// Reports keep each script and what it printed, which `--update` rewrites it from. Without
    /// them a script's text is freed once it is checked, and a thousand scripts reuse the same
    /// heap pages instead of faulting in fresh ones (a tenth of a replay was the kernel's).
    package var keepsScriptsForUpdate: Bool
    /// Asked before each command: true stops the script there (a signal seen inside one long
    /// script, not only between scripts); its report says `interrupted` and counts for nothing.
    package var isInterrupted: @Sendable () -> Bool = { false }

    package init(
        allowsWrite: Bool = false, locale: String = LocaleCatalog.defaultIdentifier,
        currency: String = CurrencyCatalog.defaultCode, keepsScriptsForUpdate: Bool = true
    ) {
        self.allowsWrite = allowsWrite
        self.locale = locale
        self.currency = currency
        self.keepsScriptsForUpdate = keepsScriptsForUpdate
    }

    /// One step whose output differed.
    package struct Mismatch: Sendable, Equatable {
        package let line: Int
        package let command: String
        package let expected: [String]
        package let actual: [String]
    }

    /// How one script went.
    package struct Report: Sendable {
        package let path: String
        package let mismatches: [Mismatch]
        /// Set when the script could not be read or run at all.
        package let error: ScriptError?
        /// Kept when the runner keeps scripts for `--update`.
        let transcript: Transcript?
        let outputs: [[String]]
        package let commandCount: Int
        /// Worth telling even when the script passed (a cut recording).
        package let note: String?
        /// The line of a `quit` that left commands after it unrun; such a script is not rewritten.
        package var quitEarlyAt: Int? = nil
        /// Stopped by a signal before its last command: neither passed nor failed, never rewritten.
        package var interrupted: Bool { stoppedAt != nil }
        /// Where the signal stopped it: the line of the first command not run, and how many ran.
        package var stoppedAt: (line: Int, commandsRun: Int)?
        package var duration: Duration = .zero

        init(
            path: String, mismatches: [Mismatch] = [], error: ScriptError? = nil, read transcript: Transcript? = nil,
            keeping: Bool = false, outputs: [[String]] = [], quitEarlyAt: Int? = nil, duration: Duration = .zero
        ) {
            self.path = path
            self.mismatches = mismatches
            self.error = error
            self.transcript = keeping ? transcript : nil
            self.outputs = keeping ? outputs : []
            self.commandCount = transcript?.steps.count ?? 0
            self.note = transcript?.cutBlockNote.map { "\(path): \($0)" }
            self.quitEarlyAt = quitEarlyAt
            self.duration = duration
        }
        /// The script with every expectation replaced by what was printed (for `--update`);
        /// made only when asked for, so a plain replay never renders text (nil unless the runner
        /// keeps scripts for update).
        package var updatedText: String? { quitEarlyAt == nil ? transcript?.rendered(withOutputs: outputs) : nil }
        package var originalText: String? { transcript?.text }
        /// Whether `--update` would change the file.
        package var needsUpdate: Bool {
            quitEarlyAt == nil && (transcript.map { !zip($0.steps, outputs).allSatisfy { Transcript.matches(expected: $0.expected, actual: $1) } } ?? false)
        }

        package var passed: Bool { error == nil && mismatches.isEmpty && commandCount > 0 }
        /// A script that read fine but holds no command: reported, never counted as a pass.
        package var isEmpty: Bool { error == nil && commandCount == 0 }
    }

    /// Replays the script at `url`; `displayPath` names it in reports.
    package func run(_ url: URL, displayPath: String) -> Report {
        let transcript: Transcript
        do { transcript = try Transcript(contentsOf: url, displayPath: displayPath) } catch {
            return Report(path: displayPath, error: error)
        }
        return run(transcript, displayPath: displayPath, directory: url.deletingLastPathComponent())
    }

    /// Replays the script at `file`'s own path bytes, so a name that is not UTF-8 is read as
    /// `cat` would read it.
    package func run(_ file: ScriptFile) -> Report {
        let transcript: Transcript
        do {
            let bytes = try TextFile.read(file.path, displayPath: file.display)
            transcript = try Transcript(bytes: bytes, path: file.display)
        } catch let error as FileError {
            return Report(path: file.display, error: .unreadable(path: file.display, reason: error.reason, missing: error.isMissing))
        } catch let error as ScriptError {
            return Report(path: file.display, error: error)
        } catch {
            return Report(path: file.display, error: .unreadable(path: file.display, reason: "\(error)"))
        }
        return run(transcript, displayPath: file.display, directory: file.url.deletingLastPathComponent())
    }

    /// Replays script bytes (standard input, `-`); relative paths in it resolve against `directory`.
    package func run(bytes: [UInt8], displayPath: String, directory: URL) -> Report {
        let transcript: Transcript
        do { transcript = try Transcript(bytes: bytes, path: displayPath) } catch {
            return Report(path: displayPath, error: error)
        }
        return run(transcript, displayPath: displayPath, directory: directory)
    }

    func run(_ transcript: Transcript, displayPath: String, directory: URL) -> Report {
        let started = ContinuousClock.now
        let options = SessionOptions(
            locale: locale, currency: currency, isScript: true, allowsWrite: allowsWrite, directory: directory)
        let session: Session
        do { session = try Session(options: options) } catch {
            let failure = ScriptError.unreadable(path: displayPath, reason: error.words)
            return Report(path: displayPath, error: failure)
        }
        var outputs: [[String]] = []
        if keepsScriptsForUpdate { outputs.reserveCapacity(transcript.steps.count) }
        var mismatches: [Mismatch] = []
        var quitAt: Int?
        for (run, step) in transcript.steps.enumerated() {
            if isInterrupted() {
                var report = Report(path: displayPath, read: transcript)
                report.stoppedAt = (step.line, run)
                return report
            }
            let lines: [OutputLine]
            if let quitAt {
                lines = [.error("never ran: the script quit at line \(quitAt)")]
            } else {
                let result = session.handle(step.command)
                lines = result.lines
                if result.quits { quitAt = step.line }
            }
            // The texts are copied out only when they are kept or differ.
            if keepsScriptsForUpdate { outputs.append(lines.map(\.text)) }
            if !Transcript.matches(expected: step.expected, actual: lines) {
                mismatches.append(Mismatch(line: step.line, command: step.command, expected: step.expected, actual: lines.map(\.text)))
            }
        }
        let hasUnrunSteps = quitAt.map { line in transcript.steps.contains { $0.line > line } } ?? false
        return Report(path: displayPath, mismatches: mismatches, read: transcript, keeping: keepsScriptsForUpdate, outputs: outputs,
                      quitEarlyAt: hasUnrunSteps ? quitAt : nil, duration: ContinuousClock.now - started)
    }

    /// Every `*.session` below the given files and folders, sorted; a missing path is an error.
    package static func scripts(in paths: [String], base: URL) throws(ScriptError) -> [(url: URL, display: String)] {
        try scriptFiles(in: paths.map { (RawPath($0), $0) }, base: base).map { ($0.url, $0.display) }
    }

    /// The same for paths as the system gave them (`argv`'s bytes), each with the text it was
    /// given as: found scripts keep their names' bytes, shown with bad bytes as `\xE9`.
    ///
    /// A file named twice (`b.session ./b.session`, a link to it, a folder and a script in it) is
    /// found once, where it was first named: played twice it would count twice, and `--update`
    /// would rewrite it twice.
    package static func scriptFiles(in paths: [(path: RawPath, given: String)], base: URL) throws(ScriptError) -> [ScriptFile] {
        var found: [ScriptFile] = []
        var seen = Set<FileIdentity>()
        for (raw, given) in paths {
            let shownPath = raw.isUTF8 ? given : raw.shown
            let full = raw.isAbsolute ? raw : RawPath(base.path).appending(raw)
            var status = stat()
            guard full.withCString({ stat($0, &status) }) == 0 else {
                let code = errno
                let reason = code == ENOENT ? "no such file or folder" : FileError.describing(errno: code, path: shownPath).reason
                throw .unreadable(path: shownPath, reason: reason, missing: code == ENOENT)
            }
            if status.st_mode & S_IFMT != S_IFDIR {
                if seen.insert(FileIdentity(status)).inserted { found.append(ScriptFile(path: full, display: shownPath)) }
                continue
            }
            var inFolder: [(ScriptFile, FileIdentity)] = []
            let prefix = (shownPath.hasSuffix("/") ? shownPath : shownPath + "/")
            FolderWalk.forEachEntry(below: full) { item, isFolder in
                // A folder named x.session is a folder, searched like any other, not a script.
                // `.session` alone is a hidden file with no extension, as Foundation reads names.
                let name = item.bytes.split(separator: UInt8(ascii: "/")).last ?? []
                guard !isFolder, item.hasSuffix(".session"), name.count > ".session".utf8.count else { return }
                var itemStatus = stat()
                guard item.withCString({ stat($0, &itemStatus) }) == 0, itemStatus.st_mode & S_IFMT == S_IFREG else { return }
                let relative = RawPath(bytes: item.bytes.dropFirst(full.bytes.count).drop { $0 == UInt8(ascii: "/") })
                inFolder.append((ScriptFile(path: item, display: prefix + relative.shown), FileIdentity(itemStatus)))
            }
            for (file, identity) in inFolder.sorted(by: { $0.0.display < $1.0.display }) where seen.insert(identity).inserted {
                found.append(file)
            }
        }
        return found
    }
}

/// What makes two paths one file: its device and inode, as `stat` gives them.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// A script found on disk: its path's own bytes (what opens it), and its name as reports show it.
package struct ScriptFile: Sendable {
    package let path: RawPath
    package let display: String

    package init(path: RawPath, display: String) {
        self.path = path
        self.display = display
    }

    /// For folder arithmetic (where `record` and `source` paths start); not for opening.
    package var url: URL { path.url }
}

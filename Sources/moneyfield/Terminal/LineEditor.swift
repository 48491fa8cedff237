import CLibEdit
import Foundation
import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
import MoneyFieldCheck

/// The prompt line on libedit: emacs keys, history kept in a file, Tab completion.
final class LineEditor {
    /// What one prompt gave back.
    enum Input: Equatable {
        /// A line as the terminal sent it (in the locale's encoding), without its newline.
        case line([UInt8])
        /// Ctrl-C: the line was abandoned.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal went away.
        case end
    }

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: HistoryFile?
    private let complete: (String) -> Completion
    private let useColor: Bool
    private var promptText: UnsafeMutablePointer<CChar>? = strdup("")
    /// Set once a history problem was reported, so it is reported once.
    private var historyWarned = false

    /// Marks the start and end of bytes in the prompt that take no room on screen.
    private static let invisible: CChar = 1

    init(historyFile: HistoryFile?, useColor: Bool, complete: @escaping (String) -> Completion) throws {
        // Standard output going to a pipe while a person types: the prompt goes where they look.
        let promptOnStderr: Int32 = isatty(STDOUT_FILENO) == 0 && isatty(STDERR_FILENO) == 1 ? 1 : 0
        guard let editLine = moneyfield_el_init(CommandLine.arguments.first ?? "moneyfield", promptOnStderr) else {
            throw ShellFailure("cannot start line editing (libedit el_init failed)")
        }
        guard let history = history_init() else {
            el_end(editLine)
            throw ShellFailure("cannot start line editing (libedit history_init failed)")
        }
        self.editLine = editLine
        self.history = history
        self.historyFile = historyFile
        self.useColor = useColor
        self.complete = complete

        moneyfield_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        moneyfield_el_set_editor(editLine, "emacs")
        moneyfield_el_set_signal(editLine, 1)
        moneyfield_el_set_prompt(editLine, linePrompt, Self.invisible)
        moneyfield_history_set_size(history, 1000)
        moneyfield_history_set_unique(history, 1)
        moneyfield_el_set_history(editLine, history)
        moneyfield_el_add_function(editLine, "moneyfield-complete", "Complete the command or argument", tabPressed)
        moneyfield_el_bind(editLine, "^I", "moneyfield-complete")
        // Arrows with Shift (or Ctrl) send `ESC [ 1 ; 2 D` and the like, which libedit leaves
        // unbound and half-reads as text (`2D`): the line has no selection, so they move as the
        // plain keys do (Ctrl by words).
        for (keys, function) in [("\\e[1;2D", "ed-prev-char"), ("\\e[1;2C", "ed-next-char"), ("\\e[1;2H", "ed-move-to-beg"),
                                 ("\\e[1;2F", "ed-move-to-end"), ("\\e[1;2A", "ed-prev-history"), ("\\e[1;2B", "ed-next-history"),
                                 ("\\e[1;5D", "ed-prev-word"), ("\\e[1;5C", "em-next-word"), ("\\e[1;3D", "ed-prev-word"),
                                 ("\\e[1;3C", "em-next-word")] {
            moneyfield_el_bind(editLine, keys, function)
        }
        // ~/.editrc (or $EDITRC) may rebind keys, as for every libedit program.
        el_source(editLine, nil)
        moneyfield_interrupt_reads_on_sigint()
        loadHistory()
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(promptText)
    }

    /// The prompt for the next line; with colour the name before `>` is bold.
    func setPrompt(_ prompt: String) {
        var text = prompt
        if useColor, let marker = prompt.ranges(of: "> ").last {
            let open = String(UnicodeScalar(UInt8(Self.invisible)))
            text = open + "\u{1B}[1m" + open + prompt[..<marker.lowerBound] + open + "\u{1B}[0m" + open + prompt[marker.lowerBound...]
        }
        free(promptText)
        promptText = strdup(text)
    }

    var promptPointer: UnsafeMutablePointer<CChar>? { promptText }

    /// Reads one line with editing.
    func readLine() -> Input {
        var count: Int32 = 0
        errno = 0
        guard let line = el_gets(editLine, &count) else {
            // el_gets returns NULL with -1 and EINTR when a signal (Ctrl-C) cut the read short,
            // and NULL with 0 for Ctrl-D on an empty line; any other failure ends the shell too.
            return count == -1 && errno == EINTR ? .interrupted : .end
        }
        var bytes = Array(UnsafeRawBufferPointer(start: line, count: Int(max(count, 0))))
        while let last = bytes.last, last == 10 || last == 13 { bytes.removeLast() }
        return .line(bytes)
    }

    /// Adds a line to the history and writes the file at once, so a killed shell loses nothing.
    func remember(_ line: [UInt8]) {
        // Completion leaves a space after the word; history keeps the command as it would be typed.
        var line = line
        while let last = line.last, last == 32 || last == 9 { line.removeLast() }
        guard !line.isEmpty else { return }
        (line + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = moneyfield_history_enter(history, $0.baseAddress) }
        }
        saveHistory()
    }

    /// Set when the history path holds something that is not a history file: it is never written.
    private var historyRefused = false

    private func loadHistory() {
        guard let historyFile, FileManager.default.fileExists(atPath: historyFile.url.path) else { return }
        guard historyFile.holdsHistory else {
            historyRefused = true
            warn("\(historyFile.url.path) is not a moneyfield history file; it is left as it is")
            return
        }
        if moneyfield_history_load(history, historyFile.url.path) < 0 {
            warn("cannot read the history in \(historyFile.url.path); it will be rewritten")
        }
    }

    private func saveHistory() {
        guard let historyFile, !historyRefused else { return }
        // Checked again: the file may have appeared since the shell started.
        guard historyFile.holdsHistory else {
            historyRefused = true
            warn("\(historyFile.url.path) is not a moneyfield history file; it is left as it is")
            return
        }
        do {
            try historyFile.prepareFolder()
        } catch {
            warn(error.message)
            return
        }
        // libedit rewrites the file it saves to in place; saving beside it and renaming means a
        // shell killed mid-write, or a full disk, leaves the previous history whole.
        let path = historyFile.target.path
        // An exclusive temporary with an unpredictable name (0600 from mkstemp), which libedit
        // then fills: nobody can plant a link where it writes.
        var template = Array((path + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            warn("cannot write the history beside \(path): \(String(cString: strerror(errno)))")
            return
        }
        close(descriptor)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The history keeps its own mode (mkstemp made the temporary 0600), and its bytes are on
        // the disk before the rename makes them the history.
        var status = stat()
        guard moneyfield_history_save(history, temporary) >= 0,
              stat(path, &status) != 0 || chmod(temporary, status.st_mode & 0o7777) == 0,
              Self.sync(temporary), rename(temporary, path) == 0
        else {
            warn("cannot write the history to \(path): \(String(cString: strerror(errno)))")
            unlink(temporary)
            return
        }
    }

    /// Flushes a file libedit wrote by path to the disk.
    private static func sync(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }

    private func warn(_ message: String) {
        guard !historyWarned else { return }
        historyWarned = true
        try? CheckedWriter.standardError.write("warning: \(VisibleText.terminalSafe(message)) (history is kept for this session only; set MONEYFIELD_HISTORY to choose the file)\n")
    }

    /// Tab: insert what is certain, list what is not, ring when nothing fits.
    fileprivate func completeAtCursor() -> UInt8 {
        guard let info = el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let before = UnsafeRawBufferPointer(start: start, count: cursor - start)
        let completion = complete(String(decoding: before, as: UTF8.self))
        switch completion.action {
        case .none:
            return UInt8(CC_ERROR)
        case .insert(let replacing, let text):
            if replacing > 0 { el_deletestr(editLine, Int32(replacing)) }
            guard el_insertstr(editLine, text) == 0 else { return UInt8(CC_ERROR) }
            return UInt8(CC_REFRESH)
        case .list(let candidates):
            // As libedit's own completion does: print below the line, then redraw prompt and line.
            fflush(nil)
            let size = TerminalSize.current()
            let lines = CandidateList.lines(candidates, width: size.columns, maximumRows: max(4, size.rows / 3))
            Output.write("\n" + lines.map { VisibleText.terminalSafe($0) + "\n" }.joined())
            return UInt8(CC_REDISPLAY)
        }
    }
}

/// libedit asks for the prompt through a C function; the editor is its client data.
private func linePrompt(_ editLine: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guard let editLine, let data = moneyfield_el_client_data(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().promptPointer
}

private func tabPressed(_ editLine: OpaquePointer?, _ key: Int32) -> UInt8 {
    guard let editLine, let data = moneyfield_el_client_data(editLine) else { return UInt8(CC_ERROR) }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().completeAtCursor()
}

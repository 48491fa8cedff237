import Foundation
import MoneyField
import MoneyFieldShell

/// The active field drawn as a kiosk screen, edited key by key until Enter or Esc.
///
/// Every key goes through `Session.handle` as a `type` command, exactly as if typed at the
/// prompt, so undo and `record` see kiosk edits.
struct KioskMode {
    let session: Session
    let console: Console

    static let hint = ["digits type · ←/→ Home End move · Backspace Delete erase", "- sign · c clear · Enter or Esc: done"]

    /// Runs until the person leaves; prints the final `NAME: DISPLAY` line.
    func run() {
        guard RawTerminal.enter() else {
            console.write(CommandResult(lines: [.error("kiosk needs the terminal, and standard input is not one")]))
            return
        }
        var message: OutputLine?
        var pending: [UInt8] = []
        var redraw = true
        reading: while true {
            let events = RawTerminal.takeEvents()
            if events.interrupted { break }
            redraw = redraw || events.resized || events.continued
            // Every whole key already read; a lone Esc waits briefly in case a sequence follows.
            while let (key, length) = KioskKeyDecoder.decode(pending[...], final: false) {
                pending.removeFirst(length)
                let leave: Bool
                (leave, message) = press(key, message: message)
                if leave { break reading }
                redraw = true
            }
            if redraw { draw(message: message) }
            redraw = false

            switch Self.read(waitingAtMost: pending.isEmpty ? nil : 50) {
            case .bytes(let bytes):
                pending += bytes
            case .quiet:
                // Nothing followed: what is pending is all there is (a lone Esc is Esc).
                if let (key, length) = KioskKeyDecoder.decode(pending[...], final: true) {
                    pending.removeFirst(length)
                    let leave: Bool
                    (leave, message) = press(key, message: message)
                    if leave { break reading }
                    redraw = true
                }
            case .interrupted:
                continue
            case .closed:
                break reading
            }
        }
        RawTerminal.restore()
        if let line = session.activeFieldLine { console.write(CommandResult(lines: [line])) }
    }

    /// Acts on one key: whether to leave, and the line to show under the box.
    private func press(_ key: KioskKey, message: OutputLine?) -> (leave: Bool, message: OutputLine?) {
        if let command = key.command {
            let result = session.handle(command)
            if result.rangBell { bell() }
            // The field line is the box itself; only a refusal or an error is worth a line.
            return (false, result.lines.last { $0.kind == .rejected || $0.kind == .error })
        }
        switch key {
        case .enter, .escape, .interrupt, .endOfInput:
            return (true, nil)
        case .suspend:
            RawTerminal.suspend()
            return (false, message)
        case .redraw:
            return (false, message)
        case .other(let text):
            bell()
            let shown = isPrintable(text) ? "\"\(text)\"" : "that key"
            return (false, OutputLine(.rejected, "\(shown) is not a kiosk key (see below)"))
        default:
            return (false, message)
        }
    }

    private enum ReadResult {
        case bytes(ArraySlice<UInt8>)
        case quiet
        case interrupted
        case closed
    }

    /// Bytes from the terminal, waiting for them without limit or at most `milliseconds`.
    private static func read(waitingAtMost milliseconds: Int32?) -> ReadResult {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds ?? -1)
        if ready < 0 { return errno == EINTR ? .interrupted : .closed }
        if ready == 0 { return .quiet }
        var chunk = [UInt8](repeating: 0, count: 256)
        let count = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR ? .interrupted : .closed }
        return count == 0 ? .closed : .bytes(chunk[..<count])
    }

    private func bell() {
        FileHandle.standardOutput.write(Data("\u{7}".utf8))
    }

    /// The box from the top of the screen, the real cursor at the caret.
    private func draw(message: OutputLine?) {
        guard let name = session.activeName, let field = session.activeField else { return }
        let size = TerminalSize.current()
        let drawing = KioskScreen.draw(name: name, field: field, width: min(44, max(24, size.columns - 4)))
        let margin = "  "
        var screen = "\u{1B}[H"
        var rows = [""] + drawing.lines.map { margin + $0 } + [""]
        rows.append(message.map { margin + console.styled($0) } ?? "")
        rows += Self.hint.map { margin + (console.useColor ? "\u{1B}[2m\($0)\u{1B}[0m" : $0) }
        screen += rows.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
        screen += "\u{1B}[J"
        // Rows and columns count from 1 in the cursor position sequence.
        screen += "\u{1B}[\(1 + 1 + drawing.caretRow);\(margin.count + drawing.caretColumn + 1)H"
        FileHandle.standardOutput.write(Data(screen.utf8))
    }
}

/// Whether `text` shows up as itself on a terminal: no control, format or unassigned characters.
private func isPrintable(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .unassigned, .privateUse, .surrogate: false
        default: true
        }
    }
}

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
        draw(message: message)
        reading: while true {
            var changed = false
            var leaving = false
            // Every whole key already read; a lone Esc waits briefly in case a sequence follows.
            while !leaving, let (key, length) = KioskKeyDecoder.decode(pending[...], final: false) {
                pending.removeFirst(length)
                (leaving, message) = press(key, message: message)
                changed = true
            }
            if leaving { break }
            if changed { draw(message: message) }

            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, pending.isEmpty ? -1 : 50)
            if ready < 0 {
                guard errno == EINTR else { break reading }
                let events = RawTerminal.takeEvents()
                if events.interrupted { break reading }
                if events.resized || events.continued { draw(message: message) }
                continue
            }
            if ready == 0 {
                if let (key, length) = KioskKeyDecoder.decode(pending[...], final: true) {
                    pending.removeFirst(length)
                    let (leave, newMessage) = press(key, message: message)
                    if leave { break reading }
                    message = newMessage
                    draw(message: message)
                }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break reading }
            pending += chunk[..<count]
        }
        RawTerminal.restore()
        if let name = session.activeName, let field = session.activeField {
            console.write(CommandResult(lines: [OutputLine(.field, "\(name): \(field.rendering.marked())")]))
        }
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

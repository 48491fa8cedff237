import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts
@_spi(Tools) import MoneyFieldCheck

/// The active field drawn as a kiosk screen, edited key by key until Enter or Esc.
///
/// Bytes become `KeyboardKey`s (`TerminalKeyDecoder`), `KeyTable` says which field key each
/// presses, and the session handles it as a typed key press, with undo and recording, as `type` would.
struct KioskMode {
    let session: Session
    let console: Console

    /// Every kiosk key from the key table, how to leave first: a hint cut short still says it.
    static let hintItems: [String] = ["Enter or Esc: done", "digits type"]
        + KeyTable.all.filter { !$0.kiosk.isEmpty }.map { "\($0.kioskLabel) \($0.name)" }

    /// The hint flowed into at most `lines` lines of `width` cells, by whole items: an item that
    /// does not fit on a line starts the next, and when the lines are full the rest is left out
    /// whole, a last `…` saying there is more, never an item cut (`Shift+Home sho…`). Only an item
    /// wider than a whole line (Tab's, at the narrowest box) is broken, at its spaces.
    /// A lone field whose leaving can show names Tab, which leaves it (a form's Tab has its own line).
    static func hint(width: Int, lines: Int = 2, tabLeaves: Bool = false) -> [String] {
        let items = tabLeaves ? [hintItems[0], "Tab: leave the field (<enter>)"] + hintItems.dropFirst() : hintItems
        let separator = " · "
        var result: [String] = []
        var line = ""
        var leftOut = false
        placing: for item in items {
            for piece in TerminalWidth.wrapped(item, to: width) {
                let joined = line.isEmpty ? piece : line + separator + piece
                if TerminalWidth.of(joined) <= width {
                    line = joined
                    continue
                }
                guard result.count + 1 < lines else {
                    leftOut = true
                    break placing
                }
                result.append(line)
                line = piece
            }
        }
        if !line.isEmpty { result.append(line) }
        guard leftOut, var last = result.popLast() else { return result }
        // Room for the `…` on the last line, taking whole items off its end as needed.
        while TerminalWidth.of(last + separator + "…") > width, let cut = last.ranges(of: separator).last {
            last = String(last[..<cut.lowerBound])
        }
        result.append(TerminalWidth.of(last + separator + "…") <= width ? last + separator + "…" : last)
        return result
    }

    /// Runs until the person leaves; prints the final `NAME: DISPLAY` line. Left by a signal the
    /// shell stops for (SIGTERM, SIGHUP), it gives the terminal back and prints nothing: the
    /// shell says where it stopped (`Interrupts.caught` says so).
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
            if events.interrupted || Interrupts.caught != 0 { break }
            redraw = redraw || events.resized || events.continued
            // The size the refusal named is stale once the terminal changes: say what happened in
            // words that fit the narrowest box whole, never a cut `the kiosk need…`.
            if events.resized, Self.refusesForSize(message) {
                message = OutputLine(.rejected, "not typed (too small)")
            }
            // Every whole key already read; a lone Esc waits briefly in case a sequence follows.
            while let (key, length) = TerminalKeyDecoder.decode(pending[...], final: false) {
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
                if let (key, length) = TerminalKeyDecoder.decode(pending[...], final: true) {
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
        if Interrupts.caught != 0 { return }
        if let line = session.activeFieldLine { console.write(CommandResult(lines: [line])) }
    }

    /// Acts on one key: whether to leave, and the line to show under the box.
    private func press(_ input: TerminalInput, message: OutputLine?) -> (leave: Bool, message: OutputLine?) {
        guard case .key(let keyboardKey) = input else {
            bell()
            return (false, OutputLine(.rejected, "that key is not a kiosk key (see below)"))
        }
        // Too small to show the field: a key would change an amount (or a Tab the field) nobody sees.
        if KeyTable.key(forKiosk: keyboardKey) != nil || keyboardKey == .tab || keyboardKey == .backTab, let needed = shortfall() {
            bell()
            return (false, OutputLine(.rejected, "\(Self.tooSmallPrefix)\(needed.columns)×\(needed.rows) to show the field"))
        }
        if let key = KeyTable.key(forKiosk: keyboardKey) {
            let result = session.handle(.press(KeyPress([key])))
            if result.rangBell { bell() }
            // The field line is the box itself; only a refusal or an error is worth a line.
            return (false, result.lines.last { $0.kind == .rejected || $0.kind == .error })
        }
        switch keyboardKey {
        case .enter, .escape, .control("c"), .control("d"):
            return (true, nil)
        case .tab, .backTab:
            // Tab leaves the field, as in a browser: where leaving can show (a natural field's
            // fraction, an empty field's symbol) it presses <enter> first, recorded as `type <enter>`;
            // in a form it then moves to the next or previous field, recorded as `use NAME`.
            let names = session.fields.map(\.name)
            let leaves = session.activeField?.configuration.leavingCanShow == true
            var refusal: OutputLine?
            if leaves {
                let result = session.handle(.press(KeyPress([.enter])))
                if result.rangBell { bell() }
                refusal = result.lines.last { $0.kind == .rejected || $0.kind == .error }
            }
            guard names.count > 1, let active = session.activeName, let index = names.firstIndex(of: active) else {
                if leaves { return (false, refusal ?? OutputLine(.plain, "left the field, as <enter>: the next key comes back to it")) }
                bell()
                return (false, OutputLine(.rejected, "one field only: Tab moves between fields (make more with new)"))
            }
            let next = names[(index + (keyboardKey == .tab ? 1 : names.count - 1)) % names.count]
            _ = session.handle(.use(next))
            return (false, refusal)
        case .control("z"):
            RawTerminal.suspend()
            return (false, message)
        case .control("l"):
            return (false, message)
        case .character(let character):
            bell()
            return (false, OutputLine(.rejected, "\"\(VisibleText.escaped(String(character)))\" is not a kiosk key (see below)"))
        // Every terminal key named, no `default:`: editing keys the table binds were pressed above.
        case .backspace, .delete, .left, .right, .home, .end, .shiftLeft, .shiftRight, .shiftHome, .shiftEnd, .control:
            bell()
            return (false, OutputLine(.rejected, "that key is not a kiosk key (see below)"))
        }
    }

    enum ReadResult {
        case bytes(ArraySlice<UInt8>)
        case quiet
        case interrupted
        case closed
    }

    /// Bytes from the terminal, waiting for them without limit or at most `milliseconds`; a
    /// noted signal (`Interrupts`' wake pipe) ends the wait, even one that lands just before it.
    static func read(waitingAtMost milliseconds: Int32?) -> ReadResult {
        var watched = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: Interrupts.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&watched, Interrupts.wakeDescriptor >= 0 ? 2 : 1, milliseconds ?? -1)
        if ready < 0 { return errno == EINTR ? .interrupted : .closed }
        if ready == 0 { return .quiet }
        if watched[1].revents != 0 {
            // The signal's byte taken: `Interrupts.caught` is what the caller reads.
            var byte: UInt8 = 0
            _ = Foundation.read(Interrupts.wakeDescriptor, &byte, 1)
            if watched[0].revents == 0 { return .interrupted }
        }
        var chunk = [UInt8](repeating: 0, count: 256)
        let count = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR ? .interrupted : .closed }
        return count == 0 ? .closed : .bytes(chunk[..<count])
    }

    private func bell() {
        Output.write("\u{7}")
    }

    /// The terminal size the kiosk needs to draw the active field, when this terminal is
    /// smaller; nil when it fits.
    private func shortfall() -> (columns: Int, rows: Int)? {
        guard let view = session.activeView else { return nil }
        let layout = Layout(view: view, size: TerminalSize.current(), isForm: session.fields.count > 1, leavingCanShow: leavingCanShow, marking: marking)
        return layout.fits ? nil : layout.needed
    }

    /// How the caret's selection shows: reverse video in colour, else brackets (which take room).
    private var marking: FieldView.Marking { console.useColor ? .reverseVideo : .brackets }

    /// Whether Tab leaves the active field (`<enter>`), which the hint then says.
    private var leavingCanShow: Bool { session.activeField?.configuration.leavingCanShow == true }

    /// How the refusal of a key pressed while the terminal is too small begins.
    static let tooSmallPrefix = "not typed: the kiosk needs "

    /// Whether `message` is the refusal of a key pressed while the terminal was too small.
    static func refusesForSize(_ message: OutputLine?) -> Bool { message?.text.hasPrefix(tooSmallPrefix) == true }

    /// Where the kiosk's parts go on a terminal of `size`.
    struct Layout {
        let drawing: KioskScreen.Drawing
        private(set) var hint: [String]
        /// A form's Tab line, wrapped at spaces to the width (never cut mid-word), then a blank.
        let tabHint: [String]
        let room: Int
        private(set) var fixedRows: Int
        /// Rows a message may wrap into besides its own before the hint takes more lines.
        static let messageRows = 2
        /// A size at which this very layout fits, said when this terminal is too small.
        let needed: (columns: Int, rows: Int)
        let fits: Bool
        static let margin = "  "

        /// `listed`: the lines a form lists its fields on (0 for a lone field), which come before
        /// the hint's extra lines.
        init(view: FieldView, size: TerminalSize, isForm: Bool, leavingCanShow: Bool = false, marking: FieldView.Marking, listed: Int = 0) {
            let parts = Parts(view: view, columns: size.columns, isForm: isForm, leavingCanShow: leavingCanShow, marking: marking)
            (drawing, hint, tabHint, room, fixedRows) = (parts.drawing, parts.hint, parts.tabHint, parts.room, parts.fixedRows)
            fits = size.columns >= parts.least.columns && size.rows >= parts.least.rows
            // Rows to spare (after the list, and two for a message wrapped long) show the rest of
            // the hint: at 100×30 every key, Shift+End and Ctrl-A too. The least size keeps two.
            let spare = size.rows - parts.fixedRows - listed - Self.messageRows
            if spare > 0 {
                hint = KioskMode.hint(width: room, lines: hint.count + spare, tabLeaves: !isForm && leavingCanShow)
                fixedRows = parts.fixedRows - parts.hint.count + hint.count
            }
            // The box and the hint's lines change with the width, so the size to ask for is one
            // the layout drawn at that very size fits, both numbers together: this width when the
            // box fits in it, else the first wider one that holds the box, with its own rows.
            var columns = size.columns, least = parts.least
            while columns < least.columns && columns < 10_000 {
                columns += 1
                least = Parts(view: view, columns: columns, isForm: isForm, leavingCanShow: leavingCanShow, marking: marking).least
            }
            needed = (columns: columns, rows: least.rows)
        }

        /// The parts drawn for a terminal `columns` wide, and the least size that holds them.
        private struct Parts {
            let drawing: KioskScreen.Drawing
            let hint: [String]
            let tabHint: [String]
            let room: Int
            let fixedRows: Int
            let least: (columns: Int, rows: Int)

            init(view: FieldView, columns: Int, isForm: Bool, leavingCanShow: Bool, marking: FieldView.Marking) {
                drawing = KioskScreen.draw(view, width: min(44, max(24, columns - 4)), marking: marking)
                room = max(10, columns - Layout.margin.count)
                hint = KioskMode.hint(width: room, tabLeaves: !isForm && leavingCanShow)
                tabHint = isForm ? TerminalWidth.wrapped("Tab / Shift-Tab: next / previous field", to: room) + [""] : []
                // Rows besides the list: the top line, the box, a blank, the message, the hint, and for a
                // form its Tab lines and a blank; the list needs at least the active field's line.
                fixedRows = 1 + drawing.lines.count + 2 + hint.count + tabHint.count
                least = (columns: TerminalWidth.of(drawing.lines[0]) + Layout.margin.count, rows: fixedRows + (isForm ? 1 : 0))
            }
        }
    }

    /// The box from the top of the screen, the real cursor at the caret. With many fields the
    /// list above the box scrolls to keep the active one in view; the box never moves off screen.
    private func draw(message: OutputLine?) {
        guard let view = session.activeView else { return }
        let size = TerminalSize.current()
        let isForm = session.fields.count > 1
        let layout = Layout(view: view, size: size, isForm: isForm, leavingCanShow: leavingCanShow, marking: marking,
                            listed: isForm ? session.fields.count : 0)
        let (drawing, hint, room, fixedRows, needed) = (layout.drawing, layout.hint, layout.room, layout.fixedRows, layout.needed)
        let margin = Layout.margin
        var screen = "\u{1B}[H"
        // Too small for the box: say what it needs rather than draw a wrapped box with the cursor
        // astray; field keys are refused meanwhile (see `press`).
        if !layout.fits {
            var text = "kiosk needs \(needed.columns)×\(needed.rows); this terminal is \(size.columns)×\(size.rows). Enlarge it, or Esc. Keys are not typed until then."
            // A key pressed meanwhile is answered here too: seen to be refused, not lost.
            if Self.refusesForSize(message) { text += " (A key was refused.)" }
            let lines = TerminalWidth.wrapped(text, to: max(1, size.columns)).prefix(max(1, size.rows))
            Output.write(screen + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
            return
        }
        // A form: every field on a line, the active one marked, as many as fit around it.
        var form: [String] = []
        if isForm {
            let names = session.fields.map(\.name)
            let active = names.firstIndex(of: view.name) ?? 0
            let window = Self.window(count: names.count, around: active, rows: size.rows - fixedRows)
            form = window.map { index in
                guard let index else { return "  …" }
                let entry = session.fields[index]
                return TerminalWidth.cut((index == active ? "▸ " : "  ") + entry.name + ": " + entry.field.display, to: room)
            }.map { margin + $0 } + layout.tabHint.map { $0.isEmpty ? "" : margin + $0 }
        }
        var rows = [""] + form + drawing.lines.map { margin + $0 } + [""]
        // Lines under the box are cut to the width: a wrapped line would push nothing, but one
        // that wraps above the cursor would move the caret's row.
        // A message is wrapped at spaces over the rows left below the box, so a refusal's
        // reason is read whole at 60 columns; what still does not fit ends in `…`.
        let spare = max(0, size.rows - fixedRows - (form.count - layout.tabHint.count))
        var messageLines = message.map { TerminalWidth.wrapped($0.text, to: room, indent: "  ") } ?? [""]
        if messageLines.count > 1 + spare {
            messageLines = Array(messageLines.prefix(1 + spare))
            messageLines[messageLines.count - 1] = TerminalWidth.cut(messageLines[messageLines.count - 1] + " …", to: room)
        }
        rows += messageLines.map { text in message.map { margin + console.styled(OutputLine($0.kind, text)) } ?? "" }
        rows += hint.map { margin + (console.useColor ? "\u{1B}[2m\($0)\u{1B}[0m" : $0) }
        screen += rows.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
        screen += "\u{1B}[J"
        // Rows and columns count from 1 in the cursor position sequence.
        screen += "\u{1B}[\(1 + 1 + form.count + drawing.caretRow);\(margin.count + drawing.caretColumn + 1)H"
        Output.write(screen)
    }

    /// Which of `count` lines to show in `rows` rows so that line `active` is among them: nil
    /// stands for a `…` line in place of those left out above or below.
    static func window(count: Int, around active: Int, rows: Int) -> [Int?] {
        guard count > rows else { return Array(0..<count) }
        guard rows >= 3 else { return [active] }
        let shown = rows - 2
        let first = min(max(0, active - shown / 2), count - shown)
        var lines: [Int?] = Array(first..<(first + shown))
        if first > 0 { lines.insert(nil, at: 0) }
        if first + shown < count { lines.append(nil) }
        return lines
    }
}

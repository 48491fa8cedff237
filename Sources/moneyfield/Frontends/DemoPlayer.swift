import Foundation
import MoneyFieldIO
import MoneyFieldScripts

/// Plays a demo plan on the terminal's alternate screen, with keys to go on, back, pause and quit.
/// A resize redraws the screen at once, laid out again for the new size, or says what size the
/// demo needs while the terminal is too small for it.
struct DemoPlayer {
    private(set) var plan: DemoPlan
    let waitsAfterEachStep: Bool
    /// Works the plan out again for a terminal of the given columns, after a resize; nil keeps
    /// the first plan (a script that may write files is not played a second time).
    let replan: ((Int) -> DemoPlan?)?
    /// The columns `plan` was worked out for.
    private var plannedColumns: Int

    init(plan: DemoPlan, columns: Int, waitsAfterEachStep: Bool, replan: ((Int) -> DemoPlan?)? = nil) {
        self.plan = plan
        plannedColumns = columns
        self.waitsAfterEachStep = waitsAfterEachStep
        self.replan = replan
    }

    enum Action { case next, back, pause, quit, interrupt, resize }

    /// How a played demo ended: to its end, or left at a step (0-based) by `q` or Ctrl-C.
    enum Ending: Equatable {
        case finished
        case quit(step: Int)
        case interrupted(step: Int)
    }

    /// The narrowest terminal a plan is worked out for.
    static let narrowest = 30

    /// The terminal a plan needs: its widest line, and its lines, a blank and the footer.
    static func needed(for plan: DemoPlan) -> TerminalSize {
        TerminalSize(columns: max(narrowest, plan.width), rows: plan.height + 2)
    }

    mutating func play() -> Ending {
        guard RawTerminal.enter() else { return .finished }
        defer { RawTerminal.restore() }
        var index = 0
        var paused = false
        while index < plan.frames.count {
            let frame = plan.frames[index]
            let isLast = index == plan.frames.count - 1
            let size = TerminalSize.current()
            let needed = Self.needed(for: plan)
            let fits = size.columns >= needed.columns && size.rows >= needed.rows
            if fits {
                // One cell spare: a footer in the last column would scroll the screen.
                draw(frame, footer: Self.footer(step: frame.step, of: plan.stepCount, paused: paused, isLast: isLast, width: max(1, size.columns - 1)))
            } else {
                drawTooSmall(needed: needed, size: size)
            }
            // Too small, the demo waits: a screen nobody can read does not go by.
            let waitsForKey = !fits || paused || (waitsAfterEachStep && frame.isResult) || isLast
            let action = wait(milliseconds: waitsForKey ? nil : frame.milliseconds)
            switch action {
            case .resize?:
                // The same screen again, laid out for the new size (its hold starts over).
                fit(to: TerminalSize.current())
                continue
            case .interrupt?: return .interrupted(step: frame.step)
            // q on the end marker leaves a finished demo.
            case .quit?: return isLast && fits ? .finished : .quit(step: frame.step)
            case nil, .next?, .pause?, .back?:
                // Too small, only q and Ctrl-C act: nobody sees where Enter or ← would go.
                guard fits else { continue }
            }
            switch action {
            case nil: index += 1
            case .next?:
                paused = false
                index += 1
            case .pause?: paused.toggle()
            case .back?:
                // The result of the step before this one, held until a key. With --step a result
                // waits anyway, so nothing is paused; timed, the demo pauses there (p resumes).
                let current = frame.isResult ? frame.step : frame.step - 1
                if let earlier = plan.frames.lastIndex(where: { $0.isResult && $0.step < current }) { index = earlier }
                paused = !waitsAfterEachStep
            case .resize?, .interrupt?, .quit?: break
            }
        }
        return .finished
    }

    /// Works the plan out again for a terminal `size.columns` wide, when it may be; the frames
    /// are the same in number and order, so the screen shown stays the same.
    private mutating func fit(to size: TerminalSize) {
        let columns = max(Self.narrowest, size.columns)
        guard let replan, columns != plannedColumns else { return }
        guard let fitted = replan(columns), fitted.frames.count == plan.frames.count else { return }
        plan = fitted
        plannedColumns = columns
    }

    /// Waits for a key, at most `milliseconds` (nil: until one comes); nil when the time ran out.
    /// A resize or a continue after Ctrl-Z ends the wait, to redraw.
    private func wait(milliseconds: Int?) -> Action? {
        let deadline = milliseconds.map { Date().addingTimeInterval(Double($0) / 1000) }
        var pending: [UInt8] = []
        var resized = false
        while true {
            let events = RawTerminal.takeEvents()
            // Ctrl-C as a key or SIGINT, or SIGTERM and SIGHUP, which the demo stops for.
            if events.interrupted || Interrupts.caught != 0 { return .interrupt }
            resized = resized || events.resized || events.continued
            if resized && pending.isEmpty { return .resize }
            let left = deadline.map { Int32(max(0, $0.timeIntervalSinceNow * 1000)) }
            if let left, left == 0, pending.isEmpty { return nil }
            // Never an endless poll: a resize that lands between the look at the events and the
            // poll is seen within a quarter of a second.
            switch KioskMode.read(waitingAtMost: pending.isEmpty ? min(left ?? 250, 250) : 50) {
            case .bytes(let bytes): pending += bytes
            case .quiet:
                if pending.isEmpty { continue }
            case .interrupted: continue
            case .closed: return .quit
            }
            while let (input, length) = TerminalKeyDecoder.decode(pending[...], final: true) {
                pending.removeFirst(length)
                guard case .key(let key) = input else { continue }
                switch key {
                case .enter, .right, .character("n"), .character("l"): return .next
                case .left, .character("b"), .character("h"): return .back
                case .character("p"), .character(" "): return .pause
                case .control("c"): return .interrupt
                case .character("q"), .escape, .control("d"): return .quit
                case .character, .control, .backspace, .delete, .home, .end, .shiftLeft, .shiftRight, .shiftHome, .shiftEnd, .tab, .backTab:
                    continue
                }
            }
        }
    }

    /// The line under the screen: where the demo is and the keys that work now, in `width`
    /// cells. Paused, `p` resumes; on the last screen the demo says it is over and how to leave.
    /// Narrow, what matters least now gives way first, whole (`p pause`, then `← back`), or says
    /// itself shorter (`→ next` for `Enter next`), never a word cut (`p pa…`): at the narrowest
    /// terminal a demo is drawn on (30 columns, 29 cells with the spare one) every footer fits
    /// whole. Only a place that alone is wider than `width`, never drawn, is cut.
    static func footer(step: Int, of count: Int, paused: Bool, isLast: Bool, width: Int = .max) -> String {
        let place = "step \(min(step + 1, max(count, 1)))/\(count)"
        enum Giving { case drop(String), shorten(String, to: String) }
        var items: [String], givings: [Giving]
        if isLast {
            items = [place, "end of demo", "Enter or q leaves", "← back"]
            givings = [.drop("← back"), .drop("end of demo"), .shorten("Enter or q leaves", to: "q leaves"), .drop("q leaves")]
        } else if paused {
            items = [place, "paused", "Enter next", "← back", "p resume", "q quit"]
            // `p resume` says the demo is paused.
            givings = [.drop("← back"), .drop("Enter next"), .drop("paused"), .drop("q quit"), .drop("p resume")]
        } else {
            items = [place, "Enter next", "← back", "p pause", "q quit"]
            // → goes on as Enter does, in fewer cells.
            givings = [.drop("p pause"), .drop("← back"), .shorten("Enter next", to: "→ next"), .drop("q quit"), .drop("→ next")]
        }
        for giving in givings where TerminalWidth.of(items.joined(separator: " · ")) > width {
            switch giving {
            case .drop(let item): items.removeAll { $0 == item }
            case .shorten(let item, let shorter): items = items.map { $0 == item ? shorter : $0 }
            }
        }
        return TerminalWidth.cut(items.joined(separator: " · "), to: width)
    }

    private func draw(_ frame: DemoPlan.Frame, footer: String) {
        var shown = frame
        shown.body += ["", "\u{1B}[2m" + footer + "\u{1B}[0m"]
        var screen = AsciiCast.draw(shown)
        screen = screen.replacing("\r\n", with: "\u{1B}[K\r\n")
        Output.write(screen)
    }

    /// In place of a screen the terminal cannot hold: the size that holds it, as the kiosk says.
    private func drawTooSmall(needed: TerminalSize, size: TerminalSize) {
        let text = "the demo needs \(needed.columns)×\(needed.rows); this terminal is \(size.columns)×\(size.rows). "
            + "Enlarge it, or q quits. The demo waits until then."
        let lines = TerminalWidth.wrapped(text, to: max(1, size.columns)).prefix(max(1, size.rows))
        // The cursor home, out of the way of the words.
        Output.write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n") + "\u{1B}[H")
    }
}

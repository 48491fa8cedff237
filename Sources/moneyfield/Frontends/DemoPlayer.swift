import Foundation
import MoneyFieldIO
import MoneyFieldScripts

/// Plays a demo plan on the terminal's alternate screen, with keys to go on, back, pause and quit.
struct DemoPlayer {
    let plan: DemoPlan
    let waitsAfterEachStep: Bool

    enum Action { case next, back, pause, quit, interrupt }

    /// How a played demo ended: to its end, or left at a step (0-based) by `q` or Ctrl-C.
    enum Ending: Equatable {
        case finished
        case quit(step: Int)
        case interrupted(step: Int)
    }

    func play() -> Ending {
        guard RawTerminal.enter() else { return .finished }
        defer { RawTerminal.restore() }
        var index = 0
        var paused = false
        while index < plan.frames.count {
            let frame = plan.frames[index]
            draw(frame, footer: Self.footer(step: frame.step, of: plan.stepCount, paused: paused, isLast: index == plan.frames.count - 1))
            let waitsForKey = paused || (waitsAfterEachStep && frame.isResult) || index == plan.frames.count - 1
            switch wait(milliseconds: waitsForKey ? nil : frame.milliseconds) {
            case nil: index += 1
            case .next?:
                paused = false
                index += 1
            case .pause?: paused.toggle()
            // q on the end marker leaves a finished demo.
            case .quit?: return index == plan.frames.count - 1 ? .finished : .quit(step: frame.step)
            case .interrupt?: return .interrupted(step: frame.step)
            case .back?:
                // The result of the step before this one, held until a key.
                let current = frame.isResult ? frame.step : frame.step - 1
                if let earlier = plan.frames.lastIndex(where: { $0.isResult && $0.step < current }) { index = earlier }
                paused = true
            }
        }
        return .finished
    }

    /// Waits for a key, at most `milliseconds` (nil: until one comes); nil when the time ran out.
    private func wait(milliseconds: Int?) -> Action? {
        let deadline = milliseconds.map { Date().addingTimeInterval(Double($0) / 1000) }
        var pending: [UInt8] = []
        while true {
            if RawTerminal.takeEvents().interrupted { return .interrupt }
            let left = deadline.map { Int32(max(0, $0.timeIntervalSinceNow * 1000)) }
            if let left, left == 0, pending.isEmpty { return nil }
            switch KioskMode.read(waitingAtMost: pending.isEmpty ? left : 50) {
            case .bytes(let bytes): pending += bytes
            case .quiet:
                if pending.isEmpty { return nil }
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

    /// The line under the screen: where the demo is and the keys that work now. Paused, `p`
    /// resumes; on the last screen the demo says it is over and how to leave.
    static func footer(step: Int, of count: Int, paused: Bool, isLast: Bool) -> String {
        let place = "step \(min(step + 1, max(count, 1)))/\(count)"
        if isLast { return "\(place) · end of demo · Enter or q leaves · ← back" }
        return "\(place)\(paused ? " · paused" : "") · Enter next · ← back · \(paused ? "p resume" : "p pause") · q quit"
    }

    private func draw(_ frame: DemoPlan.Frame, footer: String) {
        var shown = frame
        // Cut to the terminal: a wrapped footer would scroll the screen.
        shown.body += ["", "\u{1B}[2m" + TerminalWidth.cut(footer, to: max(1, TerminalSize.current().columns - 1)) + "\u{1B}[0m"]
        var screen = AsciiCast.draw(shown)
        screen = screen.replacing("\r\n", with: "\u{1B}[K\r\n")
        Output.write(screen)
    }
}

import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

extension Adapter.Failure {
    /// The failure as the report says it: what went wrong, the request that caused it, and the
    /// end of the adapter's stderr (escaped).
    package func reportLines(neverStarted: Bool) -> [String] {
        switch self {
        case .interrupted:
            return ["interrupted; the adapters were stopped"]
        case .cannotStart(let message):
            return [message]
        case .broke(let request, let problem, let stderr):
            var lines = [(neverStarted ? "the adapter could not start: " : "the adapter is broken: ") + problem.words, "  request: \(request)"]
            if request.hasPrefix(AdapterRequest.tap(0).line.prefix { $0 != "," }) {
                lines.append("  (it listed tap in its reply to new, \"takes\":[\"tap\"]; an adapter that cannot put its caret leaves tap out, and check then ends each session at its first difference)")
            }
            if !stderr.isEmpty {
                lines += ["  its stderr ended with:"] + stderr.split(separator: "\n").suffix(8).map { "    " + VisibleText.escaped(String($0), .terminalUnsafe) }
            }
            return lines
        }
    }
}

import Foundation

/// The terminal's size in cells, from the standard output's window size.
struct TerminalSize: Equatable {
    var columns: Int
    var rows: Int

    static func current() -> TerminalSize {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return TerminalSize(columns: 80, rows: 24)
        }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}

/// Completion candidates in columns, as shells list them; what does not fit is counted.
enum CandidateList {
    static func lines(_ candidates: [String], width: Int, maximumRows: Int) -> [String] {
        guard !candidates.isEmpty else { return [] }
        let cell = (candidates.map(\.count).max() ?? 0) + 2
        let columns = max(1, width / cell)
        let rowsNeeded = (candidates.count + columns - 1) / columns
        let rows = min(rowsNeeded, maximumRows)
        let shown = rowsNeeded <= maximumRows ? candidates.count : (rows - 1) * columns
        var lines: [String] = []
        // Down the columns first, like ls: a sorted list reads top to bottom.
        let rowsUsed = (shown + columns - 1) / columns
        for row in 0..<rowsUsed {
            var line = ""
            for column in 0..<columns {
                let index = column * rowsUsed + row
                guard index < shown else { break }
                let name = candidates[index]
                line += name + String(repeating: " ", count: max(0, cell - name.count))
            }
            lines.append(String(line.reversed().drop(while: { $0 == " " }).reversed()))
        }
        if shown < candidates.count {
            lines.append("… and \(candidates.count - shown) more; type more of the word")
        }
        return lines
    }
}

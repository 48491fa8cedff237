/// Picks the closest known names to a mistyped one, for "did you mean …?" messages.
public enum Suggestions {
    /// Up to `limit` candidates, nearest first, within a distance that still looks like a typo.
    ///
    /// Candidates within the allowed edit distance come first, nearest first; among equally near
    /// ones, a longer shared start wins (`en_UX` is nearer `en_US` than `en_CX`), then a slip to a
    /// neighbouring key (`X` for `S`), then the name. A candidate beyond the distance that shares the
    /// first two characters (`de` for `de_XX`) is still offered after the near ones.
    public static func closest(to input: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let needle = Array(input.lowercased().unicodeScalars)
        let allowed = max(2, needle.count / 3)
        var scored: [(distance: Int, sharedStart: Int, farSlips: Int, name: String)] = []
        for candidate in candidates {
            let hay = Array(candidate.lowercased().unicodeScalars)
            var distance = editDistance(needle, hay, cutoff: allowed)
            if distance > allowed {
                guard needle.count >= 2, hay.starts(with: needle.prefix(2)) else { continue }
                distance = allowed + 1
            }
            let sharedStart = zip(needle, hay).prefix { $0 == $1 }.count
            scored.append((distance, sharedStart, farSlips(needle, hay), candidate))
        }
        scored.sort { ($0.distance, -$0.sharedStart, $0.farSlips, $0.name) < ($1.distance, -$1.sharedStart, $1.farSlips, $1.name) }
        return scored.prefix(limit).map(\.name)
    }

    /// Edit distance counting an insertion, deletion, substitution or swap of two neighbours as one
    /// (optimal string alignment), so `GPB` is one edit from `GBP`; anything above `cutoff` is `cutoff + 1`.
    static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], cutoff: Int) -> Int {
        if abs(lhs.count - rhs.count) > cutoff { return cutoff + 1 }
        if lhs.isEmpty || rhs.isEmpty { return min(max(lhs.count, rhs.count), cutoff + 1) }
        var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = previous
        for i in 1...lhs.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...rhs.count {
                var distance = min(previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    distance = min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
                rowMinimum = min(rowMinimum, distance)
            }
            // A swap reaches back two rows but never below the row between, so this exit is safe.
            if rowMinimum > cutoff { return cutoff + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return min(previous[rhs.count], cutoff + 1)
    }

    /// Substituted characters that are not neighbours on a QWERTY keyboard (0 for `x` → `s`);
    /// names of different lengths count as one more than any same-length name can.
    static func farSlips(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        guard lhs.count == rhs.count else { return lhs.count + 1 }
        return zip(lhs, rhs).filter { $0 != $1 && !areNeighbours($0, $1) }.count
    }

    private static let keyboardRows: [[Unicode.Scalar]] = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"]
        .map { Array($0.unicodeScalars) }

    private static func areNeighbours(_ lhs: Unicode.Scalar, _ rhs: Unicode.Scalar) -> Bool {
        func position(_ key: Unicode.Scalar) -> (row: Int, column: Int)? {
            for (row, keys) in keyboardRows.enumerated() {
                if let column = keys.firstIndex(of: key) { return (row, column) }
            }
            return nil
        }
        guard let a = position(lhs), let b = position(rhs) else { return false }
        // Rows are staggered: a key touches the two keys below it at its column and the one before.
        switch b.row - a.row {
        case 0: return abs(a.column - b.column) == 1
        case 1: return b.column == a.column || b.column == a.column - 1
        case -1: return a.column == b.column || a.column == b.column - 1
        default: return false
        }
    }

    /// " (did you mean X or Y?)" or "" when nothing is close.
    public static func didYouMean(_ names: [String]) -> String {
        switch names.count {
        case 0: ""
        case 1: "; did you mean \(names[0])?"
        default: "; did you mean \(names.dropLast().joined(separator: ", ")) or \(names.last!)?"
        }
    }
}

/// Picks the closest known names to a mistyped one, for "did you mean …?" messages.
public enum Suggestions {
    /// Up to `limit` candidates, nearest first, within a distance that still looks like a typo.
    public static func closest(to input: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let needle = Array(input.lowercased().unicodeScalars)
        let allowed = max(2, needle.count / 3)
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates {
            let hay = Array(candidate.lowercased().unicodeScalars)
            var distance = editDistance(needle, hay, cutoff: allowed)
            // A shared prefix ("de" for "de_XX") counts as close even when the tail differs.
            if distance > allowed, needle.count >= 2, hay.starts(with: needle.prefix(2)) {
                distance = allowed + 1
            }
            if distance <= allowed + 1 { scored.append((distance, candidate)) }
        }
        scored.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return scored.prefix(limit).map(\.name)
    }

    /// Levenshtein distance with an early exit once every path exceeds `cutoff`.
    static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], cutoff: Int) -> Int {
        if abs(lhs.count - rhs.count) > cutoff { return cutoff + 1 }
        var previous = Array(0...rhs.count)
        var current = previous
        for i in 1...max(lhs.count, 1) where !lhs.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...max(rhs.count, 1) where !rhs.isEmpty {
                let substitution = previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > cutoff { return cutoff + 1 }
            swap(&previous, &current)
        }
        return lhs.isEmpty ? rhs.count : previous[rhs.count]
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

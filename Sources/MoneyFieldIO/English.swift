/// Counted nouns, the one place a message says `1 step` and `2 steps`.
package enum English {
    /// `1 session`, `3 sessions`: nouns whose plural adds an s.
    package static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}

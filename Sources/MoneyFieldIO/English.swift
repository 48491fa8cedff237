/// Counted nouns, the one place a message says `1 step` and `2 steps`, `1 step differs` and
/// `2 steps differ`.
package enum English {
    /// `1 session`, `3 sessions`: nouns whose plural adds an s.
    package static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// `1 step differs`, `2 steps differ`: the verb (its last word regular) agrees with the count.
    package static func count(_ number: Int, _ noun: String, _ verb: String) -> String {
        count(number, noun) + " " + verb + (number == 1 ? "s" : "")
    }

    /// `new`, `inspect and locales`, `inspect, locales and currencies`.
    package static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

/// `--shard I/N` as `test` and `check` read it: one of N disjoint parts of a run, 1 ≤ I ≤ N.
package struct Shard: Sendable, Equatable {
    package let index: Int
    package let count: Int

    /// The whole run: part 1 of 1.
    package static let whole = Shard(validIndex: 1, count: 1)

    /// `I/N`, 1 ≤ I ≤ N, or nil.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    init(validIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// What a refused `--shard` value is told.
    package static func usage(_ text: String) -> String { "--shard takes I/N with 1 ≤ I ≤ N, such as 2/4, not \(VisibleText.quoted(text))" }

    /// `I/N` as the user wrote it.
    package var text: String { "\(index)/\(count)" }

    /// Whether a script belongs here: by a stable hash of its path, so adding or removing a
    /// script never moves the others between machines.
    package func contains(_ path: String) -> Bool {
        // FNV-1a: the same on every machine and every run, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(count)) == index - 1
    }

    /// Whether numbered item `number` (counted from 0) belongs here: `number` mod N = I − 1.
    package func contains(number: Int) -> Bool { number % count == index - 1 }

    /// The numbered items below `total` that belong here.
    package func numbers(below total: Int) -> StrideTo<Int> { stride(from: index - 1, to: total, by: count) }

    /// How many of `0..<total` are this part's: counted, not walked (a record may say any total).
    package func count(below total: Int) -> Int { total > index - 1 ? (total - index) / count + 1 : 0 }
}

/// Up to 32 digit values held inline, so an edit to a field allocates nothing.
///
/// A heap array per key was most of a keystroke's cost; 32 covers the 30-digit limit plus the
/// one digit a refused insert briefly adds. Bytes past `count` are always zero, so `==` and
/// hashing can compare the whole storage.
struct DigitBuffer: Sendable, Hashable {
    static let capacity = 32
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var count = 0

    init() {}

    /// From digit values; more than `capacity` is a programming error (limits are checked first).
    init(_ digits: some Collection<UInt8>) {
        precondition(digits.count <= Self.capacity, "a field holds at most \(Self.capacity) digits")
        withUnsafeMutableBytes(of: &storage) { bytes in
            for (index, digit) in digits.enumerated() { bytes[index] = digit }
        }
        count = digits.count
    }

    var array: [UInt8] { withBytes { Array($0) } }

    /// The digits as a buffer, valid inside `body` only.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(of: storage) { raw in
            try body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// Fills a fresh buffer through `body`, which returns how many digits it wrote.
    static func build(_ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> DigitBuffer {
        var result = DigitBuffer()
        result.count = withUnsafeMutableBytes(of: &result.storage) { raw in
            body(UnsafeMutableBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: capacity))
        }
        return result
    }

    static func == (lhs: DigitBuffer, rhs: DigitBuffer) -> Bool {
        lhs.count == rhs.count && lhs.storage == rhs.storage
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(storage.0)
        hasher.combine(storage.1)
        hasher.combine(storage.2)
        hasher.combine(storage.3)
    }
}

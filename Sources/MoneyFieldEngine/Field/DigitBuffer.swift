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

    /// The digits a builder kept: its first `capacity`.
    init(_ builder: Builder) {
        let words = builder.bytes.finishedWords
        storage = (words.0, words.1, words.2, words.3)
        count = min(builder.count, Self.capacity)
    }

    /// Digits appended one at a time, leading zeros dropped.
    struct Builder {
        fileprivate var bytes = PackedBytes()
        /// Every digit appended, kept or not: a caller refuses more than a field holds.
        var count: Int { bytes.count }

        @inline(__always)
        mutating func append(_ value: UInt8) {
            if bytes.count == 0 && value == 0 { return }
            bytes.append(value)
        }

        var digits: DigitBuffer { DigitBuffer(self) }
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

/// Bytes appended one at a time, packed eight to a word in registers: up to 48 are kept, more are
/// only counted.
///
/// Bytes stored one by one and then copied as a whole buffer stalled the copy's wide loads until
/// the stores landed (store-to-load forwarding fails): a fifth of an edit.
struct PackedBytes {
    static let capacity = 48
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private var word: UInt64 = 0
    private(set) var count = 0

    @inline(__always)
    mutating func append(_ value: UInt8) {
        if count < Self.capacity {
            word |= UInt64(value) &<< UInt64((count & 7) &<< 3)
            if count & 7 == 7 { flush(into: count &>> 3) }
        }
        count &+= 1
    }

    /// The words with the last partial one in place; bytes past `count` are zero.
    @inline(__always)
    var finishedWords: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        var finished = self
        if count & 7 != 0 && count < Self.capacity { finished.flush(into: count &>> 3) }
        return finished.words
    }

    @inline(__always)
    private mutating func flush(into index: Int) {
        switch index {
        case 0: words.0 = word
        case 1: words.1 = word
        case 2: words.2 = word
        case 3: words.3 = word
        case 4: words.4 = word
        default: words.5 = word
        }
        word = 0
    }
}

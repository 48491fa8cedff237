/// A seeded generator for reproducible random sessions (`check`'s plan, the property tests):
/// not part of the field, so only the package sees it.
/// SplitMix64: small, fast, and the same sequence from a seed everywhere (unlike the system's).
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }

    /// Stream `stream` of `seed`: both mixed, so neighbouring streams share no stretch of values.
    package init(seed: UInt64, stream: UInt64) {
        state = Self.mixed(seed) ^ Self.mixed(stream &+ 0x9E37_79B9_7F4A_7C15)
    }

    static func mixed(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mixed(state)
    }
}

import Foundation

extension Double {
    /// The number with `fractionDigits` digits after the point (`%.3f`): C's printf, which is what
    /// Foundation's `String(format:)` called, so reports and casts keep every byte.
    package func fixedPoint(fractionDigits: Int) -> String {
        let format = "%.\(fractionDigits)f"
        func printed(into capacity: Int) -> (length: Int, bytes: [CChar]) {
            var bytes = [CChar](repeating: 0, count: capacity)
            let length = withVaList([self]) { vsnprintf(&bytes, capacity, format, $0) }
            return (Int(length), bytes)
        }
        var result = printed(into: 32)
        // A huge number needs more room; vsnprintf says how much.
        if result.length >= 32 { result = printed(into: result.length + 1) }
        return String(decoding: result.bytes.prefix(max(0, result.length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
